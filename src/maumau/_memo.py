"""
A state's memo: what the engine found out about one state and may be asked again, kept beside its value.

The legal actions of the seat to move are kept in the state itself
(`maumau._state.keep_listing`): nearly every state is listed for that seat
alone.  The rest (the listings of other seats, and the call due that a
listing asked where no table answers it) goes into a dict made for the
state when first needed, which equality, hashing, JSON and `copy.copy`
leave out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - the state's module is above this one
    from ._state import GameState

__all__ = ["forget", "memo_of"]

_set = object.__setattr__  # past the frozen guard: a memo is no part of the value


def memo_of(state: GameState) -> dict[Any, Any]:
    """
    The memo of *state*, made now if it has none yet.
    """
    memo = state.memo
    if memo is None:
        memo = {}
        _set(state, "memo", memo)
    return memo


def forget(state: GameState) -> None:
    """
    Drop all that the engine remembers of *state* (its memo, its listing and its hash), as a new state has none:
    for measuring what a state costs without them.
    """
    for name in ("memo", "_listed", "_hash"):
        _set(state, name, None)
