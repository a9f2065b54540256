"""
The rules of `classic`, one test per rule of RULINGS.md and per option, as short scripted games.

Most tests stack the deck with `helpers.deal`: seat *n* gets ``hands[n]``, the
starter is turned, and the draw pile begins with the cards named after it.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import pytest
from attrs import evolve

from helpers import cards, choose, classic_deck, deal, draw, greedy_action, pass_, play, play_out, position
from maumau import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    CardsDrawn,
    ChooseSuit,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidOptionError,
    MatchEnded,
    Pass,
    Passed,
    PenaltyDrawn,
    PileRecycled,
    PlayCard,
    PlayerResigned,
    Reason,
    Resign,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
    apply,
    legal_actions,
    new_game,
    read_call,
)
from maumau.mechanics.challenges import window

#: Three seats; seat 1 moves first.  Seat 1 holds a 7, an 8 and a jack, seat 2 a 7 and an 8.
HANDS_3 = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c 9d Qc 10s")

#: Two seats; seat 1 holds four 8s and goes out without seat 0 ever moving.
EIGHTS_2 = ("Jc Ac Kc Qc 10c", "8h 8c 8s 8d 9d")


def all_cards(state: GameState) -> Counter[Card]:
    """
    Every card of the game, wherever it lies.
    """
    return Counter([*state.draw_pile, *state.discard_pile, *(c for hand in state.hands for c in hand)])


def turn_actions(state: GameState, seat: int | None = None) -> set[object]:
    """
    The legal actions of *seat* (default: the seat to move) without the ever-legal resignation.
    """
    return {a for a in legal_actions(state, seat) if not isinstance(a, Resign)}


def refused(state: GameState, action: object) -> IllegalActionError:
    """
    The error *action* raises in *state*.
    """
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    return info.value


def go_out_with_eights(state: GameState) -> GameState:
    """
    Seat 1 of `EIGHTS_2` plays its four 8s (each lets it play again) and the 9♦.
    """
    state = play(state, 1, "8h")
    state = play(state, 1, "8c")
    state = play(state, 1, "8s")
    state = play(state, 1, "8d", "Mau")
    return play(state, 1, "9d")


def with_scores(state: GameState, *scores: int) -> GameState:
    """
    *state* with the match totals set, as if earlier rounds had been played.
    """
    return evolve(state, players=tuple(evolve(p, score=s) for p, s in zip(state.players, scores, strict=True)))


class TestDeck:
    """
    Deck 7..A in four suits; one pack up to five players, two packs from six.
    """

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_deck_has_32_cards_seven_to_ace_in_four_suits(self, players: int) -> None:
        """
        Up to five players one 32-card pack is dealt: every card 7 to ace of each suit once.
        """
        state = new_game("classic", players=players, seed=players)

        counted = all_cards(state)

        assert sum(counted.values()) == 32
        assert set(counted.values()) == {1}
        assert {c.rank for c in counted} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
        assert {c.suit for c in counted} == {CLUBS, DIAMONDS, HEARTS, SPADES}

    @pytest.mark.parametrize("players", [6, 7, 10])
    def test_six_or_more_players_shuffle_two_decks_together(self, players: int) -> None:
        """
        From six players two packs are shuffled together: 64 cards, each card twice.
        """
        state = new_game("classic", players=players, seed=players)

        counted = all_cards(state)

        assert sum(counted.values()) == 64
        assert counted == Counter(classic_deck(5) * 2)

    def test_one_and_eleven_players_are_refused(self) -> None:
        """
        Classic seats two to ten players.
        """
        with pytest.raises(InvalidOptionError, match="allowed: 2 to 10"):
            new_game("classic", players=1)
        with pytest.raises(InvalidOptionError, match="allowed: 2 to 10"):
            new_game("classic", players=11)


class TestDeal:
    """
    Five cards each (option: six); the host deals first, the next seat starts, the deal passes on.
    """

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_each_player_gets_five_cards(self, players: int) -> None:
        """
        Every hand holds five cards, one card starts the discard pile, the rest is the draw pile.
        """
        state = new_game("classic", players=players, seed=7)

        assert [len(hand) for hand in state.hands] == [5] * players
        assert len(state.discard_pile) == 1
        assert len(state.draw_pile) == 32 - 5 * players - 1

    def test_hand_size_option_deals_six_cards(self) -> None:
        """
        With ``hand_size=6`` every hand holds six cards.
        """
        state = new_game("classic", players=4, seed=7, options={"hand_size": 6})

        assert [len(hand) for hand in state.hands] == [6, 6, 6, 6]
        assert len(state.draw_pile) == 32 - 24 - 1

    @pytest.mark.parametrize("size", [4, 7])
    def test_hand_size_allows_only_five_or_six(self, size: int) -> None:
        """
        The text knows five or six cards; any other number is refused.
        """
        with pytest.raises(InvalidOptionError, match="allowed: 5, 6"):
            new_game("classic", players=2, options={"hand_size": size})

    def test_cards_are_dealt_singly_starting_after_the_dealer(self) -> None:
        """
        Seat 1 gets the first card, seat 2 the second, seat 0 the third; then the starter, then the draw pile.
        """
        deck = classic_deck(3)

        state = new_game("classic", players=3, seed=0, deck=deck)

        assert state.hands == (deck[2:15:3], deck[0:15:3], deck[1:15:3])
        assert state.top == deck[15]
        assert state.draw_pile == deck[16:]

    def test_host_deals_first_and_next_seat_starts(self) -> None:
        """
        Seat 0 deals round 1 and seat 1 plays first.
        """
        state = new_game("classic", players=3, seed=11)

        assert (state.round, state.dealer, state.to_move) == (1, 0, 1)
        assert state.events == (RoundStarted(1, 0, state.top, 1),)

    def test_deal_passes_to_the_next_seat_each_round(self) -> None:
        """
        Round 2 is dealt by seat 1 and begun by seat 2; round 3 by seat 2 and seat 0; round 4 by seat 0 again.
        """
        state = deal(HANDS_3, "9h", options={"target": 10_000})
        seen = [(state.round, state.dealer, state.to_move)]
        for _ in range(3000):
            if state.round == 4:
                break
            state = apply(state, greedy_action(state))
            if (state.round, state.dealer) != seen[-1][:2]:
                seen.append((state.round, state.dealer, state.to_move))

        assert seen == [(1, 0, 1), (2, 1, 2), (3, 2, 0), (4, 0, 1)]


class TestStarter:
    """
    The starter card has no effect; a jack starter keeps its own suit.
    """

    def test_seven_starter_makes_nobody_draw(self) -> None:
        """
        On a 7 starter the first player owes nothing and may play any heart.
        """
        state = deal(HANDS_3, "7d")

        assert state.debt == 0
        assert PlayCard(1, Card.parse("9c")) not in legal_actions(state)
        assert PlayCard(1, Card.parse("7h")) in legal_actions(state)
        assert DrawCards(1) in legal_actions(state)

    def test_eight_starter_skips_nobody(self) -> None:
        """
        On an 8 starter the seat after the dealer still plays first.
        """
        state = deal(HANDS_3, "8d")

        assert (state.to_move, state.skips) == (1, 0)
        assert not any(isinstance(e, TurnSkipped) for e in state.events)
        assert PlayCard(1, Card.parse("8h")) in legal_actions(state)

    def test_jack_starter_asks_for_no_suit_and_keeps_its_own(self) -> None:
        """
        A J♥ starter names no suit: hearts follow it, other suits do not, and nobody is asked to choose.
        """
        state = deal(HANDS_3, "Jh")

        assert (state.wish, state.pending) == (None, None)
        assert PlayCard(1, Card.parse("Kh")) in legal_actions(state)
        assert refused(state, PlayCard(1, Card.parse("9c"))).reason is Reason.NO_MATCH

    def test_jack_starter_is_a_jack_that_a_jack_may_not_cover(self) -> None:
        """
        Without ``jack_on_jack`` the first player may not put a jack on a jack starter.
        """
        state = deal(HANDS_3, "Jh")

        assert refused(state, PlayCard(1, Card.parse("Jc"))).reason is Reason.NO_MATCH


class TestMatching:
    """
    Play a card matching the top card's suit or rank, or a jack (not on a jack, unless ``jack_on_jack``).
    """

    def test_card_of_the_same_suit_may_be_played(self) -> None:
        """
        K♥ on 9♥.
        """
        state = play(deal(HANDS_3, "9h"), 1, "Kh")

        assert state.top == Card.parse("Kh")
        assert state.to_move == 2

    def test_card_of_the_same_rank_may_be_played(self) -> None:
        """
        9♣ on 9♥.
        """
        state = play(deal(HANDS_3, "9h"), 1, "9c")

        assert state.top == Card.parse("9c")

    def test_card_matching_neither_suit_nor_rank_is_refused(self) -> None:
        """
        K♥ on 9♣ matches nothing: refused with ``Reason.NO_MATCH``.
        """
        state = deal(HANDS_3, "10d")

        error = refused(state, PlayCard(1, Card.parse("Kh")))

        assert error.reason is Reason.NO_MATCH
        assert "K♥ does not match the top card 10♦" in str(error)

    def test_jack_may_be_played_on_anything_but_a_jack(self) -> None:
        """
        J♣ on 10♦ (neither suit nor rank) is legal; its player must then name a suit.
        """
        state = play(deal(HANDS_3, "10d"), 1, "Jc")

        assert state.top == Card.parse("Jc")
        assert state.pending is not None
        assert turn_actions(state) == {ChooseSuit(1, suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES)}

    def test_jack_may_not_be_played_on_a_jack(self) -> None:
        """
        After J♣ (wish ♥), the next player may not answer with a jack.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c Jd Qc 10s")
        state = choose(play(deal(hands, "10d"), 1, "Jc"), 1, HEARTS)

        refusal = refused(state, PlayCard(2, Card.parse("Jd")))
        assert refusal.reason is Reason.NO_MATCH
        assert str(refusal).endswith("a jack may not be played on a jack (J♦ on J♣; the option jack_on_jack allows it)")

    def test_jack_on_jack_option_lets_a_jack_cover_a_jack_and_answer_a_wish(self) -> None:
        """
        With ``jack_on_jack`` the J♦ may cover the J♣ whose player wished hearts, and names a new suit.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c Jd Qc 10s")
        state = choose(play(deal(hands, "10d", options={"jack_on_jack": True}), 1, "Jc"), 1, HEARTS)

        state = choose(play(state, 2, "Jd"), 2, SPADES)

        assert (state.top, state.wish, state.to_move) == (Card.parse("Jd"), SPADES, 0)

    def test_after_a_draw_a_jack_from_the_hand_is_refused_for_the_draw_not_for_jack_on_jack(self) -> None:
        """
        With ``jack_on_jack``, a jack held before the draw may not be played after it: only the drawn card may,
        and the refusal says so rather than blaming the jack on a jack.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c Jd Qc 10s")
        state = choose(play(deal(hands, "10d", "9d", options={"jack_on_jack": True}), 1, "Jc"), 1, HEARTS)
        state = draw(state, 2)

        refusal = refused(state, PlayCard(2, Card.parse("Jd")))
        assert "only the drawn card" in str(refusal)
        assert "jack_on_jack" not in str(refusal)

    def test_jack_on_jack_option_allows_a_jack_on_a_jack_starter(self) -> None:
        """
        With ``jack_on_jack`` the first player may cover a jack starter with a jack.
        """
        state = deal(HANDS_3, "Jh", options={"jack_on_jack": True})

        assert PlayCard(1, Card.parse("Jc")) in legal_actions(state)


