"""
A board beside the cards: a variant's own things on the table (a race track, a row of bets).

`Board` keeps one value of the variant's own attrs class in a slot, saves
it as JSON with the state, shows each player what the variant's *view*
function lets them see, refuses a loaded value the variant's *check*
function finds impossible, and completes what a view hides with the
variant's *sample* function when `maumau.sample_state` rebuilds a position.
Read it with ``board.get(state)`` and change it with ``board.put(state, value)``.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .._slots import Slot
from .._state import GameState
from ..hookspecs import hookimpl

__all__ = ["Board"]

T = TypeVar("T")


class Board(Generic[T]):
    """
    A board of the variant's class *type*, kept in ``state.slots`` under *name*.

    Args:
        type: The board's class (an attrs class), for JSON.
        view: ``view(state, seat, board)``: what *seat* may see of the board; ``None`` shows it all.
        check: ``check(state, board)``: what is impossible about a loaded board, or ``None``.
        sample: ``sample(state, seat, board, rng)``: *board* as *seat* saw it (through *view*) with what
            it hid drawn uniformly with *rng* among the boards that look the same to *seat*
            (`maumau.hookspecs.maumau_sample_hidden`); needed whenever *view* hides anything.
        name: The slot's name.
        per_round: A new board each round (the variant's deal puts one down).

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        type: type[T],
        *,
        view: Callable[[GameState, int, T], T] | None = None,
        check: Callable[[GameState, T], str | None] | None = None,
        sample: Callable[[GameState, int, T, random.Random], T] | None = None,
        name: str = "board",
        per_round: bool = True,
    ) -> None:
        self.slot: Slot[T | None] = Slot(name, type, None, per_round, view)
        self.check = check
        self.sample = sample

    def __repr__(self) -> str:
        return f"Board({self.slot.type.__name__})"

    def get(self, holder: object) -> T:
        """
        The board of a state, view or round result.

        Raises:
            ValueError: there is no board in it (before the first deal).
        """
        value = self.slot.get(holder)
        if value is None:
            raise ValueError(f"no {self.slot.name} in {type(holder).__name__}")
        return value

    def put(self, state: GameState, value: T) -> GameState:
        """
        *state* with *value* as the board.
        """
        return self.slot.put(state, value)

    @hookimpl
    def maumau_slots(self) -> tuple[Slot[Any], ...]:
        return (self.slot,)

    @hookimpl
    def maumau_check_state(self, state: GameState) -> str | None:
        value = self.slot.get(state)  # JSON has already read it as the board's class, or refused it
        if value is None:
            return f"{state.variant} needs a {self.slot.name}"
        return self.check(state, value) if self.check is not None else None

    @hookimpl
    def maumau_sample_hidden(self, state: GameState, seat: int, rng: random.Random) -> GameState | None:
        value = self.slot.get(state)
        if value is None or self.sample is None:
            return None
        return self.slot.put(state, self.sample(state, seat, value, rng))
