"""
The sizes maumau accepts from outside, in one place.

A game server hands the library whatever its clients send.  Every input
that grows without bound (text, nesting, lists, whole numbers) has a limit
here, far above anything a real game needs and far below what would cost a
server seconds or megabytes to refuse.  Input beyond a limit is refused
before any work is done on it, with a short message.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "FORMAT_VERSION",
    "MAX_ACTIONS",
    "MAX_CALL_LENGTH",
    "MAX_CARD_PART",
    "MAX_CARD_TEXT",
    "MAX_INT",
    "MAX_JSON_DEPTH",
    "MAX_JSON_LENGTH",
    "MAX_LATER_DECKS",
    "MAX_NAME_LENGTH",
    "MAX_PLAYERS",
    "MAX_SEED",
    "MAX_TEXT_LENGTH",
    "MAX_TOML_DEPTH",
    "MAX_TOML_KEY_PARTS",
]

#: The version of the JSON format that `maumau.to_json` writes into saved states, records and views.
FORMAT_VERSION: Final = 1

#: The longest JSON text (in characters, or bytes for bytes) that `maumau.from_json` reads.
MAX_JSON_LENGTH: Final = 8_000_000
#: The deepest nesting of arrays and objects that `maumau.from_json` reads; saves nest at most a dozen deep.
MAX_JSON_DEPTH: Final = 32
#: The most actions a record (or a saved state's log) may hold; long matches take a few thousand.
MAX_ACTIONS: Final = 100_000
#: The most decks stacked for the rounds after the first (`maumau.new_game`'s *later_decks*); later rounds are shuffled.
MAX_LATER_DECKS: Final = 100
#: The most seats a game may have, whatever a variant allows.
MAX_PLAYERS: Final = 64
#: The longest player name.
MAX_NAME_LENGTH: Final = 64
#: The longest call text an action may carry; every variant's calls are far shorter.
MAX_CALL_LENGTH: Final = 40
#: The longest text that `maumau.parse_card` reads; the longest card a `maumau.Card` can be is shorter.
MAX_CARD_TEXT: Final = 40
#: The longest rank or suit of a `maumau.Card`.
MAX_CARD_PART: Final = 16
#: The longest string in JSON read other than the above (a variant name, a reason, an option's value).
MAX_TEXT_LENGTH: Final = 200
#: Seeds are whole numbers from 0 up to, not including, this (the range a random seed is drawn from).
MAX_SEED: Final = 2**63
#: Whole numbers in JSON (scores, counts, shuffles) lie strictly between ``-MAX_INT`` and ``MAX_INT``.
MAX_INT: Final = 2**63
#: The deepest nesting of lists and tables that a TOML text (a game profile) may have, dotted keys included;
#: a profile nests at most eight deep.
MAX_TOML_DEPTH: Final = 32
#: The most parts a dotted key of a TOML text may have (``house_rules.x.patch.deal.hand_size`` has five).
MAX_TOML_KEY_PARTS: Final = 32
