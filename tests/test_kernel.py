"""
Tests for the kernel's promises: exactly what is listed is accepted, calls are canonical,
mechanics are opted into by plugins, and a state's value does not grow with its history.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence

import pytest
from attrs import evolve, frozen

from helpers import cards, deal, play, position
from maumau import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Action,
    Card,
    CardsDrawn,
    Challenge,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidActionError,
    InvalidCallError,
    Pass,
    Pending,
    PlayCard,
    PlayerView,
    PluginError,
    Reason,
    Resign,
    Slot,
    _state,
    apply,
    flow,
    from_json,
    hookimpl,
    is_legal,
    legal_actions,
    new_game,
    read_call,
    to_json,
    view,
)
from maumau import testing as kit
from maumau.mechanics import Challenges, JumpIns
from maumau.mechanics.challenges import offenders
from maumau.testing import ODD_CALLS, check_illegal_actions, check_json, random_game

VARIANTS = ("classic", "penalty-52", "sau-mau-mau", "ccw-house")
CALLING = {"sau-mau-mau": {"mau_calls": True}}
HANDS = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c 9d Qc 10s")


class ChallengesAtClassic:
    """
    House rule: missed calls may be challenged until the next player completes a turn.
    """

    @hookimpl
    def maumau_mechanics(self) -> Sequence[object]:
        return (Challenges(closes="turn"),)


@frozen
class Shout(Action, kind="test_kernel_shout"):
    """
    An action that no plugin applies.
    """


class ListsAShout:
    """
    A broken house rule: it lists a `Shout` for every seat, which nobody can carry out.
    """

    @hookimpl
    def maumau_actions(self, seat: int) -> Sequence[Action]:
        return (Shout(seat),)


LISTS_A_SHOUT = ListsAShout()


class ForcedPlay:
    """
    House rule: a player who can play must, a debt they can answer included.
    """

    @hookimpl
    def maumau_may_decline(self) -> bool:
        return False


class TestExactness:
    """
    `maumau.legal_actions` lists exactly what `maumau.apply` accepts.
    """

    def test_forced_play_with_an_answerable_debt_must_answer_it(self) -> None:
        """
        With forced play, a debtor holding a 7 must add it: drawing the debt is neither listed nor accepted.
        """
        state = deal(["Kc Qd 9s 10c As", "7h 8h Jc 9c Qh", "7c 7s 9d Qc 10s"], starter="Kh", plugins=[ForcedPlay()])
        owed = play(state, 1, "7h")  # seat 2 owes 2 and holds two 7s

        listed = legal_actions(owed)

        assert [str(action) for action in listed] == ["seat 2 plays 7♣", "seat 2 plays 7♠", "seat 2 resigns"]
        assert not is_legal(owed, DrawCards(2))
        with pytest.raises(IllegalActionError, match="must play"):
            apply(owed, DrawCards(2))

    @pytest.mark.parametrize("variant", VARIANTS)
    def test_odd_call_text_is_never_listed_and_always_refused(self, variant: str) -> None:
        """
        Only a variant's own calls, spelt as it spells them, go with a card; anything else is refused.
        """
        for step, state in enumerate(_states(variant, seed=3, steps=120)):
            seat = state.to_move
            if seat is None or step % 7:
                continue
            calls = {action.call for action in legal_actions(state) if isinstance(action, PlayCard)}
            assert calls <= {None, *state.rules.calls(state.options)}
            for card in dict.fromkeys(state.players[seat].hand):
                for odd in set(ODD_CALLS) - set(state.rules.calls(state.options)):
                    with pytest.raises((IllegalActionError, InvalidActionError)) as refused:
                        apply(state, PlayCard(seat, card, odd))
                    assert len(str(refused.value)) < 400

    def test_a_call_is_read_from_typed_text(self) -> None:
        """
        "MAU!", "mau" and " Mau " are the call "Mau"; the action must carry it as the variant spells it.
        """
        state = new_game("penalty-52", players=2, seed=1)

        assert [read_call(state, text) for text in ("MAU!", "mau", " Mau ", "mau-mau", "MauMau")] == [
            "Mau",
            "Mau",
            "Mau",
            "Mau Mau",
            "Mau Mau",
        ]
        assert read_call(state, "") is None
        with pytest.raises(InvalidCallError, match="'uno'; the calls are 'Mau', 'Mau Mau'"):
            read_call(state, "uno")

    def test_a_ruling_on_the_call_is_asked_only_when_a_call_is_due(self) -> None:
        """
        A play with no call due is listed without one: `maumau_judge_call` is not asked; with "Mau" due, it is.
        """
        asked: list[str | None] = []

        class Ruling:
            @hookimpl
            def maumau_judge_call(self, expected: str | None) -> None:
                asked.append(expected)

        state = position(
            new_game("classic", players=2, seed=1, plugins=[Ruling()]),
            hands=["9h Kh Qh", "7c 8c"],
            discard_pile="10h",
            to_move=0,
        )
        state = apply(state, PlayCard(0, Card.parse("9h")))  # two cards left: nothing due
        assert asked == []

        state = apply(state, DrawCards(1))
        state = apply(state, Pass(1))
        apply(state, PlayCard(0, Card.parse("Kh"), "Mau"))  # one card left: "Mau" due

        assert asked == ["Mau"]

    def test_a_call_of_the_wrong_spelling_is_refused_with_its_reason(self) -> None:
        """
        "mau" is not classic's "Mau": the refusal says so, and points to the reader of typed calls.
        """
        state = position(deal(HANDS, starter="Ah"), hands=["Kc Qd 9s 10c As", "9h 8c", "7c 8d 9d Qc 10s"])

        with pytest.raises(IllegalActionError) as refused:
            apply(state, PlayCard(1, Card.parse("9h"), "mau"))

        assert refused.value.reason is Reason.BAD_CALL
        assert "maumau.read_call" in str(refused.value)
        assert is_legal(state, PlayCard(1, Card.parse("9h"), read_call(state, "mau")))

    def test_an_action_listed_but_applied_by_nobody_is_a_plugin_error(self) -> None:
        """
        A plugin that lists an action it cannot apply is a broken plugin, named as such.
        """

        state = new_game("classic", players=2, seed=1, plugins=[LISTS_A_SHOUT])

        assert Shout(1) in legal_actions(state)
        with pytest.raises(PluginError, match="no plugin applies it"):
            apply(state, Shout(1))


def _states(variant: str, *, seed: int, steps: int) -> list[GameState]:
    """
    The states of a random game of *variant*, the due calls always said.
    """
    import random

    rng = random.Random(seed)
    state = new_game(variant, players=3, seed=seed, options=CALLING.get(variant))
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.pending.seat if state.pending is not None else state.to_move
        actions = [a for a in legal_actions(state, seat) if not isinstance(a, Resign)]
        state = apply(state, rng.choice(actions))
        states.append(state)
    return states


class TestConformanceKit:
    """
    `maumau.testing` catches a listing that leaves out what `apply` accepts, and a listed action that fails.
    """

    def test_the_kit_catches_an_accepted_action_that_is_not_listed(self, monkeypatch: pytest.MonkeyPatch) -> None:
        state = new_game("classic", players=3, seed=7)
        truthful = kit.legal_actions

        def hides_the_draw(state: GameState, player: int | None = None) -> tuple[Action, ...]:
            return tuple(action for action in truthful(state, player) if not isinstance(action, DrawCards))

        monkeypatch.setattr(kit, "legal_actions", hides_the_draw)

        with pytest.raises(AssertionError, match="accepted by apply but not listed"):
            check_illegal_actions(state)

    def test_the_kit_catches_a_listed_action_that_apply_refuses(self) -> None:
        state = new_game("classic", players=2, seed=1, plugins=[LISTS_A_SHOUT])

        with pytest.raises(AssertionError, match="listed by legal_actions but rejected"):
            check_illegal_actions(state)


class TestMechanicsAreOptedInto:
    """
    A mechanic is a plugin: a house rule can bring one to a variant that lacks it, with no kernel change.
    """

    def test_jump_ins_as_a_house_rule_of_classic(self) -> None:
        """
        Six players share two packs, so identical cards exist: with `JumpIns`, the top card's twin may go out of turn.
        """
        hands = [
            "Kc Qd 9s 10c 7d",
            "Kh 8c Jc 9c 7c",
            "7c 8d 9d Qc 7d",
            "Kh 7s 8s 9h 10d",
            "Ac Ad As Ah 10s",
            "Jh Qh Jd Js Qs",
        ]
        plain = apply(deal(hands, starter="10h"), PlayCard(1, Card.parse("Kh")))
        jumping = apply(deal(hands, starter="10h", plugins=[JumpIns()]), PlayCard(1, Card.parse("Kh")))
        twin = PlayCard(3, Card.parse("Kh"))

        assert not is_legal(plain, twin)
        assert twin in legal_actions(jumping, 3)
        after = apply(jumping, twin)
        assert (after.to_move, after.top) == (
            4,
            Card.parse("Kh"),
        )  # play goes on from the thrower; seat 2 is passed over

    def test_going_out_with_a_call_missed_waits_for_the_window_when_challenges_are_a_house_rule(self) -> None:
        """
        Classic with `Challenges`: the kernel's "an empty hand wins" holds only once nobody can challenge the call.
        """
        rule = ChallengesAtClassic()
        options = {"mau_mau_call": True}
        dealt = deal(HANDS, starter="Ah", options=options, plugins=[rule])
        state = position(dealt, hands=["Kc Qd 9s 10c As", "9h", "7c 8d 9d Qc 10s"])

        out = play(state, 1, "9h")  # no "Mau-Mau"

        assert (out.rounds, offenders(out)) == ((), (1,))
        closed = play(out, 2, "9d")  # the next player completes a turn: the window closes, unchallenged
        assert closed.rounds[-1].winners == (1,)
        challenged = apply(out, Challenge(0, 1))
        assert (challenged.rounds, len(challenged.players[1].hand)) == ((), 2)

    def test_a_games_mechanics_say_what_they_are(self) -> None:
        """
        The rules of a game list their mechanics in words, settings included, for whoever debugs a variant.
        """
        words = {
            name: [repr(mechanic) for mechanic in new_game(name, players=3, seed=1).rules.mechanics]
            for name in VARIANTS
        }

        assert words == {
            "classic": [],
            "penalty-52": ["Challenges(closes='turn', take_back=False)"],
            "sau-mau-mau": [
                "Challenges(closes='action', take_back=True)",
                "Board(RaceBoard)",
                "Choices(bet, push_back, rearmost_pig, race_end)",
            ],
            "ccw-house": ["Challenges(closes='action', take_back=False)", "JumpIns()", "Placings()"],
        }

    def test_a_plugin_keeps_its_own_state_in_a_slot(self) -> None:
        """
        A slot's value is compared, saved and viewed like the kernel's fields, under its owner's rules.
        """
        PLAYS = Slot("plays", int, default=0, per_round=False, view=lambda state, seat, value: value)

        class CountsPlays:
            @hookimpl
            def maumau_slots(self) -> Sequence[Slot[int]]:
                return (PLAYS,)

            @hookimpl
            def maumau_follow_up(self, state: GameState) -> GameState:
                return PLAYS.put(state, PLAYS.get(state) + 1)

        counting = CountsPlays()
        state = random_game("classic", players=2, seed=5, plugins=[counting], options={"target": 20})
        plays = sum(isinstance(action, PlayCard) for action in state.actions)

        assert PLAYS.get(state) == plays > 0
        assert PLAYS.get(from_json(to_json(state), GameState, plugins=[counting])) == plays
        assert PLAYS.get(view(state, 0)) == plays
        assert PLAYS.get(from_json(to_json(view(state, 0)), PlayerView, plugins=[counting])) == plays
        check_json(state, [counting])  # the kit reads states and views back with the game's house rules

    @pytest.mark.parametrize(
        ("held", "put", "expected"),
        [
            ((), ("b", 2), (("b", 2),)),  # the first slot
            ((("b", 1),), ("b", 2), (("b", 2),)),  # the one slot held, changed
            ((("b", 1),), ("b", 0), ()),  # the one slot held, back to its default: left out
            ((("c", 3),), ("b", 2), (("b", 2), ("c", 3))),  # another slot held: the pairs stay sorted
            ((("a", 1), ("c", 3)), ("b", 2), (("a", 1), ("b", 2), ("c", 3))),
            ((("a", 1), ("b", 2)), ("b", 0), (("a", 1),)),
            ((("a", 1),), ("b", 0), (("a", 1),)),  # a default where the slot is not held: nothing to add
        ],
    )
    def test_a_slot_holding_its_default_is_left_out_and_the_slots_stay_sorted(
        self, held: tuple[tuple[str, int], ...], put: tuple[str, int], expected: tuple[tuple[str, int], ...]
    ) -> None:
        name, value = put
        state = evolve(new_game("classic", players=2, seed=1), slots=held)

        assert Slot(name, int, default=0).put(state, value).slots == expected
        assert state.slots == held  # the state put into is unchanged


class TestValue:
    """
    A state's value is its position: history rides along outside equality and the hash.
    """

    def test_finished_rounds_do_not_make_equal_positions_differ(self) -> None:
        state = random_game("classic", players=2, seed=8, options={"target": 60})
        assert len(state.rounds) > 1

        forgetful = evolve(state, rounds=state.rounds[:1])

        assert forgetful == state
        assert hash(forgetful) == hash(state)

    def test_the_hash_is_computed_once(self, monkeypatch: pytest.MonkeyPatch) -> None:
        state = new_game("classic", players=3, seed=1)
        first = hash(state)

        def computed_again(_: GameState) -> int:
            raise AssertionError("the hash was computed again")

        monkeypatch.setattr(_state, "_value_hash", computed_again)

        assert hash(state) == first


class TestMatching:
    """
    The kernel's matching (`maumau.flow.matching`), which variants extend with the ranks that go on anything.
    """

    def _table(self, top: str, hand: str, wish: str | None = None) -> tuple[GameState, tuple[Card, ...]]:
        state = position(new_game("classic", players=2, seed=0), hands=[hand, "7c"], discard_pile=top, wish=wish)
        return state, state.players[0].hand

    def test_a_card_follows_the_top_cards_suit_or_rank(self) -> None:
        state, hand = self._table("9h", "Kh 9s Qc")
        assert flow.matching(state, hand) == cards("Kh 9s")

    def test_a_wish_replaces_the_top_cards_suit_and_rank(self) -> None:
        state, hand = self._table("Jh", "Kh 9s Qc", wish=SPADES)
        assert flow.matching(state, hand) == cards("9s")

    def test_a_wild_rank_goes_on_anything_in_hand_order(self) -> None:
        state, hand = self._table("9h", "Jc Qc Kh Js")
        assert flow.matching(state, hand, {"J"}) == cards("Jc Kh Js")

    def test_a_wild_rank_answers_a_wish(self) -> None:
        state, hand = self._table("Jh", "Jc Qs 9d", wish=DIAMONDS)
        assert flow.matching(state, hand, {"J"}) == cards("Jc 9d")

    def test_a_wild_card_never_goes_on_a_wild_card_when_barred(self) -> None:
        state, hand = self._table("Jh", "Jc Jd 9d", wish=DIAMONDS)
        assert flow.matching(state, hand, {"J"}, wild_on_wild=False) == cards("9d")

    def test_nothing_matches_while_a_debt_or_a_skip_is_owed(self) -> None:
        state, hand = self._table("9h", "Jc Kh")
        assert flow.matching(evolve(state, debt=2), hand, {"J"}) == ()
        assert flow.matching(evolve(state, skips=1), hand, {"J"}) == ()


class TestSteps:
    """
    Required draws, recycling, passes and turn order, as the kernel's steps do them for every variant.
    """

    def test_a_discard_pile_of_only_the_top_card_is_not_recycled(self) -> None:
        # Seat 1 owes 2 with nothing left to draw: nothing is shuffled, so no later shuffle changes.
        start = deal(HANDS, "9h")
        state = position(start, draw_pile=(), discard_pile=(start.top,), debt=2)

        after = apply(state, DrawCards(1))

        assert after.events == (CardsDrawn(1, 0, ()),)
        assert (after.shuffles, after.discard_pile, after.debt) == (state.shuffles, (start.top,), 0)

    def test_a_short_required_draw_tells_the_rules_how_many_cards_are_missing(self) -> None:
        # Seat 1 owes 4 and 3 cards can be drawn (2 in the pile, 1 below the top card): 1 is missing.
        reported: list[int] = []

        class Counts:
            @hookimpl
            def maumau_draw_shortfall(self, state: GameState, seat: int, missing: int) -> None:
                reported.append(missing)

        start = deal(HANDS, "9h", plugins=[Counts()])
        state = position(start, draw_pile=start.draw_pile[:2], discard_pile=(start.draw_pile[2], start.top), debt=4)

        after = apply(state, DrawCards(1))

        assert reported == [1]
        assert len(after.players[1].hand) == len(state.players[1].hand) + 3

    def test_a_play_ends_a_run_of_passes(self) -> None:
        # Seat 2 passed with nothing to play or draw; seat 0 plays, and the round is one pass further from blocked.
        state = position(deal(HANDS, "Ad"), draw_pile=(), to_move=0, passes=1)

        after = play(state, 0, "As")

        assert after.passes == 0

    def test_a_decision_still_to_take_keeps_the_skip_the_turn_owes(self) -> None:
        # A plugin's follow-up asked seat 0 to decide, owing a skip; completing the step with no skip of its own
        # leaves the decision and its skip as they were, and the turn with seat 0.
        state = deal(HANDS, "Ad")
        waiting = position(state, to_move=0, pending=Pending(0, "test_kernel_choice", ("a", "b"), skip=1))

        for skip in (0, 1):
            assert flow.complete_turn(waiting, 0, skip).pending == Pending(0, "test_kernel_choice", ("a", "b"), skip=1)
        assert flow.complete_turn(waiting, 0, 2).pending == Pending(0, "test_kernel_choice", ("a", "b"), skip=2)
        assert flow.complete_turn(waiting, 0).to_move == 0

    def test_a_card_leaves_the_hand_as_that_very_card_else_as_the_first_copy_equal_to_it(self) -> None:
        first, king, second = Card("7", HEARTS), Card("K", CLUBS), Card("7", HEARTS)  # two copies, as decks may hold
        hand = (first, king, second)

        assert [id(card) for card in flow.without_card(hand, second)] == [id(first), id(king)]
        assert [id(card) for card in flow.without_card(hand, Card("7", HEARTS))] == [id(king), id(second)]
        assert flow.without_card(hand, king) == (first, second)

    def test_walking_to_a_seat_that_nobody_matches_stays_where_it_started(self) -> None:
        state = deal(HANDS, "9h")

        assert flow.walk(state, 1, lambda seat: seat == 0) == 0
        assert flow.walk(state, 1, lambda seat: False) == 1


class TestShuffles:
    """
    Deals depend on the game's seed and the shuffle's number only.
    """

    @pytest.mark.parametrize("size", [0, 1, 2, 11, 32, 108])
    def test_a_shuffle_is_the_order_random_shuffle_gives_for_that_seed(self, size: int) -> None:
        for seed in (0, 1, 2**40 + 3, 2**63 - 1):
            for number in (0, 1, 17):
                order = list(range(size))
                random.Random(f"{seed}/{number}").shuffle(order)
                assert flow.shuffle_order(seed, number, tuple(range(size))) == tuple(order)


class TestStates:
    """
    New states are built so that reading their fields stays fast and a kept state stays small: the set-up and the
    standing are held once, the rest in slots, under the names a state has always had.
    """

    def _played(self, actions: int = 40, state: GameState | None = None) -> GameState:
        state = new_game("classic", players=3, seed=4) if state is None else state
        rng = random.Random(4)
        for _ in range(actions):
            state = apply(state, rng.choice([a for a in legal_actions(state) if not isinstance(a, Resign)]))
        return state

    def test_a_state_is_made_again_from_its_fields_by_their_names(self) -> None:
        state = self._played()

        again = GameState(**{name: getattr(state, name) for name in flow.STATE_FIELD_NAMES})

        assert again == state
        assert [getattr(again, name) for name in flow.STATE_FIELD_NAMES] == [
            getattr(state, name) for name in flow.STATE_FIELD_NAMES
        ]

    @pytest.mark.parametrize(("name", "value"), [("variant", "other"), ("seed", 9), ("round", 7), ("dealer", 2)])
    def test_a_field_of_the_set_up_or_the_standing_is_changed_by_its_name(self, name: str, value: object) -> None:
        state = self._played()

        changed = evolve(state, **{name: value})

        assert getattr(changed, name) == value
        assert changed != state
        others = [each for each in flow.STATE_FIELD_NAMES if each != name]
        assert [getattr(changed, each) for each in others] == [getattr(state, each) for each in others]
        assert flow.evolve_state(state, {name: value}) == changed

    def test_the_states_of_a_round_share_one_set_up_and_one_standing(self) -> None:
        first = new_game("classic", players=3, seed=4)
        later = self._played(10, state=first)
        assert (later.round, later.shuffles) == (first.round, first.shuffles)  # no new round, no reshuffle yet

        assert later._set_up is first._set_up
        assert later._standing is first._standing

    def test_a_class_pattern_binds_the_fields_by_their_names(self) -> None:
        state = self._played()

        match state:
            case GameState(variant, _, options, seed):
                assert (variant, options, seed) == (state.variant, state.options, state.seed)
            case _:
                pytest.fail("no match")

    def test_a_state_keeps_no_dict_of_its_own(self) -> None:
        state = self._played()

        assert not hasattr(state, "__dict__")
        assert weakref.ref(state)() is state

    def test_a_copy_past_the_bound_of_generated_copies_is_the_same_copy(self, monkeypatch: pytest.MonkeyPatch) -> None:
        state = self._played()
        changes = {"debt": 2, "round": 5, "house_rules": ("x",), "to_move": 0}
        generated = flow.evolve_state(state, changes)

        monkeypatch.setattr(_state, "_COPIERS", _state._Copiers())
        monkeypatch.setattr(_state, "_COPIERS_LIMIT", 0)
        generically = flow.evolve_state(state, changes)

        assert [getattr(generically, name) for name in flow.STATE_FIELD_NAMES] == [
            getattr(generated, name) for name in flow.STATE_FIELD_NAMES
        ]
        with pytest.raises(TypeError, match="colour"):
            flow.evolve_state(state, colour=1)

    def test_an_evolved_state_keeps_nothing_remembered_of_the_state_it_came_from(self) -> None:
        state = new_game("classic", players=3, seed=1)
        hash(state)
        listed = legal_actions(state)

        later = flow.evolve_state(flow.evolve_state(state, debt=2), {"skips": 1})

        assert (later.debt, later.skips) == (2, 1)
        assert later.memo is None
        assert legal_actions(later) != listed  # listed for its own debt, not the listing of the state it came from
        assert hash(later) != hash(state)

    def test_an_unknown_field_is_refused_in_either_form(self) -> None:
        state = new_game("classic", players=3, seed=1)
        with pytest.raises(TypeError, match="colour"):
            flow.evolve_state(state, colour=1)
        with pytest.raises(TypeError, match="colour"):
            flow.evolve_state(state, {"colour": 1})
