"""
Slots: the places in a `GameState` that a mechanic or a variant owns.

The kernel keeps only what every Mau-Mau game has (hands, piles, the turn,
debts, skips, a wished suit).  Everything else (open challenge windows, the
finishing order, a race board) lives in a slot that its owner declares with
the ``maumau_slots`` hook, the way pytest's plugins keep their data in
``config.stash``: the kernel stores the value, compares it, saves it as JSON
under the slot's name and shows each player the slot's view of it, without
knowing what it means.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from attrs import frozen

from ._state import GameState, evolve_state

__all__ = ["TRANSIENT", "Slot"]

#: Field metadata for a slot value's field that lives in memory only: JSON leaves it out and reading
#: fills in its default, so it must be something the owner can rebuild (``field(metadata={TRANSIENT: True})``).
TRANSIENT = "maumau.transient"

T = TypeVar("T")


@frozen
class Slot(Generic[T]):
    """
    A named place in the state, owned by one plugin.

    Args:
        name: The key in ``state.slots`` and in JSON; unique among a game's plugins.
        type: The value's type, for `maumau.from_json` (an attrs class, or a
            type such as ``tuple[int, ...]``).
        default: The value of an empty slot.  A slot holding its default is
            not stored, so a game that never uses a mechanic carries nothing for it.
        per_round: Emptied when a new round is dealt.
        view: What one seat may see of the value: ``view(state, seat, value)``;
            ``None`` shows the value as it is.

    .. versionadded:: 0.2.0
    """

    name: str
    type: Any
    default: Any = None
    per_round: bool = True
    view: Callable[[GameState, int, Any], Any] | None = None

    def get(self, holder: Any) -> T:
        """
        The value in *holder* (a `GameState`, a `PlayerView` or a `RoundResult`), or the default.
        """
        for name, value in holder.slots:
            if name == self.name:
                return value  # type: ignore[no-any-return]
        return self.default  # type: ignore[no-any-return]

    def put(self, state: GameState, value: T) -> GameState:
        """
        *state* with *value* in this slot.
        """
        return evolve_state(state, slots=with_slot(state.slots, self.name, value, self.default))


def with_slot(slots: tuple[tuple[str, Any], ...], name: str, value: Any, default: Any) -> tuple[tuple[str, Any], ...]:
    """
    *slots* with *name* set to *value*; a default value leaves the slot out, and the pairs stay sorted.
    """
    if not slots or (len(slots) == 1 and slots[0][0] == name):  # this slot alone, or none: nothing else to keep
        return () if value == default else ((name, value),)
    rest = tuple(pair for pair in slots if pair[0] != name)
    if value == default:
        return rest
    return tuple(sorted((*rest, (name, value)), key=_NAME))


#: A slot's name in its pair, read in C: the key the pairs are sorted by.
_NAME = operator.itemgetter(0)
