"""
The kernel's vocabulary for the wider family, one test per rule, on stacked decks.

Each rule comes from the family's rule texts (summarised with their sources
in the project's research notes, and on the pages of the games that play
it): several cards in one play (Switch, Macau, Makao, Black Jack), another
turn (Pesten's 7, Taki's King), rank wishes (Makao's jack), effects on
other seats (Whot's general market, Makao's 4s), kinds of debt (Whot's 2s
and 5s, Switch's jacks), draw rules (Crazy Eights, Taki), calls worked out
from the play, a challenge of a play's legality (Uno's Wild Draw Four) and
finishing rules (Pesten, Faraón).  The tables are built from the test
plugin in ``tests/family.py``: classic on the 52-card pack with the effects
and mechanics a test names.
"""

from __future__ import annotations

import pytest

from family import FULL, family, family_game
from helpers import cards, draw, pass_, position
from maumau import (
    CallRuling,
    Card,
    CardPlayed,
    Challenge,
    ChooseSuit,
    DrawCards,
    DrawRule,
    Effect,
    GameState,
    HandsPassed,
    IllegalActionError,
    Knowledge,
    Pass,
    PenaltyDrawn,
    PlayCard,
    PlaysAgain,
    Reason,
    TurnSkipped,
    apply,
    french_deck,
    legal_actions,
    parse_card,
    sample_state,
    spectate,
    view,
)
from maumau import testing as kit
from maumau.mechanics import (
    ChallengePlay,
    Challenges,
    ChooseRank,
    Combinations,
    Finishing,
    HandShown,
    JumpIns,
    Placings,
    PlayChallenges,
    RankWishes,
    Stacking,
)
from maumau.mechanics.challenges import offenders
from maumau.mechanics.placings import PlayerRevived, placed
from maumau.mechanics.wishes import wished_rank

TWO, EIGHT, JACK = Effect(draw=2), Effect(skip=1), Effect(choose_suit=True)


def put(state: GameState, seat: int, *played: str, call: str | None = None) -> GameState:
    """
    *seat* puts *played* down as one play: every card but the last with ``more``, the last saying *call*.
    """
    *first, last = (parse_card(text) for text in played)
    for card in first:
        state = apply(state, PlayCard(seat, card, None, True))
    return apply(state, PlayCard(seat, last, call))


def listed(state: GameState, seat: int | None = None) -> set[str]:
    """
    The legal actions of *seat* (the seat to move) as text, resigning left out.
    """
    return {str(action) for action in legal_actions(state, seat) if "resigns" not in str(action)}


def refused(state: GameState, action: object) -> IllegalActionError:
    """
    The error that *action* gets, checking that *state* is left as it was.
    """
    before = repr(state)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)  # type: ignore[arg-type]
    assert repr(state) == before
    return caught.value


