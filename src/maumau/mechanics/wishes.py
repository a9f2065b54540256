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

import random
from collections import Counter
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from attrs import frozen

from .._actions import Action
from .._cards import Card
from .._events import Event
from .._features import Feature, one_hot
from .._grammar import Grammar
from .._options import Options
from .._select import CardSet, CardSpec, cards_of, named_cards
from .._slots import Slot
from .._state import GameState, Pending, evolve_state
from .._status import Status
from .._view import PlayerView
from ..exceptions import Reason
from ..flow import complete_turn, emit
from ..hookspecs import hookimpl

__all__ = ["SURPRISE_WISH", "WISHED", "ChooseRank", "RankWished", "RankWishes", "ranks_word", "wished_rank"]

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


# --- how rank wishes are told, shown, typed and played --------------------------------

#: The French ranks that are words, by their letter.
_RANK_WORDS = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}

#: One rank wish in this many names a rank the hand holds at random, rather than the rank it holds most of.
SURPRISE_WISH = 8


def ranks_word(rank: str) -> str:
    """
    A wished rank in the plural: "7s", "jacks"; another deck's rank as "rank +2".

    >>> ranks_word("7"), ranks_word("J"), ranks_word("+2")
    ('7s', 'jacks', 'rank +2')
    """
    if rank in _RANK_WORDS:
        return _RANK_WORDS[rank]
    return f"{rank}s" if rank.isdigit() else f"rank {rank}"


@hookimpl
def maumau_tell_event(event: Event, narrator: Grammar) -> str | None:
    if not isinstance(event, RankWished):
        return None
    return f"{narrator.verb(event.seat, 'wish', 'wishes')} for {ranks_word(event.rank)}."


@hookimpl
def maumau_tell_action(action: Action) -> str | None:
    return f"wish for {ranks_word(action.rank)}" if isinstance(action, ChooseRank) else None


@hookimpl
def maumau_tell_move(event: Event) -> str | None:
    return f"wished for {ranks_word(event.rank)}" if isinstance(event, RankWished) else None


@hookimpl
def maumau_status(seen: PlayerView) -> Status | None:
    rank = wished_rank(seen)
    return None if rank is None else Status("Wished rank", rank)


@hookimpl
def maumau_shown_slots() -> tuple[str, ...]:
    return (WISHED.name,)


@hookimpl
def maumau_move_names(action: Action) -> tuple[str, ...] | None:
    if not isinstance(action, ChooseRank):
        return None
    rank = " ".join(action.rank.lower().split())
    return (f"rank {rank}", f"wish {rank}", f"choose rank {rank}")


@hookimpl
def maumau_menu_place(action: Action) -> int | None:
    return 35 if isinstance(action, ChooseRank) else None  # beside the suits


@hookimpl
def maumau_bot_knows() -> tuple[type[Action], ...]:
    return (ChooseRank,)


@hookimpl
def maumau_bot_hint(
    source: GameState | PlayerView, seat: int, actions: Sequence[Action], rng: random.Random
) -> Action | None:
    """
    The rank wish for the rank the hand holds most of, which asks the next card of what the hand can play on;
    one time in `SURPRISE_WISH`, another rank the hand holds.

    A rank has only a few cards, so a wish for it often makes the next
    player draw until a wild card comes, and a table whose hands have taken
    in every other card draws only wild cards: each player would then wish,
    forever, for the rank it holds most of and the next one lacks.  The
    surprise breaks that circle.
    """
    options = [action for action in actions if isinstance(action, ChooseRank)]
    if not options:
        return None
    hand = source.hand if isinstance(source, PlayerView) else source.players[seat].hand
    held = Counter(card.rank for card in hand)
    if rng.random() * SURPRISE_WISH < 1:
        some = [action for action in options if held[action.rank]] or options
        return rng.choice(some)
    return max(options, key=lambda action: (held[action.rank], rng.random()))


@hookimpl
def maumau_bot_follows(source: GameState | PlayerView) -> Callable[[Card], bool] | None:
    rank = wished_rank(source)
    if rank is None:
        return None
    return lambda card: card.rank == rank


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> tuple[object, ...] | None:
    specials = [special for special in data.get("special", {}).values() if special.get("enabled", True)]
    wishing = [special for special in specials if special.get("wish_rank")]
    if not wishing:
        return None
    offered = [tuple(special["wish_ranks"]) for special in wishing if special.get("wish_ranks")]
    named = [", ".join(spec) if isinstance(spec := special["cards"], list) else str(spec) for special in wishing]
    return (
        RankWishes(
            cards=cards_of(named),
            ranks=offered[0] if offered else None,
            wild=cards_of(data.get("play", {}).get("wild")),
        ),
    )


@hookimpl
def maumau_profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    ranks = {card.rank for card in deck}
    problems = []
    for name, special in data.get("special", {}).items():
        path = f"special.{name}"
        if not special.get("enabled", True) or named_cards(path, special["cards"], deck)[0] is None:
            continue  # a card that names nothing is refused already; a disabled one wishes nothing
        for rank in special.get("wish_ranks", ()):
            if rank not in ranks:
                problems.append((f"{path}.wish_ranks", f"{rank!r} is no rank of the pack"))
        if special.get("wish_ranks") and not special.get("wish_rank"):
            problems.append(
                (f"{path}.wish_ranks", "wish_ranks are the choices of a card that wishes a rank: set wish_rank")
            )
    return problems


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "special": {
            "additionalProperties": {
                "properties": {
                    "wish_rank": {
                        "type": "boolean",
                        "description": "The player may wish for a rank.",
                        "default": False,
                    },
                    "wish_ranks": {
                        "type": "array",
                        "items": {
                            "type": "string",
                            "maxLength": 20,
                        },
                        "maxItems": 30,
                        "description": (
                            "The ranks a `wish_rank` card may wish for, in the order offered (all ranks of the pack, if"
                            " not given)."
                        ),
                    },
                },
            },
        },
    }
