"""
The rules of ``crazy-eights``, one test per rule, on stacked decks; and the conformance kit.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from maumau_crazy_eights import hand_size, maumau_deck

from maumau import (
    Card,
    ChooseSuit,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidOptionError,
    Pass,
    Passed,
    PlayCard,
    Resign,
    apply,
    legal_actions,
    new_game,
    parse_cards,
    variants,
)
from maumau.cli import main
from maumau.flow import evolve_state
from maumau.testing import check_variant

#: A seed whose dealer is the last seat of three, so that seat 0 plays first.
SEED = next(seed for seed in range(100) if new_game("crazy-eights", players=3, seed=seed).dealer == 2)


def deal(hands: tuple[str, ...], starter: str, pile: str = "", *, seed: int = SEED, **options: Any) -> GameState:
    """
    A game whose seats get *hands* (dealt one card at a time from the seat after the dealer), then *starter*, then
    *pile* on top of the draw pile; the other cards follow in deck order.
    """
    players = len(hands)
    dealer = new_game("crazy-eights", players=players, seed=seed).dealer
    cards = [parse_cards(hand) for hand in hands]
    size = hand_size(players)
    assert all(len(hand) == size for hand in cards)
    order = [cards[(dealer + 1 + i) % players][i // players] for i in range(size * players)]
    top = [*order, Card.parse(starter), *parse_cards(pile)] if pile else [*order, Card.parse(starter)]
    rest = list(maumau_deck(players))
    for card in top:
        rest.remove(card)
    return new_game("crazy-eights", players=players, seed=seed, options=options, deck=[*top, *rest])


def turn(state: GameState) -> set[object]:
    """
    The legal actions of the seat to act, without resigning.
    """
    seat = state.pending.seat if state.pending is not None else state.to_move
    return {action for action in legal_actions(state, seat) if not isinstance(action, Resign)}


HANDS = ("3c 4c 5d 9h Kd", "2s 3s 4s 5s 6s", "7h 7d Qs Jc As")


def test_two_to_fifteen_players() -> None:
    new_game("crazy-eights", players=15, seed=1)
    with pytest.raises(InvalidOptionError):
        new_game("crazy-eights", players=16, seed=1)


def test_five_players_when_nobody_chooses_as_in_openspiel() -> None:
    assert variants()["crazy-eights"].default_players == 5
    out = io.StringIO()
    main(["play", "--variant", "crazy-eights", "--seed", "3"], stdin=io.StringIO("q\n"), stdout=out)
    assert "crazy-eights: 5 players" in out.getvalue()


def test_one_pack_up_to_five_players_two_from_six() -> None:
    assert (len(maumau_deck(5)), len(maumau_deck(6))) == (52, 104)


def test_each_of_two_players_gets_seven_cards_more_players_five() -> None:
    assert [len(hand) for hand in new_game("crazy-eights", players=2, seed=1).hands] == [7, 7]
    assert [len(hand) for hand in new_game("crazy-eights", players=4, seed=1).hands] == [5] * 4


def test_the_seat_after_the_dealer_plays_first() -> None:
    state = deal(HANDS, "10c")

    assert (state.dealer, state.to_move) == (2, 0)


def test_an_eight_turned_as_starter_goes_to_the_bottom_of_the_pile() -> None:
    state = deal(HANDS, "8c", "10c")

    assert (state.top, state.draw_pile[-1]) == (Card.parse("10c"), Card.parse("8c"))


def test_a_card_of_the_top_suit_or_rank_may_be_played() -> None:
    state = deal(HANDS, "3d")

    assert turn(state) == {PlayCard(0, Card.parse(c)) for c in ("3c", "5d", "Kd")} | {DrawCards(0)}


def test_an_eight_goes_on_anything_and_names_the_suit_to_follow() -> None:
    state = deal(("8c 4c 5d 9h Kd", *HANDS[1:]), "10s")
    state = apply(state, PlayCard(0, Card.parse("8c")))

    assert turn(state) == {ChooseSuit(0, suit) for suit in ("♣", "♦", "♥", "♠")}
    state = apply(state, ChooseSuit(0, "♥"))
    assert (state.to_move, state.wish) == (1, "♥")
    assert turn(state) == {DrawCards(1)}


def test_after_a_draw_any_card_of_the_hand_may_be_played_or_another_drawn() -> None:
    state = apply(deal(HANDS, "3d", "2h"), DrawCards(0))

    assert state.to_move == 0
    assert turn(state) == {PlayCard(0, Card.parse(c)) for c in ("3c", "5d", "Kd")} | {DrawCards(0)}
    with pytest.raises(IllegalActionError, match="passing is allowed only once"):
        apply(state, Pass(0))


def test_passing_is_allowed_once_max_draw_cards_cards_are_drawn() -> None:
    state = deal(HANDS, "3d", "2h 2d", max_draw_cards=2)
    state = apply(apply(state, DrawCards(0)), DrawCards(0))

    assert Pass(0) in turn(state)
    assert DrawCards(0) not in turn(state)
    with pytest.raises(IllegalActionError, match="2 cards drawn this turn, the most allowed"):
        apply(state, DrawCards(0))
    passed = apply(state, Pass(0))
    assert passed.to_move == 1
    assert passed.events == (Passed(0),)  # a pass, not a missed turn


def test_a_player_may_draw_up_to_five_cards_in_a_turn_by_default() -> None:
    state = deal(HANDS, "3d", "2h 2c 4h 6h 7c")
    for _ in range(4):
        state = apply(state, DrawCards(0))
    assert DrawCards(0) in turn(state)
    state = apply(state, DrawCards(0))

    assert turn(state) == {PlayCard(0, Card.parse(c)) for c in ("3c", "5d", "Kd")} | {Pass(0)}


def test_with_the_draw_pile_empty_a_player_may_pass_and_nobody_draws() -> None:
    state = deal(HANDS, "3d")
    state = evolve_state(state, draw_pile=(), discard_pile=(*state.draw_pile, *state.discard_pile))
    state = apply(state, PlayCard(0, Card.parse("3c")))

    assert turn(state) == {PlayCard(1, Card.parse("3s")), Pass(1)}


def test_the_game_ends_after_max_turns_card_plays() -> None:
    state = apply(deal(HANDS, "3d", max_turns=1), PlayCard(0, Card.parse("3c")))

    assert state.is_over
    assert state.rounds[-1].reason == "max plays"


def test_the_game_goes_on_until_max_turns_card_plays_are_made() -> None:
    state = deal(HANDS, "3d", max_turns=3)
    for seat, card in ((0, "3c"), (1, "3s")):
        state = apply(state, PlayCard(seat, Card.parse(card)))
        assert not state.is_over
    state = apply(state, PlayCard(2, Card.parse("Qs")))

    assert state.is_over
    assert state.rounds[-1].reason == "max plays"


def test_every_player_scores_minus_their_hand() -> None:
    state = apply(deal(HANDS, "3d", max_turns=1), PlayCard(0, Card.parse("3c")))

    assert state.scores == (-(4 + 5 + 9 + 10), -(2 + 3 + 4 + 5 + 6), -(7 + 7 + 10 + 10 + 10))


def test_an_eight_left_in_the_hand_costs_fifty() -> None:
    state = deal((HANDS[0], "8s 3s 4s 5s 6s", HANDS[2]), "3d", max_turns=1)
    state = apply(state, PlayCard(0, Card.parse("3c")))

    assert state.scores[1] == -(50 + 3 + 4 + 5 + 6)


def test_openspiel_scoring_adds_two_to_the_card_number() -> None:
    state = apply(deal(HANDS, "3d", max_turns=1, scoring="openspiel"), PlayCard(0, Card.parse("3c")))

    assert state.scores[1] == -sum(number + 2 for number in (3, 7, 11, 15, 19))  # 2♠ 3♠ 4♠ 5♠ 6♠


class TestSpecialCards:
    """
    Tests for ``use_special_cards``.
    """

    def test_a_queen_skips_the_next_player(self) -> None:
        state = deal(("Qd 4c 5d 9h Kd", *HANDS[1:]), "3d", use_special_cards=True)

        assert apply(state, PlayCard(0, Card.parse("Qd"))).to_move == 2

    def test_an_ace_reverses_the_direction(self) -> None:
        state = deal(("Ad 4c 5d 9h Kd", *HANDS[1:]), "3d", use_special_cards=True)

        assert apply(state, PlayCard(0, Card.parse("Ad"))).to_move == 2

    def test_a_two_makes_the_next_player_draw_two_unless_they_answer_with_any_two(self) -> None:
        state = deal(("2d 4c 5d 9h Kd", *HANDS[1:]), "3d", use_special_cards=True)
        state = apply(state, PlayCard(0, Card.parse("2d")))

        assert turn(state) == {PlayCard(1, Card.parse("2s")), DrawCards(1)}
        state = apply(state, DrawCards(1))
        assert (len(state.hands[1]), state.to_move) == (7, 2)

    def test_a_special_starter_acts_as_if_the_dealer_played_it(self) -> None:
        assert deal(HANDS, "Qd", use_special_cards=True).to_move == 1
        assert deal(HANDS, "Ad", use_special_cards=True).to_move == 1
        assert deal(HANDS, "2d", use_special_cards=True).debt == 2


@pytest.mark.parametrize(
    "options",
    [{}, {"use_special_cards": True, "reshuffle": True}, {"use_special_cards": True, "max_draw_cards": 1}],
    ids=["defaults", "special-reshuffle", "special-one-draw"],
)
def test_crazy_eights_conforms(options: dict[str, Any]) -> None:
    check_variant("crazy-eights", players=range(2, 8), options={"max_turns": 30, **options}, games=6)


def test_maumau_play_plays_crazy_eights_against_bots_to_the_end() -> None:
    out = io.StringIO()
    code = main(
        ["play", "--variant", "crazy-eights", "--players", "5", "--seed", "3"],
        stdin=io.StringIO("1\n" * 2000),
        stdout=out,
    )

    assert code == 0
    assert "Final scores:" in out.getvalue()