class TestSeveralCardsInOnePlay:
    """
    Sets of one rank, runs in a suit and their variations go down as one play (`Combinations`).
    """

    def test_three_twos_make_the_next_player_draw_six(self) -> None:
        state = family_game(
            ["9c 9d 5c 6c 7c", "2h 2s 2d Kc Qc", "3h 4h 5h 6h 7h"],
            "9h",
            effects={"2": TWO},
            mechanics=(Combinations(), Stacking()),
        )

        state = put(state, 1, "2h", "2s", "2d")

        assert (state.to_move, state.debt) == (2, 6)
        assert len(draw(state, 2).players[2].hand) == 5 + 6

    def test_two_eights_skip_two_players(self) -> None:
        state = family_game(
            ["9c 9d 5c 6c 7c", "8h 8s Kd Kc Qc", "3h 4h 5h 6h 7h", "3c 4c 5d 6d 7d"],
            "9h",
            effects={"8": EIGHT},
            mechanics=(Combinations(),),
        )

        state = put(state, 1, "8h", "8s")

        assert state.to_move == 0
        assert [event.seat for event in state.events if isinstance(event, TurnSkipped)] == [2, 3]

    def test_the_last_card_sets_the_suit(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "9h 9s Kd Kc Qc"], "4h", mechanics=(Combinations(),))

        state = put(state, 1, "9h", "9s")

        assert state.top == parse_card("9s")
        assert listed(state) == {"seat 0 plays 9♣", "seat 0 draws"}

    def test_a_jack_among_them_still_wishes_once_the_play_ends(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "10h Jh Qh Kc Qc"],
            "4h",
            effects={"J": JACK},
            mechanics=(Combinations(sets=False, runs="up"),),
        )

        state = put(state, 1, "10h", "Jh", "Qh")

        assert state.pending is not None
        assert (state.pending.seat, state.pending.kind) == (1, "suit")
        state = apply(state, ChooseSuit(1, "♣"))
        assert (state.to_move, state.wish) == (0, "♣")

    def test_the_first_card_matches_the_pile_and_the_others_follow_it(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "2h 2s Kd Kc Qc"], "9h", mechanics=(Combinations(),))

        assert "seat 1 plays 2♥, more to follow" in listed(state)
        assert not {"seat 1 plays 2♠", "seat 1 plays 2♠, more to follow"} & listed(state)

    def test_a_card_nothing_could_follow_is_not_offered_with_more(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "2h 3s Kd Kc Qc"], "9h", mechanics=(Combinations(),))

        assert "seat 1 plays 2♥" in listed(state)
        assert "seat 1 plays 2♥, more to follow" not in listed(state)
        error = refused(state, PlayCard(1, parse_card("2h"), None, True))
        assert error.reason is Reason.PLAY_OPEN
        assert "nothing in seat 1's hand could follow 2♥ to end a play" in str(error)

    @pytest.mark.parametrize(
        ("card", "reason", "words"),
        [
            ("3s", Reason.PLAY_OPEN, "3♠ does not follow 2♥ in one play"),  # another rank
            ("2h", Reason.NOT_IN_HAND, "2♥ is not in seat 1's hand"),  # played already: a duplicate
            ("2c", Reason.NOT_IN_HAND, "2♣ is not in seat 1's hand"),  # never held
        ],
    )
    def test_a_card_that_does_not_follow_is_refused(self, card: str, reason: Reason, words: str) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "2h 2s 3s Kc Qc"], "9h", mechanics=(Combinations(),))
        state = apply(state, PlayCard(1, parse_card("2h"), None, True))

        error = refused(state, PlayCard(1, parse_card(card)))

        assert error.reason is reason
        assert words in str(error)

    def test_a_first_card_that_does_not_match_is_refused_as_any_card_is(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "2s 2d Kd Kc Qc"], "9h", mechanics=(Combinations(),))

        error = refused(state, PlayCard(1, parse_card("2s"), None, True))

        assert error.reason is Reason.NO_MATCH
        assert "2♠ does not match the top card 9♥" in str(error)

    def test_a_call_where_none_is_due_is_refused_at_the_end_of_a_play(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "2h 2s Kd Kc Qc"], "9h", mechanics=(Combinations(),))
        state = apply(state, PlayCard(1, parse_card("2h"), None, True))

        error = refused(state, PlayCard(1, parse_card("2s"), "Mau"))

        assert error.reason is Reason.BAD_CALL
        assert "no call is due with 2♠" in str(error)

    def test_a_run_out_of_order_is_refused(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "5h 6h 7h Kc Qc"], "9h", mechanics=(Combinations(sets=False, runs="up"),)
        )
        state = apply(state, PlayCard(1, parse_card("5h"), None, True))

        error = refused(state, PlayCard(1, parse_card("7h")))

        assert "7♥ does not follow 5♥ in one play (a run up in one suit)" in str(error)
        assert listed(state) == {"seat 1 plays 6♥", "seat 1 plays 6♥, more to follow"}

    def test_an_open_play_must_go_on_before_anything_else(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "2h 2s 3s Kc Qc"], "9h", mechanics=(Combinations(),))
        state = apply(state, PlayCard(1, parse_card("2h"), None, True))

        assert refused(state, DrawCards(1)).reason is Reason.PLAY_OPEN
        assert refused(state, Pass(1)).reason is Reason.PLAY_OPEN

    def test_a_call_is_judged_once_on_the_hand_the_whole_play_leaves(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "8d 8h 8s 8c Qd"], "9d", mechanics=(Combinations(),))

        state = apply(state, PlayCard(1, parse_card("8d"), None, True))
        state = apply(state, PlayCard(1, parse_card("8h"), None, True))
        state = apply(state, PlayCard(1, parse_card("8s"), None, True))

        # the last 8 leaves one card: "Mau" is due with it, and with no card before it
        assert {"seat 1 plays 8♣ saying 'Mau'", "seat 1 plays 8♣"} <= listed(state)
        assert refused(state, PlayCard(1, parse_card("8c"), "Mau", True)).reason is Reason.BAD_CALL
        silent = apply(state, PlayCard(1, parse_card("8c")))
        assert [event.reason for event in silent.events if isinstance(event, PenaltyDrawn)] == ["missed 'Mau'"]
        said = apply(state, PlayCard(1, parse_card("8c"), "Mau"))
        assert not [event for event in said.events if isinstance(event, PenaltyDrawn)]

    def test_a_card_that_more_cards_follow_owes_no_call(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "8d 8h 5s Kc Qd"], "9d", mechanics=(Combinations(),))

        # alone, the 8♦ would leave four cards; with the 8♥ three: nothing is due either way
        assert {"seat 1 plays 8♦, more to follow", "seat 1 plays 8♦"} <= listed(state)
        state = put(state, 1, "8d", "8h")
        assert not [event for event in state.events if isinstance(event, PenaltyDrawn)]

    def test_the_events_tell_one_play_of_several_cards(self) -> None:
        state = family_game(
            ["9c 9d 5c 6c 7c", "8h 8s Kd Kc Qc", "3h 4h 5h 6h 7h"],
            "9h",
            effects={"8": EIGHT},
            mechanics=(Combinations(),),
        )
        state = apply(state, PlayCard(1, parse_card("8h"), None, True))
        opened = state.events

        state = apply(state, PlayCard(1, parse_card("8s")))

        assert opened == (CardPlayed(1, parse_card("8h"), None, False, True),)
        assert state.events == (CardPlayed(1, parse_card("8s")), TurnSkipped(2), TurnSkipped(0))

    def test_runs_go_up_in_one_suit(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "5h 6h 7h 7s Qc"], "9h", mechanics=(Combinations(sets=False, runs="up"),)
        )

        state = put(state, 1, "5h", "6h", "7h")

        assert state.to_move == 0
        assert state.players[1].hand == cards("7s Qc")

    def test_a_run_either_way_keeps_the_way_it_started(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "7h 6h 8h 5h Qc"], "9h", mechanics=(Combinations(sets=False, runs="either"),)
        )
        state = apply(state, PlayCard(1, parse_card("7h"), None, True))
        assert {"seat 1 plays 6♥, more to follow", "seat 1 plays 8♥"} <= listed(state)

        state = apply(state, PlayCard(1, parse_card("6h"), None, True))

        assert listed(state) == {"seat 1 plays 5♥"}

    def test_with_switch_a_run_goes_on_through_a_card_of_the_same_rank(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "5h 6h 6s 7s Qc"],
            "9h",
            mechanics=(Combinations(sets=True, runs="up", switch=True),),
        )

        state = put(state, 1, "5h", "6h", "6s", "7s", call="Mau")

        assert state.players[1].hand == cards("Qc")

    @pytest.mark.parametrize(
        "combinations",
        [
            Combinations(),
            Combinations(sets=False, runs="up"),
            Combinations(sets=True, runs="either", switch=True),
            Combinations(runs="down", most=3),
            Combinations(sets=False, covered="A", wild="J"),
            Combinations(alone="8", suit_runs="2", runs="up"),
        ],
        ids=repr,
    )
    def test_what_may_follow_a_plays_first_card_is_what_follows_allows(self, combinations: Combinations) -> None:
        # The followers of a play's first card are worked out once per pair of cards: asked twice, in either
        # order of the hand, they are those the rule allows, card by card.
        deck = french_deck()
        state = family_game(["9c 10d 5c 6c 7c", "2h 2s Kd Kc Qc"], "9h", mechanics=(combinations,))
        for _ in range(2):
            for first in deck:
                hand = tuple(card for card in deck if card != first)
                expected = tuple(card for card in hand if combinations.follows((first,), card))
                assert combinations.maumau_play_follows(state, 1, (first,), hand) == expected
                reversed_hand = hand[::-1]
                assert combinations.maumau_play_follows(state, 1, (first,), reversed_hand) == expected[::-1]

    def test_without_switch_a_run_does_not_turn_into_a_set(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "5h 6h 6s 7h Qc"], "9h", mechanics=(Combinations(sets=True, runs="up"),)
        )
        state = apply(state, PlayCard(1, parse_card("5h"), None, True))

        state = apply(state, PlayCard(1, parse_card("6h"), None, True))

        assert listed(state) == {"seat 1 plays 7♥"}

    def test_a_play_holds_at_most_what_the_game_allows(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "2h 2s 2d Kc Qc"], "9h", mechanics=(Combinations(most=2),))
        state = apply(state, PlayCard(1, parse_card("2h"), None, True))

        assert listed(state) == {"seat 1 plays 2♠", "seat 1 plays 2♦"}

    def test_some_cards_never_go_down_with_others(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "Ah As 2d Kc Qc"], "9h", mechanics=(Combinations(alone="A"),))

        assert "seat 1 plays A♥" in listed(state)
        assert "seat 1 plays A♥, more to follow" not in listed(state)

    def test_cards_of_its_suit_follow_a_suit_opener(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "7h 2h Kh 2s Qc"], "9h", mechanics=(Combinations(sets=False, suit_runs="7"),)
        )

        state = put(state, 1, "7h", "Kh", "2h")

        assert state.players[1].hand == cards("2s Qc")

    def test_a_covered_card_may_only_go_down_with_another_card(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "Ah 4h 9s Kc Qc"], "9h", mechanics=(Combinations(sets=False, covered="A"),)
        )

        assert "seat 1 plays A♥" not in listed(state)
        assert "seat 1 plays A♥, more to follow" in listed(state)
        error = refused(state, PlayCard(1, parse_card("Ah")))
        assert "A♥ may only be played together with another card after it" in str(error)
        state = apply(state, PlayCard(1, parse_card("Ah"), None, True))
        assert listed(state) == {"seat 1 plays 4♥"}

    def test_nobody_jumps_into_an_open_play(self) -> None:
        # two packs, so that seat 0 holds a twin of the 2♥ that opens seat 1's play
        state = family_game(
            ["9c 2h 5c 6c 7c", "2h 2s Kd Kc Qc"], "9h", mechanics=(Combinations(), JumpIns()), deck=FULL + FULL
        )

        opened = apply(state, PlayCard(1, parse_card("2h"), None, True))
        alone = apply(state, PlayCard(1, parse_card("2h")))

        assert listed(opened, 0) == set()
        assert "seat 0 plays 2♥" in listed(alone, 0)  # once a play is over, its top card's twin may jump in

    def test_a_card_thrown_in_out_of_turn_goes_alone(self) -> None:
        state = family_game(
            ["9c 2h 2s 6c 7c", "2h 4s Kd Kc Qc", "3c 4c 5c 6d 8d"],
            "9h",
            mechanics=(Combinations(), JumpIns()),
            deck=FULL + FULL,
        )

        state = apply(state, PlayCard(1, parse_card("2h")))  # seat 0 holds the twin 2♥, and a 2♠ that could follow

        assert listed(state, 0) == {"seat 0 plays 2♥"}

    def test_the_kit_finds_every_play_of_several_cards_exact(self) -> None:
        rule = family(
            effects={"2": TWO, "8": EIGHT, "J": JACK},
            mechanics=(Combinations(sets=True, runs="either", switch=True, covered="A"), Stacking()),
        )

        kit.check_variant("classic", players=[2, 3], plugins=[rule], games=3)


