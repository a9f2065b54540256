"""
maumau variants as OpenSpiel Python games.

`register_games` registers each installed variant as ``maumau_<variant>``
(hyphens become underscores: ``maumau_penalty_52``), a sequential game of
imperfect information whose chance nodes deal the match: chance picks one
of ``deals`` seeds, uniformly, and the seed decides every shuffle of the
match.  The seed is chosen a base-256 digit at a time, the most significant
first, so that no chance node has more than 256 outcomes: one node for up
to 256 deals, two for the default 65,536 (`MaumauState.apply_deal` applies
the digits of a seed of one's own).  Player actions are the ids of
`maumau.rl.ActionSpace`; reactions are decisions of their own, as in the
PettingZoo environment.  Returns are paid at the end of the match: 1 to
each winner, -1 to the others.

Game parameters: ``players``, ``deals`` (how many seeds chance draws from),
``options`` (the variant's options as JSON text, ``""`` for none) and
``max_decisions`` (a match still going after that many decisions stops,
and pays nobody).

Observations: the observation tensor and the information-state tensor are
both the `maumau.rl.Observer` vector of the player's view.  The
information-state *string* has perfect recall: it ends with a digest of
every observation the player has had since the deal.

`MaumauState.resample_from_infostate` (which IS-MCTS uses) deals the cards
the player has not seen (the other hands and the draw pile) afresh; what a
slot hides (sau-mau-mau's face-down bets) stays as it is in the true game.
"""

from __future__ import annotations

import functools
import hashlib
import json
import operator
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from .._games import new_game
from .._state import GameState
from .._view import PlayerView, view
from ..flow import evolve_player, evolve_state
from ..plugins import Rules, variant_names
from ._encoder import StateEncoder
from ._spaces import NO_REACTION, ActionSpace, Observer
from ._turns import Position, Turn, returns

__all__ = ["MaumauGame", "MaumauState", "game_name", "game_type", "register_games"]

#: How many decisions a match may take before it stops with no winner, unless ``max_decisions`` says otherwise:
#: OpenSpiel wants a bound on the length of a game, and random play (a rollout) can draw for a long time.
MAX_DECISIONS = 10_000
#: How many deals chance draws from, unless the parameter ``deals`` says otherwise.
DEALS = 1 << 16
#: The most outcomes of a chance node: the deal's seed is chosen a digit of this base at a time.  A sampler reads
#: every outcome of the node it samples (``pyspiel.sample_action`` takes 2.4 ms over 65,536 of them, 10 µs over 256).
DEAL_RADIX = 256
#: OpenSpiel's current player at the deal and once the match is over, as plain numbers.
_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)


def game_name(variant: str) -> str:
    """
    The OpenSpiel short name of *variant*: ``maumau_`` and the name, hyphens as underscores.
    """
    return "maumau_" + variant.replace("-", "_")


def _view_text(seen: PlayerView) -> str:
    """
    What a player sees, as one line: the basis of the observation strings.

    The turn in progress (a play of several cards still open, another turn,
    the draws by choice, turns to sit out) is told only when there is one,
    so a game that never has one keeps the strings it had.
    """
    hand = " ".join(str(card) for card in seen.hand)
    slots = "; ".join(f"{name}={value!r}" for name, value in seen.slots)
    turn = ""
    if seen.playing or seen.again is not None or seen.draws or seen.waits:
        playing = " ".join(str(card) for card in seen.playing)
        turn = f"playing {playing} again {seen.again} draws {seen.draws} waits {list(seen.waits)} | "
    return (
        f"seat {seen.seat} round {seen.round} | hand {hand} | top {seen.top} | pile {len(seen.discard_pile)} "
        f"| wish {seen.wish} debt {seen.debt} skips {seen.skips} | hands {list(seen.hand_sizes)} "
        f"| to move {seen.to_move} pending {seen.pending} drawn {seen.drawn} | {turn}scores {list(seen.scores)} "
        f"| {slots} | {[str(action) for action in seen.legal_actions]}"
    )


