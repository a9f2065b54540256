"""
The rules of `makao` (Polish Makao, a game profile), one test per rule of its page, on stacked decks.

Seat *n* gets ``hands[n]``; the dealer is seat 0, so seat 1 moves first.  The pack is two packs of 54 cards,
so every card is there twice; cards with a joker among them are written with commas.
"""

from __future__ import annotations

from functools import partial

import maumau
from helpers import cards, listed, play_all, play_text, profile_game
from maumau import ChooseSuit, DrawCards, PenaltyDrawn
from maumau.mechanics import ChooseRank
from maumau.mechanics.wishes import wished_rank

GAME = "makao"

game = partial(profile_game, GAME)
play = play_text


def test_a_function_card_may_not_start() -> None:
    """
    A 2 turned as the starter goes under the pile, and the next card is turned instead.
    """
    state = game(["9c 5d 7d 6c 7c", "9h 8c 10s Kc Qc", "3h 4s 5h 6h 8h"], "2h", "9d")

    assert state.discard_pile == cards("9d")
    assert state.draw_pile[-1] == cards("2h")[0]


def test_twos_and_threes_pass_each_other_on() -> None:
    """
    A 2 makes the next player draw 2; a 3 passes it on, adding 3; drawing the debt ends the turn.
    """
    state = game(["9c 5d 7d 6c 7c", "2h 8c 10s Kc Qc", "3s 4s 5h 6h 8h"], "9h")

    state = play(state, 1, "2h")
    assert "seat 2 plays 3♠" in listed(state)
    state = play(state, 2, "3s")
    assert (state.to_move, state.debt) == (0, 5)

    state = maumau.apply(state, DrawCards(0))
    assert len(state.players[0].hand) == 10
    assert (state.to_move, state.debt) == (1, 0)


def test_the_king_of_hearts_and_the_king_of_spades_make_the_next_player_draw_five() -> None:
    """
    K♥ makes the next player draw 5; K♠ answers it (10), another king does not.
    """
    state = game(["9c 5d 7d 6c 7c", "Kh 8c 10s Jc Qc", "Ks Kc 5h 6h 8h"], "9h")

    state = play(state, 1, "Kh")

    assert state.debt == 5
    assert {"seat 2 plays K♠", "seat 2 draws"} <= listed(state)
    assert "seat 2 plays K♣" not in listed(state)
    state = play(state, 2, "Ks")
    assert (state.to_move, state.debt) == (0, 10)


def test_a_four_makes_the_next_player_wait_a_turn_unless_they_answer_with_a_four() -> None:
    """
    After a 4 the next player answers with a 4, or passes and waits.
    """
    state = game(["9c 5d 7d 6c 7c", "4h 8c 10s Jc Qc", "4c 9s 5h 6h 8h"], "9h")

    state = play(state, 1, "4h")

    assert (state.to_move, state.skips) == (2, 1)
    assert listed(state) == {"seat 2 plays 4♣", "seat 2 passes"}


def test_the_jack_wishes_a_rank() -> None:
    """
    A jack's player names a rank; the next card must have that rank (or be a joker).
    """
    state = game(["9c 5d 7d 6c 7c", "Jh 8c 10s Kc Qc", "9s, Joker, 5h, 6h, 8h"], "9h")

    state = play(state, 1, "Jh")
    assert state.pending is not None
    state = maumau.apply(state, ChooseRank(1, "8"))

    assert wished_rank(state) == "8"
    assert listed(state) == {"seat 2 plays 8♥", "seat 2 plays Joker", "seat 2 draws"}


def test_the_ace_changes_the_suit_but_must_fit_the_pile() -> None:
    """
    An ace is played on its suit or on an ace, and its player names the suit to follow.
    """
    state = game(["9c 5d 7d 6c 7c", "Ah As 10s Kc Qc", "3c 4s 5h 6h 8h"], "9h")

    assert "seat 1 plays A♥" in listed(state)
    assert "seat 1 plays A♠" not in listed(state)
    state = play(state, 1, "Ah")
    state = maumau.apply(state, ChooseSuit(1, "♣"))

    assert state.wish == "♣"
    assert "seat 2 plays 3♣" in listed(state)


def test_several_cards_of_one_value_go_down_together() -> None:
    """
    The first card must fit; the others of its value follow in the same play.
    """
    state = game(["9c 5d 7d 6c 7c", "9s 9d 9c 9h Qc", "3c 4s 5h 6h 8h"], "9h")

    state = play_all(state, 1, "9s 9d 9c 9h", "Makao")

    assert state.players[1].hand == cards("Qc")
    assert state.to_move == 2


def test_a_missed_makao_costs_five_cards() -> None:
    """
    A player who plays the second-to-last card without saying "Makao" draws 5 at once.
    """
    state = game(["9c 5d 7d 6c 7c", "9s 9d 9c 9h Qc", "3c 4s 5h 6h 8h"], "9h")

    state = play_all(state, 1, "9s 9d 9c 9h")

    assert any(isinstance(event, PenaltyDrawn) and (event.seat, event.count) == (1, 5) for event in state.events)
    assert len(state.players[1].hand) == 6
