"""
A mechanic's part of the table's status: one small record that every front end shows the same way.

The terminal prints a `Status` as a line (``Open call:  Ann missed 'Mau' and
may be challenged``), the web table as a badge, a chat bot as a sentence;
none of them knows the mechanic it comes from.  A mechanic makes its
records from what a seat or a spectator sees (``maumau_status``), and
writes seats as "seat N", which each front end names for its listener
(`maumau.Grammar.of_seats`).
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

__all__ = ["Status"]


def _seats(seats: Iterable[int]) -> tuple[int, ...]:
    return tuple(seats)


@frozen
class Status:
    """
    One thing a mechanic puts on the table beside the cards, as words: a wished rank, a call open to a challenge.

    Args:
        label: What it is, a word or two with a capital: ``"Wished rank"``, ``"Open call"``.
        text: Its state in words, naming seats as "seat N" (``"seat 1 missed 'Mau' and may be challenged"``).
        style: How a page may stress it: ``""`` (plain), ``"call"`` (someone may act on it) or ``"warn"``.
        finished: Seats that have left the round's order of play, in the order they left (`maumau.mechanics.Placings`).

    >>> Status("Wished rank", "7")
    Status(label='Wished rank', text='7', style='', finished=())

    .. versionadded:: 0.2.0
    """

    label: str
    text: str
    style: str = ""
    finished: tuple[int, ...] = field(default=(), converter=_seats)
