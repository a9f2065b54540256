"""
The rules of `last-card` (Last Card, a game profile), one test per rule of its page, on stacked decks.

Seat *n* gets ``hands[n]``; the dealer is seat 0, so seat 1 moves first.
"""

from __future__ import annotations

from functools import partial

import maumau
from helpers import cards, listed, play_text, position, profile_game
from maumau import (
    ChooseSuit,
    DrawCards,
    HandsPassed,
    PenaltyDrawn,
    PlaysAgain,
    RoundEnded,
    TurnSkipped,
)

GAME = "last-card"

game = partial(profile_game, GAME)
play = play_text

#: Three hands of seven; seat 1 holds a 5, a 2, an ace, a 10 and a jack; seat 2 a 5 and a 2.
HANDS = ("3c 4c 6c 7c 8c 9c Qc", "5d 2d As 10d Jd 9h 7d", "5c 2c 4h 6h 7h 8h 9s")


def test_the_starter_only_sets_the_starting_suit() -> None:
    """
    A 5 turned as the starter makes nobody pick up: it only gives the suit (and rank) to follow.
    """
    state = game(HANDS, "5h")

    assert state.top == cards("5h")[0]
    assert state.debt == 0
    assert state.to_move == 1
    assert [len(hand) for hand in state.hands] == [7, 7, 7]


def test_a_five_makes_the_next_player_pick_up_five_and_fives_add_up() -> None:
    """
    A 5 puts 5 on the next player, who may answer only with a 5 (not a 2), passing on 10.
    """
    state = game(HANDS, "9d")

    state = play(state, 1, "5d")
    assert (state.debt, state.to_move) == (5, 2)
    assert listed(state) == {"seat 2 plays 5♣", "seat 2 draws"}
    state = play(state, 2, "5c")
    assert (state.debt, state.to_move) == (10, 0)
    state = maumau.apply(state, DrawCards(0))

    assert len(state.hands[0]) == 17
    assert (state.debt, state.to_move) == (0, 1)


def test_a_two_makes_the_next_player_pick_up_two_and_twos_add_up() -> None:
    """
    A 2 puts 2 on the next player, who may answer only with a 2 (not a 5), passing on 4.
    """
    state = game(HANDS, "9d")

    state = play(state, 1, "2d")
    assert listed(state) == {"seat 2 plays 2♣", "seat 2 draws"}
    state = play(state, 2, "2c")

    assert (state.debt, state.to_move) == (4, 0)


def test_a_ten_makes_the_next_player_miss_a_turn() -> None:
    """
    After a 10 the next player is skipped.
    """
    state = play(game(HANDS, "9d"), 1, "10d")

    assert state.to_move == 0
    assert TurnSkipped(2) in state.events


def test_an_ace_may_be_played_at_any_time_and_names_the_suit() -> None:
    """
    An ace goes on a card of another suit and rank; its player names the suit to follow.
    """
    state = game(HANDS, "8s")

    assert "seat 1 plays A♠" in listed(state)
    state = play(state, 1, "As")
    state = maumau.apply(state, ChooseSuit(1, "♥"))

    assert state.wish == "♥"
    assert state.to_move == 2
    assert "seat 2 plays 4♥" in listed(state)
    assert "seat 2 plays 9♠" not in listed(state)


def test_a_player_may_go_out_on_a_pick_up_card() -> None:
    """
    A 2 as a player's last card is played, and its player wins.
    """
    state = position(game(HANDS, "9d"), hands=["3c 4c", "2d", "2c 4h"])

    state = play(state, 1, "2d")

    assert state.is_over
    assert any(isinstance(event, RoundEnded) and event.winners == (1,) for event in state.events)


def test_an_ace_as_the_last_card_wins_without_naming_a_suit() -> None:
    """
    An ace as a player's last card ends the round at once: no suit is asked of a player who is out.
    """
    state = position(game(HANDS, "9d"), hands=["3c 4c", "As", "2c 4h"])

    state = play(state, 1, "As")

    assert state.is_over
    assert state.pending is None
    assert any(isinstance(event, RoundEnded) and event.winners == (1,) for event in state.events)
    assert not any(isinstance(action, ChooseSuit) for action in maumau.legal_actions(state, 1))


def test_last_card_is_said_with_one_card_left_or_two_cards_are_drawn() -> None:
    """
    A play that leaves one card needs "Last Card"; without it the player draws 2 (``call_penalty=5``: 5).
    """
    state = position(game(HANDS, "9d"), hands=["3c 4c", "9h 4d", "2c 4h"])
    five = position(game(HANDS, "9d", options={"call_penalty": 5}), hands=["3c 4c", "9h 4d", "2c 4h"])

    assert len(play(state, 1, "9h", "Last Card").hands[1]) == 1
    missed = play(state, 1, "9h")
    assert len(missed.hands[1]) == 3
    assert any(isinstance(event, PenaltyDrawn) and event.count == 2 for event in missed.events)
    assert len(play(five, 1, "9h").hands[1]) == 6


def test_two_on_five_lets_a_two_answer_a_five() -> None:
    """
    With ``two_on_five="any"`` a 2 answers a 5 and the pick-ups add up; by default it does not.
    """
    mixed = play(game(HANDS, "9d", options={"two_on_five": "any"}), 1, "5d")
    plain = play(game(HANDS, "9d"), 1, "5d")

    assert "seat 2 plays 2♣" in listed(mixed)
    assert "seat 2 plays 2♣" not in listed(plain)
    assert play(mixed, 2, "2c").debt == 7


def test_two_on_five_of_the_same_suit_only() -> None:
    """
    With ``two_on_five="same_suit"`` only the 2 of the 5's suit answers it.
    """
    hands = ("3c 4c 6c 7c 8c 9c Qc", "5d 3d As 10d Jd 9h 7d", "2d 2c 4h 6h 7h 8h 9s")
    state = play(game(hands, "9d", options={"two_on_five": "same_suit"}), 1, "5d")

    assert listed(state) == {"seat 2 plays 2♦", "seat 2 draws"}


def test_house_rule_jack_gives_another_turn() -> None:
    """
    With ``jack_again`` a jack's player plays again.
    """
    state = play(game(HANDS, "9d", options={"jack_again": True}), 1, "Jd")

    assert state.to_move == 1
    assert PlaysAgain(1, "must") in state.events


def test_house_rule_seven_passes_every_hand_on() -> None:
    """
    With ``seven_passes_hands`` a 7 makes every hand move one seat on in the direction of play.
    """
    state = game(HANDS, "9d", options={"seven_passes_hands": True})
    before = state.hands

    state = play(state, 1, "7d")

    assert any(isinstance(event, HandsPassed) for event in state.events)
    assert state.hands[2] == tuple(card for card in before[1] if card != cards("7d")[0])
    assert state.hands[0] == before[2]
