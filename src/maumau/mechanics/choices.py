"""
Choices: decisions of a variant's own, each answered by actions of its own.

A decision in the middle of a turn (which pig moves, whether to bet) is a
`maumau.Pending` of the variant's *kind*.  `Choices` lists the answers of
each kind for the seat that decides, applies the one taken, and completes
the turn once no decision is left (`maumau.flow.complete_turn`), so a
variant writes only what each answer does::

    BET = Decision("bet", (PlaceBet, DeclineBet), options=bet_options, apply=apply_bet)

    @hookimpl
    def maumau_mechanics():
        return (Choices(BET),)

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from .._actions import Action
from .._state import GameState, Pending
from ..exceptions import Reason
from ..flow import complete_turn
from ..hookspecs import hookimpl

__all__ = ["Choices", "Decision"]


@frozen
class Decision:
    """
    One kind of decision: its *kind* (the `maumau.Pending` kind), the action classes that *answer* it,
    the *options* of a pending decision (``options(state, pending)``: the legal answers), and what an
    answer does (``apply(state, action, pending)``: the state after it, with ``pending`` cleared or set
    to the next decision).  *refusal* (``refusal(state, action, pending)``) words why an answer that is
    not among the options is refused.

    .. versionadded:: 0.2.0
    """

    kind: str
    answers: tuple[type[Action], ...]
    options: Callable[[GameState, Pending], Sequence[Action]]
    apply: Callable[[GameState, Action, Pending], GameState]
    refusal: Callable[[GameState, Action, Pending], str | None] | None = None


class Choices:
    """
    The variant's *decisions*, listed and applied for the seat that must take them.

    .. versionadded:: 0.2.0
    """

    def __init__(self, *decisions: Decision) -> None:
        self.by_kind = {decision.kind: decision for decision in decisions}
        self.by_answer = {answer: decision for decision in decisions for answer in decision.answers}

    def __repr__(self) -> str:
        return f"Choices({', '.join(self.by_kind)})"

    @hookimpl
    def maumau_actions(self, state: GameState, seat: int) -> Sequence[Action]:
        pending = state.pending
        if pending is None or pending.seat != seat:
            return ()
        decision = self.by_kind.get(pending.kind)
        return () if decision is None else decision.options(state, pending)

    @hookimpl
    def maumau_apply_action(self, state: GameState, action: Action) -> GameState | None:
        decision = self.by_answer.get(type(action))
        pending = state.pending
        if decision is None or pending is None:
            return None
        state = decision.apply(state, action, pending)
        if not pending.completes_turn:
            return state
        return complete_turn(state, pending.seat, pending.skip)

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> tuple[Reason, str] | None:
        decision = self.by_answer.get(type(action))
        if decision is None:
            return None
        words = decision.kind.replace("_", " ")
        pending = state.pending
        if pending is None or pending.kind != decision.kind:
            return Reason.NO_DECISION, f"no {words} decision is pending"
        if action.seat != pending.seat:
            return Reason.NOT_YOUR_TURN, f"seat {pending.seat} decides the {words}, not {action.seat}"
        detail = decision.refusal(state, action, pending) if decision.refusal is not None else None
        return Reason.BAD_CHOICE, detail or f"not one of the answers to the {words} decision"
