"""
Small value types that hooks return to the engine.

Hooks describe what a rule does with these records instead of rewriting the
state, so the kernel's mechanics (debts, skips, reversals, suit wishes,
penalty draws, another turn, draws by other seats) stay in one place and a
variant stays declarative.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from attrs import field, frozen

__all__ = ["CallRuling", "DrawRule", "Effect", "RoundEnd", "combined"]


def _again(instance: object, attribute: object, value: object) -> None:
    if value not in (None, "must", "may"):
        raise ValueError(f"again is None, 'must' or 'may', not {value!r}")


def _count(instance: object, attribute: Any, value: object) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"{attribute.name} is a whole number of at least 0, not {value!r}")


@frozen
class Effect:
    """
    What playing a card does once it lies on the discard pile.

    Args:
        draw: Cards the next player must draw; added to a pending debt,
            which the next player may answer where the game says so.
        skip: Players passed over after this turn, at once.  (A skip that
            the next player may answer is *sit_out*.)
        reverse: Play changes direction.
        choose_suit: The player must name a suit before the turn ends.
        wish: A suit the next card must have (a card that fixes it itself).
        suits: The suits that *choose_suit* may name; ``None``: every suit
            of the deck (Jack Change It's jack names one of the other three).
        again: The same seat plays again: ``"must"``, another turn, played
            as any turn is (a card, or a draw: Pesten's 7, Whot's 1);
            ``"may"``, another play if it wants, or a pass that ends the
            turn (Taki's King).  Void when the card empties the hand.
        sit_out: Turns the next player must sit out unless they answer (the
            answer adds its own): owed in ``state.skips``, the first taken at
            once with a pass, the rest when their turns come (Makao's 4s).
        draw_others: Cards every other player still in the round draws at
            once (Whot's general market, Taki's +3).
        draw_previous: Cards the player before this one draws at once.
        pass_hands: Every player still in the round passes their hand this
            many places on, in the direction of play (Last Card's 7).

    Several cards played together (a set, a run) have the effect of their
    `combined` effects, unless the game says otherwise
    (`maumau_combine_effects <maumau.hookspecs.maumau_combine_effects>`).

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *suits*, *again*, *sit_out*, *draw_others*, *draw_previous* and *pass_hands*.
    """

    draw: int = 0
    skip: int = 0
    reverse: bool = False
    choose_suit: bool = False
    wish: str | None = None
    suits: tuple[str, ...] | None = None
    again: Literal["must", "may"] | None = field(default=None, validator=_again)
    sit_out: int = field(default=0, validator=_count)
    draw_others: int = field(default=0, validator=_count)
    draw_previous: int = field(default=0, validator=_count)
    pass_hands: int = field(default=0, validator=_count)
    #: Whether the effect reaches beyond the next player (*again*, *sit_out*, *draw_others*, *draw_previous*,
    #: *pass_hands*): worked out once, so that a play asks one question instead of five.
    beyond: bool = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        beyond = bool(self.again or self.sit_out or self.draw_others or self.draw_previous or self.pass_hands)
        object.__setattr__(self, "beyond", beyond)


#: The effect of a card that does nothing beyond lying on the pile.
NO_EFFECT = Effect()


def combined(effects: Sequence[Effect]) -> Effect:
    """
    The effect of several cards played together: what each does, added up.

    Draws, skips, turns to sit out and cards passed add up (three 2s: draw
    6; two 8s: two skips); reversals cancel in pairs; a suit is named once,
    at the end, if any card names one (a jack among them still wishes), from
    the suits the last such card allows; the last card that fixes a suit
    fixes it; another turn is owed if any card gives one (``"must"`` over
    ``"may"``).

    >>> combined([Effect(draw=2), Effect(draw=2), Effect(draw=2)]).draw
    6
    >>> combined([Effect(reverse=True), Effect(reverse=True)]).reverse
    False

    .. versionadded:: 0.2.0
    """
    doing = [effect for effect in effects if _does(effect)]
    if len(doing) <= 1:  # what one card does, or nothing: no new effect to make (a set of plain cards, most sets)
        return doing[0] if doing else effects[-1]
    suits = [effect.suits for effect in effects if effect.choose_suit]
    wishes = [effect.wish for effect in effects if effect.wish is not None]
    agains = {effect.again for effect in effects}
    return Effect(
        draw=sum(effect.draw for effect in effects),
        skip=sum(effect.skip for effect in effects),
        reverse=sum(effect.reverse for effect in effects) % 2 == 1,
        choose_suit=bool(suits),
        wish=wishes[-1] if wishes else None,
        suits=suits[-1] if suits else None,
        again="must" if "must" in agains else "may" if "may" in agains else None,
        sit_out=sum(effect.sit_out for effect in effects),
        draw_others=sum(effect.draw_others for effect in effects),
        draw_previous=sum(effect.draw_previous for effect in effects),
        pass_hands=sum(effect.pass_hands for effect in effects),
    )


def _does(effect: Effect) -> bool:
    """
    Whether *effect* does anything beyond lying on the pile.
    """
    return bool(effect.draw or effect.skip or effect.reverse or effect.choose_suit or effect.wish or effect.beyond)


def _limit(instance: object, attribute: object, value: object) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(f"a draw limit is None or a whole number of at least 1, not {value!r}")


def _one_of(*allowed: str) -> Any:
    def check(instance: object, attribute: Any, value: object) -> None:
        if value not in allowed:
            raise ValueError(f"{attribute.name} is one of {', '.join(map(repr, allowed))}, not {value!r}")

    return check


@frozen
class DrawRule:
    """
    What a player may do after drawing a card by choice (not for a debt), as one setting.

    Args:
        limit: The most cards a player may draw by choice in one turn;
            ``None``: no limit (for *until_playable*).
        until_playable: Draw again, instead of passing, until a drawn card
            can be played or nothing is left to draw ("draw until you can
            play", the commonest Crazy Eights rule).
        then: What happens to a drawn card that can be played:
            ``"may_play"``, played or kept (the turn then passes);
            ``"must_play"``, played at once; ``"keep"``, the turn ends with
            the draw and the card is playable only in a later turn (Taki,
            English Whot, Jack Change It).
        play: What may be played after a draw: ``"drawn"``, the card just
            drawn only; ``"hand"``, any card of the hand (OpenSpiel's Crazy
            Eights).

    The kernel's rule is ``DrawRule()``: draw one card, which may be played,
    or pass.  Whatever the rule, once the limit is reached or nothing is
    left to draw, a pass ends the turn.

    >>> DrawRule(limit=None, until_playable=True)
    DrawRule(limit=None, until_playable=True, then='may_play', play='drawn')

    .. versionadded:: 0.2.0
    """

    limit: int | None = field(default=1, validator=_limit)
    until_playable: bool = False
    then: Literal["may_play", "must_play", "keep"] = field(
        default="may_play", validator=_one_of("may_play", "must_play", "keep")
    )
    play: Literal["drawn", "hand"] = field(default="drawn", validator=_one_of("drawn", "hand"))

    def __attrs_post_init__(self) -> None:
        if self.then == "keep" and (self.limit != 1 or self.until_playable or self.play != "drawn"):
            raise ValueError("a drawn card that is kept ends the turn: then='keep' takes the default limit and play")


#: The kernel's draw rule: one card, which may be played.
DRAW_ONE = DrawRule()


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
