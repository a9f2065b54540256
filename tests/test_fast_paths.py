"""
The engine's fast paths give the same answers as the slow ones.

`maumau._state.evolve_state` stands in for `attrs.evolve`, and `Rules`
compiles each hook's chain of implementations into one plain function;
both must be invisible except in speed.  A compiled first-result or
collected hook answers exactly what pluggy's own hook caller answers (the
collected answers oldest plugin first), wrappers included; a compiled
pipeline hands the state from plugin to plugin in the order pluggy holds
the implementations, oldest first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pluggy
import pytest

from helpers import deal
from maumau import (
    HEARTS,
    Action,
    Card,
    CardsDrawn,
    ChooseSuit,
    DrawCards,
    GameState,
    PlayCard,
    PluginError,
    Resign,
    apply,
    hookimpl,
    legal_actions,
    new_game,
)
from maumau._actions import play_action, suit_actions
from maumau._events import cards_drawn
from maumau._state import PlayerState, evolve_player, evolve_state
from maumau.flow import STATE_FIELD_NAMES
from maumau.plugins import Rules

CHANGED = object()  # a value no field holds

VARIANTS = ("classic", "penalty-52", "sau-mau-mau", "ccw-house")


@pytest.mark.parametrize("name", STATE_FIELD_NAMES)
def test_evolve_state_changes_exactly_what_attrs_evolve_changes(name: str) -> None:
    state = new_game("classic", players=3, seed=1)

    fast = evolve_state(state, **{name: CHANGED})
    slow = attrs.evolve(state, **{name: CHANGED})

    assert getattr(fast, name) is CHANGED
    assert [getattr(fast, each) for each in STATE_FIELD_NAMES] == [getattr(slow, each) for each in STATE_FIELD_NAMES]


def test_evolve_player_changes_exactly_what_attrs_evolve_changes() -> None:
    player = PlayerState("Ann", score=3)

    assert attrs.evolve(player, resigned=True) == evolve_player(player, resigned=True)


def test_evolve_state_rejects_a_field_the_state_does_not_have() -> None:
    state = new_game("classic", players=2, seed=1)

    with pytest.raises(TypeError, match="colour"):
        evolve_state(state, colour="red")


class ForcedPlay:
    """
    A house rule on a hook classic leaves to the kernel's default: a player who can play must.
    """

    @hookimpl
    def maumau_may_decline(self) -> bool:
        return False


def test_house_rule_on_a_hook_only_the_default_implements_is_asked() -> None:
    hands = ["Qd 8d 9d 10d Ad", "9h 8c 9c 10c Qc"]  # seat 1 begins and can play the 9h on the Kh

    free = deal(hands, starter="Kh")
    forced = deal(hands, starter="Kh", plugins=[ForcedPlay()])

    assert DrawCards(1) in legal_actions(free)
    assert DrawCards(1) not in legal_actions(forced)
    assert PlayCard(1, Card("9", HEARTS)) in legal_actions(forced)


# --- compiled hook chains ----------------------------------------------------------


def outcome(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[object, ...]:
    """
    What calling *function* gives, comparable: its answer (a state with its events), or its error's type and words.
    """
    try:
        result = function(*args, **kwargs)
    except Exception as error:  # the slow path must fail alike
        return ("error", type(error), str(error))
    if isinstance(result, GameState):
        return ("state", result, result.events, result.rounds)
    return ("answer", result)


def caller(rules: Rules, name: str) -> pluggy.HookCaller:
    """
    Pluggy's own hook caller for *name* in *rules*.
    """
    hook: pluggy.HookCaller = getattr(rules.plugin_manager.hook, name)
    return hook


def through_pluggy(rules: Rules, name: str, *args: Any) -> tuple[object, ...]:
    """
    What pluggy's hook caller answers, called with the spec's arguments by name.
    """
    hook = caller(rules, name)
    assert hook.spec is not None
    return outcome(hook, **dict(zip(hook.spec.argnames, args, strict=True)))


def collected_through_pluggy(rules: Rules, name: str, *args: Any) -> tuple[object, ...]:
    """
    The answers pluggy's caller collects (newest plugin first), oldest plugin first.
    """
    answer = through_pluggy(rules, name, *args)
    return ("answer", list(reversed(answer[1]))) if answer[0] == "answer" else answer  # type: ignore[call-overload]


def folded_through_pluggy(rules: Rules, name: str, *args: Any) -> tuple[object, ...]:
    """
    A pipeline by hand: each of pluggy's implementations, oldest first, given the state the one before returned.
    """
    hook = caller(rules, name)
    assert hook.spec is not None
    arguments = dict(zip(hook.spec.argnames, args, strict=True))

    def fold() -> GameState:
        for impl in hook.get_hookimpls():  # oldest plugin first
            result = impl.function(*[arguments[arg] for arg in impl.argnames])
            if result is not None:
                arguments["state"] = result
        state: GameState = arguments["state"]
        return state

    return outcome(fold)


def played_states(variant: str, seed: int, steps: int = 120, plugins: Sequence[object] = ()) -> Iterator[GameState]:
    """
    The states of a seeded random game of *variant*, out-of-turn actions (challenges) among the choices.
    """
    rng = random.Random(seed)
    state = new_game(variant, players=3, seed=seed, plugins=plugins)
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        choices = [
            action
            for seat in range(len(state.players))
            for action in legal_actions(state, seat)
            if not isinstance(action, Resign)
        ]
        state = apply(state, rng.choice(choices))
        yield state


def first_result_calls(state: GameState) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """
    First-result hooks and arguments to ask them with in *state*.
    """
    yield "maumau_calls", (state.options,)
    yield "maumau_seats", (state.options,)
    yield "maumau_dealer", (state,)
    yield "maumau_round_over", (state,)
    yield "maumau_match_over", (state,)
    for seat in range(len(state.players)):
        hand = tuple(dict.fromkeys(state.players[seat].hand))
        yield "maumau_next_seat", (state, seat)
        yield "maumau_may_decline", (state, seat)
        for cards_left in range(3):
            for card in hand[:2]:
                yield "maumau_expected_call", (state, seat, cards_left, (card,))
        if seat == state.to_move and state.pending is None and state.result is None:
            yield "maumau_playable", (state, seat, hand)
            for card in hand:
                yield "maumau_card_effect", (state, seat, card)
                for call in (None, *state.rules.calls(state.options)):
                    yield "maumau_judge_call", (state, seat, card, call, "Mau", (card,))


def sample(states: Iterator[GameState], every: int = 7) -> list[GameState]:
    """
    Every *every*-th state, for speed.
    """
    return [state for index, state in enumerate(states) if index % every == 0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_compiled_first_result_hooks_answer_as_pluggy_does(variant: str) -> None:
    """
    Variants, their mechanics' wrappers (``maumau_round_over`` under challenges and placings) and the kernel alike.
    """
    asked: set[str] = set()
    for seed in range(3):
        for state in sample(played_states(variant, seed)):
            rules = state.rules
            for name, args in first_result_calls(state):
                asked.add(name)
                assert outcome(rules.hooks[name], *args) == through_pluggy(rules, name, *args), (name, args)
    assert {"maumau_playable", "maumau_round_over", "maumau_judge_call"} <= asked


@pytest.mark.parametrize("variant", VARIANTS)
def test_compiled_collected_hooks_answer_as_pluggy_does_oldest_plugin_first(variant: str) -> None:
    for seed in range(2):
        for state in sample(played_states(variant, seed)):
            rules = state.rules
            for name in ("maumau_options", "maumau_slots"):
                assert outcome(rules.hooks[name]) == collected_through_pluggy(rules, name), name
            # a variant builds new mechanic objects each time it is asked: compare them by what they are
            assert repr(outcome(rules.hooks["maumau_mechanics"], state.options)) == repr(
                collected_through_pluggy(rules, "maumau_mechanics", state.options)
            )
            assert outcome(rules.hooks["maumau_check_state"], state) == collected_through_pluggy(
                rules, "maumau_check_state", state
            )
            for seat in range(len(state.players)):
                assert outcome(rules.hooks["maumau_actions"], state, seat) == collected_through_pluggy(
                    rules, "maumau_actions", state, seat
                )


@pytest.mark.parametrize("variant", VARIANTS)
def test_compiled_pipeline_hooks_hand_the_state_on_as_pluggy_orders_the_plugins(variant: str) -> None:
    for seed in range(2):
        for state in sample(played_states(variant, seed)):
            if state.is_over:
                continue
            rules = state.rules
            for seat in range(len(state.players)):
                assert outcome(rules.hooks["maumau_turn_ended"], state, seat) == folded_through_pluggy(
                    rules, "maumau_turn_ended", state, seat
                )
                for action in legal_actions(state, seat):
                    assert outcome(rules.hooks["maumau_before_action"], state, action) == folded_through_pluggy(
                        rules, "maumau_before_action", state, action
                    )
            if state.to_move is not None:
                assert outcome(rules.hooks["maumau_follow_up"], state, state.to_move, state.top) == (
                    folded_through_pluggy(rules, "maumau_follow_up", state, state.to_move, state.top)
                )


class Eights:
    """
    A wrapper extending the matching: an 8 may be played on anything (it sees only the cards).
    """

    @hookimpl(wrapper=True)
    def maumau_playable(self, cards: tuple[Card, ...]) -> Any:
        matching = yield
        return (*matching, *(card for card in cards if card.rank == "8" and card not in matching))


class Grumpy:
    """
    A plain house rule that fails, and a wrapper around it that handles the failure.
    """

    name = "grumpy"

    @hookimpl
    def maumau_may_decline(self, seat: int) -> bool | None:
        if seat == 1:
            raise ValueError("seat 1 is grumpy")
        return None


class Forgiving:
    """
    A wrapper that turns the failure below it into an answer.
    """

    @hookimpl(wrapper=True)
    def maumau_may_decline(self, state: GameState, seat: int) -> Any:
        try:
            return (yield)
        except ValueError:
            return False


class OldStyle:
    """
    An old-style pluggy hook wrapper: the compiled rules must still honour it.
    """

    @hookimpl(hookwrapper=True)
    def maumau_next_seat(self, state: GameState, seat: int) -> Any:
        result = yield
        result.force_result((result.get_result() + 1) % len(state.players))


def test_compiled_wrappers_answer_as_pluggy_does() -> None:
    """
    New-style wrappers around the kernel's matching, around a failing rule, and an old-style wrapper.
    """
    plugins = [Eights(), Grumpy(), Forgiving(), OldStyle()]
    hands = ["Qd 8d 9d 10d Ad", "9h 8c 9c 10c Qc"]
    state = deal(hands, starter="Kh", plugins=plugins)
    rules = state.rules
    hand = state.players[1].hand

    assert outcome(rules.hooks["maumau_playable"], state, 1, hand) == through_pluggy(
        rules, "maumau_playable", state, 1, hand
    )
    assert rules.playable(state, 1, hand) == (Card("9", HEARTS), Card.parse("8c"))
    for seat in (0, 1):
        assert outcome(rules.hooks["maumau_may_decline"], state, seat) == through_pluggy(
            rules, "maumau_may_decline", state, seat
        )
        assert outcome(rules.hooks["maumau_next_seat"], state, seat) == through_pluggy(
            rules, "maumau_next_seat", state, seat
        )
    assert (rules.may_decline(state, 0), rules.may_decline(state, 1)) == (True, False)
    assert (rules.next_seat(state, 0), rules.next_seat(state, 1)) == (0, 1)  # clockwise, then one further


class Backwards:
    """
    A wrapper that takes the hook's arguments in the other order, and one that takes none.
    """

    @hookimpl(wrapper=True)
    def maumau_next_seat(self, seat: int, state: GameState) -> Any:
        following = yield
        return following if seat else (following + 1) % len(state.players)  # seat 0 passes one further


class Argless:
    @hookimpl(wrapper=True)
    def maumau_may_decline(self) -> Any:
        declines = yield
        return False if declines is None else declines


def test_a_wrapper_takes_its_arguments_by_name_in_any_order_or_none() -> None:
    hands = ["Qd 8d 9d 10d Ad", "9h 8c 9c 10c Qc", "Kc Kd Ks 7h 7c"]
    state = deal(hands, starter="Kh", plugins=[Backwards(), Argless()])
    rules = state.rules
    for seat in (0, 1, 2):
        assert outcome(rules.hooks["maumau_next_seat"], state, seat) == through_pluggy(
            rules, "maumau_next_seat", state, seat
        )
        assert outcome(rules.hooks["maumau_may_decline"], state, seat) == through_pluggy(
            rules, "maumau_may_decline", state, seat
        )
    assert [rules.next_seat(state, seat) for seat in (0, 1, 2)] == [2, 2, 0]


class NeverYields:
    @hookimpl(wrapper=True)
    def maumau_next_seat(self, seat: int) -> Any:
        if seat >= 0:
            return seat  # forgets to yield
        yield


class YieldsTwice:
    @hookimpl(wrapper=True)
    def maumau_next_seat(self, seat: int) -> Any:
        yield
        yield


@pytest.mark.parametrize(("wrapper", "words"), [(NeverYields(), "must yield once"), (YieldsTwice(), "only once")])
def test_a_wrapper_that_does_not_yield_exactly_once_is_a_plugin_error_naming_it(wrapper: object, words: str) -> None:
    state = deal(["Qd 8d 9d 10d Ad", "9h 8c 9c 10c Qc"], starter="Kh", plugins=[wrapper])
    with pytest.raises(PluginError, match=words) as raised:
        state.rules.hooks["maumau_next_seat"](state, 0)
    assert raised.value.hook == "maumau_next_seat"


class Counting:
    """
    A house rule on a pipeline hook: it appends its digit to ``passes``.
    """

    def __init__(self, digit: int) -> None:
        self.name = f"counting-{digit}"
        self.digit = digit

    @hookimpl
    def maumau_turn_ended(self, state: GameState) -> GameState:
        return evolve_state(state, passes=state.passes * 10 + self.digit)


class Silent:
    """
    A house rule on a pipeline hook that changes nothing.
    """

    @hookimpl
    def maumau_turn_ended(self) -> None:
        return None


def test_compiled_pipeline_passes_each_plugin_the_state_the_one_before_returned() -> None:
    state = deal(["Qd 8d 9d 10d Ad", "9h 8c 9c 10c Qc"], starter="Kh", plugins=[Counting(1), Silent(), Counting(2)])
    rules = state.rules

    ended = rules.turn_ended(state, 1)

    assert ended.passes == 12  # oldest house rule first, each building on the last
    assert outcome(rules.hooks["maumau_turn_ended"], state, 1) == folded_through_pluggy(
        rules, "maumau_turn_ended", state, 1
    )


class WrapsAPipeline:
    @hookimpl(wrapper=True)
    def maumau_follow_up(self) -> Any:
        return (yield)


def test_a_wrapper_on_a_pipeline_hook_is_refused() -> None:
    with pytest.raises(PluginError, match="a pipeline hook cannot be wrapped"):
        Rules("classic", [WrapsAPipeline()])


def test_a_collected_hook_with_one_answer_still_collects_it() -> None:
    """
    One plugin answering a collected hook gives a list of that one answer, as pluggy's caller does.
    """

    class Offers:
        @hookimpl
        def maumau_actions(self, seat: int) -> tuple[Action, ...]:
            return (DrawCards(seat),)

    state = new_game("classic", players=2, seed=1, plugins=[Offers()])

    assert state.rules.hooks["maumau_actions"](state, 0) == [(DrawCards(0),)]
    assert collected_through_pluggy(state.rules, "maumau_actions", state, 0) == ("answer", [(DrawCards(0),)])


def test_shared_events_and_actions_equal_freshly_made_ones() -> None:
    # Plays, suit choices and one-card draws are shared objects; each is the value it would be if made anew.
    seven, other_seven = Card("7", HEARTS), Card("7", HEARTS)
    assert cards_drawn(2, (seven,)) is cards_drawn(2, (seven,))
    assert cards_drawn(2, (other_seven,)) == CardsDrawn(2, 1, (seven,))
    assert cards_drawn(2, (other_seven,)).cards[0] is other_seven  # type: ignore[index]
    assert cards_drawn(1, (seven, other_seven)) == CardsDrawn(1, 2, (seven, other_seven))
    assert play_action(0, seven, "Mau") is play_action(0, seven, "Mau") == PlayCard(0, seven, "Mau")
    suits = ("♠", "♥")
    assert suit_actions(3, suits) is suit_actions(3, suits)
    assert suit_actions(3, suits) == (ChooseSuit(3, "♠"), ChooseSuit(3, "♥"))


def test_interleaved_games_each_keep_their_decks_distinctness() -> None:
    """
    Games of one variant with different decks asked in turn (many tables, many environments) each get their own.

    Classic plays one pack up to five players and two from six: a hand of
    the larger game may hold two alike cards, one of the smaller never.
    """
    small = [new_game("classic", players=2, seed=seed) for seed in range(3)]
    large = [new_game("classic", players=6, seed=seed) for seed in range(3)]
    rules = small[0].rules
    for _ in range(2):
        for two, six in zip(small, large, strict=True):
            assert rules.distinct_cards(two) is True
            assert rules.distinct_cards(six) is False
            assert len(rules.deck(six.options, 6)) == 2 * len(rules.deck(two.options, 2))


def test_interleaved_games_do_not_hash_their_decks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """
    Once each game's deck is known, asking games in turn whether their cards are distinct hashes no card.
    """
    games = [new_game("classic", players=players, seed=seed) for seed in range(3) for players in (2, 6)]
    rules = games[0].rules
    for game in games:
        rules.distinct_cards(game)
    hashed = []
    card_hash = Card.__hash__
    monkeypatch.setattr(Card, "__hash__", lambda card: hashed.append(card) or card_hash(card))
    for game in games * 3:
        rules.distinct_cards(game)
    assert hashed == []


class _SaysUno:
    """
    A house rule: "Uno" is due with the last but one card.
    """

    @hookimpl
    def maumau_calls(self) -> tuple[str, ...]:
        return ("Uno",)

    @hookimpl
    def maumau_expected_call(self, cards_left: int) -> str | None:
        return "Uno" if cards_left == 1 else None


def test_a_game_with_no_calls_asks_nothing_about_calls() -> None:
    """
    Where no plugin implements `maumau_expected_call`, the rules know that no call is ever due; a plugin that does
    implement it is asked, and its call is listed.
    """
    plain = new_game("crazy-eights-openspiel", players=2, seed=1)
    called = new_game("crazy-eights-openspiel", players=2, seed=1, plugins=[_SaysUno()])

    assert plain.rules.calls_due is False
    assert called.rules.calls_due is True
    assert all(action.call is None for action in legal_actions(plain) if isinstance(action, PlayCard))
    state = called
    while len(state.players[state.to_move or 0].hand) != 2 or not any(  # a turn with two cards and one to play
        isinstance(action, PlayCard) for action in legal_actions(state)
    ):
        state = apply(state, legal_actions(state)[0])
    assert any(isinstance(action, PlayCard) and action.call == "Uno" for action in legal_actions(state))
