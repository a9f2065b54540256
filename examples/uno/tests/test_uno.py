"""
The rules of ``uno``, one test per rule, on stacked decks; and the conformance kit.
"""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest
from maumau_uno import COLOURS, WILD, WILD_DRAW_FOUR, deck
from uno_decks import stacked

from maumau import (
    Card,
    ChooseSuit,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidOptionError,
    PlayCard,
    Resign,
    apply,
    legal_actions,
    new_game,
)
from maumau.cli import main
from maumau.testing import check_variant


def turn(state: GameState) -> set[object]:
    """
    The legal actions of the seat to act, without resigning.
    """
    seat = state.pending.seat if state.pending is not None else state.to_move
    return {action for action in legal_actions(state, seat) if not isinstance(action, Resign)}


def test_the_deck_has_108_cards() -> None:
    counts = Counter(card.rank for card in deck())

    assert len(deck()) == 108
    assert (counts["0"], counts["7"], counts["Skip"], counts[WILD], counts[WILD_DRAW_FOUR]) == (4, 8, 8, 4, 4)


def test_two_to_ten_players_get_seven_cards_each() -> None:
    assert [len(hand) for hand in new_game("uno", players=10, seed=1).hands] == [7] * 10
    with pytest.raises(InvalidOptionError):
        new_game("uno", players=11, seed=1)


def test_hands_are_dealt_a_hand_at_a_time_from_seat_0_which_plays_first() -> None:
    _, state = stacked(["red 1,red 2", "blue 3,blue 4"], "green 5")

    assert state.hands == ((Card("1", "red"), Card("2", "red")), (Card("3", "blue"), Card("4", "blue")))
    assert state.to_move == 0


def test_a_card_of_the_top_colour_or_number_or_a_wild_may_be_played() -> None:
    _, state = stacked(["red 1,blue 5,Wild,green 2", "blue 3,blue 4,blue 6,blue 7"], "green 5")

    assert turn(state) == {PlayCard(0, Card(c, s)) for c, s in (("5", "blue"), ("Wild", None), ("2", "green"))}


def test_a_wild_draw_four_only_when_nothing_else_fits() -> None:
    _, state = stacked(["red 1,+4", "blue 3,blue 4"], "green 5")

    assert turn(state) == {PlayCard(0, Card(WILD_DRAW_FOUR))}
    _, state = stacked(["green 1,+4", "blue 3,blue 4"], "green 5")
    assert turn(state) == {PlayCard(0, Card("1", "green"))}


def test_a_player_who_can_play_must() -> None:
    _, state = stacked(["green 1,red 2", "blue 3,blue 4"], "green 5")

    assert DrawCards(0) not in turn(state)
    with pytest.raises(IllegalActionError, match="a player who can play must"):
        apply(state, DrawCards(0))


def test_a_drawn_card_that_does_not_fit_is_kept_and_the_turn_passes() -> None:
    _, state = stacked(["red 1,red 2", "blue 3,blue 4"], "green 5", ("yellow 9",))
    state = apply(state, DrawCards(0))

    assert (state.to_move, Card("9", "yellow") in state.hands[0]) == (1, True)


def test_a_drawn_card_that_fits_is_played_at_once() -> None:
    _, state = stacked(["red 1,red 2", "blue 3,blue 4"], "green 5", ("green 9",))
    state = apply(state, DrawCards(0))

    assert turn(state) == {PlayCard(0, Card("9", "green"))}


def test_a_drawn_card_of_the_top_number_is_played_at_once_as_rlcard_documents() -> None:
    _, state = stacked(["red 1,red 2", "blue 3,blue 4"], "green 5", ("yellow 5",))
    state = apply(state, DrawCards(0))

    assert turn(state) == {PlayCard(0, Card("5", "yellow"))}


def test_a_wild_names_the_colour_to_follow() -> None:
    _, state = stacked(["Wild,red 2", "blue 3,yellow 4"], "green 5")
    state = apply(state, PlayCard(0, Card(WILD)))

    assert turn(state) == {ChooseSuit(0, colour) for colour in COLOURS}
    state = apply(state, ChooseSuit(0, "blue"))
    assert turn(state) == {PlayCard(1, Card("3", "blue"))}


def test_a_skip_passes_over_the_next_player() -> None:
    _, state = stacked(["green Skip,red 2", "blue 3,yellow 4", "red 3,red 4"], "green 5")

    assert apply(state, PlayCard(0, Card("Skip", "green"))).to_move == 2


def test_a_reverse_turns_the_direction() -> None:
    _, state = stacked(["green Reverse,red 2", "blue 3,yellow 4", "red 3,red 4"], "green 5")

    assert apply(state, PlayCard(0, Card("Reverse", "green"))).to_move == 2


def test_a_draw_two_makes_the_next_player_draw_two_and_lose_the_turn() -> None:
    _, state = stacked(["green +2,red 2", "blue 3,yellow 4", "red 3,red 4"], "green 5")
    state = apply(state, PlayCard(0, Card("+2", "green")))

    assert (len(state.hands[1]), state.to_move) == (4, 2)


def test_a_wild_draw_four_makes_the_next_player_draw_four_and_lose_the_turn() -> None:
    _, state = stacked(["+4,red 2", "blue 3,yellow 4", "red 3,red 4"], "green 5")
    state = apply(apply(state, PlayCard(0, Card(WILD_DRAW_FOUR))), ChooseSuit(0, "red"))

    assert (len(state.hands[1]), state.to_move, state.wish) == (6, 2, "red")


class TestStarter:
    """
    Tests for the first card turned.
    """

    def test_a_wild_draw_four_goes_back_and_another_card_is_turned(self) -> None:
        _, state = stacked(["red 1,red 2", "blue 3,blue 4"], "+4")

        assert state.top != Card(WILD_DRAW_FOUR)
        assert Card(WILD_DRAW_FOUR) in state.draw_pile

    def test_a_skip_skips_seat_0(self) -> None:
        assert stacked(["red 1", "blue 3", "green 1"], "green Skip")[1].to_move == 1

    def test_a_reverse_lets_the_last_seat_begin(self) -> None:
        state = stacked(["red 1", "blue 3", "green 1"], "green Reverse")[1]

        assert (state.to_move, state.direction) == (2, -1)

    def test_a_draw_two_makes_seat_0_draw_two_and_play(self) -> None:
        state = stacked(["red 1", "blue 3"], "green +2")[1]

        assert (len(state.hands[0]), state.to_move) == (3, 0)

    def test_a_wild_gets_a_colour_from_the_seed(self) -> None:
        assert stacked(["red 1", "blue 3"], "Wild")[1].wish in COLOURS


def test_the_first_player_out_wins_one_and_every_other_player_loses_one() -> None:
    _, state = stacked(["red 1", "red 2", "blue 3"], "blue 9", ("green 4", "green 6"))
    for action in (DrawCards(0), DrawCards(1), PlayCard(2, Card("3", "blue"))):
        state = apply(state, action)

    assert (state.is_over, state.scores) == (True, (-1, -1, 1))


@pytest.mark.parametrize("options", [{}, {"drawn_card": "rlcard", "payoffs": "rlcard"}], ids=["defaults", "rlcard"])
def test_uno_conforms(options: dict[str, Any]) -> None:
    check_variant("uno", players=range(2, 11), options=options, games=8)


def test_maumau_play_plays_uno_against_bots_to_the_end() -> None:
    out = io.StringIO()
    code = main(
        ["play", "--variant", "uno", "--players", "4", "--seed", "3"], stdin=io.StringIO("1\n" * 2000), stdout=out
    )

    assert code == 0
    assert "Final scores:" in out.getvalue()
