"""
The rules of `prsi` (docs/variants/prsi.rst), one test per rule, on stacked decks of the mariáš pack.

German cards are written suit first and separated by commas (``"hearts 7, acorns O"``);
U is the Unter (spodek), O the Ober (svršek).  Seat 0 deals, so seat 1 plays first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial

import maumau
from helpers import choose, draw, pass_, play, playable, position, profile_game
from maumau import (
    Card,
    DrawCards,
    GameState,
    MatchEnded,
    Pass,
    PlayCard,
    Resign,
    RoundEnded,
    SuitWished,
    TurnSkipped,
    legal_actions,
    parse_card,
)
from maumau.plugins import Rules

VARIANT = "prsi"

#: A game whose first round deals *hands* by seat, turns *starter* and leaves *draw* on top of the stock.
deal = partial(profile_game, VARIANT, seed=0)

#: Three seats of four cards; seat 1 plays first on the hearts 9.
HANDS_3 = (
    "acorns 8, acorns 9, acorns 10, acorns K",
    "hearts A, hearts 7, leaves O, bells 10",
    "bells A, bells 7, leaves 8, leaves 9",
)


def full_deck(players: int, options: Mapping[str, object] | None = None) -> tuple[Card, ...]:
    """
    Every card of a game of *players* seats with *options*, in the profile's order.
    """
    resolved = Rules.build(VARIANT).resolve_options(options)
    return Rules.build(VARIANT, options=resolved).deck(resolved, players)


def turn_actions(state: GameState) -> set[object]:
    """
    The legal actions of the player to move, without the ever-legal resignation.
    """
    return {a for a in legal_actions(state) if not isinstance(a, Resign)}


def test_four_cards_each_from_the_marias_pack() -> None:
    """
    The 32-card mariáš pack (7 to ace in acorns, leaves, hearts, bells); four cards each, five with the option.
    """
    state = maumau.new_game(VARIANT, players=3, seed=2)
    five = maumau.new_game(VARIANT, players=3, seed=2, options={"hand_size": 5})

    counted = Counter([*state.draw_pile, *state.discard_pile, *(c for hand in state.hands for c in hand)])
    assert sum(counted.values()) == 32
    assert {card.suit for card in counted} == {"acorns", "leaves", "hearts", "bells"}
    assert {card.rank for card in counted} == {"7", "8", "9", "10", "U", "O", "K", "A"}
    assert [len(hand) for hand in state.hands] == [4, 4, 4]
    assert [len(hand) for hand in five.hands] == [5, 5, 5]


def test_a_card_must_match_suit_or_value_or_be_an_ober() -> None:
    """
    On the hearts 9 go hearts, nines, and an Ober of any suit; the bells 10 may not.
    """
    state = deal(HANDS_3, "hearts 9")

    assert state.to_move == 1
    assert playable(state) == {"hearts A", "hearts 7", "leaves O"}


def test_drawing_one_card_ends_the_turn() -> None:
    """
    A player who does not play draws one card, and the next player plays, even if the card drawn fits.
    """
    state = deal(HANDS_3, "hearts 9", "hearts K")

    state = draw(state, 1)

    assert parse_card("hearts K") in state.hands[1]
    assert state.to_move == 2


def test_a_seven_makes_the_next_player_draw_two_or_play_a_seven() -> None:
    """
    After a 7 the next player either draws 2 cards or plays a 7, and the following player owes 4.
    """
    state = deal(HANDS_3, "hearts 9")

    state = play(state, 1, "hearts 7")
    assert state.debt == 2
    assert turn_actions(state) == {PlayCard(2, parse_card("bells 7")), DrawCards(2)}
    state = play(state, 2, "bells 7")

    assert state.debt == 4
    assert turn_actions(state) == {DrawCards(0)}


def test_drawing_for_sevens_ends_the_turn() -> None:
    """
    The player who draws for the sevens draws them all at once and plays no card that turn.
    """
    state = play(play(deal(HANDS_3, "hearts 9"), 1, "hearts 7"), 2, "bells 7")

    state = draw(state, 0)

    assert len(state.hands[0]) == 8
    assert state.debt == 0
    assert state.to_move == 1


def test_an_ace_makes_the_next_player_stand() -> None:
    """
    After an ace the next player stands for a turn, neither playing nor drawing, unless they play an ace.
    """
    hands = (HANDS_3[0], HANDS_3[1], "bells 9, bells 7, leaves 8, leaves 9")
    state = play(deal(hands, "hearts 9"), 1, "hearts A")

    assert state.to_move == 2
    assert turn_actions(state) == {Pass(2)}
    state = pass_(state, 2)

    assert TurnSkipped(2) in state.events
    assert len(state.hands[2]) == 4
    assert state.to_move == 0


def test_an_ace_passes_the_stand_on() -> None:
    """
    A player who answers an ace with an ace passes the stand to the next player.
    """
    state = play(deal(HANDS_3, "hearts 9"), 1, "hearts A")

    assert turn_actions(state) == {PlayCard(2, parse_card("bells A")), Pass(2)}
    state = play(state, 2, "bells A")

    assert state.skips == 1
    assert turn_actions(state) == {Pass(0)}


def test_an_ober_names_the_suit_to_follow() -> None:
    """
    The player of an Ober names a suit, which the next player must follow (or play an Ober).
    """
    state = play(deal(HANDS_3, "hearts 9"), 1, "leaves O")

    state = choose(state, 1, "bells")

    assert state.events[-1] == SuitWished(1, "bells")
    assert state.wish == "bells"
    assert playable(state) == {"bells A", "bells 7"}


def test_no_ober_on_a_seven_or_ace_still_to_be_answered() -> None:
    """
    An Ober does not go on a 7 or an ace just played: the player answers it or draws (or stands).
    """
    hands = (HANDS_3[0], HANDS_3[1], "bells O, acorns O, leaves 8, bells 7")

    after_seven = play(deal(hands, "hearts 9"), 1, "hearts 7")
    after_ace = play(deal(hands, "hearts 9"), 1, "hearts A")

    assert playable(after_seven) == {"bells 7"}
    assert playable(after_ace) == set()


def test_the_first_player_out_wins() -> None:
    """
    The first player to get rid of all their cards wins ("prší"), and the game is over.
    """
    start = position(deal(HANDS_3, "hearts 9"), hands=["acorns 8", "hearts K", "bells 7, leaves 8"])

    state = play(start, 1, "hearts K")

    assert any(isinstance(e, RoundEnded) and e.winners == (1,) for e in state.events)
    assert MatchEnded((1,), "out") in state.events
    assert state.is_over


def test_the_others_play_on_for_placings_with_the_option() -> None:
    """
    With ``placings`` the others play on after the first goes out.
    """
    start = position(
        deal(HANDS_3, "hearts 9", options={"placings": True}), hands=["acorns 8", "hearts K", "bells 7, hearts 8"]
    )

    state = play(start, 1, "hearts K")

    assert not state.is_over
    assert state.to_move == 2
    assert playable(state) == {"hearts 8"}


def test_penalty_points_with_the_option() -> None:
    """
    With ``scoring="penalties"`` the cards left count against their holders: 7 to 10 face value, Unter 2,
    Ober 3, King 4, ace 11.
    """
    start = position(
        deal(HANDS_3, "hearts 9", options={"scoring": "penalties"}),
        hands=["acorns 8, acorns U, acorns O", "hearts K", "bells K, bells A, leaves 10"],
    )

    state = play(start, 1, "hearts K")

    assert state.scores == (8 + 2 + 3, 0, 4 + 11 + 10)


def test_with_a_french_pack_the_jack_names_the_suit() -> None:
    """
    With ``pack="french"`` (a 32-card piquet pack) the jack takes the Ober's part.
    """
    state = deal(("8c 9c 10c Kc", "Jc Qs 7h 10d", "As 7d 8d 9d"), "9h", options={"pack": "french"})

    assert playable(state) == {"J♣", "7♥"}
