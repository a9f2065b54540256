"""
Jump-ins: a card identical to the top card may be thrown in out of turn.

With `JumpIns`, any player other than the one to move who holds a card
identical to the top card (suit and rank) may play it at once, saying the
call it needs.  Play goes on from the thrower in the current direction,
passing over the players in between.  A debt the player to move owed is
theirs to draw first: a jump-in does not take it over.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._actions import Action, PlayCard
from .._state import GameState, evolve_state
from ..flow import draw_cards, play_card, plays
from ..hookspecs import hookimpl

__all__ = ["JumpIns"]


class JumpIns:
    """
    Plays of a card identical to the top card, out of turn.

    .. versionadded:: 0.2.0
    """

    def __repr__(self) -> str:
        return "JumpIns()"

    @hookimpl
    def maumau_actions(self, state: GameState, seat: int) -> list[PlayCard]:
        to_move = state.to_move
        if seat == to_move or to_move is None or state.pending is not None or state.playing:
            return []  # nobody jumps into a decision or into a play of several cards
        top = state.discard_pile[-1]
        if top not in state.players[seat].hand:
            return []
        return [play for play in plays(state, seat, (top,)) if not play.more]  # a card thrown in goes alone

    @hookimpl
    def maumau_apply_action(self, state: GameState, action: Action) -> GameState | None:
        if type(action) is not PlayCard or action.seat == state.to_move:
            return None
        assert isinstance(action, PlayCard)
        owing = state.to_move
        if state.debt and owing is not None:  # a jump-in does not take over someone else's debt
            state, _ = draw_cards(evolve_state(state, debt=0), owing, state.debt, required=True)
        return play_card(state, action.seat, action.card, action.call)

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> str | None:
        if type(action) is PlayCard and action.seat != state.to_move and state.to_move is not None:
            assert isinstance(action, PlayCard)
            if action.card in state.players[action.seat].hand and action.card != state.top:
                return (
                    f"it is seat {state.to_move}'s turn, and only a card identical to the top card {state.top} "
                    "may be thrown in"
                )
        return None


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any]) -> tuple[object, ...] | None:
    return (JumpIns(),) if data.get("jump_ins", {}).get("identical") else None


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "jump_ins": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "identical": {
                    "type": "boolean",
                    "description": "A card identical to the top card may be thrown in out of turn.",
                    "default": True,
                },
            },
            "description": "Playing out of turn.",
        },
    }
