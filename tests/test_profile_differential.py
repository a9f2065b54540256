"""
The proof that the profile format holds a whole game: ``classic-profile`` plays move by move as the ``classic`` plugin.

Both games are dealt from the same seed with the same options; at every
step the legal actions must be the same list, and after the same action the
states must hold the same cards, turn, debts, wishes, scores and events.
The actions are chosen at random, or with a bias towards playing cards (so
that special cards, calls and several-card plays come up more often), over
every option of the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest

import maumau
from maumau import Action, GameState, PlayCard, Resign

#: Every option of classic, each on its own, and some together.
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"jack_on_jack": True, "target": 50},
    {"stack_sevens": False, "target": 50},
    {"pass_the_skip": True, "target": 50},
    {"mau_mau_call": True, "target": 50},
    {"mau_mau_call": True, "mau_mau_when": "jack", "target": 50},
    {"mau_penalty": 1, "target": 50},
    {"nines_draw_three": True, "target": 50},
    {"nines_draw_three": True, "stack_sevens": False, "target": 50},
    {"ace_with_another": True, "target": 50},
    {"scoring": "holders", "target": 40},
    {"hand_size": 6, "target": 50},
)

#: The fields of a state that say where a game stands (all but the variant's name, its rules and caches).
_COMPARED = tuple(
    field.name for field in attrs.fields(GameState) if field.name not in ("variant", "rules", "log", "memo")
)

Policy = Callable[[random.Random, tuple[Action, ...]], int]


def uniform(rng: random.Random, actions: tuple[Action, ...]) -> int:
    """Any action but resigning, alike."""
    choices = [index for index, action in enumerate(actions) if not isinstance(action, Resign)]
    return rng.choice(choices or range(len(actions)))


def eager(rng: random.Random, actions: tuple[Action, ...]) -> int:
    """A card whenever one can be played, most often the last listed (calls and several cards come last)."""
    plays = [index for index, action in enumerate(actions) if isinstance(action, PlayCard)]
    if plays:
        return plays[-1] if rng.random() < 0.5 else rng.choice(plays)
    return uniform(rng, actions)


def differences(a: GameState, b: GameState) -> list[str]:
    found = [name for name in _COMPARED if getattr(a, name) != getattr(b, name)]
    if a.events != b.events:
        found.append("events")
    return found


def play_side_by_side(
    first: str, second: str, *, seed: int, players: int, options: Mapping[str, Any], policy: Policy
) -> int:
    """
    Play *first* and *second* with the same actions until the match ends; the steps taken.
    """
    a = maumau.new_game(first, players=players, seed=seed, options=options)
    b = maumau.new_game(second, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    for step in range(20_000):
        assert differences(a, b) == [], f"seed {seed}, step {step}"
        if a.result is not None:
            return step
        mine, theirs = maumau.legal_actions(a), maumau.legal_actions(b)
        assert mine == theirs, f"seed {seed}, step {step}"
        index = policy(rng, mine)
        # Each game's own action: equal, and holding the very card objects of that game's hand.
        a, b = maumau.apply(a, mine[index]), maumau.apply(b, theirs[index])
    return 20_000


@pytest.mark.parametrize("policy", [uniform, eager])
def test_classic_profile_plays_as_the_classic_plugin(policy: Policy) -> None:
    steps = 0
    for game in range(250):
        options = OPTION_SETS[game % len(OPTION_SETS)]
        players = 2 + game % 5 if game % 25 else 6 + game % 5  # two packs from six players on, now and then
        steps += play_side_by_side(
            "classic", "classic-profile", seed=game, players=players, options=options, policy=policy
        )
    assert steps > 20_000
    print(f"\nclassic and classic-profile, {policy.__name__} policy: 250 games, {steps} steps alike")
