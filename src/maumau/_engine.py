"""
The engine: new games, legal actions, and pure transitions.

`apply` checks an action completely before it builds anything, and it
never mutates: a rejected action leaves the caller's state exactly as it
was, and an accepted one returns a new state.  The rules come from the
state's `Rules`; the common mechanics (debts, skips, draws, suit wishes,
calls and challenge windows, round and match ends) live here once.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from attrs import evolve

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign, check_fields
from ._cards import Card
from ._effects import RoundEnd
from ._events import (
    CardPlayed,
    ChallengeMade,
    DirectionReversed,
    MatchEnded,
    Passed,
    PlayerResigned,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
)
from ._state import (
    ChallengeWindow,
    GameRecord,
    GameState,
    Pending,
    PlayerState,
    RoundResult,
    evolve_player,
    evolve_state,
    quoted_calls,
)
from .exceptions import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    MaumauError,
    Reason,
    RecordError,
)
from .flow import can_draw, close_window, draw_cards, end_turn, replace_player, shuffled, without_card
from .plugins import Rules

__all__ = ["apply", "check_action", "is_legal", "legal_actions", "new_game", "replay"]


def new_game(
    variant: str,
    *,
    players: int | Sequence[str],
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    deck: Sequence[Card | str] | None = None,
    plugins: Iterable[object] = (),
) -> GameState:
    """
    Start a match of *variant* and deal its first round.

    Args:
        variant: An installed variant's name (see `maumau.variants`).
        players: The number of seats, or the players' names in seat order.
        seed: Drives every shuffle; a random one is chosen and kept when omitted.
        options: The variant's options; see ``maumau variants``.
        deck: An exact card order for the first deal, top first (cards or
            their short text), to stack the deck for tests and puzzles.
        plugins: House-rule plugins registered on top of the variant for this game.

    Raises:
        UnknownVariantError: no such variant is installed.
        InvalidOptionError: an option, the player count or the deck is wrong.

    .. versionadded:: 0.1.0
    """
    rules = Rules.build(variant, plugins)
    resolved = rules.resolve_options(dict(options or {}))
    names = _seat_names(variant, players)
    allowed = rules.seats(resolved)
    if len(names) not in allowed:
        raise InvalidOptionError(
            variant, "players", f"{len(names)} players; allowed: {allowed.start} to {allowed.stop - 1}"
        )
    if seed is None:
        seed = secrets.randbits(63)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptionError(variant, "seed", f"expected an int, got {seed!r}")
    stacked = None
    if deck is not None:
        stacked = tuple(card if isinstance(card, Card) else Card.parse(card) for card in deck)
        _check_deck(variant, stacked, rules.deck(resolved, len(names)))
    state = GameState(
        variant=variant,
        rules=rules,
        options=resolved,
        seed=seed,
        players=tuple(PlayerState(name) for name in names),
        draw_pile=(),
        discard_pile=(),
        dealer=-1,
        round=0,
        to_move=None,
        house_rules=rules.house_rule_names,
        stacked_deck=stacked,
    )
    return _start_round(state, stacked)


def _seat_names(variant: str, players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool) or not isinstance(players, (int, Sequence)) or isinstance(players, str):
        raise InvalidOptionError(variant, "players", f"expected a count or a list of names, got {players!r}")
    if isinstance(players, int):
        return tuple(f"Seat {seat}" for seat in range(players))
    names = tuple(str(name) for name in players)
    if len(set(names)) != len(names):
        raise InvalidOptionError(variant, "players", f"names must differ, got {list(names)}")
    return names


def _check_deck(variant: str, stacked: tuple[Card, ...], full: tuple[Card, ...]) -> None:
    if Counter(stacked) != Counter(full):
        missing = Counter(full) - Counter(stacked)
        extra = Counter(stacked) - Counter(full)
        detail = []
        if missing:
            detail.append(f"missing {', '.join(map(str, missing.elements()))}")
        if extra:
            detail.append(f"not in this deck or too many: {', '.join(map(str, extra.elements()))}")
        raise InvalidOptionError(
            variant, "deck", f"a stacked deck must hold the variant's {len(full)} cards; {'; '.join(detail)}"
        )


def _start_round(state: GameState, stacked: tuple[Card, ...] | None) -> GameState:
    """
    Deal the next round: new dealer, fresh hands, starter card and its effect.
    """
    rules = state.rules
    state = evolve_state(
        state,
        round=state.round + 1,
        direction=1,
        wish=None,
        debt=0,
        skips=0,
        drawn=None,
        pending=None,
        challenge=None,
        passes=0,
        placings=(),
        to_move=None,
    )
    state = evolve_state(state, dealer=rules.dealer(state))
    if stacked is not None:
        cards = stacked
    else:
        cards, state = shuffled(state, rules.deck(state.options, len(state.players)))
    state = rules.deal(state, cards)
    starter = state.discard_pile[-1]
    state = evolve_state(state, events=(*state.events, RoundStarted(state.round, state.dealer, starter, state.to_move)))
    return rules.starter(state, starter) or state


# --- legal actions --------------------------------------------------------------


def legal_actions(state: GameState, player: int | None = None) -> tuple[Action, ...]:
    """
    What *player* may do now: by default the seat to move.

    For any other seat, its out-of-turn actions (challenges, jump-ins, a
    variant's own).  Every action listed is accepted by `apply`, and every
    action `apply` accepts is listed.

    .. versionadded:: 0.1.0
    """
    if state.result is not None:
        return ()
    seat = state.to_move if player is None else player
    if seat is None:
        return ()
    if player is not None:  # the seat to move is a seat
        _check_seat_number(state, seat)
    if state.players[seat].resigned:
        return ()
    rules = state.rules
    actions: list[Action] = []
    window = state.challenge
    if window is not None and seat != window.offender:
        actions.append(Challenge(seat, window.offender))
    if seat == state.to_move:
        actions.extend(_turn_actions(state, seat))
    elif seat not in state.placings:
        hand = state.players[seat].hand
        actions.extend(_plays(state, seat, [c for c in dict.fromkeys(hand) if rules.can_play(state, seat, c)]))
    actions.extend(rules.extra_actions(state, seat))
    actions.append(Resign(seat))
    return tuple(actions)


def _turn_actions(state: GameState, seat: int) -> list[Action]:
    pending = state.pending
    if pending is not None:
        if pending.kind == "suit" and pending.seat == seat:
            return [ChooseSuit(seat, suit) for suit in pending.choices]
        return []
    rules = state.rules
    drawn = state.drawn
    if drawn is not None:
        if rules.can_play(state, seat, drawn):
            plays = _plays(state, seat, [drawn])
            return plays if not rules.may_decline(state, seat) else [*plays, Pass(seat)]
        return [Pass(seat)]
    playable = [card for card in dict.fromkeys(state.players[seat].hand) if rules.can_play(state, seat, card)]
    actions = _plays(state, seat, playable)
    if playable and not rules.may_decline(state, seat):
        return actions
    if state.skips:
        actions.append(Pass(seat))
    elif state.debt or can_draw(state):
        actions.append(DrawCards(seat))
    elif not playable:
        actions.append(Pass(seat))
    return actions


def _plays(state: GameState, seat: int, cards: list[Card]) -> list[Action]:
    if not cards:
        return []
    expected = state.rules.expected_call(state, seat, len(state.players[seat].hand) - 1)
    if expected is None:
        return [PlayCard(seat, card) for card in cards]
    return [play for card in cards for play in (PlayCard(seat, card, expected), PlayCard(seat, card))]


def is_legal(state: GameState, action: Action) -> bool:
    """
    Whether `apply` would accept *action* in *state*.

    Raises:
        InvalidActionError: *action* is no well-formed action at all (not an
            `Action`, or a field of the wrong type), whatever the state.

    .. versionadded:: 0.1.0
    """
    try:
        check_action(state, action)
    except IllegalActionError:
        return False
    return True


def check_action(state: GameState, action: Action) -> None:
    """
    Raise `IllegalActionError` if *action* is illegal in *state*, naming the rule.

    .. versionadded:: 0.1.0
    """
    apply(state, action)


# --- apply -----------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """
    The state after *action*; *state* itself is never changed.

    Raises:
        IllegalActionError: the rules forbid *action* now; the message names
            the rule and ``.reason`` gives a `Reason` code.
        InvalidActionError: *action* is not an action at all.

    .. versionadded:: 0.1.0
    """
    if not isinstance(action, Action):
        raise InvalidActionError(action, "expected a maumau action such as PlayCard or DrawCards")
    malformed = check_fields(action)
    if malformed is not None:
        raise InvalidActionError(action, malformed)
    if state.result is not None:
        winners = ", ".join(map(str, state.result.winners)) or "nobody"
        raise IllegalActionError(action, Reason.GAME_OVER, f"the match is over (won by seat {winners})")
    seat = action.seat
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise IllegalActionError(
            action, Reason.NO_SUCH_SEAT, f"there is no seat {seat!r}; seats are 0 to {len(state.players) - 1}"
        )
    if state.players[seat].resigned:
        raise IllegalActionError(action, Reason.NOT_SUPPORTED, f"seat {seat} has resigned")
    before = state
    state = evolve_state(state, events=())
    window = state.challenge
    if (
        window is not None
        and window.closes_on == "action"
        and not isinstance(action, (Challenge, Resign))
        # a jump-in takes the turn from the closer, so it closes the window as the closer's own action would
        and (seat == window.closer or (isinstance(action, PlayCard) and seat not in (state.to_move, window.offender)))
    ):
        state = close_window(state)  # should the action be illegal, the caller's state still has it open
    if isinstance(action, PlayCard):
        state = _play(state, action)
    elif isinstance(action, DrawCards):
        state = _draw(state, action)
    elif isinstance(action, Pass):
        state = _pass(state, action)
    elif isinstance(action, ChooseSuit):
        state = _choose_suit(state, action)
    elif isinstance(action, Challenge):
        state = _challenge(state, action)
    elif isinstance(action, Resign):
        state = _resign(state, action)
    else:
        handled = state.rules.apply_action(state, action)
        if handled is None:
            raise IllegalActionError(
                action, Reason.NOT_SUPPORTED, f"variant {state.variant!r} has no action {type(action).__name__}"
            )
        state = handled
    if state.result is None:
        end = state.rules.round_over(state)
        if end is not None:
            state = _finish_round(state, end)
    return evolve_state(state, log=(before.log, action))


def _check_turn(state: GameState, action: Action) -> None:
    if action.seat != state.to_move:
        raise IllegalActionError(
            action, Reason.NOT_YOUR_TURN, f"it is seat {state.to_move}'s turn, not seat {action.seat}'s"
        )


def _check_no_pending(state: GameState, action: Action) -> None:
    pending = state.pending
    if pending is not None:
        raise IllegalActionError(
            action, Reason.DECISION_PENDING, f"seat {pending.seat} must first decide: {_describe_pending(pending)}"
        )


def _describe_pending(pending: Pending) -> str:
    if pending.kind == "suit":
        return f"name a suit ({', '.join(pending.choices)})"
    return pending.kind.replace("_", " ") + (f" ({', '.join(pending.choices)})" if pending.choices else "")


def _play(state: GameState, action: PlayCard) -> GameState:
    seat, card = action.seat, action.card
    player = state.players[seat]
    in_turn = seat == state.to_move
    if card not in player.hand:
        raise IllegalActionError(action, Reason.NOT_IN_HAND, f"{card} is not in seat {seat}'s hand")
    rules = state.rules
    if in_turn:
        _check_no_pending(state, action)
        if state.drawn is not None and card != state.drawn:
            raise IllegalActionError(
                action, Reason.DRAWN_CARD_ONLY, f"after drawing, only the drawn card {state.drawn} may be played"
            )
    if not rules.can_play(state, seat, card):
        raise _refusal(state, action)
    if not in_turn and state.debt and state.to_move is not None:
        # A jump-in does not take over someone else's debt: the owing seat draws it now, then the card counts.
        state, _, end = _draw_owed(evolve_state(state, debt=0), state.to_move, state.debt)
        if end is not None:
            return _finish_round(state, end)
    hand = without_card(player.hand, card)
    unplayed = state  # what a successful challenge restores (wish, drawn card and all)
    state = evolve_state(
        state,
        players=replace_player(state.players, seat, evolve_player(player, hand=hand)),
        discard_pile=(*state.discard_pile, card),
        drawn=None,
        passes=0,
        wish=None,
        to_move=seat,
        events=(*state.events, CardPlayed(seat, card, action.call, not in_turn)),
    )
    expected = rules.expected_call(before_play := state, seat, len(hand))
    ruling = rules.judge_call(before_play, seat, card, action.call, expected)
    if ruling.missed is not None:
        if ruling.challenge:
            undo = None
            if ruling.undo:
                undo = evolve_state(unplayed, events=(), challenge=None)
            window = ChallengeWindow(seat, ruling.missed, ruling.penalty, -1, ruling.closes_on, undo)
            state = evolve_state(state, challenge=_with_window(state.challenge, window))
        else:
            state, _, end = _draw_owed(state, seat, ruling.penalty, penalty=f"missed {ruling.missed!r}")
            if end is not None:
                return _finish_round(state, end)
    effect = rules.card_effect(state, seat, card)
    debt = state.debt + effect.draw if effect.draw else 0
    direction = -state.direction if effect.reverse else state.direction
    events = state.events
    if effect.reverse:
        events = (*events, DirectionReversed(direction))
    # Most cards change none of these: copy the state only when one does.
    if (debt, direction, effect.wish, events) != (state.debt, state.direction, state.wish, state.events) or state.skips:
        state = evolve_state(state, debt=debt, direction=direction, wish=effect.wish, skips=0, events=events)
    state = rules.follow_up(state, seat, card)
    if effect.choose_suit:
        return evolve_state(state, pending=Pending(seat, "suit", rules.suits(state), effect.skip))
    if state.pending is not None:
        return state
    return end_turn(state, seat, skip=effect.skip, answerable=effect.skip_answerable)


def _draw_owed(
    state: GameState, seat: int, count: int, *, penalty: str | None = None
) -> tuple[GameState, tuple[Card, ...], RoundEnd | None]:
    """
    Draw *count* cards that a rule makes *seat* take (a debt, a penalty).

    Cards that are not there even after recycling are simply not drawn,
    unless the variant's `maumau_draw_shortfall` stops the round: then the
    `RoundEnd` comes back third, for the caller to finish the round with.
    """
    state, cards = draw_cards(state, seat, count, penalty=penalty)
    end = state.rules.draw_shortfall(state, seat, count - len(cards)) if len(cards) < count else None
    return state, cards, end


def _with_window(earlier: ChallengeWindow | None, window: ChallengeWindow) -> ChallengeWindow:
    """
    The challenge windows once *window* opens beside the *earlier* ones still open.
    """
    if earlier is None:
        return window
    if earlier.offender == window.offender and earlier.then is None and earlier.undo is None and window.undo is None:
        # A second miss before anyone could point out the first (two players and a skip):
        # one challenge catches both, and costs both penalties.
        return evolve(window, missed=f"{earlier.missed} and {window.missed}", penalty=earlier.penalty + window.penalty)
    if earlier.offender == window.offender:
        return evolve(window, then=earlier.then)  # only the last play can be taken back
    # The closer missed a call in the turn that is to close the earlier window: theirs waits for it.
    return evolve(earlier, then=_with_window(earlier.then, window))


def _refusal(state: GameState, action: PlayCard) -> IllegalActionError:
    """
    The error for a card the variant's matching refused: the reason the core sees, worded by the variant if it can.
    """
    card, seat = action.card, action.seat
    reason, message = _core_refusal(state, seat, card)
    return IllegalActionError(action, reason, state.rules.refusal(state, seat, card) or message)


def _core_refusal(state: GameState, seat: int, card: Card) -> tuple[Reason, str]:
    if seat != state.to_move:
        return Reason.NOT_YOUR_TURN, f"it is seat {state.to_move}'s turn, not seat {seat}'s"
    top = state.top
    answer = _answer(state, seat)
    if state.debt:
        advice = f"answer it with {answer} or draw" if answer else f"draw the {state.debt} cards"
        return Reason.DEBT_PENDING, f"{card} does not answer the draw of {state.debt} owed on {top}; {advice}"
    if state.skips:
        advice = f"answer it with {answer} or pass" if answer else "pass"
        return Reason.SKIP_PENDING, f"{card} does not answer the skip on {top}; {advice}"
    wished = f" (wished suit: {state.wish})" if state.wish is not None else ""
    return Reason.NO_MATCH, f"{card} does not match the top card {top}{wished}"


def _answer(state: GameState, seat: int) -> Card | None:
    """
    A card of *seat*'s that the rules let it play now (under a debt or a skip: one that answers it), for advice.
    """
    rules = state.rules
    return next((card for card in state.players[seat].hand if rules.can_play(state, seat, card)), None)


def _draw(state: GameState, action: DrawCards) -> GameState:
    seat = action.seat
    _check_turn(state, action)
    _check_no_pending(state, action)
    rules = state.rules
    if state.drawn is not None:
        advice = "play it or pass" if rules.can_play(state, seat, state.drawn) else "pass"
        raise IllegalActionError(action, Reason.CANNOT_DRAW, f"seat {seat} already drew {state.drawn}: {advice}")
    if state.skips:
        answer = _answer(state, seat)
        advice = f" or answer the skip with {answer}" if answer else ""
        raise IllegalActionError(action, Reason.SKIP_PENDING, f"seat {seat} must miss this turn (pass){advice}")
    if state.debt:
        state, cards, end = _draw_owed(evolve_state(state, debt=0, passes=0), seat, state.debt)
        if end is not None:
            return _finish_round(state, end)
        return rules.after_draw(state, seat, cards, True)
    if not can_draw(state):
        raise IllegalActionError(
            action, Reason.CANNOT_DRAW, "the draw pile is empty and there are no discards to recycle"
        )
    if not rules.may_decline(state, seat) and (playable := _answer(state, seat)):
        raise IllegalActionError(
            action, Reason.CANNOT_DRAW, f"seat {seat} can play {playable} and must play (forced play)"
        )
    state, cards = draw_cards(evolve_state(state, passes=0) if state.passes else state, seat, 1)
    return rules.after_draw(state, seat, cards, False)


def _pass(state: GameState, action: Pass) -> GameState:
    seat = action.seat
    _check_turn(state, action)
    _check_no_pending(state, action)
    rules = state.rules
    if state.drawn is not None:
        if not rules.may_decline(state, seat) and rules.can_play(state, seat, state.drawn):
            raise IllegalActionError(
                action, Reason.CANNOT_PASS, f"the drawn card {state.drawn} can be played and must be played"
            )
        return end_turn(evolve_state(state, events=(*state.events, Passed(seat))), seat)
    if state.skips:
        state = evolve_state(state, events=(*state.events, TurnSkipped(seat)))
        return end_turn(state, seat)
    if state.debt:
        answer = _answer(state, seat)
        advice = f" or answer the {state.top} with {answer}" if answer else ""
        raise IllegalActionError(action, Reason.CANNOT_PASS, f"seat {seat} owes {state.debt} cards: draw them{advice}")
    playable = _answer(state, seat)
    if playable and not rules.may_decline(state, seat):
        raise IllegalActionError(
            action, Reason.CANNOT_PASS, f"seat {seat} can play {playable} and must play (forced play)"
        )
    if can_draw(state):
        raise IllegalActionError(action, Reason.CANNOT_PASS, f"seat {seat} may not pass without drawing first")
    if playable:
        raise IllegalActionError(
            action, Reason.CANNOT_PASS, f"nothing can be drawn, but seat {seat} can play {playable}"
        )
    state = evolve_state(state, passes=state.passes + 1, events=(*state.events, Passed(seat)))
    return end_turn(state, seat)


def _choose_suit(state: GameState, action: ChooseSuit) -> GameState:
    pending = state.pending
    if pending is None or pending.kind != "suit":
        raise IllegalActionError(action, Reason.NO_DECISION, "no suit is to be named now")
    if action.seat != pending.seat:
        raise IllegalActionError(
            action, Reason.NOT_YOUR_TURN, f"seat {pending.seat} names the suit, not seat {action.seat}"
        )
    if action.suit not in pending.choices:
        raise IllegalActionError(
            action,
            Reason.BAD_CHOICE,
            f"{action.suit!r} is not a suit of this deck; one of {', '.join(pending.choices)}",
        )
    state = evolve_state(
        state, wish=action.suit, pending=None, events=(*state.events, SuitWished(action.seat, action.suit))
    )
    return end_turn(state, action.seat, skip=pending.amount)


def _challenge(state: GameState, action: Challenge) -> GameState:
    window = state.challenge
    if window is None:
        raise IllegalActionError(action, Reason.NO_CHALLENGE, "no missed call can be challenged now")
    if action.offender != window.offender:
        raise IllegalActionError(
            action, Reason.NO_CHALLENGE, f"seat {action.offender} missed no call; seat {window.offender} did"
        )
    if action.seat == window.offender:
        raise IllegalActionError(action, Reason.NO_CHALLENGE, "a player cannot challenge their own call")
    state = evolve_state(
        state,
        challenge=window.then,
        events=(*state.events, ChallengeMade(action.seat, window.offender, window.missed)),
    )
    challenged = state.rules.challenge(state, action.seat, window)
    if challenged is not None:
        return challenged
    penalty = f"missed {quoted_calls(window.missed)}"
    state, _, end = _draw_owed(state, window.offender, window.penalty, penalty=penalty)
    return state if end is None else _finish_round(state, end)


def _resign(state: GameState, action: Resign) -> GameState:
    seat = action.seat
    player = state.players[seat]
    state = evolve_state(
        state,
        players=replace_player(state.players, seat, evolve(player, resigned=True)),
        events=(*state.events, PlayerResigned(seat)),
    )
    if state.challenge is not None:
        state = evolve_state(state, challenge=state.challenge.without(seat))
    result = state.rules.match_over(state)
    if result is not None:
        ended = MatchEnded(result.winners, result.reason)
        # Nobody moves any more: no turn, and nothing owed or pending from one.
        over = evolve_state(state, result=result, to_move=None, drawn=None, pending=None, debt=0, skips=0)
        return evolve_state(over, events=(*state.events, ended))
    if state.to_move == seat or (state.pending is not None and state.pending.seat == seat):
        state = end_turn(evolve_state(state, debt=0, skips=0, wish=state.wish), seat)
    return state


def _finish_round(state: GameState, end: RoundEnd) -> GameState:
    rules = state.rules
    points = rules.score_round(state, end)
    players = tuple(evolve(p, score=p.score + pts) for p, pts in zip(state.players, points, strict=True))
    result = RoundResult(state.round, end.reason, end.winners, points, state.hands, end.placings or state.placings)
    state = evolve_state(
        state,
        players=players,
        rounds=(*state.rounds, result),
        to_move=None,
        drawn=None,
        debt=0,
        skips=0,
        pending=None,
        challenge=None,
        events=(*state.events, RoundEnded(state.round, end.reason, end.winners, points)),
    )
    match = rules.match_over(state)
    if match is not None:
        return evolve_state(state, result=match, events=(*state.events, MatchEnded(match.winners, match.reason)))
    return _start_round(state, None)


# --- records ------------------------------------------------------------------------


def replay(record: GameRecord, *, plugins: Iterable[object] = ()) -> GameState:
    """
    Rebuild a game from its *record*, checking every action.

    Raises:
        RecordError: the record's set-up is refused (an unknown variant, a
            wrong option, deck or player count: the cause is chained), or
            one of its actions is illegal where it stands (the message gives
            its number).

    .. versionadded:: 0.1.0
    """
    plugins = tuple(plugins)
    try:
        state = new_game(
            record.variant,
            players=record.players,
            seed=record.seed,
            options=dict(record.options),
            deck=record.deck,
            plugins=plugins,
        )
    except MaumauError as error:
        raise RecordError(f"the record's set-up is refused: {error}") from error
    if state.house_rules != record.house_rules:
        raise RecordError(
            f"the record was played with house rules {list(record.house_rules)}, "
            f"but {list(state.house_rules)} were given"
        )
    for number, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except (IllegalActionError, InvalidActionError) as error:
            raise RecordError(f"action {number} ({action}) does not replay: {error}") from error
    return state


def _check_seat_number(state: GameState, seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        raise ValueError(f"there is no seat {seat!r}; seats are 0 to {len(state.players) - 1}")
