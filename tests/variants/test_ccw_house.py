"""
The rules of `ccw-house`, one test per rule of RULINGS.md and per option, as short scripted games.

Most tests stack the deck with `deal`: seat *n* gets ``hands[n]`` (cards
written ``"red 5, blue Skip"``), dealt singly counter-clockwise from the
dealer's right (seat 0 deals, so seat ``n - 1`` gets the first card and
begins), then the starter is turned and the draw pile begins with the
cards named after it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence

import pytest
from attrs import evolve

from helpers import cards, draw, pass_, play
from maumau import (
    Action,
    Card,
    CardPlayed,
    CardsDrawn,
    Challenge,
    ChallengeMade,
    DirectionReversed,
    DrawCards,
    GameState,
    IllegalActionError,
    InvalidOptionError,
    Pass,
    PenaltyDrawn,
    PileRecycled,
    PlayCard,
    Reason,
    RecordError,
    Resign,
    RoundEnd,
    RoundStarted,
    TurnSkipped,
    apply,
    from_json,
    hookimpl,
    legal_actions,
    new_game,
    to_json,
)
from maumau.mechanics.challenges import window
from maumau.mechanics.placings import order as finishing_order
from maumau.mechanics.placings import placed
from maumau_variants.counter_clockwise import PlayerFinished

COLOURS = ("red", "yellow", "green", "blue")


def full_deck(numbers: int = 9, copies: int = 2) -> tuple[Card, ...]:
    """
    Every card of a game in a fixed order: per copy and colour, the numbers 1 up, then Skip, Reverse and +2.

    Written out here rather than asked of the variant, so a test of the deck can fail.
    """
    ranks = [str(number) for number in range(1, numbers + 1)] + ["Skip", "Reverse", "+2"]
    return tuple(Card(rank, colour) for _ in range(copies) for colour in COLOURS for rank in ranks)


def stack(
    hands: Sequence[str], starter: str, draw_pile: str = "", *, numbers: int = 9, copies: int = 2
) -> tuple[Card, ...]:
    """
    The deck order (top first) that gives seat *n* ``hands[n]`` when seat 0 deals counter-clockwise.
    """
    seats = len(hands)
    dealt = [cards(hand) for hand in hands]
    order = [dealt[(-1 - offset) % seats][position] for position in range(len(dealt[0])) for offset in range(seats)]
    order += [*cards(starter), *cards(draw_pile)]
    left = Counter(full_deck(numbers, copies))
    left.subtract(order)
    assert all(count >= 0 for count in left.values()), "a card is named more often than the deck holds it"
    for card in full_deck(numbers, copies):
        if left[card] > 0:
            order.append(card)
            left[card] -= 1
    return tuple(order)


def deal(hands: Sequence[str], starter: str, draw_pile: str = "", **options: int) -> GameState:
    """
    A game whose first deal gives *hands* (by seat), turns *starter* and leaves *draw_pile* on top of the pile.
    """
    numbers, copies = options.get("numbers", 9), options.get("copies", 2)
    deck = stack(hands, starter, draw_pile, numbers=numbers, copies=copies)
    return new_game("ccw-house", players=len(hands), seed=0, options=options or None, deck=deck)


def card(text: str) -> Card:
    (one,) = cards(text)
    return one


def plays(state: GameState, seat: int) -> set[Card]:
    """
    The cards *seat* may put down now, in turn or thrown in.
    """
    return {action.card for action in legal_actions(state, seat) if isinstance(action, PlayCard)}


def turn(state: GameState) -> set[Action]:
    """
    What the seat to move may do, resigning aside.
    """
    return {action for action in legal_actions(state) if not isinstance(action, Resign)}


def draw_and_pass(state: GameState, seat: int) -> GameState:
    """
    *seat* draws one card that does not fit, and passes.
    """
    state = draw(state, seat)
    assert state.to_move == seat, "the drawn card ended the turn"
    return pass_(state, seat)


def random_play(state: GameState, seed: int, *, until_round: int | None = None) -> GameState:
    """
    Random legal turns (no resigning) to the end of the match, or until round *until_round* begins.
    """
    rng = random.Random(seed)
    while not state.is_over and state.round != until_round:
        state = apply(state, rng.choice(sorted(turn(state), key=str)))
    return state


#: Seat 1 moves first with five reds; seat 0 holds nothing that fits them.
REDS_2 = ("blue 7, blue 8, green 7, green 8, yellow 7", "red 1, red 2, red 3, red 4, red 6")
#: The draw pile of the REDS_2 game: nothing in it fits a red number.
MISSES = "blue Skip, green Skip, yellow Skip, blue Skip, green Skip, yellow Skip, blue Reverse, green Reverse"


def down_to_two() -> GameState:
    """
    The REDS_2 game after seat 1 played three reds and seat 0 drew each time: seat 1 holds red 4, red 6 and moves.
    """
    state = deal(REDS_2, "red 9", MISSES)
    for red in ("red 1", "red 2", "red 3"):
        state = draw_and_pass(play(state, 1, red), 0)
    return state


def blocked_at(hands: dict[int, str]) -> GameState:
    """
    A 3-player game with *hands* (by seat), nothing left to draw and red 1 on top, after every seat passed once.
    """
    state = new_game("ccw-house", players=3, seed=0, options={"numbers": 1, "copies": 1})
    players = tuple(evolve(p, hand=cards(hands[seat])) for seat, p in enumerate(state.players))
    state = evolve(state, players=players, draw_pile=(), discard_pile=cards("red 1"), to_move=1)
    return pass_(pass_(pass_(state, 1), 0), 2)


class StopsOnShortfall:
    """
    House rule: a required draw the cards cannot cover stops the round.
    """

    @hookimpl
    def maumau_draw_shortfall(self) -> RoundEnd:
        return RoundEnd("stopped")


def seat_2_down_to(two: str, seat_0_first: str = "yellow 6") -> GameState:
    """
    Three players on red 9, seat 2 to move holding only *two* cards; seat 0 holds *seat_0_first* and four yellows.

    Seat 2's other three cards (blue 1, 2, 3) go under the draw pile.
    """
    hands = [
        f"{seat_0_first}, yellow 1, yellow 2, yellow 3, yellow 5",
        "green 1, green 2, green 3, green 5, green 6",
        f"{two}, blue 1, blue 2, blue 3",
    ]
    state = deal(hands, "red 9")
    players = (*state.players[:2], evolve(state.players[2], hand=cards(two)))
    return evolve(state, players=players, draw_pile=(*state.draw_pile, *cards("blue 1, blue 2, blue 3")))


def seat_3_out_first(two: str) -> GameState:
    """
    Four players on red 9: seat 3 begins with only red 5 and goes out with "mau-mau"; seat 2, to move, holds only *two*.

    Seat 0 holds red Skip and four blues, seat 1 red 2 and four greens.
    The cards taken from seats 2 and 3 go under the draw pile.
    """
    hands = [
        "red Skip, blue 2, blue 3, blue 4, blue 6",
        "red 2, green 2, green 3, green 4, green 6",
        f"{two}, yellow 3, yellow 4, yellow 6",
        "red 5, blue 7, green 7, yellow 7, blue 8",
    ]
    state = deal(hands, "red 9")
    seat_2, seat_3 = evolve(state.players[2], hand=cards(two)), evolve(state.players[3], hand=cards("red 5"))
    players = (*state.players[:2], seat_2, seat_3)
    rest = cards("yellow 3, yellow 4, yellow 6, blue 7, green 7, yellow 7, blue 8")
    state = evolve(state, players=players, draw_pile=(*state.draw_pile, *rest))
    return play(state, 3, "red 5", "mau-mau")


class TestDeck:
    """
    Four colours of 1 to 9, Skip, Reverse and +2, twice over (an assumption), and the deck options.
    """

    def test_default_deck_has_96_cards_two_of_each(self) -> None:
        """
        Red, yellow, green and blue, each with 1 to 9, Skip, Reverse and +2, two copies of every card.
        """
        state = new_game("ccw-house", players=4, seed=3)
        held = Counter([*state.draw_pile, *state.discard_pile, *(c for hand in state.hands for c in hand)])

        assert sum(held.values()) == 96
        assert Counter(full_deck()) == held
        assert {2} == set(held.values())

    def test_numbers_and_copies_options_change_the_deck(self) -> None:
        """
        ``numbers`` keeps 1 up to that number, ``copies`` says how often each card is in the deck.
        """
        state = new_game("ccw-house", players=2, seed=3, options={"numbers": 5, "copies": 3})
        held = Counter([*state.draw_pile, *state.discard_pile, *(c for hand in state.hands for c in hand)])

        assert Counter(full_deck(5, 3)) == held
        assert sum(held.values()) == 4 * 8 * 3

    def test_player_count_is_two_to_ten_and_limited_by_the_deck(self) -> None:
        """
        2 to 10 players; a small deck takes only as many as it can deal to with a starter left.
        """
        with pytest.raises(InvalidOptionError, match="players"):
            new_game("ccw-house", players=11, seed=0)
        with pytest.raises(InvalidOptionError, match="players"):
            new_game("ccw-house", players=1, seed=0)
        small = {"numbers": 1, "copies": 1}  # 16 cards: three hands of five and a starter
        assert len(new_game("ccw-house", players=3, seed=0, options=small).players) == 3
        with pytest.raises(InvalidOptionError, match="players"):
            new_game("ccw-house", players=4, seed=0, options=small)

    def test_hand_size_that_leaves_no_room_for_two_players_is_refused_by_name(self) -> None:
        """
        Eight cards each from 16 leave no starter for two players: the option is wrong, not the player count.
        """
        message = "option 'hand_size': 8 cards each leave no room for 2 players and a starter in a 16-card deck"
        with pytest.raises(InvalidOptionError, match=message):
            new_game("ccw-house", players=2, seed=0, options={"numbers": 1, "copies": 1, "hand_size": 8})

    @pytest.mark.parametrize(("name", "allowed", "refused"), [("numbers", 1, 0), ("copies", 4, 5), ("games", 100, 101)])
    def test_option_limits_accept_the_boundary_and_refuse_one_beyond(
        self, name: str, allowed: int, refused: int
    ) -> None:
        """
        ``numbers`` from 1, ``copies`` up to 4, ``games`` up to 100: the boundary is allowed, one beyond refused.
        """
        assert new_game("ccw-house", players=2, seed=0, options={name: allowed}).options[name] == allowed
        with pytest.raises(InvalidOptionError, match=f"'{name}'"):
            new_game("ccw-house", players=2, seed=0, options={name: refused})

    def test_deck_with_room_for_exactly_two_players_is_allowed(self) -> None:
        """
        16 cards, seven each: two hands and a starter fit, so two players may play, three may not; eight do not fit.
        """
        small = {"numbers": 1, "copies": 1}
        state = new_game("ccw-house", players=2, seed=0, options={**small, "hand_size": 7})

        assert [len(hand) for hand in state.hands] == [7, 7]
        with pytest.raises(InvalidOptionError, match="players"):
            new_game("ccw-house", players=3, seed=0, options={**small, "hand_size": 7})
        with pytest.raises(InvalidOptionError, match="'hand_size'"):
            new_game("ccw-house", players=2, seed=0, options={**small, "hand_size": 8})


class TestDeal:
    """
    Dealing counter-clockwise from the dealer's right, one card at a time; the next dealer.
    """

    def test_cards_are_dealt_singly_counter_clockwise_from_the_dealers_right(self) -> None:
        """
        Seat 0 deals: seat 3 (its right) gets the first card, then seats 2, 1, 0, and round again.
        """
        deck = full_deck()
        state = new_game("ccw-house", players=4, seed=0, deck=deck)

        assert state.dealer == 0
        for seat in range(4):
            assert deck[3 - seat : 20 : 4] == state.hands[seat]
        assert (deck[20],) == state.discard_pile
        assert deck[21:] == state.draw_pile

    def test_each_player_gets_five_cards(self) -> None:
        """
        Five cards each by default.
        """
        state = new_game("ccw-house", players=6, seed=1)

        assert [len(hand) for hand in state.hands] == [5] * 6

    def test_hand_size_option_deals_more_but_never_fewer_than_five(self) -> None:
        """
        ``hand_size`` deals more; the rules say at least five.
        """
        state = new_game("ccw-house", players=3, seed=1, options={"hand_size": 7})

        assert [len(hand) for hand in state.hands] == [7] * 3
        with pytest.raises(InvalidOptionError, match="hand_size"):
            new_game("ccw-house", players=3, seed=1, options={"hand_size": 4})

    def test_player_right_of_dealer_begins_and_play_runs_counter_clockwise(self) -> None:
        """
        Seat 3 begins (right of seat 0); after it come seat 2, then seat 1.
        """
        state = deal(
            [
                "blue 2, blue 3, blue 4, blue 5, blue 6",
                "red 2, green 3, green 4, green 5, green 6",
                "red 1, yellow 3, yellow 4, yellow 5, yellow 6",
                "red 3, yellow 7, green 7, blue 7, yellow 8",
            ],
            "red 9",
        )

        assert (state.to_move, state.direction) == (3, -1)
        state = play(state, 3, "red 3")
        assert state.to_move == 2
        state = play(state, 2, "red 1")
        assert state.to_move == 1

    def test_next_game_is_dealt_by_the_player_right_of_the_dealer(self) -> None:
        """
        With two games, seat 0 deals the first and seat 2 (its right) the second; seat 1 then begins.
        """
        state = random_play(new_game("ccw-house", players=3, seed=5, options={"games": 2}), 5, until_round=2)

        started = [event for event in state.events if isinstance(event, RoundStarted)]
        assert [RoundStarted(2, 2, state.top, 1)] == started
        assert (state.dealer, state.to_move, state.direction) == (2, 1, -1)


class TestTurn:
    """
    Matching, forced play, and drawing one card.
    """

    def test_card_of_same_colour_or_rank_may_be_played(self) -> None:
        """
        On red 9: any red card, or any 9.
        """
        hands = ["blue 7, blue 8, green 7, green 8, yellow 7", "red 1, blue 9, green 2, yellow 3, blue 4"]
        state = deal(hands, "red 9")

        assert {card("red 1"), card("blue 9")} == plays(state, 1)
        with pytest.raises(IllegalActionError, match="does not match the top card red 9"):
            play(state, 1, "green 2")

    def test_player_who_can_play_must_play(self) -> None:
        """
        Forced play: holding a card that fits, drawing is neither offered nor accepted.
        """
        state = deal(REDS_2, "red 9")

        assert DrawCards(1) not in legal_actions(state)
        with pytest.raises(IllegalActionError, match="must play") as error:
            draw(state, 1)
        assert error.value.reason == Reason.CANNOT_DRAW

    def test_drawn_card_that_fits_must_be_played(self) -> None:
        """
        A player who cannot play draws one card; if it fits it is played, passing is refused.
        """
        state = play(deal(REDS_2, "red 9", "yellow 1"), 1, "red 1")
        state = draw(state, 0)

        assert card("yellow 1") == state.drawn
        assert {PlayCard(0, card("yellow 1"))} == turn(state)
        with pytest.raises(IllegalActionError, match="must be played"):
            pass_(state, 0)
        assert play(state, 0, "yellow 1").to_move == 1

    def test_drawn_card_that_does_not_fit_ends_the_turn(self) -> None:
        """
        A drawn card that does not fit: the player passes to the next player.
        """
        state = play(deal(REDS_2, "red 9", "blue Skip"), 1, "red 1")
        state = draw(state, 0)

        assert {Pass(0)} == turn(state)
        assert pass_(state, 0).to_move == 1

    def test_draw_pile_is_refilled_from_the_discards(self) -> None:
        """
        When the draw pile is empty, the discards below the top card are shuffled into a new one.
        """
        state = play(deal(REDS_2, "red 9"), 1, "red 1")
        state = evolve(state, draw_pile=(), discard_pile=(*state.draw_pile, *state.discard_pile))
        below_top = len(state.discard_pile) - 1

        state = draw(state, 0)

        assert PileRecycled(below_top) in state.events
        assert (card("red 1"),) == state.discard_pile
        assert below_top - 1 == len(state.draw_pile)


class TestJumpIn:
    """
    Out-of-turn play with a card identical to the top card.
    """

    FIVE = (
        "blue 1, blue 2, blue 3, blue 4, blue 6",
        "red 5, green 2, green 3, green 4, green 6",
        "yellow 1, yellow 2, yellow 3, yellow 4, yellow 6",
        "green 1, blue 7, green 7, yellow 7, blue 8",
        "red 5, red 1, green 8, yellow 8, blue 9",
    )

    def test_identical_card_thrown_in_skips_the_players_in_between(self) -> None:
        """
        Seat 4 plays red 5 and seat 3 would be next; seat 1 throws in the other red 5, skipping seats 3 and 2.
        """
        state = play(deal(self.FIVE, "red 9"), 4, "red 5")
        assert state.to_move == 3
        assert {card("red 5")} == plays(state, 1)

        state = play(state, 1, "red 5")

        assert CardPlayed(1, card("red 5"), None, True) in state.events
        assert (state.to_move, state.direction) == (0, -1)
        assert card("red 5") not in state.hands[1]

    def test_only_an_identical_card_may_be_thrown_in(self) -> None:
        """
        On red 1, neither blue 1 (same rank) nor red 5 (same colour) may be thrown in.
        """
        state = play(deal(self.FIVE, "red 9"), 4, "red 1")

        assert set() == plays(state, 0)
        assert set() == plays(state, 1)
        refusal = "it is seat 3's turn, and only a card identical to the top card red 1 may be thrown in"
        with pytest.raises(IllegalActionError, match=re.escape(refusal)) as error:
            play(state, 0, "blue 1")
        assert error.value.reason == Reason.NOT_YOUR_TURN

    def test_player_to_move_plays_an_identical_card_in_turn(self) -> None:
        """
        The seat to move puts an identical card down as its ordinary turn: play goes on after it.
        """
        hands = list(self.FIVE)
        hands[1] = "green 5, green 2, green 3, green 4, green 6"
        hands[3] = "red 5, blue 7, green 7, yellow 7, blue 8"
        state = play(deal(hands, "red 9"), 4, "red 5")

        state = play(state, 3, "red 5")

        assert CardPlayed(3, card("red 5"), None, False) in state.events
        assert state.to_move == 2

    def test_several_identical_cards_go_down_one_after_another(self) -> None:
        """
        Three copies of each card: seat 4 plays red 5, seat 1 throws one in, then seat 2; play goes on from seat 2.
        """
        hands = list(self.FIVE)
        hands[2] = "red 5, yellow 2, yellow 3, yellow 4, yellow 6"
        state = play(deal(hands, "red 9", copies=3), 4, "red 5")

        state = play(state, 1, "red 5")
        assert state.to_move == 0
        state = play(state, 2, "red 5")

        assert state.to_move == 1
        assert (card("red 5"),) * 3 == state.discard_pile[-3:]

    def test_player_may_put_down_both_copies_one_after_the_other(self) -> None:
        """
        Seat 4 holds both red 5s: it plays one and throws the other in; play goes on from seat 4 again.
        """
        hands = list(self.FIVE)
        hands[1] = "green 5, green 2, green 3, green 4, green 6"
        hands[4] = "red 5, red 5, green 8, yellow 8, blue 9"
        state = play(deal(hands, "red 9"), 4, "red 5")

        state = play(state, 4, "red 5")

        assert state.to_move == 3
        assert len(state.hands[4]) == 3

    def test_a_card_thrown_in_must_be_in_the_hand(self) -> None:
        state = new_game("ccw-house", players=3, seed=1)
        other = next(seat for seat in range(3) if seat != state.to_move)
        missing = next(card for card in state.draw_pile if card not in state.players[other].hand)

        with pytest.raises(
            IllegalActionError, match=f"{re.escape(str(missing))} is not in seat {other}'s hand"
        ) as refused:
            apply(state, PlayCard(other, missing))

        assert refused.value.reason is Reason.NOT_IN_HAND

    def test_a_debt_that_cannot_be_drawn_before_a_jump_in_stops_the_round_where_shortfalls_do(self) -> None:
        """
        The owing player's draw before a jump-in is a required draw: a house rule that stops the round then, stops it.
        """
        rule = StopsOnShortfall()
        state = new_game("ccw-house", players=3, seed=1, plugins=[rule])
        top = card("red 5")
        hands = {0: cards("yellow 6, green 7"), 1: cards("blue 8, green 9"), 2: cards("red 5, blue 2")}
        players = tuple(evolve(p, hand=hands[seat]) for seat, p in enumerate(state.players))
        owing = evolve(state, players=players, draw_pile=(), discard_pile=(top,), to_move=1, debt=2)

        after = apply(owing, PlayCard(2, top))

        assert after.rounds[-1].reason == "stopped"


class TestPlusTwo:
    """
    +2: the next player draws 2, no stacking; a thrown-in +2 hits the player after the thrower.
    """

    HANDS = (
        "red +2, blue 2, blue 3, blue 4, blue 6",
        "green 1, green 2, green 3, green 4, green 6",
        "yellow +2, yellow 2, yellow 3, yellow 4, yellow 6",
        "red +2, red 1, blue 7, yellow 7, blue 8",
    )

    def test_plus_two_makes_the_next_player_draw_two(self) -> None:
        """
        Seat 3 plays +2: seat 2 draws 2 cards and its turn ends.
        """
        state = play(deal(self.HANDS, "red 9"), 3, "red +2")
        assert (state.to_move, state.debt) == (2, 2)
        assert {DrawCards(2)} == turn(state)

        state = draw(state, 2)

        assert len(state.hands[2]) == 7
        assert (state.to_move, state.debt) == (1, 0)

    def test_plus_two_cannot_be_stacked_in_turn(self) -> None:
        """
        The target of a +2 may not pass it on with a +2 of its own.
        """
        state = play(deal(self.HANDS, "red 9"), 3, "red +2")

        refusal = "no stacking: the 2 cards owed on the red +2 must be drawn"
        with pytest.raises(IllegalActionError, match=re.escape(refusal)) as error:
            play(state, 2, "yellow +2")
        assert error.value.reason == Reason.DEBT_PENDING
        with pytest.raises(IllegalActionError, match=r"seat 2 owes 2 cards: draw them$"):
            apply(state, Pass(2))

    def test_plus_two_thrown_in_during_a_draw_hits_the_player_after_the_thrower(self) -> None:
        """
        Seat 3's +2 hits seat 2; seat 0 throws in the other +2: seat 2 draws its own 2 at once, seat 3 owes the new 2.
        """
        state = play(deal(self.HANDS, "red 9"), 3, "red +2")
        owed = state.draw_pile[:2]

        state = play(state, 0, "red +2")

        assert CardsDrawn(2, 2, owed) in state.events
        assert len(state.hands[2]) == 7
        assert (state.to_move, state.debt) == (3, 2)
        state = draw(state, 3)
        assert (len(state.hands[3]), state.to_move, state.debt) == (6, 2, 0)

    def test_plus_two_thrown_in_by_the_player_of_its_twin_makes_the_first_target_draw_both(self) -> None:
        """
        Seat 3 plays a +2 and throws in its twin: seat 2 draws its own 2 at once and, next after seat 3, owes the new 2.
        """
        hands = list(self.HANDS)
        hands[0] = "blue 1, blue 2, blue 3, blue 4, blue 6"
        hands[3] = "red +2, red +2, blue 7, yellow 7, blue 8"
        state = play(deal(hands, "red 9"), 3, "red +2")
        owed = state.draw_pile[:4]

        state = play(state, 3, "red +2")

        assert CardPlayed(3, card("red +2"), None, True) in state.events
        assert CardsDrawn(2, 2, owed[:2]) in state.events
        assert (*cards(hands[2]), *owed[:2]) == state.hands[2]
        assert (state.to_move, state.debt) == (2, 2)
        state = draw(state, 2)
        assert CardsDrawn(2, 2, owed[2:]) in state.events
        assert (len(state.hands[2]), len(state.hands[3]), state.to_move, state.debt) == (9, 3, 1, 0)


class TestSkipAndReverse:
    """
    Skip, and Change Direction (Reverse), which acts as a Skip with two players left.
    """

    HANDS = (
        "blue 1, blue 2, blue 3, blue 4, blue 6",
        "green 1, green 2, green 3, green 4, green 6",
        "yellow 1, yellow 2, yellow 3, yellow 4, yellow 6",
        "red Skip, red Reverse, blue 7, yellow 7, blue 8",
    )

    def test_skip_skips_the_next_player(self) -> None:
        """
        Seat 3 plays Skip: seat 2 misses its turn, seat 1 plays.
        """
        state = play(deal(self.HANDS, "red 9"), 3, "red Skip")

        assert TurnSkipped(2) in state.events
        assert state.to_move == 1

    def test_reverse_changes_direction(self) -> None:
        """
        Seat 3 plays Reverse: play runs clockwise now, so seat 0 is next.
        """
        state = play(deal(self.HANDS, "red 9"), 3, "red Reverse")

        assert DirectionReversed(1) in state.events
        assert (state.to_move, state.direction) == (0, 1)

    def test_reverse_acts_as_skip_with_two_players(self) -> None:
        """
        Two players: Reverse skips the other player, so its player plays again.
        """
        state = play(deal([self.HANDS[0], self.HANDS[3]], "red 9"), 1, "red Reverse")

        assert TurnSkipped(0) in state.events
        assert (state.to_move, state.direction) == (1, -1)

    def test_silent_last_reverse_reverses_while_its_player_can_be_challenged_back_in(self) -> None:
        """
        Seat 2 plays its last card, a Reverse, without "mau-mau": three are still playing, so it reverses.
        """
        hands = [
            "blue 1, blue 2, blue 3, blue 4, blue 6",
            "green 1, green 2, green 3, green 4, green 6",
            "red Reverse, yellow 9, yellow 8, yellow 7, yellow 5",
        ]
        state = deal(hands, "red 9")
        state = evolve(state, players=(*state.players[:2], evolve(state.players[2], hand=cards("red Reverse"))))

        state = play(state, 2, "red Reverse")
        assert DirectionReversed(1) in state.events
        state = apply(state, Challenge(0, 2))

        assert (len(state.hands[2]), state.to_move, state.direction) == (2, 0, 1)


class TestCalls:
    """
    "mau" with the second-to-last card, "mau-mau" with the last; challenges and "uno".
    """

    def test_mau_and_mau_mau_said_right_cost_nothing(self) -> None:
        """
        Seat 1 says "mau", then "mau-mau": nothing to challenge, and seat 1 has finished.
        """
        state = down_to_two()
        assert {PlayCard(1, card("red 4"), "mau"), PlayCard(1, card("red 4"))} <= turn(state)

        state = draw_and_pass(play(state, 1, "red 4", "mau"), 0)
        assert window(state) is None
        state = play(state, 1, "red 6", "mau-mau")

        assert state.hands[1] == ()
        assert finishing_order(state.rounds[-1]) == (1, 0)

    def test_missed_mau_challenged_before_next_player_acts_costs_two_cards(self) -> None:
        """
        Seat 1 plays its second-to-last card silently; seat 0 points it out before acting: seat 1 draws 2.
        """
        state = play(down_to_two(), 1, "red 4")
        assert Challenge(0, 1) in legal_actions(state, 0)

        state = apply(state, Challenge(0, 1))

        assert ChallengeMade(0, 1, "mau") in state.events
        assert [PenaltyDrawn] == [type(e) for e in state.events if isinstance(e, (PenaltyDrawn, CardsDrawn))]
        assert len(state.hands[1]) == 3
        assert (state.to_move, window(state)) == (0, None)

    def test_missed_mau_cannot_be_challenged_once_next_player_drew(self) -> None:
        """
        The chance to challenge ends when the next player draws (or plays).
        """
        state = draw(play(down_to_two(), 1, "red 4"), 0)

        assert Challenge(0, 1) not in legal_actions(state, 0)
        with pytest.raises(IllegalActionError, match="no missed call"):
            apply(state, Challenge(0, 1))
        assert len(state.hands[1]) == 1

    def test_player_who_missed_mau_mau_is_back_in_with_the_penalty_cards(self) -> None:
        """
        Seat 1 plays its last card silently and is challenged: it draws 2 and gets its turns again.
        """
        state = draw_and_pass(play(down_to_two(), 1, "red 4", "mau"), 0)
        state = play(state, 1, "red 6")
        assert (state.hands[1], placed(state), state.result) == ((), (), None)

        state = draw_and_pass(apply(state, Challenge(0, 1)), 0)

        assert (len(state.hands[1]), placed(state), state.to_move) == (2, (), 1)
        assert state.result is None

    def test_missed_mau_mau_unchallenged_finishes_when_next_player_acts(self) -> None:
        """
        Nobody challenges; once the next player draws, seat 1 has finished.
        """
        state = draw_and_pass(play(down_to_two(), 1, "red 4", "mau"), 0)
        state = draw(play(state, 1, "red 6"), 0)

        assert PlayerFinished(1, 0) in state.events
        assert finishing_order(state.rounds[-1]) == (1, 0)

    def test_two_missed_calls_before_anyone_acts_cost_both_penalties(self) -> None:
        """
        Seat 2 plays red 4 silently, down to one card, then throws in its own twin silently: one challenge, 4 cards.
        """
        state = play(play(seat_2_down_to("red 4, red 4"), 2, "red 4"), 2, "red 4")
        opened = window(state)
        assert opened is not None
        assert (opened.missed, opened.penalty) == ("mau and mau-mau", 4)
        state = apply(state, Challenge(0, 2))

        assert ChallengeMade(0, 2, "mau and mau-mau") in state.events
        assert (len(state.hands[2]), placed(state), state.to_move) == (4, (), 1)

    def test_jump_in_ends_the_chance_to_challenge(self) -> None:
        """
        Seat 2 plays red 4 silently, down to one card; seat 0 throws in the other red 4 before anyone challenges.

        The thrower is now the next player, and it has put down a card.
        """
        state = play(seat_2_down_to("red 4, blue 6", seat_0_first="red 4"), 2, "red 4")
        assert Challenge(1, 2) in legal_actions(state, 1)

        state = play(state, 0, "red 4")

        assert Challenge(1, 2) not in legal_actions(state, 1)
        assert (window(state), state.to_move, 1) == (None, 2, len(state.hands[2]))

    def test_saying_uno_instead_costs_two_cards_at_once(self) -> None:
        """
        "uno" in place of "mau": 2 cards drawn at once, nothing left to challenge.
        """
        state = play(down_to_two(), 1, "red 4", "uno")

        assert [(e.seat, e.count) for e in state.events if isinstance(e, PenaltyDrawn)] == [(1, 2)]
        assert len(state.hands[1]) == 3
        assert window(state) is None

    def test_saying_uno_with_the_last_card_puts_the_player_back_in_with_two_cards(self) -> None:
        """
        Seat 1 says "uno" with its last card: it draws 2 at once, has not finished, and gets its turn again.
        """
        state = draw_and_pass(play(down_to_two(), 1, "red 4", "mau"), 0)
        owed = state.draw_pile[:2]

        state = play(state, 1, "red 6", "uno")

        penalties = [event for event in state.events if isinstance(event, PenaltyDrawn)]
        assert [PenaltyDrawn(1, 2, "missed 'mau-mau'", owed)] == penalties
        assert not any(isinstance(e, PlayerFinished) for e in state.events)
        assert (state.hands[1], placed(state), window(state), state.result) == (owed, (), None, None)
        state = draw_and_pass(state, 0)
        assert (state.to_move, state.hands[1]) == (1, owed)

    def test_wrong_word_mau_with_the_last_card_counts_as_missed_mau_mau(self) -> None:
        """
        Seat 1 says "mau" with its last card: a challenge window for "mau-mau" opens; challenged, seat 1 draws 2.
        """
        state = draw_and_pass(play(down_to_two(), 1, "red 4", "mau"), 0)
        owed = state.draw_pile[:2]

        state = play(state, 1, "red 6", "mau")

        opened = window(state)
        assert opened is not None
        assert (opened.offender, opened.missed, opened.penalty) == (1, "mau-mau", 2)
        assert (state.hands[1], placed(state)) == ((), ())
        assert Challenge(0, 1) in legal_actions(state, 0)
        state = apply(state, Challenge(0, 1))
        assert ChallengeMade(0, 1, "mau-mau") in state.events
        assert (state.hands[1], placed(state), state.to_move, state.result) == (owed, (), 0, None)

    def test_finished_player_may_still_challenge_a_missed_call(self) -> None:
        """
        Seat 3 went out first; seat 2 plays its second-to-last card without "mau": seat 3 challenges, seat 2 draws 2.
        """
        state = play(seat_3_out_first("red 4, yellow 9"), 2, "red 4")
        owed = state.draw_pile[:2]
        assert placed(state) == (3,)
        assert Challenge(3, 2) in legal_actions(state, 3)

        state = apply(state, Challenge(3, 2))

        assert ChallengeMade(3, 2, "mau") in state.events
        assert (*cards("yellow 9"), *owed) == state.hands[2]
        assert (state.to_move, window(state), placed(state)) == (1, None, (3,))


class TestFinishing:
    """
    Finished players are out of reach; the game runs until one player holds cards.
    """

    #: Seat 2 begins; seat 1 plays five reds while seats 0 and 2 draw cards that fit nothing.
    HANDS = (
        "yellow 8, blue Skip, green Skip, yellow Skip, blue Reverse",
        "red 1, red 2, red 3, red 4, red 5",
        "blue 7, blue 8, green 7, green 8, yellow 7",
    )
    DRAWS = "blue 6, green 6, yellow 6, blue 6, green 6, yellow 6, green Reverse, yellow Reverse, green Reverse"

    def seat_1_goes_out(self, then: str = "yellow Reverse, red +2") -> GameState:
        """
        Seat 1 goes out first with "mau-mau" on red 5; seat 0 is to move, and the draw pile begins with *then*.
        """
        state = draw_and_pass(deal(self.HANDS, "red 9", f"{self.DRAWS}, {then}"), 2)
        for red, call in (("red 1", None), ("red 2", None), ("red 3", None), ("red 4", "mau")):
            state = draw_and_pass(draw_and_pass(play(state, 1, red, call), 0), 2)
        return play(state, 1, "red 5", "mau-mau")

    def test_player_who_finished_and_then_resigned_is_not_placed(self) -> None:
        """
        Seat 1 goes out first, then leaves the match: seat 1 is not placed and scores nothing.
        """
        state = apply(self.seat_1_goes_out(), Resign(1))
        while not state.rounds:  # seats 0 and 2 play on, each choosing its first legal action
            state = apply(state, next(a for a in legal_actions(state) if not isinstance(a, Resign)))

        (result,) = state.rounds
        assert 1 not in finishing_order(result)
        assert result.points[1] == 0

    def test_player_who_goes_out_is_placed_and_the_game_goes_on(self) -> None:
        """
        Seat 1 goes out first; seats 0 and 2 play on.
        """
        state = self.seat_1_goes_out()

        assert PlayerFinished(1, 0) in state.events
        assert (placed(state), state.to_move, state.result) == ((1,), 0, None)
        assert set() == plays(state, 1)

    def test_finished_player_is_out_of_reach_of_a_plus_two(self) -> None:
        """
        Seat 2's +2 would hit seat 1, which has finished: it hits seat 0 instead.
        """
        state = draw_and_pass(self.seat_1_goes_out(), 0)
        state = play(draw(state, 2), 2, "red +2")

        assert (state.to_move, state.debt) == (0, 2)
        assert state.hands[1] == ()

    def test_skip_passes_over_a_finished_player(self) -> None:
        """
        Four players, seat 3 finished: seat 0's Skip passes over seat 3 and hits seat 2, so seat 1 plays.
        """
        state = play(play(seat_3_out_first("red 1, yellow 9"), 2, "red 1", "mau"), 1, "red 2")
        assert (state.to_move, placed(state)) == (0, (3,))

        state = play(state, 0, "red Skip")

        assert [TurnSkipped(2)] == [e for e in state.events if isinstance(e, TurnSkipped)]
        assert (state.to_move, state.direction) == (1, -1)

    def test_reverse_passes_over_a_finished_player(self) -> None:
        """
        Four players, seat 3 finished, three still in: seat 2's Reverse turns play clockwise, past seat 3 to seat 0.
        """
        state = play(seat_3_out_first("red Reverse, yellow 9"), 2, "red Reverse", "mau")

        assert DirectionReversed(1) in state.events
        assert not any(isinstance(e, TurnSkipped) for e in state.events)
        assert (state.to_move, state.direction) == (0, 1)

    def test_reverse_acts_as_skip_once_only_two_players_still_hold_cards(self) -> None:
        """
        Three players, seat 1 finished: seat 2's Reverse passes over seat 1 and skips seat 0, so seat 2 plays again.
        """
        state = draw_and_pass(self.seat_1_goes_out(then="yellow Reverse, red Reverse"), 0)
        state = draw(state, 2)
        assert card("red Reverse") == state.drawn

        state = play(state, 2, "red Reverse")

        assert [TurnSkipped(0)] == [e for e in state.events if isinstance(e, TurnSkipped)]
        assert not any(isinstance(e, DirectionReversed) for e in state.events)
        assert (state.to_move, state.direction, placed(state)) == (2, -1, (1,))

    def test_resigned_player_leaves_and_the_others_play_on(self) -> None:
        """
        A player who resigns holds on to the cards but is passed over; with two left the game goes on.
        """
        state = deal(self.HANDS, "red 9", self.DRAWS)

        state = apply(state, Resign(2))

        assert (state.to_move, state.result) == (1, None)
        state = play(state, 1, "red 1")
        assert state.to_move == 0
        state = draw_and_pass(state, 0)
        assert (state.to_move, len(state.hands[2])) == (1, 5)

    def test_game_where_nobody_can_play_or_draw_is_blocked_and_fewest_cards_rank_first(self) -> None:
        """
        Seat 2 resigned holding every card that fits; the draw pile is empty: seats 1 and 0 pass, and the game ends.
        """
        state = new_game("ccw-house", players=3, seed=0, options={"numbers": 1, "copies": 1})
        held = {
            0: cards("yellow Skip, yellow Reverse, yellow +2, green Skip"),
            1: cards("green Reverse, green +2, blue Skip, blue Reverse, blue +2"),
            2: cards("red Skip, red Reverse, red +2, yellow 1, green 1, blue 1"),
        }
        players = tuple(evolve(p, hand=held[seat], resigned=seat == 2) for seat, p in enumerate(state.players))
        state = evolve(state, players=players, draw_pile=(), discard_pile=cards("red 1"), to_move=1)

        state = pass_(pass_(state, 1), 0)

        (result,) = state.rounds
        assert (result.reason, finishing_order(result), result.winners) == ("blocked", (0, 1), (0,))
        assert result.points == (1, 0, 0)

    def test_blocked_game_is_won_by_the_fewest_cards(self) -> None:
        state = blocked_at({0: "yellow Skip, yellow Reverse", 1: "green Reverse, green +2", 2: "blue Skip"})

        (result,) = state.rounds
        assert (result.reason, finishing_order(result), result.winners) == ("blocked", (2, 1, 0), (2,))

    def test_blocked_game_ranks_equal_hands_by_who_would_play_first(self) -> None:
        """
        All hold two cards; seat 1 would play next, then (counter-clockwise) seat 0, then seat 2.
        """
        state = blocked_at({0: "yellow Skip, yellow Reverse", 1: "green Reverse, green +2", 2: "blue Skip, blue +2"})

        (result,) = state.rounds
        assert (finishing_order(result), result.winners) == ((1, 0, 2), (1,))

    def test_saved_placings_of_a_seat_that_does_not_exist_are_refused(self) -> None:
        state = new_game("ccw-house", players=3, seed=1)
        data = json.loads(to_json(state))

        data["slots"]["placings"] = [3]

        with pytest.raises(RecordError, match=r"placings \[3\] name a seat that does not exist"):
            from_json(json.dumps(data), GameState)

    @pytest.mark.parametrize("seed", range(4))
    def test_game_runs_until_one_player_holds_cards_and_result_is_the_finishing_order(self, seed: int) -> None:
        """
        Every seat but the last went out, in the order given; each scores one point per player behind.
        """
        state = random_play(new_game("ccw-house", players=4, seed=seed), seed)
        (result,) = state.rounds

        placings = finishing_order(result)
        assert sorted(placings) == [0, 1, 2, 3]
        assert [result.hands[seat] for seat in placings[:3]] == [()] * 3
        assert result.hands[placings[3]]
        assert [result.points[seat] for seat in placings] == [3, 2, 1, 0]
        assert state.result is not None
        assert (placings[0],) == state.result.winners == result.winners

    def test_games_option_plays_several_games_and_most_points_win(self) -> None:
        """
        ``games=3``: three games, points added up, the highest total wins (ties share).
        """
        state = random_play(new_game("ccw-house", players=3, seed=7, options={"games": 3}), 7)
        totals = [sum(result.points[seat] for result in state.rounds) for seat in range(3)]

        assert len(state.rounds) == 3
        assert state.result is not None
        assert tuple(totals) == state.result.totals
        assert tuple(seat for seat in range(3) if totals[seat] == max(totals)) == state.result.winners

    def test_player_who_went_out_while_a_challenge_is_open_stays_out_of_reach(self) -> None:
        """
        Two players: seat 1 goes out on a Skip without "mau-mau", so it could still be challenged back in.

        The Skip passes over seat 0, but seat 1 holds no cards and is out of reach: play comes back to seat 0
        (who may challenge) instead of to the empty hand.
        """
        state = down_to_two()
        state = evolve(state, players=(state.players[0], evolve(state.players[1], hand=cards("red 4, red Skip"))))
        state = draw_and_pass(play(state, 1, "red 4", "mau"), 0)

        state = play(state, 1, "red Skip")

        assert (state.to_move, state.hands[1]) == (0, ())
        assert Challenge(0, 1) in legal_actions(state)
        assert not any(isinstance(action, (PlayCard, DrawCards)) for action in legal_actions(state, 1))
        state = apply(state, Challenge(0, 1))
        assert (state.to_move, len(state.hands[1])) == (0, 2)


class TestConformance:
    """
    Random legal play checked step by step by `maumau.testing`.
    """

    def test_jump_ins_and_challenges_pass_the_kit(self) -> None:
        """
        Choosing among every seat's actions, so that jump-ins and challenges happen, 2 to 6 players.
        """
        testing = pytest.importorskip("maumau.testing")
        testing.check_variant("ccw-house", players=range(2, 7), out_of_turn=True, games=10)

    def test_turns_only_pass_the_kit(self) -> None:
        """
        Only the seat to move acts.
        """
        testing = pytest.importorskip("maumau.testing")
        testing.check_variant("ccw-house", players=range(2, 7), games=5)

    def test_small_deck_and_several_games_pass_the_kit(self) -> None:
        """
        A 20-card deck runs short (recycling, blocked games) and the deal passes on.
        """
        testing = pytest.importorskip("maumau.testing")
        options = {"numbers": 2, "copies": 1, "games": 2}
        testing.check_variant("ccw-house", players=range(2, 4), options=options, out_of_turn=True, games=8)

    def test_random_play_really_throws_in_and_challenges(self) -> None:
        """
        The out-of-turn games above are not turn-only games in disguise.
        """
        testing = pytest.importorskip("maumau.testing")
        jump_ins = challenges = 0
        for seed in range(4):
            final = testing.random_game("ccw-house", players=4, seed=seed, out_of_turn=True)
            state = new_game("ccw-house", players=4, seed=seed)
            for action in final.actions:
                state = apply(state, action)
                jump_ins += any(isinstance(e, CardPlayed) and e.out_of_turn for e in state.events)
                challenges += any(isinstance(e, ChallengeMade) for e in state.events)

        assert jump_ins > 0
        assert challenges > 0
