"""
The rules of `uno-mattel` (Uno as Mattel's rules have it), one test per rule of docs/variants/uno-mattel.rst.

Each game is dealt from a stacked deck: seat 0 deals, seat *n* gets ``hands[n]``,
the starter is turned, and the draw pile begins with the cards named after it.
Cards are written as the Uno pack names them, separated by commas ("red 7, +4").
"""

from __future__ import annotations

from functools import partial

from helpers import cards, listed, position, profile_game
from maumau import (
    Challenge,
    ChooseSuit,
    DrawCards,
    GameState,
    PenaltyDrawn,
    PlayCard,
    RoundEnded,
    TurnSkipped,
    apply,
    legal_actions,
    new_game,
    parse_card,
)
from maumau.mechanics.play_challenges import ChallengePlay, HandShown, PlayChallenged

ID = "uno-mattel"

#: A game dealt by seat 0 from a deck stacked so that seat *n* gets ``hands[n]``.
game = partial(profile_game, ID, seed=0)

#: Three seats; seat 1 moves first.  Seat 0 holds reds, seat 2 greens.
REDS = "red 1, red 2, red 3, red 4, red 5, red 6, red 7"
GREENS = "green 1, green 2, green 3, green 4, green 5, green 6, green 7"


def put(state: GameState, seat: int, card: str, call: str | None = None) -> GameState:
    """
    *seat* plays *card*, saying *call*.
    """
    return apply(state, PlayCard(seat, parse_card(card), call))


def wild_draw_four(hand_of_seat_1: str) -> GameState:
    """
    Seat 1 plays a Wild Draw Four on a red 5 and names blue; seat 2 is to answer it.
    """
    state = game([REDS, hand_of_seat_1, GREENS], "red 5")
    state = put(state, 1, "+4")
    return apply(state, ChooseSuit(1, "blue"))


def test_deck_holds_108_cards_and_each_player_gets_seven() -> None:
    state = new_game(ID, players=4, seed=3)

    every = [*state.draw_pile, *state.discard_pile, *(card for hand in state.hands for card in hand)]

    assert len(every) == 108
    assert [len(hand) for hand in state.hands] == [7] * 4
    assert every.count(parse_card("+4")) == 4
    assert every.count(parse_card("red 0")) == 1
    assert every.count(parse_card("red Skip")) == 2


def test_the_seat_after_the_dealer_plays_first() -> None:
    state = game([REDS, "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7", GREENS], "yellow 5")

    assert state.dealer == 0
    assert state.to_move == 1


def test_an_unchallenged_wild_draw_four_makes_the_next_player_draw_four_and_miss_the_turn() -> None:
    state = wild_draw_four("+4, red 9, blue 1, blue 2, blue 3, blue 4, blue 5")

    assert (state.to_move, state.debt, state.wish) == (2, 4, "blue")
    assert listed(state) == {"seat 2 challenges seat 1's play", "seat 2 draws"}

    state = apply(state, DrawCards(2))

    assert len(state.players[2].hand) == 7 + 4
    assert (state.to_move, state.debt) == (0, 0)


def test_a_guilty_wild_draw_four_costs_its_player_four_and_the_challenger_plays_on() -> None:
    state = wild_draw_four("+4, red 9, blue 1, blue 2, blue 3, blue 4, blue 5")  # red 9: red was to be followed

    state = apply(state, ChallengePlay(2, 1))

    assert len(state.players[1].hand) == 6 + 4
    assert len(state.players[2].hand) == 7
    assert (state.to_move, state.debt) == (2, 0)
    assert any(isinstance(event, PlayChallenged) and event.guilty for event in state.events)


def test_an_innocent_wild_draw_four_costs_the_challenger_six_and_the_turn() -> None:
    state = wild_draw_four("+4, green 9, blue 1, blue 2, blue 3, blue 4, blue 5")  # no red card

    state = apply(state, ChallengePlay(2, 1))

    assert len(state.players[2].hand) == 7 + 6
    assert len(state.players[1].hand) == 6
    assert (state.to_move, state.debt) == (0, 0)


def test_the_challenged_hand_is_shown_to_the_challenger_only() -> None:
    state = apply(wild_draw_four("+4, green 9, blue 1, blue 2, blue 3, blue 4, blue 5"), ChallengePlay(2, 1))

    shown = next(event for event in state.events if isinstance(event, HandShown))

    assert (shown.seat, shown.to) == (1, 2)
    assert shown.cards == cards("green 9, blue 1, blue 2, blue 3, blue 4, blue 5")
    assert shown.seen_by(0).cards is None


def test_a_draw_two_makes_the_next_player_draw_two_and_miss_the_turn_without_stacking() -> None:
    state = game([REDS, "red +2, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", "green +2, " + GREENS[9:]], "red 5")

    state = put(state, 1, "red +2")

    assert len(state.players[2].hand) == 7 + 2  # drawn at once: the green +2 could not answer it
    assert state.to_move == 0
    assert TurnSkipped(2) in state.events


