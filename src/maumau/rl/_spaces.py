"""
The action space and the observation of a game, as game-AI libraries want them.

Both are fixed for a variant, its options and its player count, and both
are assembled from the plugins, so a third-party variant gets them too:
`ActionSpace` numbers every action that the ``maumau_action_space`` hooks
declare, and `Observer` lays the ``maumau_features`` of every plugin side
by side in one vector.  Nothing here needs numpy until an array is asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from attrs import evolve, frozen

from .._actions import Action, Resign, keep_shared
from .._cards import Card
from .._engine import legal_actions
from .._features import Feature, deck_cards, turn_features
from .._games import new_game
from .._options import Options
from .._state import GameState
from .._view import PlayerView
from ..exceptions import InvalidActionError, MissingExtraError, PluginError
from ..plugins import Rules

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["NO_REACTION", "ActionSpace", "Layout", "Observer", "action_space", "observer"]

#: The id of "no reaction": a seat asked whether to act out of turn (challenge, jump in) declines.
NO_REACTION = 0


def _table(rules: Rules, options: Options, players: int) -> tuple[tuple[Card, ...], tuple[str, ...], tuple[str, ...]]:
    """
    What the encoding hooks are asked with: the deck's distinct cards, its suits and the calls.
    """
    cards, suits = deck_cards(rules.deck(options, players))
    return cards, suits, rules.calls(options)


class ActionSpace:
    """
    Every action of one game as a stable integer id, the same for every seat.

    Id 0 is `NO_REACTION`; ids 1 and up are the actions the plugins declare
    (``maumau_action_space``), in the order they declare them: the kernel's
    plays (each card in deck order, without a call and then with each call),
    draw, pass, each suit and resign, then the mechanics' in the order the
    variant names them (a challenge of each seat's missed call,
    `maumau.mechanics.Challenges`; each card with more cards to follow in the
    same play, `maumau.mechanics.Combinations`; each rank a wish may name,
    `maumau.mechanics.RankWishes`; a challenge of each seat's play,
    `maumau.mechanics.PlayChallenges`), then the variant's own.  A play of
    several cards is one id per card, each a decision of its own by the same
    seat.  An id names an action without its seat: `decode` puts the seat
    back.  Get one with `action_space` or `ActionSpace.of`.

    .. versionadded:: 0.2.0
    """

    def __init__(self, variant: str, players: int, options: Options, actions: Sequence[Action]) -> None:
        self.variant = variant
        self.players = players
        self.options = options
        #: The actions by id, as seat 0 takes them; ``None`` at `NO_REACTION`.
        self.actions: tuple[Action | None, ...] = (None, *actions)
        self._by_seat: dict[int, tuple[dict[Action, int], list[Action | None]]] = {}
        #: Ids already found, by the identity of the action: the engine lists the same shared action objects
        #: at every decision, so an id is found without hashing the action (each entry keeps its action, so
        #: that its identity cannot pass to another object).
        self._by_identity: dict[int, tuple[Action, int, bool]] = {}
        #: What `choices` finds by the identity of an action kept in ``_by_identity`` (so that the identity is the
        #: action's for good): its id, 0 for resigning, which no environment offers.
        self._chosen: dict[int, int] = {}

    def __repr__(self) -> str:
        return f"<ActionSpace {self.variant}, {self.players} players, {len(self)} ids>"

    def __len__(self) -> int:
        return len(self.actions)

    @classmethod
    def of(cls, state: GameState) -> ActionSpace:
        """
        The action space of *state*'s game.
        """
        return _space(state.rules, state.options, len(state.players))

    def _seat(self, seat: int) -> tuple[dict[Action, int], list[Action | None]]:
        made = self._by_seat.get(seat)
        if made is None:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
                raise InvalidActionError(seat, f"there is no seat {seat!r}; seats are 0 to {self.players - 1}")
            actions = [None if action is None else evolve(action, seat=seat) for action in self.actions]
            ids = {action: index for index, action in enumerate(actions) if action is not None}
            made = self._by_seat[seat] = (ids, actions)
        return made

    def encode(self, action: Action) -> int:
        """
        The id of *action*.

        Raises:
            InvalidActionError: *action* is not in this game's action space
                (no plugin declares it in ``maumau_action_space``).
        """
        seat = getattr(action, "seat", None)
        ids = self._seat(seat)[0] if isinstance(seat, int) and 0 <= seat < self.players else {}
        index = ids.get(action)
        if index is None:
            raise InvalidActionError(
                action, f"not in the action space of {self.variant} for {self.players} players ({len(self)} ids)"
            )
        return index

    def decode(self, index: int, seat: int) -> Action:
        """
        The action with id *index*, taken by *seat*.

        Raises:
            InvalidActionError: *index* is no action id (`NO_REACTION` is not
                an action), or *seat* no seat.
        """
        actions = self._seat(seat)[1]
        if not isinstance(index, int) or isinstance(index, bool) or not 0 < index < len(actions):
            raise InvalidActionError(index, f"no action id {index!r}; actions are 1 to {len(actions) - 1}")
        action = actions[index]
        assert action is not None
        return action

    def _entry(self, action: Action, seat: int) -> tuple[Action, int, bool]:
        """
        What the identity table keeps of *action*: itself, its id, and whether it is a resignation.
        """
        index = self._seat(seat)[0].get(action)
        if index is None:
            raise PluginError(f"legal action {action} is in no plugin's action space", hook="maumau_action_space")
        return keep_shared(self._by_identity, id(action), (action, index, type(action) is Resign))

    def ids_of(self, actions: Iterable[Action], seat: int) -> list[int]:
        """
        The ids of *actions*, all of *seat*, in their order.

        Raises:
            PluginError: an action is not in the action space: a plugin
                lists it but declares it in no ``maumau_action_space``.
        """
        known = self._by_identity
        found = []
        for action in actions:
            entry = known.get(id(action))
            if entry is None or entry[0] is not action:
                entry = self._entry(action, seat)
            found.append(entry[1])
        return found

    def choices(self, actions: Sequence[Action], seat: int) -> tuple[tuple[int, ...], tuple[Action, ...]]:
        """
        The ids of *actions* (a listing of *seat*'s legal actions) but resigning, and those actions, in their order.

        Raises:
            PluginError: as `ids_of`.
        """
        # Each action's id found by its identity: the environments ask at every step.
        found = self._chosen.get
        ids: list[int] = []
        kept: list[Action] = []
        for action in actions:
            index = found(id(action))
            if index is None:
                index = self._choice(action, seat)
            if index:  # 0: resigning
                ids.append(index)
                kept.append(action)
        return tuple(ids), tuple(kept)

    def _choice(self, action: Action, seat: int) -> int:
        """
        What `choices` keeps of *action*: its id, or 0 (no id of an action) for a resignation, which it leaves out.
        """
        index = self._chosen.get(id(action))
        if index is None:
            entry = self._entry(action, seat)
            index = 0 if entry[2] else entry[1]
            if entry is self._by_identity.get(id(action)):  # kept there, so its identity is the action's for good
                self._chosen[id(action)] = index
        return index

    def legal_ids(self, source: GameState | PlayerView, seat: int | None = None) -> list[int]:
        """
        The ids of the legal actions of *seat* in a state, or of the seat of a view, in the order they are listed.

        Raises:
            PluginError: a legal action is not in the action space: a plugin
                lists it but declares it in no ``maumau_action_space``.
        """
        if isinstance(source, PlayerView):
            seat, actions = source.seat, source.legal_actions
        else:
            if seat is None:
                raise ValueError("a state needs the seat whose legal actions to encode")
            actions = legal_actions(source, seat)
        return self.ids_of(actions, seat)

    def mask(self, source: GameState | PlayerView, seat: int | None = None) -> npt.NDArray[np.int8]:
        """
        The legal-action mask: an int8 array of `len(self) <ActionSpace>` with 1 at each legal id (needs numpy).

        Raises:
            MissingExtraError: numpy is not installed.
        """
        _need_numpy("ActionSpace.mask()")
        import numpy as np

        mask = np.zeros(len(self), dtype=np.int8)
        mask[self.legal_ids(source, seat)] = 1
        return mask


@frozen
class Layout:
    """
    Where a feature sits in the observation vector: ``vector[start:stop]``.

    .. versionadded:: 0.2.0
    """

    name: str
    start: int
    stop: int
    doc: str


class Observer:
    """
    A `maumau.PlayerView` as a fixed-size vector of numbers: every plugin's features side by side.

    The features come in the order of the plugins (the kernel's, the
    mechanics', the variant's, the house rules'); right after the kernel's
    come those of the turn in progress that the game can use (``playing``,
    an open play of several cards, where no plugin observes it already;
    ``again``, another turn; ``draws``, the cards drawn by choice this turn;
    ``waits``, the turns each seat must still sit out), none in a game
    without such a rule, whose observation stays as it was.  ``layout``
    says where each one sits.  Get one with `observer` or `Observer.of`.

    *kernel* (the attribute ``kernel``) says how many of the first
    *features* are the kernel's and the turn's, which the environments
    follow straight from the states rather than read from views when the
    observer is the game's own (`Observer.of`); any other observer's
    vectors are read from views.

    .. versionadded:: 0.2.0
    """

    def __init__(self, variant: str, players: int, features: Sequence[Feature], *, kernel: int = 0) -> None:
        self.variant = variant
        self.players = players
        self.features = tuple(features)
        if not 0 <= kernel <= len(self.features):
            raise ValueError(f"kernel must be 0 to {len(self.features)}, the features, not {kernel!r}")
        #: How many of the first features are the kernel's and the turn's.
        self.kernel = kernel
        names = [feature.name for feature in self.features]
        if len(set(names)) != len(names):
            twice = sorted({name for name in names if names.count(name) > 1})
            raise PluginError(f"two plugins declare the feature {twice[0]!r}", hook="maumau_features")
        layout, start = [], 0
        for feature in self.features:
            layout.append(Layout(feature.name, start, start + feature.size, feature.doc))
            start += feature.size
        #: Each feature's place in the vector, in order.
        self.layout = tuple(layout)
        #: The length of the vector.
        self.size = start

    def __repr__(self) -> str:
        return f"<Observer {self.variant}, {self.players} players, {self.size} numbers>"

    @classmethod
    def of(cls, state: GameState) -> Observer:
        """
        The observer of *state*'s game.
        """
        return _observer(state.rules, state.options, len(state.players))

    def values(self, view: PlayerView) -> list[float]:
        """
        The vector of *view* as a list of numbers.

        Raises:
            PluginError: a feature read a different number of values than its size.
        """
        return self._read(view, self.features)

    def plugin_values(self, view: PlayerView) -> list[float]:
        """
        The numbers of the plugins' own features (those after the first ``kernel``), the end of the vector of *view*.

        Raises:
            PluginError: as `values`.
        """
        return self._read(view, self.features[self.kernel :])

    @staticmethod
    def _read(view: PlayerView, features: Sequence[Feature]) -> list[float]:
        """
        The numbers *features* read from *view*, each checked against its size: a plugin's slip shows here.
        """
        values: list[float] = []
        for feature in features:
            read = feature.read(view)
            if len(read) != feature.size:
                raise PluginError(
                    f"feature {feature.name!r} read {len(read)} values, but its size is {feature.size}",
                    hook="maumau_features",
                )
            values.extend(read)
        return values

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """
        The vector of *view* as a float32 array of ``size`` numbers (needs numpy).

        Raises:
            MissingExtraError: numpy is not installed.
        """
        _need_numpy("Observer.encode()")
        import numpy as np

        return np.array(self.values(view), dtype=np.float32)

    def table(self) -> str:
        """
        The layout as a Markdown table, as the docs show it for each variant.
        """
        lines = ["| numbers | feature | meaning |", "| --- | --- | --- |"]
        for part in self.layout:
            lines.append(f"| {part.start}–{part.stop - 1} | `{part.name}` | {part.doc} |")
        return "\n".join(lines)


def _need_numpy(what: str) -> None:
    """
    Make sure numpy, which only arrays need, is there: *what* needs it, and says so when it is missing.
    """
    try:
        import numpy  # noqa: F401 (imported again where it is used, typed)
    except ImportError as error:
        raise MissingExtraError(what, "rl", error) from None


def _flatten(answers: Iterable[Iterable[Any]]) -> list[Any]:
    return [item for answer in answers for item in answer]


@lru_cache(maxsize=64)  # as many as the rules cache keeps: a server may build rules for every game
def _space(rules: Rules, options: Options, players: int) -> ActionSpace:
    declared = _flatten(rules.hooks["maumau_action_space"](options, players, *_table(rules, options, players)))
    for action in declared:
        if not isinstance(action, Action) or action.seat != 0:
            raise PluginError(f"an action space holds actions of seat 0, not {action!r}", hook="maumau_action_space")
    return ActionSpace(rules.variant, players, options, tuple(dict.fromkeys(declared)))


@lru_cache(maxsize=64)  # as many as the rules cache keeps: a server may build rules for every game
def _observer(rules: Rules, options: Options, players: int) -> Observer:
    cards, suits, _ = _table(rules, options, players)
    answers = [list(answer) for answer in rules.hooks["maumau_features"](options, players, cards, suits)]
    features = _flatten(answers)
    for feature in features:
        if not isinstance(feature, Feature):
            raise PluginError(f"features are maumau.Feature records, not {feature!r}", hook="maumau_features")
    declared = {feature.name for feature in features}
    again, draws, waits = _turn_uses(rules, options, players)
    turn = turn_features(
        players,
        cards,
        playing=rules.play_follows is not None and "playing" not in declared,
        again=again and "again" not in declared,
        draws=draws and "draws" not in declared,
        waits=waits and "waits" not in declared,
    )
    kernel = len(answers[0]) if answers else 0  # the kernel's answer comes first: the turn's features follow it
    return Observer(rules.variant, players, [*features[:kernel], *turn, *features[kernel:]], kernel=kernel + len(turn))


def _turn_uses(rules: Rules, options: Options, players: int) -> tuple[bool, bool, bool]:
    """
    Whether the game can use ``view.again``, ``view.draws`` and ``view.waits``: a card that gives another turn,
    a draw rule that draws more than one card a turn, a card that makes the next player sit turns out.

    The draw rule is one setting; the cards' effects are asked of the first
    deal of a game (seed 0), for the seat to move, which holds cards: the
    effects a game shows there, where a card's effect depends on the
    position at all.
    """
    draws = rules.draw_rule(options).limit != 1
    probe = new_game(rules.variant, players=players, options=options, plugins=rules.house_rules, seed=0)
    seat = probe.to_move if probe.to_move is not None else 0
    effects = [rules.card_effect(probe, seat, card) for card in dict.fromkeys(rules.deck(options, players))]
    again = any(effect.again is not None for effect in effects)
    waits = any(effect.sit_out for effect in effects)
    return again, draws, waits


def action_space(
    variant: str, *, players: int, options: Mapping[str, object] | None = None, plugins: Sequence[object] = ()
) -> ActionSpace:
    """
    The action space of *variant* for *players* seats with *options* and house-rule *plugins*.

    Raises:
        MaumauError: as `maumau.new_game` does, for an unknown variant, a bad
            player count or bad options.

    .. versionadded:: 0.2.0
    """
    return ActionSpace.of(new_game(variant, players=players, options=options, plugins=plugins, seed=0))


def observer(
    variant: str, *, players: int, options: Mapping[str, object] | None = None, plugins: Sequence[object] = ()
) -> Observer:
    """
    The observer of *variant* for *players* seats with *options* and house-rule *plugins*.

    Raises:
        MaumauError: as `maumau.new_game` does.

    .. versionadded:: 0.2.0
    """
    return Observer.of(new_game(variant, players=players, options=options, plugins=plugins, seed=0))