class TestWish:
    """
    A jack names a suit; the next player plays that suit.
    """

    def test_jack_player_names_the_suit_the_next_card_must_have(self) -> None:
        """
        After J♣ and ♦, seat 2 may play its 9♦ but not its Q♣, although Q♣ matches the jack's suit.
        """
        state = play(deal(HANDS_3, "10d"), 1, "Jc")

        state = choose(state, 1, DIAMONDS)

        assert (state.wish, state.to_move) == (DIAMONDS, 2)
        assert state.events == (SuitWished(1, DIAMONDS),)
        assert PlayCard(2, Card.parse("9d")) in legal_actions(state)
        assert refused(state, PlayCard(2, Card.parse("Qc"))).reason is Reason.NO_MATCH

    def test_card_off_the_wished_suit_is_refused_naming_the_wish(self) -> None:
        """
        7♣ on J♥ with ♦ wished: "7♣ does not match the top card J♥ (wished suit: ♦)", ``Reason.NO_MATCH``.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jh 9c Kh", "7c 8c 9d Qc 10s")
        state = choose(play(deal(hands, "10h"), 1, "Jh"), 1, DIAMONDS)

        error = refused(state, PlayCard(2, Card.parse("7c")))

        assert "7♣ does not match the top card J♥ (wished suit: ♦)" in str(error)
        assert error.reason is Reason.NO_MATCH

    def test_wish_holds_until_a_card_is_played(self) -> None:
        """
        Seat 2 draws and passes: seat 0 must still play ♦; its Q♦ clears the wish.
        """
        state = choose(play(deal(HANDS_3, "10d", "Ah"), 1, "Jc"), 1, DIAMONDS)
        state = pass_(draw(state, 2), 2)

        assert (state.wish, state.to_move) == (DIAMONDS, 0)
        assert refused(state, PlayCard(0, Card.parse("Kc"))).reason is Reason.NO_MATCH

        state = play(state, 0, "Qd")

        assert state.wish is None
        assert "wished suit" not in str(refused(state, PlayCard(1, Card.parse("Kh"))))

    def test_only_the_four_suits_may_be_named(self) -> None:
        """
        Naming a colour that is no suit is refused with ``Reason.BAD_CHOICE``.
        """
        state = play(deal(HANDS_3, "10d"), 1, "Jc")

        assert refused(state, ChooseSuit(1, "pink")).reason is Reason.BAD_CHOICE


class TestDrawing:
    """
    Or draw one card, even holding a playable one; then play that card only, or pass.
    """

    def test_player_may_draw_while_holding_a_playable_card(self) -> None:
        """
        Seat 1 could play K♥ on 9♥ but may draw instead; it gets the top card of the draw pile.
        """
        state = deal(HANDS_3, "9h", "Ad")

        assert PlayCard(1, Card.parse("Kh")) in legal_actions(state)
        assert DrawCards(1) in legal_actions(state)

        state = draw(state, 1)

        assert state.players[1].hand == cards("7h 8h Jc 9c Kh Ad")
        assert state.drawn == Card.parse("Ad")

    def test_after_drawing_only_the_drawn_card_may_be_played(self) -> None:
        """
        Having drawn the A♥, seat 1 may play it or pass; its K♥ is refused with ``Reason.DRAWN_CARD_ONLY``.
        """
        state = draw(deal(HANDS_3, "9h", "Ah"), 1)

        assert turn_actions(state) == {PlayCard(1, Card.parse("Ah")), Pass(1)}
        assert refused(state, PlayCard(1, Card.parse("Kh"))).reason is Reason.DRAWN_CARD_ONLY
        assert refused(state, DrawCards(1)).reason is Reason.CANNOT_DRAW

        state = play(state, 1, "Ah")

        assert (state.top, state.to_move) == (Card.parse("Ah"), 2)

    def test_unplayable_drawn_card_leaves_only_passing(self) -> None:
        """
        Having drawn the A♦ on 9♥, seat 1 can only pass; play goes on with seat 2.
        """
        state = draw(deal(HANDS_3, "9h", "Ad"), 1)

        assert turn_actions(state) == {Pass(1)}

        state = pass_(state, 1)

        assert state.to_move == 2
        assert state.events == (Passed(1),)

    def test_passing_without_drawing_is_refused(self) -> None:
        """
        While the draw pile holds cards, passing needs a draw first: ``Reason.CANNOT_PASS``.
        """
        state = deal(HANDS_3, "9h")

        assert refused(state, Pass(1)).reason is Reason.CANNOT_PASS


class TestSevens:
    """
    A 7 makes the next player draw 2; only a 7 answers it, adding 2 (option ``stack_sevens``).
    """

    def test_seven_makes_next_player_draw_two(self) -> None:
        """
        After 7♥, seat 2 owes 2; drawing takes the two top cards of the pile.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "Ac 8c 9d Qc 10s")
        state = play(deal(hands, "9h", "Ad Ah"), 1, "7h")

        assert (state.to_move, state.debt) == (2, 2)
        assert turn_actions(state) == {DrawCards(2)}
        assert refused(state, PlayCard(2, Card.parse("Qc"))).reason is Reason.DEBT_PENDING

        state = draw(state, 2)

        assert state.players[2].hand == cards("Ac 8c 9d Qc 10s Ad Ah")
        assert state.events == (CardsDrawn(2, 2, cards("Ad Ah")),)

    def test_drawing_the_debt_ends_the_turn(self) -> None:
        """
        Having drawn the 2 owed, seat 2 neither plays nor passes: seat 0 moves and owes nothing.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "Ac 8c 9d Qc 10s")
        state = draw(play(deal(hands, "9h", "Ad Ah"), 1, "7h"), 2)

        assert (state.to_move, state.debt, state.drawn) == (0, 0, None)
        assert refused(state, PlayCard(2, Card.parse("Ah"))).reason is Reason.NOT_YOUR_TURN

    def test_sevens_stack_to_four_then_six(self) -> None:
        """
        7♥, 7♣, 7♠: the debt grows 2, 4, 6, and seat 1, out of 7s, draws all six.
        """
        hands = ("Kc Qd 9s 10c 7s", "7h 8h Jc 9c Kh", "7c 8c 9d Qc 10s")
        state = deal(hands, "9h")
        debts = []
        for seat, seven in ((1, "7h"), (2, "7c"), (0, "7s")):
            state = play(state, seat, seven)
            debts.append(state.debt)

        assert debts == [2, 4, 6]
        assert turn_actions(state) == {DrawCards(1)}

        state = draw(state, 1)

        assert len(state.players[1].hand) == 4 + 6
        assert (state.to_move, state.debt) == (2, 0)

    def test_without_stack_sevens_a_seven_does_not_answer_a_seven(self) -> None:
        """
        With ``stack_sevens=False`` seat 2 must draw 2 although it holds the 7♣.
        """
        state = play(deal(HANDS_3, "9h", options={"stack_sevens": False}), 1, "7h")

        assert turn_actions(state) == {DrawCards(2)}
        refusal = refused(state, PlayCard(2, Card.parse("7c")))
        assert refusal.reason is Reason.DEBT_PENDING
        assert str(refusal).endswith("7♣ does not answer the draw of 2 owed on 7♥; draw the 2 cards")

        state = draw(state, 2)

        assert (len(state.players[2].hand), state.to_move) == (7, 0)

    def test_jack_does_not_answer_a_seven(self) -> None:
        """
        Owing 2 on 7♥, seat 2 may answer with its 7♣ or draw, but not cover the debt with its J♦.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c Jd Qc 10s")
        state = play(deal(hands, "9h"), 1, "7h")

        assert turn_actions(state) == {PlayCard(2, Card.parse("7c")), DrawCards(2)}
        refusal = refused(state, PlayCard(2, Card.parse("Jd")))
        assert refusal.reason is Reason.DEBT_PENDING
        assert str(refusal).endswith("J♦ does not answer the draw of 2 owed on 7♥; answer it with 7♣ or draw")


