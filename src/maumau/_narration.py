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

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from . import _front
from ._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._events import (
    CardPlayed,
    CardsDrawn,
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
from ._grammar import SEAT, YOU, Grammar, cards_word, listed_words, plural, second_person
from ._status import Status
from ._view import PlayerView

__all__ = [
    "REASONS",
    "SEAT",
    "Narrator",
    "cards_word",
    "listed_words",
    "narrate",
    "plural",
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


def _value_text(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(_value_text(item) for item in value) or "none"
    return str(value)


class Narrator(Grammar):
    """
    Sentences for the events and actions of one game, told to *seat* (``None``: to onlookers).

    *names* are the seats' names.  The narrator's own seat is "You", with
    the verbs of the second person ("You play J♣", "You wish ♣"); so is a
    seat whose name is "You" (``maumau play`` names the human so, and a
    replay of its save tells the game to a spectator).  Every other seat is
    told by its name; a seat number without a name as "seat N".

    The narrator tells the kernel's events and actions itself; a mechanic's
    it asks the mechanic (the hooks ``maumau_tell_event`` and
    ``maumau_tell_action``, which the mechanics' modules answer); a
    variant's own are told by their own ``__str__``, or else from their
    fields.  `status` gives the mechanics' parts of the table's status.

    >>> from maumau import SuitWished, parse_card, CardPlayed
    >>> Narrator(("Ann", "Bob"), seat=0).event(CardPlayed(0, parse_card("Jc")))
    'You play J♣.'
    >>> Narrator(("Ann", "Bob")).event(SuitWished(1, "♣"))
    'Bob wishes ♣.'

    .. versionadded:: 0.2.0
    """

    # --- the table ------------------------------------------------------------------------

    def status(self, seen: Any) -> list[Status]:
        """
        The mechanics' parts of the table's status as *seen* (a seat's view or a spectator's), their text told
        to the narrator's seat: ``Status("Open call", "Ann missed 'Mau' and may be challenged", "call")``.
        """
        return [attrs.evolve(status, text=self.sentence(status.text)) for status in _front.statuses(seen)]

    def sentence(self, text: str) -> str:
        """
        The rules' words (naming "seat N") told to the narrator's seat, with a capital: "Your J♣ may ...".
        """
        text = self.of_seats(text)
        return text[:1].upper() + text[1:]

    def slots(self, seen: Any) -> list[tuple[str, Any]]:
        """
        The slots of *seen* that no mechanic shows as a status: a variant's own things on the table.
        """
        shown = _front.shown_slots()
        return [(name, value) for name, value in seen.slots if name not in shown]

    # --- events ---------------------------------------------------------------------------

    def event(self, event: Event) -> str:
        """
        One sentence for *event*, ending in a full stop.
        """
        tell = _told_by(_KERNEL_EVENTS, type(event))
        if tell is not None:
            return tell(self, event)
        told = _front.tell_event(event, self)
        return told if told is not None else self._generic(event.kind, event)

    def _round_started(self, event: RoundStarted) -> str:
        dealer = self.verb(event.dealer, "deal", "deals")
        text = f"Round {event.round} begins: {dealer}; the starter card is {event.starter}."
        if event.first is not None:
            text += f" {self.verb(event.first, 'play', 'plays')} first."
        return text

    def _card_played(self, event: CardPlayed) -> str:
        call = None if event.more else event.call
        return self.played(event.seat, (event.card,), call, event.out_of_turn, more=event.more)

    def _plays_again(self, event: PlaysAgain) -> str:
        if event.again == "may":
            return f"{self.name(event.seat)} may play again (or pass)."
        return f"{self.verb(event.seat, 'play', 'plays')} again."

    def _drawn(self, event: CardsDrawn | PenaltyDrawn) -> str:
        if event.count == 0:
            return f"{self.verb(event.seat, 'have', 'has')} to draw, but no cards are left."
        penalty = " penalty" if isinstance(event, PenaltyDrawn) else ""
        text = f"{self.verb(event.seat, 'draw', 'draws')} {cards_word(event.count, penalty)}"
        if isinstance(event, PenaltyDrawn):
            text += f" ({event.reason})"
        if event.cards:
            text += ": " + " ".join(map(str, event.cards))
        return text + "."

    def _reversed(self, event: DirectionReversed) -> str:
        falling = "falling" if event.direction < 0 else "rising"
        return f"The direction reverses: play now goes to {falling} seat numbers."

    def _round_ended(self, event: RoundEnded) -> str:
        reason = REASONS.get(event.reason, event.reason.replace("_", " "))
        points = ", ".join(f"{self.name(seat)} {pts:+d}" for seat, pts in enumerate(event.points))
        winners = f"Won by {self.names_of(event.winners)}" if event.winners else "Nobody wins it"
        return f"Round {event.round} is over ({reason}). {winners}. Points: {points}."

    def _match_ended(self, event: MatchEnded) -> str:
        reason = REASONS.get(event.reason, event.reason.replace("_", " "))
        return f"The match is over ({reason}). Won by {self.names_of(event.winners)}."

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
        tell = _told_by(_KERNEL_ACTIONS, type(action))
        if tell is not None:
            return tell(self, action, seen)
        told = _front.tell_action(action, self, seen)
        if told is not None:
            return told
        if type(action).__str__ is not object.__str__:  # "seat 2 bets on the pink pig": "bet on the pink pig"
            text = str(action).removeprefix(f"seat {action.seat} ").rstrip(".")
            text = second_person(f"{YOU} {text}").removeprefix(f"{YOU} ")
            return SEAT.sub(lambda match: self.object_name(int(match.group(1))), text)
        text = self._generic(action.kind, action)
        return text.split(": ", 1)[1] if text.startswith(f"{self.name(action.seat)}: ") else text

    def _play(self, action: PlayCard, seen: PlayerView | None) -> str:
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

    def _draw(self, action: DrawCards, seen: PlayerView | None) -> str:
        return f"draw {cards_word(seen.debt)} (the debt)" if seen is not None and seen.debt else "draw a card"

    def _pass(self, action: Pass, seen: PlayerView | None) -> str:
        if seen is not None and seen.again == "may":
            return "pass (do not play again)"
        if seen is not None and seen.skips:
            return "pass (miss this turn)"
        if seen is not None and seen.drawn is not None:
            return f"pass (keep {seen.drawn})"
        return "pass"


_T = TypeVar("_T")


def _told_by(tellers: dict[type[Any], _T], kind: type) -> _T | None:
    """
    The teller of *kind* or of the nearest class it derives from, or ``None``.
    """
    return next((tellers[cls] for cls in kind.__mro__ if cls in tellers), None)


#: How the narrator tells the kernel's events, by their type.
_KERNEL_EVENTS: dict[type[Event], Callable[[Narrator, Any], str]] = {
    RoundStarted: Narrator._round_started,
    CardPlayed: Narrator._card_played,
    PlaysAgain: Narrator._plays_again,
    HandsPassed: Narrator.hands_passed,
    CardsDrawn: Narrator._drawn,
    PenaltyDrawn: Narrator._drawn,
    Passed: lambda narrator, event: f"{narrator.verb(event.seat, 'pass', 'passes')}.",
    TurnSkipped: lambda narrator, event: f"{narrator.verb(event.seat, 'are', 'is')} skipped.",
    DirectionReversed: Narrator._reversed,
    SuitWished: lambda narrator, event: f"{narrator.verb(event.seat, 'wish', 'wishes')} {event.suit}.",
    PileRecycled: lambda narrator, event: (
        f"The discards are shuffled into a new draw pile of {cards_word(event.count)}."
    ),
    PlayerResigned: lambda narrator, event: f"{narrator.verb(event.seat, 'resign', 'resigns')}.",
    RoundEnded: Narrator._round_ended,
    MatchEnded: Narrator._match_ended,
}

#: How the narrator tells the kernel's actions, by their type.
_KERNEL_ACTIONS: dict[type[Action], Callable[[Narrator, Any, PlayerView | None], str]] = {
    PlayCard: Narrator._play,
    DrawCards: Narrator._draw,
    Pass: Narrator._pass,
    ChooseSuit: lambda narrator, action, seen: f"name {action.suit}",
    Resign: lambda narrator, action, seen: "resign (leave the match)",
}


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
