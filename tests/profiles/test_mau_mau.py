"""
The rules of `mau-mau` (docs/variants/mau-mau.rst), Parlett's Mau-Mau, one test per rule, on stacked decks.

Seat 0 deals, so seat 1 gets the first card and plays first; ``deal`` stacks the
profile's own deck so that seat *n* gets ``hands[n]``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial

from attrs import evolve

import maumau
from helpers import choose, draw, play, playable, position, profile_game
from maumau import (
    HEARTS,
    SPADES,
    Card,
    DrawCards,
    GameState,
    MatchEnded,
    PenaltyDrawn,
    PlayCard,
    Resign,
    RoundEnded,
    TurnSkipped,
    legal_actions,
    parse_card,
)
from maumau.plugins import Rules

VARIANT = "mau-mau"

#: A game whose first round deals *hands* by seat, turns *starter* and leaves *draw* on top of the stock.
deal = partial(profile_game, VARIANT, seed=0)

#: Three seats; on the 9♥ starter seat 1 may play the K♥ or the J♣, not the 7♠, 10♦ or A♣.
HANDS_3 = ("8c 8d 9c 9d 10c", "Jc 7s 10d Kh Ac", "7h Qs As Jd 8s")


def full_deck(players: int, options: Mapping[str, object] | None = None) -> tuple[Card, ...]:
    """
    Every card of a game of *players* seats with *options*, in the profile's order.
    """
    resolved = Rules.build(VARIANT).resolve_options(options)
    return Rules.build(VARIANT, options=resolved).deck(resolved, players)


def penalties(state: GameState, seat: int) -> list[int]:
    """
    The penalty cards *seat* drew, by count.
    """
    return [e.count for e in state.events if isinstance(e, PenaltyDrawn) and e.seat == seat]


def test_five_cards_each_from_a_32_card_pack() -> None:
    """
    Deal five each from a 32-card pack (7 to ace), turn the next card as the starter.
    """
    state = maumau.new_game(VARIANT, players=4, seed=5)

    counted = Counter([*state.draw_pile, *state.discard_pile, *(c for hand in state.hands for c in hand)])
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    assert sum(counted.values()) == 32
    assert {card.rank for card in counted} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    assert len(state.discard_pile) == 1


def test_a_card_must_match_suit_or_rank_or_be_a_jack() -> None:
    """
    As in Crazy Eights: the same suit or rank as the top card, and a jack on anything.
    """
    state = deal(HANDS_3, "9h")

    assert playable(state) == {"K♥", "J♣"}


def test_a_jack_names_the_suit_to_follow() -> None:
    """
    Jacks are wild instead of eights: the player of a jack names the suit the next player must follow.
    """
    state = deal(HANDS_3, "9h")

    state = choose(play(state, 1, "Jc"), 1, SPADES)

    assert state.wish == SPADES
    assert state.to_move == 2
    assert playable(state) == {"Q♠", "A♠", "8♠", "J♦"}


def test_a_jack_may_go_on_a_jack_unless_the_option_forbids_it() -> None:
    """
    A jack goes on a jack, as an eight on an eight; with ``jack_on_jack=False`` it does not.
    """
    hands = ("8c 8d 9c 9d 10c", "Jc 7s 10d Kh Ac", "Jd 7h Qs As 8s")

    state = choose(play(deal(hands, "9h"), 1, "Jc"), 1, HEARTS)
    strict = choose(play(deal(hands, "9h", options={"jack_on_jack": False}), 1, "Jc"), 1, HEARTS)

    assert "J♦" in playable(state)
    assert playable(strict) == {"7♥"}


def test_a_drawn_card_may_be_played_at_once() -> None:
    """
    A player may draw one card instead of playing, and play it if it fits, or keep it and pass.
    """
    state = deal(HANDS_3, "9h", "Qh")

    assert DrawCards(1) in legal_actions(state)
    state = draw(state, 1)

    assert state.to_move == 1
    assert {a for a in legal_actions(state) if isinstance(a, PlayCard)} == {PlayCard(1, parse_card("Qh"))}


def test_mau_is_said_with_the_last_card() -> None:
    """
    A player who plays their last card saying "Mau" goes out and wins the round; the last card names no suit.
    """
    start = position(deal(HANDS_3, "9h"), hands=["8c 8d", "Kh", "7h Qs"])

    state = play(start, 1, "Kh", "Mau")

    ended = next(e for e in state.events if isinstance(e, RoundEnded))
    assert ended.winners == (1,)


def test_a_missed_mau_draws_one_card_and_play_goes_on() -> None:
    """
    The penalty for not saying "Mau" is to draw a card from stock and keep playing.
    """
    start = position(deal(HANDS_3, "9h"), hands=["8c 8d", "Kh", "7h Qs"])

    state = play(start, 1, "Kh")

    assert penalties(state, 1) == [1]
    assert len(state.hands[1]) == 1
    assert state.to_move == 2
    assert not any(isinstance(e, RoundEnded) for e in state.events)


def test_a_last_jack_needs_mau_mau() -> None:
    """
    A player going out with a jack says "Mau-Mau"; "Mau" is then a wrong call and costs a card.
    """
    start = position(deal(HANDS_3, "9h"), hands=["8c 8d", "Jc", "7h Qs"])

    right = play(start, 1, "Jc", "Mau-Mau")
    wrong = play(start, 1, "Jc", "Mau")

    assert any(isinstance(e, RoundEnded) and e.winners == (1,) for e in right.events)
    assert penalties(wrong, 1) == [1]
    assert len(wrong.hands[1]) == 1


def test_cards_left_score_against_their_holders() -> None:
    """
    Ace 11, ten 10, king 4, queen 3, jack 2, the others nothing: scored against the players still holding them.
    """
    start = position(deal(HANDS_3, "9h"), hands=["As 10s Ks", "Kh", "Qd Jd 9d 8d 7d"])

    state = play(start, 1, "Kh", "Mau")

    assert state.scores == (11 + 10 + 4, 0, 3 + 2)


def test_the_match_ends_when_someone_reaches_100_penalties() -> None:
    """
    The match ends when a player reaches 100 penalty points; the fewest points win.
    """
    start = position(deal(HANDS_3, "9h"), hands=["As 10s", "Kh", "7d"])
    start = evolve(start, players=tuple(evolve(p, score=s) for p, s in zip(start.players, (80, 30, 10), strict=True)))

    state = play(start, 1, "Kh", "Mau")

    assert state.is_over
    assert state.scores == (101, 30, 10)
    assert MatchEnded((2,), "target") in state.events


def test_sevens_draw_two_option() -> None:
    """
    With ``sevens_draw_two`` a 7 makes the next player draw 2 unless they answer with a 7 (then 4).
    """
    state = deal(HANDS_3, "9s", options={"sevens_draw_two": True})

    state = play(state, 1, "7s")
    assert state.debt == 2
    assert {a for a in legal_actions(state) if not isinstance(a, Resign)} == {
        PlayCard(2, parse_card("7h")),
        DrawCards(2),
    }
    state = play(state, 2, "7h")
    assert state.debt == 4
    state = draw(state, 0)

    assert len(state.hands[0]) == 9
    assert state.to_move == 1


def test_eights_skip_option() -> None:
    """
    With ``eights_skip`` an 8 makes the next player miss a turn; without it an 8 is a plain card.
    """
    hands = ("9c 9d 10c 10d Qc", "8h 7s 10h Kh Ac", "7h Qs As Jd 8s")

    skipping = play(deal(hands, "9h", options={"eights_skip": True}), 1, "8h")
    plain = play(deal(hands, "9h"), 1, "8h")

    assert TurnSkipped(2) in skipping.events
    assert skipping.to_move == 0
    assert plain.to_move == 2


def test_neuner_adds_a_joker_and_makes_nines_wild() -> None:
    """
    Neuner: a joker is added to the pack, and it and the nines are wild; the jacks are plain.
    """
    options = {"neuner": True}
    hands = ("8c, 8d, 10c, 10d, Qc", "9c, Jc, 7s, Kd, Joker", "7h, Qs, As, Jd, 8s")

    state = deal(hands, "10h", options=options)

    assert len(full_deck(3, options)) == 33
    assert playable(state) == {"9♣", "Joker"}