class TestEights:
    """
    An 8 skips the next player; with two players its player plays again (option ``pass_the_skip``).
    """

    def test_eight_skips_the_next_player(self) -> None:
        """
        After 8♥ by seat 1, seat 2 misses its turn and seat 0 moves.
        """
        state = play(deal(HANDS_3, "9h"), 1, "8h")

        assert state.to_move == 0
        assert TurnSkipped(2) in state.events

    def test_eight_with_two_players_lets_its_player_play_again(self) -> None:
        """
        With two players the 8 skips the opponent: seat 1 moves again.
        """
        state = play(deal(EIGHTS_2, "10h"), 1, "8h")

        assert state.to_move == 1
        assert TurnSkipped(0) in state.events

    def test_without_pass_the_skip_an_eight_does_not_answer_an_eight(self) -> None:
        """
        By default the skipped seat 2 never gets to answer with its 8♣.
        """
        state = play(deal(HANDS_3, "9h"), 1, "8h")

        assert refused(state, PlayCard(2, Card.parse("8c"))).reason is Reason.NOT_YOUR_TURN

    def test_pass_the_skip_lets_an_eight_answer_an_eight(self) -> None:
        """
        With ``pass_the_skip`` seat 2 answers 8♥ with 8♣; seat 0, with no 8, misses its turn.
        """
        state = play(deal(HANDS_3, "9h", options={"pass_the_skip": True}), 1, "8h")

        assert (state.to_move, state.skips) == (2, 1)
        assert turn_actions(state) == {PlayCard(2, Card.parse("8c")), Pass(2)}
        assert refused(state, PlayCard(2, Card.parse("Qc"))).reason is Reason.SKIP_PENDING
        assert refused(state, DrawCards(2)).reason is Reason.SKIP_PENDING

        state = play(state, 2, "8c")

        assert (state.to_move, state.skips) == (0, 1)
        assert turn_actions(state) == {Pass(0)}

        state = pass_(state, 0)

        assert (state.to_move, state.skips) == (1, 0)
        assert state.events == (TurnSkipped(0),)

    def test_pass_the_skip_lets_the_hit_player_take_the_skip(self) -> None:
        """
        With ``pass_the_skip`` seat 2 may also just miss its turn by passing.
        """
        state = play(deal(HANDS_3, "9h", options={"pass_the_skip": True}), 1, "8h")

        state = pass_(state, 2)

        assert (state.to_move, state.skips) == (0, 0)
        assert len(state.players[2].hand) == 5

    def test_pass_the_skip_with_two_players_gives_the_turn_to_the_last_eight_player(self) -> None:
        """
        Two players, ``pass_the_skip``: seat 1 plays 8♥, seat 0 answers 8♣, seat 1 (no 8 left) passes: seat 0 moves.
        """
        hands = ("8c Ac Kc Qc 10c", "8h 9h Jd Qd 10d")
        state = play(deal(hands, "Kh", options={"pass_the_skip": True}), 1, "8h")

        assert (state.to_move, state.skips) == (0, 1)

        state = play(state, 0, "8c")

        assert (state.to_move, state.skips) == (1, 1)
        assert turn_actions(state) == {Pass(1)}

        state = pass_(state, 1)

        assert (state.to_move, state.skips, state.debt) == (0, 0, 0)
        assert state.events == (TurnSkipped(1),)
        assert PlayCard(0, Card.parse("Ac")) in turn_actions(state)

    def test_jack_does_not_answer_an_eight_with_pass_the_skip(self) -> None:
        """
        With ``pass_the_skip`` seat 2, hit by 8♥, may answer with its 8♣ or pass, but not with its J♦.
        """
        hands = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c Jd Qc 10s")
        state = play(deal(hands, "9h", options={"pass_the_skip": True}), 1, "8h")

        assert turn_actions(state) == {PlayCard(2, Card.parse("8c")), Pass(2)}
        refusal = refused(state, PlayCard(2, Card.parse("Jd")))
        assert refusal.reason is Reason.SKIP_PENDING
        assert str(refusal).endswith("J♦ does not answer the skip on 8♥; answer it with 8♣ or pass")


