"""
Small value types that hooks return to the engine.

Hooks describe what a rule does with these records instead of rewriting the
state, so the common mechanics (debts, skips, reversals, suit wishes, penalty
draws, challenge windows) stay in one place in the engine and a variant
stays declarative.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

__all__ = ["CallRuling", "Effect", "RoundEnd"]


@frozen
class Effect:
    """
    What playing a card does once it lies on the discard pile.

    Args:
        draw: Cards the next player must draw; added to a pending debt.
        skip: Players passed over after this turn.
        skip_answerable: The player to be skipped may answer (pass the skip
            on) instead of missing the turn at once.
        reverse: Play changes direction.
        choose_suit: The player must name a suit before the turn ends.
        wish: A suit the next card must have (a card that fixes it itself).

    .. versionadded:: 0.1.0
    """

    draw: int = 0
    skip: int = 0
    skip_answerable: bool = False
    reverse: bool = False
    choose_suit: bool = False
    wish: str | None = None


#: The effect of a card that does nothing beyond lying on the pile.
NO_EFFECT = Effect()


@frozen
class CallRuling:
    """
    The verdict on what a player said with a card.

    *missed* is the call that was due and not said (``None``: nothing was
    wrong).  *penalty* cards are drawn at once, or, with *challenge*, only if
    another player challenges while the window is open; the window closes
    when the next player completes a turn (*closes_on* ``"turn"``) or takes
    any action (``"action"``).  *undo* asks that a successful challenge take
    the card back and reverse its follow-up (Sau Mau Mau).

    .. versionadded:: 0.1.0
    """

    missed: str | None = None
    penalty: int = 0
    challenge: bool = False
    closes_on: Literal["turn", "action"] = "turn"
    undo: bool = False


#: The ruling when nothing was wrong.
CALL_OK = CallRuling()


@frozen
class RoundEnd:
    """
    A round ends now: why (``"out"``, ``"blocked"``, ``"stopped"`` or a
    variant's own reason) and who won it.

    *placings*, for a variant that plays on after the first player goes
    out, is the finishing order (best first); left empty, the round's
    result takes ``state.placings``.

    .. versionadded:: 0.1.0
    """

    reason: str
    winners: tuple[int, ...] = ()
    placings: tuple[int, ...] = ()
