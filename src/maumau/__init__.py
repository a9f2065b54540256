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
from ._effects import CallRuling, Effect, RoundEnd
from ._engine import apply, check_action, is_legal, legal_actions, new_game, replay
from ._events import (
    CardPlayed,
    CardsDrawn,
    ChallengeMade,
    DirectionReversed,
    Event,
    MatchEnded,
    Passed,
    PenaltyDrawn,
    PileRecycled,
    PlayerResigned,
    RoundEnded,
    RoundStarted,
    SuitWished,
    TurnSkipped,
)
from ._options import Option, Options
from ._serialize import from_json, to_json
from ._slots import Slot
from ._state import GameRecord, GameState, MatchResult, Pending, PlayerState, RoundResult
from ._view import PlayerView, view
from .exceptions import (
    IllegalActionError,
    InvalidActionError,
    InvalidCallError,
    InvalidCardError,
    InvalidOptionError,
    MaumauError,
    PluginError,
    Reason,
    RecordError,
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
    "HEARTS",
    "SPADES",
    "Action",
    "CallRuling",
    "Card",
    "CardPlayed",
    "CardsDrawn",
    "Challenge",
    "ChallengeMade",
    "ChooseSuit",
    "DirectionReversed",
    "DrawCards",
    "Effect",
    "Event",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCallError",
    "InvalidCardError",
    "InvalidOptionError",
    "MatchEnded",
    "MatchResult",
    "MaumauError",
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
    "PluginError",
    "Reason",
    "RecordError",
    "Resign",
    "RoundEnd",
    "RoundEnded",
    "RoundResult",
    "RoundStarted",
    "Rules",
    "Slot",
    "SuitWished",
    "TurnSkipped",
    "UnknownVariantError",
    "VariantInfo",
    "__version__",
    "apply",
    "check_action",
    "french_deck",
    "from_json",
    "hookimpl",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse_card",
    "parse_cards",
    "read_call",
    "replay",
    "to_json",
    "variants",
    "view",
]

from . import mechanics
from ._determinize import Knowledge, sample_state

__all__ += ["Knowledge", "mechanics", "sample_state"]
