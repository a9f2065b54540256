"""
Starting and replaying games found by name: the registry of games finds the game, `maumau._rules` builds its rules,
and the kernel (`maumau._engine`) deals and plays it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ._cards import Card
from ._engine import check_record, replay_with, start_match, start_with
from ._registry import find_game
from ._rules import Rules
from ._state import GameRecord, GameState
from .exceptions import MaumauError, RecordError

__all__ = ["new_game", "replay", "start_of"]


def new_game(
    variant: str,
    *,
    players: int | Sequence[str],
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    deck: Sequence[Card | str] | None = None,
    plugins: Iterable[object] = (),
    dealer: int | None = None,
    later_decks: Sequence[Sequence[Card | str]] = (),
) -> GameState:
    """
    Start a match of *variant* and deal its first round.

    Args:
        variant: An installed variant's name (see `maumau.variants`), or the path of a game profile
            (a ``.toml`` file, see `maumau.profiles`), which is read and then played under its id.
        players: The number of seats, or the players' names in seat order.
        seed: Drives every shuffle, a whole number from 0 below ``MAX_SEED``;
            a random one is chosen and kept when omitted.
        options: The variant's options; see ``maumau variants``.
        deck: An exact card order for the first deal, top first (cards or
            their short text), to stack the deck for tests and puzzles.
        plugins: House-rule plugins registered on top of the variant for this game.
        dealer: The seat that deals the first round, for tests and lessons
            that start from a given table; by default the variant chooses
            (from the seed, in ``penalty-52``).  Later rounds follow the
            variant's rule.
        later_decks: Exact card orders for the deals of rounds 2, 3... in
            turn (at most ``MAX_LATER_DECKS``), each checked as *deck* is;
            rounds beyond them are shuffled.

    Raises:
        UnknownVariantError: no such variant is installed.
        InvalidOptionError: an option, the player count, a name, the seed or the deck is wrong.
        PluginError: a plugin's hook failed while the first round was dealt.

    .. versionadded:: 0.1.0
    """
    if isinstance(variant, str):  # a profile's file, "Classic", "penalty52", an alias: the installed name
        variant = find_game(variant)
    return start_match(
        Rules.build(variant, plugins),
        players=players,
        seed=seed,
        options=options,
        deck=deck,
        dealer=dealer,
        later_decks=later_decks,
    )


def replay(record: GameRecord, *, plugins: Iterable[object] = ()) -> GameState:
    """
    Rebuild a game from its *record*, checking every action.

    Raises:
        RecordError: the record's set-up is refused (an unknown variant, a
            wrong option, deck or player count: the cause is chained), it
            holds more than ``MAX_ACTIONS`` actions (refused before any is
            replayed), or one of its actions is illegal where it stands (the
            message gives its number).

    .. versionadded:: 0.1.0
    """
    return replay_with(_rules_of(record, plugins), record)


def start_of(record: GameRecord, *, plugins: Iterable[object] = ()) -> GameState:
    """
    The first position of *record*'s game, dealt as it was (seed, deck, first dealer, later decks), no action applied.

    The one reading of a record's set-up, for `replay` and for whatever steps through a record one action at a
    time (``maumau replay``).

    Raises:
        RecordError: as `replay`, for the set-up and the number of actions.
    """
    return start_with(_rules_of(record, plugins), record)


def _rules_of(record: GameRecord, plugins: Iterable[object]) -> Rules:
    """
    The rules *record*'s game was played by, with the house rules *plugins*.

    Raises:
        RecordError: *record* is refused before its game is looked for, or its variant or house rules are.
    """
    check_record(record)
    try:
        return Rules.build(find_game(record.variant), plugins)
    except MaumauError as error:
        raise RecordError(f"the record's set-up is refused: {error}") from error
