"""
The rules of `tschau-sepp` (Swiss Tschau Sepp, a game profile), one test per rule of its page, on stacked decks.

Seat *n* gets ``hands[n]``; the dealer is seat 0 and play goes counter-clockwise (to falling seat numbers), so
with three players seat 2 moves first, then seat 1, then seat 0.  Jass cards are written short:
rank then the suit's initial, ``"6r"`` for the 6 of roses (r roses, a acorns, s shields, b bells).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import maumau
from helpers import listed, stacked
from maumau import Card, ChooseSuit, DirectionReversed, DrawCards, GameState, PlayCard, PlaysAgain
from maumau.mechanics.placings import PlayerFinished, placed

SUITS = {"r": "roses", "a": "acorns", "s": "shields", "b": "bells"}


def sw(text: str) -> str:
    """
    Short Jass cards (``"6r Ub"``) as the card text maumau reads (``"roses 6, bells U"``).
    """
    return ", ".join(f"{SUITS[word[-1]]} {word[:-1]}" for word in text.split())


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card(word[:-1], SUITS[word[-1]]) for word in text.split())


GAME = "tschau-sepp"


def game(
    hands: Sequence[str], starter: str, draw: str = "", *, options: Mapping[str, object] | None = None
) -> GameState:
    """
    A game of Tschau Sepp whose first round deals *hands*, turns *starter* and leaves *draw* on top of the pile.
    """
    blank = maumau.new_game(GAME, players=len(hands), options=options)
    deck = blank.rules.deck(blank.options, len(hands))
    return maumau.new_game(
        GAME,
        players=len(hands),
        seed=1,
        dealer=0,
        options=options,
        deck=stacked([sw(hand) for hand in hands], sw(starter), sw(draw), full=deck, variant=GAME),
    )


def play(state: GameState, seat: int, text: str, call: str | None = None) -> GameState:
    (card,) = cards(text)
    return maumau.apply(state, PlayCard(seat, card, call))


def with_hands(state: GameState, *hands: str) -> GameState:
    """
    *state* with the hands set by hand (a position further into a round).
    """
    from attrs import evolve

    players = tuple(evolve(player, hand=cards(hand)) for player, hand in zip(state.players, hands, strict=True))
    return evolve(state, players=players)


def test_the_under_goes_on_anything_and_names_the_suit() -> None:
    """
    An Under (Bauer) goes on any card; its player names the suit to follow.
    """
    state = game(["9a 6b 7b 8b Ka", "6r 7r 9r 6s 8s", "Ur 8a 10s Ks Os"], "9b")

    assert "seat 2 plays roses U" in listed(state)
    state = play(state, 2, "Ur")
    state = maumau.apply(state, ChooseSuit(2, "shields"))

    assert state.wish == "shields"
    assert {"seat 1 plays shields 6", "seat 1 plays shields 8"} <= listed(state)
    assert "seat 1 plays roses 6" not in listed(state)


def test_a_player_who_can_play_must_play() -> None:
    """
    Only a player who cannot play draws.
    """
    state = game(["9a 6b 7b 8b Ka", "6r 7r 9r 6s 8s", "Kb 8a 10s Ks Os"], "9b")

    assert listed(state) == {"seat 2 plays bells K"}


def test_a_drawn_card_that_fits_must_be_played() -> None:
    """
    A player who cannot play draws one card; if it fits, it must be played at once.
    """
    state = game(["9a 6b 7b 8b Ka", "6r 7r 9r 6s 8s", "6a 8a 10s Ks Os"], "9b", "10b")

    assert listed(state) == {"seat 2 draws"}
    state = maumau.apply(state, DrawCards(2))

    assert state.to_move == 2
    assert listed(state) == {"seat 2 plays bells 10"}


def test_the_seven_makes_the_next_player_take_two() -> None:
    """
    After a 7 the next player takes 2 cards; nothing answers it, and taking them ends the turn.
    """
    state = game(["9a 6b 7b 8b Ka", "7a 6a 9r 6s 8s", "7r 8a 10s Ks Os"], "10r")

    state = play(state, 2, "7r")
    assert state.debt == 2
    assert listed(state) == {"seat 1 draws"}
    state = maumau.apply(state, DrawCards(1))

    assert len(state.players[1].hand) == 7
    assert state.to_move == 0


def test_the_eight_makes_the_next_player_sit_out() -> None:
    """
    After an 8 the next player sits out once and draws nothing.
    """
    state = game(["9a 6b 7b 8b Ka", "7a 6a 9r 6s 8s", "8r 8a 10s Ks Os"], "10r")

    state = play(state, 2, "8r")

    assert state.to_move == 0
    assert len(state.players[1].hand) == 5


def test_the_ace_reverses_the_direction() -> None:
    """
    After an ace play goes the other way.
    """
    state = game(["9a 6b 7b 8b Ka", "7a 6a 9r 6s 8s", "Ar 8a 10s Ks Os"], "10r")

    state = play(state, 2, "Ar")

    assert DirectionReversed(1) in state.events
    assert state.to_move == 0


def test_tschau_sepp_goes_out_and_play_goes_on() -> None:
    """
    A player who plays the last card saying "Tschau Sepp" goes out; the others play on for the places.
    """
    state = with_hands(game(["9a 6b 7b 8b Ka", "7a 6a 9r 6s 8s", "6r 8a 10s Ks Os"], "10r"), "9a 6b", "7a 8s", "6r")

    state = play(state, 2, "6r", "Tschau Sepp")

    assert PlayerFinished(2, 0) in state.events
    assert placed(state) == (2,)
    assert not state.is_over
    assert state.to_move == 1


def test_with_eight_cover_its_player_plays_again() -> None:
    """
    With ``eight="cover"``, whoever plays an 8 plays again: a card of its suit, another 8 or an Under, or draws.
    """
    state = game(["9a 6b 7b 8b Ka", "7a 6a 9r 6s 8s", "8r 8a 10s Ks Or"], "10r", options={"eight": "cover"})

    state = play(state, 2, "8r")

    assert PlaysAgain(2, "must") in state.events
    assert state.to_move == 2
    assert listed(state) == {"seat 2 plays acorns 8", "seat 2 plays roses O"}


def test_the_dealers_right_begins_and_play_goes_counter_clockwise() -> None:
    """
    The player at the dealer's right begins and play goes to the right: with seats numbered clockwise, seat 3
    after dealer 0, then seat 2; the next round is dealt by the player at the dealer's right.
    """
    state = maumau.new_game(GAME, players=4, seed=3, dealer=0)

    assert (state.to_move, state.direction) == (3, -1)
    assert state.rules.next_seat(state, 3) == 2
    assert state.rules.dealer(state) == 3