#: Tables that use the new vocabulary together, each passed through the whole conformance kit.
TABLES = {
    "another turn, turns to sit out, effects on others": {
        "effects": {
            "7": Effect(again="must"),
            "K": Effect(again="may"),
            "4": Effect(sit_out=1),
            "2": TWO,
            "Q": Effect(draw_others=1),
            "3": Effect(draw_previous=2),
            "10": Effect(pass_hands=1),
            "J": JACK,
        },
        "mechanics": (Stacking(debts="pools", pools=[["2", "3"]]), Challenges(closes="turn")),
    },
    "rank wishes, challenges of a play, finishing, placings": {
        "effects": {"J": Effect(choose_suit=True, draw=4), "5": Effect(draw=3), "7": Effect(again="must")},
        "mechanics": (
            RankWishes(cards="Q", ranks=("5", "6", "7", "8", "9", "10"), wild="Q"),
            PlayChallenges(cards="J"),
            Finishing(not_on="J 5"),
            Placings(revive="7♥ 7♦", revive_draws=2),
            Stacking(cancels="K♥"),
        ),
        "draw_rule": DrawRule(limit=None, until_playable=True),
    },
    "draws up to three, jump-ins, covered aces": {
        "effects": {"8": EIGHT, "J": JACK},
        "mechanics": (Combinations(sets=True, covered="A", wild="J"), JumpIns(), Challenges(closes="action")),
        "draw_rule": DrawRule(limit=3, play="hand"),
        "deck": FULL + FULL,
    },
}