class MaumauGame(pyspiel.Game):  # type: ignore[misc]
    """
    One maumau variant as an OpenSpiel game.

    *plugins* are house-rule plugins played on top of the variant.  A game
    registered by `register_games` has none (OpenSpiel's parameters are
    plain values); make one with plugins by calling the class with the
    variant's `game_type`.

    .. versionadded:: 0.2.0
    """

    def __init__(
        self, variant: str, game_type: Any, params: dict[str, Any] | None = None, *, plugins: Sequence[object] = ()
    ) -> None:
        given = dict(params or {})
        self.plugins = tuple(plugins)
        rules = Rules.build(variant, self.plugins)
        seats = rules.seats(rules.resolve_options(None))
        self.variant = variant
        self.players = int(given.get("players", seats.start))
        self.deals = int(given.get("deals", DEALS))
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        #: The chance nodes of the deal: the base-256 digits of the largest seed, at least one.
        self.deal_digits = _digits(self.deals)
        self.max_decisions = int(given.get("max_decisions", MAX_DECISIONS))
        text = str(given.get("options", ""))
        self.game_options: dict[str, object] | None = json.loads(text) if text else None
        sample = new_game(variant, players=self.players, options=self.game_options, seed=0, plugins=self.plugins)
        self.space = ActionSpace.of(sample)
        self.observer = Observer.of(sample)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=min(self.deals, DEAL_RADIX),
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_decisions + self.deal_digits,  # the deal's digits, then the decisions
        )
        super().__init__(game_type, info, params or {})

    def new_initial_state(self) -> MaumauState:
        return MaumauState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """
        A game pickles as its name and parameters, and is loaded again by them: OpenSpiel serializes a Python game
        and its states by pickling them (``pyspiel.serialize_game_and_state``).

        Raises:
            TypeError: the game was made with plugins, which no parameter names.
        """
        if self.plugins:
            raise TypeError(f"cannot pickle {self}: a game made with plugins is not loaded again by its parameters")
        return _loaded, (game_name(self.variant), dict(self.get_parameters()))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MaumauObserver:
        return MaumauObserver(self, iig_obs_type)


#: The ids chosen since an anchor, newest outermost: ``((None, first), second)``; ``None`` for none.
Trail = tuple[Any, int] | None


