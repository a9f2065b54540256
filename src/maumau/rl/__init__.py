"""
maumau for game-AI research: integer actions, observation vectors, and PettingZoo, Gymnasium and OpenSpiel games.

Install with the extra ``maumau[rl]`` (numpy, PettingZoo, Gymnasium);
OpenSpiel is installed on its own (``open_spiel``).  The encodings are
declared by the plugins (the hooks ``maumau_action_space`` and
``maumau_features``), so every installed variant, a third party's
included, can be played from these libraries:

* `action_space` and `observer`: stable action ids with ``encode`` /
  ``decode`` and a legal-action mask, and a view as a fixed-size vector;
  `StateEncoder`: the same vectors for a stream of states, cheaply;
* `pettingzoo_env`: every seat a PettingZoo agent, reactions (challenges,
  jump-ins) asked as decisions of their own;
* `gymnasium_env`: one seat against maumau's bots, and every variant
  registered with Gymnasium as ``maumau/<variant>-v0``
  (`register_gymnasium_envs`, done when this module is imported with
  Gymnasium installed), so that ``gymnasium.make("maumau/classic-v0")`` and
  ``gymnasium.make_vec("maumau/classic-v0", num_envs=4)`` work;
* `gymnasium_vector_env`: many such matches stepped together, the vector
  environment that ``gymnasium.make_vec`` makes;
* `register_openspiel_games`: each variant as an OpenSpiel Python game.

Only `action_space` and `observer` work without the extras (an array,
and `StateEncoder`, needs numpy): the environments import their library
when they are made.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import importlib.util
import os
from typing import TYPE_CHECKING

from ..exceptions import MissingExtraError
from ..profiles import load_profile
from ._encoder import StateEncoder
from ._spaces import NO_REACTION, ActionSpace, Layout, Observer, action_space, observer

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ._gymnasium import MaumauGymEnv, MaumauVectorEnv
    from ._pettingzoo import MaumauAECEnv
    from ._turns import Opponent

__all__ = [
    "NO_REACTION",
    "ActionSpace",
    "Layout",
    "Observer",
    "StateEncoder",
    "action_space",
    "gymnasium_env",
    "gymnasium_vector_env",
    "observer",
    "pettingzoo_env",
    "register_gymnasium_envs",
    "register_openspiel_games",
]


def pettingzoo_env(
    variant: str,
    *,
    players: int,
    options: Mapping[str, object] | None = None,
    plugins: Sequence[object] = (),
    max_steps: int | None = None,
    render_mode: str | None = None,
) -> MaumauAECEnv:
    """
    A PettingZoo AEC environment of *variant* for *players* seats (needs ``maumau[rl]``).

    Each seat is an agent ``"seat_N"``; the match is the episode.  *max_steps*
    truncates a match after that many decisions.  See `maumau.rl` for the
    observations, the action ids and how reactions are asked.

    .. versionadded:: 0.2.0
    """
    try:
        from ._pettingzoo import MaumauAECEnv
    except ImportError as error:
        raise MissingExtraError("pettingzoo_env()", "rl", error) from None

    return MaumauAECEnv(
        variant, players=players, options=options, plugins=plugins, max_steps=max_steps, render_mode=render_mode
    )


def gymnasium_env(
    variant: str,
    *,
    players: int,
    opponents: Opponent | Sequence[Opponent],
    seat: int = 0,
    options: Mapping[str, object] | None = None,
    plugins: Sequence[object] = (),
    max_steps: int | None = None,
    render_mode: str | None = None,
) -> MaumauGymEnv:
    """
    A Gymnasium environment: *seat* of *variant* against bots (needs ``maumau[rl]``).

    *opponents* makes the bots of the other seats from a seed: a bot class
    such as `maumau.bots.HeuristicBot`, or a bot level by name as
    ``maumau simulate --bots`` takes it (``"heuristic"``, ``"random"``,
    ``"search"``, ``"search:400"``), or a list of these, one per other seat.
    Each ``reset`` seeds the deal and the bots from its seed.  *max_steps*
    truncates a match after that many of the learner's decisions.

    Raises:
        UnknownBotLevelError: an opponent names no level of `maumau.bots.LEVELS`
            (when the environment is made, not at ``reset``).
        ValueError: not one opponent per other seat, or no such *seat*.

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.2.0
       Opponents by level name.
    """
    try:
        from ._gymnasium import MaumauGymEnv
    except ImportError as error:
        raise MissingExtraError("gymnasium_env()", "rl", error) from None

    return MaumauGymEnv(
        variant,
        players=players,
        opponents=opponents,
        seat=seat,
        options=options,
        plugins=plugins,
        max_steps=max_steps,
        render_mode=render_mode,
    )


def gymnasium_vector_env(
    variant: str,
    *,
    num_envs: int,
    players: int,
    opponents: Opponent | Sequence[Opponent],
    seat: int = 0,
    options: Mapping[str, object] | None = None,
    plugins: Sequence[object] = (),
    max_steps: int | None = None,
    autoreset_mode: str = "NextStep",
    render_mode: str | None = None,
) -> MaumauVectorEnv:
    """
    *num_envs* matches of `gymnasium_env`, stepped together as one Gymnasium vector environment (needs ``maumau[rl]``).

    Observations, rewards and masks come in arrays of one row per match
    (``infos["action_mask"]``); match *i* of ``reset(seed=s)`` is dealt from
    ``s + i``.  A match that ends is dealt again: with ``autoreset_mode``
    ``"NextStep"`` (Gymnasium's default) at the next step, whose action for
    it is ignored, with ``"SameStep"`` at once, its last observation in
    ``infos["final_obs"]``.  The other arguments are `gymnasium_env`'s.  This
    is what ``gymnasium.make_vec("maumau/classic-v0", num_envs=8)`` makes; it
    writes the matches' numbers straight into the batch, so it costs less
    per match than `gymnasium.vector.SyncVectorEnv` (which ``make_vec`` gives
    with ``vectorization_mode="sync"``).

    Raises:
        UnknownBotLevelError: an opponent names no level of `maumau.bots.LEVELS`.
        ValueError: *num_envs* below 1, an autoreset mode other than these two, or as `gymnasium_env`.

    .. versionadded:: 0.2.0
    """
    try:
        from ._gymnasium import MaumauVectorEnv
    except ImportError as error:
        raise MissingExtraError("gymnasium_vector_env()", "rl", error) from None

    return MaumauVectorEnv(
        variant,
        num_envs=num_envs,
        players=players,
        opponents=opponents,
        seat=seat,
        options=options,
        plugins=plugins,
        max_steps=max_steps,
        autoreset_mode=autoreset_mode,
        render_mode=render_mode,
    )


def register_gymnasium_envs(*profiles: str | os.PathLike[str]) -> tuple[str, ...]:
    """
    Register every installed variant with Gymnasium (needs ``maumau[rl]``), and the game profiles in the
    files *profiles*; the ids registered.

    Each id is ``maumau/<variant>-v0`` (anything in the name but letters,
    digits and dashes as a dash: ``maumau/penalty-52-v0``), made with the
    variant's default player count against heuristic bots; ``gymnasium.make``
    passes its keywords on to `gymnasium_env`
    (``gymnasium.make("maumau/classic-v0", players=3, opponents="random")``).
    Importing `maumau.rl` with Gymnasium installed registers them, so calling
    this is only needed for variants installed since, and for a profile of
    your own: after ``register_gymnasium_envs("bartok.toml")``,
    ``gymnasium.make("maumau/bartok-v0")`` plays the game the file describes
    (by its ``game.id``), in worker processes of ``make_vec`` too, which read the file again.

    Raises:
        ProfileError: a file is no playable game profile.

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.2.0
       *profiles*.
    """
    from ._gymnasium import register_envs

    files = {load_profile(path).id: os.fspath(path) for path in profiles}
    return register_envs(files)


def register_openspiel_games() -> tuple[str, ...]:
    """
    Register every installed variant as an OpenSpiel Python game (needs ``open_spiel``); the names registered.

    Load one with ``pyspiel.load_game("maumau_classic", {"players": 3})``;
    the parameters are ``players``, ``deals`` (how many seeds the deal is
    drawn from) and ``options`` (the variant's options as JSON text).
    Chance chooses the deal's seed a base-256 digit at a time, so a chance
    node has at most 256 outcomes (two nodes for the default 65,536 deals);
    ``state.apply_deal(seed)`` deals a seed of one's own.

    .. versionadded:: 0.2.0
    """
    from ._openspiel import register_games

    return register_games()


if importlib.util.find_spec("gymnasium") is not None:  # ``gymnasium.make("maumau/classic-v0")`` after this import
    register_gymnasium_envs()
