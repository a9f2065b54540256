"""
The immutable game state and the records around it.

A `GameState` is a complete snapshot: every card's place, whose turn it is,
what is owed, which decision is pending, the scores, and the seed that
drives every later shuffle.  It never changes; `maumau.apply` returns a new
one.  Equality and hashing cover the position only: the action log and the
events of the last action ride along for `record` and user interfaces but
do not make two equal positions differ, so search bots can use states as
keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar

from attrs import evolve, field, fields, frozen

from ._actions import Action
from ._cards import Card
from ._events import Event
from ._options import Options

if TYPE_CHECKING:  # pragma: no cover
    from .plugins import Rules

__all__ = [
    "ChallengeWindow",
    "GameRecord",
    "GameState",
    "MatchResult",
    "Pending",
    "PlayerState",
    "RoundResult",
]

#: The action log: a cons list ``(earlier, last_action)``, so appending is O(1).
ActionLog: TypeAlias = "tuple[ActionLog, Action] | None"


@frozen
class PlayerState:
    """
    One seat: its hand, its match total, and whether it has left the match.

    .. versionadded:: 0.1.0
    """

    name: str
    hand: tuple[Card, ...] = ()
    score: int = 0
    resigned: bool = False


@frozen
class Pending:
    """
    A decision that *seat* must take before play goes on.

    *kind* names the decision: ``"suit"`` (name a suit, answered by
    `ChooseSuit` with one of *choices*) is the core's; variants add their own
    kinds and the actions that answer them.  *amount* carries a number the
    decision needs (spaces to move back, say).

    .. versionadded:: 0.1.0
    """

    seat: int
    kind: str
    choices: tuple[str, ...] = ()
    amount: int = 0


@frozen
class ChallengeWindow:
    """
    A missed call that other players may still point out.

    The window stays open until *closer* acts (``closes_on="action"``) or
    completes a turn (``closes_on="turn"``).  *missed* is the call that was
    due and *penalty* what a challenge costs the *offender*; when the
    offender misses another call before the window closes (two players and
    a skip), *missed* joins both calls with ``" and "`` and *penalty* adds
    both.  *undo*, where a variant takes the card back on a challenge, is
    the state from before the offending play (the offender's next action
    closes such a window, as only the last play can be taken back).

    *then* is a window waiting for this one: the closer's own missed call,
    made in the turn that will close this window (a jack whose suit is
    still to be named).  It opens when this one closes or is challenged,
    so each window runs until its own closer completes a turn.

    .. versionadded:: 0.1.0
    """

    offender: int
    missed: str
    penalty: int
    closer: int
    closes_on: Literal["turn", "action"] = "turn"
    undo: GameState | None = None
    then: ChallengeWindow | None = None

    @property
    def offenders(self) -> tuple[int, ...]:
        """
        The offender of this window and of every window waiting behind it.
        """
        return (self.offender, *(self.then.offenders if self.then is not None else ()))

    def without(self, seat: int) -> ChallengeWindow | None:
        """
        This chain of windows without *seat*'s (a player who resigned): the next one takes its place.
        """
        rest = self.then.without(seat) if self.then is not None else None
        return rest if self.offender == seat else evolve(self, then=rest)


def quoted_calls(missed: str) -> str:
    """
    A window's *missed* call or calls, each quoted, for messages: "'Mau' and 'Mau Mau'".
    """
    return " and ".join(f"'{call}'" for call in missed.split(" and "))


@frozen
class RoundResult:
    """
    How one round ended: *reason* (``"out"``, ``"blocked"``, ``"stopped"``,
    or a variant's), its *winners*, the *points* each seat got, the hands as held,
    and the finishing order (*placings*, best first) where the variant keeps one.

    .. versionadded:: 0.1.0
    """

    round: int
    reason: str
    winners: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    placings: tuple[int, ...] = ()


@frozen
class MatchResult:
    """
    How the match ended: its *winners* (ties share), the *reason*, the final *totals*.

    .. versionadded:: 0.1.0
    """

    winners: tuple[int, ...]
    reason: str
    totals: tuple[int, ...]


@frozen
class GameRecord:
    """
    Everything needed to rebuild a game: its set-up and its actions.

    `maumau.replay` rebuilds the state from it, checking every step.

    .. versionadded:: 0.1.0
    """

    variant: str
    players: tuple[str, ...]
    seed: int
    options: Options = field(factory=Options)
    deck: tuple[Card, ...] | None = None
    house_rules: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()


@frozen
class GameState:
    """
    A complete snapshot of one game; it never changes after creation.

    Cards: ``draw_pile`` runs top first, ``discard_pile`` bottom first (its
    last card is the top card).  Obligations on the seat to move: ``wish``
    (the suit to follow), ``debt`` (cards to draw), ``skips`` (an answerable
    skip), ``drawn`` (the card just drawn, the only one that may still be
    played), ``pending`` (a decision to take first).  ``board`` holds what a
    variant keeps beside the cards (pigs and bets); ``None`` for card-only
    variants.

    .. versionadded:: 0.1.0
    """

    variant: str
    rules: Rules = field(eq=False, repr=False)
    options: Options
    seed: int
    players: tuple[PlayerState, ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    dealer: int
    round: int
    to_move: int | None
    direction: int = 1
    wish: str | None = None
    debt: int = 0
    skips: int = 0
    drawn: Card | None = None
    pending: Pending | None = None
    challenge: ChallengeWindow | None = None
    passes: int = 0
    placings: tuple[int, ...] = ()
    rounds: tuple[RoundResult, ...] = ()
    result: MatchResult | None = None
    shuffles: int = 0
    board: Any = None
    house_rules: tuple[str, ...] = ()
    stacked_deck: tuple[Card, ...] | None = None
    events: tuple[Event, ...] = field(default=(), eq=False)
    log: ActionLog = field(default=None, eq=False, repr=False)

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

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """
        Every seat's hand, by seat.
        """
        return tuple(player.hand for player in self.players)

    @property
    def scores(self) -> tuple[int, ...]:
        """
        Every seat's match total, by seat.
        """
        return tuple(player.score for player in self.players)

    @property
    def actions(self) -> tuple[Action, ...]:
        """
        The actions applied since `maumau.new_game`, oldest first.
        """
        actions: list[Action] = []
        node = self.log
        while node is not None:
            node, action = node
            actions.append(action)
        return tuple(reversed(actions))

    @property
    def record(self) -> GameRecord:
        """
        The game record (set-up and actions), enough for `maumau.replay`.
        """
        return GameRecord(
            variant=self.variant,
            players=tuple(player.name for player in self.players),
            seed=self.seed,
            options=self.options,
            deck=self.stacked_deck,
            house_rules=self.house_rules,
            actions=self.actions,
        )

    def active_seats(self) -> tuple[int, ...]:
        """
        The seats still in this round: not resigned and not finished.
        """
        return tuple(
            seat for seat, player in enumerate(self.players) if not player.resigned and seat not in self.placings
        )


_T = TypeVar("_T")
_UNCHANGED: Any = object()


def _make_evolve(cls: type[_T]) -> Callable[..., _T]:
    """
    An `attrs.evolve` for *cls* alone, generated once the way attrs generates ``__init__``.

    `attrs.evolve` walks the class's fields on every call; this one names
    them in its code, which halves the cost for a class as wide as
    `GameState`, evolved several times by every action.  Same arguments
    (the ``__init__`` names), same result.
    """
    init = [a for a in fields(cls) if a.init]  # type: ignore[arg-type]
    params = ", ".join(f"{a.alias}=_unchanged_" for a in init)
    values = ", ".join(
        # positional arguments where attrs allows them: a quarter faster than keywords
        f"{f'{a.alias}=' if a.kw_only else ''}self.{a.name} if {a.alias} is _unchanged_ else {a.alias}"
        for a in sorted(init, key=lambda a: a.kw_only)
    )
    source = f"def evolve(self, *, {params}):\n    return _cls_({values})\n"
    namespace: dict[str, Any] = {"_cls_": cls, "_unchanged_": _UNCHANGED}
    exec(compile(source, f"<maumau evolve {cls.__name__}>", "exec"), namespace)
    function: Callable[..., _T] = namespace["evolve"]
    function.__doc__ = f"`attrs.evolve` for `{cls.__name__}`, faster."
    return function


#: ``evolve_state(state, **changes)``: `attrs.evolve` for a `GameState`, twice as fast.
evolve_state: Callable[..., GameState] = _make_evolve(GameState)
#: ``evolve_player(player, **changes)``: `attrs.evolve` for a `PlayerState`, twice as fast.
evolve_player: Callable[..., PlayerState] = _make_evolve(PlayerState)