class TestMau:
    """
    "Mau" with the second-to-last card, or 2 penalty cards at once; no call on the last card (option ``mau_mau_call``).
    """

    def test_second_to_last_card_without_mau_draws_two_at_once(self) -> None:
        """
        Seat 1 plays 8♦ leaving one card and says nothing: it draws the two top cards at once, unchallenged.
        """
        state = deal(EIGHTS_2, "10h", "Ad Ah")
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)

        state = play(state, 1, "8d")

        assert state.players[1].hand == cards("9d Ad Ah")
        assert PenaltyDrawn(1, 2, "missed 'Mau'", cards("Ad Ah")) in state.events
        assert window(state) is None

    @pytest.mark.parametrize("call", ["Mau", "mau", "MAU!"])
    def test_saying_mau_with_the_second_to_last_card_avoids_the_penalty(self, call: str) -> None:
        """
        Typed text is read without regard to case or punctuation; a play carries the canonical call only.
        """
        state = deal(EIGHTS_2, "10h", "Ad Ah")
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)
        assert read_call(state, call) == "Mau"
        if call != "Mau":
            assert refused(state, PlayCard(1, Card.parse("8d"), call)).reason is Reason.BAD_CALL

        state = play(state, 1, "8d", read_call(state, call))

        assert state.players[1].hand == cards("9d")
        assert not any(isinstance(e, PenaltyDrawn) for e in state.events)

    def test_legal_actions_offer_the_play_with_and_without_mau(self) -> None:
        """
        With two cards in hand, each playable card is offered with the call and without it.
        """
        state = deal(EIGHTS_2, "10h")
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)

        assert turn_actions(state) >= {PlayCard(1, Card.parse("8d"), "Mau"), PlayCard(1, Card.parse("8d"))}

    def test_wrong_word_on_the_second_to_last_card_draws_two_at_once(self) -> None:
        """
        With ``mau_mau_call`` seat 1 says "Mau-Mau" instead of "Mau" with its 8♦: it draws two at once, unchallenged.
        """
        state = deal(EIGHTS_2, "10h", "Ad Ah", options={"mau_mau_call": True})
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)

        state = play(state, 1, "8d", "Mau-Mau")

        assert state.players[1].hand == cards("9d Ad Ah")
        assert [e for e in state.events if isinstance(e, PenaltyDrawn)] == [
            PenaltyDrawn(1, 2, "missed 'Mau'", cards("Ad Ah"))
        ]
        assert window(state) is None

    def test_a_word_that_is_no_call_of_classic_is_refused(self) -> None:
        """
        Without ``mau_mau_call`` "Mau-Mau" is no call of classic: the play saying it is refused, not judged.
        """
        state = deal(EIGHTS_2, "10h", "Ad Ah")
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)

        assert refused(state, PlayCard(1, Card.parse("8d"), "Mau-Mau")).reason is Reason.BAD_CALL

    def test_last_card_needs_no_call(self) -> None:
        """
        Seat 1 plays its last card saying nothing and wins the round.
        """
        state = go_out_with_eights(deal(EIGHTS_2, "10h"))

        assert state.rounds[0].reason == "out"
        assert state.rounds[0].winners == (1,)
        assert not any(isinstance(e, PenaltyDrawn) for e in state.events)

    def test_mau_mau_call_option_makes_a_silent_last_card_cost_two(self) -> None:
        """
        With ``mau_mau_call`` the silent last card draws 2 and the round goes on.
        """
        state = deal(EIGHTS_2, "10h", "Ad Ah", options={"mau_mau_call": True})
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)
        state = play(state, 1, "8d", "Mau")

        state = play(state, 1, "9d")

        assert state.round == 1
        assert state.rounds == ()
        assert state.players[1].hand == cards("Ad Ah")
        assert PenaltyDrawn(1, 2, "missed 'Mau-Mau'", cards("Ad Ah")) in state.events

    def test_mau_mau_call_option_lets_mau_mau_go_out(self) -> None:
        """
        With ``mau_mau_call`` the last card said with "Mau-Mau" wins the round.
        """
        state = deal(EIGHTS_2, "10h", options={"mau_mau_call": True})
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)
        state = play(state, 1, "8d", "Mau")

        state = play(state, 1, "9d", "Mau-Mau")

        assert state.rounds[0].winners == (1,)

    def test_mau_mau_when_jack_asks_for_mau_mau_only_on_a_jack(self) -> None:
        """
        With ``mau_mau_when="jack"`` a last 9 needs no call, and a last jack needs "Mau-Mau" (seed 001's
        variation: "at some, only when that card is a jack").
        """
        options = {"mau_mau_call": True, "mau_mau_when": "jack"}
        nine = deal(EIGHTS_2, "10h", options=options)
        jack = deal(("Kc Ac 9c Qc 10c", "8h 8c 8s 8d Jd"), "10h", "Ad Ah", options=options)
        for eight in ("8h", "8c", "8s"):
            nine, jack = play(nine, 1, eight), play(jack, 1, eight)
        nine, jack = play(nine, 1, "8d", "Mau"), play(jack, 1, "8d", "Mau")

        assert {a for a in turn_actions(nine) if isinstance(a, PlayCard)} == {PlayCard(1, Card.parse("9d"))}
        assert PlayCard(1, Card.parse("Jd"), "Mau-Mau") in turn_actions(jack)
        assert play(nine, 1, "9d").rounds[0].winners == (1,)
        silent = play(jack, 1, "Jd")
        assert PenaltyDrawn(1, 2, "missed 'Mau-Mau'", cards("Ad Ah")) in silent.events
        assert play(jack, 1, "Jd", "Mau-Mau").rounds[0].winners == (1,)

    def test_mau_penalty_option_makes_a_missed_call_cost_one_card(self) -> None:
        """
        With ``mau_penalty=1`` a forgotten "Mau" costs one card (seed 001: "you draw penalty cards, usually one
        or two").
        """
        state = deal(EIGHTS_2, "10h", "Ad Ah", options={"mau_penalty": 1})
        for eight in ("8h", "8c", "8s"):
            state = play(state, 1, eight)

        state = play(state, 1, "8d")

        assert state.players[1].hand == cards("9d Ad")
        assert PenaltyDrawn(1, 1, "missed 'Mau'", cards("Ad")) in state.events


