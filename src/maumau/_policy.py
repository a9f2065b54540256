"""
The heuristic policy, on a hand and a top card: shared by `maumau.bots.HeuristicBot` and the search's rollouts.

`HeuristicBot` applies it to a view; `maumau.search.SearchBot` applies it to
the states of its rollouts, where building a view for every step would cost
more than the step.  Both see only the acting seat's own hand, the top card
and the wished suit, so a rollout player decides as a heuristic bot would.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._engine import legal_actions
from ._state import GameState

__all__ = ["acting_seat", "choosable", "heuristic_choice", "heuristic_reaction", "is_extra"]

#: The action types the core defines; anything else is a variant's own.
_CORE_ACTIONS = (PlayCard, DrawCards, Pass, ChooseSuit, Challenge, Resign)


def is_extra(action: Action) -> bool:
    """
    Whether *action* is a variant's own (a bet, a pig move) rather than the core's.
    """
    return not isinstance(action, _CORE_ACTIONS)


def choosable(actions: Sequence[Action], seat: int) -> list[Action]:
    """
    The legal actions a bot considers: all but resigning.

    Raises:
        ValueError: there is nothing but resigning.
    """
    chosen = [action for action in actions if not isinstance(action, Resign)]
    if not chosen:
        raise ValueError(f"seat {seat} has no action to choose but resigning")
    return chosen


def heuristic_choice(
    hand: Sequence[Card],
    top: Card,
    wish: str | None,
    actions: Sequence[Action],
    rng: random.Random,
    *,
    extra_chance: float,
    forget: float,
) -> Action:
    """
    The heuristic's pick among *actions* (none of them `Resign`), for the seat holding *hand*.

    See `maumau.bots.HeuristicBot` for the order of preference.
    """
    extras = [action for action in actions if is_extra(action)]
    core = [action for action in actions if not is_extra(action)]
    if extras and (not core or rng.random() < extra_chance):
        return rng.choice(extras)
    for challenge in core:
        if isinstance(challenge, Challenge):
            return challenge
    suits = [action for action in core if isinstance(action, ChooseSuit)]
    if suits:
        return _name_suit(hand, suits, rng)
    plays = [action for action in core if isinstance(action, PlayCard)]
    if plays:
        return _play(hand, top, wish, plays, rng, forget)
    for kind in (DrawCards, Pass):
        for action in core:
            if isinstance(action, kind):
                return action
    return rng.choice(core)  # pragma: no cover - every core action is handled above


def heuristic_reaction(
    hand: Sequence[Card],
    top: Card,
    wish: str | None,
    actions: Sequence[Action],
    rng: random.Random,
    *,
    extra_chance: float,
    forget: float,
) -> Action | None:
    """
    The heuristic's out-of-turn act among *actions*: challenge, else jump in, else sometimes an extra, else none.
    """
    actions = [action for action in actions if not isinstance(action, Resign)]
    for action in actions:
        if isinstance(action, Challenge):
            return action
    plays = [action for action in actions if isinstance(action, PlayCard)]
    if plays:
        return _play(hand, top, wish, plays, rng, forget)
    extras = [action for action in actions if is_extra(action)]
    if extras and rng.random() < extra_chance:
        return rng.choice(extras)
    return None


def _name_suit(hand: Sequence[Card], options: Sequence[ChooseSuit], rng: random.Random) -> ChooseSuit:
    held = Counter(card.suit for card in hand if card.suit is not None)
    return max(options, key=lambda action: (held[action.suit], rng.random()))


def _play(
    hand: Sequence[Card], top: Card, wish: str | None, plays: Sequence[PlayCard], rng: random.Random, forget: float
) -> PlayCard:
    held: Counter[str | None] = Counter(card.suit for card in hand if card.suit is not None)
    # For each card, the version with a call when both are offered: that call is the one due.
    by_card: dict[object, PlayCard] = {}
    for play in plays:
        if play.card not in by_card or (play.call is not None and by_card[play.card].call is None):
            by_card[play.card] = play
    wanted = wish if wish is not None else top.suit

    def plain(card: Card) -> bool:
        # A card that is legal without following suit or rank is a wild one (a jack): keep it for later.
        return card.suit == wanted or card.rank == top.rank

    chosen = max(by_card.values(), key=lambda play: (plain(play.card), held[play.card.suit], rng.random()))
    silent = PlayCard(chosen.seat, chosen.card)
    if chosen.call is not None and silent in plays and forget and rng.random() < forget:
        return silent
    return chosen


def acting_seat(state: GameState) -> int | None:
    """
    The seat that must act now: the seat of a pending decision, else the seat
    to move; ``None`` when the match is over.

    When neither has anything to do but resign (a variant's decision taken
    out of turn), the first seat from the one to move that has.
    """
    if state.result is not None:
        return None
    count = len(state.players)
    preferred = state.pending.seat if state.pending is not None else state.to_move
    start = state.to_move if state.to_move is not None else 0
    candidates = [] if preferred is None else [preferred]
    candidates.extend((start + step) % count for step in range(count))
    for seat in candidates:
        if any(not isinstance(action, Resign) for action in legal_actions(state, seat)):
            return seat
    return None