@pytest.mark.parametrize("table", TABLES, ids=list(TABLES))
def test_the_kit_finds_the_new_vocabulary_exact(table: str) -> None:
    rule = family(**TABLES[table])  # type: ignore[arg-type]

    kit.check_variant("classic", players=[2, 3, 4], plugins=[rule], games=4, out_of_turn=True)


class TestAnotherTurn:
    """
    A card may give its player another turn (`Effect.again`): Pesten's 7 must be covered, Taki's King may.
    """

    def test_a_card_that_gives_another_turn_keeps_the_move(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "7h 2h 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", effects={"7": Effect(again="must")}
        )

        state = put(state, 1, "7h")

        assert state.to_move == 1
        assert PlaysAgain(1, "must") in state.events
        assert listed(state) == {"seat 1 plays 2♥", "seat 1 draws"}

    def test_a_draw_instead_ends_the_turn(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "7h 2d 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", "As", effects={"7": Effect(again="must")}
        )
        state = put(state, 1, "7h")

        state = pass_(draw(state, 1), 1)  # the drawn A♠ does not fit: kept

        assert (state.to_move, state.again) == (2, None)

    def test_another_turn_the_player_may_decline(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "Kh 2h 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", effects={"K": Effect(again="may")}
        )
        state = put(state, 1, "Kh")

        assert listed(state) == {"seat 1 plays 2♥", "seat 1 plays K♣", "seat 1 passes"}
        state = pass_(state, 1)
        assert (state.to_move, state.passes, state.again) == (2, 0, None)

    def test_another_turn_is_void_when_the_card_empties_the_hand(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "7h 2h 9s 4s 5s", "3h 4h 5h 6h 8h"],
            "9h",
            effects={"7": Effect(again="must")},
            mechanics=(Placings(),),
            last_card_counts=True,
        )
        state = position(state, hands=["9c 10d 5c 6c 7c", "7h", "3h 4h 5h 6h 8h"])

        state = put(state, 1, "7h")

        assert placed(state) == (1,)
        assert state.to_move == 2
        assert not [event for event in state.events if isinstance(event, PlaysAgain)]

    def test_another_turn_comes_after_the_suit_is_named(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "Jh 2c 3s Kc Qc", "3h 4h 5h 6h 8h"],
            "9h",
            effects={"J": Effect(choose_suit=True, again="must")},
        )
        state = put(state, 1, "Jh")

        state = apply(state, ChooseSuit(1, "♣"))

        assert (state.to_move, state.wish) == (1, "♣")
        assert "seat 1 plays 2♣" in listed(state)

    def test_a_card_that_makes_a_debt_gives_no_other_turn(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "2h 4d 3s Kc Qc", "3h 4h 5h 6h 8h"],
            "9h",
            effects={"2": Effect(draw=2, again="must")},
        )

        state = put(state, 1, "2h")

        assert (state.to_move, state.debt, state.again) == (2, 2, None)

    def test_each_play_of_the_turn_owes_its_own_call(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "7h 2h 9s 4s 5s", "3h 4h 5h 6h 8h"], "9h", effects={"7": Effect(again="must")}
        )
        state = position(state, hands=["9c 10d 5c 6c 7c", "7h 2h 9s", "3h 4h 5h 6h 8h"])

        state = put(state, 1, "7h")  # leaves two cards: nothing due, and another turn

        assert state.to_move == 1
        assert "seat 1 plays 2♥ saying 'Mau'" in listed(state)  # the next play leaves one card: "Mau" is due
        assert not [event for event in state.events if isinstance(event, PenaltyDrawn)]

    def test_a_missed_call_may_be_challenged_through_another_turn(self) -> None:
        state = family_game(
            ["9c 10d 5c 6c 7c", "7h 2h 9s 4s 5s", "3h 4h 5h 6h 8h"],
            "9h",
            effects={"7": Effect(again="must")},
            mechanics=(Challenges(closes="turn"),),
        )
        state = position(state, hands=["9c 10d 5c 6c 7c", "7h 2h", "3h 4h 5h 6h 8h"])

        state = put(state, 1, "7h")  # the second-to-last card, without "Mau": the window opens

        assert state.to_move == 1
        assert 1 in offenders(state)
        assert Challenge(2, 1) in legal_actions(state, 2)


