"""
The heuristic policy: shared by `maumau.bots.HeuristicBot` and the search's rollouts.

`HeuristicBot` applies it to a view; `maumau.search.SearchBot` applies it to
the states of its rollouts, where building a view for every step would cost
more than the step.  Either way it reads only what the acting seat may see:
its own hand, the top card, the wished suit or rank, whether a play of
several cards is open, and how many cards each hand holds, so a rollout
player decides as a heuristic bot would.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from . import _front
from ._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._engine import legal_actions
from ._state import GameState
from ._view import PlayerView

__all__ = [
    "acting_seat",
    "choosable",
    "heuristic_choice",
    "heuristic_reaction",
    "is_extra",
]

#: The kernel's action types, which the heuristic has rules for; a mechanic's it asks the mechanic about
#: (``maumau_bot_hint``); anything else is a variant's own.
_KERNEL_ACTIONS = (PlayCard, DrawCards, Pass, ChooseSuit, Resign)


def is_extra(action: Action) -> bool:
    """
    Whether *action* is one the heuristic has no rule for: a variant's own (a bet, a pig move).

    The kernel's actions and those a mechanic hints about (``maumau_bot_knows``) are not extras.
    """
    return not isinstance(action, _KERNEL_ACTIONS) and not isinstance(action, _front.bot_knows())


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


def _hand(source: GameState | PlayerView, seat: int) -> tuple[Card, ...]:
    """
    *seat*'s hand in a state, or the hand of a view (whose seat *seat* is).
    """
    return source.hand if isinstance(source, PlayerView) else source.players[seat].hand


def heuristic_choice(
    source: GameState | PlayerView,
    seat: int,
    actions: Sequence[Action],
    rng: random.Random,
    *,
    extra_chance: float,
    forget: float,
) -> Action:
    """
    The heuristic's pick among *actions* (none of them `Resign`) for *seat*, which sees *source*.

    *source* is a state (a rollout's) or *seat*'s view; only what the seat may
    see of it is read.  See `maumau.bots.HeuristicBot` for the order of preference.
    """
    extras = [action for action in actions if is_extra(action)]
    core = [action for action in actions if not is_extra(action)]
    if extras and (not core or rng.random() < extra_chance):
        return rng.choice(extras)
    if len(extras) + sum(isinstance(action, _KERNEL_ACTIONS) for action in core) < len(actions):
        hint = _front.bot_hint(source, seat, core, rng)  # a mechanic's action is offered: the mechanic knows it
        if hint is not None:
            return hint
    hand = _hand(source, seat)
    suits = [action for action in core if isinstance(action, ChooseSuit)]
    if suits:
        return _name_suit(hand, suits, rng)
    plays = [action for action in core if isinstance(action, PlayCard)]
    if plays:
        return _play(source, hand, plays, rng, forget)
    for kind in (DrawCards, Pass):
        for action in core:
            if isinstance(action, kind):
                return action
    return rng.choice(core)  # a challenge of a play not taken, and nothing else: taken after all


def heuristic_reaction(
    source: GameState | PlayerView,
    seat: int,
    actions: Sequence[Action],
    rng: random.Random,
    *,
    extra_chance: float,
    forget: float,
) -> Action | None:
    """
    The heuristic's out-of-turn act among *actions* for *seat*, which sees *source*: challenge, else jump in,
    else sometimes an extra, else none.
    """
    actions = [action for action in actions if not isinstance(action, Resign)]
    if not all(isinstance(action, _KERNEL_ACTIONS) for action in actions):
        hint = _front.bot_hint(source, seat, actions, rng, reacting=True)
        if hint is not None:
            return hint
    plays = [action for action in actions if isinstance(action, PlayCard)]
    if plays:
        return _play(source, _hand(source, seat), plays, rng, forget)
    extras = [action for action in actions if is_extra(action)]
    if extras and rng.random() < extra_chance:
        return rng.choice(extras)
    return None


def _name_suit(hand: Sequence[Card], options: Sequence[ChooseSuit], rng: random.Random) -> ChooseSuit:
    held = Counter(card.suit for card in hand if card.suit is not None)
    return max(options, key=lambda action: (held[action.suit], rng.random()))


def _play(
    source: GameState | PlayerView, hand: Sequence[Card], plays: Sequence[PlayCard], rng: random.Random, forget: float
) -> PlayCard:
    """
    The play to make among *plays*: which card, whether more cards follow it, and what to say.

    A card that follows the pile plainly before a wild one; then, to shed
    cards, a card that more cards may follow (once a play of several cards
    is open, going on with it comes first); then a card of the longest suit.
    The play that ends a play carries the due call, unless *forget* says to
    leave it out.
    """
    held: Counter[str | None] = Counter(card.suit for card in hand if card.suit is not None)
    # For each card, with or without more to follow, the version with a call when both are offered: that call is
    # the one due (it is listed first).
    by_card: dict[tuple[Card, bool], PlayCard] = {}
    for play in plays:
        key = (play.card, play.more)
        known = by_card.get(key)
        if known is None or (play.call is not None and known.call is None):
            by_card[key] = play
    top = source.top
    if source.playing:  # a play is open: every card listed follows it, and going on sheds one more
        chosen = max(by_card.values(), key=lambda play: (play.more, held[play.card.suit], rng.random()))
    else:
        follows = _front.bot_follows(source) if source.slots else None  # a mechanic binds the next card
        wanted = source.wish if source.wish is not None else top.suit

        def plain(card: Card) -> bool:
            # A card that is legal without following suit or rank (or what a mechanic asks for, a wished rank)
            # is a wild one (a jack): keep it for later.
            if follows is not None:
                return follows(card)
            return card.suit == wanted or card.rank == top.rank

        chosen = max(
            by_card.values(), key=lambda play: (plain(play.card), play.more, held[play.card.suit], rng.random())
        )
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
    preferred = state.pending.seat if state.pending is not None else state.to_move
    if preferred is not None:  # nearly always the answer: decided without building the list of candidates
        for action in legal_actions(state, preferred):
            if not isinstance(action, Resign):
                return preferred
    count = len(state.players)
    start = state.to_move if state.to_move is not None else 0
    candidates = [] if preferred is None else [preferred]
    candidates.extend((start + step) % count for step in range(count))
    for seat in candidates:
        if any(not isinstance(action, Resign) for action in legal_actions(state, seat)):
            return seat
    return None
