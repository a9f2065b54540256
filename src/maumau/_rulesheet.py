"""
Rule sheets from the data: the rules of any installed game, its options, house rules and worked examples.

A game profile's sheet is written from its keys, each in the words the
profile schema gives it (the one place every key is described), with the
descriptions its author gave the special cards, options and house rules.
A Python variant describes itself through the hook
`maumau_rules_text <maumau.hookspecs.maumau_rules_text>` (by default its
module docstring), and its options through their own descriptions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from ._examples import Example, examples_of
from .plugins import Rules, variants
from .profiles import profile_of, reference

__all__ = ["rule_sheet"]

#: The profile's sections, in the order a sheet tells them, and their headings.
_SECTIONS = {
    "deck": "The pack",
    "deal": "The deal",
    "starter": "The starter",
    "play": "Playing a card",
    "draw": "Drawing",
    "several": "Several cards at once",
    "special": "Special cards",
    "debts": "Cards owed",
    "finish": "Going out",
    "calls": "Calls",
    "challenges": "Challenges",
    "jump_ins": "Out of turn",
    "round": "The end of a round",
    "scoring": "Scoring and the match",
}


def _descriptions() -> dict[str, tuple[str, Any]]:
    """
    The schema's words for every key path (``special.NAME.draw``), and its default.
    """
    return {path: (description, default) for path, description, default in reference()}


def _sentence(text: str) -> str:
    """
    The first sentence of a description, without its trailing period.
    """
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    return first.rstrip(".")


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def describe_key(path: str, value: object, words: Mapping[str, tuple[str, Any]] | None = None) -> str:
    """
    One line on the profile key *path* set to *value*: the schema's words for it, then the value.

    *path* names a key as the profile reference does (``deal.hand_size``,
    ``special.NAME.draw``); a name of the author's own may stand for ``NAME``.
    """
    words = _descriptions() if words is None else words
    generic = re.sub(r"^(special|calls|options|house_rules)\.[^.]+", r"\1.NAME", path)
    description = words.get(path, words.get(generic, ("", None)))[0]
    said = _sentence(description) if description else path
    return f"{said}: `{path.split('.')[-1]} = {_value(value)}`"


def _leaves(data: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(data, Mapping):
        for key, value in data.items():
            yield from _leaves(value, f"{path}.{key}")
    else:
        yield path, data


def rule_sheet(game: str, *, markdown: bool = False) -> str:
    """
    The rules of the installed *game* in plain words: players and pack, each section of its rules, its
    options, house rules and worked examples; Markdown with *markdown*, plain text otherwise.

    Raises:
        UnknownVariantError: no game of that name is installed.

    .. versionadded:: 0.2.0
    """
    info = variants().get(game)
    if info is None:
        Rules.build(game)  # raises the error that names the known games
        raise AssertionError  # pragma: no cover
    profile = profile_of(game)
    lines = _Lines(markdown)
    lines.title(f"{profile.name if profile is not None else info.name}: the rules")
    lines.text(info.summary)
    last = info.seats[-1]
    default = f" ({info.default_players} by default)" if info.default_players else ""
    lines.text(f"Players: {info.seats[0]} to {last}{default}.")
    if info.sources:
        lines.heading("Sources")
        lines.items(info.sources)
    if profile is not None:
        _profile_rules(lines, profile.data)
    else:
        plugin = Rules.build(game).variant_plugin
        said = Rules.build(game).hooks["maumau_rules_text"]()
        text = said or (plugin.__doc__ if isinstance(plugin, ModuleType) else None) or ""
        lines.heading("The rules")
        for paragraph in text.strip().split("\n\n"):
            if " ".join(paragraph.split()) != info.summary:
                lines.text(" ".join(paragraph.split()))
        if info.options:
            lines.heading("Options")
            lines.items(
                f"{lines.code(option.name)} (default {lines.code(_value(option.default))}): {option.doc}"
                for option in info.options
            )
    _examples(lines, examples_of(game))
    return lines.done()


def _profile_rules(lines: _Lines, data: Mapping[str, Any]) -> None:
    words = _descriptions()
    for section, heading in _SECTIONS.items():
        if section not in data:
            continue
        lines.heading(heading)
        if section == "special":
            lines.items(_special(name, special, words) for name, special in data["special"].items())
            continue
        lines.items(describe_key(path, value, words) for path, value in _leaves(data[section], section))
    options = data.get("options", {})
    if options:
        lines.heading("Options")
        lines.items(
            f"{lines.code(name)} (default {lines.code(_value(option.get('default')))}): {option.get('description', '')}"
            for name, option in options.items()
        )
    house_rules = data.get("house_rules", {})
    if house_rules:
        lines.heading("House rules")
        lines.items(f"{lines.code(name)}: {rule['description']}" for name, rule in house_rules.items())


def _special(name: str, special: Mapping[str, Any], words: Mapping[str, tuple[str, Any]]) -> str:
    """
    One line on a special card: the author's description, or the schema's words for each of its keys.
    """
    said = special.get("description") or ", ".join(
        describe_key(f"special.{name}.{key}", value, words) for key, value in special.items()
    )
    off = " (off unless an option or house rule turns it on)" if special.get("enabled") is False else ""
    return f"{_value(special.get('cards'))}: {said}{off}"


def _examples(lines: _Lines, examples: tuple[Example, ...]) -> None:
    if not examples:
        return
    lines.heading("Worked examples")
    for number, example in enumerate(examples, start=1):
        lines.text(f"{number}. {example.name} ({example.source})")
        lines.block(example.position.strip().splitlines())
        if example.moves:
            lines.text("Moves: " + "; ".join(example.moves) + ".")
        if example.expect:
            then = "; ".join(f"{key.replace('_', ' ')} {_value(value)}" for key, value in example.expect.items())
            lines.text(f"Then: {then}")


class _Lines:
    """
    A sheet being written, as Markdown or as plain text.
    """

    def __init__(self, markdown: bool) -> None:
        self.markdown = markdown
        self.lines: list[str] = []

    def code(self, text: str) -> str:
        return f"`{text}`" if self.markdown else text

    def _plain(self, text: str) -> str:
        return text if self.markdown else text.replace("`", "")

    def title(self, text: str) -> None:
        self.lines += [f"# {text}" if self.markdown else f"{text}\n{'=' * len(text)}", ""]

    def heading(self, text: str) -> None:
        self.lines += [f"## {text}" if self.markdown else f"{text}\n{'-' * len(text)}", ""]

    def text(self, text: str) -> None:
        self.lines += [self._plain(text), ""]

    def items(self, items: Any) -> None:
        self.lines += [f"- {self._plain(item)}" for item in items] + [""]

    def block(self, lines: list[str]) -> None:
        self.lines += (["```text", *lines, "```"] if self.markdown else [f"    {line}" for line in lines]) + [""]

    def done(self) -> str:
        return "\n".join(self.lines).rstrip() + "\n"
