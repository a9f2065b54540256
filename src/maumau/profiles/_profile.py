"""
A game profile: a TOML file that describes a game of the family, read strictly and never run.

Reading one goes in three steps, each refusing with a `maumau.ProfileError`
that names the file and the key path: the TOML is read and parsed within
bounds (`maumau._bounded`: a regular file, its size, its nesting and keys,
texts shown as written); the result is checked against the schema; then what the schema
cannot say is checked against the game itself (a special card the deck does
not hold, a stacking rule for cards that make no debt, a player count the
deck cannot deal).  Options and house rules are checked the same way, each
applied to the profile, so that no value a player may choose makes a game
that cannot be played.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from attrs import field, frozen

from .._bounded import OutOfBounds, read_bounded, toml_bounded, unshown_character
from .._cards import Card
from .._front import profile_problems
from .._select import CardSet, card_text_problems, named_cards, unknown_cards
from ..exceptions import InvalidCardError, ProfileError
from . import _validate
from ._decks import build_deck

__all__ = ["MAX_PROFILE_BYTES", "Profile", "read_profile"]

#: The largest profile file read: a whole game fits in a few kilobytes; this bounds the work before parsing.
MAX_PROFILE_BYTES = 256 * 1024

#: The most option values (``when``) and house rules that change a profile: each is checked against the whole game,
#: and a game needs a dozen.
MAX_VARIATIONS = 100

#: The profile format this version of maumau reads.
FORMAT = 1


@frozen
class Profile:
    """
    A game read from a profile: its data (with its base merged in) and where it came from.

    *digest* is the SHA-256 of the file's bytes (and its base's), which saves
    and records carry, so that a replay refuses a profile that changed.

    .. versionadded:: 0.2.0
    """

    #: The game's id, the name it is played under.
    id: str
    #: The game's name as people write it.
    name: str
    #: Where the profile was read from: a path, or a description such as ``"<text>"``.
    source: str
    #: The SHA-256 of the profile's bytes, hexadecimal.
    digest: str
    #: The profile's data after its base was merged in, as checked.
    data: Mapping[str, Any] = field(eq=False, repr=False)
    #: What the profile keeps of its base without saying so and that changes play, one line each (see `kept_keys`).
    #:
    #: .. versionadded:: 0.2.0
    warnings: tuple[str, ...] = field(default=(), eq=False, repr=False)

    @property
    def summary(self) -> str:
        """
        One line on the game, for listings.
        """
        game = self.data["game"]
        return str(game.get("summary") or game["name"])

    @property
    def sources(self) -> tuple[str, ...]:
        """
        The game's sources, each as "title <url>".
        """
        found = []
        for source in self.data["game"].get("sources", ()):
            url = source.get("url")
            found.append(f"{source['title']} <{url}>" if url else source["title"])
        return tuple(found)

    @property
    def aliases(self) -> tuple[str, ...]:
        """
        Other names the game may be asked for by.
        """
        return tuple(self.data["game"].get("aliases", ()))


def _refuse(source: str, problems: Sequence[tuple[str, str]]) -> ProfileError:
    first_path, first = problems[0]
    more = f" (and {len(problems) - 1} more problem{'s' * (len(problems) > 2)})" if len(problems) > 1 else ""
    return ProfileError(source, first_path, first + more)


def merge(base: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """
    *base* with *patch* laid over it: tables merge key by key, anything else is replaced.
    """
    merged = copy.deepcopy(dict(base))
    for key, value in patch.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def set_key(data: Mapping[str, Any], path: str, value: object) -> dict[str, Any]:
    """
    *data* with *value* written at the dotted key *path*, tables made on the way.
    """
    patch: dict[str, Any] = {}
    node = patch
    *parents, last = path.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
    return merge(data, patch)


def packs_for(data: Mapping[str, Any], players: int) -> int:
    """
    How many packs a game of *players* players is played with.
    """
    deck = data.get("deck", {})
    packs = int(deck.get("packs", 1))
    for step in sorted(deck.get("more_packs", ()), key=lambda step: step["players"]):
        if players >= step["players"]:
            packs = step["packs"]
    return packs


def deck_of(data: Mapping[str, Any], players: int) -> tuple[Card, ...]:
    """
    The cards a game of *players* players is played with.
    """
    deck = data.get("deck", {})
    return _deck(
        canonical({key: value for key, value in deck.items() if key != "more_packs"}), packs_for(data, players)
    )


@lru_cache(maxsize=64)
def _deck(section: str, packs: int) -> tuple[Card, ...]:
    """
    The cards of the ``[deck]`` *section* (as canonical JSON), *packs* times: built once per profile and count.
    """
    deck = json.loads(section)
    extra = tuple((card["rank"], card.get("suit"), card.get("count", 1)) for card in deck.get("cards", ()))
    ranks = deck.get("ranks")
    suits = deck.get("suits")
    return build_deck(
        deck.get("preset", "french52"),
        ranks=tuple(ranks) if ranks is not None else None,
        suits=tuple(suits) if suits is not None else None,
        cards=extra,
        packs=packs,
    )


def players_of(data: Mapping[str, Any]) -> tuple[int, int]:
    low, high = data["game"].get("players", (2, 6))
    return int(low), int(high)


def hand_size_of(data: Mapping[str, Any], players: int) -> int:
    deal = data.get("deal", {})
    return int(deal.get("hand_sizes", {}).get(str(players), deal.get("hand_size", 5)))


def _players_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """
    ``[game]``: the fewest players are no more than the most, and the default count lies between.
    """
    low, high = players_of(data)
    if low > high:
        return [("game.players", f"the fewest players ({low}) is more than the most ({high})")]
    default = data["game"].get("default_players")
    if default is not None and not low <= default <= high:
        return [("game.default_players", f"{default} is not between {low} and {high}")]
    return []


def _pack_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """
    ``[deck]``: the pack can be built for the most players and holds cards.
    """
    deck = data.get("deck", {})
    custom = deck.get("preset", "french52") == "custom"
    if custom and not (deck.get("suits") and deck.get("ranks")) and not deck.get("cards"):
        return [("deck", "a custom pack needs suits and ranks, or cards")]
    try:
        full = deck_of(data, players_of(data)[1])
    except InvalidCardError as error:
        return [("deck", str(error))]
    return [] if full else [("deck", "the pack has no cards")]


def _deal_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    ``[deal]``: the pack deals every hand and a starter at every player count.
    """
    low, high = players_of(data)
    for players in range(low, high + 1):
        cards = len(deck_of(data, players))
        needed = hand_size_of(data, players) * players + 1
        if needed > cards:
            return [("deal", f"{players} players need {needed} cards (hands and a starter); the pack has {cards}")]
    return []


