"""
Tests for `maumau.Narrator` and `maumau.narrate`: the one narration of events and actions that the terminal and the
web table share.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from attrs import frozen

from helpers import cards
from maumau import (
    Action,
    CardPlayed,
    CardsDrawn,
    Challenge,
    ChallengeMade,
    ChooseSuit,
    DirectionReversed,
    DrawCards,
    Event,
    MatchEnded,
    Narrator,
    Pass,
    Passed,
    PenaltyDrawn,
    PileRecycled,
    PlayCard,
    PlayerResigned,
    PlaysAgain,
    Resign,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
    narrate,
    parse_card,
)
from maumau._narration import plural, second_person
from maumau.cli import main
from maumau.mechanics import ChooseRank, HandShown
from maumau.mechanics.placings import PlayerRevived
from maumau.mechanics.play_challenges import PlayChallenged
from maumau.mechanics.wishes import RankWished

NAMES = ("Ann", "Bob", "Cleo")
J = parse_card("Jc")


@frozen
class PigMoved(Event, kind="test_pig_moved"):
    """
    A variant's own event with a sentence of its own, naming its seat as "seat N".
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} moves the pink pig"


@frozen
class Bet(Event, kind="test_bet"):
    """
    A variant's own event without a sentence: told from its fields.
    """

    seat: int
    pig: str


#: Each event kind of the kernel and the family, told to onlookers and to the seat that took it.
EVENTS: list[tuple[Event, str, str]] = [
    (
        RoundStarted(1, 0, parse_card("7h"), 1),
        "Round 1 begins: Ann deals; the starter card is 7♥. Bob plays first.",
        "Round 1 begins: You deal; the starter card is 7♥. Bob plays first.",
    ),
    (CardPlayed(0, J), "Ann plays J♣.", "You play J♣."),
    (CardPlayed(0, J, "Mau"), "Ann plays J♣ and says 'Mau'.", "You play J♣ and say 'Mau'."),
    (CardPlayed(0, J, None, True), "Ann jumps in with J♣.", "You jump in with J♣."),
    (CardPlayed(0, J, None, False, True), "Ann plays J♣, more to follow.", "You play J♣, more to follow."),
    (PlaysAgain(0, "must"), "Ann plays again.", "You play again."),
    (PlaysAgain(0, "may"), "Ann may play again (or pass).", "You may play again (or pass)."),
    (CardsDrawn(0, 1), "Ann draws 1 card.", "You draw 1 card."),
    (CardsDrawn(0, 2, cards("7h 8h")), "Ann draws 2 cards: 7♥ 8♥.", "You draw 2 cards: 7♥ 8♥."),
    (CardsDrawn(0, 0), "Ann has to draw, but no cards are left.", "You have to draw, but no cards are left."),
    (
        PenaltyDrawn(0, 2, "missed 'Mau'"),
        "Ann draws 2 penalty cards (missed 'Mau').",
        "You draw 2 penalty cards (missed 'Mau').",
    ),
    (PenaltyDrawn(0, 1, "challenge"), "Ann draws 1 penalty card (challenge).", "You draw 1 penalty card (challenge)."),
    (Passed(0), "Ann passes.", "You pass."),
    (TurnSkipped(0), "Ann is skipped.", "You are skipped."),
    (SuitWished(0, "♣"), "Ann wishes ♣.", "You wish ♣."),
    (ChallengeMade(0, 1, "Mau"), "Ann challenges Bob for the missed 'Mau'.", "You challenge Bob for the missed 'Mau'."),
    (PlayerResigned(0), "Ann resigns.", "You resign."),
    (RankWished(0, "Q"), "Ann wishes for queens.", "You wish for queens."),
    (
        PlayerRevived(0, 1),
        "Ann is brought back into the round with 1 card.",
        "You are brought back into the round with 1 card.",
    ),
    (HandShown(0, 1, None), "Ann shows their hand to Bob.", "You show your hand to Bob."),
    (
        PlayChallenged(0, 1, J, False),
        "Ann challenges Bob's J♣: it was allowed.",
        "You challenge Bob's J♣: it was allowed.",
    ),
    (PigMoved(0), "Ann moves the pink pig.", "You move the pink pig."),
    (Bet(0, "pink"), "Ann: test bet (pig pink)", "You: test bet (pig pink)"),
]

#: Events no seat takes: the same words for everybody.
SEATLESS: list[tuple[Event, str]] = [
    (DirectionReversed(-1), "The direction reverses: play now goes to falling seat numbers."),
    (PileRecycled(1), "The discards are shuffled into a new draw pile of 1 card."),
    (PileRecycled(12), "The discards are shuffled into a new draw pile of 12 cards."),
    (
        RoundEnded(2, "out", (1,), (0, 12, 0)),
        "Round 2 is over (a player went out). Won by Bob. Points: Ann +0, Bob +12, Cleo +0.",
    ),
    (
        RoundEnded(2, "blocked", (), (0, 0, 0)),
        "Round 2 is over (no one could play or draw). Nobody wins it. Points: Ann +0, Bob +0, Cleo +0.",
    ),
    (MatchEnded((0, 2), "target"), "The match is over (the target was reached). Won by Ann and Cleo."),
]