class TestNines:
    """
    Option ``nines_draw_three`` (seed 001's variation: "in Brazil, some tables make the 9 a draw-3 card").
    """

    def test_nine_makes_the_next_player_draw_three(self) -> None:
        state = deal(
            ("Kc Qd 8s 10c As", "9h 8h Jc 7c Kh", "7d 8c 9d Qc 10s"), "10h", options={"nines_draw_three": True}
        )

        state = play(state, 1, "9h")

        assert (state.to_move, state.debt) == (2, 3)
        assert turn_actions(state) == {PlayCard(2, Card.parse("9d")), DrawCards(2)}

    def test_a_seven_does_not_answer_a_nine_nor_a_nine_a_seven(self) -> None:
        options = {"nines_draw_three": True}
        nine = play(deal(("Kc Qd 8s 10c As", "9h 8h Jc 7c Kh", "7h 8c 9c Qc 10s"), "10h", options=options), 1, "9h")
        seven = play(deal(("Kc Qd 8s 10c As", "7h 8h Jc 7c Kh", "9h 8c 9c Qc 10s"), "10h", options=options), 1, "7h")

        assert turn_actions(nine) == {PlayCard(2, Card.parse("9c")), DrawCards(2)}
        assert turn_actions(seven) == {DrawCards(2)}

    def test_without_the_option_a_nine_is_a_plain_card(self) -> None:
        state = deal(("Kc Qd 8s 10c As", "9h 8h Jc 7c Kh", "7d 8c 9d Qc 10s"), "10h")

        state = play(state, 1, "9h")

        assert (state.to_move, state.debt) == (2, 0)


