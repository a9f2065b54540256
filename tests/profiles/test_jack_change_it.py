"""
The rules of `jack-change-it` (Jack Change It, a game profile), one test per rule of its page, on stacked decks.

Seat *n* gets ``hands[n]``; the dealer is seat 0, so seat 1 moves first.
"""

from __future__ import annotations

from functools import partial

import maumau
from helpers import cards, listed, play_text, position, profile_game
from maumau import DirectionReversed, DrawCards, TurnSkipped

GAME = "jack-change-it"

game = partial(profile_game, GAME)
play = play_text

#: Three hands of seven; seat 1 holds a 2, an 8, a jack, a queen and the A♥; seat 2 a 2 and the 5♥.
HANDS = ("3c 4c 6c 7c 9c 10c Kc", "2d 8d Jd Qd Ah 9h 4d", "2c 5h 3s 4s 6s 7s 9s")


def test_a_two_makes_the_next_player_pick_up_two_and_a_two_held_must_answer_it() -> None:
    """
    A 2 puts 2 on the next player; one who holds a 2 must play it, and the next then picks up 4.
    """
    state = play(game(HANDS, "9d"), 1, "2d")

    assert listed(state) == {"seat 2 plays 2♣"}
    state = play(state, 2, "2c")
    assert (state.debt, state.to_move) == (4, 0)
    state = maumau.apply(state, DrawCards(0))
    assert len(state.hands[0]) == 11
    assert state.to_move == 1


def test_an_eight_skips_the_next_player() -> None:
    """
    After an 8 the next player misses the turn.
    """
    state = play(game(HANDS, "9d"), 1, "8d")

    assert state.to_move == 0
    assert TurnSkipped(2) in state.events


def test_a_jack_changes_the_suit_to_one_of_the_other_three() -> None:
    """
    The player of the J♦ names clubs, hearts or spades, never diamonds; the next card must have that suit.
    """
    state = play(game(HANDS, "9d"), 1, "Jd")

    assert listed(state) == {"seat 1 names ♣", "seat 1 names ♥", "seat 1 names ♠"}
    state = maumau.apply(state, maumau.ChooseSuit(1, "♠"))
    assert state.wish == "♠"
    assert state.to_move == 2
    assert "seat 2 plays 3♠" in listed(state)
    assert "seat 2 plays 5♥" not in listed(state)


def test_a_queen_reverses_the_direction_of_play() -> None:
    """
    With three players a queen sends play the other way round.
    """
    state = play(game(HANDS, "9d"), 1, "Qd")

    assert (state.direction, state.to_move) == (-1, 0)
    assert DirectionReversed(-1) in state.events


def test_the_ace_of_hearts_makes_the_next_player_pick_up_five_which_cannot_be_passed_on() -> None:
    """
    After the A♥ the next player picks up 5: neither a 2 nor the 5♥ answers it.
    """
    state = play(game(HANDS, "Kh"), 1, "Ah")

    assert state.debt == 5
    assert listed(state) == {"seat 2 draws"}
    state = maumau.apply(state, DrawCards(2))
    assert len(state.hands[2]) == 12
    assert state.to_move == 0


def test_no_trick_card_as_the_last_card() -> None:
    """
    A player whose last card is a trick card may not play it and draws instead; a plain last card goes out.
    """
    state = position(game(HANDS, "9d"), hands=["3c 4c", "8d", "2c 5h"])
    plain = position(game(HANDS, "9d"), hands=["3c 4c", "4d", "2c 5h"])

    assert listed(state) == {"seat 1 draws"}
    assert play(plain, 1, "4d").is_over


def test_a_player_who_cannot_play_draws_one_card_and_the_turn_passes() -> None:
    """
    With no legal play the player draws one card, keeps it even if it fits, and play passes on; holding a play,
    drawing is not allowed.
    """
    state = game(HANDS, "5c", "8c")

    assert "seat 1 draws" not in listed(game(HANDS, "9d"))
    assert listed(state) == {"seat 1 draws"}
    state = maumau.apply(state, DrawCards(1))
    assert cards("8c")[0] in state.hands[1]
    assert state.to_move == 2


def test_five_of_hearts_option_blocks_the_ace_of_hearts() -> None:
    """
    With ``five_of_hearts`` the 5♥ played on the A♥ clears the pick-up.
    """
    state = play(game(HANDS, "Kh", options={"five_of_hearts": True}), 1, "Ah")

    assert listed(state) == {"seat 2 plays 5♥"}
    state = play(state, 2, "5h")
    assert (state.debt, state.to_move) == (0, 0)


def test_pairs_option_plays_two_cards_of_one_rank_at_once() -> None:
    """
    With ``pairs`` two 9s go down together, but not a third.
    """
    hands = ("3c 4c 6c 7c Qc 10c Kc", "9d 9h 9s 4d 5d 6d 7d", "2c 5h 3s 4s 6s 7s 8s")
    state = game(hands, "9c", options={"pairs": True})

    state = play(state, 1, "9d", more=True)
    assert {"seat 1 plays 9♥", "seat 1 plays 9♠"} <= listed(state)
    assert not any("more" in action for action in listed(state))  # a third card may not follow
    state = play(state, 1, "9h")
    assert len(state.hands[1]) == 5
    assert state.to_move == 2
    assert play(game(hands, "9c"), 1, "9d").to_move == 2  # without the option, one card a turn
