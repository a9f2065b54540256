"""
Challenge windows: a missed call stays open to a challenge for a while.

With `Challenges`, a call missed on a play (``maumau_judge_call`` said so)
costs nothing at once: any other player may point it out with a
`maumau.Challenge` while the window is open.  The window closes when its
*closer*, the next player, completes a turn (``closes="turn"``) or takes
any action (``closes="action"``).  A challenge costs the offender the
penalty cards, or, with ``take_back=True``, takes the offending card back
into the hand and undoes what it did (the game is rewound to before the
play, through its record), after which the offender's turn is over.

A closer who misses a call in the very turn that closes a window gets a
window of their own, waiting behind it (`Window.then`); two misses of one
player before anyone could challenge the first are challenged together,
for both penalties.  Variants can react to a window closing unchallenged
through the mechanic's own hook ``maumau_window_closed``.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any, Literal

from attrs import evolve, field, frozen

from .._actions import Action, PlayCard, Resign
from .._cards import Card
from .._effects import CallRuling, RoundEnd
from .._engine import replay_with
from .._events import Event
from .._features import Feature, relative_seats
from .._grammar import Grammar
from .._slots import TRANSIENT, Slot
from .._state import GameState, evolve_state
from .._status import Status
from .._view import PlayerView
from ..exceptions import PluginError, Reason
from ..flow import draw_cards, emit, forfeit_turn
from ..hookspecs import hookimpl, hookspec

__all__ = [
    "WINDOWS",
    "Challenge",
    "ChallengeMade",
    "Challenges",
    "PlayTakenBack",
    "Window",
    "offenders",
    "quoted_calls",
    "window",
]


@frozen(cache_hash=True)
class Challenge(Action, kind="challenge"):
    """
    Point out that *offender* missed a call, while the window for it is open.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Defined in `maumau.mechanics.challenges`, beside its rule; still importable as ``maumau.Challenge``.
    """

    offender: int

    def __str__(self) -> str:
        return f"seat {self.seat} challenges seat {self.offender}"


@frozen
class ChallengeMade(Event, kind="challenge_made"):
    """
    *seat* challenged *offender* for the missed call *missed*.

    .. versionchanged:: 0.2.0
       Defined in `maumau.mechanics.challenges`, beside its rule; still importable as ``maumau.ChallengeMade``.
    """

    seat: int
    offender: int
    missed: str


@frozen
class Window:
    """
    A missed call that other players may still point out.

    *missed* is the call that was due and *penalty* what a challenge costs
    the *offender*; two calls missed before the first could be challenged
    join with ``" and "`` ("Mau and Mau Mau") and add their penalties.
    *closer* is the seat whose turn (or action) closes the window.  *then*
    is a window waiting for this one (the closer's own missed call).
    *played_after*, for a window that takes the card back, counts the
    actions before the offending play; *before* is the state before it, a
    reference kept in memory only (states share their parts, so it costs
    next to nothing): it is neither compared, nor saved, nor shown in a
    view, and a window read back from JSON rebuilds it from the record.

    .. versionadded:: 0.2.0
       Replaces ``maumau.ChallengeWindow``; ``closes_on`` and ``undo`` became the mechanic's settings.
    """

    offender: int
    missed: str
    penalty: int
    closer: int = -1
    then: Window | None = None
    played_after: int = -1
    before: GameState | None = field(default=None, eq=False, repr=False, metadata={TRANSIENT: True})

    @property
    def offenders(self) -> tuple[int, ...]:
        """
        The offender of this window and of every window waiting behind it.
        """
        return (self.offender, *(self.then.offenders if self.then is not None else ()))

    def without(self, seat: int) -> Window | None:
        """
        This chain of windows without *seat*'s (a player who resigned): the next one takes its place.
        """
        rest = self.then.without(seat) if self.then is not None else None
        return rest if self.offender == seat else evolve(self, then=rest)


def _unseen(window: Window) -> Window:
    """
    *window* as a player sees it: without the state it remembers.
    """
    rest = _unseen(window.then) if window.then is not None else None
    return evolve(window, before=None, then=rest) if window.before is not None or rest is not window.then else window


#: The open window, with the ones waiting behind it.
WINDOWS: Slot[Window | None] = Slot("challenge", Window, view=lambda state, seat, value: _unseen(value))


def window(holder: object) -> Window | None:
    """
    The open challenge window of a state or view, or ``None``.
    """
    return WINDOWS.get(holder)


def offenders(holder: object) -> tuple[int, ...]:
    """
    The seats that a challenge could still catch, in a state or view.
    """
    current = WINDOWS.get(holder)
    return () if current is None else current.offenders


def quoted_calls(missed: str) -> str:
    """
    A window's *missed* call or calls, each quoted, for messages: "'Mau' and 'Mau Mau'".
    """
    return " and ".join(f"'{call}'" for call in missed.split(" and "))


@frozen
class PlayTakenBack(Event, kind="play_taken_back"):
    """
    A challenge made *seat* take *card* back into the hand; its follow-up was undone.
    """

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} takes {self.card} back; its follow-up is undone"


class WindowHooks:
    """
    The hooks of this mechanic that a variant may implement.
    """

    PIPELINES = frozenset({"maumau_window_closed"})

    @hookspec
    def maumau_window_closed(self, state: GameState, window: Window) -> GameState | None:
        """
        *window* closed without a challenge: a pipeline.

        .. versionadded:: 0.1.0
        """


class Challenges:
    """
    Missed calls open a challenge window instead of costing cards at once.

    Args:
        closes: ``"turn"``: the window closes when the next player completes a turn;
            ``"action"``: when the next player acts at all (or someone else takes the turn).
        take_back: A challenge takes the card back and undoes its follow-up,
            instead of the penalty; then the offender's next action closes the
            window too, as only the last play can be taken back.

    .. versionadded:: 0.2.0
    """

    hookspecs = WindowHooks

    def __init__(self, *, closes: Literal["turn", "action"] = "turn", take_back: bool = False) -> None:
        if closes not in ("turn", "action"):
            raise PluginError(f"closes must be 'turn' or 'action', not {closes!r}", plugin="Challenges")
        self.closes = closes
        self.take_back = take_back

    def __repr__(self) -> str:
        return f"Challenges(closes={self.closes!r}, take_back={self.take_back})"

    @hookimpl
    def maumau_slots(self) -> tuple[Slot[Window | None], ...]:
        return (WINDOWS,)

    @hookimpl
    def maumau_call_missed(
        self, state: GameState, seat: int, ruling: CallRuling, before: GameState
    ) -> GameState | None:
        if ruling.at_once or ruling.missed is None:
            return None
        if self.take_back:  # a challenge costs the card, not a penalty
            opened = Window(seat, ruling.missed, 0, played_after=len(state.actions), before=before)
        else:
            opened = Window(seat, ruling.missed, ruling.penalty)
        return WINDOWS.put(state, self._joined(WINDOWS.get(state), opened))

    def _joined(self, earlier: Window | None, opened: Window) -> Window:
        """
        The windows once *opened* opens beside the *earlier* ones still open.
        """
        if earlier is None:
            return opened
        if earlier.offender == opened.offender and earlier.then is None and not self.take_back:
            # A second miss before anyone could point out the first (two players and a skip):
            # one challenge catches both, and costs both penalties.
            return evolve(
                opened, missed=f"{earlier.missed} and {opened.missed}", penalty=earlier.penalty + opened.penalty
            )
        if earlier.offender == opened.offender:
            return evolve(opened, then=earlier.then)  # only the last play can be taken back
        # The closer missed a call in the turn that is to close the earlier window: theirs waits for it.
        return evolve(earlier, then=self._joined(earlier.then, opened))

    @hookimpl
    def maumau_actions(self, state: GameState, seat: int) -> tuple[Action, ...]:
        current = WINDOWS.get(state)
        if current is None or seat == current.offender:
            return ()
        return (Challenge(seat, current.offender),)

    @hookimpl
    def maumau_action_space(self, players: int) -> tuple[Action, ...]:
        return tuple(Challenge(0, offender) for offender in range(players))

    @hookimpl
    def maumau_features(self, players: int) -> tuple[Feature, ...]:
        def open_against(view: PlayerView) -> list[float]:
            caught = offenders(view)
            return [float(seat in caught) for seat in relative_seats(view)]

        return (Feature("challengeable", players, open_against, "whose missed call can be challenged, relative seats"),)

    @hookimpl
    def maumau_apply_action(self, state: GameState, action: Action) -> GameState | None:
        if type(action) is not Challenge:
            return None
        current = WINDOWS.get(state)
        assert current is not None
        state = emit(WINDOWS.put(state, current.then), ChallengeMade(action.seat, current.offender, current.missed))
        if self.take_back:
            return self._take_back(state, current)
        penalty = f"missed {quoted_calls(current.missed)}"
        state, _ = draw_cards(state, current.offender, current.penalty, penalty=penalty, required=True)
        return state

    def _take_back(self, state: GameState, current: Window) -> GameState:
        """
        The game as it was before the offending play, the card back in the hand, and the offender's turn over.

        Nothing but resignations can have happened since (any other action
        closes the window), so the game is replayed up to the play and the
        resignations are kept.
        """
        offender, card = current.offender, state.top
        before = current.before
        if before is None:  # read back from JSON: the record rebuilds it
            record = evolve(state.record, actions=state.actions[: current.played_after])
            before = replay_with(state.rules, record)
        players = tuple(
            evolve(then, resigned=now.resigned) for then, now in zip(before.players, state.players, strict=True)
        )
        restored = evolve_state(before, players=players, events=(*state.events, PlayTakenBack(offender, card)))
        return forfeit_turn(WINDOWS.put(restored, current.then), offender)

    @hookimpl
    def maumau_before_action(self, state: GameState, action: Action) -> GameState | None:
        current = WINDOWS.get(state)
        if current is None:
            return None
        kind = type(action)
        if kind is Resign:
            return WINDOWS.put(state, current.without(action.seat))
        if self.closes == "action" and kind is not Challenge:
            # a jump-in takes the turn from the closer, so it closes the window as the closer's own action would
            takes_turn = kind is PlayCard and action.seat not in (state.to_move, current.offender)
            if action.seat == current.closer or takes_turn:
                return self._close(state, current)
        return None

    def _close(self, state: GameState, current: Window) -> GameState:
        """
        Close *current* unchallenged; a window waiting behind it opens.
        """
        state = WINDOWS.put(state, current.then)
        closed = state.rules.hooks["maumau_window_closed"]
        return closed(state, current)  # type: ignore[no-any-return]

    @hookimpl
    def maumau_turn_ended(self, state: GameState, seat: int) -> GameState | None:
        current = WINDOWS.get(state)
        if current is None:
            return None
        if self.closes == "turn" and current.closer == seat and current.offender != seat:
            state = self._close(state, current)
            current = WINDOWS.get(state)
            if current is None:
                return state
        # The offender cannot close their own window: when a skip hands them the move again (two
        # players, an 8), it waits for the player after them.  Only where the challenge takes the
        # card back does the offender's next action close it, as only the last play can be taken back.
        following = state.to_move
        assert following is not None
        closer = (
            following if following != current.offender or self.take_back else state.rules.next_seat(state, following)
        )
        # A skip or a jump-in can pass over the closer: the window then waits for whoever moves next.
        return WINDOWS.put(state, evolve(current, closer=closer)) if closer != current.closer else state

    @hookimpl(wrapper=True)
    def maumau_round_over(self, state: GameState) -> Generator[None, RoundEnd | None, RoundEnd | None]:
        end = yield
        if end is not None and end.reason == "out" and set(end.winners) & set(offenders(state)):
            return None  # an empty hand wins only once nobody can challenge the call missed with it
        return end

    @hookimpl
    def maumau_round_ended(self, state: GameState) -> GameState | None:
        return WINDOWS.put(state, None) if WINDOWS.get(state) is not None else None

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> tuple[Reason, str] | None:
        if type(action) is not Challenge:
            return None
        assert isinstance(action, Challenge)
        current = WINDOWS.get(state)
        if current is None:
            return Reason.NO_CHALLENGE, "no missed call can be challenged now"
        if action.seat == current.offender:
            return Reason.NO_CHALLENGE, "a player cannot challenge their own call"
        return Reason.NO_CHALLENGE, f"seat {action.offender} missed no call; seat {current.offender} did"

    @hookimpl
    def maumau_sample_hidden(self, state: GameState) -> GameState | None:
        """
        A sampled position's take-back windows remember a position before the play, which no view shows.

        Only the card is known to go back, so the remembered position is this
        one with the top card back in the offender's hand, the offender to
        move, and nothing owed, skipped or wished; what the card's follow-up
        did beside the cards (a pig's move) is not undone, nor a debt the
        offender had extended restored: a simplification of a rare case
        (a challenge of a take-back window inside a search) that a search can live with.
        """
        current = WINDOWS.get(state)
        if current is None or not self.take_back:
            return None
        return WINDOWS.put(state, self._remembering(state, current))

    def _remembering(self, state: GameState, current: Window) -> Window:
        rest = self._remembering(state, current.then) if current.then is not None else None
        if current.before is not None:
            return evolve(current, then=rest)
        if len(state.discard_pile) < 2:  # the pile was recycled under the card: it stays where it is
            return evolve(current, before=evolve_state(WINDOWS.put(state, None), to_move=current.offender), then=rest)
        offender = state.players[current.offender]
        players = (
            *state.players[: current.offender],
            evolve(offender, hand=(*offender.hand, state.top)),
            *state.players[current.offender + 1 :],
        )
        before = evolve_state(
            WINDOWS.put(state, None),
            players=players,
            discard_pile=state.discard_pile[:-1],
            to_move=current.offender,
            pending=None,
            drawn=None,
            debt=0,
            skips=0,
            wish=None,
        )
        return evolve(current, before=before, then=rest)

    @hookimpl
    def maumau_check_state(self, state: GameState) -> str | None:
        current = WINDOWS.get(state)
        count = len(state.players)
        if current is not None and any(not 0 <= seat < count for seat in current.offenders):
            return (
                f"challenge offender {current.offenders} names a seat that does not exist; seats are 0 to {count - 1}"
            )
        return None


# --- how challenges of a missed call are told, shown, typed and played -----------------------


@hookimpl
def maumau_tell_event(event: Event, narrator: Grammar) -> str | None:
    if not isinstance(event, ChallengeMade):
        return None
    offender, missed = narrator.object_name(event.offender), quoted_calls(event.missed)
    return f"{narrator.verb(event.seat, 'challenge', 'challenges')} {offender} for the missed {missed}."


@hookimpl
def maumau_tell_action(action: Action, narrator: Grammar, seen: PlayerView | None) -> str | None:
    if not isinstance(action, Challenge):
        return None
    found = window(seen) if seen is not None else None
    missed = f" (missed {quoted_calls(found.missed)})" if found is not None else ""
    return f"challenge {narrator.object_name(action.offender)}{missed}"


@hookimpl
def maumau_tell_move(event: Event, narrator: Grammar) -> str | None:
    return f"challenged {narrator.object_name(event.offender)}" if isinstance(event, ChallengeMade) else None


@hookimpl
def maumau_status(seen: PlayerView) -> Status | None:
    found = window(seen)
    if found is None:
        return None
    return Status(
        "Open call", f"seat {found.offender} missed {quoted_calls(found.missed)} and may be challenged", "call"
    )


@hookimpl
def maumau_shown_slots() -> tuple[str, ...]:
    return (WINDOWS.name,)


@hookimpl
def maumau_move_names(action: Action) -> tuple[str, ...] | None:
    return ("challenge", f"challenge {action.offender}") if isinstance(action, Challenge) else None


@hookimpl
def maumau_menu_place(action: Action) -> int | None:
    return 0 if isinstance(action, Challenge) else None  # a challenge first: its window may close


@hookimpl
def maumau_bot_knows() -> tuple[type[Action], ...]:
    return (Challenge,)


@hookimpl(tryfirst=True)
def maumau_bot_hint(actions: Sequence[Action]) -> Action | None:
    return next((action for action in actions if isinstance(action, Challenge)), None)  # a missed call: always


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> tuple[object, ...] | None:
    section = data.get("challenges", {})
    if not section.get("missed_calls"):
        return None
    return (Challenges(closes=section.get("closes", "turn"), take_back=section.get("take_back", False)),)


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "challenges": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "missed_calls": {
                    "type": "boolean",
                    "description": (
                        "A missed call is not charged at once: "
                        "any other player may point it out until the window closes."
                    ),
                    "default": False,
                },
                "closes": {
                    "type": "string",
                    "enum": ["turn", "action"],
                    "description": (
                        "When a missed call's window closes: "
                        "at the end of the next player's turn, or at the next action."
                    ),
                    "default": "turn",
                },
                "take_back": {
                    "type": "boolean",
                    "description": "A missed call that is caught also takes the card back into its player's hand.",
                    "default": False,
                },
            },
            "description": "Challenges.",
        },
    }