class TestAceWithAnother:
    """
    Option ``ace_with_another`` (seed 001's variation: "an ace can only be played together with another card").
    """

    OPTIONS: ClassVar[dict[str, object]] = {"ace_with_another": True}

    def test_an_ace_alone_may_not_be_played(self) -> None:
        state = deal(("Kc Qd 8s 10c 7s", "Ah 8h Jc 7c Kd", "7d 8c 9d Qc 10s"), "10h", options=self.OPTIONS)

        assert PlayCard(1, Card.parse("Ah")) not in turn_actions(state)
        assert PlayCard(1, Card.parse("Ah"), None, True) in turn_actions(state)

    def test_the_card_after_the_ace_matches_it_or_is_a_jack(self) -> None:
        state = deal(("Kc Qd 8s 10c 7s", "Ah 8h Jc 7c Kd", "7d 8c 9d Qc 10s"), "10h", options=self.OPTIONS)

        state = apply(state, PlayCard(1, Card.parse("Ah"), None, True))

        assert {action.card for action in turn_actions(state)} == set(cards("8h Jc"))

    def test_the_ace_and_its_card_are_one_play_with_the_card_s_effect(self) -> None:
        state = deal(("Kc Qd 8s 10c 7s", "Ah 7h Jc 9c Kd", "7d 8c 9d Qc 10s"), "10h", options=self.OPTIONS)

        state = apply(state, PlayCard(1, Card.parse("Ah"), None, True))
        state = play(state, 1, "7h")

        assert (state.to_move, state.debt) == (2, 2)
        assert state.players[1].hand == cards("Jc 9c Kd")

    def test_an_ace_that_nothing_could_follow_may_not_be_played_at_all(self) -> None:
        state = deal(("Kc Qd 8s 10d 7s", "Ah 9c 10c 7c Kd", "7d 8c 9d Qc 10s"), "10h", options=self.OPTIONS)

        assert not {action for action in turn_actions(state) if getattr(action, "card", None) == Card.parse("Ah")}

    def test_an_ace_that_nothing_could_follow_leaves_a_pass_when_nothing_can_be_drawn(self) -> None:
        state = deal(("Kc Qd 8s 10d 7s", "Ah 9h 10c 7c Kd", "7d 8c 9d Qc 10s"), "9c", options=self.OPTIONS)
        state = position(state, hands=["Kc Qd 8s 10d 7s", "Qh Ac", "7d 8c 9d Qc 10s"], draw_pile=())

        assert turn_actions(state) == {Pass(1)}

    def test_without_the_option_an_ace_goes_alone(self) -> None:
        state = deal(("Kc Qd 8s 10c 7s", "Ah 8h Jc 7c Kd", "7d 8c 9d Qc 10s"), "10h")

        assert PlayCard(1, Card.parse("Ah")) in turn_actions(state)
        assert PlayCard(1, Card.parse("Ah"), None, True) not in turn_actions(state)


class TestDirection:
    """
    Seed 001's table rules say "play goes to the right": seats are numbered in the direction of play.
    """

    def test_play_goes_from_each_seat_to_the_next_seat_number(self) -> None:
        state = deal(HANDS_3, "10h")

        order = [state.to_move]
        for _ in range(3):
            state = pass_(draw(state, state.to_move), state.to_move) if state.to_move is not None else state
            order.append(state.to_move)

        assert order[:4] == [1, 2, 0, 1]


class TestLastCard:
    """
    The last card has no effect: a 7 or an 8 that goes out makes no one draw or miss a turn.
    """

    def test_seven_going_out_makes_nobody_draw(self) -> None:
        """
        Seat 1 goes out with the 7♠ and ends the match (``target=50``): no debt is left, seat 0 keeps five cards.
        """
        hands = ("Jc Ac Kc Qc 10c", "8h 8c 8d 8s 7s")
        state = deal(hands, "10h", options={"target": 50})
        for card, call in (("8h", None), ("8c", None), ("8d", None), ("8s", "Mau")):
            state = play(state, 1, card, call)

        state = play(state, 1, "7s")

        assert state.is_over
        assert state.debt == 0
        assert state.rounds[0].hands[0] == cards("Jc Ac Kc Qc 10c")
        assert not any(isinstance(e, (CardsDrawn, PenaltyDrawn)) for e in state.events)

    def test_eight_going_out_skips_nobody(self) -> None:
        """
        Seat 1 goes out with the 8♦ in a three-player game: no seat misses a turn.
        """
        hands = ("Kc Qd 9s 10c As", "8h 8c 9c 9d 8d", "7c Jc 9h Qc 10s")
        state = play_out(deal(hands, "10h"), 1, "8h", "8c", "9c", "9d")

        state = play_out(state, 1, "8d")

        assert state.actions[-1] == PlayCard(1, Card.parse("8d"))
        assert state.rounds[0].winners == (1,)
        assert not any(isinstance(e, TurnSkipped) for e in state.events)

    def test_jack_going_out_names_no_suit(self) -> None:
        """
        A jack that goes out ends the round without asking for a suit.
        """
        hands = ("Ac Kc Qc 10c 9c", "8h 8c 8d 8s Jd")
        state = deal(hands, "10h")
        for card, call in (("8h", None), ("8c", None), ("8d", None), ("8s", "Mau")):
            state = play(state, 1, card, call)

        state = play(state, 1, "Jd")

        assert state.rounds[0].winners == (1,)
        assert not any(isinstance(e, SuitWished) for e in state.events)


