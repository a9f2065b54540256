"""
The game in words: one sentence for each event and each action, shared by every front end.

The terminal (``maumau play``, ``maumau replay``) and the web table read the
same sentences, as python-chess's ``Board.san()`` serves every user interface.
A `Narrator` tells the game to one seat, in the second person ("You play
J♣"), or to onlookers by the seats' names ("Ann plays J♣").  A variant's own
events and actions are told by their own ``__str__`` (which names seats as
"seat N"), or else from their fields.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DirectionReversed,
    Event,
    HandsPassed,
    MatchEnded,
    Passed,
    PenaltyDrawn,
    PileRecycled,
    PlayerResigned,
    PlaysAgain,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
)
from ._view import PlayerView
from .mechanics import challenges, play_challenges
from .mechanics.challenges import quoted_calls
from .mechanics.placings import PlayerRevived
from .mechanics.play_challenges import ChallengePlay, HandShown, PlayChallenged
from .mechanics.wishes import ChooseRank, RankWished

__all__ = [
    "REASONS",
    "SEAT",
    "Narrator",
    "cards_word",
    "listed_words",
    "narrate",
    "plural",
    "ranks_word",
    "second_person",
]

#: Why a round or the match ended, in words, by the reason the rules give.
REASONS = {
    "out": "a player went out",
    "blocked": "no one could play or draw",
    "stopped": "the cards ran out",
    "target": "the target was reached",
    "resignation": "a player resigned",
    "max plays": "the most card plays allowed were made",
}

#: "seat 2" in a variant's own sentences, replaced by the seat's name.
SEAT = re.compile(r"\bseat (\d+)")

#: The name a seat is told by in the second person.
YOU = "You"

#: The French ranks that are words, by their letter.
_RANK_WORDS = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """
    *count* and *noun*, in the plural unless *count* is one: ``1 card``, ``2 cards``, ``0 players``.

    >>> plural(1, "player"), plural(3, "player"), plural(2, "match", "matches")
    ('1 player', '3 players', '2 matches')
    """
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def cards_word(count: int, adjective: str = "") -> str:
    """
    ``1 card``, ``2 penalty cards`` (with *adjective* ``" penalty"``).
    """
    return f"{count}{adjective} card" + ("" if count == 1 else "s")


def ranks_word(rank: str) -> str:
    """
    A wished rank in the plural: "7s", "jacks"; another deck's rank as "rank +2".
    """
    if rank in _RANK_WORDS:
        return _RANK_WORDS[rank]
    return f"{rank}s" if rank.isdigit() else f"rank {rank}"


def listed_words(words: Sequence[str]) -> str:
    """
    "8♥", "8♥ and 8♦", "8♥, 8♦ and 8♣".
    """
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def second_person(text: str) -> str:
    """
    "You moves the pig" as "You move the pig": a variant writes its sentences about "seat N".

    >>> second_person("You wishes ♣"), second_person("You is skipped")
    ('You wish ♣', 'You are skipped')
    """
    _, verb, rest = [*text.split(" ", 2), ""][:3]
    irregular = {"is": "are", "has": "have", "was": "were"}
    if verb in irregular:
        verb = irregular[verb]
    elif verb.endswith(("ses", "shes", "ches", "xes", "zes")):
        verb = verb[:-2]
    elif verb.endswith("s") and not verb.endswith("ss"):
        verb = verb[:-1]
    return " ".join(part for part in (YOU, verb, rest) if part)


def _value_text(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(_value_text(item) for item in value) or "none"
    return str(value)


class Narrator:
    """
    Sentences for the events and actions of one game, told to *seat* (``None``: to onlookers).

    *names* are the seats' names.  The narrator's own seat is "You", with
    the verbs of the second person ("You play J♣", "You wish ♣"); so is a
    seat whose name is "You" (``maumau play`` names the human so, and a
    replay of its save tells the game to a spectator).  Every other seat is
    told by its name; a seat number without a name as "seat N".

    >>> from maumau import SuitWished, parse_card, CardPlayed
    >>> Narrator(("Ann", "Bob"), seat=0).event(CardPlayed(0, parse_card("Jc")))
    'You play J♣.'
    >>> Narrator(("Ann", "Bob")).event(SuitWished(1, "♣"))
    'Bob wishes ♣.'

    .. versionadded:: 0.2.0
    """

    def __init__(self, names: Sequence[str], seat: int | None = None) -> None:
        self.names = tuple(names)
        self.seat = seat

    # --- seats ----------------------------------------------------------------------------

    def is_you(self, seat: int) -> bool:
        """
        Whether *seat* is told in the second person: the narrator's seat, or a seat named "You".
        """
        return seat == self.seat or (0 <= seat < len(self.names) and self.names[seat] == YOU)

    def name(self, seat: int) -> str:
        """
        How *seat* is named: "You", its name, or "seat N" for a number no seat has.
        """
        if self.is_you(seat):
            return YOU
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"seat {seat}"

    def verb(self, seat: int, you: str, other: str) -> str:
        """
        *seat*'s name and the verb that agrees with it: "You play", "Ann plays".
        """
        return f"{self.name(seat)} {you if self.is_you(seat) else other}"

    def whose(self, seat: int) -> str:
        """
        *seat* as an owner: "your", "Ann's".
        """
        return "your" if self.is_you(seat) else f"{self.name(seat)}'s"

    def object_name(self, seat: int) -> str:
        """
        *seat* as the object of a sentence: "you", "Ann".
        """
        return "you" if self.is_you(seat) else self.name(seat)

    def names_of(self, seats: Sequence[int]) -> str:
        """
        Several seats in a list: "nobody", "Ann", "Ann and Bob", "Ann, Bob and You".
        """
        if not seats:
            return "nobody"
        return listed_words([self.name(seat) for seat in seats])

    def of_seats(self, text: str) -> str:
        """
        The rules' words (which name "seat N") with names: "seat 1's hand" as "your hand" for the narrator's seat.
        """
        text = re.sub(r"\bseat (\d+)'s\b", lambda match: self.whose(int(match.group(1))), text)
        return SEAT.sub(lambda match: self.object_name(int(match.group(1))), text)

    # --- events ---------------------------------------------------------------------------

    def event(self, event: Event) -> str:
        """
        One sentence for *event*, ending in a full stop.
        """
        if isinstance(event, RoundStarted):
            dealer = self.verb(event.dealer, "deal", "deals")
            text = f"Round {event.round} begins: {dealer}; the starter card is {event.starter}."
            if event.first is not None:
                text += f" {self.verb(event.first, 'play', 'plays')} first."
            return text
        if isinstance(event, CardPlayed):
            call = None if event.more else event.call
            return self.played(event.seat, (event.card,), call, event.out_of_turn, more=event.more)
        if isinstance(event, PlaysAgain):
            if event.again == "may":
                return f"{self.name(event.seat)} may play again (or pass)."
            return f"{self.verb(event.seat, 'play', 'plays')} again."
        if isinstance(event, HandsPassed):
            return self.hands_passed(event)
        if isinstance(event, HandShown):
            return self.hand_shown(event)
        if isinstance(event, PlayChallenged):
            outcome = "it was not allowed" if event.guilty else "it was allowed"
            challenger = self.verb(event.seat, "challenge", "challenges")
            return f"{challenger} {self.whose(event.offender)} {event.card}: {outcome}."
        if isinstance(event, RankWished):
            return f"{self.verb(event.seat, 'wish', 'wishes')} for {ranks_word(event.rank)}."
        if isinstance(event, PlayerRevived):
            back = self.verb(event.seat, "are", "is")
            return f"{back} brought back into the round with {cards_word(event.count)}."
        if isinstance(event, (CardsDrawn, PenaltyDrawn)):
            if event.count == 0:
                return f"{self.verb(event.seat, 'have', 'has')} to draw, but no cards are left."
            penalty = " penalty" if isinstance(event, PenaltyDrawn) else ""
            text = f"{self.verb(event.seat, 'draw', 'draws')} {cards_word(event.count, penalty)}"
            if isinstance(event, PenaltyDrawn):
                text += f" ({event.reason})"
            if event.cards:
                text += ": " + " ".join(map(str, event.cards))
            return text + "."
        if isinstance(event, Passed):
            return f"{self.verb(event.seat, 'pass', 'passes')}."
        if isinstance(event, TurnSkipped):
            return f"{self.verb(event.seat, 'are', 'is')} skipped."
        if isinstance(event, DirectionReversed):
            falling = "falling" if event.direction < 0 else "rising"
            return f"The direction reverses: play now goes to {falling} seat numbers."
        if isinstance(event, SuitWished):
            return f"{self.verb(event.seat, 'wish', 'wishes')} {event.suit}."
        if isinstance(event, ChallengeMade):
            offender, missed = self.object_name(event.offender), quoted_calls(event.missed)
            return f"{self.verb(event.seat, 'challenge', 'challenges')} {offender} for the missed {missed}."
        if isinstance(event, PileRecycled):
            return f"The discards are shuffled into a new draw pile of {cards_word(event.count)}."
        if isinstance(event, PlayerResigned):
            return f"{self.verb(event.seat, 'resign', 'resigns')}."
        if isinstance(event, RoundEnded):
            reason = REASONS.get(event.reason, event.reason.replace("_", " "))
            points = ", ".join(f"{self.name(seat)} {pts:+d}" for seat, pts in enumerate(event.points))
            winners = f"Won by {self.names_of(event.winners)}" if event.winners else "Nobody wins it"
            return f"Round {event.round} is over ({reason}). {winners}. Points: {points}."
        if isinstance(event, MatchEnded):
            reason = REASONS.get(event.reason, event.reason.replace("_", " "))
            return f"The match is over ({reason}). Won by {self.names_of(event.winners)}."
        return self._generic(event.kind, event)

    def played(
        self, seat: int, cards: Sequence[Card], call: str | None, out_of_turn: bool = False, *, more: bool = False
    ) -> str:
        """
        A play of *cards* in one turn, as one sentence; with *more*, a play that more cards follow.
        """
        shown = listed_words([str(card) for card in cards])
        if out_of_turn:
            text = f"{self.verb(seat, 'jump', 'jumps')} in with {shown}"
        else:
            text = f"{self.verb(seat, 'play', 'plays')} {shown}"
        if call:
            text += f" and {'say' if self.is_you(seat) else 'says'} '{call}'"
        return text + (", more to follow." if more else ".")

    def story(self, items: Sequence[Event | str]) -> list[str]:
        """
        *items*, events and lines already written, as lines: the cards of one play (`CardPlayed` events with
        *more*, then the last card) told in one sentence.
        """
        lines: list[str] = []
        index = 0
        while index < len(items):
            item = items[index]
            index += 1
            if not (isinstance(item, CardPlayed) and item.more):
                lines.append(item if isinstance(item, str) else self.event(item))
                continue
            cards = [item.card]
            last: CardPlayed | None = None
            while last is None and index < len(items):
                following = items[index]
                if not (isinstance(following, CardPlayed) and following.seat == item.seat):
                    break
                cards.append(following.card)
                index += 1
                if not following.more:
                    last = following
            call = None if last is None else last.call
            lines.append(self.played(item.seat, cards, call, item.out_of_turn, more=last is None))
        return lines

    def hands_passed(self, event: HandsPassed) -> str:
        """
        Hands passed on: who passed them, and the hand the narrator's seat passed, which its view shows.
        """
        times = "" if event.times == 1 else f" {event.times} times"
        text = f"{self.names_of(event.seats)} pass their hands on to the next{times}"
        for seat, hand in zip(event.seats, event.hands, strict=True):
            if hand is None:
                continue
            cards = " ".join(map(str, hand)) or "nothing"
            text += f"; you passed on {cards}" if seat == self.seat else f"; {self.name(seat)} passed on {cards}"
        return text + "."

    def hand_shown(self, event: HandShown) -> str:
        """
        A hand shown to one seat: its cards when the narrator's seat showed it or saw it.
        """
        if self.is_you(event.seat):
            text = f"You show your hand to {self.name(event.to)}"
        else:
            text = f"{self.name(event.seat)} shows their hand to {self.object_name(event.to)}"
        if event.cards is not None:
            text += ": " + (" ".join(map(str, event.cards)) or "no cards")
        return text + "."

    def _generic(self, kind: str, record: object) -> str:
        """
        A variant's own event or action: its own sentence if its class writes
        one (``__str__``, naming seats as "seat N"), else told from its fields.
        """
        if type(record).__str__ is not object.__str__:
            text = SEAT.sub(lambda match: self.name(int(match.group(1))), str(record))
            text = second_person(text) if text.startswith(f"{YOU} ") else text
            return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
        parts = []
        who = ""
        cls = type(record)
        if attrs.has(cls):
            for field in attrs.fields(cls):
                value = getattr(record, field.name)
                if field.name == "seat" and isinstance(value, int):
                    who = self.name(value)
                    continue
                parts.append(f"{field.name.replace('_', ' ')} {_value_text(value)}")
        text = kind.replace("_", " ")
        if parts:
            text += " (" + ", ".join(parts) + ")"
        return f"{who}: {text}" if who else text[:1].upper() + text[1:]

    # --- actions --------------------------------------------------------------------------

    def action(self, action: Action, seen: PlayerView | None = None) -> str:
        """
        What taking *action* means, as a menu entry or a button says it: "play 7♥ and say 'Mau'", "draw a card".

        With *seen*, the view the action is offered in, the words say more: the debt a draw pays, the card a
        pass keeps, the call a play leaves out.
        """
        if isinstance(action, PlayCard):
            out_of_turn = seen is not None and action.seat != seen.to_move
            text = f"jump in with {action.card}" if out_of_turn else f"play {action.card}"
            if action.more:  # a card of a play of several cards that goes on: the last one says the call
                return f"{text}, then more cards (a card must follow it)"
            if seen is not None and seen.playing and not out_of_turn:
                text += " to end the play"
            if action.call is not None:
                return f"{text} and say '{action.call}'"
            due = [
                other.call
                for other in (seen.legal_actions if seen is not None else ())
                if isinstance(other, PlayCard) and other.card == action.card and other.call is not None
            ]
            return f"{text} without saying '{due[0]}'" if due else text
        if isinstance(action, DrawCards):
            return f"draw {cards_word(seen.debt)} (the debt)" if seen is not None and seen.debt else "draw a card"
        if isinstance(action, Pass):
            if seen is not None and seen.again == "may":
                return "pass (do not play again)"
            if seen is not None and seen.skips:
                return "pass (miss this turn)"
            if seen is not None and seen.drawn is not None:
                return f"pass (keep {seen.drawn})"
            return "pass"
        if isinstance(action, ChooseSuit):
            return f"name {action.suit}"
        if isinstance(action, Challenge):
            window = challenges.window(seen) if seen is not None else None
            missed = f" (missed {quoted_calls(window.missed)})" if window is not None else ""
            return f"challenge {self.object_name(action.offender)}{missed}"
        if isinstance(action, ChooseRank):
            return f"wish for {ranks_word(action.rank)}"
        if isinstance(action, ChallengePlay):
            suspect = play_challenges.suspect(seen) if seen is not None else None
            card = f" {suspect.card}" if suspect is not None else " play"
            return f"challenge {self.whose(action.offender)}{card} (their hand is shown to you)"
        if isinstance(action, Resign):
            return "resign (leave the match)"
        if type(action).__str__ is not object.__str__:  # "seat 2 bets on the pink pig": "bet on the pink pig"
            text = str(action).removeprefix(f"seat {action.seat} ").rstrip(".")
            text = second_person(f"{YOU} {text}").removeprefix(f"{YOU} ")
            return SEAT.sub(lambda match: self.object_name(int(match.group(1))), text)
        text = self._generic(action.kind, action)
        return text.split(": ", 1)[1] if text.startswith(f"{self.name(action.seat)}: ") else text


def narrate(event: Event, names: Sequence[str], seat: int | None = None) -> str:
    """
    One sentence for *event*, told to *seat* in the second person, or to onlookers when *seat* is ``None``.

    *names* are the seats' names.  The terminal and the web table tell the
    game with these sentences; see `Narrator` for plays of several cards in
    one sentence and for actions.

    >>> from maumau import RoundStarted, parse_card
    >>> narrate(RoundStarted(1, 0, parse_card("7h"), 1), ("You", "Bot 1"))
    'Round 1 begins: You deal; the starter card is 7♥. Bot 1 plays first.'

    .. versionadded:: 0.2.0
    """
    return Narrator(names, seat).event(event)
