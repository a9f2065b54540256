"""
Actions: what a seat may do.

Every action names the seat that takes it, so out-of-turn actions (a
challenge, a jump-in) read the same as turns.  Actions are frozen records
that compare by value; each class has a short ``kind`` tag that JSON uses.
A variant adds its own actions by subclassing `Action` with a new tag.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from ._cards import Card
from ._tags import register_kind

__all__ = ["Action", "Challenge", "ChooseSuit", "DrawCards", "Pass", "PlayCard", "Resign", "action_types"]

_ACTION_TYPES: dict[str, type[Action]] = {}


@frozen
class Action:
    """
    Base class of every action; *seat* is the seat that acts.

    Subclasses pass ``kind="..."`` in their class statement; the tag names
    the action in JSON and must be unique among installed variants.

    .. versionadded:: 0.1.0
    """

    seat: int
    kind: ClassVar[str] = "action"

    def __init_subclass__(cls, kind: str | None = None, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        register_kind(_ACTION_TYPES, cls, kind, "action")


def action_types() -> dict[str, type[Action]]:
    """
    Every action class defined so far, by its ``kind`` tag.
    """
    return dict(_ACTION_TYPES)


@frozen
class PlayCard(Action, kind="play"):
    """
    Put *card* on the discard pile, saying *call* ("Mau", "Mau-Mau") or nothing.

    In turn it is an ordinary play; out of turn (where a variant allows it)
    it is a jump-in.

    .. versionadded:: 0.1.0
    """

    card: Card
    call: str | None = None

    def __str__(self) -> str:
        said = f" saying {self.call!r}" if self.call else ""
        return f"seat {self.seat} plays {self.card}{said}"


@frozen
class DrawCards(Action, kind="draw"):
    """
    Draw from the draw pile: one card, or the whole debt when one is owed.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} draws"


@frozen
class Pass(Action, kind="pass"):
    """
    End the turn without playing: after drawing, when a skip is owed, or when
    nothing can be played or drawn.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@frozen
class ChooseSuit(Action, kind="choose_suit"):
    """
    Name the suit (or colour) that the next card must have.

    .. versionadded:: 0.1.0
    """

    suit: str

    def __str__(self) -> str:
        return f"seat {self.seat} names {self.suit}"


@frozen
class Challenge(Action, kind="challenge"):
    """
    Point out that *offender* missed a call, while the window for it is open.

    .. versionadded:: 0.1.0
    """

    offender: int

    def __str__(self) -> str:
        return f"seat {self.seat} challenges seat {self.offender}"


@frozen
class Resign(Action, kind="resign"):
    """
    Leave the match; the variant decides who wins what remains.

    .. versionadded:: 0.1.0
    """

    def __str__(self) -> str:
        return f"seat {self.seat} resigns"