class TestEvents:
    """
    Tests for `maumau.Narrator.event` and `maumau.narrate`.
    """

    @pytest.mark.parametrize(("event", "onlookers", "you"), EVENTS)
    def test_each_event_is_one_sentence_for_onlookers(self, event: Event, onlookers: str, you: str) -> None:
        assert onlookers == narrate(event, NAMES)

    @pytest.mark.parametrize(("event", "onlookers", "you"), EVENTS)
    def test_the_seat_that_took_it_is_told_in_the_second_person(self, event: Event, onlookers: str, you: str) -> None:
        assert you == narrate(event, NAMES, seat=0)
        assert onlookers == narrate(event, NAMES, seat=2)

    @pytest.mark.parametrize(("event", "onlookers", "you"), EVENTS)
    def test_a_seat_named_you_gets_verbs_that_agree(self, event: Event, onlookers: str, you: str) -> None:
        """
        ``maumau play`` names the human "You"; its save replayed to onlookers says "You deal", not "You deals".
        """
        assert you == narrate(event, ("You", "Bob", "Cleo"))

    @pytest.mark.parametrize(("event", "expected"), SEATLESS)
    def test_events_without_a_seat(self, event: Event, expected: str) -> None:
        assert expected == narrate(event, NAMES)
        assert expected.replace("Ann", "You") == narrate(event, NAMES, seat=0)

    def test_others_are_named_and_the_seat_is_you_as_an_object(self) -> None:
        assert narrate(ChallengeMade(1, 0, "Mau"), NAMES, seat=0) == "Bob challenges you for the missed 'Mau'."
        assert narrate(PlayChallenged(2, 0, J, True), NAMES, seat=0) == "Cleo challenges your J♣: it was not allowed."
        assert narrate(HandShown(1, 0, cards("2d")), NAMES, seat=0) == "Bob shows their hand to you: 2♦."

    def test_a_seat_without_a_name(self) -> None:
        assert narrate(Passed(5), NAMES) == "seat 5 passes."

    def test_the_hand_passed_on_is_told_to_the_seat_that_passed_it(self) -> None:
        from maumau import HandsPassed

        event = HandsPassed((0, 1), 1, (cards("7h"), None))
        assert narrate(event, NAMES, seat=0) == "You and Bob pass their hands on to the next; you passed on 7♥."
        assert narrate(event, NAMES) == "Ann and Bob pass their hands on to the next; Ann passed on 7♥."

    def test_a_play_of_several_cards_is_one_sentence(self) -> None:
        played = [CardPlayed(0, parse_card("8h"), None, False, True), CardPlayed(0, parse_card("8d"), "Mau")]

        assert Narrator(NAMES, 0).story(played) == ["You play 8♥ and 8♦ and say 'Mau'."]
        assert Narrator(NAMES).story(played) == ["Ann plays 8♥ and 8♦ and says 'Mau'."]


class TestActions:
    """
    Tests for `maumau.Narrator.action`: the words of a menu entry or a button.
    """

    @pytest.mark.parametrize(
        ("action", "expected"),
        [
            (PlayCard(0, J), "play J♣"),
            (PlayCard(0, J, "Mau"), "play J♣ and say 'Mau'"),
            (PlayCard(0, J, None, True), "play J♣, then more cards (a card must follow it)"),
            (DrawCards(0), "draw a card"),
            (Pass(0), "pass"),
            (ChooseSuit(0, "♥"), "name ♥"),
            (Challenge(0, 1), "challenge Bob"),
            (ChooseRank(0, "7"), "wish for 7s"),
            (Resign(0), "resign (leave the match)"),
        ],
    )
    def test_each_action_without_a_view(self, action: Action, expected: str) -> None:
        assert expected == Narrator(NAMES, 0).action(action)


class TestWords:
    """
    Tests for the counted words: never "1 players".
    """

    @pytest.mark.parametrize(
        ("count", "expected"), [(0, "0 players"), (1, "1 player"), (2, "2 players"), (11, "11 players")]
    )
    def test_plural(self, count: int, expected: str) -> None:
        assert expected == plural(count, "player")

    @pytest.mark.parametrize(
        ("sentence", "expected"),
        [("You deals", "You deal"), ("You plays J♣", "You play J♣"), ("You wishes ♣", "You wish ♣")],
    )
    def test_second_person(self, sentence: str, expected: str) -> None:
        assert expected == second_person(sentence)


def test_a_replay_of_a_save_tells_you_with_verbs_that_agree(tmp_path: Path) -> None:
    """
    The known bug: ``maumau replay`` of a ``--save`` file said "You deals", "You plays J♣", "You wishes ♣".
    """
    saved = tmp_path / "match.json"
    main(["play", "--seed", "3", "--save", str(saved)], stdin=io.StringIO("1\n" * 40 + "q\n"), stdout=io.StringIO())
    out = io.StringIO()
    main(["replay", str(saved)], stdin=io.StringIO(), stdout=out, stderr=io.StringIO())
    told = out.getvalue()

    assert "You deal" in told or "You play" in told
    for wrong in ("You deals", "You plays", "You wishes", "You draws", "You passes", "You is "):
        assert wrong not in told
    assert "3 players" in told.splitlines()[0]
