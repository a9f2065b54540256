"""
Mechanics: rules that some Mau-Mau games have and others do not, each a built-in plugin a variant opts into.

The kernel knows turns, plays, draws, debts, skips, suit choices, rounds and
the match.  Whatever else a game needs lives here, one mechanic per module,
each keeping its state in a `maumau.Slot` of its own:

* `Challenges`: a missed call stays open to a challenge for a while; a
  challenge costs a penalty or takes the card back.
* `JumpIns`: a card identical to the top card may be thrown in out of turn.
* `Placings`: play goes on after a player goes out; the result is the
  finishing order; a card may bring a finished player back.
* `Board`: something on the table beside the cards (a race track, bets).
* `Choices`: decisions of the variant's own, each answered by its own actions.
* `Combinations`: several cards in one play: sets, runs, suit runs, covered cards.
* `RankWishes`: a card that wishes for a rank.
* `Stacking`: which cards answer a debt or turns to sit out, and which cancel a debt.
* `PlayChallenges`: the next player may challenge a play's legality; the hand is shown to them.
* `Finishing`: cards a player may not go out on.

Each module also answers the front-end hooks (``maumau_tell_event``,
``maumau_status``, ``maumau_bot_hint``, ...) at module level, so that the
narration, the terminal, the web table and the heuristic bot know it
without naming it; `BUILT_IN` lists the modules.

A variant names its mechanics in ``maumau_mechanics``::

    @hookimpl
    def maumau_mechanics():
        return (Challenges(closes="turn"),)

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from . import board, challenges, choices, combinations, finishing, jump_ins, placings, play_challenges, stacking, wishes
from .board import Board
from .challenges import Challenges, Window
from .choices import Choices, Decision
from .combinations import Combinations
from .finishing import Finishing
from .jump_ins import JumpIns
from .placings import Placings
from .play_challenges import ChallengePlay, HandShown, PlayChallenges
from .stacking import Stacking
from .wishes import ChooseRank, RankWishes

#: The built-in mechanics' modules, in the order a game profile registers their mechanics.
#: Each module holds its whole concept (the rules, as a class a game names in ``maumau_mechanics``; how it
#: is told, shown, typed and played, and its profile keys, as hooks answered at module level).  A new
#: built-in mechanic is one more line here; the front ends and the profile compiler read this list.
BUILT_IN = (
    combinations,
    wishes,
    stacking,
    finishing,
    challenges,
    play_challenges,
    jump_ins,
    placings,
    board,
    choices,
)

__all__ = [
    "BUILT_IN",
    "Board",
    "ChallengePlay",
    "Challenges",
    "Choices",
    "ChooseRank",
    "Combinations",
    "Decision",
    "Finishing",
    "HandShown",
    "JumpIns",
    "Placings",
    "PlayChallenges",
    "RankWishes",
    "Stacking",
    "Window",
]