def _play_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    ``[play]``: its wild cards and last resort name cards of the pack.
    """
    play = data.get("play", {})
    return [
        problem for key in ("wild", "last_resort") for problem in card_text_problems(f"play.{key}", play.get(key), deck)
    ]


def _starter_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    ``[starter]``: the cards it buries or reshuffles are of the pack; its effects' keys act only when effects apply.
    """
    starter = data.get("starter", {})
    problems = [
        problem
        for key in ("bury", "reshuffle")
        for problem in card_text_problems(f"starter.{key}", starter.get(key), deck)
    ]
    for key in ("suit", "reverse_first", "draw_misses_turn"):
        if key in starter and starter.get("effects", "ignore") != "apply":
            problems.append((f"starter.{key}", 'a starter acts only with effects = "apply"'))
    return problems


def _special_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    ``[special.NAME]``: each names cards of the pack, no card twice among the enabled ones, and keys that fit it.
    """
    problems: list[tuple[str, str]] = []
    claimed: dict[Card, str] = {}
    suits = {card.suit for card in deck if card.suit is not None}
    for name, special in data.get("special", {}).items():
        path = f"special.{name}"
        chosen, found = named_cards(f"{path}.cards", special["cards"], deck)
        problems += [*unknown_cards(f"{path}.cards", special["cards"], deck), *found]
        if chosen is not None and special.get("enabled", True):
            problems += _claim(name, chosen, deck, claimed) + _special_keys_problems(path, special, suits)
    return problems


def _claim(name: str, chosen: CardSet, deck: tuple[Card, ...], claimed: dict[Card, str]) -> list[tuple[str, str]]:
    """
    Note in *claimed* the cards the special card *name* names, refusing the first one another named already.
    """
    for card in sorted(deck, key=str):
        if card in chosen:
            if card in claimed:
                return [(f"special.{name}.cards", f"{card} is named by special.{claimed[card]} too")]
            claimed[card] = name
    return []


def _special_keys_problems(path: str, special: Mapping[str, Any], suits: set[str]) -> list[tuple[str, str]]:
    """
    The keys of one enabled special card that contradict each other or the pack.
    """
    problems = [
        (f"{path}.suits", f"{suit!r} is no suit of the pack; its suits: {', '.join(sorted(suits))}")
        for suit in special.get("suits", ())
        if suit not in suits
    ]
    if special.get("suits") and not special.get("choose_suit"):
        problems.append((f"{path}.suits", "suits are the choices of a card that names a suit: set choose_suit"))
    if special.get("two_players", "reverse") == "skip" and not special.get("reverse"):
        problems.append((f"{path}.two_players", "only a card that reverses acts differently between two players"))
    if special.get("draw_at_once") and not special.get("draw"):
        problems.append((f"{path}.draw_at_once", "a card that makes nobody draw has nothing to draw at once"))
    return problems


def _debts_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    ``[debts]``: a cut at the stock needs a special card that makes a debt (one an option may enable counts).
    """
    if not data.get("debts", {}).get("up_to_stock"):
        return []
    drawing = [special for special in data.get("special", {}).values() if special.get("draw", 0)]
    named = [named_cards("", special["cards"], deck)[0] for special in drawing]
    if any(card in cards for cards in named if cards is not None for card in deck):
        return []
    return [("debts.up_to_stock", "no special card makes a debt (draw), so there is nothing to cut")]