class _Now:
    """
    What a state holds, all of it immutable: OpenSpiel's ``clone`` deep-copies a state, and this it shares.

    The information states are worked out when asked for, not on every step
    of a rollout, and a rollout must not keep every position it passed
    (keeping them costs the garbage collector more than the rest of a step).
    So a state remembers its past as an *anchor*, an earlier state that it
    keeps, and the *trail* of ids chosen since, from which the positions in
    between are played again when a digest is asked for.  A state without an
    anchor is a root: the deal, or a state dealt afresh by
    `MaumauState.resample_from_infostate`, whose *previous* is the past it
    recalls.  A state becomes its children's anchor once a digest of it has
    been worked out (*digests*, by seat), so that a match whose information
    states are asked at every decision plays nothing again.  *player* is
    OpenSpiel's current player, which it asks for several times a step, and
    *legal* the sorted legal ids.
    """

    __slots__ = (
        "anchor",
        "decisions",
        "digests",
        "game",
        "legal",
        "player",
        "position",
        "previous",
        "trail",
        "turn",
    )

    def __init__(
        self,
        game: MaumauGame,
        position: Position | None,
        turn: Turn | None,
        decisions: int = 0,
        anchor: _Now | None = None,
        trail: Trail = None,
        previous: _Now | None = None,
    ) -> None:
        # Positional after *turn*: this runs at every step.
        self.game = game
        self.position = position
        self.turn = turn
        #: The decisions taken since the deal.
        self.decisions = decisions
        self.anchor = anchor
        self.trail = trail
        self.previous = previous
        self.digests: dict[int, str] | None = None
        self.legal: list[int]
        if turn is not None:
            self.player = turn.seat
            self.legal = sorted(turn.ids)
        else:
            self.player = _CHANCE if position is None else _TERMINAL
            self.legal = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """
        What a state holds, pickled as what makes it: the seed of its deal and the ids chosen since, played again
        when it is restored (OpenSpiel serializes a Python state by pickling its attributes).

        Raises:
            TypeError: the cards were dealt afresh (`MaumauState.resample_from_infostate`), which no seed says.
        """
        if self.position is None:  # before the deal
            return _Now, (self.game, None, None)
        ids: list[int] = []  # newest first, back to the root
        node = self
        while node.anchor is not None:
            trail = node.trail
            while trail is not None:
                trail, index = trail
                ids.append(index)
            node = node.anchor
        assert node.position is not None
        seed = node.position.state.seed
        if node.previous is not None or _dealt(node.game, seed).position != node.position:  # a world of a search
            raise TypeError("cannot pickle a state dealt afresh by resample_from_infostate: no seed deals its cards")
        return _played_on, (node.game, seed, ids[::-1])

    def after(self, position: Position, index: int) -> _Now:
        """
        What a state holds after id *index* took this one to *position*.
        """
        game = self.game
        decisions = self.decisions + 1
        turn = position.turn(game.space) if decisions < game.max_decisions else None
        if self.anchor is None or self.digests is not None:
            return _Now(game, position, turn, decisions, self, (None, index))
        return _Now(game, position, turn, decisions, self.anchor, (self.trail, index))

    def parent(self) -> _Now | None:
        """
        The past this state recalls up to its last decision, as a state that may hold no position.
        """
        if self.anchor is None:
            return self.previous
        if self.trail is None or self.trail[0] is None:
            return self.anchor
        return _Now(self.game, None, None, self.decisions - 1, self.anchor, self.trail[0])

    def memory(self, seat: int) -> str:
        """
        A digest of every observation *seat* has had since the deal, this one included.
        """
        chain: list[_Now] = []  # the states whose digest is to be worked out, newest first
        node: _Now | None = self
        while node is not None and (node.digests is None or seat not in node.digests):
            chain.append(node)
            node = node.anchor if node.anchor is not None else node.previous
        digest = node.digests[seat] if node is not None and node.digests is not None else ""
        for step in reversed(chain):
            if step.anchor is None:  # a root: its own position follows what it recalls
                assert step.position is not None
                digest = _digest(digest, step.position, seat)
            else:  # the positions since the anchor, played again from it
                ids: list[int] = []
                trail = step.trail
                while trail is not None:
                    trail, index = trail
                    ids.append(index)
                position = step.anchor.position
                assert position is not None
                space = self.game.space
                for index in reversed(ids):
                    turn = position.turn(space)
                    assert turn is not None
                    position = position.after(space, turn, index)
                    digest = _digest(digest, position, seat)
            if step.digests is None:
                step.digests = {}
            step.digests[seat] = digest
        return digest


def _digits(deals: int) -> int:
    """
    How many base-256 digits choose one of *deals* seeds (0 to *deals* - 1): the chance nodes of the deal.
    """
    digits = 1
    while DEAL_RADIX**digits < deals:
        digits += 1
    return digits


