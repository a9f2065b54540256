"""
Worked examples as data: a position, the moves made from it, and what must follow.

A game profile carries its examples under ``[[examples]]``; a Python
variant carries them in a TOML file beside its module, named after it
(``classic.py`` and ``classic.examples.toml``), with the same
``[[examples]]`` tables.  `check_examples` plays a game's examples and
says, in words, every one that does not hold.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from attrs import field, frozen

from ._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard
from ._bounded import OutOfBounds, read_bounded, toml_bounded
from ._cards import parse_card, parse_cards
from ._engine import apply, legal_actions
from ._position import from_position
from ._state import GameState
from .exceptions import IllegalActionError, InvalidActionError, MaumauError, ProfileError, RecordError
from .mechanics.challenges import Challenge
from .plugins import Rules
from .profiles import profile_of
from .profiles._validate import check_section

__all__ = ["Example", "ExampleFailure", "check_examples", "examples_of"]

#: The longest examples file beside a Python variant.
MAX_EXAMPLES_BYTES = 262_144

#: A French card written short ("7c", "10h", "Js"), to be read as maumau prints it.
_SHORT = re.compile(r"(?<![\w+])(10|[2-9JQKA])([cdhs])(?!\w)")
_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_PLAY = re.compile(r"seat (\d+) plays (.+?)(?: saying '(.*)')?(, more to follow)?")


@frozen
class Example:
    """
    One worked example of a game: its *name*, its *source*, the *position* it starts from, the *moves* made
    and what must follow (*expect*), as the game's data gives them.

    .. versionadded:: 0.2.0
    """

    name: str
    source: str
    position: str
    moves: tuple[str, ...] = ()
    expect: Mapping[str, Any] = field(factory=dict)


@frozen
class ExampleFailure:
    """
    A worked example that does not hold: which (*example*) and why (*problem*, in words).

    .. versionadded:: 0.2.0
    """

    example: Example
    problem: str

    def __str__(self) -> str:
        return f"{self.example.name} ({self.example.source}): {self.problem}"


def examples_of(game: str) -> tuple[Example, ...]:
    """
    The worked examples of the installed *game*: its profile's ``[[examples]]``, or a Python variant's
    ``<module>.examples.toml`` beside it; none when it has none.

    Raises:
        UnknownVariantError: no game of that name is installed.
        ProfileError: the examples file beside a Python variant is not valid.

    .. versionadded:: 0.2.0
    """
    profile = profile_of(game)
    if profile is not None:
        return tuple(_example(entry) for entry in profile.data.get("examples", ()))
    plugin = Rules.build(game).variant_plugin
    module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
    file = getattr(module, "__file__", None)
    if not file:
        return ()
    beside = Path(file).with_name(f"{Path(file).stem}.examples.toml")
    return tuple(_example(entry) for entry in read_examples_file(beside)) if beside.is_file() else ()


def read_examples_file(path: Path) -> list[dict[str, Any]]:
    """
    The ``[[examples]]`` of the examples file *path*, read and parsed within a profile's bounds.

    Raises:
        ProfileError: the file is too long, no regular file, not TOML, or holds more than examples.
    """
    try:
        data = toml_bounded(read_bounded(path, MAX_EXAMPLES_BYTES).decode("utf-8"))
    except OutOfBounds as error:
        raise ProfileError(str(path), "examples", str(error)) from None
    except UnicodeDecodeError as error:
        raise ProfileError(str(path), "examples", f"not UTF-8 text (byte {error.start})") from None
    unknown = sorted(set(data) - {"examples"})
    if unknown:
        raise ProfileError(str(path), unknown[0], "unknown key; an examples file holds [[examples]] only")
    problems = check_section(data, "examples")
    if problems:
        raise ProfileError(str(path), *problems[0])
    entries: list[dict[str, Any]] = data.get("examples", [])
    return entries


def _example(entry: Mapping[str, Any]) -> Example:
    return Example(
        name=entry["name"],
        source=entry["source"],
        position=entry["position"],
        moves=tuple(entry.get("moves", ())),
        expect=dict(entry.get("expect", {})),
    )


def check_examples(game: str, *, plugins: Iterable[object] = ()) -> list[ExampleFailure]:
    """
    Play every worked example of *game* and return those that do not hold, each with the reason in words.

    An example's position is read (a ``game:`` line is added when it has
    none), its moves are made in turn (each must be listed for its seat),
    and what it expects is compared with what follows.  *plugins* are
    house rules its positions name.

    .. versionadded:: 0.2.0
    """
    plugins = tuple(plugins)
    return [
        ExampleFailure(example, problem)
        for example in examples_of(game)
        if (problem := run_example(game, example, plugins)) is not None
    ]


def run_example(game: str, example: Example, plugins: Sequence[object] = ()) -> str | None:
    """
    What is wrong with *example* of *game*, in words, or ``None`` when it holds.
    """
    text = example.position
    if not re.search(r"^\s*game:", text, flags=re.MULTILINE):
        text = f"game: {game}\n{text}"
    try:
        state = from_position(text, plugins=plugins)
    except RecordError as error:
        return f"the position does not read: {error}"
    for number, move in enumerate(example.moves, start=1):
        action = _listed(state, move)
        if action is None:
            mover = "" if state.to_move is None else f"; seat {state.to_move} may: {_texts(legal_actions(state))}"
            return f"move {number}, {move!r}, is not listed{mover}"
        try:
            state = apply(state, action)
        except MaumauError as error:  # pragma: no cover - a listed action is applied
            return f"move {number}, {move!r}, fails: {error}"
    return _compare(state, example.expect)


def _normal(text: str) -> str:
    """
    A move's text as maumau prints it: short French cards with their suit symbols, spaces single.
    """
    return " ".join(_SHORT.sub(lambda m: f"{m.group(1)}{_SYMBOL[m.group(2)]}", text).split())


def _all_listed(state: GameState) -> tuple[Action, ...]:
    return tuple(action for seat in range(len(state.players)) for action in legal_actions(state, seat))


def _listed(state: GameState, move: str) -> Action | None:
    wanted = _normal(move)
    return next((action for action in _all_listed(state) if str(action) == wanted), None)


def _texts(actions: Iterable[object]) -> str:
    return ", ".join(str(action) for action in actions) or "nothing"


def _compare(state: GameState, expect: Mapping[str, Any]) -> str | None:
    problems = [problem for key, value in expect.items() if (problem := _expected(state, key, value)) is not None]
    return "; ".join(problems) if problems else None


def _expected(state: GameState, key: str, wanted: Any) -> str | None:
    check = _EXPECTED.get(key)
    return f"{key!r} is nothing an example can expect" if check is None else check(state, wanted)


def _listed_texts(state: GameState) -> set[str]:
    return {str(action) for action in legal_actions(state)}


def _expect_listed(state: GameState, wanted: Sequence[str]) -> str | None:
    listed, expected = _listed_texts(state), {_normal(move) for move in wanted}
    return None if listed == expected else f"listed {_texts(sorted(listed))}, not {_texts(sorted(expected))}"


def _expect_includes(state: GameState, wanted: Sequence[str]) -> str | None:
    listed = _listed_texts(state)
    missing = sorted({_normal(move) for move in wanted} - listed)
    return None if not missing else f"{_texts(missing)} not listed (listed: {_texts(sorted(listed))})"


def _expect_excludes(state: GameState, wanted: Sequence[str]) -> str | None:
    there = sorted({_normal(move) for move in wanted} & _listed_texts(state))
    return None if not there else f"{_texts(there)} listed, though the example forbids it"


def _expect_refused(state: GameState, wanted: Sequence[Mapping[str, str]]) -> str | None:
    problems = [problem for entry in wanted if (problem := _refused(state, entry)) is not None]
    return "; ".join(problems) if problems else None


def _expect_top(state: GameState, wanted: str) -> str | None:
    top = parse_card(wanted)
    return None if state.top == top else f"the top is {state.top}, not {top}"


def _expect_count(key: str) -> Callable[[GameState, int], str | None]:
    def expect(state: GameState, wanted: int) -> str | None:
        actual = getattr(state, key)
        return None if actual == wanted else f"the {key} is {actual}, not {wanted}"

    return expect


def _expect_wish(state: GameState, wanted: str) -> str | None:
    actual = state.wish or "none"
    return None if actual == wanted else f"the wish is {actual}, not {wanted}"


def _expect_to_move(state: GameState, wanted: int | str) -> str | None:
    actual = "nobody" if state.to_move is None else state.to_move
    return None if actual == wanted else f"{_seat(actual)} is to move, not {_seat(wanted)}"


def _expect_hand_sizes(state: GameState, wanted: Sequence[int]) -> str | None:
    sizes = [len(hand) for hand in state.hands]
    return None if sizes == wanted else f"the seats hold {sizes} cards, not {wanted}"


def _expect_over(state: GameState, wanted: bool) -> str | None:
    return None if state.is_over == wanted else f"the match is {'' if state.is_over else 'not '}over"


def _expect_scores(state: GameState, wanted: Sequence[int]) -> str | None:
    return None if list(state.scores) == wanted else f"the scores are {list(state.scores)}, not {wanted}"


def _expect_of_round(key: str) -> Callable[[GameState, Sequence[int]], str | None]:
    def expect(state: GameState, wanted: Sequence[int]) -> str | None:
        if not state.rounds:
            return f"no round ended, so there are no {key}"
        actual = list(getattr(state.rounds[-1], key))
        return None if actual == wanted else f"the round's {key} are {actual}, not {wanted}"

    return expect


#: What each key of an example's ``expect`` checks of the state its moves lead to, and what it says if it fails.
_EXPECTED: dict[str, Callable[[GameState, Any], str | None]] = {
    "listed": _expect_listed,
    "includes": _expect_includes,
    "excludes": _expect_excludes,
    "refused": _expect_refused,
    "top": _expect_top,
    "debt": _expect_count("debt"),
    "skips": _expect_count("skips"),
    "wish": _expect_wish,
    "to_move": _expect_to_move,
    "hands": lambda state, wanted: _hands(state, wanted),
    "hand_sizes": _expect_hand_sizes,
    "over": _expect_over,
    "scores": _expect_scores,
    "winners": _expect_of_round("winners"),
    "points": _expect_of_round("points"),
}


def _seat(seat: object) -> str:
    return "nobody" if seat == "nobody" else f"seat {seat}"


def _hands(state: GameState, wanted: Sequence[str]) -> str | None:
    if not 0 < len(wanted) <= len(state.hands):  # the hands of the first seats, at least one
        return f"the example gives {len(wanted)} hands for {len(state.hands)} seats"
    for seat, (hand, text) in enumerate(zip(state.hands, wanted, strict=False)):
        expected = Counter(parse_cards(text))
        if Counter(hand) != expected:
            return f"seat {seat} holds {' '.join(map(str, hand)) or 'nothing'}, not {text or 'nothing'}"
    return None


def _refused(state: GameState, entry: Mapping[str, str]) -> str | None:
    move, reason = entry["move"], entry["reason"]
    action = _action(_normal(move))
    if action is None:
        return f"{move!r} is no move maumau can read (plays, draws, passes, names, challenges)"
    try:
        apply(state, action)
    except (IllegalActionError, InvalidActionError) as error:
        return None if reason.lower() in str(error).lower() else f"{move!r} is refused, but {str(error)!r}"
    return f"{move!r} is accepted, though the example refuses it"


def _action(move: str) -> Action | None:
    """
    The action a move's text names: a play, a draw, a pass, a suit named, a challenge.
    """
    play = _PLAY.fullmatch(move)
    if play is not None:
        try:
            card = parse_card(play.group(2))
        except MaumauError:
            return None
        return PlayCard(int(play.group(1)), card, play.group(3), bool(play.group(4)))
    words = move.split()
    if len(words) == 3 and words[0] == "seat" and words[1].isdigit():
        kinds: dict[str, type[DrawCards] | type[Pass]] = {"draws": DrawCards, "passes": Pass}
        kind = kinds.get(words[2])
        return None if kind is None else kind(int(words[1]))
    if len(words) == 4 and words[0] == "seat" and words[1].isdigit() and words[2] == "names":
        return ChooseSuit(int(words[1]), words[3])
    if len(words) == 5 and words[2] == "challenges" and words[1].isdigit() and words[4].isdigit():
        return Challenge(int(words[1]), int(words[4]))
    return None