class TestWishes:
    """
    A card may wish for a rank (`RankWishes`: Makao's jack), and a suit choice may be limited (`Effect.suits`).
    """

    def _game(self) -> GameState:
        return family_game(
            ["9c 5d 7d 6c 7c", "Jh 2c 3s Kc Qc", "3h 4h 5h 6h 8h"],
            "9h",
            mechanics=(RankWishes(cards="J", ranks=("5", "6", "7"), wild="J"),),
        )

    def test_a_rank_wish_binds_the_next_card(self) -> None:
        state = put(self._game(), 1, "Jh")
        assert listed(state) == {"seat 1 wishes for 5", "seat 1 wishes for 6", "seat 1 wishes for 7"}

        state = apply(state, ChooseRank(1, "6"))

        assert wished_rank(state) == "6"
        assert listed(state) == {"seat 2 plays 6♥", "seat 2 draws"}

    def test_the_rank_wish_ends_with_the_next_card(self) -> None:
        state = apply(put(self._game(), 1, "Jh"), ChooseRank(1, "6"))

        state = put(state, 2, "6h")

        assert wished_rank(state) is None

    def test_only_the_ranks_allowed_may_be_wished(self) -> None:
        state = put(self._game(), 1, "Jh")

        error = refused(state, ChooseRank(1, "K"))

        assert error.reason is Reason.BAD_CHOICE
        assert "'K' may not be wished; one of 5, 6, 7" in str(error)

    def test_a_card_of_another_rank_is_refused_while_a_rank_is_wished(self) -> None:
        state = apply(put(self._game(), 1, "Jh"), ChooseRank(1, "6"))

        error = refused(state, PlayCard(2, parse_card("3h")))

        assert "3♥ is not the wished rank 6" in str(error)

    def test_a_suit_choice_may_be_limited_to_some_suits(self) -> None:
        state = family_game(["9c 5d 7d 6c 7c", "Jh 2c 3s Kc Qc"], "9h", effects=_jacks_name_another_suit())

        state = put(state, 1, "Jh")

        assert listed(state) == {"seat 1 names ♣", "seat 1 names ♦", "seat 1 names ♠"}
        assert refused(state, ChooseSuit(1, "♥")).reason is Reason.BAD_CHOICE

    def test_a_suit_of_the_deck_that_may_not_be_named_is_not_called_foreign(self) -> None:
        """
        The jack's own suit, left out of the choices, is refused as not to be named now, not as no suit of the deck.
        """
        state = put(
            family_game(["9c 5d 7d 6c 7c", "Jh 2c 3s Kc Qc"], "9h", effects=_jacks_name_another_suit()), 1, "Jh"
        )

        assert "'♥' may not be named now; one of ♣, ♦, ♠" in str(refused(state, ChooseSuit(1, "♥")))
        assert "'green' is not a suit of this deck" in str(refused(state, ChooseSuit(1, "green")))


def _jacks_name_another_suit() -> dict[str, Effect]:
    """
    Jack Change It's jacks: each names any suit but its own.
    """
    suits = ("♣", "♦", "♥", "♠")
    return {
        f"J{letter}": Effect(choose_suit=True, suits=tuple(other for other in suits if other != suit))
        for letter, suit in zip("cdhs", suits, strict=True)
    }