def _calls_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    ``[calls.NAME]``: each names cards of the pack, and no two enabled calls are due with the same play.
    """
    problems: list[tuple[str, str]] = []
    words: dict[str, str] = {}
    for name, call in data.get("calls", {}).items():
        if call.get("last_cards") is not None:
            problems += unknown_cards(f"calls.{name}.last_cards", call["last_cards"], deck)
            problems += named_cards(f"calls.{name}.last_cards", call["last_cards"], deck)[1]
        if not call.get("enabled", True):
            continue
        key = f"{call.get('cards_left', 1)}/{call.get('last_cards')!r}"
        if key in words:
            problems.append((f"calls.{name}", f"due with the same play as calls.{words[key]}: one call per play"))
        words[key] = name
    return problems


def _scoring_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    """
    ``[scoring]``: a mode that counts hands gives every card of the pack a value, a face value only to numbers.
    """
    scoring = data.get("scoring", {})
    points = scoring.get("points", {})
    if scoring.get("mode", "none") not in ("winner_collects", "holders", "minus_hands"):
        return []
    for card in sorted(deck, key=str):
        value = points.get(str(card), points.get(card.rank, points.get("*")))
        if value is None:
            return [("scoring.points", f'{card} has no value: give its rank, or "*" for the rest')]
        if value == "face" and not card.rank.isdigit():
            return [("scoring.points", f"{card} has no face value: give its rank a number")]
    return []


#: The kernel's checks of what the schema cannot say, one per section, in the order their problems are reported;
#: each is given the profile and its pack for the most players.  The mechanics check their own keys
#: (``maumau_profile_problems``) after these.
_SECTION_CHECKS: tuple[Callable[[Mapping[str, Any], tuple[Card, ...]], list[tuple[str, str]]], ...] = (
    _deal_problems,
    _play_problems,
    _starter_problems,
    _special_problems,
    _debts_problems,
    _calls_problems,
    _scoring_problems,
)


def _problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """
    What the schema cannot see: whether the game described can be played at every player count it allows.

    The players and the pack come first, as the other checks need them; then each section's check
    (`_SECTION_CHECKS`), then each mechanic's.
    """
    problems = _players_problems(data)
    low, high = players_of(data)
    if low > high:
        return problems
    found = _pack_problems(data)
    if found:
        return problems + found
    deck = tuple(dict.fromkeys(deck_of(data, high)))
    for check in _SECTION_CHECKS:
        problems += check(data, deck)
    return problems + profile_problems(data, deck)


def _checked(data: dict[str, Any], source: str, at: str = "", sections: Sequence[str] | None = None) -> None:
    """
    Refuse *data* unless it is a profile that can be played; *at* prefixes the key paths (an option's value).

    With *sections*, only those sections are checked against the schema (the rest was checked already).
    """
    if sections is None:
        found = _validate.check(data)
    else:
        found = [problem for key in sections for problem in _validate.check_section(data, key)]
    problems = [(f"{at}{path}", problem) for path, problem in found]
    if not problems:
        problems = [(f"{at}{path}", problem) for path, problem in _problems(data)]
    if problems:
        raise _refuse(source, problems)


def _variations(data: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """
    Every option's and house rule's changes, one at a time, with the key path that names them.
    """
    found = []
    for name, option in data.get("options", {}).items():
        for value, patch in option.get("when", {}).items():
            found.append((f"options.{name}.when.{value}: ", patch))
    for name, rule in data.get("house_rules", {}).items():
        found.append((f"house_rules.{name}.patch: ", rule["patch"]))
    return found


def _check_options(data: dict[str, Any], source: str) -> None:
    for name, option in data.get("options", {}).items():
        path = f"options.{name}"
        default = option["default"]
        choices = option.get("choices")
        if choices is not None and default not in choices:
            raise ProfileError(source, f"{path}.default", f"{default!r} is not one of the choices {choices!r}")
        if isinstance(default, bool) and ("minimum" in option or "maximum" in option or choices):
            raise ProfileError(source, path, "a true-or-false option has no choices, minimum or maximum")
        allowed = (
            {"true", "false"} if isinstance(default, bool) else {str(choice) for choice in choices} if choices else None
        )
        for value in option.get("when", {}):
            if allowed is not None and value not in allowed:
                raise ProfileError(
                    source,
                    f"{path}.when.{value}",
                    f"not a value of the option; its values: {', '.join(sorted(allowed))}",
                )
        if "set" in option and isinstance(default, bool):
            raise ProfileError(source, f"{path}.set", "a true-or-false option changes the profile with when, not set")
        if name in data.get("house_rules", {}):
            raise ProfileError(source, path, f"the house rule {name!r} has the same name")
    variations = _variations(data)
    if len(variations) > MAX_VARIATIONS:
        raise ProfileError(
            source,
            "options",
            f"{len(variations)} option values and house rules change the game; a profile has at most {MAX_VARIATIONS}",
        )
    game = {key: value for key, value in data.items() if key not in ("options", "house_rules")}  # not copied each time
    seen: set[str] = set()
    for prefix, patch in variations:
        text = canonical(patch)
        if text not in seen:  # the same changes, checked once
            seen.add(text)
            _checked(merge(game, patch), source, prefix, sections=tuple(patch))
    for name, option in data.get("options", {}).items():
        if "set" in option:
            section = option["set"].split(".")[0]
            _checked(set_key(data, option["set"], option["default"]), source, f"options.{name}.set: ", (section,))


def _parse(raw: bytes, source: str) -> dict[str, Any]:
    if len(raw) > MAX_PROFILE_BYTES:
        raise ProfileError(source, "(the file)", f"{len(raw)} bytes; a profile has at most {MAX_PROFILE_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProfileError(source, "(the file)", f"not UTF-8 text (byte {error.start})") from None
    try:
        return toml_bounded(text)
    except OutOfBounds as error:
        raise ProfileError(source, "(the file)", str(error)) from None


def _check_text(data: dict[str, Any], source: str) -> None:
    """
    Refuse a key or a text of *data* that holds a character people would not see as written (a right-to-left
    override, a zero-width space, a control character): names and descriptions are shown in lobbies and terminals.
    The positions of worked examples alone are texts of several lines.
    """
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            at = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else key
            lines = value.split("\n") if isinstance(value, str) and at.startswith("examples") else [value]
            for text in (key, *lines):  # a worked example's position is a text of several lines
                found = unshown_character(text) if isinstance(text, str) else None
                if found is not None:
                    shown = "".join(f"\\u{ord(c):04x}" if unshown_character(c) else c for c in at)  # not itself
                    raise ProfileError(source, shown, f"holds {found}, which is not shown as written")
            if isinstance(value, (dict, list)):
                stack.append((at, value))


def read_profile(raw: bytes, source: str, *, base_of: Any = None, path: Path | None = None, depth: int = 0) -> Profile:
    """
    The profile in *raw*, read from *source*; *base_of* finds a base profile by id (an installed game).
    """
    data = _parse(raw, source)
    _check_text(data, source)
    digest = hashlib.sha256(raw)
    base_name = data.get("base")
    warnings: tuple[str, ...] = ()
    if isinstance(base_name, str):
        if depth >= 4:
            raise ProfileError(source, "base", "bases go at most 4 deep")
        base = _base(base_name, source, base_of, path, depth)
        digest.update(base.digest.encode())
        drop = data.get("drop", [])
        patch = {key: value for key, value in data.items() if key not in ("base", "drop")}
        start = dropped(base.data, drop, source, base_name)
        warnings = tuple(f"{source}: {line}" for line in kept_keys(start, patch, base_name))
        data = merge(start, patch)
        data.pop("drop", None)  # the base's own drops were done when it was read
        data["base"] = base_name
        if drop:
            data["drop"] = drop
    elif "drop" in data:
        raise ProfileError(source, "drop", "only a profile with a base drops keys; this one has no base")
    _checked(data, source)
    _check_options(data, source)
    game = data["game"]
    return Profile(game["id"], game["name"], source, digest.hexdigest(), data, warnings)


def dropped(base: Mapping[str, Any], paths: object, source: str, base_name: str) -> dict[str, Any]:
    """
    *base* without the keys at the dotted *paths* (a profile's ``drop``), each of which it must hold.
    """
    if not isinstance(paths, list) or not all(isinstance(path, str) for path in paths):
        raise ProfileError(source, "drop", 'a list of key paths of the base, such as ["special.nine"]')
    data = copy.deepcopy(dict(base))
    for path in paths:
        node: Any = data
        *parents, last = path.split(".")
        for part in parents:
            node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict) or last not in node or path in ("game", "format"):
            raise ProfileError(source, "drop", f"{path!r} is no key of the base {base_name!r} that may be dropped")
        del node[last]
    return data


#: The sections whose entries a profile may write over one by one, with the key that says what an entry is.
_ENTRIES = {"special": "cards", "calls": "word"}


def kept_keys(base: Mapping[str, Any], patch: Mapping[str, Any], base_name: str) -> list[str]:
    """
    What *patch* keeps of *base* without writing it, where it changes play: one line per entry.

    An entry (``[special.NAME]``, ``[calls.NAME]``) that *patch* writes over
    keeps the base's keys it does not name.  That is said when the base's
    entry is off (``enabled = false``) and *patch* does not turn it on, and
    when *patch* says anew what the entry is (its ``cards`` or ``word``) but
    the base's other keys (a ``draw``, a ``skip``) stay.
    """
    lines = []
    for section, identity in _ENTRIES.items():
        ours, theirs = patch.get(section), base.get(section)
        if not isinstance(ours, Mapping) or not isinstance(theirs, Mapping):
            continue
        for name, entry in ours.items():
            old = theirs.get(name)
            if not isinstance(entry, Mapping) or not isinstance(old, Mapping):
                continue
            kept = {key: value for key, value in old.items() if key not in entry and key != "description"}
            off = kept.get("enabled") is False
            if not off and not (identity in entry and set(kept) - {identity, "enabled"}):
                continue
            shown = ", ".join(f"{key} = {json.dumps(value, ensure_ascii=False)}" for key, value in kept.items())
            lines.append(
                f"{section}.{name}: keeps {shown} of the base {base_name!r}"
                f"{' (so it is never played)' if off else ''}; write them here, "
                f'or add drop = ["{section}.{name}"] to start the entry afresh'
            )
    return lines


def _base(name: str, source: str, base_of: Any, path: Path | None, depth: int) -> Profile:
    if name.endswith(".toml"):
        if path is None:
            raise ProfileError(source, "base", "a base given as a file needs a profile read from a file")
        target = (path.parent / name).resolve()
        return load_path(target, base_of=base_of, depth=depth + 1)
    found = base_of(name) if base_of is not None else None
    if found is None:
        raise ProfileError(source, "base", f"no installed game profile {name!r}")
    assert isinstance(found, Profile)
    return found


def load_path(path: str | os.PathLike[str], *, base_of: Any = None, depth: int = 0) -> Profile:
    """
    The profile in the file *path*.
    """
    target = Path(path)
    source = str(path)
    try:
        raw = read_bounded(target, MAX_PROFILE_BYTES)
    except OutOfBounds as error:
        raise ProfileError(source, "(the file)", str(error)) from None
    except OSError as error:
        raise ProfileError(source, "(the file)", f"cannot be read ({error.strerror or error})") from None
    return read_profile(raw, source, base_of=base_of, path=target, depth=depth)


def canonical(data: Mapping[str, Any]) -> str:
    """
    *data* as canonical JSON: the same text for the same game, whatever order its keys were written in.
    """
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
