"""
Bots of one's own, named by import path: ``package.module:Class``.

A bot is any object with ``choose(view)`` (`maumau.bots.Bot`).  The command
line names one as ``package.module:Class`` (``maumau simulate --bots``,
``maumau serve --bot NAME=package.module:Class``), and this module imports
it: only ever from a program's own arguments, never from a saved table or a
web request, which name bots by level only.  The class is made with the
seat's seed when its constructor takes one argument (``Class(seed)``), else
with none (``Class()``).
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable

from ._table import BOT_LEVELS
from .bots import LEVELS, Bot

__all__ = ["is_bot_path", "load_bot", "register_bot"]

#: What makes a bot for a seat from its seed.
BotFactory = Callable[[int | None], Bot]


def is_bot_path(spec: str) -> bool:
    """
    Whether *spec* names a bot by import path (``package.module:Class``) rather than by level.
    """
    module, colon, _ = spec.partition(":")
    return bool(colon) and module not in LEVELS


@functools.cache  # imported and checked once per process, not once per match of a simulation
def load_bot(spec: str) -> BotFactory:
    """
    What makes the bot *spec* names (``package.module:Class``, or ``package.module:function``), seeded by seat.

    The bot it makes is checked at once: it must have a ``choose`` method.

    Raises:
        ValueError: the module cannot be imported, has no such name, or what it names makes no bot.
    """
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"a bot of one's own is given as 'package.module:Class', not {spec!r}")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot load bot {spec!r}: {error}") from None
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise ValueError(f"cannot load bot {spec!r}: {module_name} has no {attribute!r}") from None
    if not callable(found):
        raise ValueError(f"bot {spec!r} names {found!r}, not a class whose instances choose")
    make: Callable[..., object] = found
    try:
        seeded = len(inspect.signature(make).parameters) >= 1
    except (TypeError, ValueError):  # a builtin without a signature: made without a seed
        seeded = False

    def factory(seed: int | None) -> Bot:
        bot = make(seed) if seeded else make()
        if not isinstance(bot, Bot):
            raise ValueError(f"bot {spec!r} made a {type(bot).__name__}, which has no choose(view) method")
        return bot

    factory(0)  # a bot that cannot be made fails here, before any match
    return factory


def register_bot(name: str, spec: str) -> None:
    """
    Offer the bot *spec* names (``package.module:Class``) at tables under *name*, beside the bot levels.

    `maumau.Table` seats and ``maumau serve``'s lobby then take *name* as
    they take ``"heuristic"``; the bot is imported here, from the program's
    own arguments, and a request only ever names it.

    Raises:
        ValueError: *name* is taken or is not a plain word, or *spec* makes no bot (see `load_bot`).
    """
    if not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"a bot's name is a plain word (letters, digits, - and _), not {name!r}")
    if name in BOT_LEVELS:
        raise ValueError(f"a bot named {name!r} is already offered")
    BOT_LEVELS[name] = load_bot(spec)
