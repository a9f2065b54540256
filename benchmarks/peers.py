"""
Random legal play, side by side: maumau against RLCard's UNO and OpenSpiel's Crazy Eights.

Why: a number of decisions per second means little alone; next to other
card-game engines run the same way, in the same process, on the same core,
it says whether maumau is in the usual range for its kind.  The machine may be
shared, so every figure is decisions per *CPU* second (`time.process_time`),
each engine is measured in several repeats with the order rotated from one
repeat to the next, and the ratios are taken repeat by repeat (both sides
measured moments apart) before their median, which cancels most of the drift
of a shared machine.

What is measured, per engine, is whole games of uniformly random legal play:

* **maumau** ``classic``, 4 players, to the end of whole matches.  A decision
  is one `maumau.legal_actions` for the acting seat (see `acting_seat`), with
  `maumau.Resign` left out, and one `maumau.apply` of a choice of a seeded
  `random.Random`.
* **RLCard UNO**, at two levels.

  - The game object, ``rlcard.games.uno.game.UnoGame`` (rows "RLCard UNO 4p"
    and "2p"): the rules only.  It takes ``num_players``, so it runs here with
    4 players and with its default 2.  A decision is one legal-actions query
    and one ``game.step``: the legal actions are the ``legal_actions`` of the
    state dict that ``init_game``/``step`` return for the player to act (RLCard
    computes them there anyway; asking ``game.get_legal_actions()`` again would
    count that work twice against RLCard).  That list names an action once per
    copy of the card in hand, so a uniform choice from it favours cards held
    twice.
  - The environment, ``rlcard.make("uno", config={"seed": seed})`` (row
    "RLCard UNO env 2p"): the level an RL user meets, the rules plus what the
    env does for learning on every step: the ``(4, 4, 15)`` observation array,
    the legal action ids (a dict, each action once, computed again by the
    action decoding), the raw state and the action record.  It always has 2
    players: it ignores ``game_num_players`` for UNO (its base class applies
    game configs only to blackjack and the hold'em games).  A decision is one
    ``env.step`` of an id chosen uniformly from the keys of
    ``state["legal_actions"]`` after ``env.reset()``, until ``env.is_over()``.
    This is the level of the project's issue ("RLCard UNO 42,700 decisions per
    CPU second", maumau 0.44 of it): the env's rate and ratio land near those
    figures, the game object's rate is some 2.5 times the env's.  The game
    object is the like-for-like peer of maumau, whose `maumau.apply` encodes no
    observations; the env row is what an RL user would compare with.

  At both levels ``draw`` is one decision even when the drawn card is played at
  once (RLCard does that itself).
* **OpenSpiel** ``crazy_eights`` (C++ behind pybind11), with its default
  parameters and with ``players=4``.  At chance nodes (choosing the dealer,
  dealing, every card drawn) an outcome is sampled with ``pyspiel.sample_action``
  from ``chance_outcomes()``, exact for every parameter choice and the cheapest
  exact way found; these are not decisions, but their time counts, as maumau's
  and RLCard's dealing and drawing happen inside their ``apply``/``step``.  At
  decision nodes one ``legal_actions()`` and one ``apply_action``.  Its games end
  when a hand is empty, after ``max_turns`` card plays, or when the deck is
  empty and everyone passed.

* **maumau's example packages**, the same games as the peers: ``crazy-eights``
  (``examples/crazy-eights``) at OpenSpiel's default parameters with 4 and 5
  players, next to OpenSpiel's rows, and ``uno`` (``examples/uno``) with 4 and 2
  players and the options that make it play as RLCard 1.2 does
  (``drawn_card="rlcard"``, ``payoffs="rlcard"``), next to RLCard's rows.  Both
  are checked move by move against the peers by ``nox -s peers``.  Their
  ratios are printed in decisions and in games per CPU second: the games are
  the same, but maumau counts as decisions what RLCard does inside one
  ``step`` (naming a wild's colour, which RLCard's action carries; playing a
  card just drawn, its only legal action), so for UNO the ratio of games is
  the like-for-like one.

None of the peers offers anything like resigning.  Besides the timed repeats,
an untimed sample of games per engine reports decisions per game, the share
of decisions with a single legal choice (cheap ones: in RLCard "draw" is only
legal with nothing to play) and how the games ended.

Memory, maumau only (RLCard mutates one game object, and OpenSpiel's states
live in C++ where `tracemalloc` cannot see them):

* bytes per state: under `tracemalloc`, one match is played keeping every
  state in a list; what is traced at the end (after `gc.collect`) minus what
  was traced just after `maumau.new_game` (the rules, the deck, the first
  state), less the list itself, divided by the number of states added.
  States share structure (the action log is a cons list, unchanged players
  are reused), so this is what each state adds, not ``sizeof`` of one state.
* peak per decision: the same match played again keeping only the current
  state; before each decision the traced peak is reset, and the peak during
  ``legal_actions`` + ``apply`` minus what was traced before it is that
  decision's transient memory.  Median and maximum over the match.

Peers that are not installed are reported as such and skipped.  ``--only
NAME[,NAME]`` measures a subset, of ``maumau``, ``maumau-crazy-eights`` and
``maumau-uno`` (both rows each), ``rlcard`` (the game object, both rows),
``rlcard-env`` and ``openspiel`` (both rows); the ratios against classic need
``maumau`` among them, the same-game ratios the example package's rows.
Run ``python benchmarks/peers.py --help``, or ``nox -s bench -- --peers``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import maumau

#: A game longer than this is reported as stuck rather than run forever.
MAX_DECISIONS_PER_GAME = 1_000_000

MAUMAU_VARIANT = "classic"
MAUMAU_PLAYERS = 4
#: maumau's ``uno`` playing RLCard's game as RLCard 1.2 plays it (examples/uno), for the like-for-like rows.
UNO_AS_RLCARD = {"drawn_card": "rlcard", "payoffs": "rlcard"}


class PendingLike(Protocol):
    """
    The part of maumau's pending decision this module reads.
    """

    @property
    def seat(self) -> int: ...


class StateLike(Protocol):
    """
    The part of a maumau state this module reads; structural, so the kernel's state class can change.
    """

    @property
    def pending(self) -> PendingLike | None: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def result(self) -> object: ...


class StuckError(RuntimeError):
    """
    A game that cannot go on: no legal action, or no end in sight.
    """


def acting_seat(state: StateLike) -> int | None:
    """
    The seat whose decision a maumau state waits for: a pending decision first, else the seat to move.

    The one place that knows how to find it, so a kernel change is one edit.
    """
    return state.pending.seat if state.pending is not None else state.to_move


@dataclass
class Sample:
    """
    What an untimed sample of games showed: decisions, single-choice decisions, and how games ended.
    """

    games: int = 0
    decisions: int = 0
    forced: int = 0
    endings: Counter[str] = field(default_factory=Counter)

    def add(self, decisions: int, forced: int, ending: str) -> None:
        self.games += 1
        self.decisions += decisions
        self.forced += forced
        self.endings[ending] += 1


@dataclass
class Contender:
    """
    One engine in one configuration: how to play a game fast (timed) and how to play one observed (sampled).

    ``play`` returns the decisions of one whole game; ``observe`` returns
    (decisions, decisions with a single choice, how the game ended).  They
    are separate so the timed loop carries no bookkeeping.
    """

    key: str
    name: str
    label: str
    config: str
    play: Callable[[], int]
    observe: Callable[[], tuple[int, int, str]]
    #: The labels of the maumau rows that play the same game (an example package, a game profile), for
    #: like-for-like ratios.
    pairs: tuple[str, ...] = ()
    rates: list[float] = field(default_factory=list)
    game_rates: list[float] = field(default_factory=list)
    games: int = 0
    decisions: int = 0


# --- maumau -----------------------------------------------------------------------------------------------------


def maumau_contender(
    seed: int, variant: str = MAUMAU_VARIANT, players: int = MAUMAU_PLAYERS, options: dict[str, Any] | None = None
) -> Contender | None:
    """
    maumau *variant* with *players* seats, whole matches; match seeds count up from *seed*.

    None if the variant is not installed (the example packages in ``examples/``).
    """
    if variant not in maumau.variants():
        return None
    rng = random.Random(seed)
    next_seed = [seed]
    legal_actions = maumau.legal_actions
    apply = maumau.apply
    resign = maumau.Resign

    def new_match() -> Any:  # whatever maumau.new_game returns; only StateLike is relied on
        next_seed[0] += 1
        return maumau.new_game(variant, players=players, seed=next_seed[0] - 1, options=options)

    def play() -> int:
        state = new_match()
        choice = rng.choice
        decisions = 0
        while state.result is None:
            actions = [action for action in legal_actions(state, acting_seat(state)) if not isinstance(action, resign)]
            if not actions:
                raise StuckError(f"maumau: seat {acting_seat(state)} can only resign")
            state = apply(state, choice(actions))
            decisions += 1
            if decisions > MAX_DECISIONS_PER_GAME:
                raise StuckError(f"maumau: no end after {decisions} decisions")
        return decisions

    def observe() -> tuple[int, int, str]:
        state = new_match()
        decisions = forced = 0
        while state.result is None:
            actions = [action for action in legal_actions(state, acting_seat(state)) if not isinstance(action, resign)]
            forced += len(actions) == 1
            state = apply(state, rng.choice(actions))
            decisions += 1
        return decisions, forced, "match end" if variant == MAUMAU_VARIANT else state.rounds[-1].reason

    settings = ", ".join(f"{key}={value!r}" for key, value in (options or {}).items()) or "default options"
    config = f"{variant}, {players} players, whole matches ({settings}), Resign left out"
    label = f"maumau {variant} {players}p"
    key = "maumau" if variant == MAUMAU_VARIANT else f"maumau-{variant}"
    return Contender(key, f"maumau {maumau.__version__}", label, config, play, observe)


def _uno_rows(players: int) -> tuple[str, ...]:
    """
    The maumau rows that play RLCard's UNO with *players* seats: the example package and the game profile.
    """
    return (f"maumau uno {players}p", f"maumau uno-rlcard {players}p")


# --- RLCard -----------------------------------------------------------------------------------------------------


def rlcard_contender(players: int, seed: int) -> Contender | None:
    """
    RLCard's UNO game object with *players* seats, or None if RLCard is not installed.
    """
    try:
        uno: Any = importlib.import_module("rlcard.games.uno.game")  # RLCard has no type hints
        np_random: Any = importlib.import_module("numpy.random")
    except ImportError:
        return None
    game: Any = uno.UnoGame(allow_step_back=False, num_players=players)  # untyped RLCard object
    game.np_random = np_random.RandomState(seed)  # the deck's shuffles; init_game passes it on
    rng = random.Random(seed)

    def play() -> int:
        state, _ = game.init_game()
        step = game.step
        choice = rng.choice
        decisions = 0
        while not game.is_over():
            state, _ = step(choice(state["legal_actions"]))
            decisions += 1
            if decisions > MAX_DECISIONS_PER_GAME:
                raise StuckError(f"RLCard UNO: no end after {decisions} decisions")
        return decisions

    def observe() -> tuple[int, int, str]:
        state, player = game.init_game()
        decisions = forced = 0
        while not game.is_over():
            actions = state["legal_actions"]
            if actions != game.get_legal_actions() or player != game.get_player_id():
                raise AssertionError("RLCard UNO: the state dict does not describe the player to act")
            forced += len(actions) == 1
            state, player = game.step(rng.choice(actions))
            decisions += 1
        winner = game.round.winner
        empty = winner is not None and len(winner) == 1 and not game.players[winner[0]].hand
        return decisions, forced, "a hand emptied" if empty else "ended otherwise"

    version = importlib.metadata.version("rlcard")
    config = f"UNO, {players} players{' (default)' if players == 2 else ''}, UnoGame (7 cards, 108-card deck)"
    return Contender("rlcard", f"RLCard {version}", f"RLCard UNO {players}p", config, play, observe, _uno_rows(players))


def rlcard_env_contender(seed: int) -> Contender | None:
    """
    RLCard's UNO as an RL user meets it, ``rlcard.make("uno")`` (2 players), or None if RLCard is not installed.
    """
    try:
        rlcard: Any = importlib.import_module("rlcard")  # RLCard has no type hints
        action_space: dict[str, int] = importlib.import_module("rlcard.games.uno.utils").ACTION_SPACE
    except ImportError:
        return None
    env: Any = rlcard.make("uno", config={"seed": seed})  # untyped rlcard.envs.uno.UnoEnv; seeds its deck
    rng = random.Random(seed)

    def play() -> int:
        state, _ = env.reset()
        step = env.step
        is_over = env.is_over
        choice = rng.choice
        decisions = 0
        while not is_over():
            state, _ = step(choice(list(state["legal_actions"])))  # action ids are the keys
            decisions += 1
            if decisions > MAX_DECISIONS_PER_GAME:
                raise StuckError(f"RLCard UNO env: no end after {decisions} decisions")
        return decisions

    def observe() -> tuple[int, int, str]:
        state, player = env.reset()
        decisions = forced = 0
        while not env.is_over():
            actions = list(state["legal_actions"])
            # the game's list repeats an action for each copy in hand; the env's ids are distinct
            distinct = {action_space[action] for action in env.game.get_legal_actions()}
            if len(actions) != len(distinct) or set(actions) != distinct:
                raise AssertionError("RLCard UNO env: the legal action ids are not the game's legal actions")
            if player != env.get_player_id():
                raise AssertionError("RLCard UNO env: the state does not describe the player to act")
            forced += len(actions) == 1
            state, player = env.step(rng.choice(actions))
            decisions += 1
        winner = env.game.round.winner
        empty = winner is not None and len(winner) == 1 and not env.game.players[winner[0]].hand
        return decisions, forced, "a hand emptied" if empty else "ended otherwise"

    version = importlib.metadata.version("rlcard")
    config = f'UNO, {env.num_players} players, rlcard.make("uno"): game plus observation encoding, action ids'
    label = f"RLCard UNO env {env.num_players}p"
    return Contender("rlcard-env", f"RLCard {version}", label, config, play, observe, _uno_rows(env.num_players))


# --- OpenSpiel --------------------------------------------------------------------------------------------------


def openspiel_contender(players: int | None, seed: int) -> Contender | None:
    """
    OpenSpiel's ``crazy_eights``, default parameters or *players* seats, or None if OpenSpiel is not installed.
    """
    try:
        pyspiel: Any = importlib.import_module("pyspiel")  # pybind11 module without stubs
    except ImportError:
        return None
    game: Any = pyspiel.load_game("crazy_eights", {} if players is None else {"players": players})  # pyspiel.Game
    sample_action = pyspiel.sample_action
    rng = random.Random(seed)
    max_turns = game.get_parameters()["max_turns"]
    draw = 52  # crazy_eights' action id of "Draw"; below it, playing a card

    def play() -> int:
        state = game.new_initial_state()
        choice = rng.choice
        uniform = rng.random
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_action(state.chance_outcomes(), uniform())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions

    def observe() -> tuple[int, int, str]:
        state = game.new_initial_state()
        decisions = forced = plays = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_action(state.chance_outcomes(), rng.random())[0])
            else:
                actions = state.legal_actions()
                forced += len(actions) == 1
                action = rng.choice(actions)
                plays += action < draw
                state.apply_action(action)
                decisions += 1
        if 0.0 in state.returns():  # only an empty hand scores 0
            ending = "a hand emptied"
        elif plays >= max_turns:
            ending = f"max_turns ({max_turns} plays) reached"
        else:
            ending = "blocked: deck empty, all passed"
        return decisions, forced, ending

    params = ", ".join(f"{key}={value}" for key, value in sorted(game.get_parameters().items()))
    default = " (default)" if players is None else ""
    version = importlib.metadata.version("open_spiel")
    config = f"crazy_eights, {game.num_players()} players{default}: {params}"
    label = f"OpenSpiel crazy_eights {game.num_players()}p"
    count = game.num_players()
    pairs = (f"maumau crazy-eights {count}p", f"maumau crazy-eights-openspiel {count}p")
    return Contender("openspiel", f"OpenSpiel {version}", label, config, play, observe, pairs)


# --- measuring --------------------------------------------------------------------------------------------------


def timed(contender: Contender, seconds: float) -> None:
    """
    Play whole games for at least *seconds* of CPU time (finishing the last); record decisions per CPU second.
    """
    play = contender.play
    clock = time.process_time
    games = decisions = 0
    start = clock()
    while True:
        decisions += play()
        games += 1
        cpu = clock() - start
        if cpu >= seconds:
            break
    contender.rates.append(decisions / cpu)
    contender.game_rates.append(games / cpu)
    contender.games += games
    contender.decisions += decisions


def sample(contender: Contender, decisions: int) -> Sample:
    """
    Play observed games, untimed, until they hold at least *decisions* decisions (one game at least).

    A budget in decisions, not games, because a maumau match is some 3,000 decisions and a peer's game some 50 to 80.
    """
    seen = Sample()
    while seen.games == 0 or seen.decisions < decisions:
        seen.add(*contender.observe())
    return seen


#: The issue on speed's goal for the memory a kept state of `classic` adds, in bytes.
MEMORY_GOAL = 700


def maumau_memory(seed: int) -> tuple[int, float, int, int]:
    """
    One maumau match under tracemalloc: (states, bytes each state adds, median and max peak bytes per decision).

    See the module docstring for the method.
    """
    gc.collect()
    tracemalloc.start()
    try:
        rng = random.Random(seed)
        state = maumau.new_game(MAUMAU_VARIANT, players=MAUMAU_PLAYERS, seed=seed)
        gc.collect()
        before, _ = tracemalloc.get_traced_memory()
        states = [state]
        while state.result is None:
            actions = [a for a in maumau.legal_actions(state, acting_seat(state)) if not isinstance(a, maumau.Resign)]
            state = maumau.apply(state, rng.choice(actions))
            states.append(state)
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
        added = len(states) - 1
        per_state = (after - before - sys.getsizeof(states)) / added
        del states, state

        rng = random.Random(seed)
        state = maumau.new_game(MAUMAU_VARIANT, players=MAUMAU_PLAYERS, seed=seed)
        peaks: list[int] = []
        gc.disable()  # a collection inside a decision would free earlier garbage and blur its peak
        while state.result is None:
            tracemalloc.reset_peak()
            current, _ = tracemalloc.get_traced_memory()
            actions = [a for a in maumau.legal_actions(state, acting_seat(state)) if not isinstance(a, maumau.Resign)]
            state = maumau.apply(state, rng.choice(actions))
            _, peak = tracemalloc.get_traced_memory()
            peaks.append(peak - current)
    finally:
        gc.enable()
        tracemalloc.stop()
    return added, per_state, int(statistics.median(peaks)), max(peaks)


#: The names ``--only`` takes, each for the rows it makes: maumau, the RLCard game object at 4 and 2 players,
#: the RLCard env, OpenSpiel at 4 players and at its default.
KEYS = (
    "maumau",
    "maumau-crazy-eights",
    "maumau-uno",
    "maumau-profiles",
    "rlcard",
    "rlcard-env",
    "openspiel",
)


def contenders(seed: int, only: Sequence[str] = KEYS) -> tuple[list[Contender], list[str]]:
    """
    The configurations of the engines named in *only* (see `KEYS`), in `KEYS` order, and the peers not installed.
    """
    makers: dict[str, Callable[[], list[Contender | None]]] = {
        "maumau": lambda: [maumau_contender(seed)],
        "maumau-crazy-eights": lambda: [maumau_contender(seed, "crazy-eights", players) for players in (4, 5)],
        "maumau-uno": lambda: [maumau_contender(seed, "uno", players, UNO_AS_RLCARD) for players in (4, 2)],
        "maumau-profiles": lambda: [
            *(maumau_contender(seed, "crazy-eights-openspiel", players) for players in (4, 5)),
            *(maumau_contender(seed, "uno-rlcard", players) for players in (4, 2)),
        ],
        "rlcard": lambda: [rlcard_contender(players, seed) for players in (4, 2)],
        "rlcard-env": lambda: [rlcard_env_contender(seed)],
        "openspiel": lambda: [openspiel_contender(players, seed) for players in (4, None)],
    }
    install = {
        "maumau-crazy-eights": "-e examples/crazy-eights",
        "maumau-uno": "-e examples/uno",
        "rlcard": "rlcard numpy",
        "rlcard-env": "rlcard numpy",
        "openspiel": "open_spiel",
    }
    found: list[Contender] = []
    missing: list[str] = []
    for key in KEYS:
        if key not in only:
            continue
        made = makers[key]()
        if made[0] is None:
            missing.append(f"{key} (pip install {install[key]})")
        found.extend(contender for contender in made if contender is not None)
    return found, missing


def print_ratio(mine: Contender, peer: Contender, width: int, *, games: bool = False) -> None:
    """
    Print *mine*'s rate over *peer*'s within each repeat, and their median: decisions per CPU second, or games.
    """
    ours, theirs = (mine.game_rates, peer.game_rates) if games else (mine.rates, peer.rates)
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    each = " ".join(f"{ratio:.3f}" for ratio in ratios)
    unit = "games" if games else "dec."
    pair = f"{mine.label} / {peer.label}"
    print(f"  {pair:<{width}} {unit:>5}  {statistics.median(ratios):>7.3f}  [{each}]")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per engine per repeat (default: 2)")
    parser.add_argument("--repeats", type=int, default=5, help="rounds of all engines, order rotated (default: 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and of the choices (default: 0)")
    parser.add_argument(
        "--sample-decisions",
        type=int,
        default=20_000,
        help="untimed decisions per engine, in whole games, for the game statistics (default: 20000; 0: none)",
    )
    parser.add_argument("--no-memory", action="store_true", help="skip maumau's tracemalloc pass")
    parser.add_argument(
        "--only",
        metavar="NAME[,NAME]",
        help=f"measure only these engines, of: {', '.join(KEYS)} (default: all; ratios need maumau)",
    )
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.seconds <= 0:
        parser.error("--repeats must be at least 1 and --seconds positive")
    only = KEYS
    if args.only is not None:
        only = tuple(name.strip() for name in args.only.split(",") if name.strip())
        unknown = sorted(set(only) - set(KEYS))
        if unknown or not only:
            parser.error(f"--only takes names of: {', '.join(KEYS)}; not {', '.join(unknown) or 'nothing'}")

    found, missing = contenders(args.seed, only)
    print(f"Python {platform.python_version()}, {platform.machine()}, decisions per CPU second (time.process_time)")
    print(f"{args.repeats} repeats x {args.seconds:g} CPU s per engine, order rotated each repeat")
    for name in missing:
        print(f"  {name}: not installed, skipped")
    if not found:
        print("nothing to measure")
        return 1

    for repeat in range(args.repeats):
        shift = repeat % len(found)
        for contender in found[shift:] + found[:shift]:
            timed(contender, args.seconds)

    print()
    width = max(len(contender.label) for contender in found)
    print(
        f"{'engine':<{width}}  {'median dec/CPU s':>16}  {'games':>7}  {'dec/game':>8}  decisions/CPU s of each repeat"
    )
    for contender in found:
        each = " ".join(f"{rate:,.0f}" for rate in contender.rates)
        per_game = contender.decisions / contender.games
        median = statistics.median(contender.rates)
        print(f"{contender.label:<{width}}  {median:>16,.0f}  {contender.games:>7,}  {per_game:>8,.1f}  [{each}]")

    home = found[0] if found[0].key == "maumau" else None
    peers = [contender for contender in found if not contender.key.startswith("maumau")]
    if home is not None and peers:
        print()
        print("maumau / peer: the ratio within each repeat, then their median (below 1: maumau is slower)")
        for peer in peers:
            print_ratio(home, peer, len(home.label) + 3 + width)
    by_label = {contender.label: contender for contender in found}
    pairs = [(by_label[label], peer) for peer in peers for label in peer.pairs if label in by_label]
    if pairs:
        print()
        print(
            "the same game side by side: maumau's example package or game profile / the peer, "
            "decisions then games per CPU second"
        )
        pair_width = max(len(mine.label) + 3 + len(peer.label) for mine, peer in pairs)
        for mine, peer in pairs:
            print_ratio(mine, peer, pair_width)
            print_ratio(mine, peer, pair_width, games=True)

    print()
    print("configurations")
    for contender in found:
        print(f"  {contender.label:<{width}}  {contender.name}: {contender.config}")

    if args.sample_decisions > 0:
        print()
        print(f"untimed sample, whole games until {args.sample_decisions:,} decisions each:")
        print("  games, decisions per game, share of decisions with one legal choice, how the games ended")
        for contender in found:
            seen = sample(contender, args.sample_decisions)
            endings = ", ".join(f"{name} {count}" for name, count in seen.endings.most_common())
            per_game = seen.decisions / seen.games
            share = seen.forced / seen.decisions
            print(f"  {contender.label:<{width}}  {seen.games:>5} games  {per_game:>8,.1f}  {share:>4.0%}  {endings}")

    if not args.no_memory and "maumau" in only:
        states, per_state, median_peak, max_peak = maumau_memory(args.seed)
        print()
        print(
            f"maumau memory, one {MAUMAU_VARIANT} match of {states:,} decisions, {MAUMAU_PLAYERS} players (tracemalloc)"
        )
        verdict = "met" if per_state <= MEMORY_GOAL else "not met"
        print(
            f"  bytes each state adds, all states kept   {per_state:>10,.0f}"
            f"   (goal: at most {MEMORY_GOAL:,}, {verdict})"
        )
        print(f"  peak bytes per decision, median / max    {median_peak:>10,} / {max_peak:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
