"""
The proof that the profile format holds a whole game: a profile plays move by move as the plugin it restates.

``classic-profile`` against the ``classic`` plugin, and the game-AI
libraries' games against the example packages that the peer tests hold to
OpenSpiel and RLCard: ``crazy-eights-openspiel`` against ``crazy-eights``,
``uno-rlcard`` against ``uno``.  Both games are dealt from the same seed
with the same options; at every step the legal actions must be the same
list, and after the same action the states must hold the same cards, turn,
debts, wishes, scores and events (a plugin's own counts, kept in its slot,
show in the legal actions and the round's end).  The actions are chosen at
random, or with a bias towards playing cards (so that special cards, calls
and several-card plays come up more often), over every option of the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest

import maumau
from maumau import Action, GameState, PlayCard, Resign
from maumau.flow import STATE_FIELD_NAMES
from rl_extras import need

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

#: The fields of a state that say where a game stands (all but the variant's name, its rules and caches, and the
#: slots, where a plugin and a profile keep their own counts under names of their own).
_COMPARED = tuple(name for name in STATE_FIELD_NAMES if name not in ("variant", "rules", "log", "slots"))

#: The example packages' options, each on its own and some together (the uno package's ``drawn_card="rlcard"``
#: and ``payoffs="rlcard"``, which copy RLCard 1.2's slips, are not in the profile).
CRAZY_EIGHTS_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"use_special_cards": True},
    {"reshuffle": True},
    {"reshuffle": True, "use_special_cards": True},
    {"max_draw_cards": 1, "use_special_cards": True},
    {"max_draw_cards": 2, "reshuffle": True},
    {"max_turns": 15, "use_special_cards": True},
    {"scoring": "openspiel"},
    {"scoring": "openspiel", "use_special_cards": True, "max_turns": 40},
)
UNO_OPTIONS: tuple[dict[str, Any], ...] = ({}, {"hand_size": 3}, {"hand_size": 10}, {"hand_size": 1})


def _without_slots(value: object) -> object:
    """The rounds played so far without the slots each kept at its end; any other field as it is."""
    if isinstance(value, tuple) and value and all(isinstance(item, maumau.RoundResult) for item in value):
        return tuple(attrs.evolve(item, slots=()) for item in value)
    return value


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
    found = [name for name in _COMPARED if _without_slots(getattr(a, name)) != _without_slots(getattr(b, name))]
    if "options" in found and all(a.options[name] == value for name, value in b.options.items()):
        found.remove("options")  # options the profile leaves out, at their defaults
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


def _classic_players(game: int) -> int:
    return 2 + game % 5 if game % 25 else 6 + game % 5  # two packs from six players on, now and then


#: Each plugin, its profile, the package it comes from (None: maumau's own), the options and player counts the
#: games cycle through, and the fewest steps the 250 games must take.
PAIRS = (
    ("classic", "classic-profile", None, OPTION_SETS, _classic_players, 20_000),
    (
        "crazy-eights",
        "crazy-eights-openspiel",
        "maumau_crazy_eights",
        CRAZY_EIGHTS_OPTIONS,
        lambda game: (2, 3, 4, 5, 2, 3, 4, 6, 8, 15)[game % 10],
        12_000,
    ),
    ("uno", "uno-rlcard", "maumau_uno", UNO_OPTIONS, lambda game: 2 + game % 9, 10_000),
)


@pytest.mark.parametrize("policy", [uniform, eager])
@pytest.mark.parametrize(("plugin", "profile", "package", "option_sets", "players", "fewest"), PAIRS)
def test_the_profile_plays_as_the_plugin_it_restates(
    policy: Policy,
    plugin: str,
    profile: str,
    package: str | None,
    option_sets: tuple[dict[str, Any], ...],
    players: Callable[[int], int],
    fewest: int,
) -> None:
    if package is not None:  # the example packages: installed by the peers session, which requires them
        need(package)
    steps = 0
    for game in range(250):
        options = option_sets[game % len(option_sets)]
        steps += play_side_by_side(plugin, profile, seed=game, players=players(game), options=options, policy=policy)
    assert steps > fewest
    print(f"\n{plugin} and {profile}, {policy.__name__} policy: 250 games, {steps} steps alike")
