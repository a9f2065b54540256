"""
maumau: the rules of the Mau-Mau family of card games, as a library.

Create a game with `new_game`, ask `legal_actions`, `apply` actions, show
each player their `view`, and save or load anything with `to_json` and
`from_json`.  Variants are plugins found through the ``maumau.variants``
entry points; see `variants`.
"""

from importlib.metadata import PackageNotFoundError, version

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, french_deck, parse_card, parse_cards
from ._effects import CallRuling, DrawRule, Effect, RoundEnd, combined
from ._engine import apply, check_action, is_legal, legal_actions
from ._events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DirectionReversed,
    Event,
    HandsPassed,
    MatchEnded,
    Passed,
    PenaltyDrawn,
    PileRecycled,
    PlayerResigned,
    PlaysAgain,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
)
from ._features import Feature
from ._games import new_game, replay
from ._house_rules import HOUSE_RULE_GROUP, house_rule_names, load_house_rule
from ._limits import (
    FORMAT_VERSION,
    MAX_ACTIONS,
    MAX_CALL_LENGTH,
    MAX_CARD_PART,
    MAX_CARD_TEXT,
    MAX_INT,
    MAX_JSON_DEPTH,
    MAX_JSON_LENGTH,
    MAX_LATER_DECKS,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_SEED,
    MAX_TEXT_LENGTH,
)
from ._options import Option, Options
from ._schema import json_schema
from ._select import CardSet, CardSpec
from ._serialize import from_data, from_json, to_data, to_json
from ._slots import Slot
from ._spectator import SpectatorView, spectate
from ._state import GameRecord, GameState, MatchResult, Pending, PlayerState, RoundResult
from ._table import Seat, Table
from ._view import PlayerView, view
from .exceptions import (
    IllegalActionError,
    InvalidActionError,
    InvalidCallError,
    InvalidCardError,
    InvalidOptionError,
    MaumauError,
    MissingExtraError,
    NoSuchSeatError,
    PluginError,
    ProfileError,
    Reason,
    RecordError,
    SimulationError,
    TableError,
    UnknownBotLevelError,
    UnknownVariantError,
)
from .flow import read_call
from .hookspecs import hookimpl
from .plugins import Rules, VariantInfo, variants

try:
    __version__ = version("maumau")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "FORMAT_VERSION",
    "HEARTS",
    "HOUSE_RULE_GROUP",
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
    "SPADES",
    "Action",
    "CallRuling",
    "Card",
    "CardPlayed",
    "CardSet",
    "CardSpec",
    "CardsDrawn",
    "Challenge",
    "ChallengeMade",
    "ChooseSuit",
    "DirectionReversed",
    "DrawCards",
    "DrawRule",
    "Effect",
    "Event",
    "Feature",
    "GameRecord",
    "GameState",
    "HandsPassed",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCallError",
    "InvalidCardError",
    "InvalidOptionError",
    "MatchEnded",
    "MatchResult",
    "MaumauError",
    "MissingExtraError",
    "NoSuchSeatError",
    "Option",
    "Options",
    "Pass",
    "Passed",
    "PenaltyDrawn",
    "Pending",
    "PileRecycled",
    "PlayCard",
    "PlayerResigned",
    "PlayerState",
    "PlayerView",
    "PlaysAgain",
    "PluginError",
    "ProfileError",
    "Reason",
    "RecordError",
    "Resign",
    "RoundEnd",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "Rules",
    "Seat",
    "SimulationError",
    "Slot",
    "SpectatorView",
    "SuitWished",
    "Table",
    "TableError",
    "TurnSkipped",
    "UnknownBotLevelError",
    "UnknownVariantError",
    "VariantInfo",
    "__version__",
    "apply",
    "check_action",
    "combined",
    "french_deck",
    "from_data",
    "from_json",
    "hookimpl",
    "house_rule_names",
    "is_legal",
    "json_schema",
    "legal_actions",
    "load_house_rule",
    "new_game",
    "parse_card",
    "parse_cards",
    "read_call",
    "replay",
    "spectate",
    "to_data",
    "to_json",
    "variants",
    "view",
]

from . import mechanics
from ._determinize import Knowledge, sample_state
from ._narration import Narrator, narrate

__all__ += ["Knowledge", "Narrator", "mechanics", "narrate", "sample_state"]
