"""
The grammar of the game's sentences: seats named for whom they are told, and the words every sentence shares.

`Grammar` is what a mechanic's words are written with: the `maumau.Narrator`
passes itself (a `Grammar`) to the hooks that tell a mechanic's events and
actions (``maumau_tell_event``, ``maumau_tell_action``), so that a mechanic
says "You challenge Ann" or "Bob challenges you" without knowing who listens.
It imports nothing of the game, so the hooks' contract can name it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["SEAT", "YOU", "Grammar", "cards_word", "listed_words", "ordinal", "plural", "second_person"]

#: "seat 2" in a variant's own sentences, replaced by the seat's name.
SEAT = re.compile(r"\bseat (\d+)")

#: The name a seat is told by in the second person.
YOU = "You"


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


def ordinal(number: int) -> str:
    """
    *number* as a place: ``1st``, ``2nd``, ``11th``, ``23rd``.

    >>> ordinal(1), ordinal(2), ordinal(11), ordinal(23)
    ('1st', '2nd', '11th', '23rd')
    """
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number if number < 20 else number % 10, "th")
    return f"{number}{suffix}"


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


class Grammar:
    """
    Seats named for one listener: *seat* in the second person ("You play"), the others by their *names*.

    A seat named "You" is told in the second person too (``maumau play`` names the human so, and a replay
    of its save tells the game to a spectator); a seat number without a name is "seat N".

    >>> grammar = Grammar(("Ann", "Bob"), seat=1)
    >>> grammar.verb(0, "play", "plays"), grammar.verb(1, "play", "plays"), grammar.whose(0)
    ('Ann plays', 'You play', "Ann's")

    .. versionadded:: 0.2.0
    """

    def __init__(self, names: Sequence[str], seat: int | None = None) -> None:
        self.names = tuple(names)
        self.seat = seat

    def is_you(self, seat: int) -> bool:
        """
        Whether *seat* is told in the second person: the listener's seat, or a seat named "You".
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
        The rules' words (which name "seat N") with names: "seat 1's hand" as "your hand" for the listener's seat.
        """
        text = re.sub(r"\bseat (\d+)'s\b", lambda match: self.whose(int(match.group(1))), text)
        return SEAT.sub(lambda match: self.object_name(int(match.group(1))), text)
