"""
The rules of `sau-mau-mau` (``seeds/000``, the rulebook, with the rulings), one test per rule.

Most tests are short scripted races: `race` stacks the 39-card deck so that
seat *n* holds ``hands[n]`` (fewer than five cards too: the rest of a
five-card deal goes to the bottom of the draw pile, so every card stays in
the game) and puts the pigs and bets where the test needs them.  Race 1
starts with seat 0.  The last class plays random races and checks the
invariants of the board.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import ClassVar

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import cards, choose, draw, pass_, play, stacked
from maumau import (
    Action,
    Card,
    Challenge,
    ChooseSuit,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidOptionError,
    Pass,
    PileRecycled,
    PlayCard,
    Reason,
    RecordError,
    Resign,
    RoundStarted,
    SuitWished,
    TurnSkipped,
    apply,
    from_json,
    legal_actions,
    new_game,
    to_json,
    variants,
    view,
)
from maumau.bots import HeuristicBot, play_out
from maumau.mechanics.challenges import window
from maumau_variants.sau_mau_mau import (
    BOARD,
    DEFAULT_FINISH,
    PIGS,
    BetPlaced,
    ChoosePig,
    DeclineBet,
    EndRace,
    PlaceBet,
    PlayTakenBack,
    PushPigBack,
    RaceBoard,
    RaceScored,
    StopPushingBack,
    board_of,
    deck,
    maumau_features,
)

VARIANT = "sau-mau-mau"
COLOURS = ("pink", "brown", "black", "beige")


def race(
    hands: Sequence[str],
    starter: str,
    draw_pile: str = "",
    *,
    pigs: Mapping[str, int] | None = None,
    bets: Sequence[tuple[int, str]] = (),
    options: Mapping[str, object] | None = None,
) -> GameState:
    """
    Race 1 of a game where seat *n* holds ``hands[n]`` (cards separated by commas), *starter* was
    turned, *draw_pile* lies on top of the draw pile, and the pigs and bets are as given.
    """
    players = len(hands)
    named = [cards(hand) for hand in hands]
    spare = Counter(deck())
    spare.subtract(card for hand in named for card in hand)
    spare.subtract([Card.parse(starter), *cards(draw_pile)])
    fillers = list(spare.elements())  # the cards named nowhere, in deck order
    padded = [
        ", ".join(map(str, (*hand, *fillers[5 * seat : 5 * seat + 5 - len(hand)]))) for seat, hand in enumerate(named)
    ]
    order = stacked(padded, starter, draw_pile, dealer=players - 1, full=deck())
    state = new_game(VARIANT, players=players, seed=7, deck=order, options=options)
    assert state.to_move == 0
    removed = [card for player, hand in zip(state.players, named, strict=True) for card in _less(player.hand, hand)]
    seated = tuple(evolve(p, hand=hand) for p, hand in zip(state.players, named, strict=True))
    board = evolve(
        board_of(state),
        pigs=tuple((pigs or {}).get(pig, 0) for pig in PIGS),
        bets=tuple(bets),
    )
    return BOARD.put(evolve(state, players=seated, draw_pile=(*state.draw_pile, *removed)), board)


def _less(hand: tuple[Card, ...], keep: tuple[Card, ...]) -> list[Card]:
    """
    The cards of *hand* beyond *keep*: the padding of a short hand.
    """
    rest = list(hand)
    for card in keep:
        rest.remove(card)
    return rest


def pigs(state: GameState) -> dict[str, int]:
    """
    Where each pig stands, by colour.
    """
    return dict(zip(PIGS, board_of(state).pigs, strict=True))


def playable(state: GameState, seat: int | None = None) -> set[str]:
    """
    The cards *seat* (by default the seat to move) may play now, as text.
    """
    return {str(a.card) for a in legal_actions(state, seat) if isinstance(a, PlayCard)}


def do(state: GameState, *actions: Action) -> GameState:
    """
    The state after *actions*, one after the other.
    """
    for action in actions:
        state = apply(state, action)
    return state


def action_types(state: GameState) -> list[type]:
    """
    The types of the legal actions of the seat to move, resigning left out.
    """
    return [type(action) for action in legal_actions(state) if not isinstance(action, Resign)]


def turn_actions(state: GameState) -> list[Action]:
    """
    The legal actions of the seat to move, resigning left out.
    """
    return [action for action in legal_actions(state) if not isinstance(action, Resign)]


def play_out_one(state: GameState, bots: Mapping[int, HeuristicBot]) -> GameState:
    """
    The state after the seat that must act takes its bot's action.
    """
    seat = state.pending.seat if state.pending is not None else state.to_move
    assert seat is not None
    return apply(state, bots[seat].choose(view(state, seat)))


class TestDeck:
    """
    The 39 playing cards and their notation.
    """

    def test_deck_holds_the_39_cards_the_rulebook_lists(self) -> None:
        expected = Counter(
            [Card(str(number), colour) for colour in COLOURS for number in range(1, 7)]
            + [Card(symbol, colour) for colour in COLOURS for symbol in ("X", "+2", "Schlappi")]
            + [Card("Bauer")] * 3
        )
        state = new_game(VARIANT, players=3, seed=1)

        assert sum(expected.values()) == 39
        assert expected == Counter(state.rules.deck(state.options, 3))

    @pytest.mark.parametrize(
        ("text", "card"),
        [
            ("pink 5", Card("5", "pink")),
            ("brown X", Card("X", "brown")),
            ("black +2", Card("+2", "black")),
            ("beige Schlappi", Card("Schlappi", "beige")),
            ("Bauer", Card("Bauer", None)),
        ],
    )
    def test_cards_are_written_colour_then_rank(self, text: str, card: Card) -> None:
        assert card == Card.parse(text)
        assert text == str(card)
        assert card in deck()

    def test_the_colours_to_name_are_the_four_pigs(self) -> None:
        state = new_game(VARIANT, players=2, seed=1)

        assert state.rules.suits(state) == COLOURS

    @pytest.mark.parametrize("players", [1, 6])
    def test_two_to_five_players(self, players: int) -> None:
        with pytest.raises(InvalidOptionError, match="players"):
            new_game(VARIANT, players=players, seed=1)

    def test_everyone_gets_five_cards_and_the_pigs_stand_at_the_start(self) -> None:
        state = new_game(VARIANT, players=5, seed=3)

        assert [len(hand) for hand in state.hands] == [5] * 5
        assert len(state.draw_pile) == 39 - 25 - 1
        assert board_of(state).pigs == (0, 0, 0, 0)
        assert board_of(state).bets == ()


class TestStarter:
    """
    The first card of the discard pile has no follow-up action.
    """

    def test_number_starter_moves_no_pig(self) -> None:
        state = race(["pink 1", "brown 2"], "black 6")

        assert (board_of(state).pigs, state.to_move, state.debt) == ((0, 0, 0, 0), 0, 0)

    def test_plus_two_starter_makes_nobody_draw_and_only_its_colour_counts(self) -> None:
        state = race(["brown +2, pink 4, black 2, Bauer", "brown 1"], "pink +2")

        assert state.debt == 0
        assert {"pink 4", "Bauer"} == playable(state)

    def test_x_starter_skips_nobody_and_only_its_colour_counts(self) -> None:
        state = race(["brown X, brown 3, beige 3", "pink 1"], "beige X")

        assert state.to_move == 0
        assert {"beige 3"} == playable(state)

    def test_schlappi_starter_moves_no_pig_and_only_its_colour_counts(self) -> None:
        state = race(["black Schlappi, black 2, pink 2, beige 1", "pink 1"], "beige Schlappi")

        assert board_of(state).pigs == (0, 0, 0, 0)
        assert {"black Schlappi", "beige 1"} == playable(state)

    def test_bauer_starter_lets_the_first_player_play_any_card(self) -> None:
        state = race(["pink 1, brown X, black +2, beige Schlappi", "pink 2"], "Bauer")

        assert state.pending is None
        assert {"pink 1", "brown X", "black +2", "beige Schlappi"} == playable(state)


class TestMatching:
    """
    A card matches by colour, number or symbol; green cards go on anything.
    """

    def test_card_matches_by_colour_or_number(self) -> None:
        state = race(["brown 3, pink 5, black X, brown X, beige 2", "pink 1"], "brown 5")

        assert {"brown 3", "pink 5", "brown X"} == playable(state)

    def test_card_matches_by_symbol(self) -> None:
        state = race(["pink X, pink 6", "pink 2", "brown X, brown 3"], "pink 1")

        state = play(state, 0, "pink X")

        assert {"brown X"} == playable(state)

    def test_green_cards_go_on_anything_including_each_other(self) -> None:
        hands = ["Bauer, pink 6", "black Schlappi, Bauer, brown 4", "Bauer, pink 2, black 1"]
        state = race(hands, "brown 1", pigs={"pink": 1, "brown": 1, "black": 1})

        assert {"Bauer"} == playable(state)
        state = choose(play(state, 0, "Bauer"), 0, "pink")
        assert {"black Schlappi", "Bauer"} == playable(state)
        state = play(state, 1, "black Schlappi")
        assert {"Bauer", "black 1"} == playable(state)

    def test_player_may_draw_although_a_card_matches(self) -> None:
        state = race(["pink 2", "pink 3"], "pink 1")

        assert DrawCards(0) in legal_actions(state)


class TestNumberCards:
    """
    A number card moves the pig of its colour forward by its number.
    """

    def test_number_card_moves_its_pig_by_its_number(self) -> None:
        state = race(["black 4, pink 1", "pink 3"], "black 1")

        state = play(state, 0, "black 4")

        assert pigs(state) == {"pink": 0, "brown": 0, "black": 4, "beige": 0}

    def test_number_card_moves_its_pig_whether_the_player_likes_it_or_not(self) -> None:
        state = race(["black 4, pink 1", "pink 3"], "black 1", pigs={"black": 3})

        state = play(state, 0, "black 4")

        assert (state.pending, state.to_move, pigs(state)["black"]) == (None, 1, 7)

    def test_pigs_may_share_a_space(self) -> None:
        state = race(["black 4, pink 1", "pink 3"], "black 1", pigs={"pink": 6, "black": 2})

        state = play(state, 0, "black 4")

        assert 6 == pigs(state)["pink"] == pigs(state)["black"]


class TestX:
    """
    An X moves no pig; the next player is passed over.
    """

    def test_x_skips_the_next_player(self) -> None:
        state = race(["pink X, pink 2", "pink 3", "pink 4"], "pink 1")

        state = play(state, 0, "pink X")

        assert (state.to_move, board_of(state).pigs) == (2, (0, 0, 0, 0))

    def test_x_with_two_players_gives_the_player_another_turn(self) -> None:
        state = race(["pink X, pink 2", "pink 3"], "pink 1")

        state = play(state, 0, "pink X")

        assert state.to_move == 0

    def test_last_x_skips_nobody(self) -> None:
        """
        An X that empties its player's hand ends the race: there is no next turn to skip.
        """
        state = race(["pink X", "pink 3", "pink 4"], "pink 1")

        state = play(state, 0, "pink X")

        ended = state.rounds[0]
        assert (ended.reason, ended.winners, ended.points) == ("out", (0,), (5, 0, 0))
        assert not any(isinstance(event, TurnSkipped) for event in state.events)


class TestPlusTwo:
    """
    A +2 makes the next player draw 2, unless they extend it; the drawer pushes pigs back.
    """

    def test_plus_two_makes_the_next_player_draw_two(self) -> None:
        state = race(["pink +2, pink 2", "brown 3, Bauer", "pink 3"], "pink 1", "beige 1, beige 2")

        state = play(state, 0, "pink +2")

        assert state.debt == 2
        assert [DrawCards] == action_types(state)
        state = draw(state, 1)
        assert Counter(cards("brown 3, Bauer, beige 1, beige 2")) == Counter(state.players[1].hand)

    @pytest.mark.parametrize("players", [2, 3, 4])
    def test_a_plus_two_extends_the_debt_to_four_six_eight(self, players: int) -> None:
        hands = ["pink +2, pink 5", "brown +2, pink 6", "black +2, beige 5", "beige +2, beige 6"][:players]
        state = race(hands, "pink 1")

        debts = []
        for seat in range(players):
            state = play(state, seat, f"{COLOURS[seat]} +2")
            debts.append(state.debt)

        assert [2, 4, 6, 8][:players] == debts
        assert state.to_move == 0

    def test_only_a_plus_two_answers_a_plus_two(self) -> None:
        state = race(["pink +2, pink 2", "Bauer, beige Schlappi, pink 4, brown +2", "pink 3"], "pink 1")

        state = play(state, 0, "pink +2")

        assert {"brown +2"} == playable(state)

    def test_rulebook_example_two_plus_twos_then_four_cards_and_four_spaces_back(self) -> None:
        """
        Anna plays a +2, Bernd extends, Christiane takes 4 cards and moves one pig back 2 spaces
        and two others 1 space each.
        """
        anna, bernd, christiane = 0, 1, 2
        state = race(
            ["pink +2, pink 2", "brown +2, beige 4", "black 1, black 2"],
            "pink 1",
            "beige 1, beige 2, beige 3, brown 4",
            pigs={"pink": 5, "brown": 3, "black": 2},
        )

        state = play(play(state, anna, "pink +2"), bernd, "brown +2")
        state = draw(state, christiane)

        assert len(state.players[christiane].hand) == 6
        assert (christiane, "push_back", 4) == (state.pending.seat, state.pending.kind, state.pending.amount)
        assert {PushPigBack(christiane, pig) for pig in ("pink", "brown", "black")} | {
            StopPushingBack(christiane)
        } == set(legal_actions(state)) - {Resign(christiane)}
        for pig in ("pink", "pink", "brown", "black"):
            state = apply(state, PushPigBack(christiane, pig))
        assert pigs(state) == {"pink": 3, "brown": 2, "black": 1, "beige": 0}
        assert state.pending.kind == "bet"

    def test_no_pig_goes_back_behind_the_start(self) -> None:
        state = race(["pink +2, pink 2", "brown 3"], "pink 1", pigs={"pink": 1})

        state = draw(play(state, 0, "pink +2"), 1)

        assert state.pending.choices == ("pink",)
        with pytest.raises(IllegalActionError, match="cannot go back"):
            apply(state, PushPigBack(1, "beige"))
        state = apply(state, PushPigBack(1, "pink"))
        assert (pigs(state)["pink"], state.pending.kind) == (0, "bet")

    def test_drawer_with_every_pig_at_the_start_goes_straight_to_betting(self) -> None:
        state = race(["pink +2, pink 2", "brown 3"], "pink 1")

        state = draw(play(state, 0, "pink +2"), 1)

        assert state.pending.kind == "bet"

    def test_drawer_may_push_back_fewer_spaces_than_cards_drawn(self) -> None:
        state = race(["pink +2, pink 2", "brown 3"], "pink 1", pigs={"beige": 4})

        state = draw(play(state, 0, "pink +2"), 1)
        state = do(state, PushPigBack(1, "beige"), StopPushingBack(1))

        assert (pigs(state)["beige"], state.pending.kind) == (3, "bet")

    def test_plus_two_debt_is_drawn_from_the_recycled_discards_when_the_pile_runs_out(self) -> None:
        """
        One card is left on the draw pile: the debtor takes it, then the discards below the top card become
        the new pile and the second card comes from them; both count for pushing pigs back.
        """
        state = race(["pink +2, pink 2", "brown 3"], "pink 1", "beige 1", pigs={"beige": 4})
        below = state.draw_pile[1:]
        state = evolve(state, draw_pile=state.draw_pile[:1], discard_pile=(*below, *state.discard_pile))

        state = draw(play(state, 0, "pink +2"), 1)

        hand = state.players[1].hand
        assert hand[:2] == cards("brown 3, beige 1")
        assert len(hand) == 3
        assert hand[2] in (*below, Card("1", "pink"))
        assert PileRecycled(len(below) + 1) in state.events
        assert (state.discard_pile, len(state.draw_pile)) == ((Card("+2", "pink"),), len(below))
        assert (state.pending.seat, state.pending.kind, state.pending.amount) == (1, "push_back", 2)
        assert Counter(deck()) == Counter((*state.draw_pile, *state.discard_pile, *(c for h in state.hands for c in h)))

    def test_plus_two_debtor_who_can_draw_nothing_gets_no_push_back_and_no_bet(self) -> None:
        """
        With no draw pile and no discards below the +2, nothing is drawn: there is no consolation and no bet,
        and the turn passes on.
        """
        state = race(["pink +2, pink 2", "brown 3"], "pink 1", pigs={"beige": 4})
        first = state.players[0]
        players = (evolve(first, hand=(*first.hand, *state.draw_pile)), state.players[1])
        state = evolve(state, players=players, draw_pile=())  # the pile goes to the +2's player
        state = play(state, 0, "pink +2")
        first = state.players[0]  # the starter below the +2 goes to that hand too: nothing to recycle
        state = evolve(
            state,
            players=(evolve(first, hand=(*first.hand, *state.discard_pile[:-1])), state.players[1]),
            discard_pile=state.discard_pile[-1:],
        )
        assert ([DrawCards(1)], 2) == (turn_actions(state), state.debt)

        state = draw(state, 1)

        assert (state.players[1].hand, state.debt, state.pending, state.to_move) == (cards("brown 3"), 0, None, 0)
        assert pigs(state) == {"pink": 0, "brown": 0, "black": 0, "beige": 4}
        with pytest.raises(IllegalActionError, match="no bet decision"):
            apply(state, PlaceBet(1, "pink"))

    def test_plus_two_as_last_card_makes_nobody_draw(self) -> None:
        state = race(["pink +2", "brown 3, brown 4"], "pink 1")

        state = play(state, 0, "pink +2")

        ended = state.rounds[0]
        assert (ended.reason, ended.winners) == ("out", (0,))
        assert len(ended.hands[1]) == 2
        assert state.round == 2


class TestSchlappi:
    """
    A Schlappi moves the rearmost pig 3 forward and asks for its colour.
    """

    def test_schlappi_moves_the_rearmost_pig_three(self) -> None:
        state = race(
            ["pink Schlappi, pink 2", "brown 3"], "pink 1", pigs={"pink": 4, "brown": 2, "black": 5, "beige": 6}
        )

        state = play(state, 0, "pink Schlappi")

        assert pigs(state) == {"pink": 4, "brown": 5, "black": 5, "beige": 6}

    def test_schlappi_asks_for_its_colour(self) -> None:
        hands = ["pink Schlappi, pink 2", "pink 3, black 4, black X, Bauer"]
        state = race(hands, "black 1", pigs={"pink": 1, "brown": 1, "black": 1})

        state = play(state, 0, "pink Schlappi")

        assert ("pink", {"pink 3", "Bauer"}) == (state.wish, playable(state))

    def test_player_picks_among_tied_rearmost_pigs(self) -> None:
        state = race(["pink Schlappi, pink 2", "brown 3"], "pink 1", pigs={"black": 3})

        state = play(state, 0, "pink Schlappi")

        assert (state.pending.kind, state.to_move) == ("rearmost_pig", 0)
        assert {ChoosePig(0, "pink"), ChoosePig(0, "brown"), ChoosePig(0, "beige")} == set(turn_actions(state))
        with pytest.raises(IllegalActionError, match="not rearmost"):
            apply(state, ChoosePig(0, "black"))
        state = apply(state, ChoosePig(0, "brown"))
        assert (pigs(state), state.to_move) == ({"pink": 0, "brown": 3, "black": 3, "beige": 0}, 1)

    def test_schlappi_that_brings_a_pig_home_scores_three_for_its_player(self) -> None:
        """
        The Schlappi's player moved the rearmost pig onto the finish, whatever its colour: they score 3.
        """
        state = race(
            ["brown 2", "pink Schlappi, pink 2", "brown 4"],
            "black 1",
            pigs={"pink": 9, "brown": 9, "black": 9, "beige": 8},
            options={"finish": {3: 10}},
        )
        state = apply(draw(state, 0), DeclineBet(0))

        state = play(state, 1, "pink Schlappi")

        ended = state.rounds[0]
        assert (ended.reason, ended.winners, ended.points) == ("finish", (1,), (0, 3, 0))
        assert RaceScored(1, ("beige",), ()) in state.events


class TestBauer:
    """
    A Bauer moves no pig; its player names the colour of the next card.
    """

    def test_bauer_names_one_of_the_four_colours(self) -> None:
        state = race(["Bauer, pink 2", "beige 3, black 4, Bauer, beige Schlappi"], "black 1")

        state = play(state, 0, "Bauer")

        assert {ChooseSuit(0, colour) for colour in COLOURS} == set(turn_actions(state))
        state = choose(state, 0, "beige")
        assert ("beige", {"beige 3", "Bauer", "beige Schlappi"}) == (state.wish, playable(state))
        assert board_of(state).pigs == (0, 0, 0, 0)

    def test_last_bauer_names_no_colour(self) -> None:
        """
        A Bauer that empties its player's hand ends the race at once: nobody is asked for a colour.
        """
        state = race(["Bauer", "pink 3"], "pink 1")

        state = play(state, 0, "Bauer")

        ended = state.rounds[0]
        assert (ended.reason, ended.winners, ended.points) == ("out", (0,), (5, 0))
        assert (state.round, state.pending) == (2, None)
        assert not any(isinstance(event, SuitWished) for event in state.events)


class TestDrawingAndBetting:
    """
    Not playing means drawing one card; after any draw the drawer may bet.
    """

    def test_drawing_takes_one_card_and_ends_the_turn(self) -> None:
        state = race(["brown 2", "brown 3"], "pink 1", "pink 6")

        state = draw(state, 0)

        assert (Counter(cards("brown 2, pink 6")), "bet") == (Counter(state.players[0].hand), state.pending.kind)
        assert not any(isinstance(a, PlayCard) for a in legal_actions(state))
        state = apply(state, DeclineBet(0))
        assert (state.to_move, state.pending) == (1, None)

    def test_after_a_draw_the_drawer_may_bet_on_any_pig_or_not(self) -> None:
        state = draw(race(["brown 2", "brown 3"], "pink 1"), 0)

        assert {PlaceBet(0, pig) for pig in PIGS} | {DeclineBet(0)} == set(turn_actions(state))

    def test_bet_goes_on_the_first_free_space(self) -> None:
        state = race(["brown 2", "brown 3", "brown 4"], "pink 1", bets=[(2, "pink")])

        state = apply(draw(state, 0), PlaceBet(0, "black"))

        assert board_of(state).bets == ((2, "pink"), (0, "black"))
        assert BetPlaced(0, 2, False) in state.events
        assert state.to_move == 1

    def test_after_a_plus_two_the_drawer_may_bet(self) -> None:
        state = race(["pink +2, pink 2", "brown 3"], "pink 1")

        state = apply(draw(play(state, 0, "pink +2"), 1), PlaceBet(1, "beige"))

        assert board_of(state).bets == ((1, "beige"),)

    def test_changed_bet_leaves_its_space_and_goes_to_the_end_of_the_row(self) -> None:
        state = race(["brown 2", "brown 3", "brown 4"], "pink 1", bets=[(0, "pink"), (1, "brown"), (2, "black")])

        state = apply(draw(state, 0), PlaceBet(0, "beige"))

        assert board_of(state).bets == ((1, "brown"), (2, "black"), (0, "beige"))
        assert BetPlaced(0, 3, True) in state.events

    def test_each_player_has_at_most_one_bet(self) -> None:
        state = race(["brown 2", "brown 3"], "pink 1", bets=[(0, "pink"), (1, "brown")])

        state = apply(draw(state, 0), PlaceBet(0, "pink"))

        assert board_of(state).bets == ((1, "brown"), (0, "pink"))

    def test_bet_is_no_answer_without_a_draw(self) -> None:
        state = race(["brown 2", "brown 3"], "pink 1")

        with pytest.raises(IllegalActionError, match="no bet decision"):
            apply(state, PlaceBet(0, "pink"))

    def test_only_the_drawer_bets(self) -> None:
        state = draw(race(["brown 2", "brown 3"], "pink 1"), 0)

        with pytest.raises(IllegalActionError, match="seat 0 decides the bet, not 1") as refused:
            apply(state, PlaceBet(1, "pink"))

        assert refused.value.reason is Reason.NOT_YOUR_TURN

    def test_other_players_see_who_bet_where_but_not_on_which_pig(self) -> None:
        state = race(["brown 2", "brown 3", "brown 4"], "pink 1", bets=[(2, "pink"), (1, "beige")])

        assert board_of(view(state, 1)).bets == ((2, None), (1, "beige"))
        assert board_of(view(state, 2)).bets == ((2, "pink"), (1, None))
        assert board_of(view(state, 0)).bets == ((2, None), (1, None))


class TestRaceEnd:
    """
    A race ends at the finish (3 points) or with a last card (5 points); the bets are scored.
    """

    def test_pig_reaching_the_finish_ends_the_race_and_its_mover_scores_three(self) -> None:
        state = race(["black 3, pink 2", "brown 3"], "black 1", pigs={"black": 7}, options={"finish": {2: 10}})

        state = play(state, 0, "black 3")

        ended = state.rounds[0]
        assert (ended.reason, ended.winners, ended.points) == ("finish", (0,), (3, 0))
        assert state.round == 2

    def test_pig_passing_the_finish_has_arrived_and_stays_on_the_track(self) -> None:
        state = race(["black 6, pink 2", "brown 3"], "black 1", pigs={"black": 7}, options={"finish": {2: 10}})

        state = play(state, 0, "black 6")

        assert state.rounds[0].reason == "finish"
        assert RaceScored(1, ("black",), ()) in state.events

    def test_arrived_pig_alone_wins_the_race(self) -> None:
        state = race(
            ["black 3, pink 2", "brown 3", "brown 4"],
            "black 1",
            pigs={"black": 7, "pink": 9},
            bets=[(1, "pink"), (2, "black")],
            options={"finish": {3: 10}},
        )

        state = play(state, 0, "black 3")

        assert state.rounds[0].points == (3, 0, 6)

    def test_last_card_ends_the_race_after_its_follow_up_and_scores_five(self) -> None:
        state = race(["pink 2", "brown 3", "brown 4"], "pink 1", pigs={"brown": 5, "black": 5})

        state = play(state, 0, "pink 2")

        ended = state.rounds[0]
        assert (ended.reason, ended.winners, ended.points) == ("out", (0,), (5, 0, 0))
        assert RaceScored(1, ("brown", "black"), ()) in state.events

    def test_last_card_that_brings_a_pig_home_scores_eight(self) -> None:
        state = race(["black 4", "brown 3"], "black 1", pigs={"black": 8}, options={"finish": {2: 10}})

        state = play(state, 0, "black 4")

        ended = state.rounds[0]
        assert (ended.reason, ended.winners, ended.points) == ("finish_and_out", (0,), (8, 0))

    def test_last_schlappi_ends_the_race_only_once_its_pig_is_chosen(self) -> None:
        state = race(["pink Schlappi", "brown 3"], "pink 1", pigs={"black": 2})

        state = play(state, 0, "pink Schlappi")
        assert (state.rounds, state.pending.kind) == ((), "rearmost_pig")
        state = apply(state, ChoosePig(0, "beige"))

        assert state.rounds[0].reason == "out"
        assert RaceScored(1, ("beige",), ()) in state.events

    def test_every_pig_furthest_forward_wins_when_a_hand_runs_out(self) -> None:
        state = race(
            ["pink 2", "brown 3", "brown 4"],
            "pink 1",
            pigs={"brown": 5, "black": 5},
            bets=[(1, "pink"), (2, "brown"), (0, "black")],
        )

        state = play(state, 0, "pink 2")

        assert state.rounds[0].points == (5 + 4, 0, 6)

    def test_winning_bets_score_six_four_three_two_one_from_the_top(self) -> None:
        bets = [(3, "beige"), (1, "beige"), (4, "beige"), (0, "beige"), (2, "beige")]
        state = race(["pink 2", "brown 3", "brown 4", "brown 5", "brown 6"], "pink 1", pigs={"beige": 6}, bets=bets)

        state = play(state, 0, "pink 2")

        assert state.rounds[0].points == (5 + 2, 4, 1, 6, 3)

    def test_losing_bets_are_passed_over(self) -> None:
        bets = [(3, "pink"), (1, "beige"), (4, "brown"), (0, "beige"), (2, "beige")]
        state = race(["pink 2", "brown 3", "brown 4", "brown 5", "brown 6"], "pink 1", pigs={"beige": 6}, bets=bets)

        state = play(state, 0, "pink 2")

        assert state.rounds[0].points == (5 + 4, 6, 3, 0, 0)

    def test_blocked_race_ends_when_everyone_passes_and_the_bets_are_still_scored(self) -> None:
        """
        Nobody can play or draw: after a full round of passes the race ends as blocked, nobody scores 3 or 5,
        the pigs furthest forward win and the bet row is scored.
        """
        bets = [(2, "pink"), (1, "black"), (0, "beige")]
        state = race(["brown 2", "brown 3", "black 4"], "pink 1", pigs={"beige": 4, "black": 4}, bets=bets)
        state = evolve(state, draw_pile=())  # the discards hold only the starter: nothing to draw at all

        for seat in range(3):
            assert [Pass(seat)] == turn_actions(state)
            state = pass_(state, seat)

        ended = state.rounds[0]
        assert (ended.reason, ended.winners, ended.points) == ("blocked", (), (4, 6, 0))
        assert RaceScored(1, ("black", "beige"), tuple(bets)) in state.events

    def test_bets_lie_open_once_the_race_is_scored(self) -> None:
        state = race(["pink 2", "brown 3"], "pink 1", bets=[(1, "pink")], options={"races": 1})

        state = play(state, 0, "pink 2")

        assert state.is_over
        assert board_of(view(state, 0)).bets == ((1, "pink"),)


class TestMatch:
    """
    Four races; the start player passes left; most victory points wins.
    """

    def test_next_race_starts_with_the_next_seat_and_fresh_pigs(self) -> None:
        state = race(["pink 2", "brown 3", "brown 4"], "pink 1", pigs={"beige": 6}, bets=[(1, "beige")])

        state = play(state, 0, "pink 2")

        started = next(e for e in state.events if isinstance(e, RoundStarted))
        assert (started.round, started.first) == (2, 1)
        assert (state.to_move, board_of(state).pigs, board_of(state).bets) == (1, (0, 0, 0, 0), ())
        assert [len(hand) for hand in state.hands] == [5, 5, 5]
        assert state.scores == (5, 6, 0)

    @pytest.mark.parametrize("players", [2, 3, 5])
    def test_four_races_make_the_match_and_the_start_passes_left(self, players: int) -> None:
        state = new_game(VARIANT, players=players, seed=11)
        starts = [state.to_move]
        bots = {seat: HeuristicBot(seed=seat) for seat in range(players)}
        while not state.is_over:
            before = len(state.rounds)
            state = play_out_one(state, bots)
            if len(state.rounds) > before and not state.is_over:
                starts.append(state.to_move)

        assert len(state.rounds) == 4
        assert [(race_ - 1) % players for race_ in range(1, 5)] == starts
        assert state.result is not None
        best = max(state.scores)
        assert ("races", tuple(s for s in range(players) if state.scores[s] == best)) == (
            state.result.reason,
            state.result.winners,
        )

    def test_equal_top_totals_share_the_win(self) -> None:
        state = race(["pink 2", "brown 3", "brown 4"], "pink 1", options={"races": 1})
        state = evolve(state, players=tuple(evolve(p, score=s) for p, s in zip(state.players, (1, 6, 0), strict=True)))

        state = play(state, 0, "pink 2")

        assert state.result is not None
        assert (state.result.winners, state.result.totals) == ((0, 1), (6, 6, 0))

    def test_resigned_players_bet_is_not_scored_and_the_next_start_player_skips_them(self) -> None:
        """
        Seat 1 leaves with the top bet: the bet below it scores 6, and race 2, which seat 1 would start,
        starts with seat 2; seat 1 gets no cards.
        """
        state = race(["pink 2", "brown 3", "brown 4"], "pink 1", pigs={"beige": 6}, bets=[(1, "beige"), (2, "beige")])
        state = apply(state, Resign(1))

        state = play(state, 0, "pink 2")

        assert state.rounds[0].points == (5, 0, 6)
        started = next(e for e in state.events if isinstance(e, RoundStarted))
        assert (started.round, started.first, state.to_move) == (2, 2, 2)
        assert [len(hand) for hand in state.hands] == [5, 0, 5]

    def test_bot_match_ends_and_points_only_grow(self) -> None:
        state = play_out(new_game(VARIANT, players=4, seed=5), {seat: HeuristicBot(seed=seat) for seat in range(4)})

        assert len(state.rounds) == 4
        assert all(points >= 0 for result in state.rounds for points in result.points)
        assert tuple(map(sum, zip(*(r.points for r in state.rounds), strict=True))) == state.scores


class TestFinishOption:
    """
    The finish space depends on the player count (option ``finish``).
    """

    @pytest.mark.parametrize(("players", "finish"), DEFAULT_FINISH)
    def test_default_finish_by_player_count(self, players: int, finish: int) -> None:
        assert finish == board_of(new_game(VARIANT, players=players, seed=1)).finish

    def test_finish_can_be_set_for_one_player_count(self) -> None:
        options = {"finish": {3: 30}}

        assert board_of(new_game(VARIANT, players=3, seed=1, options=options)).finish == 30
        assert dict(DEFAULT_FINISH)[4] == board_of(new_game(VARIANT, players=4, seed=1, options=options)).finish

    def test_finish_for_an_impossible_player_count_is_refused(self) -> None:
        with pytest.raises(InvalidOptionError, match="no entry 6"):
            new_game(VARIANT, players=3, seed=1, options={"finish": {6: 30}})

    @pytest.mark.parametrize(("players", "finish"), [(4, 17), (5, 19)])
    def test_the_race_is_to_17_with_4_players_and_19_with_5(self, players: int, finish: int) -> None:
        """
        The default finish, written out (not read from the module): a pig two short of it that moves 2 arrives,
        one three short does not.
        """
        (option,) = [o for o in variants()[VARIANT].options if o.name == "finish"]
        assert dict(option.default)[players] == finish
        assert dict(new_game(VARIANT, players=players, seed=1).options["finish"])[players] == finish
        hands = ["black 2, pink 2", "brown 3", "brown 4", "pink 4", "pink 3"][:players]

        short = play(race(hands, "black 1", pigs={"black": finish - 3}), 0, "black 2")
        home = play(race(hands, "black 1", pigs={"black": finish - 2}), 0, "black 2")

        assert (short.rounds, short.to_move) == ((), 1)
        (ended,) = home.rounds
        assert (ended.reason, ended.winners) == ("finish", (0,))
        assert ended.points[0] == 3

    def test_finish_option_accepts_spaces_1_to_99_and_refuses_0_and_100(self) -> None:
        for finish in (1, 99):
            assert board_of(new_game(VARIANT, players=3, seed=1, options={"finish": {3: finish}})).finish == finish
        for finish in (0, 100):
            with pytest.raises(InvalidOptionError, match="'finish'"):
                new_game(VARIANT, players=3, seed=1, options={"finish": {3: finish}})

    def test_races_option_accepts_1_and_refuses_0(self) -> None:
        assert new_game(VARIANT, players=2, seed=1, options={"races": 1}).options["races"] == 1
        with pytest.raises(InvalidOptionError, match="'races'"):
            new_game(VARIANT, players=2, seed=1, options={"races": 0})


class TestMauCalls:
    """
    Option ``mau_calls``: a missed "Mau"/"Mau Mau" challenged before the next player acts takes the card back.
    """

    options: ClassVar[dict[str, object]] = {"mau_calls": True}

    def test_without_the_option_nothing_need_be_said(self) -> None:
        state = race(["pink 5, pink 2", "brown 3"], "pink 1")

        assert {None} == {a.call for a in legal_actions(state) if isinstance(a, PlayCard)}

    def test_second_to_last_card_is_offered_with_and_without_mau(self) -> None:
        state = race(["pink 5, pink 2", "brown 3"], "pink 1", options=self.options)

        assert {PlayCard(0, Card("5", "pink"), "Mau"), PlayCard(0, Card("5", "pink"))} <= set(legal_actions(state))

    def test_challenged_missed_mau_takes_the_card_back_and_undoes_its_pig(self) -> None:
        state = race(["pink 5, pink 2", "brown 3", "brown 4"], "pink 1", options=self.options)

        state = play(state, 0, "pink 5")
        assert pigs(state)["pink"] == 5
        state = apply(state, Challenge(2, 0))

        assert Counter(cards("pink 5, pink 2")) == Counter(state.players[0].hand)
        assert (0, Card("1", "pink"), 1, None) == (pigs(state)["pink"], state.top, state.to_move, window(state))
        assert PlayTakenBack(0, Card("5", "pink")) in state.events

    def test_a_saved_game_takes_the_card_back_as_the_game_in_memory_does(self) -> None:
        """
        A window read back from JSON has no memory of the state before the play: the record rebuilds it.
        """
        rng = random.Random(11)
        state = new_game(VARIANT, players=3, seed=11, options=self.options)
        while window(state) is None:
            seat = state.pending.seat if state.pending is not None else state.to_move
            actions = [a for a in legal_actions(state, seat) if not isinstance(a, Resign)]
            silent = [a for a in actions if isinstance(a, PlayCard) and a.call is None and len(state.hands[seat]) == 2]
            state = apply(state, silent[0] if silent else rng.choice(actions))
        current = window(state)
        assert current is not None
        challenger = next(seat for seat in range(3) if seat != current.offender)
        saved_text = to_json(state)
        assert '"before"' not in saved_text  # the remembered state stays in memory: JSON has the record instead
        assert "before=" not in repr(current)
        seen = window(view(state, challenger))
        assert seen is not None
        assert seen.before is None  # nor is it shown to anyone: it holds every hand
        loaded = from_json(saved_text, GameState)

        in_memory, saved = (
            apply(state, Challenge(challenger, current.offender)),
            apply(loaded, Challenge(challenger, current.offender)),
        )

        assert saved == in_memory
        assert to_json(saved) == to_json(in_memory)
        assert any(isinstance(event, PlayTakenBack) for event in saved.events)

    def test_saying_mau_leaves_nothing_to_challenge(self) -> None:
        state = race(["pink 5, pink 2", "brown 3", "brown 4"], "pink 1", options=self.options)

        state = play(state, 0, "pink 5", "Mau")

        assert window(state) is None
        assert Challenge(2, 0) not in legal_actions(state, 2)

    def test_window_closes_when_the_next_player_acts(self) -> None:
        state = race(["pink 5, pink 2", "brown 3", "brown 4"], "pink 1", options=self.options)

        state = draw(play(state, 0, "pink 5"), 1)

        assert window(state) is None
        assert pigs(state)["pink"] == 5
        with pytest.raises(IllegalActionError):
            apply(state, Challenge(2, 0))

    def test_last_card_without_mau_mau_does_not_end_the_race_while_it_can_be_challenged(self) -> None:
        state = race(["pink 5", "brown 3", "brown 4"], "pink 1", options=self.options)

        state = play(state, 0, "pink 5")

        assert (state.rounds, state.to_move, state.pending.kind) == ((), 1, "race_end")
        assert {EndRace(1), Challenge(1, 0)} == set(turn_actions(state))
        state = apply(state, Challenge(2, 0))
        assert ((), (Card("5", "pink"),), 0) == (state.rounds, state.players[0].hand, pigs(state)["pink"])
        assert (state.to_move, state.pending) == (1, None)

    def test_unchallenged_last_card_ends_the_race_when_the_next_player_lets_it(self) -> None:
        state = race(["pink 5", "brown 3", "brown 4"], "pink 1", options=self.options)

        state = apply(play(state, 0, "pink 5"), EndRace(1))

        assert (state.rounds[0].reason, state.rounds[0].points) == ("out", (5, 0, 0))

    def test_challenged_play_that_brought_a_pig_home_is_undone(self) -> None:
        options = {"finish": {2: 10}, **self.options}
        state = race(["black 4, pink 2", "brown 3"], "black 1", pigs={"black": 8}, options=options)

        state = play(state, 0, "black 4")
        assert (state.rounds, state.pending.kind) == ((), "race_end")
        state = apply(state, Challenge(1, 0))

        assert (state.rounds, pigs(state)["black"], state.to_move) == ((), 8, 1)

    def test_challenge_takes_back_the_play_but_not_a_resignation_made_since(self) -> None:
        state = race(["pink 5, pink 2", "brown 3", "brown 4"], "pink 1", options=self.options)
        state = apply(play(state, 0, "pink 5"), Resign(1))  # missed "Mau"; then seat 1 leaves

        state = apply(state, Challenge(2, 0))

        assert [player.resigned for player in state.players] == [False, True, False]
        assert (len(state.players[0].hand), state.to_move) == (2, 2)

    def test_offenders_next_action_closes_the_window_of_a_call_missed_on_an_x(self) -> None:
        state = race(["pink X, pink 5", "brown 3, brown 4"], "pink 1", options=self.options)
        state = play(state, 0, "pink X")  # missed "Mau"; skips seat 1, seat 0 plays again
        assert Challenge(1, 0) in legal_actions(state, 1)

        state = play(state, 0, "pink 5", "Mau Mau")  # only the last play could be taken back: the X stands

        assert (window(state), state.rounds[0].reason, state.rounds[0].points) == (None, "out", (5, 0))

    def test_second_miss_before_the_first_is_challenged_leaves_only_the_last_card_to_take_back(self) -> None:
        state = race(["pink X, pink 5", "brown 3, brown 4"], "pink 1", options=self.options)
        state = play(state, 0, "pink X")  # missed "Mau"; skips seat 1, seat 0 plays again
        assert state.to_move == 0
        state = play(state, 0, "pink 5")  # missed "Mau Mau"

        state = apply(state, Challenge(1, 0))

        assert ((Card("5", "pink"),), Card("X", "pink")) == (state.players[0].hand, state.top)
        assert (window(state), state.to_move, state.rounds) == (None, 1, ())

    def test_challenge_restores_the_named_colour(self) -> None:
        state = race(["Bauer, pink 5, pink 2", "brown 3, pink 3", "brown 4"], "black 1", options=self.options)
        state = choose(play(state, 0, "Bauer"), 0, "pink")
        state = draw(state, 1)
        state = apply(state, DeclineBet(1))
        state = draw(state, 2)
        state = apply(state, DeclineBet(2))

        state = apply(play(state, 0, "pink 5"), Challenge(2, 0))

        assert (state.wish, state.to_move) == ("pink", 1)
        assert {"pink 3"} == playable(state) & {"pink 3", "brown 3"}

    @pytest.mark.parametrize(
        ("hands", "after_the_x"),
        [(["pink X, pink 5", "brown 3"], 0), (["pink X, pink 5", "brown 3", "brown 4"], 2)],
    )
    def test_challenged_x_undoes_the_skip(self, hands: list[str], after_the_x: int) -> None:
        """
        An X played without "Mau" and challenged goes back to the hand: the skipped player moves after all.
        """
        state = play(race(hands, "pink 1", options=self.options), 0, "pink X")  # missed "Mau"
        assert state.to_move == after_the_x

        state = apply(state, Challenge(1, 0))

        assert Counter(cards("pink X, pink 5")) == Counter(state.players[0].hand)
        assert (state.top, state.wish, state.to_move, window(state)) == (Card("1", "pink"), None, 1, None)
        assert PlayTakenBack(0, Card("X", "pink")) in state.events

    def test_challenged_plus_two_leaves_its_player_the_debt_they_faced(self) -> None:
        hands = ["pink +2, pink 2, pink 3", "brown +2, brown 5", "brown 4"]
        state = race(hands, "pink 1", "beige 1, beige 2", options=self.options)
        state = play(state, 0, "pink +2")

        state = apply(play(state, 1, "brown +2"), Challenge(0, 1))

        assert Counter(cards("brown +2, brown 5, beige 1, beige 2")) == Counter(state.players[1].hand)
        assert (state.debt, state.pending.seat, state.pending.kind) == (0, 1, "bet")


class TestBoard:
    """
    The board travels as JSON and prints as a track.
    """

    def test_board_survives_json(self) -> None:
        state = race(["brown 2", "brown 3"], "pink 1", pigs={"pink": 3}, bets=[(1, "pink")])

        assert state == from_json(to_json(state), GameState, trusted=True)
        assert board_of(state) == board_of(from_json(to_json(state), GameState, trusted=True))

    @pytest.mark.parametrize(
        ("board", "message"),
        [
            ([0, 0, 0, 0], "slot 'board': expected an object, got list"),
            (None, "sau-mau-mau needs a board"),
            ({"finish": 9}, "the race is to space 9, but the option 'finish' sets 15"),
            ({"pigs": [0, 0, 0]}, "pig positions [0, 0, 0] are not four spaces between 0 and 15"),
            ({"pigs": [0, 16, 0, 0]}, "pig positions [0, 16, 0, 0] are not four spaces between 0 and 15"),
            ({"bets": [[1, "pink"], [1, "black"]]}, "has more than one bet of a seat"),
            ({"bets": [[3, "pink"]]}, "names a seat or pig that does not exist"),
            ({"bets": [[1, "purple"]]}, "names a seat or pig that does not exist"),
            ({"arrived": "pink"}, "arrived pig 'pink' and its mover None must both be set or both be None"),
            ({"mover": 1}, "arrived pig None and its mover 1 must both be set or both be None"),
            ({"arrived": "purple", "mover": 0}, "'purple' moved home by seat 0 names a pig or seat"),
        ],
    )
    def test_a_board_no_race_could_reach_is_refused_by_name(self, board: object, message: str) -> None:
        data = json.loads(to_json(new_game(VARIANT, players=3, seed=1)))
        slots = data["slots"]
        if board is None:  # no board at all: the slot is left out
            del slots["board"]
        else:
            slots["board"] = {**slots["board"], **board} if isinstance(board, dict) else board

        with pytest.raises(RecordError, match=re.escape(message)):
            from_json(json.dumps(data), GameState)

    def test_a_pig_choice_that_is_no_pig_is_refused_by_name(self) -> None:
        state = race(["pink Schlappi, pink 5", "brown 3"], "pink 1")
        state = play(state, 0, "pink Schlappi")  # four pigs tie for last: seat 0 chooses
        data = json.loads(to_json(state))
        data["pending"]["choices"] = ["pink", "purple"]

        message = "the pigs to choose from, ['pink', 'purple'], are not all pigs"
        with pytest.raises(RecordError, match=re.escape(message)):
            from_json(json.dumps(data), GameState)

    def test_board_prints_track_bets_and_their_points(self) -> None:
        board = RaceBoard(8, (3, 0, 8, 1), ((1, "pink"), (0, None)), "black", 1)

        text = str(board)

        assert "black |........@| 8" in text
        assert "pink  |...@.....| 3" in text
        assert "1. (6) seat 1 on pink" in text
        assert "2. (4) seat 0 on ?" in text
        assert "5. (1) free" in text


def random_steps(seed: int, players: int, options: Mapping[str, object]) -> list[GameState]:
    """
    Every state of a seeded random match in which any seat may act (challenges included).
    """
    rng = random.Random(seed)
    state = new_game(VARIANT, players=players, seed=seed, options=options)
    states = [state]
    while not state.is_over:
        actions = [a for seat in range(players) for a in legal_actions(state, seat) if not isinstance(a, Resign)]
        state = apply(state, rng.choice(actions))
        states.append(state)
    return states


class TestEncoding:
    """
    What a player's observation says of the board, for game-AI libraries (`maumau.rl`).
    """

    def test_the_bet_row_names_each_bettor_by_seat_relative_to_the_viewer(self) -> None:
        # Seat 2 bet on the top space, seat 0 on the next: for seat 1 they sit one and two seats on.
        state = race(["brown 2", "brown 3", "brown 4"], "pink 1", bets=[(2, "pink"), (0, "brown")])
        (bet_row,) = [feature for feature in maumau_features(3) if feature.name == "bet_row"]

        values = list(bet_row.read(view(state, 1)))

        space = 3 + len(PIGS)  # the bettor one-hot by relative seat, then the pig
        assert values[:3] == [0.0, 1.0, 0.0]
        assert values[space : space + 3] == [0.0, 0.0, 1.0]
        assert values[2 * space : 3 * space] == [0.0] * space  # an empty space


class TestInvariants:
    """
    Properties of random play: pigs stay on the track, bet rows stay valid, victory points only grow.
    """

    @settings(max_examples=12)
    @given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), mau_calls=st.booleans())
    def test_random_play_keeps_the_board_valid(self, seed: int, players: int, mau_calls: bool) -> None:
        states = random_steps(seed, players, {"mau_calls": mau_calls})
        for before, after in pairwise(states):
            board = board_of(after)
            assert all(0 <= at <= board.finish for at in board.pigs)
            bettors = [seat for seat, _ in board.bets]
            assert len(bettors) == len(set(bettors)) <= min(players, 5)
            assert all(pig in PIGS for _, pig in board.bets)
            assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
            assert (board.arrived is None) == (board.mover is None)
        assert states[-1].is_over

    @settings(max_examples=6)
    @given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
    def test_start_player_of_race_r_is_seat_r_minus_one(self, seed: int, players: int) -> None:
        starts = [
            (event.round, event.first)
            for state in random_steps(seed, players, {})
            for event in state.events
            if isinstance(event, RoundStarted)
        ]
        assert [round_ for round_, _ in starts] == [1, 2, 3, 4]
        assert all(first == (round_ - 1) % players for round_, first in starts)


class TestConformance:
    """
    The conformance kit of `maumau.testing`.
    """

    def test_random_matches_pass_the_kit(self) -> None:
        testing = pytest.importorskip("maumau.testing")
        testing.check_variant(VARIANT, players=range(2, 6), games=10)

    def test_out_of_turn_challenges_pass_the_kit(self) -> None:
        testing = pytest.importorskip("maumau.testing")
        testing.check_variant(VARIANT, players=range(2, 6), options={"mau_calls": True}, games=8, out_of_turn=True)