def test_stacking_is_a_house_rule_that_passes_the_sum_on() -> None:
    hands = [REDS, "red +2, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", "green +2, " + GREENS[9:]]
    state = game(hands, "red 5", options={"stacking": True})

    state = put(state, 1, "red +2")
    assert "seat 2 plays green +2" in listed(state)
    state = put(state, 2, "green +2")

    assert (state.to_move, state.debt) == (0, 4)


def test_a_skip_makes_the_next_player_miss_the_turn() -> None:
    state = game([REDS, "red Skip, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", GREENS], "red 5")

    state = put(state, 1, "red Skip")

    assert state.to_move == 0
    assert TurnSkipped(2) in state.events


def test_a_reverse_turns_play_round_and_skips_between_two_players() -> None:
    three = game([REDS, "red Reverse, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", GREENS], "red 5")
    two = game([REDS, "red Reverse, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6"], "red 5")

    three = put(three, 1, "red Reverse")
    two = put(two, 1, "red Reverse")

    assert (three.to_move, three.direction) == (0, -1)
    assert two.to_move == 1


def test_a_wild_goes_on_anything_and_names_the_colour() -> None:
    state = game([REDS, "Wild, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", GREENS], "red 5")

    assert "seat 1 plays Wild" in listed(state)
    state = apply(put(state, 1, "Wild"), ChooseSuit(1, "green"))

    assert (state.to_move, state.wish) == (2, "green")
    assert "seat 2 plays green 1" in listed(state)


def test_a_player_may_draw_instead_of_playing_and_play_the_drawn_card() -> None:
    state = game([REDS, "red 9, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", GREENS], "red 5", "yellow 5")

    assert "seat 1 draws" in listed(state)  # although red 9 could be played
    state = apply(state, DrawCards(1))

    assert listed(state) == {"seat 1 plays yellow 5", "seat 1 passes"}


def test_must_play_option_forbids_drawing_while_holding_a_playable_card() -> None:
    state = game(
        [REDS, "red 9, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", GREENS], "red 5", options={"must_play": True}
    )

    assert "seat 1 draws" not in listed(state)


def test_a_missed_uno_costs_two_cards_when_caught_before_the_next_action() -> None:
    state = game([REDS, "red 9, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6", GREENS], "red 5")
    state = position(state, hands=[REDS, "red 9, blue 1", GREENS])

    missed = put(state, 1, "red 9")
    assert "seat 0 challenges seat 1" in listed(missed, 0)
    caught = apply(missed, next(a for a in legal_actions(missed, 0) if isinstance(a, Challenge)))
    too_late = apply(missed, DrawCards(2))

    assert len(caught.players[1].hand) == 1 + 2
    assert any(isinstance(event, PenaltyDrawn) and event.seat == 1 for event in caught.events)
    assert "seat 0 challenges seat 1" not in listed(too_late, 0)
    assert len(put(state, 1, "red 9", "UNO").players[1].hand) == 1


def test_the_winner_collects_the_points_left_with_a_last_draw_two_drawn_first() -> None:
    hands = [
        "red 1, red Skip, Wild, red 4, red 5, red 6, red 7",
        "red +2, blue 1, blue 2, blue 3, blue 4, blue 5, blue 6",
        "green 1, green Reverse, +4, green 4, green 5, green 6, green 7",
    ]
    state = game(hands, "red 8", "green 2, green 3")
    state = position(state, hands=["red 1, red Skip, Wild", "red +2", "green 1, green Reverse, +4"])

    state = put(state, 1, "red +2")

    ended = next(event for event in state.events if isinstance(event, RoundEnded))
    assert ended.winners == (1,)
    assert any(isinstance(event, PenaltyDrawn) and event.seat == 2 and event.count == 2 for event in state.events)
    # seat 0: 1 + 20 + 50; seat 2: 1 + 20 + 50 + the 2 and 3 it drew
    assert ended.points == (0, 71 + 71 + 5, 0)
    assert state.result is None  # the match goes on to 500


def test_a_draw_two_turned_as_the_starter_hits_the_first_player() -> None:
    state = game([REDS, "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7", GREENS], "yellow +2")

    assert len(state.players[1].hand) == 7 + 2
    assert state.to_move == 2


def test_a_wild_card_turned_as_the_starter_goes_under_the_pile() -> None:
    state = game([REDS, "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7", GREENS], "Wild", "yellow 3")

    assert state.discard_pile == cards("yellow 3")
    assert state.draw_pile[-1] == parse_card("Wild")


def test_a_wild_draw_four_turned_as_the_starter_is_shuffled_back_into_the_pile() -> None:
    state = game([REDS, "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7", GREENS], "+4", "yellow 3")

    assert state.discard_pile[-1].rank != "+4"
    assert state.shuffles == 1  # the stacked deck was dealt as it lay; this shuffle took the +4 back
    assert len(state.draw_pile) == 108 - 3 * 7 - 1
    assert parse_card("+4") in state.draw_pile


def test_a_reverse_turned_as_the_starter_lets_the_dealer_play_first_the_other_way_round() -> None:
    dealer = "yellow 1, red 2, red 3, red 4, red 5, red 6, red 7"
    state = game([dealer, "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7", GREENS], "yellow Reverse")

    assert (state.dealer, state.to_move, state.direction) == (0, 0, -1)
    state = put(state, 0, "yellow 1")
    assert state.to_move == 2