@functools.lru_cache(maxsize=64)
def _deal_outcomes(seeds: int, unit: int) -> tuple[tuple[int, float], ...]:
    """
    The outcomes of a chance node of the deal, each next digit with its probability, where the digits chosen so
    far leave *seeds* seeds and each value of the next digit stands for *unit* of them (the last may stand for
    fewer): the share of the seeds a digit leads to, so that every seed is as likely.  Made once per shape: a
    match of a few dozen decisions would otherwise make them at every deal.
    """
    digits = range(-(-seeds // unit))  # as many as the seeds left need
    return tuple((digit, (min(seeds, (digit + 1) * unit) - digit * unit) / seeds) for digit in digits)


@functools.lru_cache(maxsize=64)
def _deal_choices(seeds: int, unit: int) -> tuple[int, ...]:
    """
    The digits of a chance node of the deal (as `_deal_outcomes`), made once.
    """
    return tuple(digit for digit, _ in _deal_outcomes(seeds, unit))


def _whole_number(value: object) -> int | None:
    """
    *value* as an ``int`` if it is a whole number (numpy's integers too, as a sampler draws them), else ``None``: a
    ``bool`` or a ``float`` is no seed.
    """
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _digest(digest: str, position: Position, seat: int) -> str:
    """
    *digest* followed by what *seat* sees at *position*.
    """
    seen = _view_text(view(position.state, seat))
    return hashlib.blake2b((digest + seen).encode(), digest_size=16).hexdigest()


class MaumauState(pyspiel.State):  # type: ignore[misc]
    """
    A match of one variant: a chance node for the deal, then the players' decisions.

    .. versionadded:: 0.2.0
    """

    def __init__(self, game: MaumauGame) -> None:
        super().__init__(game)
        self.now = _Now(game, None, None)
        #: Before the deal: the seed's digits chosen so far, as a number, and the digits still to choose.
        self.dealing = (0, game.deal_digits)

    def __reduce__(self) -> tuple[Any, ...]:
        """
        A state pickles as its game and OpenSpiel's serialization of it, so that a process that has registered no
        game (a worker handed a state) loads the game first, registering maumau's games.

        Raises:
            TypeError: the game was made with plugins, or the cards were dealt afresh by `resample_from_infostate`
                (no seed deals them).
        """
        return _unpickled_state, (self.game, self.serialize())

    @property
    def game(self) -> MaumauGame:
        return self.now.game

    @property
    def position(self) -> Position | None:
        return self.now.position

    @property
    def turn(self) -> Turn | None:
        return self.now.turn

    def memory(self, seat: int) -> str:
        """
        A digest of every observation *seat* has had since the deal: what makes its information state recall.
        """
        return self.now.memory(seat)

    def current_player(self) -> int:
        return self.now.player

    def _legal_actions(self, player: int) -> list[int]:
        now = self.now
        return now.legal if player == now.player else []  # OpenSpiel copies the list it is given

    def legal_actions(self, player: int | None = None) -> list[int]:
        """
        The legal actions of *player*, by default the player to decide: the chance outcomes at the deal.

        What OpenSpiel's own ``legal_actions`` answers, without its round
        trips between C++ and Python (it asks this state four times what it
        is), which cost a rollout more than the rest of its step.
        """
        now = self.now
        if player is None or player == now.player:
            if now.position is None:
                return list(_deal_choices(*self._deal_node()))
            return list(now.legal)
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.position is None
        return list(_deal_outcomes(*self._deal_node()))  # a new list of the pairs made once: the caller may change it

    def _deal_node(self) -> tuple[int, int]:
        """
        The chance node of the deal this state is at: the seeds its digits so far leave, and how many seeds each
        value of the next digit stands for (`_deal_outcomes`).
        """
        chosen, left = self.dealing
        unit = DEAL_RADIX ** (left - 1)
        first = chosen * DEAL_RADIX * unit  # the least seed these digits lead to
        return min(self.game.deals, first + DEAL_RADIX * unit) - first, unit

    def apply_deal(self, seed: int) -> None:
        """
        Deal the match from *seed*: apply the chance outcomes that choose it, its base-256 digits.

        For a search or a test that holds a deal of its own; with up to 256
        ``deals`` this is ``apply_action(seed)``.

        Raises:
            ValueError: the state is past its first chance node, or *seed* is not one of the game's ``deals``.

        .. versionadded:: 0.2.0
        """
        if self.position is not None or self.dealing != (0, self.game.deal_digits):
            raise ValueError("apply_deal deals a new match: this state is past the first chance node")
        number = _whole_number(seed)
        if number is None or not 0 <= number < self.game.deals:
            raise ValueError(f"seed must be a whole number from 0 to {self.game.deals - 1}, not {seed!r}")
        for left in range(self.game.deal_digits - 1, -1, -1):
            self.apply_action(number // DEAL_RADIX**left % DEAL_RADIX)

    def _apply_action(self, action: int) -> None:
        now = self.now
        game = now.game
        position = now.position
        if position is None:
            digits = len(_deal_choices(*self._deal_node()))  # the outcomes of this node, 0 to digits - 1
            if not 0 <= action < digits:  # refused before OpenSpiel records it: the state stays as it was
                raise ValueError(
                    f"{action} is not an outcome of this chance node of the deal (0 to {digits - 1}); "
                    "state.apply_deal(seed) deals a seed"
                )
            chosen, left = self.dealing
            seed = chosen * DEAL_RADIX + action
            if left > 1:  # a digit of the seed, and more to choose
                self.dealing = (seed, left - 1)
                return
            self.now = _dealt(game, seed)
            return
        turn = now.turn
        assert turn is not None
        self.now = now.after(position.after(game.space, turn, action), action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.game.deal_digits == 1 else f"deal digit {action}"
        if action == NO_REACTION:
            return "no reaction"
        return str(self.game.space.decode(action, player))

    def is_terminal(self) -> bool:
        return self.now.player == _TERMINAL

    def returns(self) -> list[float]:
        if self.position is None or self.turn is not None:
            return [0.0] * self.game.players
        return returns(self.position.state)  # nothing for anyone if the match stopped at the decision limit

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> MaumauState:
        """
        A state *player_id* cannot tell from this one: the cards it has not seen dealt afresh.

        The player to decide must stay the same (whether a seat is asked to
        react depends on its hand), so deals are drawn until one keeps it; after
        100 tries the true state is returned.
        """
        copy: MaumauState = self.clone()
        if self.position is None or self.turn is None:
            return copy
        rng = random.Random(int(probability_sampler() * 2**53))
        for _ in range(100):
            state = _redealt(self.position.state, player_id, rng)
            position = Position(state, self.position.reacted, self.position.declined)
            turn = position.turn(self.game.space)
            if turn == self.turn:
                copy.now = _Now(self.game, position, turn, self.now.decisions, previous=self.now.parent())
                return copy
        return copy

    def __str__(self) -> str:
        if self.position is None:
            chosen, left = self.dealing
            made = self.game.deal_digits - left  # a state of its own at each chance node: the seed's digits so far
            digits = [chosen // DEAL_RADIX**place % DEAL_RADIX for place in range(made - 1, -1, -1)]
            return f"before the deal, the seed's digits {' '.join(map(str, digits))}" if digits else "before the deal"
        state = self.position.state
        hands = " / ".join(" ".join(str(card) for card in player.hand) for player in state.players)
        return f"round {state.round}, top {state.top}, to move {state.to_move}, hands {hands}"


def _dealt(game: MaumauGame, seed: int) -> _Now:
    """
    The match of *game* dealt from *seed*, before its first decision: a root with no past.
    """
    position = Position(
        new_game(game.variant, players=game.players, options=game.game_options, seed=seed, plugins=game.plugins)
    )
    return _Now(game, position, position.turn(game.space) if game.max_decisions > 0 else None)


def _played_on(game: MaumauGame, seed: int, ids: Sequence[int]) -> _Now:
    """
    What a state holds after the ids *ids* were chosen in the match of *game* dealt from *seed*, as a pickle
    restores it.
    """
    now = _dealt(game, seed)
    for index in ids:
        assert now.position is not None
        assert now.turn is not None
        now = now.after(now.position.after(game.space, now.turn, index), index)
    return now


def _loaded(name: str, params: dict[str, Any]) -> MaumauGame:
    """
    The game of the short *name* with *params*, as a pickle restores it: maumau's games registered first, in a
    process that has not yet.

    Raises:
        ValueError: *name* is no maumau game: a pickle loads nothing else through this.
    """
    if name not in register_games():
        raise ValueError(f"{name!r} is no maumau game registered with OpenSpiel")
    game: MaumauGame = pyspiel.load_game(name, params)
    return game


def _unpickled_state(game: MaumauGame, data: str) -> MaumauState:
    """
    The state of *game* that OpenSpiel serialized as *data*, as a pickle restores it.
    """
    state: MaumauState = game.deserialize_state(data)
    return state


def _redealt(state: GameState, seat: int, rng: random.Random) -> GameState:
    """
    *state* with the cards *seat* has not seen (other hands, the draw pile) shuffled among them, counts kept.

    A card another seat has just drawn and may still play stays in its hand, as the engine expects.
    """
    kept = state.drawn if state.to_move != seat else None
    unseen = [card for other, player in enumerate(state.players) if other != seat for card in player.hand]
    unseen += state.draw_pile
    if kept is not None:
        unseen.remove(kept)
    rng.shuffle(unseen)
    players = []
    for other, player in enumerate(state.players):
        if other == seat:
            players.append(player)
            continue
        size = len(player.hand) - (1 if kept is not None and other == state.to_move else 0)
        hand, unseen = unseen[:size], unseen[size:]
        if kept is not None and other == state.to_move:
            hand.append(kept)
        players.append(evolve_player(player, hand=tuple(hand)))
    return evolve_state(state, players=tuple(players), draw_pile=tuple(unseen))


class MaumauObserver:
    """
    OpenSpiel's observer protocol over `maumau.rl.Observer`: the view as a tensor, and as a string.
    """

    def __init__(self, game: MaumauGame, iig_obs_type: Any) -> None:
        self.observer = game.observer
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict = {part.name: self.tensor[part.start : part.stop] for part in self.observer.layout}
        self._encoder = StateEncoder(self.observer)  # a learner reads the states of a game one after the other

    def set_from(self, state: MaumauState, player: int) -> None:
        if state.position is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self._encoder.encode(state.position.state, player)

    def string_from(self, state: MaumauState, player: int) -> str:
        if state.position is None:
            return f"seat {player}: before the deal"
        text = _view_text(view(state.position.state, player))
        return f"{text} | memory {state.memory(player)}" if self.perfect_recall else text


def game_type(variant: str) -> Any:
    """
    The OpenSpiel ``GameType`` of *variant*, as `register_games` registers it.
    """
    rules = Rules.build(variant)
    seats = rules.seats(rules.resolve_options(None))
    return pyspiel.GameType(
        short_name=game_name(variant),
        long_name=f"maumau {variant}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats.stop - 1,
        min_num_players=seats.start,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": seats.start,
            "deals": DEALS,
            "options": "",
            "max_decisions": MAX_DECISIONS,
        },
    )


def register_games() -> tuple[str, ...]:
    """
    Register every installed variant with OpenSpiel; the short names registered.
    """
    registered = pyspiel.registered_names()
    names = []
    for variant in variant_names():
        name = game_name(variant)
        names.append(name)
        if name in registered:
            continue
        kind = game_type(variant)
        pyspiel.register_game(kind, _factory(variant, kind))
    return tuple(names)


def _factory(variant: str, game_type: Any) -> type[MaumauGame]:
    """
    A subclass of `MaumauGame` for *variant*: OpenSpiel makes games by calling a class with the parameters.

    A class, not a closure: OpenSpiel's registry outlives the interpreter, and
    a registered closure crashes it on the way out; classes are kept alive here.
    """

    def __init__(self: MaumauGame, params: dict[str, Any] | None = None) -> None:
        MaumauGame.__init__(self, variant, game_type, params)

    made = type(f"MaumauGame_{variant.replace('-', '_')}", (MaumauGame,), {"__init__": __init__})
    _REGISTERED[variant] = made
    return made


#: The registered game classes, by variant.
_REGISTERED: dict[str, type[MaumauGame]] = {}
