"""
Moves by name: what a player types for an action in a terminal (``7h``, ``draw``, ``pass``, ``mau 7h``).

A name is short, lowercase and the same in every variant: a card by its
code (``7h``, ``10s``, ``green 2``) or as printed (``7♥``); a call before the
card it goes with (``mau 7h``, ``mau-mau 7h``); ``draw``, ``pass``,
``resign``; a suit by its letter, symbol or name (``h``, ``♥``, ``hearts``);
a mechanic's actions as the mechanic names them (``challenge``, with the
offender's seat when there are several; hook ``maumau_move_names``); and
a variant's own actions by their kind and fields (``bet pink``).  A plain
card names the play without a call, so a player may miss a call on purpose.

A card that more cards follow in the same play (`maumau.PlayCard` with
``more``) is the card with a ``+`` (``8h+``, or ``8h more``).  A wished rank
is ``rank 7`` (or ``wish 7``): a bare ``7`` or ``q`` would read as a card,
a command or quitting.  A challenge of a play's legality is ``challenge
play`` (``challenge play 2`` names the offender).

A whole play of several cards is typed as its cards in order, the call
first as with one card (``8h 8d``, ``mau 8h 8d``); `plan_play` turns such
text into the play's actions, one card at a time, each checked against the
moves listed after the cards before it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import attrs
from attrs import frozen

from . import _front
from ._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, parse_card
from .exceptions import MaumauError

__all__ = ["PlayPlan", "find_move", "move_names", "next_card", "plan_play"]

_SUIT_NAMES = {
    CLUBS: ("c", "clubs", "club"),
    DIAMONDS: ("d", "diamonds", "diamond"),
    HEARTS: ("h", "hearts", "heart"),
    SPADES: ("s", "spades", "spade"),
}


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


def _card_names(card: Card) -> tuple[str, ...]:
    return tuple(dict.fromkeys(_normal(name) for name in (card.code, str(card))))


def _call_names(call: str) -> tuple[str, ...]:
    spoken = _normal(call)
    return tuple(dict.fromkeys((spoken, spoken.replace(" ", "-"), spoken.replace("-", " "), spoken.replace(" ", ""))))


def move_names(action: Action) -> tuple[str, ...]:
    """
    The names a player may type for *action*, the one a menu shows first (mostly the shortest).

    >>> from maumau import Card, PlayCard
    >>> move_names(PlayCard(0, Card.parse("7h"), "Mau"))
    ('mau 7h', 'mau 7♥')
    >>> move_names(PlayCard(0, Card.parse("8h"), more=True))
    ('8h+', '8♥+', '8h more', '8♥ more')
    """
    if isinstance(action, PlayCard):
        cards = _card_names(action.card)
        if action.more:  # a card that more cards follow carries no call: the play's last card says it
            return tuple(f"{card}{more}" for more in ("+", " more") for card in cards)
        if action.call is None:
            return cards
        return tuple(f"{call} {card}" for call in _call_names(action.call) for card in cards)
    if isinstance(action, DrawCards):
        return ("draw", "d")
    if isinstance(action, Pass):
        return ("pass", "p")
    if isinstance(action, Resign):
        return ("resign",)
    if isinstance(action, ChooseSuit):
        suits = (*_SUIT_NAMES.get(action.suit, ()), _normal(action.suit))
        return tuple(dict.fromkeys((*suits, *(f"suit {suit}" for suit in suits))))
    named = _front.move_names(action)  # a mechanic's action: the mechanic names it
    if named is not None:
        return named
    values = [_normal(str(getattr(action, field.name))) for field in attrs.fields(type(action)) if field.name != "seat"]
    kind = _normal(action.kind.replace("_", " "))
    return tuple(dict.fromkeys((" ".join([kind, *values]), " ".join([action.kind, *values]))))


def find_move(text: str, moves: Sequence[Action]) -> Action | None:
    """
    The one move of *moves* that *text* names, or ``None`` when it names none or several.
    """
    wanted = _normal(text)
    found = [move for move in moves if wanted in move_names(move)]
    if len(found) > 1:  # "challenge" with two offenders: only the seat tells them apart
        found = [move for move in found if move_names(move)[0] == wanted]
    return found[0] if len(found) == 1 else None


@frozen
class PlayPlan:
    """
    A play of several cards as typed: the actions found for it, and the text from where that stopped.

    *steps* are the play's actions in order, each one listed after the ones
    before it; *call* is the call as typed (said with the last card); *rest*
    is the typed text from the first card no listed move named, empty when
    *steps* are the whole play.
    """

    steps: tuple[PlayCard, ...]
    call: str | None = None
    rest: str = ""

    @property
    def complete(self) -> bool:
        """
        Whether *steps* are the whole play that was typed.
        """
        return not self.rest


def _card_at(words: list[str], moves: Sequence[Action]) -> tuple[Card, int, bool] | None:
    """
    The card of a listed play that *words* begin with, how many words name it (the longest name wins), and
    whether they name it as a card that more cards follow (``8h+``, ``8h more``).
    """
    best: tuple[Card, int, bool] | None = None
    for move in moves:
        if not isinstance(move, PlayCard):
            continue
        names = [(name, False) for name in _card_names(move.card)]
        if move.more:
            names += [(name, True) for name in move_names(move)]
        for name, more in names:
            length = len(name.split())
            if words[:length] == name.split() and (best is None or length > best[1]):
                best = (move.card, length, more)
    return best


def _step(moves: Sequence[Action], card: Card, more: bool, call: str | None) -> PlayCard | None:
    """
    The listed play of *card*, with *more* or ending the play with the typed *call*, if one is listed.
    """
    for move in moves:
        if not isinstance(move, PlayCard) or move.card != card or move.more != more:
            continue
        if more or (call is None and move.call is None):
            return move
        if call is not None and move.call is not None and call in _call_names(move.call):
            return move
    return None


def plan_play(
    text: str, moves: Sequence[Action], after: Callable[[tuple[PlayCard, ...]], Sequence[Action]]
) -> PlayPlan | None:
    """
    The play that *text* names as its cards in order (``8h 8d``, ``mau 8h 8d``), found one card at a time.

    *moves* are the moves listed now, and ``after(steps)`` the moves listed
    once *steps* (the play's first cards) are made: each card but the last
    must be listed with ``more``, the last one without it and with the typed
    call (which goes before the cards, as with one card).  A card written
    with a ``+`` (``8h+``) may also end the text, leaving the play open.
    Nothing is applied: the caller applies the steps, checking each again.

    Returns ``None`` when *text*, after a call, does not begin with a card
    that may be played now: it is no play at all (but a card the text
    begins with is no call: ``kc 8h`` stops at once, at ``kc``).  Otherwise a `PlayPlan`;
    where it is not complete, its *rest* begins with the card that could not
    be played, which `next_card` reads so the caller can ask the rules why.

    >>> from maumau import Card, PlayCard
    >>> eight, other = Card.parse("8h"), Card.parse("8d")
    >>> first = [PlayCard(0, eight, more=True), PlayCard(0, eight)]
    >>> plan_play("8h 8d", first, lambda steps: [PlayCard(0, other)]).steps == (first[0], PlayCard(0, other))
    True
    """
    words = _normal(text.replace(",", " ")).split()
    start = next((index for index in range(len(words)) if _card_at(words[index:], moves) is not None), None)
    if start is None:
        return None
    if start and _is_suited_card(words[0]):  # "kc 8h": the first card may not be played, it is no call
        return PlayPlan((), None, " ".join(words))
    call = " ".join(words[:start]) or None
    rest = words[start:]
    steps: list[PlayCard] = []
    listed = moves
    while rest:
        found = _card_at(rest, listed)
        if found is None:
            break
        card, length, said_more = found
        rest_after = rest[length:]
        more = bool(rest_after) or said_more
        step = _step(listed, card, more, None if more else call)
        if step is None:
            break
        steps.append(step)
        rest = rest_after
        if rest:
            listed = after(tuple(steps))
    return PlayPlan(tuple(steps), call, " ".join(rest))


def _is_suited_card(word: str) -> bool:
    """
    Whether *word* reads as a card with a suit (``kc``, ``8♥``), which no call is.
    """
    try:
        return parse_card(word.removesuffix("+")).suit is not None
    except MaumauError:
        return False


def next_card(plan: PlayPlan, hand: Collection[Card] = ()) -> tuple[Card, str] | None:
    """
    The card that *plan* stopped at, and the text typed after it; ``None`` when no card is there.

    A French card is one word (``8h``, or ``8h+``), another deck's one or
    two (``green 2``); a card without a suit counts only when *hand* holds
    it, since any word reads as one (``mau``).  The caller builds the action
    it meant (with ``more`` when more text follows) and asks the rules why
    it is not allowed.
    """
    words = plan.rest.split()
    for length in (1, 2):
        if len(words) < length:
            break
        try:
            card = parse_card(" ".join(words[:length]).removesuffix("+"))
        except MaumauError:
            continue
        if card.suit is None and card not in hand:
            continue
        after = words[length:]
        if words[length - 1].endswith("+") and not after:
            after = ["+"]
        return card, " ".join(after)
    return None
