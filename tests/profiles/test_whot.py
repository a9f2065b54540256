"""
The rules of `whot` (Whot! with Nigerian rules), one test per rule of docs/variants/whot.rst.

Each game is dealt from a stacked deck: seat 0 deals, seat *n* gets ``hands[n]``,
the starter is turned, and the draw pile (the market) begins with the cards named after it.
Cards are written as the Whot pack names them, separated by commas ("circle 1, Whot").
"""

from __future__ import annotations

from functools import partial

from helpers import listed, position, profile_game
from maumau import (
    ChooseSuit,
    DrawCards,
    GameState,
    PlayCard,
    PlaysAgain,
    RoundEnded,
    TurnSkipped,
    apply,
    new_game,
    parse_card,
)

ID = "whot"

#: A game dealt by seat 0 from a deck stacked so that seat *n* gets ``hands[n]``.
game = partial(profile_game, ID, seed=0)

#: Three seats; seat 1 moves first, on a circle 7.
SEAT_0 = "triangle 3, triangle 4, triangle 10, triangle 11, triangle 13"
SEAT_1 = "circle 1, circle 2, circle 5, circle 8, circle 14"
SEAT_2 = "square 3, square 7, square 10, square 11, square 13"


def put(state: GameState, seat: int, card: str) -> GameState:
    """
    *seat* plays *card*.
    """
    return apply(state, PlayCard(seat, parse_card(card)))


def test_the_pack_holds_54_cards_and_each_player_gets_five() -> None:
    state = new_game(ID, players=4, seed=2)

    every = [*state.draw_pile, *state.discard_pile, *(card for hand in state.hands for card in hand)]

    assert len(every) == 54
    assert [len(hand) for hand in state.hands] == [5] * 4
    assert every.count(parse_card("Whot")) == 5
    assert parse_card("star 10") not in every
    assert parse_card("cross 4") not in every


def test_hold_on_gives_its_player_another_turn() -> None:
    state = game([SEAT_0, SEAT_1, SEAT_2], "circle 7")

    state = put(state, 1, "circle 1")

    assert state.to_move == 1
    assert PlaysAgain(1, "must") in state.events
    assert "seat 1 plays circle 2" in listed(state)


def test_pick_two_is_answered_by_a_two_and_adds_up_but_not_by_a_five() -> None:
    state = game([SEAT_0, SEAT_1, "square 2, square 5, square 10, square 11, square 13"], "circle 7")

    state = put(state, 1, "circle 2")
    assert listed(state) == {"seat 2 plays square 2", "seat 2 draws"}
    state = put(state, 2, "square 2")
    assert (state.to_move, state.debt) == (0, 4)
    state = apply(state, DrawCards(0))

    assert len(state.players[0].hand) == 5 + 4
    assert (state.to_move, state.debt) == (1, 0)  # after the draw, the next player plays normally


def test_pick_three_is_answered_by_a_five_only() -> None:
    state = game([SEAT_0, SEAT_1, "square 2, square 5, square 10, square 11, square 13"], "circle 7")

    state = put(state, 1, "circle 5")

    assert (state.to_move, state.debt) == (2, 3)
    assert listed(state) == {"seat 2 plays square 5", "seat 2 draws"}


def test_a_whot_cancels_a_pick_and_names_the_shape() -> None:
    state = game([SEAT_0, SEAT_1, "Whot, square 7, square 10, square 11, square 13"], "circle 7")
    state = put(state, 1, "circle 2")

    assert "seat 2 plays Whot" in listed(state)
    state = apply(put(state, 2, "Whot"), ChooseSuit(2, "triangle"))

    assert (state.to_move, state.debt, state.wish) == (0, 0, "triangle")
    assert len(state.players[0].hand) == 5
    assert "seat 0 plays triangle 3" in listed(state)


def test_suspension_makes_the_next_player_miss_a_turn() -> None:
    state = game([SEAT_0, SEAT_1, SEAT_2], "circle 7")

    state = put(state, 1, "circle 8")

    assert state.to_move == 0
    assert TurnSkipped(2) in state.events


def test_general_market_makes_every_other_player_draw_one() -> None:
    state = game([SEAT_0, SEAT_1, SEAT_2], "circle 7")

    state = put(state, 1, "circle 14")

    assert [len(hand) for hand in state.hands] == [6, 4, 6]
    assert state.to_move == 2


def test_going_to_market_ends_the_turn() -> None:
    state = game([SEAT_0, SEAT_1, SEAT_2], "circle 7", "circle 3")

    state = apply(state, DrawCards(1))

    assert state.players[1].hand[-1] == parse_card("circle 3")
    assert state.to_move == 2


def test_a_drawn_card_may_be_played_at_once_with_the_drawn_card_option() -> None:
    state = game([SEAT_0, SEAT_1, SEAT_2], "circle 7", "circle 3", options={"drawn_card": "play"})

    state = apply(state, DrawCards(1))

    assert "seat 1 plays circle 3" in listed(state)


def test_hold_on_option_skip_makes_the_next_player_miss_a_turn() -> None:
    state = game([SEAT_0, SEAT_1, SEAT_2], "circle 7", options={"hold_on": "skip"})

    state = put(state, 1, "circle 1")

    assert state.to_move == 0


def test_star_cards_count_double_and_a_whot_twenty_against_their_holders() -> None:
    state = game(
        [
            "star 7, star 1, Whot, triangle 10, triangle 11",
            SEAT_1,
            "square 3, square 7, square 10, square 11, square 13",
        ],
        "circle 7",
    )
    state = position(state, hands=["star 7, star 1, Whot", "circle 2", "square 3, square 7"])

    state = put(state, 1, "circle 2")

    ended = next(event for event in state.events if isinstance(event, RoundEnded))
    assert ended.winners == (1,)
    assert ended.points == (14 + 2 + 20, 0, 3 + 7)
    assert state.result is not None
    assert state.result.winners == (1,)
