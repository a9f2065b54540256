"""
A match of OpenSpiel's IS-MCTS bot against one of maumau's bots, on a maumau variant registered with OpenSpiel.

Run by ``nox -s openspiel``; with arguments, ``nox -s openspiel -- --games 20 --level heuristic``.
``nox -s openspiel -- --versus ismcts`` is the benchmark: maumau's search bot against IS-MCTS over 100 games,
reporting the search bot's win rate with its 95 % interval and the CPU each side spends per decision (tune
``--simulations`` to give IS-MCTS the same CPU per decision).  *--level*
is a maumau bot level (`maumau.bots.LEVELS`: ``random``, ``heuristic`` or ``search``).  A bot that observes
(it has an ``observe`` method) is told the events of every action as its seat saw them.  The seats alternate
from one game to the next, and each game is one short match (classic to 1 point: one round).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from maumau import bots, view
from maumau.rl import NO_REACTION, register_openspiel_games
from maumau.simulation import wilson


def maumau_bot(level: str, seed: int) -> bots.Bot:
    """
    A maumau bot of *level* (one of `maumau.bots.LEVELS`), seeded with *seed*.
    """
    if level not in bots.LEVELS:
        raise SystemExit(f"no bot level {level!r}; known: {', '.join(bots.LEVELS)}")
    return bots.make_bot(level, seed)


def maumau_move(state: Any, bot: bots.Bot) -> int:
    """
    The id that *bot* chooses in an OpenSpiel *state* of a maumau game, reacting or not as it is asked.
    """
    position, turn, space = state.position, state.turn, state.game.space
    seen = view(position.state, turn.seat)
    if turn.reacting:
        action = bot.react(seen) if isinstance(bot, bots.ReactingBot) else None
        return NO_REACTION if action is None else space.encode(action)
    return int(space.encode(bot.choose(seen)))


def tell(opponents: dict[int, bots.Bot], before: Any, after: Any) -> None:
    """
    Tell each bot that observes the events of the action that led from maumau state *before* to OpenSpiel
    state *after*, as its seat saw them.
    """
    if after.position.state is before:
        return
    for seat, bot in opponents.items():
        observe = getattr(bot, "observe", None)
        if observe is not None:
            observe(view(after.position.state, seat).events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default='{"target": 1}', help="the variant's options, as JSON")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100, help="IS-MCTS simulations per decision")
    parser.add_argument("--rollout", type=int, default=300, help="decisions a random rollout plays at most")
    parser.add_argument("--level", default="heuristic", help="the maumau bot's level: random, heuristic, search")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--versus",
        choices=("ismcts",),
        help="the benchmark: the search bot against IS-MCTS, 100 games unless --games says otherwise",
    )
    args = parser.parse_args()
    if args.versus is not None:
        args.level = "search" if args.level == "heuristic" else args.level
        args.games = 100 if args.games == 10 else args.games

    register_openspiel_games()
    name = "maumau_" + args.variant.replace("-", "_")
    game = pyspiel.load_game(name, {"players": args.players, "options": args.options})
    rng = np.random.RandomState(args.seed)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng, max_length=args.rollout),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=rng,
    )
    wins = {"IS-MCTS": 0.0, args.level: 0.0}
    spent = {"IS-MCTS": [0.0, 0], args.level: [0.0, 0]}  # CPU seconds and decisions, by side
    started = time.process_time()
    for number in range(args.games):
        ismcts_seat = number % args.players
        opponents = {
            seat: maumau_bot(args.level, args.seed + number * args.players + seat)
            for seat in range(args.players)
            if seat != ismcts_seat
        }
        state = game.new_initial_state()
        state.apply_action(int(rng.randint(game.max_chance_outcomes())))
        while not state.is_terminal():
            before = state.position.state
            side = "IS-MCTS" if state.current_player() == ismcts_seat else args.level
            clock = time.process_time()
            if side == "IS-MCTS":
                chosen = searcher.step(state)
            else:
                chosen = maumau_move(state, opponents[state.current_player()])
            spent[side][0] += time.process_time() - clock
            spent[side][1] += 1
            state.apply_action(chosen)
            tell(opponents, before, state)
        paid = state.returns()
        wins["IS-MCTS"] += paid[ismcts_seat] > 0
        wins[args.level] += sum(paid[seat] > 0 for seat in range(args.players) if seat != ismcts_seat)
        print(f"game {number + 1}: IS-MCTS at seat {ismcts_seat}, returns {paid}")
    seconds = time.process_time() - started
    print(
        f"{name}, {args.players} players, {args.games} games, IS-MCTS with {args.simulations} simulations "
        f"against maumau's {args.level} bot: wins {wins} ({seconds:.1f} CPU seconds)"
    )
    low, high = wilson(wins[args.level], args.games * (args.players - 1))
    rate = wins[args.level] / (args.games * (args.players - 1))
    per = {side: 1000 * cpu / max(1, int(count)) for side, (cpu, count) in spent.items()}
    print(
        f"maumau's {args.level} bot won {rate:.3f} of its games (95 % interval {low:.3f} to {high:.3f}); "
        f"CPU per decision: {args.level} {per[args.level]:.1f} ms, IS-MCTS {per['IS-MCTS']:.1f} ms"
    )


if __name__ == "__main__":
    main()