class TestEffectsOnOtherSeats:
    """
    All others draw (Whot's 14), the previous player draws, turns to sit out (Makao's 4s), hands passed on.
    """

    def test_every_other_player_draws(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "Kh 2c 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", effects={"K": Effect(draw_others=1)}
        )

        state = put(state, 1, "Kh")

        drawn = [(event.seat, event.count) for event in state.events if isinstance(event, PenaltyDrawn)]
        assert drawn == [(2, 1), (0, 1)]
        assert state.to_move == 2

    def test_the_player_before_draws(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "Kh 2c 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", effects={"K": Effect(draw_previous=3)}
        )

        state = put(state, 1, "Kh")

        assert [(e.seat, e.count) for e in state.events if isinstance(e, PenaltyDrawn)] == [(0, 3)]

    def test_turns_to_sit_out_add_up_and_are_taken_one_by_one(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "4h 2c 3s Kc Qc", "4c 4s 5h 6h 8h"],
            "9h",
            "Ad Ah As Ac",
            effects={"4": Effect(sit_out=1)},
            mechanics=(Stacking(),),
        )
        state = put(state, 1, "4h")
        assert (state.to_move, state.skips) == (2, 1)
        assert listed(state) == {"seat 2 plays 4♣", "seat 2 plays 4♠", "seat 2 passes"}

        state = put(state, 2, "4c")
        assert (state.to_move, state.skips) == (0, 2)
        state = pass_(state, 0)  # sits out this turn and the next
        assert (state.to_move, state.waits) == (1, (1, 0, 0))
        state = pass_(draw(state, 1), 1)
        state = pass_(draw(state, 2), 2)

        assert state.to_move == 1
        assert TurnSkipped(0) in state.events
        assert state.waits == ()

    def test_a_turn_to_sit_out_that_nothing_answers(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "4h 2c 3s Kc Qc", "4c 4s 5h 6h 8h"],
            "9h",
            effects={"4": Effect(sit_out=1)},
            mechanics=(Stacking(skips="none"),),
        )

        state = put(state, 1, "4h")

        assert listed(state) == {"seat 2 passes"}

    def test_hands_are_passed_on_in_the_direction_of_play(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "Qh 2c 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", effects={"Q": Effect(pass_hands=1)}
        )

        state = put(state, 1, "Qh")

        # each passes to the next in turn order: seat 1 to seat 2, seat 2 to seat 0, seat 0 to seat 1
        assert state.hands == (cards("3h 4h 5h 6h 8h"), cards("9c 5d 7d 6c 7c"), cards("2c 3s Kc Qc"))
        (passed,) = [event for event in state.events if isinstance(event, HandsPassed)]
        assert passed.seats == (1, 2, 0)

    def test_each_player_sees_only_the_hand_it_passed(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "Qh 2c 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", effects={"Q": Effect(pass_hands=1)}
        )
        state = put(state, 1, "Qh")

        (seen,) = [event for event in view(state, 2).events if isinstance(event, HandsPassed)]
        (watched,) = [event for event in spectate(state).events if isinstance(event, HandsPassed)]

        assert seen.hands == (None, cards("3h 4h 5h 6h 8h"), None)
        assert watched.hands == (None, None, None)
        assert Knowledge().after(view(state, 2).events).known == ((0, cards("3h 4h 5h 6h 8h")),)


class TestKindsOfDebt:
    """
    What answers a debt (`Stacking`): cards of its rank, of its pool, worth as much; what cancels it.
    """

    def test_debts_of_different_cards_do_not_mix(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "2h 2c 3s Kc Qc", "5h 2s 5c 6h 8h"],
            "9h",
            effects={"2": TWO, "5": Effect(draw=3)},
            mechanics=(Stacking(),),
        )

        state = put(state, 1, "2h")

        assert listed(state) == {"seat 2 plays 2♠", "seat 2 draws"}
        assert "does not answer the draw of 2 made by 2♥" in str(refused(state, PlayCard(2, parse_card("5h"))))

    def test_a_card_of_the_same_pool_passes_the_debt_on(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "2h 2c 3s Kc Qc", "3h 4s 5c 6h 8h"],
            "9h",
            effects={"2": TWO, "3": Effect(draw=3)},
            mechanics=(Stacking(debts="pools", pools=[["2", "3"]]),),
        )

        state = put(put(state, 1, "2h"), 2, "3h")

        assert (state.to_move, state.debt) == (0, 5)

    def test_only_a_card_worth_as_much_answers(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "Kh 2c 3s Kc Qc", "2h Ks 5c 6h 8h"],
            "9h",
            effects={"2": TWO, "K": Effect(draw=5)},
            mechanics=(Stacking(debts="higher", draws={"2": 2, "K": 5}),),
        )

        state = put(state, 1, "Kh")

        assert listed(state) == {"seat 2 plays K♠", "seat 2 draws"}

    def test_a_cancelling_card_clears_the_debt(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "Js 2c 3s Kc Qc", "Jh 4s 5c 6h 8h"],
            "9s",
            effects={"J♠": Effect(draw=5), "J♣": Effect(draw=5)},
            mechanics=(Stacking(cancels="J♥ J♦"),),
            wild=(),
        )
        state = put(state, 1, "Js")

        state = put(state, 2, "Jh")

        assert (state.to_move, state.debt) == (0, 0)

    def test_nothing_answers_a_debt_when_the_game_says_none(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "2h 2c 3s Kc Qc", "2s 4s 5c 6h 8h"],
            "9h",
            effects={"2": TWO},
            mechanics=(Stacking(debts="none"),),
        )

        state = put(state, 1, "2h")

        assert listed(state) == {"seat 2 draws"}


