"""
Simple computer players that decide from a `PlayerView` alone.

A bot gets what its seat may see (`maumau.view`), never the state, so it
cannot peek at other hands or the draw pile.  The view carries the seat's
legal actions; a bot only ever picks one of them, so it works for every
variant, including actions the bot does not know (a variant's bets or pig
moves), which it picks at random.

`play_out` runs a game between bots to its end; the ``maumau play`` command
uses the same bots against a human.

.. versionadded:: 0.1.0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._engine import apply, legal_actions
from ._state import GameState
from ._view import PlayerView, view

__all__ = ["Bot", "HeuristicBot", "RandomBot", "ReactingBot", "acting_seat", "play_out", "react_once"]

#: The action types the core defines; anything else is a variant's own.
_CORE_ACTIONS = (PlayCard, DrawCards, Pass, ChooseSuit, Challenge, Resign)


@runtime_checkable
class Bot(Protocol):
    """
    A computer player: picks one of ``view.legal_actions``.

    `choose` is asked when the bot's seat must act (its turn or a decision
    pending on it), so ``view.legal_actions`` holds more than `Resign`.

    .. versionadded:: 0.1.0
    """

    def choose(self, view: PlayerView) -> Action:
        """
        The action to take, one of ``view.legal_actions``.
        """
        ...  # pragma: no cover


@runtime_checkable
class ReactingBot(Bot, Protocol):
    """
    A bot that may also act out of turn (challenge a missed call, jump in).

    .. versionadded:: 0.1.0
    """

    def react(self, view: PlayerView) -> Action | None:
        """
        An out-of-turn action from ``view.legal_actions``, or ``None`` to let play go on.
        """
        ...  # pragma: no cover


def _choosable(view: PlayerView) -> list[Action]:
    """
    The legal actions a bot considers: all but resigning.
    """
    actions = [action for action in view.legal_actions if not isinstance(action, Resign)]
    if not actions:
        raise ValueError(f"seat {view.seat} has no action to choose but resigning")
    return actions


def _is_extra(action: Action) -> bool:
    return not isinstance(action, _CORE_ACTIONS)


class RandomBot:
    """
    Picks uniformly among its legal actions, never resigning.

    Out of turn it does nothing or one of its legal actions, each as likely.
    *seed* makes its choices repeatable.

    .. versionadded:: 0.1.0
    """

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RandomBot()"

    def choose(self, view: PlayerView) -> Action:
        """
        A uniformly random legal action other than `Resign`.
        """
        return self.rng.choice(_choosable(view))

    def react(self, view: PlayerView) -> Action | None:
        """
        ``None`` or an out-of-turn action, uniformly at random.
        """
        options: list[Action | None] = [None]
        options.extend(action for action in view.legal_actions if not isinstance(action, Resign))
        return self.rng.choice(options)


class HeuristicBot:
    """
    A simple sensible player: plays rather than draws, says its calls, always
    challenges, never resigns.

    In order of preference it challenges a missed call, names the suit it
    holds most of, plays a card (saying the due call; a card that follows
    suit or rank before a wild one such as a jack, which is kept for later;
    then from its longest suit, which keeps the next turn open; a card
    answering a debt or skip counts as a play), draws, then passes.  A variant's own actions it does not
    know are taken at random: always when nothing else is left, otherwise
    with probability *extra_chance*.  With probability *forget* it plays
    without the due call, as people do, so that a table of bots gives the
    others something to challenge.  *seed* breaks ties repeatably.

    .. versionadded:: 0.1.0
    """

    def __init__(self, seed: int | None = None, *, extra_chance: float = 0.25, forget: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.extra_chance = extra_chance
        self.forget = forget

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, view: PlayerView) -> Action:
        """
        The preferred legal action other than `Resign`.
        """
        actions = _choosable(view)
        extras = [action for action in actions if _is_extra(action)]
        core = [action for action in actions if not _is_extra(action)]
        if extras and (not core or self.rng.random() < self.extra_chance):
            return self.rng.choice(extras)
        for challenge in core:
            if isinstance(challenge, Challenge):
                return challenge
        suits = [action for action in core if isinstance(action, ChooseSuit)]
        if suits:
            return self._name_suit(view, suits)
        plays = [action for action in core if isinstance(action, PlayCard)]
        if plays:
            return self._play(view, plays)
        for kind in (DrawCards, Pass):
            for action in core:
                if isinstance(action, kind):
                    return action
        return self.rng.choice(core)  # pragma: no cover - every core action is handled above

    def react(self, view: PlayerView) -> Action | None:
        """
        Out of turn: challenge when possible, else jump in with a card, else
        sometimes a variant's own action, else nothing.
        """
        actions = [action for action in view.legal_actions if not isinstance(action, Resign)]
        for action in actions:
            if isinstance(action, Challenge):
                return action
        plays = [action for action in actions if isinstance(action, PlayCard)]
        if plays:
            return self._play(view, plays)
        extras = [action for action in actions if _is_extra(action)]
        if extras and self.rng.random() < self.extra_chance:
            return self.rng.choice(extras)
        return None

    def _name_suit(self, view: PlayerView, options: Sequence[ChooseSuit]) -> ChooseSuit:
        held = Counter(card.suit for card in view.hand if card.suit is not None)
        return max(options, key=lambda action: (held[action.suit], self.rng.random()))

    def _play(self, view: PlayerView, plays: Sequence[PlayCard]) -> PlayCard:
        held: Counter[str | None] = Counter(card.suit for card in view.hand if card.suit is not None)
        # For each card, the version with a call when both are offered: that call is the one due.
        by_card: dict[object, PlayCard] = {}
        for play in plays:
            if play.card not in by_card or (play.call is not None and by_card[play.card].call is None):
                by_card[play.card] = play
        top = view.top
        wanted = view.wish if view.wish is not None else top.suit

        def plain(card: Card) -> bool:
            # A card that is legal without following suit or rank is a wild one (a jack): keep it for later.
            return card.suit == wanted or card.rank == top.rank

        chosen = max(by_card.values(), key=lambda play: (plain(play.card), held[play.card.suit], self.rng.random()))
        silent = PlayCard(chosen.seat, chosen.card)
        if chosen.call is not None and silent in plays and self.forget and self.rng.random() < self.forget:
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


def react_once(state: GameState, bots: Mapping[int, Bot], skip: set[int], actor: int | None) -> GameState | None:
    """
    Let each reacting bot (other than *actor* and those in *skip*) act out of
    turn once; the state after the first that does, or ``None``.

    The seat that acted is added to *skip*, so a bot reacts at most once
    between two moves of the seat to act.
    """
    for seat, bot in bots.items():
        if seat == actor or seat in skip or not isinstance(bot, ReactingBot):
            continue
        seen = view(state, seat)
        if not any(not isinstance(action, Resign) for action in seen.legal_actions):
            continue
        action = bot.react(seen)
        if action is not None:
            skip.add(seat)
            return apply(state, action)
    return None


def play_out(state: GameState, bots: Mapping[int, Bot], *, limit: int = 100_000) -> GameState:
    """
    Let *bots* (by seat) play *state* to the end of the match.

    Each bot sees only its own view.  Before every move, bots that can act
    out of turn are asked once whether they want to (a challenge, a jump-in).

    Raises:
        ValueError: a seat that must act has no bot, or the match does not end
            within *limit* actions.
    """
    reacted: set[int] = set()
    for _ in range(limit):
        actor = acting_seat(state)
        if actor is None:
            if state.result is None:
                raise ValueError("no seat can act, but the match is not over")
            return state
        reaction = react_once(state, bots, reacted, actor)
        if reaction is not None:
            state = reaction
            continue
        bot = bots.get(actor)
        if bot is None:
            raise ValueError(f"seat {actor} must act and has no bot")
        state = apply(state, bot.choose(view(state, actor)))
        reacted.clear()
    raise ValueError(f"the match did not end within {limit} actions")
