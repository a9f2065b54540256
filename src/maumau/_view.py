"""
Per-player views: what one seat may see of a game, and nothing more.

A view is what a bot or a remote client gets instead of the state.  Other
hands and the draw pile appear only as counts, cards drawn by others only
as numbers, and each slot shows what its owner lets the seat see
(face-down bets stay hidden).  The view also carries the seat's legal
actions, so a client can act on the view alone.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ._actions import Action
from ._cards import Card
from ._engine import legal_actions
from ._events import Event
from ._options import Options
from ._state import GameState, MatchResult, Pending, RoundResult
from .exceptions import MaumauError, NoSuchSeatError, PluginError

__all__ = ["PlayerView", "events_seen", "seen_event", "view", "view_slots"]


@frozen
class PlayerView:
    """
    One seat's view of a game.

    ``seat`` is the seat seeing it; ``variant``, ``options``, ``names``
    (every seat's), ``dealer``, ``round``, ``to_move``, ``direction``,
    ``wish``, ``debt``, ``skips``, ``pending``, ``resigned`` and ``scores``
    (per seat), ``rounds`` and ``result`` are the state's, as every player
    sees them.  ``events`` are the last action's, with the cards that others
    drew left out; ``legal_actions`` are this seat's, so a client can act on
    the view alone.
    ``hand`` is the seat's own hand; ``hand_sizes`` counts every hand.  The
    discard pile is public (every card on it was played face up); the draw
    pile is a count.  ``drawn`` is the seat's own card just drawn, if any.
    ``slots`` holds each mechanic's and the variant's state as the seat may
    see it; read it with the same accessors as a state's
    (``maumau.mechanics.challenges.window(view)``).  ``passes`` counts the
    passes in a row that may block the round, and ``holds_drawn`` tells that
    the seat to move has just drawn a card it may still play (which card
    only the drawer sees): both are public, and `maumau.sample_state` needs
    them to rebuild a position.  ``playing``, ``again``, ``draws`` and
    ``waits`` are the state's (the turn in progress, and who sits turns
    out), public too.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       ``challenge``, ``placings`` and ``board`` moved into ``slots``; ``passes``, ``holds_drawn``,
       ``playing``, ``again``, ``draws`` and ``waits``.
    """

    variant: str
    seat: int
    options: Options
    names: tuple[str, ...]
    hand: tuple[Card, ...]
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
    drawn: Card | None
    pending: Pending | None
    resigned: tuple[bool, ...]
    scores: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    result: MatchResult | None
    slots: tuple[tuple[str, Any], ...]
    events: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    passes: int = 0
    holds_drawn: bool = False
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


def seen_event(event: Event, seat: int | None) -> Event:
    """
    *event* as *seat* sees it (``None``: a spectator): the cards someone else drew stay hidden
    (`maumau.Event.seen_by`).
    """
    return event.seen_by(seat)


def events_seen(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """
    *events* as *seat* saw them: the cards others drew are left out.
    """
    return tuple(event.seen_by(seat) for event in events)


def view_slots(state: GameState, seat: int, slots: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    """
    *slots* (a state's, or a finished round's) as *seat* may see them.
    """
    rules = state.rules
    seen = []
    for name, value in slots:
        slot = rules.slot(name)
        seen.append((name, value if slot is None or slot.view is None else slot.view(state, seat, value)))
    return tuple(seen)


def view(state: GameState, player: int) -> PlayerView:
    """
    What seat *player* may see of *state*.

    Raises:
        NoSuchSeatError: *player* is no seat of the game.
        PluginError: a plugin's hook or slot view failed (the message names the plugin where it can).

    .. versionadded:: 0.1.0
    """
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(state.players):
        raise NoSuchSeatError(player, len(state.players))
    try:
        return _view(state, player)
    except MaumauError:
        raise
    except Exception as error:
        raise state.rules.fault(error) or PluginError(
            f"a slot's view raised {type(error).__name__}: {str(error)[:120]}"
        ) from error


def _view(state: GameState, player: int) -> PlayerView:
    return PlayerView(
        variant=state.variant,
        seat=player,
        options=state.options,
        names=tuple(p.name for p in state.players),
        hand=state.players[player].hand,
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
        drawn=state.drawn if state.to_move == player else None,
        pending=state.pending,
        resigned=tuple(p.resigned for p in state.players),
        scores=state.scores,
        rounds=state.rounds,  # a finished round is public: its hands and slots are shown as they ended
        result=state.result,
        slots=view_slots(state, player, state.slots),
        events=events_seen(state.events, player),
        legal_actions=legal_actions(state, player),
        passes=state.passes,
        holds_drawn=state.drawn is not None,
        playing=state.playing,
        again=state.again,
        draws=state.draws,
        waits=state.waits,
    )
