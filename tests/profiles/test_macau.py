"""
The rules of `macau` (Hungarian Macau, a game profile), one test per rule of its page, on stacked decks.

Seat *n* gets ``hands[n]``; the dealer is seat 0 and play goes counter-clockwise (to falling seat numbers), so
with three players seat 2 moves first, then seat 1, then seat 0.
"""

from __future__ import annotations

from functools import partial

import maumau
from helpers import cards, listed, play_all, play_text, profile_game
from maumau import Challenge, ChallengeMade, ChooseSuit, DrawCards, Pass
from maumau.mechanics.placings import PlayerFinished, placed

GAME = "macau"

game = partial(profile_game, GAME)
play = play_text


def test_aces_and_jokers_are_wild_and_name_the_suit() -> None:
    """
    An ace or a joker goes on any card; its player names the suit the next card must have.
    """
    state = game(["9c 5d 7d 6c 7c", "3h 4h 5h 6h 8h", "Ah, Joker, 10s, Kc, Qc"], "9d")

    assert {"seat 2 plays A♥", "seat 2 plays Joker"} <= listed(state)
    state = play(state, 2, "Joker")
    assert state.pending is not None
    assert state.pending.seat == 2
    state = maumau.apply(state, ChooseSuit(2, "♥"))

    assert state.wish == "♥"
    assert state.to_move == 1
    assert "seat 1 plays 3♥" in listed(state)


def test_a_two_passes_on_a_threes_debt_and_the_debts_add_up() -> None:
    """
    A 3 makes the next player draw 3; a 2 answers it and passes on 3 + 2 = 5.
    """
    state = game(["9c 5d 7d 6c 7c", "2h 4c 5h 6h 8h", "3h 8c 10s Kc Qc"], "9h", "9s 10c Jc Qs Ks")

    state = play(state, 2, "3h")
    assert state.debt == 3
    assert "seat 1 plays 2♥" in listed(state)
    state = play(state, 1, "2h")
    assert (state.to_move, state.debt) == (0, 5)

    state = maumau.apply(state, DrawCards(0))
    assert len(state.players[0].hand) == 10
    assert (state.to_move, state.debt) == (2, 0)  # drawing the debt ends the turn


def test_several_action_cards_at_once_add_up() -> None:
    """
    Three 2s played together make the next player draw 6.
    """
    state = game(["9c 5d 7d 6c 7c", "3h 4s 5h 6h 8h", "2h 2c 2s Kc Qc"], "9h")

    state = play_all(state, 2, "2h 2c 2s")

    assert (state.to_move, state.debt) == (1, 6)
    assert listed(state) == {"seat 1 plays 3♥", "seat 1 draws"}


def test_a_four_makes_the_next_player_miss_a_go_unless_they_answer_with_a_four() -> None:
    """
    After a 4 the next player may only answer with a 4 (passing the missed go on, one more) or miss the go.
    """
    state = game(["9c 5d 7d 6c 7c", "4c 9s 5h 6h 8h", "4h 8c 10s Kc Qc"], "9h")

    state = play(state, 2, "4h")
    assert (state.to_move, state.skips) == (1, 1)
    assert listed(state) == {"seat 1 plays 4♣", "seat 1 passes"}

    state = play(state, 1, "4c")
    assert (state.to_move, state.skips) == (0, 2)
    state = maumau.apply(state, Pass(0))  # misses this go, and owes the next one
    assert (state.to_move, state.waits) == (2, (1, 0, 0))


def test_runs_go_on_into_another_suit_through_equal_values() -> None:
    """
    5♠ 6♠ 7♠ 7♥ is one play: a run in spades, turned into hearts by the 7♥ of the same value.
    """
    state = game(["9c 5d 7d 6c 7c", "3h 4c 5h 6h 8d", "5s 6s 7s 7h Kc"], "5c")

    state = play(play(play(state, 2, "5s", more=True), 2, "6s", more=True), 2, "7s", more=True)
    assert any(text.startswith("seat 2 plays 7♥") for text in listed(state))  # on through the 7 of hearts
    assert not any(text.startswith("seat 2 plays K♣") for text in listed(state))
    state = play(state, 2, "7h", "Macau")

    assert state.discard_pile[-4:] == cards("5s 6s 7s 7h")
    assert state.players[2].hand == cards("Kc")
    assert state.to_move == 1


def test_a_missed_macau_costs_five_cards_when_another_player_catches_it() -> None:
    """
    A player left with one card must say "Macau"; another player who catches the miss makes them draw 5.
    """
    state = game(["9c 5d 7d 6c 7c", "3h 4c 5h 6h 8d", "9h 10h Jh Qh 8c"], "9s")

    state = play_all(state, 2, "9h 10h Jh Qh")  # one card left, and no "Macau"
    assert len(state.players[2].hand) == 1
    assert "seat 0 challenges seat 2" in listed(state, 0)
    state = maumau.apply(state, Challenge(0, 2))

    assert any(isinstance(event, ChallengeMade) and event.offender == 2 for event in state.events)
    assert len(state.players[2].hand) == 6


def test_with_more_than_two_players_play_goes_on_until_one_player_is_left() -> None:
    """
    A player who goes out takes first place; the others play on.
    """
    state = game(["9c 5d 7d 6c 7c", "3c 4c 5h 6h 8d", "9h 10h Jh Qh Kh"], "9s")

    state = play_all(state, 2, "9h 10h Jh Qh Kh")

    assert PlayerFinished(2, 0) in state.events
    assert placed(state) == (2,)
    assert not state.is_over
    assert state.to_move == 1
    assert "seat 1 plays 5♥" in listed(state)


def test_the_two_player_rule_forbids_going_out_on_a_two_or_a_three() -> None:
    """
    With ``no_finish_on_two_three``, a 2 or a 3 may not be a player's last card: the player must draw.
    """
    state = game(["9c 5d 7d 6c 7c", "9h 10h Jh Qh 2h"], "9s", options={"no_finish_on_two_three": True})
    state = play_all(state, 1, "9h 10h Jh Qh", "Macau")
    state = maumau.apply(state, DrawCards(0))
    if state.to_move == 0:
        state = maumau.apply(state, Pass(0))

    assert state.to_move == 1
    assert "seat 1 plays 2♥" not in listed(state)
    assert "seat 1 draws" in listed(state)
