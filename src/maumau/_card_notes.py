"""
What the cards do in a game, in a few lines for a player: the terminal's ``help`` and the web page's rules panel.

A game profile's lines come from its rules as the game's options make
them (`maumau.profiles.ProfileVariant.effective`): the wild cards, each
special card that is on (its ``description``, or its effects in words),
the calls, and what ends the match.  A Python variant states its rules in
its module's docstring (the style of every variant), and its lines are the
sentences of that paragraph.

This is a small stand-in for a full rule sheet: `card_notes` is the one
place the front ends ask.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .plugins import load_variant
from .profiles import variant_of

__all__ = ["card_notes", "help_text", "match_end", "rule_lines"]

#: A sentence's end in a docstring's paragraph.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")
#: A docstring's sentence about the match's end.
_MATCH = re.compile(r"\bmatch\b")


def card_notes(variant: str, options: Mapping[str, object] | None = None) -> tuple[str, ...]:
    """
    What the cards of *variant* do with *options*, one sentence or ``card: effect`` line each.

    Raises:
        UnknownVariantError: no such variant is installed.
    """
    compiled = variant_of(variant)
    if compiled is not None:
        return _from_profile(compiled.effective(dict(options or {})))
    return _from_docstring(load_variant(variant).__doc__ or "")


def _cards(spec: object) -> str:
    if isinstance(spec, list):
        return ", ".join(str(item) for item in spec)
    return str(spec)


def _effects(special: Mapping[str, Any]) -> str:
    """
    A special card's effects in words, for an entry without a ``description``.
    """
    said = []
    if special.get("draw"):
        at_once = " at once and misses the turn" if special.get("draw_at_once") else ", unless they answer it"
        said.append(f"the next player draws {special['draw']}{at_once}")
    if special.get("skip"):
        said.append("the next player is skipped" if special["skip"] == 1 else f"the next {special['skip']} are skipped")
    if special.get("sit_out"):
        said.append(f"the next player sits out {special['sit_out']} turn(s), unless they answer it")
    if special.get("reverse"):
        said.append("play changes direction")
    if special.get("choose_suit"):
        said.append("its player names the suit to follow")
    if special.get("wish_rank"):
        said.append("its player wishes for a rank")
    if special.get("again"):
        said.append(f"its player {special['again']} play again")
    if special.get("draw_others"):
        said.append(f"every other player draws {special['draw_others']}")
    if special.get("draw_previous"):
        said.append(f"the previous player draws {special['draw_previous']}")
    if special.get("pass_hands"):
        said.append("every hand passes on to the next player")
    return "; ".join(said) or "no effect of its own"


def _from_profile(data: Mapping[str, Any]) -> tuple[str, ...]:
    lines = []
    wild = data.get("play", {}).get("wild")
    specials = [special for special in data.get("special", {}).values() if special.get("enabled", True) is not False]
    if wild and not any(_cards(special["cards"]) == _cards(wild) for special in specials):
        lines.append(f"{_cards(wild)}: wild, may be played on any card")
    for special in specials:
        said = special.get("description") or _effects(special)
        if wild and _cards(special["cards"]) == _cards(wild) and "wild" not in said.lower():
            said = f"wild; {said}"
        lines.append(f"{_cards(special['cards'])}: {said}")
    for call in data.get("calls", {}).values():
        if call.get("enabled", True) is False:
            continue
        left = call.get("cards_left", 1)
        when = {0: "your last card", 1: "your second-to-last card"}.get(left, f"down to {left} cards")
        penalty = call.get("penalty")
        cost = f", or draw {penalty}" if penalty else ""
        lines.append(f"Say '{call['word']}' as you play {when}{cost}.")
    return tuple(lines)


def match_end(variant: str, options: Mapping[str, object], players: int) -> str | None:
    """
    What ends a match of *variant* with *options* among *players*, in one sentence; ``None`` when unknown.
    """
    compiled = variant_of(variant)
    if compiled is not None:
        scoring = compiled.effective(dict(options)).get("scoring", {})
        target = scoring.get("target", 0)
        if not target:
            return "The match is one round."
        points = target * players if scoring.get("per_player") else target
        each = f" ({target} per player)" if scoring.get("per_player") else ""
        return f"The match ends after the round in which someone reaches {points} points{each}."
    target = options.get("target")
    if isinstance(target, int) and not isinstance(target, bool) and target > 0:
        return f"The match ends after the round in which someone reaches {target} points."
    sentences = _from_docstring(load_variant(variant).__doc__ or "")
    clauses = [clause.strip() for sentence in sentences for clause in sentence.split("; ")]
    found = next((clause for clause in clauses if _MATCH.search(clause)), None)
    return None if found is None else found[0].upper() + found[1:].rstrip(".") + "."


def rule_lines(variant: str, options: Mapping[str, object], players: int) -> tuple[str, ...]:
    """
    What the cards do (`card_notes`), then what ends the match unless they said it already.
    """
    notes = card_notes(variant, options)
    end = match_end(variant, options, players)
    if end is None or end.rstrip(".").lower() in " ".join(notes).lower():
        return notes
    return (*notes, end)


def help_text(variant: str, options: Mapping[str, object], players: int) -> str:
    """
    The cards' effects and what ends the match, as the terminal's ``help`` says them.
    """
    lines = [f"What the cards do in {variant}:"]
    lines += [f"  - {line}" for line in rule_lines(variant, options, players)]
    return "\n".join(lines)


def _from_docstring(doc: str) -> tuple[str, ...]:
    paragraphs = [" ".join(part.split()) for part in doc.strip().split("\n\n")]
    rules = paragraphs[1] if len(paragraphs) > 1 else paragraphs[0]
    return tuple(sentence.replace("``", "") for sentence in _SENTENCE_END.split(rules) if sentence)