class TestBlockedRound:
    """
    When every player in a row can neither play nor draw, the fewest hand points win and score the differences.

    A full deck cannot block classic (the cards of the suit to follow are all in some hand),
    so these positions are built by hand: no draw pile, only the top card on the discard pile.
    """

    def blocked(self, hands: tuple[str, str, str], top: str = "Jc", wish: str | None = CLUBS) -> GameState:
        """
        A three-seat position where no seat can play on *top* (a jack, wish ♣) and nothing can be drawn.
        """
        state = deal(HANDS_3, "9h")
        state = position(state, hands=hands, draw_pile=(), discard_pile=top, wish=wish)
        for seat in (1, 2, 0):
            assert turn_actions(state) == {Pass(seat)}
            state = pass_(state, seat)
        return state

    def test_nobody_able_to_play_or_draw_may_pass(self) -> None:
        """
        With nothing to draw and nothing playable, passing is the only move.
        """
        state = position(deal(HANDS_3, "9h"), hands=("Ah", "Kd", "Qs"), draw_pile=(), discard_pile="Jc", wish=CLUBS)

        assert turn_actions(state) == {Pass(1)}
        assert refused(state, DrawCards(1)).reason is Reason.CANNOT_DRAW

    def test_passing_is_refused_while_a_card_can_be_played(self) -> None:
        """
        With nothing to draw, a seat that can play may not pass.
        """
        state = position(deal(HANDS_3, "9h"), hands=("Ah", "Kc", "Qs"), draw_pile=(), discard_pile="Jc", wish=CLUBS)

        assert refused(state, Pass(1)).reason is Reason.CANNOT_PASS

    def test_fewest_hand_points_win_and_score_the_differences(self) -> None:
        """
        Hands of 21, 19 and 18 points: seat 2 wins and scores (21 - 18) + (19 - 18) = 4.
        """
        state = self.blocked(("Ah Kh", "9d 10d", "Qs 8s"))

        (result,) = state.rounds
        assert (result.reason, result.winners) == ("blocked", (2,))
        assert result.points == (0, 0, 4)
        assert state.scores == (0, 0, 4)

    def test_holders_scoring_charges_each_hand_its_difference(self) -> None:
        """
        With ``scoring="holders"`` seat 0 gets 21 - 18 = 3 and seat 1 gets 19 - 18 = 1.
        """
        state = deal(HANDS_3, "9h", options={"scoring": "holders"})
        state = position(state, hands=("Ah Kh", "9d 10d", "Qs 8s"), draw_pile=(), discard_pile="Jc", wish=CLUBS)
        for seat in (1, 2, 0):
            state = pass_(state, seat)

        assert state.rounds[0].points == (3, 1, 0)

    def test_tie_on_points_goes_to_fewer_cards(self) -> None:
        """
        J♥ 8♦ and 9♥ 9♦ 10♠ are both 28 points: the two-card hand wins, though seat 1 would play first.
        """
        state = self.blocked(("Jh 8d", "9h 9d 10s", "Ah Kh Qh"))

        assert state.rounds[0].winners == (0,)
        assert state.rounds[0].points == ((28 - 28) + (31 - 28), 0, 0)

    def test_tie_on_points_and_cards_goes_to_who_would_play_first(self) -> None:
        """
        Seats 0 and 2 both hold 18 points in two cards; seat 1 would play next, then seat 2: seat 2 wins.
        """
        state = self.blocked(("Kh 8d", "Ah Kd Qd", "Qs 8h"))

        assert state.rounds[0].winners == (2,)
        assert state.rounds[0].points == (0, 0, 31 - 18)


class TestScoring:
    """
    Hands are worth J 20, A 11, K Q 10 10 each, 9 8 7 face value; who goes out scores the others' hands.
    """

    @pytest.mark.parametrize(
        ("hand", "points"),
        [
            ("Jc Ac Kc Qc 10c", 20 + 11 + 10 + 10 + 10),
            ("9c 9s 7c 7s Ad", 9 + 9 + 7 + 7 + 11),
            ("Jh Js Jd Qh Kh", 20 + 20 + 20 + 10 + 10),
            ("9s 9h 10s 7h As", 9 + 9 + 10 + 7 + 11),
        ],
    )
    def test_player_who_goes_out_scores_the_card_values_left_in_hand(self, hand: str, points: int) -> None:
        """
        Seat 1 goes out; seat 0's hand is counted at J 20, A 11, K Q 10 10 each, 9 8 7 face value.
        """
        state = go_out_with_eights(deal((hand, "8h 8c 8s 8d 9d"), "10h"))

        assert state.rounds[0].points == (0, points)
        assert state.scores == (0, points)
        assert RoundEnded(1, "out", (1,), (0, points)) in state.events

    def test_player_who_goes_out_scores_every_other_hand(self) -> None:
        """
        In a three-player round seat 1 scores seat 0's and seat 2's hands, the cards seat 0 drew included.
        """
        hands = ("Kc Qd 9s 10c As", "8h 8c 8s 8d 9d", "7c Jc 9h Qc 10s")
        state = play_out(deal(hands, "10h", "Ah Kh Qh Jh"), 1, "8h", "8c", "8s", "8d", "9d")

        seat0 = 10 + 10 + 9 + 10 + 11 + (11 + 10 + 10 + 20)
        seat2 = 7 + 20 + 9 + 10 + 10
        assert state.rounds[0].hands[0] == cards("Kc Qd 9s 10c As Ah Kh Qh Jh")
        assert state.rounds[0].points == (0, seat0 + seat2, 0)

    def test_holders_scoring_counts_hands_against_their_holders(self) -> None:
        """
        With ``scoring="holders"`` seat 0 is charged its own 61 points and seat 1 gets nothing.
        """
        state = go_out_with_eights(deal(EIGHTS_2, "10h", options={"scoring": "holders"}))

        assert state.rounds[0].points == (61, 0)
        assert state.scores == (61, 0)

    def test_next_round_is_dealt_after_a_round_ends(self) -> None:
        """
        Far from the target, a new round starts: fresh five-card hands and seat 1 dealing.
        """
        state = go_out_with_eights(deal(EIGHTS_2, "10h"))

        assert (state.round, state.dealer, state.to_move, state.result) == (2, 1, 0, None)
        assert [len(hand) for hand in state.hands] == [5, 5]
        assert sum(all_cards(state).values()) == 32


