"""
The rules of `black-jack` (Black Jack, the UK shedding game, a game profile), one test per rule of its page.

Seat *n* gets ``hands[n]``; the dealer is seat 0, so seat 1 moves first.
"""

from __future__ import annotations

from functools import partial

import maumau
from helpers import cards, listed, play_text, position, profile_game
from maumau import ChooseSuit, DirectionReversed, DrawCards, PenaltyDrawn

GAME = "black-jack"

game = partial(profile_game, GAME)
play = play_text

#: Three hands of seven; seat 1 holds a black jack, a 2, a 7 and three more hearts, a 10, an ace.
HANDS = ("3c 4c 5c 6c 8c 9c Qc", "Js 2d 7h 3h Kh 10d Ad", "Jh Jc 2c 4s 5s 6s 9s")


def test_a_black_jack_makes_the_next_player_pick_up_seven_and_a_red_jack_neutralises_it() -> None:
    """
    A black jack puts 7 on the next player; a red jack played on it clears the debt, and play goes on.
    """
    state = play(game(HANDS, "7s"), 1, "Js")

    assert (state.debt, state.to_move) == (7, 2)
    assert listed(state) == {"seat 2 plays J♥", "seat 2 plays J♣", "seat 2 draws"}
    cleared = play(state, 2, "Jh")
    assert (cleared.debt, cleared.to_move) == (0, 0)
    assert play(state, 2, "Jc").debt == 14  # another black jack adds 7


def test_a_two_makes_the_next_player_pick_up_two_and_a_red_jack_does_not_cancel_it() -> None:
    """
    A 2 puts 2 on the next player; only a 2 answers it (4, then 6...), never a jack.
    """
    state = play(game(HANDS, "9d"), 1, "2d")

    assert listed(state) == {"seat 2 plays 2♣", "seat 2 draws"}
    state = play(state, 2, "2c")
    assert (state.debt, state.to_move) == (4, 0)


def test_a_seven_lets_its_player_lay_any_or_all_cards_of_its_suit() -> None:
    """
    After a 7, any cards of its suit may go down in the same play, whatever their rank; no other suit.
    """
    state = play(game(HANDS, "9h"), 1, "7h", more=True)

    assert {"seat 1 plays 3♥", "seat 1 plays K♥"} <= listed(state)
    assert "seat 1 plays 10♦" not in listed(state)
    state = play(state, 1, "Kh", more=True)
    state = play(state, 1, "3h")

    assert len(state.hands[1]) == 4
    assert state.top == cards("3h")[0]
    assert state.to_move == 2


def test_a_ten_reverses_the_direction_of_play() -> None:
    """
    After a 10 play goes the other way round.
    """
    state = play(game(HANDS, "9d"), 1, "10d")

    assert (state.direction, state.to_move) == (-1, 0)
    assert DirectionReversed(-1) in state.events


def test_an_ace_names_a_new_suit_which_the_next_play_must_follow() -> None:
    """
    An ace is played on its suit or rank (it is not wild) and its player names the suit to follow.
    """
    state = game(HANDS, "9d")

    assert "seat 1 plays A♦" in listed(state)
    assert "seat 1 plays A♦" not in listed(game(HANDS, "8s"))
    state = play(state, 1, "Ad")
    state = maumau.apply(state, ChooseSuit(1, "♠"))

    assert state.wish == "♠"
    assert "seat 2 plays 4♠" in listed(state)
    assert "seat 2 plays 2♣" not in listed(state)


def test_a_player_who_cannot_play_takes_the_top_card_and_the_turn_ends() -> None:
    """
    Drawing is the turn: the card drawn is kept, even one that could be played.
    """
    state = game(HANDS, "8h", "9h")

    state = maumau.apply(state, DrawCards(1))

    assert cards("9h")[0] in state.hands[1]
    assert state.to_move == 2


def test_last_card_is_said_with_one_card_left() -> None:
    """
    A play that leaves one card needs "Last card"; without it the player picks up 2.
    """
    state = position(game(HANDS, "9d"), hands=["3c 4c", "10d 4d", "2c 4s"])

    assert len(play(state, 1, "10d", "Last card").hands[1]) == 1
    missed = play(state, 1, "10d")
    assert len(missed.hands[1]) == 3
    assert any(isinstance(event, PenaltyDrawn) and event.count == 2 for event in missed.events)


def test_black_jack_draw_option_makes_it_five() -> None:
    """
    With ``black_jack_draw=5`` a black jack puts 5 on the next player.
    """
    state = play(game(HANDS, "7s", options={"black_jack_draw": 5}), 1, "Js")

    assert state.debt == 5


def test_runs_option_plays_runs_and_sets_and_switches_between_them() -> None:
    """
    With ``runs``: 3♥ 4♥ 5♥ run up, then 5♠ of the same rank, then 6♠ runs on in the new suit.
    """
    hands = ("3c 4c 5c 6c 8c 9c Qc", "3h 4h 5h 5s 6s Kd 10d", "Jh Jc 2c 4s 7s 8s 9s")
    state = game(hands, "9h", options={"runs": True})

    for card in ("3h", "4h", "5h", "5s"):
        state = play(state, 1, card, more=True)
    assert "seat 1 plays 6♠" in listed(state)
    state = play(state, 1, "6s")

    assert len(state.hands[1]) == 2
    assert state.to_move == 2


def test_reverse_card_option_makes_the_king_reverse() -> None:
    """
    With ``reverse_card="K"`` the king reverses and the 10 is a plain card.
    """
    by_king = play(game(HANDS, "9h", options={"reverse_card": "K"}), 1, "Kh")
    by_ten = play(game(HANDS, "9d", options={"reverse_card": "K"}), 1, "10d")

    assert by_king.direction == -1
    assert (by_ten.direction, by_ten.to_move) == (1, 2)
