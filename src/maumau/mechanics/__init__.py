"""
Mechanics: rules that some Mau-Mau games have and others do not, each a built-in plugin a variant opts into.

The kernel knows turns, plays, draws, debts, skips, suit choices, rounds and
the match.  Whatever else a game needs lives here, one mechanic per module,
each keeping its state in a `maumau.Slot` of its own:

* `Challenges`: a missed call stays open to a challenge for a while; a
  challenge costs a penalty or takes the card back.
* `JumpIns`: a card identical to the top card may be thrown in out of turn.
* `Placings`: play goes on after a player goes out; the result is the finishing order.
* `Board`: something on the table beside the cards (a race track, bets).
* `Choices`: decisions of the variant's own, each answered by its own actions.

A variant names its mechanics in ``maumau_mechanics``::

    @hookimpl
    def maumau_mechanics():
        return (Challenges(closes="turn"),)

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from .board import Board
from .challenges import Challenges, Window
from .choices import Choices, Decision
from .jump_ins import JumpIns
from .placings import Placings

__all__ = ["Board", "Challenges", "Choices", "Decision", "JumpIns", "Placings", "Window"]
