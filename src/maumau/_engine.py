"""
The engine: new games, legal actions, and pure transitions.

`legal_actions` is the one statement of what is allowed: `apply` accepts an
action exactly when it is listed for its seat, so the two cannot disagree.
An action that is not listed is refused before anything is built, with a
reason worded by `maumau._refusals`, and the caller's state is never
changed.  A listed action is carried out by the kernel's steps in
`maumau.flow` (plays, draws, passes, suit choices, resignations) or by the
plugin that listed it (`maumau_apply_action`).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from attrs import evolve

from . import flow
from ._actions import (
    Action,
    ChooseSuit,
    DrawCards,
    Pass,
    PlayCard,
    Resign,
    add_listed_plays,
    check_fields,
    seat_action,
    suit_actions,
)
from ._bounded import unshown_character
from ._cards import Card
from ._effects import RoundEnd
from ._events import (
    MatchEnded,
    Passed,
    PlayerResigned,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
    seat_event,
)
from ._limits import MAX_ACTIONS, MAX_LATER_DECKS, MAX_NAME_LENGTH, MAX_PLAYERS, MAX_SEED
from ._memo import memo_of
from ._refusals import refusal
from ._state import GameRecord, GameState, PlayerState, RoundResult, evolve_state, keep_listing, set_events, set_log
from ._table_steps import table_draw, table_play
from .exceptions import (
    IllegalActionError,
    InvalidActionError,
    InvalidOptionError,
    MaumauError,
    NoSuchSeatError,
    PluginError,
    Reason,
    RecordError,
    shorten,
)

if TYPE_CHECKING:  # the rules a state carries; they are built above the kernel, by `maumau._games`
    from ._rules import Rules

__all__ = [
    "apply",
    "check_action",
    "check_record",
    "is_legal",
    "legal_actions",
    "replay_with",
    "start_match",
    "start_with",
]


def start_match(
    rules: Rules,
    *,
    players: int | Sequence[str],
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
    later_decks: Sequence[Sequence[Card | str]] = (),
) -> GameState:
    """
    Start a match played by *rules* (a game already found by name and built) and deal its first round.

    The arguments are `maumau.new_game`'s, which finds the game and calls this.

    Raises:
        InvalidOptionError: an option, the player count, a name, the seed or the deck is wrong.
        PluginError: a plugin's hook failed while the first round was dealt.
    """
    try:
        return _new_game(rules, rules.variant, players, seed, options, deck, dealer, later_decks)
    except MaumauError:
        raise
    except Exception as error:
        _raise_fault(rules, error)


def _new_game(
    rules: Rules,
    variant: str,
    players: int | Sequence[str],
    seed: int | None,
    options: Mapping[str, object] | None,
    deck: Sequence[Card | str] | None,
    dealer: int | None,
    later_decks: Sequence[Sequence[Card | str]],
) -> GameState:
    resolved = rules.resolve_options(dict(options or {}))
    rules = rules.for_options(resolved)  # the mechanics the options call for, where they depend on them
    names = _seat_names(variant, players)
    allowed = rules.seats(resolved)
    if len(names) not in allowed:
        count = f"{len(names)} {'player' if len(names) == 1 else 'players'}"
        raise InvalidOptionError(variant, "players", f"{count}; allowed: {allowed.start} to {allowed.stop - 1}")
    if seed is None:
        seed = secrets.randbits(63)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOptionError(variant, "seed", f"expected an int, got {shorten(seed)}")
    elif not 0 <= seed < MAX_SEED:
        raise InvalidOptionError(variant, "seed", f"a seed is a whole number from 0 to 2**63 - 1, got {shorten(seed)}")
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(names)):
        raise InvalidOptionError(
            variant, "dealer", f"expected a seat from 0 to {len(names) - 1}, got {shorten(dealer)}"
        )
    full = rules.deck(resolved, len(names))
    stacked = None if deck is None else _stacked(variant, deck, full)
    if isinstance(later_decks, (str, Card)) or not isinstance(later_decks, Sequence):
        raise InvalidOptionError(variant, "later_decks", f"expected a list of decks, got {shorten(later_decks)}")
    if len(later_decks) > MAX_LATER_DECKS:
        raise InvalidOptionError(
            variant,
            "later_decks",
            f"at most {MAX_LATER_DECKS} decks, got {len(later_decks):,}; the rounds after are shuffled",
        )
    later = tuple(_stacked(variant, each, full) for each in later_decks)
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
        first_dealer=dealer,
        later_decks=later,
    )
    return _start_round(state, stacked, dealer)


def _seat_names(variant: str, players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool) or not isinstance(players, (int, Sequence)) or isinstance(players, str):
        raise InvalidOptionError(variant, "players", f"expected a count or a list of names, got {shorten(players)}")
    if (players if isinstance(players, int) else len(players)) > MAX_PLAYERS:
        raise InvalidOptionError(variant, "players", f"at most {MAX_PLAYERS} players, got {shorten(players)}")
    if isinstance(players, int):
        return tuple(f"Seat {seat}" for seat in range(players))
    names = tuple(str(name) for name in players)
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise InvalidOptionError(variant, "players", problem)
    if len(set(names)) != len(names):
        raise InvalidOptionError(variant, "players", f"names must differ, got {shorten(list(names), 120)}")
    return names


def name_problem(name: str) -> str | None:
    """
    What is wrong with *name* as a player's name, or ``None``: its length, text that UTF-8 cannot encode
    (a lone surrogate, which would break every save), or a character not shown as written (a line break, an
    escape, a right-to-left override, a zero-width space).
    """
    if not name or len(name) > MAX_NAME_LENGTH:
        return f"a name has 1 to {MAX_NAME_LENGTH} characters, got {shorten(name)}"
    if not name.isprintable():  # the rare names with a space other than ' ' or a format character look closer
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            return f"a name must be text that UTF-8 can encode, got {shorten(name)}"
        if unshown_character(name) is not None:  # a line break, an escape, a right-to-left override, a zero-width space
            return f"a name cannot hold control characters, got {shorten(name)}"
    return None


def _stacked(variant: str, deck: Sequence[Card | str], full: tuple[Card, ...]) -> tuple[Card, ...]:
    """
    A stacked deck's cards, checked to be the variant's whole deck.
    """
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise InvalidOptionError(variant, "deck", f"a stacked deck is a list of cards, got {shorten(deck)}")
    stacked = tuple(card if isinstance(card, Card) else Card.parse(card) for card in deck)
    _check_deck(variant, stacked, full)
    return stacked


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


def _start_round(state: GameState, stacked: tuple[Card, ...] | None, dealer: int | None = None) -> GameState:
    """
    Deal the next round: new dealer (*dealer*, or the variant's choice), fresh hands, starter card and its effect;
    the slots of the last round emptied.
    """
    rules = state.rules
    kept = tuple(pair for pair in state.slots if not rules.slots[pair[0]].per_round)
    state = evolve_state(
        state,
        round=state.round + 1,
        direction=1,
        wish=None,
        debt=0,
        skips=0,
        drawn=None,
        pending=None,
        playing=(),
        again=None,
        draws=0,
        waits=(),
        passes=0,
        to_move=None,
        slots=kept,
    )
    dealer = rules.dealer(state) if dealer is None else dealer
    if stacked is not None:
        cards = stacked
        state = evolve_state(state, dealer=dealer)
    else:  # the deck shuffled, and the shuffle counted in the same new state as the dealer
        cards = flow.shuffle_order(state.seed, state.shuffles, rules.deck(state.options, len(state.players)))
        state = evolve_state(state, dealer=dealer, shuffles=state.shuffles + 1)
    state = rules.deal(state, cards)
    starter = state.discard_pile[-1]
    started = RoundStarted(state.round, state.dealer, starter, state.to_move)
    state = evolve_state(state, events=state.events + (started,))
    return rules.starter(state, starter)


# --- legal actions --------------------------------------------------------------


def legal_actions(state: GameState, player: int | None = None) -> tuple[Action, ...]:
    """
    What *player* may do now: by default the seat to move.

    For any other seat, its out-of-turn actions (challenges, jump-ins, a
    variant's own).  Exactly these actions, and no others, are accepted by
    `apply`.

    Raises:
        NoSuchSeatError: *player* is no seat of the game.
        PluginError: a plugin's hook failed (the message names it; its error is the cause).

    .. versionadded:: 0.1.0
    """
    if state.result is not None:
        return ()
    seat = state.to_move if player is None else player
    if seat is None:
        return ()
    try:
        # Nearly every listing: kept in the state itself, not its memo.  Identity, not equality: True equals 1, and
        # an int equal to the seat but not the interpreter's own small int only takes the memo's way below.
        if seat is state.to_move:
            listed: tuple[Action, ...] | None = state._listed
            if listed is None:
                listed = () if state.players[seat].resigned else _listing(state, seat)
                keep_listing(state, listed)
            return listed
        if type(seat) is not int or seat < 0:  # the seat to move is always a seat: only an asked-for one may be bad
            _check_seat_number(state, seat)  # before the memo, where True would find seat 1's listing
        memo = state.memo
        if memo is not None:
            known: tuple[Action, ...] | None = memo.get(seat)
            if known is not None:
                return known
        # A seat past the last raises IndexError: NoSuchSeatError below.
        listed = () if state.players[seat].resigned else _listing(state, seat)
        memo_of(state)[seat] = listed
        return listed
    except MaumauError:
        raise
    except Exception as error:  # the error path only: a bad seat, or a plugin's fault
        if player is not None:
            _check_seat_number(state, player)
        _raise_fault(state.rules, error)


def _listing(state: GameState, seat: int) -> tuple[Action, ...]:
    """
    What *seat*, still in the match, may do: the variant's own actions, those of the turn's phase when the seat is
    to move, and resigning.
    """
    rules = state.rules
    actions: list[Action] = rules.actions(state, seat) if rules.has_actions else []
    if seat == state.to_move:
        drawn = state.drawn
        if state.pending is not None:  # a decision first
            _answers(state, seat, actions)
        elif drawn is not None:  # after a draw by choice
            if rules.draws_one:
                _after_drawing_one(state, seat, drawn, actions)
            else:
                _after_draw(state, seat, drawn, actions)
        elif state.playing:  # a play of several cards goes on
            _going_on(state, seat, actions)
        else:
            _turn(state, seat, actions)
    actions.append(_RESIGNS[seat] if seat < _MADE else seat_action(Resign, seat))
    return tuple(actions)


def _answers(state: GameState, seat: int, actions: list[Action]) -> None:
    """
    Add the answers to the decision pending: a suit to name (the kernel's); a plugin's decision is answered by
    the actions it lists itself.
    """
    pending = state.pending
    assert pending is not None
    if pending.kind == "suit" and pending.seat == seat:
        actions += suit_actions(seat, pending.choices)


def _after_drawing_one(state: GameState, seat: int, drawn: Card, actions: list[Action]) -> None:
    """
    Add what *seat* may do after drawing *drawn* under the kernel's draw rule: play the drawn card if it fits, or
    pass, unless a card that fits must be played.
    """
    rules = state.rules
    _, listed = _add_playable(state, seat, (drawn,), actions)
    if not listed or rules.declines_freely or rules.may_decline(state, seat):
        actions.append(_PASSES[seat] if seat < _MADE else seat_action(Pass, seat))


def _going_on(state: GameState, seat: int, actions: list[Action]) -> None:
    """
    Add the cards that may follow the play of several cards in progress, and nothing else.
    """
    rules = state.rules
    follows = rules.play_follows
    followers = follows(state, seat, state.playing, state.players[seat].hand) if follows is not None else None
    if followers:
        if not _distinct(state):
            followers = tuple(dict.fromkeys(followers))  # two packs: each card listed once
        flow.add_plays(state, seat, followers, actions, state.playing)


def _turn(state: GameState, seat: int, actions: list[Action]) -> None:
    """
    Add what *seat* may do on a turn of its own: play a card that fits, and draw or pass instead where allowed.
    """
    _, listed = _add_playable(state, seat, state.players[seat].hand, actions)
    instead = _instead_of_a_play(state, seat, listed)
    if instead is not None:
        actions.append(instead)


def _instead_of_a_play(state: GameState, seat: int, playable: bool) -> Action | None:
    """
    What *seat* may do instead of playing a card on its turn (*playable*: whether a play is listed): pass, draw,
    or nothing.
    """
    rules = state.rules
    passes = _PASSES[seat] if seat < _MADE else seat_action(Pass, seat)
    if state.again == "may":  # a turn a card gave, which need not be taken
        return passes
    if playable and not (rules.declines_freely or rules.may_decline(state, seat)):
        return None  # a card that fits must be played
    if state.skips:  # an owed skip not answered: a pass takes it
        return passes
    if not state.debt and rules.may_draw is not None and rules.may_draw(state, seat) is False:
        return passes  # the variant forbids drawing now
    if state.debt or state.draw_pile or len(state.discard_pile) > 1:  # a card to draw, recycling too
        return _DRAWS[seat] if seat < _MADE else seat_action(DrawCards, seat)
    return None if playable else passes  # nothing to play and nothing to draw: a pass


def _distinct(state: GameState) -> bool:
    """
    Whether no two cards of the game's deck are alike: the deck asked for last, nearly always this game's, read
    without a call.
    """
    deck = state.rules.last_deck
    if deck.options is state.options and deck.players == len(state.players):
        return deck.distinct
    return state.rules.distinct_cards(state)


def _add_playable(
    state: GameState, seat: int, cards: tuple[Card, ...], actions: list[Action]
) -> tuple[Sequence[Card] | None, bool]:
    """
    Add the plays of those of *cards* that may be played now to *actions*: the cards that may be (``None``: those
    of the plays listed), and whether any play of them was listed.

    The game's table answers where it can (`maumau._tables`), else
    `maumau_playable`.  Where a play may hold several cards, a card that
    fits but may not end a play (an ace that needs another card after it),
    with no card to follow it, is not listed: then the seat plays nothing,
    and draws or passes.
    """
    rules = state.rules
    plays = None
    if rules.playable_rule is not None:  # a rule per card: the game's table answers, where it can
        last = rules.last_table  # the game's table, read without a call when it is the one asked for last
        same = last.options is state.options and last.players == len(state.players)
        table = last.table if same else rules.table(state)
        plays = None if table is None else table.plays(state, seat, cards)
    if plays is not None:
        if plays and rules.calls_due:
            calls = rules.call_table  # the call due by the cards left, when it depends on them alone
            if calls is None or calls[len(state.players[seat].hand) - 1]:
                add_listed_plays(state, seat, plays, actions)
            else:  # no call due with these plays
                actions += plays
        elif plays:  # no call is ever due: the table's plays as they are
            actions += plays
        return None, bool(plays)
    if len(cards) > 1 and not _distinct(state):
        cards = tuple(dict.fromkeys(cards))  # two packs: each card listed once
    playable = rules.playable(state, seat, cards)
    if not playable:
        return playable, False
    listed = len(actions)
    flow.add_plays(state, seat, playable, actions)
    return playable, len(actions) > listed


def _after_draw(state: GameState, seat: int, drawn: Card, actions: list[Action]) -> None:
    """
    Add what *seat* may do after drawing *drawn* by choice, as the game's `maumau.DrawRule` says: play the drawn
    card (or any card of the hand), draw again while the rule allows, else pass, unless a card that can be played
    must be.
    """
    rules = state.rules
    last = rules.last_draw_rule  # the game's draw rule, read without a call when it is the one asked for last
    rule = last.value if last.options is state.options else rules.draw_rule(state.options)
    if rule.play == "drawn":
        playable, listed = _add_playable(state, seat, (drawn,), actions)
        fits = listed if playable is None else bool(playable)
    else:
        before = len(actions)  # what the variant listed of its own comes first: not the plays of the hand
        playable, listed = _add_playable(state, seat, state.players[seat].hand, actions)
        if playable is None:  # the table's plays: those just listed
            playable = [action.card for action in actions[before:] if type(action) is PlayCard]
        fits = drawn in playable
    limit = rule.limit
    if (
        (limit is None or state.draws < limit)
        and not (rule.until_playable and fits)
        and flow.can_draw(state)
        and (rules.may_draw is None or rules.may_draw(state, seat) is not False)
    ):
        actions.append(_DRAWS[seat] if seat < _MADE else seat_action(DrawCards, seat))
    elif not (listed and (rule.then == "must_play" or not rules.may_decline(state, seat))):
        actions.append(_PASSES[seat] if seat < _MADE else seat_action(Pass, seat))


#: The resignations, draws and passes of the first seats, made once: every list of legal actions holds some.
_MADE = 16
_RESIGNS = tuple(seat_action(Resign, seat) for seat in range(_MADE))
_DRAWS = tuple(seat_action(DrawCards, seat) for seat in range(_MADE))
_PASSES = tuple(seat_action(Pass, seat) for seat in range(_MADE))


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
    _listed(state, action)


# --- apply -----------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """
    The state after *action*; *state* itself is never changed.

    Raises:
        IllegalActionError: the rules forbid *action* now (it is not among
            `legal_actions` for its seat); the message names the rule and
            ``.reason`` gives a `Reason` code.
        InvalidActionError: *action* is not an action at all.
        PluginError: a plugin's hook failed (the message names it; its error is the cause).

    .. versionadded:: 0.1.0
    """
    action = _recognised(state, action)
    before = state
    rules = state.rules
    try:
        slots = None  # the slots a play leaves, where the game's step before it only counts it
        if rules.before_action is not None:
            if rules.counted_play is not None and type(action) is PlayCard and action.seat == state.to_move:
                slots = rules.counted_play(state)  # counted with the card down, in the play's own new state
            else:
                state = rules.before_action(state, action)
        state = _carried_out(state, action, slots)
        if state.result is None and not state.playing:  # nothing ends while a play of several cards is open
            end = rules.round_over(state)
            if end is not None:
                state = _finish_round(state, end)
    except flow.RoundStopped as stop:
        state = _finish_round(stop.state, stop.end)
    except MaumauError:
        raise
    except Exception as error:  # the error path only: a plugin's fault, found from the traceback
        _raise_fault(rules, error)
    # Steps only ever add to the events they were given (the last action's): keep this action's own.
    events = state.events[len(before.events) :]
    if state is before or rules.strangers_answer:  # code from outside maumau may have kept the state it was shown
        return evolve_state(state, events=events, log=(before.log, action))
    # The history of the new state, which only maumau's own code has seen: set in place rather than copied once more.
    set_events(state, events)
    set_log(state, (before.log, action))
    return state


def _recognised(state: GameState, action: Action) -> Action:
    """
    *action* as listed for its seat: the very instance `legal_actions` gave out, found by identity (checked by
    construction), else the listed action equal to it, else the error that says why there is none.
    """
    seat = getattr(action, "seat", None)
    if type(seat) is int:
        # Only a seat of a game still on has a listing kept.
        if seat == state.to_move:
            listed: tuple[Action, ...] | None = state._listed
        else:
            memo = state.memo
            listed = memo.get(seat) if memo is not None else None
        if listed is None and state.result is None and 0 <= seat < len(state.players):
            listed = legal_actions(state, seat)
        if listed:
            for each in listed:
                if each is action:
                    return each
    return _listed(state, action)


def _carried_out(state: GameState, action: Action, slots: tuple[tuple[str, Any], ...] | None) -> GameState:
    """
    The state after the listed *action*: the kernel's step for its kind, or the plugin's that listed it; a play of
    the seat to move sets *slots* with its card down, where they are given.
    """
    kind = type(action)
    seat = action.seat
    if kind is PlayCard and seat == state.to_move:
        play: PlayCard = action  # type: ignore[assignment]  # its type was just checked
        played = table_play(state, play, slots)  # most plays: one step, as the game's table answers them
        if played is not None:
            return played
        return flow.play_card(state, seat, play.card, play.call, play.more, slots=slots)
    if kind is DrawCards:
        drawn = table_draw(state, seat) if seat == state.to_move else None
        return _draw(state, seat) if drawn is None else drawn
    if kind is Pass:
        return _pass(state, seat)
    if kind is ChooseSuit:
        return _choose_suit(state, action)  # type: ignore[arg-type]  # its type was just checked
    if kind is Resign:
        return _resign(state, seat)
    handled = state.rules.apply_action(state, action)
    if handled is None:
        raise PluginError(f"'{action}' is listed, but no plugin applies it", hook="maumau_apply_action")
    return handled


def _listed(state: GameState, action: Action) -> Action:
    """
    The listed action equal to *action*, or the error that says why there is none.
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
    if not 0 <= seat < len(state.players):
        raise IllegalActionError(
            action, Reason.NO_SUCH_SEAT, f"there is no seat {shorten(seat)}; seats are 0 to {len(state.players) - 1}"
        )
    if state.players[seat].resigned:
        raise IllegalActionError(action, Reason.NOT_SUPPORTED, f"seat {seat} has resigned")
    for listed in legal_actions(state, seat):
        if listed == action:
            return listed
    try:
        refused = refusal(state, action)
    except MaumauError:
        raise
    except Exception as error:
        _raise_fault(state.rules, error)
    raise refused


def _draw(state: GameState, seat: int) -> GameState:
    rules = state.rules
    owed = state.debt
    if owed:  # the debt is paid in the same new state as the draw
        state, cards = flow.draw_cards(state, seat, owed, required=True, debt=0, passes=0)
    elif rules.draws_one and state.again is None:  # the kernel's rule: the drawn card may be played
        state, cards = flow.draw_cards(state, seat, 1, passes=0, drawn=True)
    else:  # the game's draw rule (a kept card ends the turn), or a draw instead of the turn a card gave
        last = rules.last_draw_rule
        kept = (last.value if last.options is state.options else rules.draw_rule(state.options)).then == "keep"
        state, cards = flow.draw_cards(state, seat, 1, passes=0, drawn=not kept, draws=state.draws + 1, again=None)
    if rules.keeps_unfit_draw and not owed and cards and state.pending is None and state.again is None:
        # The game's only step after a draw, taken here: a drawn card that does not fit is kept, and the turn ends
        # in one new state; one that fits waits to be played or kept.
        if not rules.fits(state, seat, cards[-1]):
            return flow.end_turn(state, seat)
    elif rules.has_after_draw:
        state = rules.after_draw(state, seat, cards, bool(owed))
    if state.drawn is not None and state.pending is None:  # the drawn card waits: the turn goes on
        return state
    return flow.complete_turn(state, seat)


def _pass(state: GameState, seat: int) -> GameState:
    # A pass completes the turn whatever it passes on: set its changes as the move is handed on.
    if state.drawn is not None or state.again is not None:  # after a draw, or instead of another turn
        return flow.end_turn(state, seat, passes=0, events=state.events + (seat_event(Passed, seat),))
    skips = state.skips
    if skips:  # the first turn to sit out is this one; the rest wait for the seat's next turns
        events = state.events + (seat_event(TurnSkipped, seat),)
        if skips == 1:
            return flow.end_turn(state, seat, skips=0, events=events)
        waits = list(state.waits or (0,) * len(state.players))
        waits[seat] += skips - 1
        return flow.end_turn(state, seat, skips=0, waits=tuple(waits), events=events)
    if state.draw_pile or len(state.discard_pile) > 1:  # a pass instead of a draw the variant forbids now
        return flow.end_turn(state, seat, passes=0, events=state.events + (seat_event(Passed, seat),))
    # nothing to play and nothing to draw: a pass that may block the round
    return flow.end_turn(state, seat, passes=state.passes + 1, events=state.events + (seat_event(Passed, seat),))


def _choose_suit(state: GameState, action: ChooseSuit) -> GameState:
    pending = state.pending
    assert pending is not None
    # The suit named, nothing is pending and no drawn card waits (a play clears it): the turn ends, in the same
    # new state as the wish, passing over the players the card skips.
    events = state.events + (SuitWished(action.seat, action.suit),)
    if state.again is not None:  # the play gave another turn too: the move stays
        return flow.complete_turn(evolve_state(state, wish=action.suit, pending=None, events=events), action.seat)
    return flow.end_turn(state, action.seat, pending.skip, wish=action.suit, events=events)


def _resign(state: GameState, seat: int) -> GameState:
    player = state.players[seat]
    state = evolve_state(
        state,
        players=flow.replace_player(state.players, seat, evolve(player, resigned=True)),
        events=state.events + (PlayerResigned(seat),),
    )
    result = state.rules.match_over(state)
    if result is not None:
        # Nobody moves any more: no turn, and nothing owed or pending from one.
        over = evolve_state(
            state, result=result, to_move=None, drawn=None, pending=None, debt=0, skips=0, playing=(), again=None
        )
        return evolve_state(over, events=state.events + (MatchEnded(result.winners, result.reason),))
    if state.to_move == seat or (state.pending is not None and state.pending.seat == seat):
        state = flow.end_turn(evolve_state(state, debt=0, skips=0, playing=()), seat)
    return state


def _finish_round(state: GameState, end: RoundEnd) -> GameState:
    rules = state.rules
    if rules.round_ended is not None:
        state = rules.round_ended(state, end)
    points = rules.score_round(state, end)
    players = tuple(evolve(p, score=p.score + pts) for p, pts in zip(state.players, points, strict=True))
    result = RoundResult(state.round, end.reason, end.winners, points, state.hands, state.slots)
    state = evolve_state(
        state,
        players=players,
        rounds=(*state.rounds, result),
        to_move=None,
        drawn=None,
        debt=0,
        skips=0,
        pending=None,
        playing=(),
        again=None,
        draws=0,
        waits=(),
        events=state.events + (RoundEnded(state.round, end.reason, end.winners, points),),
    )
    match = rules.match_over(state)
    if match is not None:
        return evolve_state(state, result=match, events=state.events + (MatchEnded(match.winners, match.reason),))
    later = state.later_decks
    return _start_round(state, later[state.round - 1] if state.round <= len(later) else None)


# --- records ------------------------------------------------------------------------


def replay_with(rules: Rules, record: GameRecord) -> GameState:
    """
    Rebuild the game of *record* played by *rules* (its variant and house rules, already built), checking every
    action: `maumau.replay` once the rules are found, and a mechanic's way back to an earlier position.

    Raises:
        RecordError: as `maumau.replay`.
    """
    state = start_with(rules, record)
    for number, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except (IllegalActionError, InvalidActionError) as error:
            raise RecordError(f"action {number} ({action}) does not replay: {error}") from error
    return state


def check_record(record: object) -> None:
    """
    Refuse what cannot be a record's game before anything of it is built: not a `GameRecord`, or too many actions.

    Raises:
        RecordError: *record* is no `GameRecord`, or it holds more than ``MAX_ACTIONS`` actions.
    """
    if not isinstance(record, GameRecord):
        raise RecordError(f"expected a GameRecord, got {type(record).__name__}")
    if len(record.actions) > MAX_ACTIONS:
        raise RecordError(f"a record holds at most {MAX_ACTIONS:,} actions, got {len(record.actions):,}")


def start_with(rules: Rules, record: GameRecord) -> GameState:
    """
    The first position of *record*'s game played by *rules*, dealt as it was (seed, deck, first dealer, later
    decks), no action applied: `maumau._games.start_of` once the rules are found.

    Raises:
        RecordError: as `maumau.replay`, for the set-up and the number of actions.
    """
    check_record(record)
    try:
        state = start_match(
            rules,
            players=record.players,
            seed=record.seed,
            options=dict(record.options),
            deck=record.deck,
            dealer=record.first_dealer,
            later_decks=record.later_decks,
        )
    except MaumauError as error:
        raise RecordError(f"the record's set-up is refused: {error}") from error
    changed = state.rules.profile_mismatch(record.profile)
    if changed is not None:
        raise RecordError(changed)
    if state.house_rules != record.house_rules:
        raise RecordError(
            f"the record was played with house rules {list(record.house_rules)}, "
            f"but {list(state.house_rules)} were given"
        )
    return state


def _check_seat_number(state: GameState, seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        raise NoSuchSeatError(seat, len(state.players))


def _raise_fault(rules: Rules, error: Exception) -> NoReturn:
    """
    Raise the `PluginError` naming the plugin whose hook raised *error*, or *error* itself when no plugin's code did.
    """
    fault = rules.fault(error)
    if fault is None:
        raise error
    raise fault from error