class TestDrawRules:
    """
    What follows a card drawn by choice, as one setting (`DrawRule`).
    """

    def test_the_kernel_draws_one_card_which_may_be_played(self) -> None:
        state = family_game(["9c 5d 7d 6c 7c", "2s 2c 3s Kc Qc"], "9h", "4h")

        state = draw(state, 1)

        assert listed(state) == {"seat 1 plays 4♥", "seat 1 passes"}

    def test_a_drawn_card_that_fits_must_be_played(self) -> None:
        state = family_game(["9c 5d 7d 6c 7c", "2s 2c 3s Kc Qc"], "9h", "4h", draw_rule=DrawRule(then="must_play"))

        state = draw(state, 1)

        assert listed(state) == {"seat 1 plays 4♥"}

    def test_a_drawn_card_is_kept_for_a_later_turn(self) -> None:
        state = family_game(["9c 5d 7d 6c 7c", "2s 2c 3s Kc Qc"], "9h", "4h", draw_rule=DrawRule(then="keep"))

        state = draw(state, 1)

        assert state.to_move == 0
        assert parse_card("4h") in state.players[1].hand

    def test_drawing_goes_on_until_a_card_can_be_played(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "2s 2c 3s Kc Qc"],
            "9h",
            "4s 5s 6h",
            draw_rule=DrawRule(limit=None, until_playable=True),
        )

        state = draw(state, 1)
        assert listed(state) == {"seat 1 draws"}
        state = draw(draw(state, 1), 1)

        assert listed(state) == {"seat 1 plays 6♥", "seat 1 passes"}
        assert state.draws == 3

    def test_up_to_three_draws_after_each_of_which_any_card_may_be_played(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "2s 2c 9s Kc Qc"], "9h", "4s 5s 6s", draw_rule=DrawRule(limit=3, play="hand")
        )

        state = draw(state, 1)
        assert listed(state) == {"seat 1 plays 9♠", "seat 1 draws"}
        state = draw(draw(state, 1), 1)

        assert listed(state) == {"seat 1 plays 9♠", "seat 1 passes"}

    def test_a_draw_rule_that_contradicts_itself_is_refused(self) -> None:
        with pytest.raises(ValueError, match="ends the turn"):
            DrawRule(then="keep", limit=2)


class TestCallsFromThePlay:
    """
    The call a play owes is worked out from the cards played and the hand left, and listed as it is judged.
    """

    @staticmethod
    def _calls() -> tuple[str, ...]:
        return ("Mau", "Bube!")

    def test_a_call_that_depends_on_the_card_is_listed_and_judged_alike(self) -> None:
        def expected(cards_left: int, cards: tuple[Card, ...]) -> str | None:
            if any(card.rank == "J" for card in cards):
                return "Bube!"
            return "Mau" if cards_left == 1 else None

        state = family_game(
            ["9c 5d 7d 6c 7c", "Jh 2c 3s Kc Qc"], "9h", maumau_calls=self._calls, maumau_expected_call=expected
        )

        assert {"seat 1 plays J♥ saying 'Bube!'", "seat 1 plays J♥", "seat 1 plays J♥ saying 'Mau'"} <= listed(state)
        said = put(state, 1, "Jh", call="Bube!")
        assert not [event for event in said.events if isinstance(event, PenaltyDrawn)]
        silent = put(state, 1, "Jh")
        assert [event.reason for event in silent.events if isinstance(event, PenaltyDrawn)] == ["missed 'Bube!'"]
        kit.check_calls(state)

    def test_the_kit_catches_a_call_listed_one_way_and_judged_another(self) -> None:
        def listed_call(cards_left: int) -> str | None:  # answers without the cards: cannot see the jack
            return "Mau" if cards_left == 1 else None

        def judge(card: Card, call: str | None) -> CallRuling | None:  # judges with the card: another call
            return CallRuling(missed="Bube!", penalty=2) if card.rank == "J" and call != "Bube!" else None

        state = family_game(
            ["9c 5d 7d 6c 7c", "Jh 9h 9s 9d Qc"],
            "10h",
            maumau_calls=self._calls,
            maumau_expected_call=listed_call,
            maumau_judge_call=judge,
        )
        state = position(state, hands=["9c 5d 7d 6c 7c", "Jh 9s"])

        with pytest.raises(AssertionError, match="misses a call"):
            kit.check_calls(state)


