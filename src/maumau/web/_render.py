"""
What the browser gets: a seat's view or the spectator's as plain JSON, with sentences for actions and events.

The page draws only what it is sent.  A card carries its code (the form
used in JSON, ``"7h"``), its text (``"7♥"``) and a colour class, so the
page can draw a French suit or a colour deck's colour alike.  Each legal
action carries a sentence for its button and its own JSON, which the page
sends back unchanged to take it.

A play of several cards is one action per card: a card that more cards
follow is listed with ``more`` (its button says "and more"), and while the
play is open, ``playing`` holds its cards so far and only the cards that may
follow are listed.  The page clicks them one at a time, as a player would.
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs

from .._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from .._cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card
from .._events import (
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
from .._serialize import to_json
from .._spectator import SpectatorView
from .._view import PlayerView
from ..mechanics import challenges, placings, play_challenges, wishes
from ..mechanics.placings import PlayerRevived
from ..mechanics.play_challenges import ChallengePlay, HandShown, PlayChallenged
from ..mechanics.wishes import ChooseRank, RankWished

__all__ = ["action_text", "card_data", "event_text", "render"]

#: The colour class of each French suit: a four-colour pack, so that no two suits look alike.
_SUIT_COLOURS = {HEARTS: "red", DIAMONDS: "blue", CLUBS: "green", SPADES: "black"}
_SEAT = re.compile(r"\bseat (\d+)")


#: The slots shown on their own (a challenge window, the placings, a wished rank, a play open to a challenge).
_SHOWN_SLOTS = (challenges.WINDOWS.name, placings.PLACED.name, wishes.WISHED.name, play_challenges.SUSPECT.name)


def card_data(card: Card) -> dict[str, str | bool]:
    """
    A card for the page: its code, its text and its colour class.
    """
    suit = card.suit or ""
    return {
        "code": card.code,
        "text": str(card),
        "rank": card.rank,
        "suit": suit,
        "french": card.is_french,
        "colour": _SUIT_COLOURS.get(suit, suit or "none"),
    }


def _names(text: str, names: tuple[str, ...]) -> str:
    return _SEAT.sub(lambda match: _name(names, int(match.group(1))), text)


def _name(names: tuple[str, ...], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def action_text(action: Action, names: tuple[str, ...]) -> str:
    """
    The button's sentence for *action*, without the seat that takes it: ``play 7♥ and say 'Mau'``.
    """
    if isinstance(action, PlayCard):
        if action.more:
            return f"play {action.card} and more"
        said = f" and say '{action.call}'" if action.call else ""
        return f"play {action.card}{said}"
    if isinstance(action, DrawCards):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, ChooseSuit):
        return f"name {action.suit}"
    if isinstance(action, Challenge):
        return f"challenge {_name(names, action.offender)}"
    if isinstance(action, ChallengePlay):
        return f"challenge {_name(names, action.offender)}'s play"
    if isinstance(action, ChooseRank):
        return f"wish for {action.rank}"
    if isinstance(action, Resign):
        return "resign"
    text = str(action).removeprefix(f"seat {action.seat} ")
    return _names(text, names)


def event_text(event: Event, names: tuple[str, ...]) -> str:
    """
    One line of the event log.
    """
    who = _name(names, getattr(event, "seat", -1))
    if isinstance(event, RoundStarted):
        first = f"; {_name(names, event.first)} plays first" if event.first is not None else ""
        return f"Round {event.round}: {_name(names, event.dealer)} deals, the starter is {event.starter}{first}."
    if isinstance(event, CardPlayed):
        verb = "jumps in with" if event.out_of_turn else "plays"
        said = f" and says '{event.call}'" if event.call else ""
        more = ", more to follow" if event.more else ""
        return f"{who} {verb} {event.card}{said}{more}."
    if isinstance(event, PlaysAgain):
        return f"{who} may play again." if event.again == "may" else f"{who} plays again."
    if isinstance(event, HandsPassed):
        passers = ", ".join(_name(names, seat) for seat in event.seats)
        times = "" if event.times == 1 else f" {event.times} times"
        shown = "".join(
            f" {_name(names, seat)} passed on: {' '.join(map(str, hand)) or 'nothing'}."
            for seat, hand in zip(event.seats, event.hands, strict=True)
            if hand is not None  # in a seat's view, only the hand it passed
        )
        return f"{passers} pass their hands on to the next{times}.{shown}"
    if isinstance(event, HandShown):
        cards = "" if event.cards is None else f": {' '.join(map(str, event.cards)) or 'no cards'}"
        return f"{who} shows their hand to {_name(names, event.to)}{cards}."
    if isinstance(event, PlayChallenged):
        outcome = "it was not allowed" if event.guilty else "it was allowed"
        return f"{who} challenges {_name(names, event.offender)}'s {event.card}: {outcome}."
    if isinstance(event, RankWished):
        return f"{who} wishes for {event.rank}."
    if isinstance(event, PlayerRevived):
        return f"{who} is brought back into the round with {event.count} card{'' if event.count == 1 else 's'}."
    if isinstance(event, (CardsDrawn, PenaltyDrawn)):
        penalty = " penalty" if isinstance(event, PenaltyDrawn) else ""
        cards = f": {' '.join(map(str, event.cards))}" if event.cards else ""
        reason = f" ({event.reason})" if isinstance(event, PenaltyDrawn) else ""
        return f"{who} draws {event.count}{penalty} card{'' if event.count == 1 else 's'}{reason}{cards}."
    if isinstance(event, Passed):
        return f"{who} passes."
    if isinstance(event, TurnSkipped):
        return f"{who} is skipped."
    if isinstance(event, DirectionReversed):
        return "The direction of play reverses."
    if isinstance(event, SuitWished):
        return f"{who} wishes {event.suit}."
    if isinstance(event, ChallengeMade):
        return f"{who} challenges {_name(names, event.offender)}."
    if isinstance(event, PileRecycled):
        return f"The discards are shuffled into a new draw pile of {event.count} cards."
    if isinstance(event, PlayerResigned):
        return f"{who} resigns."
    if isinstance(event, RoundEnded):
        points = ", ".join(f"{_name(names, seat)} {pts:+d}" for seat, pts in enumerate(event.points))
        winners = ", ".join(_name(names, seat) for seat in event.winners) or "nobody"
        return f"Round {event.round} is over ({event.reason.replace('_', ' ')}): won by {winners}; {points}."
    if isinstance(event, MatchEnded):
        winners = ", ".join(_name(names, seat) for seat in event.winners)
        return f"The match is over ({event.reason.replace('_', ' ')}): won by {winners}."
    if type(event).__str__ is not object.__str__:
        text = _names(str(event), names)
        return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
    fields = ", ".join(
        f"{field.name} {getattr(event, field.name)}" for field in attrs.fields(type(event)) if field.name != "seat"
    )
    return (
        f"{who}: {event.kind.replace('_', ' ')} ({fields})." if hasattr(event, "seat") else f"{event.kind}: {fields}."
    )


def _board(value: Any) -> dict[str, Any] | None:
    """
    A race board (sau-mau-mau's track and bet row) for the page, read by its fields; ``None`` for other slots.
    """
    fields = ("pigs", "finish", "bets")
    if not all(hasattr(value, name) for name in fields):
        return None
    from maumau_variants.sau_mau_mau import BET_POINTS, PIGS  # the board's own names and points

    bets = [*value.bets, *[(None, None)] * len(BET_POINTS)]
    return {
        "finish": value.finish,
        "pigs": [{"pig": pig, "at": at} for pig, at in zip(PIGS, value.pigs, strict=True)],
        "bets": [
            {
                "points": points,
                "seat": bets[n][0] if n < len(bets) else None,
                "pig": bets[n][1] if n < len(bets) else None,
            }
            for n, points in enumerate(BET_POINTS)
        ],
        "arrived": getattr(value, "arrived", None),
    }


def _summary(number: int | None, reason: str, winners: tuple[int, ...], points: tuple[int, ...]) -> dict[str, Any]:
    """
    A round's or the match's summary: its reason, winners and points (or totals).
    """
    return {"round": number, "reason": reason.replace("_", " "), "winners": list(winners), "points": list(points)}


def render(seen: PlayerView | SpectatorView, *, waiting: tuple[int, ...], actor: int | None) -> dict[str, Any]:
    """
    The table as *seen* (a seat's view or the spectator's), ready for ``json.dumps``.

    *waiting* are the people the table waits for and *actor* the seat to act: a waited-for seat that is not
    to act is in a reaction window, and may let it pass.
    """
    names = seen.names
    seat = seen.seat if isinstance(seen, PlayerView) else None
    board = None
    slots = []
    for name, value in seen.slots:
        as_board = _board(value)
        if as_board is not None:
            board = as_board
        elif name not in _SHOWN_SLOTS:  # each shown on its own below
            slots.append([name.replace("_", " "), str(value)])
    actions = []
    if isinstance(seen, PlayerView):
        for number, action in enumerate(seen.legal_actions):
            actions.append(
                {
                    "id": number,
                    "kind": action.kind,
                    "text": action_text(action, names),
                    "card": action.card.code if isinstance(action, PlayCard) else None,
                    "call": action.call if isinstance(action, PlayCard) else None,
                    "more": isinstance(action, PlayCard) and action.more,
                    "reaction": actor != seat and not isinstance(action, Resign),
                    "action": json.loads(to_json(action)),
                }
            )
    result = seen.result
    window = challenges.window(seen)
    suspect = play_challenges.suspect(seen)
    return {
        "variant": seen.variant,
        "seat": seat,
        "names": list(names),
        "hand": [card_data(card) for card in seen.hand] if isinstance(seen, PlayerView) else None,
        "drawn": card_data(seen.drawn) if isinstance(seen, PlayerView) and seen.drawn is not None else None,
        "hand_sizes": list(seen.hand_sizes),
        "top": card_data(seen.top),
        "discards": len(seen.discard_pile),
        "draw_pile": seen.draw_pile_size,
        "round": seen.round,
        "to_move": seen.to_move,
        "direction": seen.direction,
        "wish": seen.wish,
        "debt": seen.debt,
        "skips": seen.skips,
        "playing": [card_data(card) for card in seen.playing],
        "again": seen.again,
        "waits": list(seen.waits),
        "rank_wish": wishes.wished_rank(seen),
        "suspect": None
        if suspect is None or suspect.target == -1
        else {"offender": suspect.offender, "card": card_data(suspect.card), "target": suspect.target},
        "pending": None
        if seen.pending is None
        else {"seat": seen.pending.seat, "kind": seen.pending.kind.replace("_", " "), "amount": seen.pending.amount},
        "resigned": list(seen.resigned),
        "scores": list(seen.scores),
        "rounds": [_summary(r.round, r.reason, r.winners, r.points) for r in seen.rounds],
        "result": None if result is None else _summary(None, result.reason, result.winners, result.totals),
        "board": board,
        "open_call": None
        if window is None
        else {"offender": window.offender, "missed": challenges.quoted_calls(window.missed)},
        "placed": list(placings.placed(seen)),
        "slots": slots,
        "actions": actions,
        "waiting": list(waiting),
        "actor": actor,
        "may_decline": seat is not None and seat in waiting and seat != actor,
    }
