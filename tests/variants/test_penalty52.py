"""
The rules of `penalty-52` (``seeds/002`` with the rulings), one test per rule, as short scripted games.

Seats are named as in the text's examples: A is seat 0, B seat 1, and so on.
`deal52` stacks the 52-card deck with a seed whose random dealer is the
last seat, so A plays first; `helpers.position` sets up the few mid-round
positions that five-card deals do not reach quickly (two cards in hand, an
exhausted draw pile).
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from attrs import evolve

from helpers import cards, choose, draw, pass_, play, position, stacked
from maumau import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    Challenge,
    ChooseSuit,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidOptionError,
    Pass,
    PlayCard,
    PlayerView,
    Resign,
    RoundStarted,
    TurnSkipped,
    apply,
    french_deck,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)
from maumau.bots import HeuristicBot
from maumau.cli import run_game
from maumau.mechanics.challenges import window
from maumau_variants.penalty52 import hand_points

VARIANT = "penalty-52"
A, B, C, D = 0, 1, 2, 3


def dealer_of(seed: int, players: int) -> int:
    """
    The first dealer the rulings prescribe: drawn from the seed with its own generator.
    """
    return random.Random(f"{seed}/dealer").randrange(players)


def seed_dealt_by(players: int, dealer: int) -> int:
    """
    The smallest seed whose random first dealer is *dealer*.
    """
    return next(seed for seed in range(1000) if dealer_of(seed, players) == dealer)


def deal52(
    hands: Sequence[str], starter: str, draw_pile: str = "", *, options: Mapping[str, object] | None = None
) -> GameState:
    """
    A game in which the last seat deals *hands* (by seat) from the 52-card deck, turns *starter*,
    and leaves *draw_pile* on top of the draw pile; A plays first.
    """
    players = len(hands)
    dealer = players - 1
    deck = stacked(hands, starter, draw_pile, dealer=dealer, full=french_deck())
    state = new_game(VARIANT, players=players, seed=seed_dealt_by(players, dealer), deck=deck, options=options)
    assert state.dealer == dealer
    return state


def plays(state: GameState, seat: int | None = None) -> set[Card]:
    """
    The cards *seat* (by default the seat to move) may play now.
    """
    return {a.card for a in legal_actions(state, seat) if isinstance(a, PlayCard)}


def challenges(state: GameState) -> dict[int, bool]:
    """
    For every seat, whether a `Challenge` is among its legal actions.
    """
    return {
        seat: any(isinstance(a, Challenge) for a in legal_actions(state, seat)) for seat in range(len(state.players))
    }


def all_cards(state: GameState) -> Counter[Card]:
    return Counter([*state.draw_pile, *state.discard_pile, *(c for hand in state.hands for c in hand)])


#: Four seats for the sevens chain of part 07: A, B and C each hold a seven, D holds J♦ and 8♠ but no seven.
CHAIN = ["7h 4s 2c 3c 6d", "7c 9d 9c 10d 2d", "7s 3d 4d 5d 6c", "Jd 8s 2h 3h 4h"]
#: The six cards D draws for the chain.
CHAIN_DRAW = "Ks Qs 10s 9s 6s 5s"


class TestPlayersAndDeck:
    """
    Tests for the table: 2 to 6 players on 52 cards.
    """

    @pytest.mark.parametrize("players", range(2, 7))
    def test_two_to_six_players_play_with_52_cards(self, players: int) -> None:
        state = new_game(VARIANT, players=players, seed=1)

        assert Counter(french_deck()) == all_cards(state)
        assert sum(all_cards(state).values()) == 52

    @pytest.mark.parametrize("players", [1, 7])
    def test_other_player_counts_are_refused(self, players: int) -> None:
        with pytest.raises(InvalidOptionError, match="players"):
            new_game(VARIANT, players=players, seed=1)


class TestDeal:
    """
    Tests for the dealer and the deal.
    """

    @pytest.mark.parametrize("players", range(2, 7))
    def test_dealer_is_chosen_at_random_from_the_seed(self, players: int) -> None:
        dealers = {new_game(VARIANT, players=players, seed=seed).dealer for seed in range(40)}

        assert [dealer_of(seed, players) for seed in range(5)] == [
            new_game(VARIANT, players=players, seed=seed).dealer for seed in range(5)
        ]
        assert set(range(players)) == dealers

    def test_four_players_hold_20_with_1_discard_and_31_in_stock(self) -> None:
        state = new_game(VARIANT, players=4, seed=7)

        assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
        assert len(state.discard_pile) == 1
        assert len(state.draw_pile) == 31

    def test_five_each_are_dealt_singly_starting_left_of_the_dealer(self) -> None:
        seed = seed_dealt_by(3, 1)  # B deals: C gets the first card, then A, then B
        deck = french_deck()
        state = new_game(VARIANT, players=3, seed=seed, deck=deck)

        assert deck[0::3][:5] == state.players[C].hand
        assert deck[1::3][:5] == state.players[A].hand
        assert deck[2::3][:5] == state.players[B].hand
        assert deck[15] == state.top
        assert deck[16:] == state.draw_pile

    def test_play_starts_left_of_the_dealer(self) -> None:
        state = new_game(VARIANT, players=3, seed=seed_dealt_by(3, 1), deck=french_deck())

        assert state.to_move == C

    def test_deal_rotates_clockwise(self) -> None:
        state = deal52(["5c 9c 8h 8s 3s", "4c 9h Kc 7d 2s"], "5h")
        state = play(state, A, "5c")
        state = play(state, B, "4c")
        state = play(state, A, "9c")
        state = play(state, B, "9h")
        state = play(state, A, "8h")
        state = play(state, A, "8s", "Mau")
        state = play(state, A, "3s", "Mau Mau")

        (started,) = [event for event in state.events if isinstance(event, RoundStarted)]
        assert (started.round, started.dealer, started.first) == (2, A, B)

    def test_the_deal_passes_from_seat_0_to_seat_1(self) -> None:
        """
        The deal passes clockwise from the first dealer too: A deals round 1 (a seed that draws A), B deals round 2.
        """
        seed = seed_dealt_by(2, A)
        deck = stacked(["4c 9h Kc 7d 2s", "5c 9c 8h 8s 3s"], "5h", dealer=A, full=french_deck())
        state = new_game(VARIANT, players=2, seed=seed, deck=deck)
        assert (state.dealer, state.to_move) == (A, B)
        state = play(state, B, "5c")
        state = play(state, A, "4c")
        state = play(state, B, "9c")
        state = play(state, A, "9h")
        state = play(state, B, "8h")  # skips A: B plays again
        state = play(state, B, "8s", "Mau")
        state = play(state, B, "3s", "Mau Mau")

        (started,) = [event for event in state.events if isinstance(event, RoundStarted)]
        assert (started.round, started.dealer, started.first) == (2, B, A)
        assert (state.round, state.dealer, state.to_move) == (2, B, A)


class TestStarter:
    """
    Tests for the starter card's effect.
    """

    HANDS = ("2c 3c 4c 5c 9d", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h")

    def test_starter_seven_makes_the_first_player_draw_two(self) -> None:
        state = deal52(self.HANDS, "7s", "Ks Qs")

        assert (state.to_move, state.debt) == (A, 2)
        assert [DrawCards(A)] == [a for a in legal_actions(state) if isinstance(a, (PlayCard, DrawCards, Pass))]

        state = draw(state, A)

        assert cards("2c 3c 4c 5c 9d Ks Qs") == state.players[A].hand
        assert (state.to_move, state.debt) == (B, 0)

    def test_starter_eight_skips_the_first_player(self) -> None:
        state = deal52(self.HANDS, "8s")

        assert state.to_move == B
        assert TurnSkipped(A) in state.events

    def test_starter_eight_with_two_players_lets_the_dealer_begin(self) -> None:
        state = deal52(self.HANDS[:2], "8s")

        assert B == state.dealer == state.to_move

    def test_starter_jack_lets_the_dealer_name_the_starting_suit(self) -> None:
        state = deal52(self.HANDS, "Js")

        assert C == state.dealer == state.to_move
        assert {ChooseSuit(C, suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES)} == {
            a for a in legal_actions(state) if isinstance(a, ChooseSuit)
        }

        state = choose(state, C, DIAMONDS)

        assert (state.to_move, state.wish) == (A, DIAMONDS)
        assert {Card("9", DIAMONDS)} == plays(state)

    def test_other_starters_only_show_suit_and_rank(self) -> None:
        state = deal52(self.HANDS, "9c")

        assert (state.to_move, state.debt, state.wish, state.pending) == (A, 0, None, None)
        assert set(cards("2c 3c 4c 5c 9d")) == plays(state)


class TestTurn:
    """
    Tests for one play or one draw.
    """

    def test_play_matches_the_top_card_by_suit_or_rank(self) -> None:
        state = deal52(["9h 9c Kh 2s 3s", "2d 3d 4d 5d 6d"], "9d")

        assert set(cards("9h 9c")) == plays(state)
        with pytest.raises(IllegalActionError, match="does not match"):
            play(state, A, "Kh")

    def test_player_with_a_legal_play_may_not_draw(self) -> None:
        state = deal52(["9h 2c 3c 4c 5c", "2d 3d 4d 5d 6d"], "9d")

        assert DrawCards(A) not in legal_actions(state)
        with pytest.raises(IllegalActionError, match=r"seat 0 can play 9♥ and must play \(forced play\)"):
            draw(state, A)
        with pytest.raises(IllegalActionError, match=r"seat 0 can play 9♥ and must play \(forced play\)"):
            pass_(state, A)

    def test_player_without_a_legal_play_draws_one(self) -> None:
        state = deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "9h", "Kh")

        assert set() == plays(state)
        state = draw(state, A)

        assert cards("2c 3c 4c 5c 6c Kh") == state.players[A].hand
        assert Card("K", HEARTS) == state.drawn

    def test_drawn_card_may_be_played_at_once(self) -> None:
        state = draw(deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "9h", "Kh"), A)

        assert {PlayCard(A, Card("K", HEARTS)), Pass(A)} <= set(legal_actions(state))
        state = play(state, A, "Kh")

        assert (Card("K", HEARTS), B) == (state.top, state.to_move)

    def test_drawn_playable_card_may_be_kept(self) -> None:
        state = draw(deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "9h", "Kh"), A)
        state = pass_(state, A)

        assert Card("K", HEARTS) in state.players[A].hand
        assert state.to_move == B

    def test_drawn_card_that_cannot_be_played_ends_the_turn(self) -> None:
        state = draw(deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "9h", "Kd"), A)

        assert [Pass(A)] == [a for a in legal_actions(state) if isinstance(a, (PlayCard, Pass, DrawCards))]


class TestJacks:
    """
    Tests for the wild jacks.
    """

    def test_jack_may_be_played_on_any_card(self) -> None:
        state = deal52(["Jc 2d 3d 4d 5d", "2s 3s 4s 5s 6s"], "9h")

        assert {Card("J", CLUBS)} == plays(state)

    def test_jack_may_be_played_on_a_jack(self) -> None:
        state = deal52(["Jc 2d 3d 4d 5d", "Jh 3s 4s 5s 6s"], "9c")
        state = choose(play(state, A, "Jc"), A, SPADES)

        assert Card("J", HEARTS) in plays(state)

    def test_jack_names_any_suit(self) -> None:
        state = play(deal52(["Jc 2d 3d 4d 5d", "2s 3s 4s 5s 6s"], "9h"), A, "Jc")

        assert [ChooseSuit(A, suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES)] == list(legal_actions(state)[:4])

    def test_jack_diamonds_naming_clubs_needs_a_club_or_a_jack_not_a_diamond(self) -> None:
        """
        Part 07: A plays J♦ naming clubs; B must play a club or another jack, not any diamond.
        """
        state = deal52(["Jd 2h 3h 4h 6h", "3d 9c Js Kd 6s", "2s 3s 4s 5s 7s"], "5h")
        state = play(state, A, "Jd")
        state = choose(state, A, CLUBS)

        assert (state.to_move, state.wish) == (B, CLUBS)
        assert set(cards("9c Js")) == plays(state)
        with pytest.raises(IllegalActionError, match="wished suit"):
            play(state, B, "3d")


class TestSevens:
    """
    Tests for the stacking sevens.
    """

    def test_seven_makes_the_next_player_draw_two(self) -> None:
        state = deal52(["7h 2c 3c 4c 5c", "2d 3d 4d 5d 6d"], "9h", "Ks Qs")
        state = play(state, A, "7h")

        assert (state.to_move, state.debt) == (B, 2)
        state = draw(state, B)

        assert cards("2d 3d 4d 5d 6d Ks Qs") == state.players[B].hand

    def test_chain_of_sevens_adds_two_each_and_never_doubles(self) -> None:
        """
        Part 07: A plays 7♥, B 7♣ (debt 4), C 7♠ (debt 6, not 8); D has no seven and cannot dodge
        with J♦, draws 6 without playing; then A acts on 7♠ normally.
        """
        state = deal52(CHAIN, "5h", CHAIN_DRAW)
        state = play(state, A, "7h")
        assert (state.to_move, state.debt) == (B, 2)
        state = play(state, B, "7c")
        assert (state.to_move, state.debt) == (C, 4)
        state = play(state, C, "7s")
        assert (state.to_move, state.debt) == (D, 6)

        assert set() == plays(state)
        with pytest.raises(IllegalActionError, match="does not answer the draw of 6"):
            play(state, D, "Jd")
        state = draw(state, D)

        assert cards("Jd 8s 2h 3h 4h " + CHAIN_DRAW) == state.players[D].hand
        assert (state.to_move, state.debt, state.wish) == (A, 0, None)
        assert Card("7", SPADES) == state.top
        assert {Card("4", SPADES)} == plays(state)

    def test_neither_jack_nor_eight_answers_a_seven(self) -> None:
        state = play(deal52(CHAIN, "5h", CHAIN_DRAW), A, "7h")
        state = play(play(state, B, "7c"), C, "7s")

        for card in ("Jd", "8s"):
            with pytest.raises(IllegalActionError, match="does not answer"):
                play(state, D, card)

    def test_debtor_holding_a_seven_may_still_draw(self) -> None:
        state = play(deal52(CHAIN, "5h", CHAIN_DRAW), A, "7h")

        assert {PlayCard(B, Card("7", CLUBS)), DrawCards(B)} <= set(legal_actions(state))

    def test_penalty_cards_cannot_be_played_at_once(self) -> None:
        state = deal52(["7h 2c 3c 4c 5c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6s"], "9h", "Kh 7d")
        state = play(state, A, "7h")
        state = draw(state, B)

        assert Card("K", HEARTS) in state.players[B].hand
        assert (state.to_move, state.drawn) == (C, None)
        assert set() == plays(state, B)


class TestEights:
    """
    Tests for the skipping eights.
    """

    def test_eight_skips_the_next_player(self) -> None:
        state = deal52(["8h 2c 3c 4c 5c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6s"], "9h")
        state = play(state, A, "8h")

        assert state.to_move == C
        assert TurnSkipped(B) in state.events

    def test_eight_with_two_players_lets_its_player_play_again(self) -> None:
        state = deal52(["8h 8c 3c 4c 5c", "2d 3d 4d 5d 6d"], "9h")
        state = play(state, A, "8h")

        assert state.to_move == A
        assert set(cards("8c")) == plays(state)


class TestDrawPile:
    """
    Tests for recycling the discards.
    """

    def test_recycling_keeps_the_top_card_and_the_named_suit(self) -> None:
        state = deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6s"], "9h")
        state = position(state, draw_pile="", discard_pile="Kh Qh Jd", wish=CLUBS, to_move=B)
        state = draw(state, B)

        assert (Card("J", DIAMONDS),) == state.discard_pile
        assert state.wish == CLUBS
        assert len(state.draw_pile) == 1
        assert state.drawn in cards("Kh Qh")

    def test_recycling_keeps_a_pending_debt(self) -> None:
        state = deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6h"], "9h")
        state = position(state, draw_pile="Ks", discard_pile="Kh Qh 7c 7h", debt=4, to_move=B)
        state = draw(state, B)

        assert Counter(cards("2d 3d 4d 5d 6d Ks Kh Qh 7c")) == Counter(state.players[B].hand)
        assert ((Card("7", HEARTS),), C, 0) == (state.discard_pile, state.to_move, state.debt)


class TestCalls:
    """
    Tests for "Mau" and "Mau Mau", missed calls and challenges.
    """

    HANDS = ("2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s")

    def two_cards_for_a(self) -> GameState:
        """
        A to move on 9♥ holding 9♣ 10♥; B and C hold no heart and no nine; K♦ Q♦ top the draw pile.
        """
        return position(deal52(self.HANDS, "9h", "Kd Qd"), hands=["9c 10h", *self.HANDS[1:]])

    def test_play_leaving_one_card_calls_mau(self) -> None:
        state = self.two_cards_for_a()

        assert {PlayCard(A, Card("10", HEARTS), "Mau"), PlayCard(A, Card("10", HEARTS))} <= set(legal_actions(state))

    def test_last_card_calls_mau_mau(self) -> None:
        state = position(self.two_cards_for_a(), hands=["9c", *self.HANDS[1:]])

        assert {PlayCard(A, Card("9", CLUBS), "Mau Mau"), PlayCard(A, Card("9", CLUBS))} <= set(legal_actions(state))

    def test_missed_mau_may_be_challenged_by_any_other_player(self) -> None:
        state = play(self.two_cards_for_a(), A, "10h")

        assert challenges(state) == {A: False, B: True, C: True}

    def test_challenged_missed_mau_costs_two_cards(self) -> None:
        state = play(self.two_cards_for_a(), A, "10h")
        state = apply(state, Challenge(C, A))

        assert cards("9c Kd Qd") == state.players[A].hand
        assert (state.to_move, window(state)) == (B, None)

    def test_challenge_window_closes_when_the_next_player_completes_a_turn(self) -> None:
        state = play(self.two_cards_for_a(), A, "10h")
        state = draw(state, B)

        assert challenges(state) == {A: False, B: True, C: True}  # B has drawn, the turn is not complete
        state = pass_(state, B)

        assert challenges(state) == {A: False, B: False, C: False}
        with pytest.raises(IllegalActionError, match="no missed call"):
            apply(state, Challenge(C, A))

    def test_challenge_shows_in_a_view_only_while_the_window_is_open(self) -> None:
        state = self.two_cards_for_a()
        assert not any(isinstance(a, Challenge) for a in view(state, C).legal_actions)

        state = play(state, A, "10h")
        assert Challenge(C, A) in view(state, C).legal_actions
        assert not any(isinstance(a, Challenge) for a in view(state, A).legal_actions)

    def test_missed_mau_mau_challenged_draws_two_and_plays_on(self) -> None:
        state = position(self.two_cards_for_a(), hands=["9c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s"])
        state = play(state, A, "9c")

        assert (state.round, state.players[A].hand) == (1, ())
        state = apply(state, Challenge(B, A))

        assert (1, cards("Kd Qd")) == (state.round, state.players[A].hand)
        assert state.to_move == B

    def test_unchallenged_missed_mau_mau_wins_when_the_next_player_completes_a_turn(self) -> None:
        state = deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s"], "9h", "Kh")
        state = position(state, hands=["9c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s"])
        state = play(state, A, "9c")
        assert state.round == 1
        state = draw(state, B)
        state = pass_(state, B)  # B keeps K♥: the completed turn stands

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("out", (A,))
        assert cards("2d 3d 4d 5d 6d Kh") == result.hands[B]
        assert result.points == (0, 30, 21)

    def test_next_player_going_out_with_a_correct_call_wins_before_the_window_closes(self) -> None:
        state = position(self.two_cards_for_a(), hands=["9c", "9d 2d 3d 4d 5d", *self.HANDS[2:]])
        state = play(state, A, "9c")
        state = position(state, hands=["", "9d", *self.HANDS[2:]])
        state = play(state, B, "9d", "Mau Mau")

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("out", (B,))
        assert result.points == (0, 0, 2 + 3 + 4 + 5 + 7)

    def test_missed_mau_on_an_eight_with_two_players_stays_open_until_the_other_player_completes_a_turn(
        self,
    ) -> None:
        state = position(deal52(self.HANDS[:2], "9h", "Kd"), hands=["8h 10h", self.HANDS[1]])
        state = play(state, A, "8h")  # skips B; A plays again

        assert (state.to_move, challenges(state)) == (A, {A: False, B: True})
        state = play(state, A, "10h", "Mau Mau")

        assert (state.round, state.to_move, challenges(state)) == (1, B, {A: False, B: True})
        state = pass_(draw(state, B), B)

        (result,) = state.rounds
        assert result.winners == (A,)

    def test_second_miss_before_the_first_is_challenged_costs_both_penalties(self) -> None:
        state = position(deal52(self.HANDS[:2], "9h", "Kd Qd Jd Td 9d"), hands=["8h 10h", self.HANDS[1]])
        state = play(state, A, "8h")  # missed "Mau"; skips B, A plays again
        state = play(state, A, "10h")  # missed "Mau Mau" too

        open_window = window(state)
        assert open_window is not None
        assert (open_window.missed, open_window.penalty) == ("Mau and Mau Mau", 4)
        state = apply(state, Challenge(B, A))

        assert cards("Kd Qd Jd 10d") == state.players[A].hand
        assert (state.round, state.to_move, window(state)) == (1, B, None)

    def test_next_players_own_miss_waits_until_their_turn_is_complete(self) -> None:
        state = deal52(self.HANDS, "9h", "Kd Qd Ks Qs")
        state = position(state, hands=["9c 10h", "Jd 5d", self.HANDS[2]])
        state = play(state, A, "10h")  # A misses "Mau"; B's completed turn closes A's window
        state = play(state, B, "Jd")  # B misses "Mau" too, and has a suit to name: the turn is not complete

        assert (state.pending.seat, challenges(state)) == (B, {A: False, B: True, C: True})
        assert window(from_json(to_json(view(state, C)), PlayerView)) == window(state)  # B's waits in A's
        state = choose(state, B, CLUBS)

        assert getattr(window(state), "offender", None) == B
        assert challenges(state) == {A: True, B: False, C: True}

    def test_next_players_miss_leaves_the_earlier_window_open_to_a_challenge(self) -> None:
        state = deal52(self.HANDS, "9h", "Kd Qd Ks Qs")
        state = position(state, hands=["9c", "Jd 5d", self.HANDS[2]])
        state = play(play(state, A, "9c"), B, "Jd")  # A misses "Mau Mau", B misses "Mau" on a jack

        assert state.rounds == ()  # A has not won: B's turn is not complete
        state = apply(state, Challenge(C, A))

        assert (cards("Kd Qd"), getattr(window(state), "offender", None)) == (state.players[A].hand, B)

    def test_terminal_names_both_missed_calls(self) -> None:
        state = position(deal52(self.HANDS[:2], "9h", "Kd Qd Jd Td 9d"), hands=["8h 10h", self.HANDS[1]])
        state = play(play(state, A, "8h"), A, "10h")
        stdout = io.StringIO()

        run_game(state, human=B, bots={A: HeuristicBot(1)}, stdin=io.StringIO("1\nq\n"), stdout=stdout)

        assert "1. challenge Seat 0 (missed 'Mau' and 'Mau Mau')" in stdout.getvalue()
        assert "Seat 0 draws 4 penalty cards (missed 'Mau' and 'Mau Mau')." in stdout.getvalue()

    def test_wrong_call_on_the_last_card_counts_as_missed(self) -> None:
        state = deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "9h")
        state = play(position(state, hands=["9c", "2d 3d 4d 5d 6d"]), A, "9c", "Mau")

        assert (state.round, getattr(window(state), "offender", None)) == (1, A)

    def test_correctly_called_last_card_wins_at_once(self) -> None:
        state = deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s"], "9h")
        state = play(position(state, hands=["9c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s"]), A, "9c", "Mau Mau")

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("out", (A,))

    @pytest.mark.parametrize("last", ["7h", "8h", "Jh"])
    def test_special_last_card_wins_without_its_effect(self, last: str) -> None:
        state = deal52(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s"], "9h", "Ks Qs")
        state = play(position(state, hands=[last, "2d 3d 4d 5d 6d", "2s 3s 4s 5s 7s"]), A, last, "Mau Mau")

        (result,) = state.rounds
        assert result.winners == (A,)
        assert cards("2d 3d 4d 5d 6d") == result.hands[B]  # no final seven penalty


class TestStoppedRound:
    """
    Tests for the fallback when a required draw is impossible.
    """

    HANDS = ("7h 2c 3c 4c 5c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6s")

    def test_debt_that_cannot_be_drawn_stops_the_round_without_a_winner(self) -> None:
        state = position(deal52(self.HANDS, "9h"), draw_pile="", discard_pile="Kh")
        state = play(state, A, "7h")
        state = draw(state, B)  # only K♥ can be recycled

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("stopped", ())
        assert cards("2d 3d 4d 5d 6d Kh") == result.hands[B]
        assert tuple(hand_points(hand) for hand in result.hands) == result.points

    def test_single_draw_that_cannot_be_made_stops_the_round(self) -> None:
        state = position(deal52(self.HANDS, "9h"), hands=["2c 3c 4c 5c 6c", *self.HANDS[1:]], draw_pile="Qd")
        state = pass_(draw(state, A), A)  # A draws Q♦ and keeps it; B can neither play nor draw

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("stopped", ())
        assert result.points == (20 + 10, 20, 20)

    def test_challenge_penalty_that_cannot_be_drawn_stops_the_round(self) -> None:
        state = position(deal52(self.HANDS, "9h"), hands=["9c 10h", *self.HANDS[1:]], draw_pile="")
        state = play(state, A, "10h")  # no "Mau"; the discards below 10♥ hold only 9♥
        state = apply(state, Challenge(C, A))

        (result,) = state.rounds
        assert ("stopped", cards("9c 9h")) == (result.reason, result.hands[A])

    #: As HANDS, but C holds 6♥: C could play on the 7♥ or the 9♥, so only the stop rule ends the round.
    C_COULD_PLAY = ("7h 2c 3c 4c 5c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6h")

    def test_debt_that_cannot_be_drawn_stops_the_round_although_the_next_player_could_play(self) -> None:
        state = position(deal52(self.C_COULD_PLAY, "9h"), draw_pile="", discard_pile="Kh")
        state = play(state, A, "7h")
        state = draw(state, B)  # B owes 2; only K♥ can be recycled

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("stopped", ())
        assert cards("2d 3d 4d 5d 6d Kh") == result.hands[B]
        assert state.round == 2

    def test_single_draw_that_cannot_be_made_stops_the_round_although_the_next_player_could_play(self) -> None:
        hands = ["2c 3c 4c 5c 6c", *self.C_COULD_PLAY[1:]]
        state = position(deal52(self.C_COULD_PLAY, "9h"), hands=hands, draw_pile="Qd")
        state = pass_(draw(state, A), A)  # A draws Q♦ and keeps it; B can neither play nor draw, C could play 6♥

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("stopped", ())
        assert result.points == (20 + 10, 20, 14 + 6)
        assert state.round == 2

    def test_challenge_penalty_that_cannot_be_drawn_stops_the_round_although_the_next_player_could_play(
        self,
    ) -> None:
        hands = ["9c 10h", "2d 3d 4d 5d 6h", "2s 3s 4s 5s 6s"]
        state = position(deal52(self.HANDS, "9h"), hands=hands, draw_pile="")
        state = play(state, A, "10h")  # no "Mau"; the discards below 10♥ hold only 9♥; B could play 6♥
        state = apply(state, Challenge(C, A))

        (result,) = state.rounds
        assert ("stopped", (), cards("9c 9h")) == (result.reason, result.winners, result.hands[A])
        assert state.round == 2


class TestScoring:
    """
    Tests for penalty points.
    """

    def test_face_cards_cost_ten_and_numerals_their_value(self) -> None:
        expected = {"A": 10, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "5": 5, "2": 2}

        assert expected == {rank: hand_points([Card(rank, HEARTS)]) for rank in expected}

    def test_king_clubs_seven_diamonds_two_spades_cost_19(self) -> None:
        """
        Part 06: B is left with K♣ 7♦ 2♠ when A goes out, and records 10 + 7 + 2 = 19; A records 0.
        """
        state = deal52(["5c 9c 8h 8s 3s", "4c 9h Kc 7d 2s"], "5h")
        state = play(state, A, "5c")
        state = play(state, B, "4c")
        state = play(state, A, "9c")
        state = play(state, B, "9h")
        state = play(state, A, "8h")  # skips B: A plays again
        state = play(state, A, "8s", "Mau")
        state = play(state, A, "3s", "Mau Mau")

        (result,) = state.rounds
        assert cards("Kc 7d 2s") == result.hands[B]
        assert result.points == (0, 19)
        assert state.scores == (0, 19)


class TestMatch:
    """
    Tests for the 100-point match and the single-round option.
    """

    def a_goes_out(self, scores: tuple[int, int, int], options: Mapping[str, object] | None = None) -> GameState:
        """
        A round in which A goes out and B holds 30 points, C 35, added to *scores*.
        """
        hands = ["9c 2c 3c 4c 5c", "Kd Qd 5d 2h 3h", "Ks Qs 5s 4h 6h"]
        state = position(deal52(hands, "9h", options=options), hands=["9c", *hands[1:]])
        players = tuple(evolve(p, score=s) for p, s in zip(state.players, scores, strict=True))
        return play(evolve(state, players=players), A, "9c", "Mau Mau")

    def test_match_goes_on_below_100(self) -> None:
        state = self.a_goes_out((0, 0, 0))

        assert (state.result, state.round) == (None, 2)
        assert state.scores == (0, 30, 35)

    def test_lowest_total_wins_once_someone_reaches_100(self) -> None:
        state = self.a_goes_out((90, 40, 65))

        assert state.result is not None
        assert (state.result.winners, state.result.reason, state.result.totals) == ((B,), "target", (90, 70, 100))

    def test_equal_lowest_totals_share_the_win(self) -> None:
        state = self.a_goes_out((70, 40, 80))

        assert state.result is not None
        assert state.result.winners == (A, B)

    def test_single_round_ends_the_match_after_one_round(self) -> None:
        state = self.a_goes_out((0, 0, 0), {"single_round": True})

        assert state.result is not None
        assert (state.result.winners, state.result.totals) == ((A,), (0, 30, 35))

    def test_lowest_total_wins_when_a_player_resigns(self) -> None:
        """
        A resignation ends the match at once: of the players left, the lowest total wins, not the highest.
        """
        hands = ["9c 2c 3c 4c 5c", "Kd Qd 5d 2h 3h", "Ks Qs 5s 4h 6h"]
        state = deal52(hands, "9h")
        players = tuple(evolve(p, score=s) for p, s in zip(state.players, (40, 90, 20), strict=True))
        state = apply(evolve(state, players=players), Resign(C))

        assert state.result is not None
        assert (state.result.winners, state.result.reason, state.result.totals) == ((A,), "resignation", (40, 90, 20))


class TestConformance:
    """
    The conformance kit, out-of-turn challenges included.
    """

    def test_random_games_pass_the_conformance_kit(self) -> None:
        testing = pytest.importorskip("maumau.testing")

        testing.check_variant(VARIANT, players=range(2, 7), out_of_turn=True)
