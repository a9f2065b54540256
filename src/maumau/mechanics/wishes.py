"""
Rank wishes: a card that lets its player wish for a rank, as a jack wishes for a suit.

With `RankWishes`, playing one of its *cards* (Makao's jack, a Whot card in
some tables) asks its player to name a rank with `ChooseRank`; the next
card played must have that rank, or be one of the *wild* cards, until a
card is played.  The kernel's suit wish is unchanged beside it, and a
card may do both (the game's `maumau.Effect` names the suit, this mechanic
the rank).

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from .._actions import Action
from .._cards import Card
from .._events import Event
from .._features import Feature, one_hot
from .._options import Options
from .._select import CardSet, CardSpec
from .._slots import Slot
from .._state import GameState, Pending, evolve_state
from ..exceptions import Reason
from ..flow import complete_turn, emit
from ..hookspecs import hookimpl

if TYPE_CHECKING:  # in annotations only: the views sit above the mechanics
    from .._view import PlayerView

__all__ = ["WISHED", "ChooseRank", "RankWished", "RankWishes", "wished_rank"]

#: The rank the next card must have, if one was wished.
WISHED: Slot[str | None] = Slot("rank_wish", str)


def wished_rank(holder: object) -> str | None:
    """
    The rank wished for the next card in a state or view, or ``None``.
    """
    return WISHED.get(holder)


@frozen(cache_hash=True)
class ChooseRank(Action, kind="choose_rank"):
    """
    Name the rank that the next card must have.

    .. versionadded:: 0.2.0
    """

    rank: str

    def __str__(self) -> str:
        return f"seat {self.seat} wishes for {self.rank}"


@frozen
class RankWished(Event, kind="rank_wished"):
    """
    *seat* wished for *rank* as the next card.
    """

    seat: int
    rank: str

    def __str__(self) -> str:
        return f"seat {self.seat} wishes for {self.rank}"


#: The kind of the pending decision: a rank to name.
RANK = "rank"


class RankWishes:
    """
    Cards that name a rank the next card must have.

    Args:
        cards: The cards that wish (Makao's jacks).
        ranks: The ranks that may be wished, in the order they are offered;
            by default every rank of the deck.
        wild: Cards that may be played on a wished rank all the same (a
            jack on a jack's wish, a joker).

    A card that wishes names nothing when it empties its player's hand, as
    a suit wish does not.

    .. versionadded:: 0.2.0
    """

    def __init__(self, *, cards: CardSpec, ranks: Sequence[str] | None = None, wild: CardSpec = None) -> None:
        self.cards = CardSet.of(cards)
        self.ranks = None if ranks is None else tuple(ranks)
        self.wild = CardSet.of(wild)

    def __repr__(self) -> str:
        ranks = "" if self.ranks is None else f", ranks={list(self.ranks)!r}"
        return f"RankWishes(cards={str(self.cards)!r}{ranks})"

    def _choices(self, state: GameState) -> tuple[str, ...]:
        if self.ranks is not None:
            return self.ranks
        return tuple(dict.fromkeys(card.rank for card in state.rules.deck(state.options, len(state.players))))

    @hookimpl
    def maumau_slots(self) -> tuple[Slot[str | None], ...]:
        return (WISHED,)

    @hookimpl
    def maumau_follow_up(self, state: GameState, seat: int, card: Card) -> GameState:
        if card is state.top and WISHED.get(state) is not None:
            state = WISHED.put(state, None)  # the play is over: the wish it answered is gone
        if card in self.cards and state.players[seat].hand and state.pending is None:
            # a wishing card anywhere in a play of several cards wishes, once, when the play ends
            state = evolve_state(state, pending=Pending(seat, RANK, self._choices(state)))
        return state

    @hookimpl(wrapper=True)
    def maumau_playable(
        self, state: GameState, cards: tuple[Card, ...]
    ) -> Generator[None, tuple[Card, ...], tuple[Card, ...]]:
        allowed = yield
        wished = WISHED.get(state)
        if wished is None or state.debt or state.skips:
            return allowed
        return tuple(card for card in cards if card.rank == wished or card in self.wild)

    @hookimpl
    def maumau_actions(self, state: GameState, seat: int) -> tuple[Action, ...]:
        pending = state.pending
        if pending is None or pending.kind != RANK or pending.seat != seat:
            return ()
        return tuple(ChooseRank(seat, rank) for rank in pending.choices)

    @hookimpl
    def maumau_apply_action(self, state: GameState, action: Action) -> GameState | None:
        if type(action) is not ChooseRank:
            return None
        assert isinstance(action, ChooseRank)
        pending = state.pending
        assert pending is not None
        state = emit(WISHED.put(evolve_state(state, pending=None), action.rank), RankWished(action.seat, action.rank))
        return complete_turn(state, action.seat, pending.skip)

    @hookimpl
    def maumau_action_space(self, cards: tuple[Card, ...]) -> tuple[Action, ...]:
        ranks = self.ranks if self.ranks is not None else tuple(dict.fromkeys(card.rank for card in cards))
        return tuple(ChooseRank(0, rank) for rank in ranks)

    @hookimpl
    def maumau_features(self, options: Options, cards: tuple[Card, ...]) -> tuple[Feature, ...]:
        ranks = self.ranks if self.ranks is not None else tuple(dict.fromkeys(card.rank for card in cards))
        index = {rank: position for position, rank in enumerate(ranks)}

        def read(view: PlayerView) -> list[float]:
            return one_hot(index.get(wished_rank(view) or ""), len(ranks))

        return (Feature("rank_wish", len(ranks), read, "wished rank, one-hot over the ranks that may be wished"),)

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> tuple[Reason, str] | str | None:
        if type(action) is ChooseRank:
            assert isinstance(action, ChooseRank)
            pending = state.pending
            if pending is None or pending.kind != RANK:
                return Reason.NO_DECISION, "no rank is to be named now"
            if action.seat != pending.seat:
                return Reason.NOT_YOUR_TURN, f"seat {pending.seat} names the rank, not seat {action.seat}"
            return Reason.BAD_CHOICE, f"{action.rank[:16]!r} may not be wished; one of {', '.join(pending.choices)}"
        wished = WISHED.get(state)
        if wished is not None and action.seat == state.to_move and not (state.debt or state.skips):
            card = getattr(action, "card", None)
            if isinstance(card, Card) and card.rank != wished and card not in self.wild:
                return f"{card} is not the wished rank {wished}"
        return None

    @hookimpl
    def maumau_check_state(self, state: GameState) -> str | None:
        wished = WISHED.get(state)
        if wished is not None and wished not in self._choices(state):
            return f"the wished rank {wished!r} is not one that may be wished"
        return None
