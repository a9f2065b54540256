"""
The rules of `crazy-eights-pagat` (docs/variants/crazy-eights-pagat.rst), one test per rule, on stacked decks.

Seat 0 deals, so seat 1 gets the first card and plays first; ``deal`` stacks the
profile's own deck so that seat *n* gets ``hands[n]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial

import pytest

import maumau
from helpers import choose, draw, play, playable, position, profile_game
from maumau import (
    CLUBS,
    DIAMONDS,
    SPADES,
    Card,
    ChooseSuit,
    DrawCards,
    GameState,
    PenaltyDrawn,
    PlayCard,
    Resign,
    RoundEnded,
    SuitWished,
    TurnSkipped,
    legal_actions,
    parse_card,
)
from maumau.plugins import Rules

VARIANT = "crazy-eights-pagat"

#: A game whose first round deals *hands* by seat, turns *starter* and leaves *draw* on top of the stock.
deal = partial(profile_game, VARIANT, seed=0)

#: Three seats; seat 1 plays first and holds a king, a heart and an 8 that fit the K♥ starter, and two that do not.
HANDS_3 = ("2c 3c 4c 5c 6c", "Ks 5h 8c 3d 9d", "7d 2d 4d 10s Js")


def full_deck(players: int, options: Mapping[str, object] | None = None) -> tuple[Card, ...]:
    """
    Every card of a game of *players* seats with *options*, in the profile's order.
    """
    resolved = Rules.build(VARIANT).resolve_options(options)
    return Rules.build(VARIANT, options=resolved).deck(resolved, players)


def all_cards(state: GameState) -> Counter[Card]:
    return Counter([*state.draw_pile, *state.discard_pile, *(c for hand in state.hands for c in hand)])


@pytest.mark.parametrize(("players", "size"), [(2, 7), (3, 5), (5, 5)])
def test_five_cards_each_seven_between_two(players: int, size: int) -> None:
    """
    The dealer deals five cards to each player, seven each when only two play, from one 52-card pack.
    """
    state = maumau.new_game(VARIANT, players=players, seed=3)

    assert [len(hand) for hand in state.hands] == [size] * players
    assert sum(all_cards(state).values()) == 52


def test_many_players_shuffle_two_packs_together() -> None:
    """
    From six players on two packs are shuffled together: every card twice.
    """
    state = maumau.new_game(VARIANT, players=6, seed=3)

    counted = all_cards(state)
    assert sum(counted.values()) == 104
    assert set(counted.values()) == {2}


def test_a_card_must_match_the_top_card_by_suit_or_rank() -> None:
    """
    On the K♥ a king or a heart may go, and an 8 on anything; the 3♦ and 9♦ may not.
    """
    state = deal(HANDS_3, "Kh")

    assert state.to_move == 1
    assert playable(state) == {"K♠", "5♥", "8♣"}


def test_an_eight_names_the_suit_to_follow() -> None:
    """
    The player of an 8 names a suit; the next player must play that suit, or another 8.
    """
    state = deal(HANDS_3, "Kh")

    state = play(state, 1, "8c")
    assert legal_actions(state, 1)[0] == ChooseSuit(1, CLUBS)
    state = choose(state, 1, DIAMONDS)

    assert state.wish == DIAMONDS
    assert state.events[-1] == SuitWished(1, DIAMONDS)
    assert state.to_move == 2
    assert playable(state) == {"7♦", "2♦", "4♦"}


def test_an_eight_may_go_on_an_eight() -> None:
    """
    On an 8 goes another 8, whatever suit was named.
    """
    state = deal(("2c 3c 4c 5c 6c", "8c 3d 9d Ks 5h", "8d 2h 4h 10s Js"), "Kh")

    state = choose(play(state, 1, "8c"), 1, SPADES)

    assert playable(state) == {"8♦", "10♠", "J♠"}


def test_a_player_may_draw_instead_of_playing() -> None:
    """
    Each player in turn either plays a legal card or draws one from the stock, even holding a playable card.
    """
    state = deal(HANDS_3, "Kh", "Qh")

    assert DrawCards(1) in legal_actions(state)


def test_drawing_a_card_ends_the_turn() -> None:
    """
    A player who draws has had their turn, even when the drawn card (here the Q♥ on the K♥) could be played.
    """
    state = deal(HANDS_3, "Kh", "Qh")

    state = draw(state, 1)

    assert parse_card("Qh") in state.hands[1]
    assert len(state.hands[1]) == 6
    assert state.to_move == 2


def test_drawing_until_playable_with_the_option() -> None:
    """
    With ``drawing="until_playable"`` a player draws until a card fits, and may then play it.
    """
    state = deal(HANDS_3, "Kh", "2s 3s Qh", options={"drawing": "until_playable"})

    state = draw(state, 1)
    state = draw(state, 1)
    state = draw(state, 1)

    assert state.to_move == 1
    assert len(state.hands[1]) == 8
    assert PlayCard(1, parse_card("Qh")) in legal_actions(state)


def test_a_starter_eight_lets_the_dealer_name_the_suit() -> None:
    """
    An 8 turned as the starter counts as played by the dealer, who names the suit; then the first player plays.
    """
    state = deal(HANDS_3, "8s")

    assert (state.to_move, state.pending.kind if state.pending else None) == (0, "suit")
    state = maumau.apply(state, ChooseSuit(0, "♥"))
    assert (state.to_move, state.wish) == (1, "♥")


def test_a_starter_eight_keeps_its_own_suit_with_the_option() -> None:
    """
    With ``starter_eight="stands"`` a starter 8 names no other suit: the first player follows its suit, or plays an 8.
    """
    state = deal(HANDS_3, "8s", options={"starter_eight": "stands"})

    assert state.top == parse_card("8s")
    assert state.wish is None
    assert playable(state) == {"K♠", "8♣"}


def test_a_starter_eight_is_buried_with_the_option() -> None:
    """
    With ``starter_eight="bury"`` (Britannica) a starter 8 goes under the stock and the next card is turned.
    """
    state = deal(HANDS_3, "8s", "Qh", options={"starter_eight": "bury"})

    assert state.top == parse_card("Qh")
    assert state.draw_pile[-1] == parse_card("8s")


def test_last_card_must_be_said_with_the_second_to_last_card() -> None:
    """
    A player left with one card says "Last card"; without it they draw two penalty cards.
    """
    start = position(deal(HANDS_3, "Kh"), hands=["2c 3c 4c", "Ks 3d", "7d 2d 4d"])

    said = play(start, 1, "Ks", "Last card")
    missed = play(start, 1, "Ks")

    assert len(said.hands[1]) == 1
    assert len(missed.hands[1]) == 3
    assert any(isinstance(e, PenaltyDrawn) and e.seat == 1 and e.count == 2 for e in missed.events)


def test_the_others_score_their_cards_as_penalties() -> None:
    """
    The first player out wins; the others score 50 for an 8, 10 for a picture, 1 for an ace, the rest face value.
    """
    start = position(deal(HANDS_3, "Kh"), hands=["8c Qd As 5h", "Ks", "10d 2d"])

    state = play(start, 1, "Ks")

    ended = next(e for e in state.events if isinstance(e, RoundEnded))
    assert ended.winners == (1,)
    assert state.scores == (50 + 10 + 1 + 5, 0, 10 + 2)
    assert state.is_over


def test_twos_draw_two_house_rule() -> None:
    """
    With ``twos_draw_two`` a 2 makes the next player draw 2 unless they answer with a 2, and the debt adds up.
    """
    state = deal(("2c 3c 4c 5c 6c", "2h 3d 9d Ks 5h", "2d 3h 4h 10s Js"), "Kh", options={"twos_draw_two": True})

    state = play(state, 1, "2h")
    assert state.debt == 2
    assert {a for a in legal_actions(state) if not isinstance(a, Resign)} == {
        PlayCard(2, parse_card("2d")),
        DrawCards(2),
    }
    state = play(state, 2, "2d")

    assert state.debt == 4
    assert state.to_move == 0


def test_queens_skip_house_rule() -> None:
    """
    With ``queens_skip`` a queen makes the next player miss a turn.
    """
    state = deal(("2c 3c 4c 5c 6c", "Qh 3d 9d Ks 5h", "2d 3h 4h 10s Js"), "Kh", options={"queens_skip": True})

    state = play(state, 1, "Qh")

    assert TurnSkipped(2) in state.events
    assert state.to_move == 0
