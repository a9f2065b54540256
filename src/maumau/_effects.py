"""
Small value types that hooks return to the engine.

Hooks describe what a rule does with these records instead of rewriting the
state, so the kernel's mechanics (debts, skips, reversals, suit wishes,
penalty draws) stay in one place and a variant stays declarative.
"""

from __future__ import annotations

from attrs import frozen

__all__ = ["CallRuling", "Effect", "RoundEnd"]


@frozen
class Effect:
    """
    What playing a card does once it lies on the discard pile.

    Args:
        draw: Cards the next player must draw; added to a pending debt.
        skip: Players passed over after this turn.  (A skip that the next
            player may answer is an owed skip: set ``state.skips`` in
            `maumau_follow_up <maumau.hookspecs.maumau_follow_up>` instead.)
        reverse: Play changes direction.
        choose_suit: The player must name a suit before the turn ends.
        wish: A suit the next card must have (a card that fixes it itself).

    .. versionadded:: 0.1.0
    """

    draw: int = 0
    skip: int = 0
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
    wrong), and *penalty* what missing it costs.  What happens to a missed
    call is `maumau_call_missed <maumau.hookspecs.maumau_call_missed>`'s to
    decide: by default the penalty is drawn at once; a variant that plays
    with `maumau.mechanics.Challenges` lets other players point it out
    instead.  *at_once* charges the penalty at once even there (a wrong
    word rather than a forgotten one, such as "uno" at a Mau-Mau table).

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *challenge*, *closes_on* and *undo* moved to `maumau.mechanics.Challenges`; *at_once* is new.
    """

    missed: str | None = None
    penalty: int = 0
    at_once: bool = False


#: The ruling when nothing was wrong.
CALL_OK = CallRuling()


@frozen
class RoundEnd:
    """
    A round ends now: why (``"out"``, ``"blocked"``, ``"stopped"`` or a
    variant's own reason) and who won it.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *placings* moved to `maumau.mechanics.Placings`.
    """

    reason: str
    winners: tuple[int, ...] = ()