class TestPlayChallenges:
    """
    The next player may challenge a play's legality; the hand is shown to them only (Uno's Wild Draw Four).
    """

    def _game(self, hand: str) -> GameState:
        state = family_game(
            ["9c 5d 7d 6c 7c", hand, "3h 4h 5h 6h 8h"],
            "9h",
            effects={"J": Effect(choose_suit=True, draw=4)},
            mechanics=(PlayChallenges(cards="J"),),
        )
        return apply(put(state, 1, "Jc"), ChooseSuit(1, "♠"))

    def test_the_next_player_may_challenge(self) -> None:
        state = self._game("Jc 2h 3s Kc Qc")

        assert "seat 2 challenges seat 1's play" in listed(state)
        assert "seat 0 challenges seat 1's play" not in listed(state, 0)

    def test_a_guilty_play_costs_its_player_and_voids_the_debt(self) -> None:
        state = self._game("Jc 2h 3s Kc Qc")  # 2♥ is of the colour that was to be followed

        state = apply(state, ChallengePlay(2, 1))

        assert (state.to_move, state.debt) == (2, 0)
        assert len(state.players[1].hand) == 4 + 4

    def test_an_innocent_play_costs_the_challenger_six_and_the_turn(self) -> None:
        state = self._game("Jc 2d 3s Kc Qc")  # no heart

        state = apply(state, ChallengePlay(2, 1))

        assert state.to_move == 0
        assert len(state.players[2].hand) == 5 + 6

    def test_the_hand_is_shown_to_the_challenger_only(self) -> None:
        state = apply(self._game("Jc 2d 3s Kc Qc"), ChallengePlay(2, 1))

        def shown(events: tuple[object, ...]) -> object:
            return next(event.cards for event in events if isinstance(event, HandShown))

        assert shown(view(state, 2).events) == cards("2d 3s Kc Qc")
        assert shown(view(state, 0).events) is None
        assert shown(spectate(state).events) is None

    def test_a_sample_of_the_challengers_view_keeps_the_shown_hand(self) -> None:
        state = apply(self._game("Jc 2d 3s Kc Qc"), ChallengePlay(2, 1))
        seen = view(state, 2)

        for seed in range(5):
            known = Knowledge().after(seen.events)
            sampled = sample_state(seen, seed=seed, known=known, plugins=state.rules.house_rules)
            assert set(cards("2d 3s Kc Qc")) <= set(sampled.players[1].hand)

    def test_the_chance_passes_once_the_next_player_acts(self) -> None:
        state = draw(self._game("Jc 2d 3s Kc Qc"), 2)

        assert not [action for action in legal_actions(state, 2) if isinstance(action, ChallengePlay)]


class TestFinishing:
    """
    No going out on chosen cards (`Finishing`), and a finished player brought back (`Placings(revive=...)`).
    """

    def test_the_last_card_may_not_be_a_special_one(self) -> None:
        state = family_game(["9c 5d 7d 6c 7c", "2h 9s 3s 4s 5s"], "9h", mechanics=(Finishing(not_on="2 8"),))
        state = position(state, hands=["9c 5d 7d 6c 7c", "2h"])

        assert listed(state) == {"seat 1 draws"}
        assert refused(state, PlayCard(1, parse_card("2h"))).reason is Reason.CANNOT_FINISH

    def test_a_special_card_may_go_while_others_are_left(self) -> None:
        state = family_game(["9c 5d 7d 6c 7c", "2h 9d 3s 4s 5s"], "9h", mechanics=(Finishing(not_on="2 8"),))

        assert "seat 1 plays 2♥" in listed(state)

    def test_going_out_on_a_special_card_costs_a_draw_where_the_table_says_so(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7c", "2h 9s 3s 4s 5s"], "9h", mechanics=(Finishing(not_on="2 8", instead="draw", draws=2),)
        )
        state = position(state, hands=["9c 5d 7d 6c 7c", "2h"])

        state = put(state, 1, "2h")

        assert len(state.players[1].hand) == 2
        assert (state.result, state.rounds) == (None, ())

    def test_a_winning_card_may_have_to_match(self) -> None:
        def suited(state: GameState, seat: int, card: Card) -> bool:  # Last Card: a winning ace matches the suit
            return card.rank != "A" or card.suit == (state.wish or state.top.suit)

        state = family_game(
            ["9c 5d 7d 6c 7c", "As 9s 3s 4s 5s"], "9h", mechanics=(Finishing(allowed=suited),), wild=("A",)
        )

        on_hearts = position(state, hands=["9c 5d 7d 6c 7c", "As"])
        on_spades = position(state, hands=["9c 5d 7d 6c 7c", "As"], discard_pile="9s")

        assert listed(on_hearts) == {"seat 1 draws"}
        assert "seat 1 plays A♠" in listed(on_spades)

    def test_a_finished_player_is_brought_back(self) -> None:
        state = family_game(
            ["9c 5d 7d 6c 7h", "2h 9s 3s 4s 5s", "3h 4h 5h 6h 8h"],
            "9h",
            mechanics=(Placings(revive="7♥ 7♦", revive_draws=3),),
        )
        state = position(state, hands=["9c 5d 7d 6c 7h", "2h", "3d 4d 5d 6d 8d"])
        state = put(state, 1, "2h")
        assert placed(state) == (1,)
        state = pass_(draw(state, 2), 2) if state.to_move == 2 else state

        state = put(state, 0, "7h")

        assert placed(state) == ()
        assert len(state.players[1].hand) == 3
        assert [event.seat for event in state.events if isinstance(event, PlayerRevived)] == [1]
