"""
The spectator's view: what anyone watching the table may see, and nothing a player keeps to themselves.

A web table shows it to visitors without a seat, and a replay shows it
between the players' views.  It is a `PlayerView` without a seat: no hand,
no card just drawn, no legal actions; every hand is a count, every drawn
card hidden, and each slot as its owner shows it to someone at no seat
(a face-down bet stays face down).
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ._cards import Card
from ._events import Event
from ._options import Options
from ._state import GameState, MatchResult, Pending, RoundResult
from ._view import seen_event, view_slots

__all__ = ["SPECTATOR", "SpectatorView", "spectate"]

#: The seat number that slot views get for a spectator: no seat's own secrets match it.
SPECTATOR = -1


@frozen
class SpectatorView:
    """
    The public part of a game: what a spectator may see.

    The fields mean what they mean in `PlayerView`; a spectator has no
    ``seat``, ``hand``, ``drawn`` or ``legal_actions``.

    .. versionadded:: 0.2.0
    """

    variant: str
    options: Options
    names: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    discard_pile: tuple[Card, ...]
    dealer: int
    round: int
    to_move: int | None
    direction: int
    wish: str | None
    debt: int
    skips: int
    pending: Pending | None
    resigned: tuple[bool, ...]
    scores: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    result: MatchResult | None
    slots: tuple[tuple[str, Any], ...]
    events: tuple[Event, ...]
    passes: int = 0
    playing: tuple[Card, ...] = ()
    again: str | None = None
    draws: int = 0
    waits: tuple[int, ...] = ()

    @property
    def top(self) -> Card:
        """
        The top card of the discard pile.
        """
        return self.discard_pile[-1]

    @property
    def is_over(self) -> bool:
        """
        Whether the match has ended.
        """
        return self.result is not None


def spectate(state: GameState) -> SpectatorView:
    """
    What a spectator may see of *state*.

    >>> import maumau
    >>> state = maumau.new_game("classic", players=["Ann", "Ben"], seed=7)
    >>> watched = maumau.spectate(state)
    >>> watched.hand_sizes, hasattr(watched, "hand")
    ((5, 5), False)

    .. versionadded:: 0.2.0
    """
    return SpectatorView(
        variant=state.variant,
        options=state.options,
        names=tuple(p.name for p in state.players),
        hand_sizes=tuple(len(p.hand) for p in state.players),
        draw_pile_size=len(state.draw_pile),
        discard_pile=state.discard_pile,
        dealer=state.dealer,
        round=state.round,
        to_move=state.to_move,
        direction=state.direction,
        wish=state.wish,
        debt=state.debt,
        skips=state.skips,
        pending=state.pending,
        resigned=tuple(p.resigned for p in state.players),
        scores=state.scores,
        rounds=state.rounds,
        result=state.result,
        slots=view_slots(state, SPECTATOR, state.slots),
        events=tuple(seen_event(event, None) for event in state.events),
        passes=state.passes,
        playing=state.playing,
        again=state.again,
        draws=state.draws,
        waits=state.waits,
    )
