"""
A game compiled into tables answers exactly as its hooks do, and only where its hooks are a rule per card.

`maumau._tables` reads which cards may be played from a table per position
when the chain of `maumau_playable` comes down to one implementation of
maumau's own marked `maumau.flow.per_card`; every other chain is asked at
every turn.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import maumau
from helpers import cards, draw
from maumau import (
    Action,
    Card,
    DirectionReversed,
    DrawCards,
    DrawRule,
    Effect,
    GameState,
    Pass,
    PlayCard,
    Resign,
    TurnSkipped,
    apply,
    from_json,
    hookimpl,
    legal_actions,
    new_game,
    parse_card,
    to_json,
)
from maumau._tables import Table
from maumau.flow import card_effects, evolve_state, matching, per_card, with_hand
from maumau.profiles import profile_from_text
from maumau.testing import stacked_deck


def _positions(variant: str, players: int, count: int, seed: int = 3) -> list[GameState]:
    """
    The first *count* positions of random games of *variant*, each listed once.
    """
    rng = random.Random(seed)
    positions: list[GameState] = []
    state = new_game(variant, players=players, seed=seed)
    while len(positions) < count:
        if state.result is not None:
            state = new_game(variant, players=players, seed=rng.randrange(1 << 30))
        positions.append(state)
        seat = state.to_move if state.to_move is not None else state.pending.seat  # type: ignore[union-attr]
        actions = [action for action in legal_actions(state, seat) if type(action) is not Resign]
        state = apply(state, rng.choice(actions))
    return positions


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("classic", 7), ("uno-rlcard", 2), ("uno-rlcard", 4)])
def test_the_table_lists_the_cards_the_hook_allows(variant: str, players: int) -> None:
    """
    At every turn, the plays the table lists are those of the cards `maumau_playable` keeps, each card once.
    """
    for state in _positions(variant, players, 400):
        seat = state.to_move
        if seat is None or state.pending is not None or state.drawn is not None:
            continue
        table = state.rules.table(state)
        assert table is not None
        hand = tuple(dict.fromkeys(state.players[seat].hand))
        plays = table.plays(state, seat, state.players[seat].hand)
        assert plays is not None
        assert [play.card for play in plays] == list(state.rules.playable(state, seat, hand))
        assert all(play == PlayCard(seat, play.card) for play in plays)


def test_a_per_card_rule_is_asked_once_per_position() -> None:
    """
    Listing the plays of a second state in the same position (top card, wish, debt, skips) asks no hook.
    """
    state = new_game("classic", players=3, seed=5)
    asked: list[int] = []
    rule = state.rules.playable_rule
    assert rule is not None
    table = state.rules.table(state)
    assert table is not None

    def counted(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        asked.append(seat)
        return rule.rule(state, seat, cards)

    table.rule = counted
    seat = state.to_move
    assert seat is not None
    table.plays(state, seat, state.players[seat].hand)
    table.plays(state, seat, state.players[seat].hand[:2])

    assert len(asked) <= 1


class _EightsOnAnything:
    """
    A house rule: an 8 goes on anything.
    """

    @hookimpl
    def maumau_playable(self, state: GameState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(card for card in cards if card.rank == "8" or card in matching(state, cards))


def test_a_house_rule_playable_is_asked_at_every_turn() -> None:
    """
    A house rule's `maumau_playable` has no table: the game asks it as before.
    """
    state = new_game("classic", players=3, seed=5, plugins=[_EightsOnAnything()])

    table = state.rules.table(state)
    assert state.rules.playable_rule is None
    assert table is None or table.plays(state, 0, state.players[0].hand) is None  # its effects, at most


class _MarkedByAThirdParty:
    """
    A third party's implementation marked `per_card`: the mark is not read.
    """

    @hookimpl
    @per_card
    def maumau_playable(self, state: GameState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return matching(state, cards)


def test_a_third_party_mark_is_not_read() -> None:
    """
    Only maumau's own plugins are read from tables: anyone else's implementation is asked at every turn.
    """
    state = new_game("classic", players=3, seed=5, plugins=[_MarkedByAThirdParty()])

    assert state.rules.playable_rule is None


def test_a_loaded_position_lists_what_the_played_one_did() -> None:
    """
    A position loaded from JSON holds card objects other than the deck's: the game lists the same actions.
    """
    for state in _positions("classic", 4, 60):
        loaded = from_json(to_json(state), GameState)
        seat = state.to_move
        if seat is None:
            continue
        assert legal_actions(loaded, seat) == legal_actions(state, seat)


class _LuckyDraws:
    """
    A house rule: draw until a drawn card fits, then play any card of the hand; and a card just drawn may be put
    down at once saying "Glück", whether it fits or not: a play of the variant's own, listed before the table's.
    """

    @hookimpl
    def maumau_draw_rule(self) -> DrawRule:
        return DrawRule(limit=None, until_playable=True, play="hand")

    @hookimpl
    def maumau_actions(self, state: GameState, seat: int) -> list[Action]:
        drawn = state.drawn
        return [PlayCard(seat, drawn, "Glück")] if seat == state.to_move and drawn is not None else []


def _dealt(hands: list[str], starter: str, draw: str, plugin: object) -> GameState:
    """
    A classic game with *plugin* whose first round deals *hands* (by seat), turns *starter* and leaves *draw* on
    top of the pile, all of them card objects of the game's own deck, which its table knows.
    """
    blank = new_game("classic", players=len(hands), plugins=[plugin])
    own = {card: card for card in blank.rules.deck(blank.options, len(hands))}
    named = [[own[card] for card in cards(hand)] for hand in hands]
    deck = stacked_deck("classic", named, own[parse_card(starter)], [own[card] for card in cards(draw)])
    return new_game("classic", players=len(hands), seed=0, deck=deck, plugins=[plugin])


def test_drawing_goes_on_until_the_table_allows_the_drawn_card_whatever_a_variant_lists_of_its_own() -> None:
    """
    After a draw under a rule that lets any card of the hand be played, whether the drawn card fits is read from
    the plays the table lists: a variant's own play of the drawn card does not make it fit, so drawing goes on.
    """
    state = draw(_dealt(["9c 10c Ac As Ad", "7c 8c Kc Qc 10d"], "9h", "Ks Kd Ah", _LuckyDraws()), 1)
    table = state.rules.table(state)
    assert table is not None
    assert table.plays(state, 1, state.players[1].hand) == []  # the table answers: nothing of the hand fits

    king = parse_card("Ks")
    assert legal_actions(state) == (PlayCard(1, king, "Glück"), DrawCards(1), Resign(1))
    state = draw(draw(state, 1), 1)

    ace = parse_card("Ah")
    assert legal_actions(state) == (PlayCard(1, ace, "Glück"), PlayCard(1, ace), Pass(1), Resign(1))


def _restored(variant: str, players: int, count: int) -> Iterator[tuple[GameState, GameState, int, Table]]:
    """
    Of the first *count* positions of random games of *variant*, those with a turn to play: each position, the
    same restored from JSON, the seat to move and the restored game's table.
    """
    for state in _positions(variant, players, count):
        seat = state.to_move
        if seat is None or state.pending is not None:
            continue
        loaded = from_json(to_json(state), GameState)
        table = loaded.rules.table(loaded)
        assert table is not None
        yield state, loaded, seat, table


@pytest.mark.parametrize(("variant", "players"), [("classic", 4), ("classic", 7), ("uno-rlcard", 2)])
def test_a_restored_game_reads_the_table(variant: str, players: int) -> None:
    """
    A game restored from JSON holds its deck's own card objects, those its table knows: the table lists, from its
    maps, the plays the game as played lists.
    """
    for state, loaded, seat, table in _restored(variant, players, 80):
        hand = loaded.players[seat].hand

        plays = table.plays(loaded, seat, hand)

        assert plays is not None  # the table answers: the hook is not asked
        assert plays == table.plays(state, seat, state.players[seat].hand)
        assert all(id(card) in table.object_ids for card in hand)


def test_a_stacked_game_of_parsed_cards_reads_the_table() -> None:
    """
    A game dealt from a stacked deck of cards written as text is read from the table as a shuffled one is.
    """
    deck = stacked_deck("classic", [["7c", "8c", "Jc", "Qc", "Kc"], ["9h", "10h", "Ah", "7s", "8s"]], "Ks")
    state = new_game("classic", players=2, seed=1, deck=[str(card) for card in deck])
    table = state.rules.table(state)
    assert table is not None

    plays = table.plays(state, 1, state.players[1].hand)

    assert plays is not None
    assert [play.card for play in plays] == list(state.rules.playable(state, 1, state.players[1].hand))


def test_a_table_learns_no_card_of_another_deck() -> None:
    """
    A card that is no card of the game's deck is not learned: the table cannot say, and the hook answers.
    """
    state = new_game("classic", players=2, seed=1)
    table = state.rules.table(state)
    assert table is not None
    stranger = parse_card("2c")  # classic plays with 7 to A

    assert table.plays(state, 0, (stranger,)) is None
    assert id(stranger) not in table.object_ids


@pytest.mark.parametrize(("variant", "players"), [("uno-rlcard", 2), ("uno-rlcard", 4), ("crazy-eights-openspiel", 5)])
def test_a_profile_s_effects_are_read_from_the_table_as_its_hook_answers(variant: str, players: int) -> None:
    """
    A game profile's card effects are a table per card: read by the card object, restored ones too, they are the
    effects its `maumau_card_effect` answers, nothing for a last card included.
    """
    for _, loaded, seat, table in _restored(variant, players, 300):
        for card in loaded.players[seat].hand:
            for position in (loaded, _emptied(loaded, seat)):
                effect = table.effect(position, seat, card)
                assert effect is not None
                assert effect == loaded.rules.card_effect(position, seat, card)


def _emptied(state: GameState, seat: int) -> GameState:
    """
    *state* with *seat*'s hand empty, as after a play of its last card.
    """
    return evolve_state(state, players=with_hand(state.players, seat, ()))


class _EffectsAsked:
    """
    A plugin that wraps `maumau_card_effect` and changes nothing: the game's effects are then asked of its hook at
    every play, and every play takes the kernel's steps one by one.
    """

    @hookimpl(wrapper=True)
    def maumau_card_effect(self) -> Iterator[None]:
        return (yield)


class _TurnsCounted:
    """
    A plugin that counts the turns ended, in ``shuffles`` (which seeds the next shuffle of the pile): a turn's end
    that a step leaves out shows.
    """

    @hookimpl
    def maumau_turn_ended(self, state: GameState) -> GameState:
        return evolve_state(state, shuffles=state.shuffles + 1)


def _side_by_side(
    first: GameState, second: GameState, rng: random.Random, resigns_at: int | None = None
) -> Iterator[tuple[GameState, Action, GameState]]:
    """
    Play *first* and *second*, one game set up two ways, to the end by the same random choices (no resigning, but
    the seat after the one to act at step *resigns_at*), checking at every step that both list the same actions
    and come to the same state (but for the names of their plugins) with the same events; each step of *first*:
    the state before, the action, the state after.
    """
    names = first.house_rules
    step = 0
    while first.result is None:
        seat = first.to_move if first.to_move is not None else first.pending.seat  # type: ignore[union-attr]
        if step == resigns_at:
            action: Action = Resign((seat + first.direction) % len(first.players))
        else:
            actions = legal_actions(first, seat)
            assert actions == legal_actions(second, seat)
            action = rng.choice([action for action in actions if type(action) is not Resign])
        before = first
        first, second = apply(first, action), apply(second, action)
        step += 1
        assert first == evolve_state(second, house_rules=names)
        assert first.events == second.events
        yield before, action, first


@pytest.mark.parametrize(
    ("variant", "players", "plugins"),
    [
        ("crazy-eights-openspiel", 5, ()),
        ("crazy-eights-openspiel", 3, (_TurnsCounted(),)),
        ("switch", 4, ()),
        ("switch", 2, (_TurnsCounted(),)),
        ("black-jack", 3, ()),
        ("last-card", 4, ()),
        ("whot", 3, ()),
        ("classic-profile", 4, ()),
        ("classic", 4, ()),
        ("penalty-52", 3, ()),
        ("uno-rlcard", 3, ()),
        ("uno-rlcard", 2, (_TurnsCounted(),)),
    ],
)
def test_a_play_whose_effect_the_table_knows_is_one_step_as_the_kernel_s_steps_are(
    variant: str, players: int, plugins: tuple[object, ...]
) -> None:
    """
    A card played alone whose effect the game's table knows (no follow-up asked, no call due, no wish to fix,
    nothing beyond the seats it skips) goes down, leaves its debt and direction, and hands the move on past the
    seats it skips, or keeps it for a suit to name, in one new state: the states, the events and the listings are
    those of the same game whose effects are asked of the hook at every play, where the card goes down, its effect
    is taken, then the turn ends or the suit is asked for.
    """
    rng = random.Random(5)
    named = 0
    for seed in range(12):
        tabled = new_game(variant, players=players, seed=seed, plugins=plugins)
        asked = new_game(variant, players=players, seed=seed, plugins=(*plugins, _EffectsAsked()))
        assert tabled.rules.effects_rule is not None
        assert asked.rules.effects_rule is None
        for _, action, after in _side_by_side(tabled, asked, rng):
            named += type(action) is PlayCard and after.pending is not None
    assert named  # plays asked for a suit to name


@pytest.mark.parametrize(
    ("variant", "players", "turns_or_skips"),
    [
        ("switch", 5, True),
        ("uno-rlcard", 4, True),
        ("crazy-eights-openspiel", 5, False),  # without use_special_cards (its default), no card reverses or skips
        ("black-jack", 4, True),
        ("whot", 4, True),
    ],
)
def test_a_play_past_a_seat_that_resigned_takes_the_kernel_s_steps(
    variant: str, players: int, turns_or_skips: bool
) -> None:
    """
    Where the seat a play hands the move to, or a seat it skips, has resigned, the play is not one step: it takes
    the kernel's steps, which pass over the seats no longer in, and ends as the same game with its effects asked.
    """
    rng = random.Random(7)
    passed_a_resigned_seat = 0
    turned_or_skipped_past_it = 0  # of those, plays that reversed the direction or skipped a seat: `_passed_over`
    for seed in range(10):
        tabled = new_game(variant, players=players, seed=seed)
        asked = new_game(variant, players=players, seed=seed, plugins=(_EffectsAsked(),))
        # The seat after the one to act resigns at the third step: later plays pass it.
        for before, action, after in _side_by_side(tabled, asked, rng, resigns_at=2):
            if type(action) is PlayCard and after.to_move is not None and after.round == before.round:
                # The seats between the one that played and the one to move: those the play handed the move past.
                way = [(action.seat + step * after.direction) % players for step in range(1, players)]
                passed = way[: way.index(after.to_move)] if after.to_move in way else []
                if any(after.players[passing].resigned for passing in passed):
                    passed_a_resigned_seat += 1
                    made = after.events
                    turned_or_skipped_past_it += any(type(event) in (DirectionReversed, TurnSkipped) for event in made)
    assert passed_a_resigned_seat  # the games did pass over a seat that resigned
    assert bool(turned_or_skipped_past_it) is turns_or_skips  # and cards that reverse or skip did, in games with them


class _StepBeforeActionAsked:
    """
    A plugin with a step before every action that changes nothing: a profile's count of plays is then asked of its
    own step before every action too, in a state of its own.
    """

    @hookimpl
    def maumau_before_action(self) -> GameState | None:
        return None


@functools.cache
def _makao_counted() -> str:
    """
    Makao as shipped, under an id of its own, with a bound on the plays of a round: a game that counts its plays,
    with calls and plays of several cards.
    """
    text = (Path(maumau.__file__).parent.parent / "maumau_variants" / "profiles" / "makao.toml").read_text()
    text = re.sub(r"^aliases = .*$", "", text.replace('id = "makao"', 'id = "makao-counted"'), flags=re.MULTILINE)
    return profile_from_text(text + "\n[round]\nmax_plays = 60\n", source="makao-counted.toml").id


@pytest.mark.parametrize(
    ("variant", "players"), [("crazy-eights-openspiel", 2), ("crazy-eights-openspiel", 5), ("makao", 3)]
)
def test_a_profile_s_count_of_plays_is_set_with_the_card_down(variant: str, players: int) -> None:
    """
    Where a game profile's only step before an action counts the plays of cards (``round.max_plays``:
    `crazy-eights-openspiel`'s, and Makao's calls and plays of several cards with such a bound), the kernel counts a
    play with the card down, in the play's own new state: the states and events are those of the same game whose
    step is asked before every action.
    """
    variant = _makao_counted() if variant == "makao" else variant
    rng = random.Random(3)
    kinds_of_play: set[tuple[bool, bool]] = set()  # (a card of several, a call said) for each play made
    for seed in range(20):
        counted = new_game(variant, players=players, seed=seed)
        asked = new_game(variant, players=players, seed=seed, plugins=(_StepBeforeActionAsked(),))
        assert counted.rules.counted_play is not None
        assert asked.rules.counted_play is None
        for _, action, _ in _side_by_side(counted, asked, rng):
            if type(action) is PlayCard:
                kinds_of_play.add((action.more, action.call is not None))
    if variant != "crazy-eights-openspiel":  # the plays of several cards and the calls were made too
        assert {(True, False), (False, True)} <= kinds_of_play


def test_a_third_party_plugin_keeps_the_count_of_plays_asked_before_the_play() -> None:
    """
    Wherever a plugin from outside maumau takes part, a profile's count of plays is asked before the play, as its
    hook says: a third party's call hooks are given the state the play starts from, and may read the count there.
    """
    assert new_game("crazy-eights-openspiel", players=3, seed=1).rules.counted_play is not None
    assert new_game("crazy-eights-openspiel", players=3, seed=1, plugins=(_EffectsAsked(),)).rules.counted_play is None


class _StepAfterDrawAsked:
    """
    A plugin with a step after every draw that changes nothing: a profile's own step after a draw is then asked too,
    in a state of its own.
    """

    @hookimpl
    def maumau_after_draw(self) -> GameState | None:
        return None


@pytest.mark.parametrize("players", [2, 4])
def test_a_drawn_card_that_does_not_fit_is_kept_and_the_turn_ends_in_one_step(players: int) -> None:
    """
    Where a game profile's only step after a draw keeps a drawn card that does not fit and ends the turn
    (`uno-rlcard`'s ``draw.kept_ends_turn``), the kernel ends the turn itself, in the same new state as the turn's
    end: the states and events are those of the same game whose step is asked after every draw.
    """
    rng = random.Random(4)
    kept = 0
    for seed in range(20):
        ended = new_game("uno-rlcard", players=players, seed=seed)
        asked = new_game("uno-rlcard", players=players, seed=seed, plugins=(_StepAfterDrawAsked(),))
        assert ended.rules.keeps_unfit_draw
        assert not asked.rules.keeps_unfit_draw
        for before, action, after in _side_by_side(ended, asked, rng):
            kept += type(action) is DrawCards and not before.debt and after.to_move != action.seat
    assert kept  # drawn cards were kept, and the turns ended


class _TurnOrderAsked:
    """
    A plugin that wraps `maumau_next_seat` and changes nothing: the turn order is then a plugin's, and every play
    and every draw takes the kernel's steps one by one.
    """

    @hookimpl(wrapper=True)
    def maumau_next_seat(self) -> Iterator[None]:
        return (yield)


@pytest.mark.parametrize(
    ("variant", "players", "plugins", "draws", "goes_on_after_a_resignation"),
    [
        ("classic", 4, (), {"debt", "waits"}, False),  # a seat that resigns ends the match
        ("classic", 3, (_TurnsCounted(),), {"debt", "waits"}, False),
        ("switch", 4, (), {"debt", "waits"}, True),
        ("penalty-52", 3, (), {"debt", "waits"}, False),
        ("uno-rlcard", 2, (), {"waits", "kept"}, False),  # a drawn card that does not fit is kept, and the turn ends
        ("uno-rlcard", 4, (_TurnsCounted(),), {"waits", "kept"}, True),
        ("black-jack", 3, (), {"debt", "kept"}, True),  # the game's draw rule keeps the card: a debt alone is one step
    ],
)
def test_a_draw_that_pays_a_debt_or_waits_is_one_step_as_the_kernel_s_steps_are(
    variant: str, players: int, plugins: tuple[object, ...], draws: set[str], goes_on_after_a_resignation: bool
) -> None:
    """
    A draw of the debt, and a draw of one card under the kernel's draw rule, is one new state: the cards in hand,
    and the turn handed on (after a debt, or a drawn card that does not fit kept) or the drawn card waiting.  The
    states, the events and the listings are those of the same game whose turn order is a plugin's, where the cards
    are drawn, then the turn ends.  In every other game, the seat after the one to act resigns at the third step:
    where the match goes on, later draws hand the move past it.
    """
    rng = random.Random(6)
    seen = set()
    past_a_resigned_seat = 0
    for seed in range(12):
        one_step = new_game(variant, players=players, seed=seed, plugins=plugins)
        kernel_steps = new_game(variant, players=players, seed=seed, plugins=(*plugins, _TurnOrderAsked()))
        assert one_step.rules.plain_turn_order
        assert not kernel_steps.rules.plain_turn_order
        resigns_at = 2 if seed % 2 else None
        for before, action, after in _side_by_side(one_step, kernel_steps, rng, resigns_at):
            if type(action) is DrawCards:
                seen.add("debt" if before.debt else "waits" if after.drawn is not None else "kept")
                following = (action.seat + before.direction) % players
                past_a_resigned_seat += before.players[following].resigned and after.to_move != action.seat
    assert seen == draws  # the games drew each way they draw
    assert bool(past_a_resigned_seat) is goes_on_after_a_resignation  # and handed the move past a seat that resigned


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {}),
        ("classic", {"pass_the_skip": True, "nines_draw_three": True, "ace_with_another": True}),
        ("penalty-52", {}),
        ("sau-mau-mau", {}),
    ],
)
def test_a_variant_s_effects_per_card_are_read_from_the_table_as_its_hook_answers(
    variant: str, options: dict[str, object]
) -> None:
    """
    A bundled variant's `maumau_card_effect` marked `card_effects` is a table per card: each card of the deck has
    the effect its hook answers, nothing for a last card included, for the game's options.
    """
    state = new_game(variant, players=3, seed=2, options=options)
    table = state.rules.table(state)
    assert table is not None
    seat = state.to_move
    assert seat is not None

    for card in state.rules.deck(state.options, 3):
        for position in (state, _emptied(state, seat)):
            effect = table.effect(position, seat, card)
            assert effect is not None  # the table answers: the hook is not asked
            assert effect == state.rules.card_effect(position, seat, card)


class _NinesReverse:
    """
    A house rule: a 9 reverses the direction of play.
    """

    @hookimpl
    def maumau_card_effect(self, card: Card) -> Effect | None:
        return Effect(reverse=True) if card.rank == "9" else None


def test_a_house_rule_card_effect_is_asked_at_every_play() -> None:
    """
    A house rule's `maumau_card_effect` has no table: the game asks the chain at every play, as before.
    """
    state = new_game("classic", players=3, seed=5, plugins=[_NinesReverse()])

    assert state.rules.effects_rule is None


class _EffectsMarkedByAThirdParty:
    """
    A third party's implementation marked `card_effects`: the mark is not read.
    """

    @hookimpl
    @card_effects
    def maumau_card_effect(self, card: Card) -> Effect:
        return Effect(skip=1) if card.rank == "8" else Effect()


def test_a_third_party_effects_mark_is_not_read() -> None:
    """
    Only maumau's own plugins' effects are read from tables: anyone else's implementation is asked at every play.
    """
    state = new_game("classic", players=3, seed=5, plugins=[_EffectsMarkedByAThirdParty()])

    assert state.rules.effects_rule is None


def test_a_profile_s_follow_up_names_the_ranks_it_follows_up() -> None:
    """
    A game profile's `maumau_follow_up` changes only the plays of the cards that make the next player draw at once
    (uno-rlcard's +2 and +4): the kernel asks it for those alone.
    """
    state = new_game("uno-rlcard", players=2, seed=1)

    assert state.rules.follow_up_ranks == frozenset({"+2", "+4"})
    for card in state.rules.deck(state.options, 2):
        if card.rank not in state.rules.follow_up_ranks:
            assert state.rules.follow_up(state, 0, card) is state


class _EightsSkipTwice:
    """
    A house rule: an 8 makes the next two players sit a turn out.
    """

    @hookimpl
    def maumau_follow_up(self, state: GameState, card: Card) -> GameState | None:
        return evolve_state(state, skips=2) if card.rank == "8" else None


def test_a_house_rule_follow_up_is_asked_for_every_card() -> None:
    """
    With a house rule's `maumau_follow_up` beside a profile's, the chain is asked for every card played.
    """
    state = new_game("uno-rlcard", players=2, seed=1, plugins=[_EightsSkipTwice()])

    assert state.rules.follow_up_ranks is None


@pytest.mark.parametrize(
    ("variant", "options", "calls"),
    [
        ("classic", {}, {1: "Mau"}),
        ("classic", {"mau_mau_call": True}, {1: "Mau", 0: "Mau-Mau"}),
        ("switch", {}, {1: "Last card"}),
    ],
)
def test_a_call_by_the_cards_left_alone_is_read_from_the_rules_table(
    variant: str, options: dict[str, object], calls: dict[int, str]
) -> None:
    """
    Where every implementation of `maumau_expected_call` is maumau's own and takes the cards left alone, the call
    due is kept by count: the rules' table answers as the hook does.
    """
    state = new_game(variant, players=3, seed=1, options=options)
    table = state.rules.call_table
    assert table is not None

    for left in range(8):
        assert table[left] == calls.get(left)
        assert table[left] == state.rules.call_by_count(state, 0, left)  # type: ignore[misc]


class _CallOnTwo:
    """
    A house rule: "Mau" is due with two cards left as well.
    """

    @hookimpl
    def maumau_expected_call(self, cards_left: int) -> str | None:
        return "Mau" if cards_left == 2 else None


def test_a_house_rule_call_is_asked_at_every_decision() -> None:
    """
    A house rule's `maumau_expected_call`, even by the cards left alone, is not kept by count: it is asked.
    """
    state = new_game("classic", players=3, seed=1, plugins=[_CallOnTwo()])

    assert state.rules.call_table is None
    assert state.rules.call_by_count is not None
    assert state.rules.call_by_count(state, 0, 2) == "Mau"
