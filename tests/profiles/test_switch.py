"""
The rules of `switch` (Switch, a game profile), one test per rule of its page, on stacked decks.

Seat *n* gets ``hands[n]``; the dealer is seat 0, so seat 1 moves first.
"""

from __future__ import annotations

from functools import partial

import maumau
from helpers import cards, listed, play_text, position, profile_game
from maumau import (
    CardsDrawn,
    ChooseSuit,
    DirectionReversed,
    DrawCards,
    PenaltyDrawn,
    TurnSkipped,
)

GAME = "switch"

game = partial(profile_game, GAME)
play = play_text

#: Three hands of seven; seat 1 holds a 2, an ace, an 8, a jack, a queen; seat 2 a 2 and an ace.
HANDS = ("3c 4c 5c 6c 7c 9c 10c", "2d As 8d Jd 9h Kd Qd", "2c Ah 4h 5h 6h 7h 9s")


def test_seven_cards_each_from_one_pack_of_52() -> None:
    """
    Each player gets seven cards from a 52-card pack; the seat after the dealer plays first.
    """
    state = maumau.new_game(GAME, players=4, seed=3)

    assert [len(hand) for hand in state.hands] == [7] * 4
    assert len(state.draw_pile) + len(state.discard_pile) + 28 == 52
    assert state.to_move == (state.dealer + 1) % 4


def test_a_trick_card_may_not_start_and_goes_under_the_pile() -> None:
    """
    A 2 turned as the starter is put under the pile and the next card, a 9, starts.
    """
    state = game(HANDS, "2h", "9d")

    assert state.top == cards("9d")[0]
    assert state.draw_pile[-1] == cards("2h")[0]
    assert state.debt == 0


def test_an_ace_goes_on_anything_and_names_the_suit() -> None:
    """
    An ace is wild: it goes on a card of another suit and rank, and its player names the next suit.
    """
    state = game(HANDS, "9d")

    assert "seat 1 plays A♠" in listed(state)
    state = play(state, 1, "As")
    assert state.pending is not None
    assert state.pending.seat == 1
    state = maumau.apply(state, ChooseSuit(1, "♥"))

    assert state.wish == "♥"
    assert state.to_move == 2
    assert listed(state) >= {"seat 2 plays 4♥", "seat 2 plays A♥"}
    assert "seat 2 plays 9♠" not in listed(state)


def test_a_two_makes_the_next_player_pick_up_two_and_twos_add_up() -> None:
    """
    A 2 puts a debt of 2 on the next player, who may answer only with a 2 (not an ace): the debt is then 4.
    """
    state = game(HANDS, "9d")

    state = play(state, 1, "2d")
    assert (state.debt, state.to_move) == (2, 2)
    assert listed(state) == {"seat 2 plays 2♣", "seat 2 draws"}  # the ace does not get out of it

    state = play(state, 2, "2c")
    assert (state.debt, state.to_move) == (4, 0)
    state = maumau.apply(state, DrawCards(0))

    assert len(state.hands[0]) == 11
    assert state.debt == 0
    assert state.to_move == 1  # picking up ends the turn
    assert any(isinstance(event, CardsDrawn) and event.count == 4 for event in state.events)


def test_an_eight_makes_the_next_player_miss_a_turn() -> None:
    """
    After an 8 the next player is skipped.
    """
    state = game(HANDS, "9d")

    state = play(state, 1, "8d")

    assert state.to_move == 0
    assert TurnSkipped(2) in state.events


def test_a_jack_reverses_the_direction_of_play() -> None:
    """
    After a jack play goes the other way round: seat 0, not seat 2, plays next.
    """
    state = game(HANDS, "9d")

    state = play(state, 1, "Jd")

    assert state.direction == -1
    assert state.to_move == 0
    assert DirectionReversed(-1) in state.events


def test_a_player_may_draw_one_card_and_play_it_if_it_fits() -> None:
    """
    A player who will not play draws one card; a drawn card that fits may be played, and no other.
    """
    state = game(HANDS, "9d", "5d")

    state = maumau.apply(state, DrawCards(1))

    assert state.to_move == 1
    assert listed(state) == {"seat 1 plays 5♦", "seat 1 passes"}


def test_last_card_is_said_with_one_card_left_or_two_cards_are_picked_up() -> None:
    """
    A play that leaves one card needs "Last card"; without it the player picks up 2 at once.
    """
    state = position(game(HANDS, "9d"), hands=["3c 4c", "9h Kh", "2c 4h"])

    said = play(state, 1, "9h", "Last card")
    missed = play(state, 1, "9h")

    assert len(said.hands[1]) == 1
    assert len(missed.hands[1]) == 3
    assert any(isinstance(event, PenaltyDrawn) and event.count == 2 for event in missed.events)


def test_with_black_jacks_a_black_jack_picks_up_five_and_a_red_jack_cancels_it() -> None:
    """
    With ``jacks="black"``: a black jack makes the next player pick up 5; a red jack played on it clears the debt.
    """
    hands = ("3c 4c 5c 6c 7c 9c 10c", "Js Ad 8d 3d 9h Kd Qd", "Jh Ah 4h 5h 6h 7h 9s")
    state = game(hands, "10s", options={"jacks": "black"})

    state = play(state, 1, "Js")
    assert (state.debt, state.direction) == (5, 1)
    assert "seat 2 plays J♥" in listed(state)
    state = play(state, 2, "Jh")

    assert state.debt == 0
    assert state.to_move == 0
    assert len(state.hands[2]) == 6


def test_with_black_jacks_the_queen_reverses() -> None:
    """
    With ``jacks="black"`` the queen, not the jack, changes the direction.
    """
    state = game(HANDS, "9d", options={"jacks": "black"})

    state = play(state, 1, "Qd")

    assert (state.direction, state.to_move) == (-1, 0)


def test_with_sets_several_cards_of_one_rank_go_down_together() -> None:
    """
    With ``sets``, a 9 may be followed by another 9 in the same play; without it, one card a turn.
    """
    hands = ("3c 4c 5c 6c 7c 10c Qc", "9d 9h Kd 3d 4d 5d 6d", "2c Ah 4h 5h 6h 7h 9s")
    plain = play(game(hands, "9c"), 1, "9d")
    state = play(game(hands, "9c", options={"sets": True}), 1, "9d", more=True)

    assert plain.to_move == 2
    assert "seat 1 plays 9♥" in listed(state)
    state = play(state, 1, "9h")
    assert state.to_move == 2
    assert len(state.hands[1]) == 5


def test_jacks_twos_and_eights_eights_add_up_turns_to_miss() -> None:
    """
    With the house rule ``jacks_twos_and_eights``, an 8 may be answered by an 8; the player who cannot misses two turns.
    """
    hands = ("3c 4c 5c 6c 7c 9c 10c", "8d As 3d Jd 9h Kd Qd", "8c Ah 4h 5h 6h 7h 9s")
    state = game(hands, "9d", options={"jacks_twos_and_eights": True})

    state = play(state, 1, "8d")
    assert state.skips == 1
    assert "seat 2 plays 8♣" in listed(state)
    state = play(state, 2, "8c")

    assert state.skips == 2
    assert state.to_move == 0
