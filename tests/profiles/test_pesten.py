"""
The rules of `pesten` (Dutch Pesten, a game profile), one test per rule of its page, on stacked decks.

Seat *n* gets ``hands[n]`` (seven cards); the dealer is seat 0, so seat 1 moves first.  Cards with a joker among
them are written with commas.
"""

from __future__ import annotations

from functools import partial

from attrs import evolve

import maumau
from helpers import cards, listed, profile_game
from maumau import ChooseSuit, DirectionReversed, DrawCards, GameState, PenaltyDrawn, PlayCard, PlaysAgain

GAME = "pesten"

game = partial(profile_game, GAME)


def play(state: GameState, seat: int, text: str, call: str | None = None) -> GameState:
    (card,) = cards(text)
    return maumau.apply(state, PlayCard(seat, card, call))


SEAT_0 = "9c 5d 7d 6c 4c 3d 10d"
SEAT_2 = "3h 4h 5h 6h 10c Qc 9s"


def with_hands(state: GameState, *hands: str) -> GameState:
    """
    *state* with the hands set by hand (a position further into a round).
    """
    players = tuple(evolve(player, hand=cards(hand)) for player, hand in zip(state.players, hands, strict=True))
    return evolve(state, players=players)


def test_the_ace_reverses_the_direction() -> None:
    """
    After an ace play goes the other way: from seat 1 back to seat 0.
    """
    state = game([SEAT_0, "Ah 8c 10s Kc Qd Qs 3c", SEAT_2], "9h")

    state = play(state, 1, "Ah")

    assert DirectionReversed(-1) in state.events
    assert state.to_move == 0


def test_twos_make_the_next_player_draw_two_and_add_up() -> None:
    """
    A 2 makes the next player draw 2 unless they answer with a 2 (4, then 6, then 8); a joker does not answer it.
    """
    state = game([SEAT_0, "2h 8c 10s Kc Qd Qs 3c", "2s, Joker, 5h, 6h, 10c, Qc, 9s"], "9h")

    state = play(state, 1, "2h")
    assert listed(state) == {"seat 2 plays 2♠", "seat 2 draws"}
    state = play(state, 2, "2s")

    assert (state.to_move, state.debt) == (0, 4)


def test_the_joker_makes_the_next_player_draw_five_unless_they_play_a_joker() -> None:
    """
    A joker goes on anything and names a suit; the next player draws 5, or answers with a joker (10).
    """
    state = game([SEAT_0, "Joker, 8c, 10s, Kc, Qd, Qs, 3c", "Joker, 2s, 5h, 6h, 10c, Qc, 9s"], "9h")

    assert "seat 1 plays Joker" in listed(state)
    state = play(state, 1, "Joker")
    state = maumau.apply(state, ChooseSuit(1, "♠"))
    assert (state.to_move, state.debt) == (2, 5)
    assert listed(state) == {"seat 2 plays Joker", "seat 2 draws"}

    state = maumau.apply(state, DrawCards(2))
    assert len(state.players[2].hand) == 12
    assert state.to_move == 0


def test_the_seven_lets_its_player_play_again() -> None:
    """
    After a 7 the same player plays another card (or draws).
    """
    state = game([SEAT_0, "7h 8c 10s Kh Qd Qs 3c", SEAT_2], "9h")

    state = play(state, 1, "7h")

    assert PlaysAgain(1, "must") in state.events
    assert state.to_move == 1
    assert "seat 1 plays K♥" in listed(state)


def test_the_eight_skips_the_next_player() -> None:
    """
    After an 8 the next player is passed over.
    """
    state = game([SEAT_0, "8h 8c 10s Kh Qd Qs 3c", SEAT_2], "9h")

    state = play(state, 1, "8h")

    assert state.to_move == 0


def test_the_jack_goes_on_anything_and_names_a_suit() -> None:
    """
    A jack goes on any card; its player names the suit the next card must have.
    """
    state = game([SEAT_0, "Js 8c 10s Kc Qd Qs 3c", SEAT_2], "9h")

    state = play(state, 1, "Js")
    state = maumau.apply(state, ChooseSuit(1, "♣"))

    assert state.wish == "♣"
    assert {"seat 2 plays 10♣", "seat 2 plays Q♣"} <= listed(state)
    assert "seat 2 plays 3♥" not in listed(state)


def test_nobody_goes_out_on_a_special_card() -> None:
    """
    A player whose last card is a special card (A, 2, 7, 8, J, joker) may not play it, and draws.
    """
    state = with_hands(game([SEAT_0, "8h 8c 10s Kh Qd Qs 3c", SEAT_2], "9h"), SEAT_0, "8h", SEAT_2)

    assert listed(state) == {"seat 1 draws"}


def test_forgetting_to_announce_the_last_card_costs_two_cards() -> None:
    """
    A player who plays the second-to-last card without saying "Laatste kaart" draws 2 cards.
    """
    state = with_hands(game([SEAT_0, "8h 8c 10s Kh Qd Qs 3c", SEAT_2], "9h"), SEAT_0, "Kh Qh", SEAT_2)

    state = play(state, 1, "Kh")

    assert any(isinstance(event, PenaltyDrawn) and (event.seat, event.count) == (1, 2) for event in state.events)
    assert len(state.players[1].hand) == 3
