"""
A match of OpenSpiel's IS-MCTS bot against one of maumau's bots, on a maumau variant registered with OpenSpiel.

Run by ``nox -s openspiel``; with arguments, ``nox -s openspiel -- --games 20 --level heuristic``.
``nox -s openspiel -- --versus ismcts`` is the benchmark: maumau's search bot against IS-MCTS over 100 games,
reporting the search bot's win rate with its 95 % interval and the CPU each side spends per decision.  With
``--simulations auto`` (the benchmark's default) two pilots of a few games measure both sides' CPU per decision and
give IS-MCTS as many simulations as fit in the maumau bot's CPU per decision.  *--level*
is a maumau bot level (`maumau.bots.LEVELS`: ``random``, ``heuristic`` or ``search``).  A bot that observes
(it has an ``observe`` method) is told the events of every action as its seat saw them.  The seats alternate
from one game to the next, and each game is one short match (classic to 1 point: one round).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
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
        action = bot.react(seen) if bots.reacts(bot) else None
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
        if bots.observes(bot):
            bot.observe(view(after.position.state, seat).events)


def play(game: Any, args: argparse.Namespace, simulations: int, games: int, *, quiet: bool = False) -> Result:
    """
    *games* games of IS-MCTS (with *simulations* per decision) against maumau's bots of ``args.level``.
    """
    rng = np.random.RandomState(args.seed)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng, max_length=args.rollout),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    result = Result(simulations)
    for number in range(games):
        ismcts_seat = number % args.players
        opponents = {
            seat: maumau_bot(args.level, args.seed + number * args.players + seat)
            for seat in range(args.players)
            if seat != ismcts_seat
        }
        state = game.new_initial_state()
        while state.is_chance_node():  # chance deals the match, a digit of its seed at a time
            digits, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(digits, p=chances)))
        while not state.is_terminal():
            before = state.position.state
            seat = state.current_player()
            ismcts_moves = seat == ismcts_seat
            clock = time.process_time()
            chosen = searcher.step(state) if ismcts_moves else maumau_move(state, opponents[seat])
            result.spend(ismcts_moves, time.process_time() - clock)
            state.apply_action(chosen)
            tell(opponents, before, state)
        paid = state.returns()
        result.ismcts_wins += paid[ismcts_seat] > 0
        result.bot_wins += sum(paid[seat] > 0 for seat in range(args.players) if seat != ismcts_seat)
        result.bot_games += args.players - 1
        if not quiet:
            print(f"game {number + 1}: IS-MCTS at seat {ismcts_seat}, returns {paid}", flush=True)
    return result


@dataclass
class Result:
    """
    What a run of games showed: wins, and the CPU seconds and decisions of each side.
    """

    simulations: int
    ismcts_wins: float = 0.0
    bot_wins: float = 0.0
    bot_games: int = 0
    ismcts_cpu: float = 0.0
    ismcts_decisions: int = 0
    bot_cpu: float = 0.0
    bot_decisions: int = 0

    def spend(self, ismcts_moved: bool, seconds: float) -> None:
        """Count one decision of *seconds* CPU for the side that made it."""
        if ismcts_moved:
            self.ismcts_cpu += seconds
            self.ismcts_decisions += 1
        else:
            self.bot_cpu += seconds
            self.bot_decisions += 1

    @property
    def ismcts_ms(self) -> float:
        """IS-MCTS's CPU milliseconds per decision."""
        return 1000 * self.ismcts_cpu / max(1, self.ismcts_decisions)

    @property
    def bot_ms(self) -> float:
        """The maumau bot's CPU milliseconds per decision."""
        return 1000 * self.bot_cpu / max(1, self.bot_decisions)


def calibrate(game: Any, args: argparse.Namespace) -> int:
    """
    The IS-MCTS simulations per decision that cost about the maumau bot's CPU per decision, from pilot games.

    A pilot at 20 simulations gives the cost of a simulation, and so a first
    count; IS-MCTS also has a cost per decision that does not grow with its
    simulations, so a second pilot at that count corrects it in proportion.
    The maumau bot's cost is measured in the same games.
    """
    simulations = 20
    for _ in range(2):
        pilot = play(game, args, simulations=simulations, games=args.pilot, quiet=True)
        per_simulation = pilot.ismcts_ms / pilot.simulations
        print(
            f"pilot of {args.pilot} games at {simulations} simulations: {args.level} {pilot.bot_ms:.1f} ms per "
            f"decision, IS-MCTS {pilot.ismcts_ms:.1f} ms ({per_simulation:.2f} ms per simulation)",
            flush=True,
        )
        simulations = max(1, round(pilot.bot_ms / per_simulation))
    print(f"IS-MCTS gets {simulations} simulations per decision: the same CPU per decision", flush=True)
    return simulations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default='{"target": 1}', help="the variant's options, as JSON")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument(
        "--simulations",
        default=None,
        help="IS-MCTS simulations per decision, or 'auto' for the maumau bot's CPU per decision "
        "(default: 100, and auto with --versus)",
    )
    parser.add_argument("--pilot", type=int, default=6, help="games of the pilot that --simulations auto plays")
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
        args.simulations = args.simulations or "auto"
    maumau_bot(args.level, 0)  # an unknown level stops here, before any game

    register_openspiel_games()
    name = "maumau_" + args.variant.replace("-", "_")
    game = pyspiel.load_game(name, {"players": args.players, "options": args.options})
    if args.simulations == "auto":
        simulations = calibrate(game, args)
    else:
        try:
            simulations = int(args.simulations or 100)
        except ValueError:
            raise SystemExit(f"--simulations takes a number or 'auto', not {args.simulations!r}") from None
    started = time.process_time()
    result = play(game, args, simulations, args.games)
    seconds = time.process_time() - started
    print(
        f"{name}, {args.players} players, {args.games} games, IS-MCTS with {simulations} simulations "
        f"against maumau's {args.level} bot: IS-MCTS won {result.ismcts_wins:g}, the {args.level} bots "
        f"{result.bot_wins:g} ({seconds:.1f} CPU seconds)"
    )
    low, high = wilson(result.bot_wins, result.bot_games)
    rate = result.bot_wins / result.bot_games
    print(
        f"maumau's {args.level} bot won {rate:.3f} of its games (95 % interval {low:.3f} to {high:.3f}); "
        f"CPU per decision: {args.level} {result.bot_ms:.1f} ms, IS-MCTS {result.ismcts_ms:.1f} ms"
    )


if __name__ == "__main__":
    main()