class TestMatch:
    """
    Target 100 points per player, reached at the end of a round; most points win; resigning.
    """

    HANDS = ("Jc Ac Kc Qc 10c", "8h 8c 8s 8d 9d", "9c 9s 7c 7s Ad", "Jh Js Jd Qh Kh")

    def quick_round(self, players: int, scores: tuple[int, ...], **options: object) -> GameState:
        """
        A round of *players* seats where seat 1 goes out with four 8s and the 9♦, from *scores*.
        """
        state = with_scores(deal(self.HANDS[:players], "10h", options=options), *scores)
        return play_out(state, 1, "8h", "8c", "8s", "8d", "9d")

    @pytest.mark.parametrize(("players", "target"), [(2, 200), (3, 300), (4, 400)])
    def test_match_target_is_100_points_per_player(self, players: int, target: int) -> None:
        """
        One point short of 100 per player the match goes on; reaching it ends the match.
        """
        gained = self.quick_round(players, (0,) * players).scores[1]

        short = self.quick_round(players, (0, target - gained - 1, *(0,) * (players - 2)))
        reached = self.quick_round(players, (0, target - gained, *(0,) * (players - 2)))

        assert (short.result, short.round) == (None, 2)
        assert reached.result is not None
        assert (reached.result.winners, reached.result.reason) == ((1,), "target")
        assert reached.scores[1] == target

    def test_target_option_replaces_100_per_player(self) -> None:
        """
        With ``target=50`` two players finish as soon as someone has 50 points.
        """
        state = self.quick_round(2, (0, 0), target=50)

        assert state.result is not None
        assert state.result.winners == (1,)

    def test_match_ends_at_the_end_of_a_round(self) -> None:
        """
        A total already past the target does not stop a round; the match ends when the round does.
        """
        state = with_scores(deal(EIGHTS_2, "10h"), 0, 250)
        state = play(state, 1, "8h")

        assert state.result is None
        assert legal_actions(state)

        state = go_out_with_eights(with_scores(deal(EIGHTS_2, "10h"), 0, 250))

        assert state.result is not None
        assert (state.round, state.to_move) == (1, None)
        assert [type(e) for e in state.events][-2:] == [RoundEnded, MatchEnded]

    def test_most_points_win(self) -> None:
        """
        Three players: seat 1 reaches 300 while seat 0 has 299; the match ends and seat 1, with most points, wins.
        """
        gained = self.quick_round(3, (0, 0, 0)).scores[1]

        state = self.quick_round(3, (299, 300 - gained, 0))

        assert state.result is not None
        assert state.result.winners == (1,)
        assert state.result.totals == (299, 300, 0)

    def test_holders_scoring_fewest_points_win(self) -> None:
        """
        With ``scoring="holders"`` seat 0 passes 200 against itself and seat 1, with fewer points, wins.
        """
        state = self.quick_round(2, (150, 100), scoring="holders")

        assert state.result is not None
        assert state.scores == (211, 100)
        assert state.result.winners == (1,)

    def test_equal_totals_at_the_match_target_share_the_win(self) -> None:
        """
        With ``scoring="holders"`` seat 0 reaches 300 at the end of a round; seats 1 and 2 tie on fewest and share.

        (With the default scoring only the round's winner gains, so two best totals can only be equal in this way.)
        """
        points = self.quick_round(3, (0, 0, 0), scoring="holders").rounds[0].points
        assert points[1] == 0 < points[2]

        state = self.quick_round(3, (300 - points[0], points[2], 0), scoring="holders")

        assert state.result is not None
        assert (state.result.winners, state.result.reason) == ((1, 2), "target")
        assert state.result.totals == (300, points[2], points[2])

    def test_match_over_refuses_every_action(self) -> None:
        """
        After the match, any action is refused with ``Reason.GAME_OVER`` and nothing is legal.
        """
        state = self.quick_round(2, (0, 190))

        assert legal_actions(state) == ()
        assert refused(state, DrawCards(0)).reason is Reason.GAME_OVER

    def test_resigning_leaves_the_win_to_the_remaining_player_with_most_points(self) -> None:
        """
        Totals 10, 40, 30: seat 1 (the leader) resigns and seat 2 wins.
        """
        state = with_scores(deal(HANDS_3, "9h"), 10, 40, 30)

        state = apply(state, Resign(1))

        assert state.result is not None
        assert (state.result.winners, state.result.reason) == ((2,), "resignation")
        assert state.players[1].resigned
        assert PlayerResigned(1) in state.events

    def test_player_may_resign_out_of_turn(self) -> None:
        """
        Seat 0 resigns while seat 1 is to move; equal remaining totals share the win.
        """
        state = with_scores(deal(HANDS_3, "9h"), 50, 30, 30)

        assert Resign(0) in legal_actions(state, 0)
        state = apply(state, Resign(0))

        assert state.result is not None
        assert state.result.winners == (1, 2)

    def test_resigning_with_holders_scoring_leaves_the_win_to_the_remaining_player_with_fewest_points(self) -> None:
        """
        With ``scoring="holders"`` and totals 10, 40, 30, seat 0 (the leader) resigns and seat 2 wins.
        """
        state = with_scores(deal(HANDS_3, "9h", options={"scoring": "holders"}), 10, 40, 30)

        state = apply(state, Resign(0))

        assert state.result is not None
        assert (state.result.winners, state.result.reason) == ((2,), "resignation")
        assert state.result.totals == (10, 40, 30)

    def test_target_option_accepts_0_and_refuses_less(self) -> None:
        """
        ``target=0`` is the default (100 per player) and may be given; a negative target is refused by name.
        """
        assert new_game("classic", players=2, seed=0, options={"target": 0}).options["target"] == 0
        with pytest.raises(InvalidOptionError, match="'target'"):
            new_game("classic", players=2, seed=0, options={"target": -1})


class TestDrawPile:
    """
    An empty draw pile is refilled from the discards below the top card; a card that cannot be drawn is not drawn.
    """

    def test_empty_draw_pile_is_refilled_from_the_discards_keeping_the_top_card(self) -> None:
        """
        With the pile empty and 22 discards, drawing shuffles the 21 below the top into a new pile.
        """
        start = deal(HANDS_3, "9h")
        state = position(start, draw_pile=(), discard_pile=(*start.draw_pile, start.top))

        after = draw(state, 1)

        assert after.top == start.top
        assert after.discard_pile == (start.top,)
        assert after.events[0] == PileRecycled(len(start.draw_pile))
        assert Counter((*after.draw_pile, *after.players[1].hand[5:])) == Counter(start.draw_pile)
        assert all_cards(after) == all_cards(start)

    def test_refilled_pile_order_comes_from_the_seed(self) -> None:
        """
        The same seed refills the same order; another seed another order.
        """
        orders = []
        for seed in (1, 1, 2):
            start = deal(HANDS_3, "9h", seed=seed)
            state = draw(position(start, draw_pile=(), discard_pile=(*start.draw_pile, start.top)), 1)
            orders.append(state.draw_pile)

        assert orders[0] == orders[1]
        assert orders[0] != orders[2]

    def test_card_that_cannot_be_drawn_is_simply_not_drawn(self) -> None:
        """
        The pile is drawn empty; a 7 leaves one discard below it; the seat owing 2 gets that one card and moves on.
        """
        state = deal(("7c 8d Qd Kd Ad", "8h 8s Kh Qh Ah"), "9c")
        while state.draw_pile:
            seat = state.to_move
            assert seat is not None
            state = draw(state, seat)
            state = pass_(state, seat)

        assert state.to_move == 0
        assert DrawCards(0) not in legal_actions(state)  # nothing to draw: a single discard stays put
        state = play(state, 0, "7c")
        hand = state.players[1].hand

        state = draw(state, 1)

        assert state.players[1].hand == (*hand, Card.parse("9c"))
        assert state.events == (PileRecycled(1), CardsDrawn(1, 1, cards("9c")))
        assert (state.to_move, state.debt, state.draw_pile, state.discard_pile) == (0, 0, (), cards("7c"))
