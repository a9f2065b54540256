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

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._engine import legal_actions
from ._state import GameState
from ._view import PlayerView
from .mechanics.play_challenges import ChallengePlay
from .mechanics.wishes import ChooseRank, wished_rank

__all__ = [
    "SURPRISE_WISH",
    "SUSPICIOUS_HAND",
    "acting_seat",
    "choosable",
    "heuristic_choice",
    "heuristic_reaction",
    "is_extra",
]

#: The action types the heuristic knows: the kernel's, and those of the mechanics it has a rule for; anything
#: else is a variant's own.
_KNOWN_ACTIONS = (PlayCard, DrawCards, Pass, ChooseSuit, Challenge, Resign, ChooseRank, ChallengePlay)

#: The heuristic challenges a play (`maumau.mechanics.ChallengePlay`) when the offender still holds at least
#: this many cards.  The test of guilt is the offender's hand (Uno's: a card of the colour that was to be
#: followed), and a careful player plays such a card only when the hand has nothing else that fits, which a
#: small hand shows more often than a large one; with four cards or more, a card of a given suit is in a random
#: hand about seven times in ten, where the rule texts' prices (four cards to a guilty offender, the debt and two
#: more to a wrong challenger) make a challenge pay from about one time in five.
SUSPICIOUS_HAND = 4

#: One rank wish in this many names a rank the hand holds at random, rather than the rank it holds most of.
SURPRISE_WISH = 8


def is_extra(action: Action) -> bool:
    """
    Whether *action* is one the heuristic has no rule for: a variant's own (a bet, a pig move).

    The kernel's actions and the mechanics' rank wishes and challenges of a play are not extras.
    """
    return not isinstance(action, _KNOWN_ACTIONS)


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


def _hand_size(source: GameState | PlayerView, seat: int) -> int:
    """
    How many cards *seat* holds, in a state or a view: public in both.
    """
    return source.hand_sizes[seat] if isinstance(source, PlayerView) else len(source.players[seat].hand)


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
    for challenge in core:
        if isinstance(challenge, Challenge):
            return challenge
    for accusation in core:
        if isinstance(accusation, ChallengePlay) and _hand_size(source, accusation.offender) >= SUSPICIOUS_HAND:
            return accusation
    hand = _hand(source, seat)
    suits = [action for action in core if isinstance(action, ChooseSuit)]
    if suits:
        return _name_suit(hand, suits, rng)
    ranks = [action for action in core if isinstance(action, ChooseRank)]
    if ranks:
        return _name_rank(hand, ranks, rng)
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
    for action in actions:
        if isinstance(action, Challenge):
            return action
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


def _name_rank(hand: Sequence[Card], options: Sequence[ChooseRank], rng: random.Random) -> ChooseRank:
    """
    The rank wish for the rank the hand holds most of, which asks the next card of what the hand can play on;
    one time in `SURPRISE_WISH`, another rank the hand holds.

    A rank has only a few cards, so a wish for it often makes the next
    player draw until a wild card comes, and a table whose hands have taken
    in every other card draws only wild cards: each player would then wish,
    forever, for the rank it holds most of and the next one lacks.  The
    surprise breaks that circle.
    """
    held = Counter(card.rank for card in hand)
    if rng.random() * SURPRISE_WISH < 1:
        some = [action for action in options if held[action.rank]] or list(options)
        return rng.choice(some)
    return max(options, key=lambda action: (held[action.rank], rng.random()))


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
        rank = wished_rank(source)
        wanted = source.wish if source.wish is not None else top.suit

        def plain(card: Card) -> bool:
            # A card that is legal without following suit or rank (or the wished rank) is a wild one (a jack):
            # keep it for later.
            if rank is not None:
                return card.rank == rank
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
