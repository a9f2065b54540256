"""
The rules of `taki`, one test per rule of docs/variants/taki.rst.

Each game is dealt from a stacked deck: seat 0 deals, seat *n* gets ``hands[n]``,
the starter is turned, and the draw pile begins with the cards named after it.
Cards are written as the Taki pack names them, separated by commas ("blue Taki, King").
"""

from __future__ import annotations

from functools import partial

from helpers import listed, position, profile_game
from maumau import (
    ChooseSuit,
    DrawCards,
    GameState,
    Pass,
    PenaltyDrawn,
    PlayCard,
    PlaysAgain,
    RoundEnded,
    TurnSkipped,
    apply,
    new_game,
    parse_card,
)

ID = "taki"

#: A game dealt by seat 0 from a deck stacked so that seat *n* gets ``hands[n]``.
game = partial(profile_game, ID, seed=0)

REDS = "red 1, red 3, red 4, red 5, red 6, red 7, red 8, red 9"
GREENS = "green 1, green 3, green 4, green 5, green 6, green 7, green 8, green 9"
#: Seat 1, who moves first, on a blue 9.
BLUES = "blue Taki, blue 1, blue 3, blue Stop, blue +2, blue Plus, King, yellow 4"


def put(state: GameState, seat: int, card: str, call: str | None = None, *, more: bool = False) -> GameState:
    """
    *seat* plays *card*, saying *call*; with *more*, more cards of the same play follow.
    """
    return apply(state, PlayCard(seat, parse_card(card), call, more))


def test_the_pack_holds_116_cards_and_each_player_gets_eight() -> None:
    state = new_game(ID, players=4, seed=5)

    every = [*state.draw_pile, *state.discard_pile, *(card for hand in state.hands for card in hand)]

    assert len(every) == 116
    assert [len(hand) for hand in state.hands] == [8] * 4
    assert parse_card("red 2") not in every
    assert every.count(parse_card("ChangeColor")) == 4
    assert every.count(parse_card("blue Taki")) == 2


def test_a_taki_lets_its_player_shed_cards_of_its_colour_in_one_play() -> None:
    state = game([REDS, BLUES, GREENS], "blue 9")

    state = put(state, 1, "blue Taki", more=True)
    assert "seat 1 plays yellow 4" not in listed(state)
    state = put(state, 1, "blue 1", more=True)
    state = put(state, 1, "blue 3", more=True)
    state = put(state, 1, "blue Stop")

    assert len(state.players[1].hand) == 8 - 4
    assert state.discard_pile[-1] == parse_card("blue Stop")
    assert (state.to_move, TurnSkipped(2) in state.events) == (0, True)  # the last card's action is carried out


def test_a_drawn_card_may_be_used_only_in_a_later_turn() -> None:
    state = game([REDS, BLUES, GREENS], "blue 9", "blue 5")

    state = apply(state, DrawCards(1))

    assert state.players[1].hand[-1] == parse_card("blue 5")
    assert state.to_move == 2


def test_a_plus_must_be_followed_by_another_card_or_a_draw() -> None:
    state = game([REDS, BLUES, GREENS], "blue 9", "yellow 5")

    state = put(state, 1, "blue Plus")

    assert state.to_move == 1
    assert PlaysAgain(1, "must") in state.events
    assert "seat 1 passes" not in listed(state)
    assert "seat 1 draws" in listed(state)


def test_a_plus_as_the_last_card_costs_a_card() -> None:
    state = position(game([REDS, BLUES, GREENS], "blue 9", "yellow 5"), hands=[REDS, "blue Plus", GREENS])

    state = put(state, 1, "blue Plus")

    assert len(state.players[1].hand) == 1
    assert not any(isinstance(event, RoundEnded) for event in state.events)


def test_a_plus_two_stacks_until_a_player_cannot_answer() -> None:
    state = game([REDS, BLUES, "green +2, " + GREENS[9:]], "blue 9")

    state = put(state, 1, "blue +2")
    assert listed(state) == {"seat 2 plays green +2", "seat 2 draws"}
    state = put(state, 2, "green +2")
    assert (state.to_move, state.debt) == (0, 4)
    state = apply(state, DrawCards(0))

    assert len(state.players[0].hand) == 8 + 4
    assert (state.to_move, state.debt) == (1, 0)


def test_a_king_clears_a_plus_two_debt_and_lets_its_player_play_again() -> None:
    state = game(["red 1, red 3, red 4, red 5, red 6, red 7, red 8, King", BLUES, "green +2, " + GREENS[9:]], "blue 9")
    state = put(put(state, 1, "blue +2"), 2, "green +2")

    assert "seat 0 plays King" in listed(state)
    state = apply(put(state, 0, "King"), ChooseSuit(0, "red"))

    assert (state.to_move, state.debt, state.wish) == (0, 0, "red")
    assert "seat 0 plays red 3" in listed(state)
    assert "seat 0 passes" in listed(state)  # another turn is allowed, not compelled
    state = apply(state, Pass(0))
    assert state.to_move == 1


def test_a_stop_makes_the_next_player_lose_the_turn() -> None:
    state = game([REDS, BLUES, GREENS], "blue 9")

    state = put(state, 1, "blue Stop")

    assert state.to_move == 0
    assert TurnSkipped(2) in state.events


def test_a_plus_three_makes_every_other_player_draw_three() -> None:
    state = game([REDS, BLUES, "+3, " + GREENS[9:]], "blue 9")
    state = apply(state, DrawCards(1))

    state = apply(put(state, 2, "+3"), ChooseSuit(2, "green"))

    assert [len(hand) for hand in state.hands] == [8 + 3, 8 + 1 + 3, 7]
    assert (state.to_move, state.wish) == (0, "green")


def test_a_change_color_goes_on_anything_and_names_the_colour() -> None:
    state = game([REDS, "ChangeColor, " + BLUES[11:], GREENS], "yellow 9")

    assert "seat 1 plays ChangeColor" in listed(state)
    state = apply(put(state, 1, "ChangeColor"), ChooseSuit(1, "green"))

    assert (state.to_move, state.wish) == (2, "green")


def test_a_missed_last_card_call_costs_four_cards() -> None:
    state = position(game([REDS, BLUES, GREENS], "blue 9"), hands=[REDS, "blue 1, yellow 4", GREENS])

    missed = put(state, 1, "blue 1")
    called = put(state, 1, "blue 1", "Last card")

    assert len(missed.players[1].hand) == 1 + 4
    assert any(isinstance(event, PenaltyDrawn) and event.count == 4 for event in missed.events)
    assert len(called.players[1].hand) == 1


def test_the_first_player_out_wins() -> None:
    state = position(game([REDS, BLUES, GREENS], "blue 9"), hands=[REDS, "King", GREENS])

    state = put(state, 1, "King")  # a King may be the last card

    assert state.result is not None
    assert state.result.winners == (1,)
