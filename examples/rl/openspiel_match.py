"""
A match of OpenSpiel's IS-MCTS bot against one of maumau's bots, on a maumau variant registered with OpenSpiel.

Run by ``nox -s openspiel``; with arguments, ``nox -s openspiel -- --games 20 --bot HeuristicBot``.  *--bot*
names a bot class of `maumau.bots` (``RandomBot``, ``HeuristicBot``, or any other made with ``seed=``);
*--bot-options* passes it keyword arguments as JSON, such as its search level.  The seats alternate from one
game to the next, and each game is one short match (classic to 1 point: one round).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from maumau import bots
from maumau.rl import NO_REACTION, register_openspiel_games


def maumau_bot(name: str, options: dict[str, Any], seed: int) -> bots.Bot:
    """
    The maumau bot class *name* of `maumau.bots`, made with *options* and *seed*.
    """
    made = getattr(bots, name, None)
    if made is None:
        raise SystemExit(f"maumau.bots has no {name!r}; it has {', '.join(bots.__all__)}")
    bot: bots.Bot = made(seed=seed, **options)
    return bot


def maumau_move(state: Any, bot: bots.Bot) -> int:
    """
    The id that *bot* chooses in an OpenSpiel *state* of a maumau game, reacting or not as it is asked.
    """
    position, turn, space = state.position, state.turn, state.game.space
    seen = maumau_view(position.state, turn.seat)
    if turn.reacting:
        action = bot.react(seen) if isinstance(bot, bots.ReactingBot) else None
        return NO_REACTION if action is None else space.encode(action)
    return int(space.encode(bot.choose(seen)))


def maumau_view(state: Any, seat: int) -> Any:
    from maumau import view

    return view(state, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--options", default='{"target": 1}', help="the variant's options, as JSON")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100, help="IS-MCTS simulations per decision")
    parser.add_argument("--bot", default="HeuristicBot", help="a bot class of maumau.bots")
    parser.add_argument("--bot-options", default="{}", help="keyword arguments for the bot, as JSON")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    register_openspiel_games()
    name = "maumau_" + args.variant.replace("-", "_")
    game = pyspiel.load_game(name, {"players": args.players, "options": args.options})
    rng = np.random.RandomState(args.seed)
    searcher = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=args.simulations, random_state=rng
    )
    wins = {"IS-MCTS": 0.0, args.bot: 0.0}
    started = time.process_time()
    for number in range(args.games):
        ismcts_seat = number % args.players
        opponent = maumau_bot(args.bot, json.loads(args.bot_options), args.seed + number)
        state = game.new_initial_state()
        state.apply_action(int(rng.randint(game.max_chance_outcomes())))
        while not state.is_terminal():
            if state.current_player() == ismcts_seat:
                state.apply_action(searcher.step(state))
            else:
                state.apply_action(maumau_move(state, opponent))
        paid = state.returns()
        wins["IS-MCTS"] += paid[ismcts_seat] > 0
        wins[args.bot] += sum(paid[seat] > 0 for seat in range(args.players) if seat != ismcts_seat)
        print(f"game {number + 1}: IS-MCTS at seat {ismcts_seat}, returns {paid}")
    seconds = time.process_time() - started
    print(
        f"{name}, {args.players} players, {args.games} games, IS-MCTS with {args.simulations} simulations "
        f"against {args.bot} {args.bot_options}: wins {wins} ({seconds:.1f} CPU seconds)"
    )


if __name__ == "__main__":
    main()
