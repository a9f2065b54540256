"""
An agent that learns: OpenSpiel's tabular Q-learner plays one seat of classic against maumau's HeuristicBot.

Run by ``nox -s learn`` (a few CPU minutes; ``-- --episodes 2000`` for a quick look).  The learner plays
through `maumau.rl.gymnasium_env` (two players, one round a match), choosing among the legal action ids.
A table over every distinct observation would never see a state twice, so the learner keys its table on a
small summary of the observation, read from the observer's documented layout: its hand size, the
opponent's hand size, whether it owes cards, whether it holds a just-drawn card, how many cards it may play,
and whether a suit is wished.  Every ``--every`` episodes the greedy policy plays ``--evaluate``
matches; the learning curve (win rate against the episodes trained) is printed and drawn to
``--plot`` (a PNG, with matplotlib).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import numpy.typing as npt
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import tabular_qlearner
from open_spiel.python.rl_tools import LinearSchedule

from maumau import PlayCard
from maumau.bots import HeuristicBot
from maumau.rl import gymnasium_env


def summary(env: Any, observation: npt.NDArray[Any], mask: npt.NDArray[Any]) -> tuple[int, ...]:
    """
    The few numbers of *observation* that the learner's table is keyed on.
    """
    parts = {part.name: observation[part.start : part.stop] for part in env.observer.layout}
    playable = sum(1 for index in np.flatnonzero(mask) if isinstance(env.space.actions[index], PlayCard))
    return (
        int(parts["hand_sizes"][0]),
        min(int(parts["hand_sizes"][1]), 6),
        int(parts["debt"][0] > 0),
        int(parts["drawn"].any()),
        min(playable, 3),
        int(parts["wish"].any()),
    )


def time_step(env: Any, observation: npt.NDArray[Any], mask: npt.NDArray[Any], reward: float, last: bool) -> Any:
    """
    The gymnasium step as OpenSpiel's learners read it.
    """
    step_type = rl_environment.StepType.LAST if last else rl_environment.StepType.MID
    return rl_environment.TimeStep(
        observations={
            "info_state": [summary(env, observation, mask)],
            "legal_actions": [list(np.flatnonzero(mask))],
            "current_player": 0,
        },
        rewards=[reward],
        discounts=[1.0],
        step_type=step_type,
    )


def play(env: Any, agent: Any, seed: int, learn: bool) -> float:
    """
    One match; the learner's final reward (1 for a win, -1 for a loss).
    """
    observation, info = env.reset(seed=seed)
    mask = info["action_mask"]
    while True:
        action = agent.step(time_step(env, observation, mask, 0.0, False), is_evaluation=not learn).action
        observation, reward, terminated, truncated, info = env.step(action)
        mask = info["action_mask"]
        if terminated or truncated:
            agent.step(time_step(env, observation, mask, float(reward), True), is_evaluation=not learn)
            return float(reward)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--every", type=int, default=2_000)
    parser.add_argument("--evaluate", type=int, default=500)
    parser.add_argument("--plot", default="learning-curve.png")
    args = parser.parse_args()

    env = gymnasium_env("classic", players=2, opponents=HeuristicBot, options={"target": 1})
    agent = tabular_qlearner.QLearner(
        player_id=0,
        num_actions=len(env.space),
        step_size=0.1,
        epsilon_schedule=LinearSchedule(0.3, 0.02, args.episodes * 20),
    )
    started = time.process_time()

    def win_rate() -> float:
        wins = sum(play(env, agent, 10**9 + game, learn=False) > 0 for game in range(args.evaluate))
        return float(wins) / int(args.evaluate)

    curve = [(0, win_rate())]
    print(f"episodes {0:>7,}: greedy win rate {curve[-1][1]:.3f} against HeuristicBot")
    for episode in range(1, args.episodes + 1):
        play(env, agent, episode, learn=True)
        if episode % args.every == 0:
            curve.append((episode, win_rate()))
            print(f"episodes {episode:>7,}: greedy win rate {curve[-1][1]:.3f} against HeuristicBot")
    print(f"{time.process_time() - started:.0f} CPU seconds")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot([episode for episode, _ in curve], [rate for _, rate in curve], marker="o")
    axes.set_xlabel("training matches")
    axes.set_ylabel(f"win rate over {args.evaluate} matches")
    axes.set_title("tabular Q-learning against HeuristicBot (classic, 2 players)", fontsize=10)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(args.plot, dpi=100)
    print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
