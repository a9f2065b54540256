"""
What each game-AI adapter of `maumau.rl` costs per step, next to the bare engine.

Why: a search (IS-MCTS) or a learner steps an adapter millions of times, so
the adapter's own work (encoding ids, masks, observations, whose decision it
is) should stay a small part of a step.  Every loop plays whole matches of
one variant from seeds 0, 1, 2, ... with uniformly random legal choices
(a seeded `random.Random`), for about ``--seconds`` of CPU time each:

* **engine**: `maumau.bots.acting_seat`, `maumau.legal_actions` (without
  resigning), a random choice, `maumau.apply`: the floor;
* **OpenSpiel**: ``state.legal_actions()``, a random choice,
  ``state.apply_action()`` on the registered game (no observation read,
  as in a rollout), each match dealt from the next seed
  (``state.apply_deal(seed)``); and again with **chance sampled**, each
  chance node of the deal (a digit of its seed) drawn from
  ``state.chance_outcomes()`` by ``pyspiel.sample_action``, as OpenSpiel's
  own games are stepped from Python;
* **PettingZoo**: ``env.last()`` (the observation and its mask), a random id
  of the mask, ``env.step()``;
* **Gymnasium**: ``env.step()`` with a random id of ``info["action_mask"]``,
  the other seats played by `maumau.bots.RandomBot` s inside the
  environment; every decision of the match counts as a step, the bots'
  too, so that the step is the same unit as the engine's;
* **Gymnasium vector**: the same, 16 matches stepped together by
  `maumau.rl.gymnasium_vector_env`, the random ids of all of them drawn
  at once from ``info["action_mask"]`` (one NumPy expression); and beside
  it Gymnasium's own ``SyncVectorEnv`` of 16 single environments, played
  the same way;
* beside them, the environments of two other libraries as their users
  meet them (`peers.py` describes both): **RLCard UNO env**,
  ``rlcard.make("uno")`` (2 players, its observation array built every
  step), and OpenSpiel's own C++ **crazy_eights** (the players given),
  random legal play: a step of theirs, against maumau's engine step.

The same PettingZoo and Gymnasium loops again with **observations free**:
every `maumau.rl.StateEncoder` hands out one vector of zeros made once, so
that the environment's own bookkeeping (whose decision, its ids and mask,
the bots, the library's dictionaries) is seen without the observations.

And the parts of a lower bound for each adapter, what its step costs at
least whatever the adapter did:

* **engine + every seat's observation** and **engine + seat 0's
  observation**: the engine's loop making the observations an environment
  hands out (`maumau.rl.StateEncoder`, as the environments make them): the
  seat's to decide at every decision (PettingZoo), or seat 0's at its own
  decisions (Gymnasium's learner);
* **OpenSpiel, no game**, **PettingZoo, no game**, **Gymnasium, no game** and
  **Gymnasium vector, no game**: the same loops over environments that do
  nothing (`no_game.py`): the library's own calls and the caller's NumPy;
* **bare loop**: a random choice per step and nothing else, which the
  engine's loop has already and is taken off once.

An adapter costs at least the engine, plus the observations it hands out,
plus its library's and caller's loop (for Gymnasium once per learner step);
the table ends with these sums.  They hold for maumau's observations as they
are: a cheaper encoder would lower them.

Last, each adapter's steps per CPU second as a multiple of the peers'
environments' (their CPU per step over the adapter's, repeat by repeat),
with the goals of issue 33 where the game is the peer's own (`SAME_GAME`):
1.5x RLCard's UNO environment for PettingZoo and Gymnasium on
``uno-rlcard`` with 2 players, 0.3x OpenSpiel's ``crazy_eights`` for the
OpenSpiel game on ``crazy-eights-openspiel``.  The engine's row is the most
any adapter could reach.

Time is CPU time (`time.process_time`).  The loops take turns in each of
several repeats, and each adapter's ratio to the engine (CPU per step over
the engine's CPU per step) is taken repeat by repeat before the median, so
the drift of a shared machine mostly cancels.  The goals: OpenSpiel at most
1.3, PettingZoo and Gymnasium at most 1.5, and the peers' goals above;
``--check`` exits with 1 when one is missed.

``python benchmarks/rl_overhead.py --variant classic --players 2 --seconds 2 --repeats 5``
or ``nox -s bench -- --adapters`` (which installs the libraries).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, Literal

import gymnasium
import no_game
import numpy as np
from peers import Contender, openspiel_contender, rlcard_env_contender

from maumau import Resign, apply, legal_actions, new_game
from maumau.bots import RandomBot, acting_seat
from maumau.rl import (
    StateEncoder,
    action_space,
    gymnasium_env,
    gymnasium_vector_env,
    observer,
    pettingzoo_env,
    register_openspiel_games,
)

#: A loop plays for about the seconds given and returns (steps, CPU seconds).
Loop = Callable[[float], tuple[int, float]]
#: Whose observations the engine's loop makes besides: nobody's, the seat's to decide, or seat 0's at its decisions.
Observed = Literal["every seat", "seat 0"] | None

#: How many matches the Gymnasium vector environment steps at once.
VECTOR_MATCHES = 16
#: The most each adapter may cost per step, as a multiple of the engine's.
GOALS = {"OpenSpiel": 1.3, "PettingZoo": 1.5, "Gymnasium": 1.5, f"Gymnasium vector, {VECTOR_MATCHES}": 1.5}
VECTOR = f"Gymnasium vector, {VECTOR_MATCHES}"
#: The peers' environments, and the game of maumau's that is theirs: (variant, players), None for any player count.
RLCARD, OPENSPIEL = "RLCard UNO env 2p", "OpenSpiel crazy_eights"
SAME_GAME: dict[str, tuple[str, int | None]] = {RLCARD: ("uno-rlcard", 2), OPENSPIEL: ("crazy-eights-openspiel", None)}
#: The least steps per CPU second each adapter should make, as a multiple of its peer's on the same game (issue 33).
PEER_GOALS: dict[tuple[str, str], float] = {
    ("PettingZoo", RLCARD): 1.5,
    ("Gymnasium", RLCARD): 1.5,
    (VECTOR, RLCARD): 1.5,
    ("OpenSpiel", OPENSPIEL): 0.3,
    ("OpenSpiel, chance sampled", OPENSPIEL): 0.3,
}


def engine_loop(variant: str, players: int, *, observing: Observed = None) -> Loop:
    """
    The bare engine: whose decision, its legal actions, a random choice, apply.

    With *observing*, observations are made too, as the environments make
    them (`maumau.rl.StateEncoder`, no copy): the seat's to decide at every
    decision (``"every seat"``, as PettingZoo hands them out), or seat 0's at
    its own decisions (``"seat 0"``, as a Gymnasium environment does).  What
    a learner's observations add to the engine, whatever carries them.
    """

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(0)
        encode = StateEncoder(observer(variant, players=players)).vector if observing else None
        learner = 0 if observing == "seat 0" else None
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            state = new_game(variant, players=players, seed=seed)
            seed += 1
            seat = acting_seat(state)
            while seat is not None:
                if encode is not None and (learner is None or seat == learner):
                    encode(state, seat)
                choices = [action for action in legal_actions(state, seat) if type(action) is not Resign]
                state = apply(state, rng.choice(choices))
                steps += 1
                seat = acting_seat(state)
        return steps, time.process_time() - started

    return run


def observations_free(loop: Loop, size: int) -> Loop:
    """
    *loop* with every observation a vector of zeros of *size* made once: what its environment costs without them.

    `maumau.rl.StateEncoder`, which every environment observes with, is
    patched for the run of the loop alone.
    """
    zeros = np.zeros(size, np.float32)

    def run(seconds: float) -> tuple[int, float]:
        made = StateEncoder.encode, StateEncoder.vector
        free = lambda self, state, seat: zeros  # noqa: E731 (one function for both methods)
        StateEncoder.encode = StateEncoder.vector = free  # type: ignore[method-assign]
        try:
            return loop(seconds)
        finally:
            StateEncoder.encode, StateEncoder.vector = made  # type: ignore[method-assign]

    return run


def learner_share(variant: str, players: int, matches: int = 300) -> float:
    """
    The share of a match's decisions that are seat 0's, in random legal play: the steps a Gymnasium learner takes.
    """
    rng = random.Random(0)
    mine = every = 0
    for seed in range(matches):
        state = new_game(variant, players=players, seed=seed)
        seat = acting_seat(state)
        while seat is not None:
            mine += seat == 0
            every += 1
            state = apply(
                state, rng.choice([action for action in legal_actions(state, seat) if type(action) is not Resign])
            )
            seat = acting_seat(state)
    return mine / every


def no_game_loops(variant: str, players: int) -> dict[str, Loop]:
    """
    The OpenSpiel and PettingZoo loops over environments with no game (`no_game`), with the variant's sizes,
    and the bare loop of random choices that every loop here has, the engine's too.
    """
    ids = len(action_space(variant, players=players))
    numbers = observer(variant, players=players).size
    return {
        "OpenSpiel, no game": _openspiel_run(no_game.openspiel_game(ids), deal=None),
        "PettingZoo, no game": _pettingzoo_run(lambda: no_game.NoGameAEC(players, ids, numbers)),
        "Gymnasium, no game": _gymnasium_run(lambda: no_game.NoGameEnv(ids, numbers, players)),
        "Gymnasium vector, no game": _gymnasium_vector_run(
            lambda: no_game.NoGameVectorEnv(VECTOR_MATCHES, ids, numbers), VECTOR_MATCHES
        ),
        "bare loop": bare_loop(no_game.openspiel_game(ids).new_initial_state().legal_actions()),
    }


def bare_loop(legal: list[int]) -> Loop:
    """
    Episodes of `no_game.LENGTH` steps, each a random choice from a copy of *legal*: the loop and nothing else.
    """

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(0)
        steps, started = 0, time.process_time()
        while time.process_time() - started < seconds:
            step = 0
            while step < no_game.LENGTH:
                rng.choice(list(legal))
                step += 1
            steps += step
        return steps, time.process_time() - started

    return run


def openspiel_loop(variant: str, players: int, *, sampled: bool = False) -> Loop:
    """
    The registered OpenSpiel game: legal actions, a random choice, apply_action, as a rollout does.

    The deal takes the next seed; with *sampled*, chance samples it from
    ``chance_outcomes()`` with ``pyspiel.sample_action``, as OpenSpiel's own
    games are stepped from Python (`peers.openspiel_contender`).
    """
    import pyspiel

    register_openspiel_games()
    game = pyspiel.load_game("maumau_" + variant.replace("-", "_"), {"players": players})
    return _openspiel_run(game, deal="sampled" if sampled else "seed")


def _openspiel_run(game: Any, *, deal: Literal["seed", "sampled"] | None) -> Loop:
    """
    The OpenSpiel loop over *game*'s states; with *deal*, chance deals each first: from the next seed, or sampled.
    """
    import pyspiel

    sample_action = pyspiel.sample_action

    def run(seconds: float) -> tuple[int, float]:
        rng = random.Random(0)
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            state = game.new_initial_state()
            if deal == "seed":
                state.apply_deal(seed % game.deals)  # past the game's deals (a long run), from the first again
                seed += 1
            elif deal == "sampled":
                while state.is_chance_node():  # the deal's seed, a digit at a time
                    state.apply_action(sample_action(state.chance_outcomes(), rng.random())[0])
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, time.process_time() - started

    return run


def pettingzoo_loop(variant: str, players: int) -> Loop:
    """
    The PettingZoo AEC environment: each agent's observation and mask, a random legal id, step.
    """
    return _pettingzoo_run(lambda: pettingzoo_env(variant, players=players))


def _pettingzoo_run(make: Callable[[], Any]) -> Loop:
    """
    The PettingZoo loop over the environments *make* makes.
    """

    def run(seconds: float) -> tuple[int, float]:
        env = make()
        rng = random.Random(0)
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            env.reset(seed=seed)
            seed += 1
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        return steps, time.process_time() - started

    return run


def decisions(env: Any) -> int:
    """
    The decisions of the match *env* plays so far, the bots' too: the actions applied since the deal.

    Counted from the match itself, so that the bots are plain `maumau.bots.RandomBot` s, as a user's are.
    """
    return len(env.position.state.actions)


def gymnasium_loop(variant: str, players: int) -> Loop:
    """
    The Gymnasium environment, seat 0 against random bots: a random legal id, step; every decision counts.
    """
    return _gymnasium_run(lambda: gymnasium_env(variant, players=players, opponents=RandomBot), decisions)


def _gymnasium_run(make: Callable[[], Any], count: Callable[[Any], int] | None = None) -> Loop:
    """
    The Gymnasium loop over the environment *make* makes: as many steps per match as *count* finds in the
    environment at its end, or else one per learner step.
    """

    def run(seconds: float) -> tuple[int, float]:
        env = make()
        rng = random.Random(0)
        steps, seed, started = 0, 0, time.process_time()
        while time.process_time() - started < seconds:
            _, info = env.reset(seed=seed)
            seed += 1
            done, learner = False, 0
            while not done:
                _, _, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(info["action_mask"]).tolist()))
                learner += 1
                done = terminated or truncated
            steps += learner if count is None else count(env)
        return steps, time.process_time() - started

    return run


def gymnasium_vector_loop(variant: str, players: int, matches: int = VECTOR_MATCHES, sync: bool = False) -> Loop:
    """
    The Gymnasium vector environment, *matches* at once, seat 0 of each against random bots: every decision counts.

    With *sync*, Gymnasium's own `gymnasium.vector.SyncVectorEnv` of as many single environments instead.
    """

    def make() -> gymnasium.vector.VectorEnv[Any, Any, Any]:
        if sync:
            return gymnasium.vector.SyncVectorEnv(
                [lambda: gymnasium_env(variant, players=players, opponents=RandomBot)] * matches
            )
        return gymnasium_vector_env(variant, num_envs=matches, players=players, opponents=RandomBot)

    return _gymnasium_vector_run(make, matches, decisions)


def _gymnasium_vector_run(make: Callable[[], Any], matches: int, count: Callable[[Any], int] | None = None) -> Loop:
    """
    The Gymnasium vector loop over *matches* at once in the environment *make* makes: as many steps as *count*
    finds in each match's environment (at the match's end, and at the end of the run for those still going), or
    else one per learner step.
    """

    def run(seconds: float) -> tuple[int, float]:
        envs = make()
        rng = np.random.default_rng(0)
        steps, started = 0, time.process_time()
        _, info = envs.reset(seed=0)
        decided = matches  # the matches whose action counts: NextStep deals an ended match again instead
        ended = np.zeros(matches, dtype=np.bool_)
        while time.process_time() - started < seconds:
            masks = info["action_mask"]
            _, _, terminated, truncated, info = envs.step(np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1))
            ended = terminated | truncated
            if count is None:
                steps += decided
                decided = matches - int(np.count_nonzero(ended))
            elif ended.any():  # an ended match holds its last position until the next step deals it again
                steps += sum(count(env) for env, over in zip(envs.envs, ended, strict=True) if over)
        if count is not None:
            steps += sum(count(env) for env, over in zip(envs.envs, ended, strict=True) if not over)
        return steps, time.process_time() - started

    return run


def peer_loop(make: Callable[[], Contender | None]) -> Loop | None:
    """
    A peer library's environment, as `peers.py` plays it; ``None`` when the library is missing.
    """
    contender = make()
    if contender is None:
        return None
    play = contender.play

    def run(seconds: float) -> tuple[int, float]:
        steps, started = 0, time.process_time()
        while time.process_time() - started < seconds:
            steps += play()
        return steps, time.process_time() - started

    return run


def bounds(per_step: dict[str, float], share: float) -> dict[str, float]:
    """
    Each adapter's least possible CPU per step in engine steps, from one repeat's CPU per step of each loop.

    *share* is the share of the steps that are a Gymnasium learner's, whose
    library and caller's costs come once per learner step.
    """
    engine, bare = per_step["engine"], per_step["bare loop"]
    every = per_step["engine + every seat's observation"]
    learner = per_step["engine + seat 0's observation"]
    return {
        "OpenSpiel": (engine + per_step["OpenSpiel, no game"] - bare) / engine,
        "PettingZoo": (every + per_step["PettingZoo, no game"] - bare) / engine,
        "Gymnasium": (learner + share * (per_step["Gymnasium, no game"] - bare)) / engine,
        f"Gymnasium vector, {VECTOR_MATCHES}": (learner + share * (per_step["Gymnasium vector, no game"] - bare))
        / engine,
    }


def against_peers(per_step: dict[str, list[float]], variant: str, players: int, width: int) -> list[str]:
    """
    Print each adapter's steps per CPU second as a multiple of each peer's, repeat by repeat; the goals missed.

    A goal holds only on the peer's own game (`SAME_GAME`); on another the
    ratio is printed without one.  The engine's row is the most an adapter
    could reach.
    """
    print(f"  {'against the peers':<{width}} {'steps/s':>9} {'× peer':>9} {'goal':>6}   ratios by repeat")
    missed = []
    for peer in (RLCARD, OPENSPIEL):
        if peer not in per_step:
            continue
        same = SAME_GAME[peer][0] == variant and SAME_GAME[peer][1] in (None, players)
        print(f"  {peer} ({'the same game' if same else f'not the game of {variant}, {players} players'}):")
        for key in ("engine", "OpenSpiel", "OpenSpiel, chance sampled", "PettingZoo", "Gymnasium", VECTOR):
            ratios = [theirs / ours for ours, theirs in zip(per_step[key], per_step[peer], strict=True)]
            ratio = statistics.median(ratios)
            goal = PEER_GOALS.get((key, peer)) if same else None
            shown = " ".join(f"{each:.3f}" for each in ratios)
            rate = statistics.median(1 / each for each in per_step[key])
            print(f"  {key:<{width}} {rate:>9,.0f} {ratio:>9.3f} {'' if goal is None else f'{goal:.1f}':>6}   {shown}")
            if goal is not None and ratio < goal:
                missed.append(f"{key} against {peer}")
    return missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop per repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--check", action="store_true", help="exit with 1 when an adapter misses its goal")
    args = parser.parse_args()

    loops: dict[str, Loop] = {
        "engine": engine_loop(args.variant, args.players),
        "OpenSpiel": openspiel_loop(args.variant, args.players),
        "OpenSpiel, chance sampled": openspiel_loop(args.variant, args.players, sampled=True),
        "PettingZoo": pettingzoo_loop(args.variant, args.players),
        "Gymnasium": gymnasium_loop(args.variant, args.players),
        f"Gymnasium vector, {VECTOR_MATCHES}": gymnasium_vector_loop(args.variant, args.players),
        f"Gymnasium SyncVectorEnv, {VECTOR_MATCHES}": gymnasium_vector_loop(args.variant, args.players, sync=True),
        "engine + every seat's observation": engine_loop(args.variant, args.players, observing="every seat"),
        "engine + seat 0's observation": engine_loop(args.variant, args.players, observing="seat 0"),
        **no_game_loops(args.variant, args.players),
    }
    size = observer(args.variant, players=args.players).size
    for key in ("PettingZoo", "Gymnasium", f"Gymnasium vector, {VECTOR_MATCHES}"):
        loops[f"{key}, observations free"] = observations_free(loops[key], size)
    peers = {
        RLCARD: peer_loop(lambda: rlcard_env_contender(0)),
        OPENSPIEL: peer_loop(lambda: openspiel_contender(args.players, 0)),
    }
    loops.update({key: loop for key, loop in peers.items() if loop is not None})
    per_step: dict[str, list[float]] = {key: [] for key in loops}
    order = list(loops)
    for repeat in range(args.repeats):
        for key in order[repeat % len(order) :] + order[: repeat % len(order)]:
            steps, seconds = loops[key](args.seconds)
            per_step[key].append(seconds / steps)
    print(
        f"{args.variant}, {args.players} players: CPU per step, median of {args.repeats} repeats "
        f"of {args.seconds:g} s each"
    )
    width = max(len(key) for key in per_step)
    print(f"  {'':<{width}} {'µs/step':>9} {'× engine':>9} {'goal':>6}   ratios by repeat")
    missed = []
    for key, values in per_step.items():
        ratios = [ours / engine for ours, engine in zip(values, per_step["engine"], strict=True)]
        ratio = statistics.median(ratios)
        goal = GOALS.get(key)
        shown = " ".join(f"{each:.2f}" for each in ratios)
        print(
            f"  {key:<{width}} {statistics.median(values) * 1e6:>9.1f} {ratio:>9.2f} "
            f"{'' if goal is None else f'{goal:.1f}':>6}   {shown}"
        )
        if goal is not None and ratio > goal:
            missed.append(key)
    share = learner_share(args.variant, args.players)
    print(
        "  at least, whatever an adapter did: the engine, the observations it hands out, and the library's and its\n"
        "  caller's loop with no game (less a bare loop, which the engine's loop has already; "
        f"Gymnasium's per learner step, {share:.0%} of the steps):"
    )
    found = [bounds(dict(zip(per_step, each, strict=True)), share) for each in zip(*per_step.values(), strict=True)]
    for key in found[0]:
        print(f"  {key:<{width}} {'':>9} {statistics.median(each[key] for each in found):>9.2f} {GOALS[key]:>6.1f}")
    missed += against_peers(per_step, args.variant, args.players, width)
    if args.check and missed:
        print(f"goals missed: {', '.join(missed)}")
        sys.exit(1)


if __name__ == "__main__":
    main()
