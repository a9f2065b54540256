"""
Determinization: a full game state drawn from what one seat can see.

A bot that searches needs states to search from, but a bot only ever gets
a `PlayerView`.  `sample_state` fills in what the view hides (the other
hands, the order of the draw pile, a variant's hidden slot values) with one
arrangement drawn uniformly among those the public information allows,
and returns a `GameState` that `maumau.apply` plays on and whose view for
the seat is the view it came from.

What is public: the seat's own hand, the discard pile, every hand's size and
the draw pile's, the slots as the seat sees them, the cards known to be in a
hand because they were seen going into it (a card taken back after a
challenge), and which cards were shuffled into a new draw pile when the old
one ran out (they lay face up on the discard pile), so that each card drawn
from that part of the pile is one of them.  `Knowledge` keeps the last two
from the events the seat saw.  Within those bounds every arrangement is as
likely as any other: each group of cards that could be in the same places
is shuffled and dealt to those places.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TypeAlias

from attrs import frozen

from ._cards import Card
from ._events import CardPlayed, CardsDrawn, Event, HandsPassed, PenaltyDrawn, PileRecycled, RoundStarted
from ._state import GameState, PlayerState
from ._view import PlayerView
from .exceptions import RecordError
from .mechanics.challenges import PlayTakenBack
from .mechanics.play_challenges import HandShown
from .plugins import Rules

__all__ = ["Knowledge", "sample_state"]

#: The fields a sampled state takes from the view as they are: what every seat sees alike.
_AS_SEEN = (
    *("variant", "options", "discard_pile", "dealer", "round", "to_move", "direction", "wish", "debt", "skips"),
    *("pending", "passes", "result", "slots", "rounds", "events", "playing", "again", "draws", "waits"),
)


def sample_state(
    view: PlayerView,
    *,
    seed: int | random.Random,
    known: Knowledge | Mapping[int, Iterable[Card]] | None = None,
    plugins: Iterable[object] = (),
) -> GameState:
    """
    A full game state consistent with *view*: one determinization of what its seat cannot see.

    The cards the seat has not seen are dealt uniformly at random to the other
    hands (each its size) and the draw pile (in a random order), within what
    *known* tells; each slot a plugin hides part of is completed by that
    plugin's ``maumau_sample_hidden`` hook, such as the face-down
    bets of ``sau-mau-mau``.  ``maumau.view(result, view.seat) == view`` holds,
    and the state plays on with `maumau.apply` like any other, from a seed of
    its own.  It has no action log, so its ``record`` does not replay.

    Args:
        view: What one seat sees (`maumau.view`).
        seed: The same seed (or a ``random.Random`` in the same state) gives the same sample.
        known: What the seat saw happen this round, as a `Knowledge` fed with
            its events: cards seen going into other hands, and which cards a
            recycled draw pile holds.  Or only the cards known to be in other
            hands, by seat.  A card taken back in the view's own events is
            known without it.  A `Knowledge` that does not fit the view (fed
            other events) adds only its known cards.
        plugins: The game's house-rule plugins, as passed to `maumau.new_game`.

    Raises:
        RecordError: the view is one no game could reach: its cards and counts
            do not add up to the variant's deck, or *known* names more cards
            than a hand holds or cards that are in sight elsewhere.

    .. versionadded:: 0.2.0
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    rules = Rules.build(view.variant, plugins, view.options)
    count = len(view.names)
    deck = Counter(rules.deck(view.options, count))
    unseen = Counter(deck)
    unseen.subtract(view.hand)
    unseen.subtract(view.discard_pile)
    if any(number < 0 for number in unseen.values()):
        extra = sorted(str(card) for card, number in unseen.items() if number < 0)
        raise RecordError(f"the view shows cards the {view.variant} deck does not hold: {', '.join(extra)}")
    knowledge = known if isinstance(known, Knowledge) else Knowledge()
    fixed = _known_cards(view, known)
    for seat, cards in fixed.items():
        if seat == view.seat or not 0 <= seat < count:
            raise RecordError(f"known cards are for seat {seat}, which is not another seat of this game")
        if len(cards) > view.hand_sizes[seat]:
            raise RecordError(f"{len(cards)} cards are known in seat {seat}'s hand of {view.hand_sizes[seat]}")
        unseen.subtract(cards)
        if any(number < 0 for number in unseen.values()):
            raise RecordError(f"cards known in seat {seat}'s hand are in sight elsewhere: {', '.join(map(str, cards))}")
    unseen = +unseen
    hidden = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat) + view.draw_pile_size
    if unseen.total() + sum(len(cards) for cards in fixed.values()) != hidden:
        raise RecordError(
            f"the view hides {hidden} cards (other hands and the draw pile), "
            f"but {unseen.total()} of the deck are out of sight"
        )
    places = _places(view, fixed, unseen, knowledge, deck)
    hands, draw_pile = _deal(places, unseen, rng)
    players = []
    for seat, name in enumerate(view.names):
        hand = view.hand if seat == view.seat else (*fixed.get(seat, ()), *hands[seat])
        players.append(PlayerState(name, tuple(hand), view.scores[seat], view.resigned[seat]))
    drawn = view.drawn
    if view.holds_drawn and view.to_move is not None and view.to_move != view.seat:
        drawn = players[view.to_move].hand[-1] if players[view.to_move].hand else None  # one of its unseen cards
    state = GameState(
        rules=rules,
        seed=rng.getrandbits(63),
        players=tuple(players),
        draw_pile=draw_pile,
        drawn=drawn,
        house_rules=rules.house_rule_names,
        **{name: getattr(view, name) for name in _AS_SEEN},
    )
    sample = rules.hooks["maumau_sample_hidden"]
    result: GameState = sample(state, view.seat, rng)
    return result


@frozen
class _Places:
    """
    Where the unseen cards go: per group of cards, how many to each hand, then the draw pile's parts, top first.

    *pools* are the cards of each recycled pile still unseen; *held* counts,
    per pool and seat, the cards drawn from it that are still in that hand;
    *pile* lists the draw pile's parts top first, each as its size and its
    pool (``None``: any unseen card that is in no pool).  *free* is what
    each hand holds of no pool, by seat (the seat's own hand: 0).
    """

    pools: tuple[Counter[Card], ...]
    held: tuple[tuple[int, ...], ...]
    pile: tuple[tuple[int, int | None], ...]
    free: tuple[int, ...]


def _places(
    view: PlayerView,
    fixed: Mapping[int, tuple[Card, ...]],
    unseen: Counter[Card],
    knowledge: Knowledge,
    deck: Counter[Card],
) -> _Places:
    """
    The places of the unseen cards: from *knowledge*'s record of the draw pile when it fits the view, else anywhere.
    """
    free = tuple(
        0 if seat == view.seat else size - len(fixed.get(seat, ())) for seat, size in enumerate(view.hand_sizes)
    )
    anywhere = _Places((), (), ((view.draw_pile_size, None),), free)
    traced = knowledge._trace(view, frozenset(card for card, number in deck.items() if number > 1))
    if traced is None:
        return anywhere
    recycled, held, pile = traced
    pools, rest = [], Counter(unseen)
    for cards in recycled:
        still = cards & rest  # a card of an earlier pile seen again since is not in it any more
        rest -= still
        pools.append(still)
    counts = [[held.get((pool, seat), 0) for seat in range(len(view.names))] for pool in range(len(pools))]
    for pool, cards in enumerate(pools):
        in_pile = sum(size for size, part in pile if part == pool)
        if sum(counts[pool]) + in_pile != cards.total():
            return anywhere  # what was traced does not add up (a deck with copies of a card): no constraint
    left = [free[seat] - sum(counts[pool][seat] for pool in range(len(pools))) for seat in range(len(free))]
    if min(left, default=0) < 0 or sum(left) + sum(size for size, part in pile if part is None) != rest.total():
        return anywhere
    return _Places(tuple(pools), tuple(tuple(row) for row in counts), tuple(pile), tuple(left))


def _deal(places: _Places, unseen: Counter[Card], rng: random.Random) -> tuple[list[list[Card]], tuple[Card, ...]]:
    """
    The unseen cards dealt to their places: each group shuffled, then handed out; the hands and the draw pile.
    """
    hands: list[list[Card]] = [[] for _ in places.free]
    leftovers = []
    rest = Counter(unseen)
    for pool, cards in enumerate(places.pools):
        rest -= cards
        shuffled = list(cards.elements())
        rng.shuffle(shuffled)
        for seat, number in enumerate(places.held[pool]):
            hands[seat].extend(shuffled[:number])
            del shuffled[:number]
        leftovers.append(shuffled)
    free = list(rest.elements())
    rng.shuffle(free)
    for seat, number in enumerate(places.free):
        hands[seat].extend(free[:number])
        del free[:number]
    pile: list[Card] = []
    for size, part in places.pile:
        source = free if part is None else leftovers[part]
        pile.extend(source[:size])
        del source[:size]
    return hands, tuple(pile)


def _known_cards(
    view: PlayerView, known: Knowledge | Mapping[int, Iterable[Card]] | None
) -> dict[int, tuple[Card, ...]]:
    """
    The cards known to be in other hands: *known*, and those the view's own events show taken back.

    A card both name counts once (the union of the two multisets), so a
    `Knowledge` that has already seen the view's events may be passed as is.
    What a `Knowledge` or the events know of the seat's own hand is left out:
    the view shows that hand.
    """
    observed = [*(known.known if isinstance(known, Knowledge) else ()), *Knowledge().after(view.events).known]
    given = {} if isinstance(known, Knowledge) else dict(known or {})
    fixed = {seat: Counter(cards) for seat, cards in given.items()}
    for seat, cards in observed:
        if seat != view.seat:
            fixed[seat] = fixed.get(seat, Counter()) | Counter(cards)
    return {seat: tuple(cards.elements()) for seat, cards in fixed.items() if cards}


def _passed(hands: dict[int, tuple[Card, ...]], event: HandsPassed) -> dict[int, tuple[Card, ...]]:
    """
    What is known of the hands once they were passed on: what was known of each went with it, and the hand
    the seat that keeps the knowledge passed (the one *event* shows) is known where it went.
    """
    seats, moved = event.seats, dict(hands)
    for seat in seats:
        moved.pop(seat, None)
    for index, seat in enumerate(seats):
        receiver = seats[(index + event.times) % len(seats)]
        shown = event.hands[index]
        cards = shown if shown is not None else hands.get(seat)
        if cards:
            moved[receiver] = cards
    return moved


@frozen
class _Drew:
    """
    *seat* drew *count* cards off the draw pile: *cards* when the seat that keeps the knowledge saw them.
    """

    seat: int
    count: int
    cards: tuple[Card, ...] | None


@frozen
class _Recycled:
    """
    *cards*, the discards below the top card, were shuffled into the bottom of the draw pile.
    """

    cards: tuple[Card, ...]


@frozen
class _Played:
    """
    *seat* played *card*.
    """

    seat: int
    card: Card


_Note: TypeAlias = _Drew | _Recycled | _Played


class Knowledge:
    """
    What a seat has seen this round of where the hidden cards are.

    Two things the view alone does not tell: the cards seen going into other
    hands and not played since (a card a challenge took back,
    `maumau.mechanics.challenges.PlayTakenBack`; a hand shown to this seat,
    `maumau.mechanics.HandShown`; the hand this seat passed on,
    `maumau.HandsPassed`), and the cards shuffled into
    a new draw pile when the old one ran out, which lay face up on the discard
    pile, so that the cards drawn from that part of the pile are among them.
    Feed it the events the seat saw, in order, from the start of the round
    (`after` returns the updated knowledge; a `Knowledge` never changes), and
    pass it to `sample_state` as *known*.  A new round forgets everything.

    .. versionadded:: 0.2.0
    """

    __slots__ = ("_discard", "_hands", "_notes")

    def __init__(self) -> None:
        self._hands: dict[int, tuple[Card, ...]] = {}
        #: The discard pile as the events built it, or ``None`` before a round was seen to start.
        self._discard: tuple[Card, ...] | None = None
        self._notes: tuple[_Note, ...] = ()

    def __repr__(self) -> str:
        return f"Knowledge(known={self._hands!r}, notes={len(self._notes)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Knowledge):
            return NotImplemented
        return (self._hands, self._discard, self._notes) == (other._hands, other._discard, other._notes)

    def __hash__(self) -> int:
        return hash((tuple(sorted(self._hands.items())), self._discard, self._notes))

    @property
    def known(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """
        The cards known to be in hands, as ``(seat, cards)`` pairs by seat.
        """
        return tuple(sorted((seat, cards) for seat, cards in self._hands.items() if cards))

    def after(self, events: Iterable[Event]) -> Knowledge:
        """
        The knowledge once the seat has also seen *events*.
        """
        hands, discard, notes = dict(self._hands), self._discard, list(self._notes)
        for event in events:
            if isinstance(event, RoundStarted):
                hands, discard, notes = {}, (event.starter,), []
            elif isinstance(event, CardPlayed):
                if event.card in hands.get(event.seat, ()):
                    cards = list(hands[event.seat])
                    cards.remove(event.card)
                    hands[event.seat] = tuple(cards)
                discard = None if discard is None else (*discard, event.card)
                notes.append(_Played(event.seat, event.card))
            elif isinstance(event, PlayTakenBack):
                hands[event.seat] = (*hands.get(event.seat, ()), event.card)
                discard = None if discard is None else discard[:-1]
            elif isinstance(event, HandShown):
                if event.cards is not None:  # the whole hand, seen: all that is known of it
                    hands[event.seat] = event.cards
            elif isinstance(event, HandsPassed):
                hands = _passed(hands, event)
            elif isinstance(event, PileRecycled):
                if discard is None or len(discard) - 1 != event.count:
                    discard = None  # the events do not tell what was recycled
                else:
                    notes.append(_Recycled(discard[:-1]))
                    discard = discard[-1:]
            elif isinstance(event, (CardsDrawn, PenaltyDrawn)):
                notes.append(_Drew(event.seat, event.count, event.cards))
        new = Knowledge()
        new._hands, new._discard, new._notes = hands, discard, tuple(notes)
        return new

    def _trace(
        self, view: PlayerView, copies: frozenset[Card] = frozenset()
    ) -> tuple[list[Counter[Card]], dict[tuple[int, int], int], list[tuple[int, int | None]]] | None:
        """
        Follow the draw pile through this round for *view*: the recycled piles, what each seat drew from each
        and still holds, and the parts of the draw pile now, top first; ``None`` when nothing was recycled or
        the knowledge does not fit the view, or a card of which the deck has *copies* was played by a seat that
        may have drawn it or held another copy.
        """
        notes = self._notes
        if self._discard != view.discard_pile or not any(isinstance(note, _Recycled) for note in notes):
            return None
        drawn = sum(note.count for note in notes if isinstance(note, _Drew))
        recycled = sum(len(note.cards) for note in notes if isinstance(note, _Recycled))
        first = view.draw_pile_size + drawn - recycled  # the pile the round was dealt with
        if first < 0:
            return None
        pile: list[tuple[int, int | None]] = [(first, None)]
        pools: list[Counter[Card]] = []
        held: Counter[tuple[int, int]] = Counter()
        for note in notes:
            if isinstance(note, _Recycled):
                pools.append(Counter(note.cards))
                pile.append((len(note.cards), len(pools) - 1))
            elif isinstance(note, _Drew):
                if not _take(pile, pools, held, note):
                    return None
            else:
                for pool in reversed(range(len(pools))):
                    if held[(pool, note.seat)] and pools[pool][note.card]:  # drawn from that pile, played again
                        if note.card in copies:
                            return None  # or another copy of it, held from before: no telling which
                        held[(pool, note.seat)] -= 1
                        pools[pool][note.card] -= 1
                        break
        return [+pool for pool in pools], dict(+held), [(size, part) for size, part in pile if size]


def _take(
    pile: list[tuple[int, int | None]], pools: list[Counter[Card]], held: Counter[tuple[int, int]], drew: _Drew
) -> bool:
    """
    Take the cards of *drew* off the top of *pile*: held by the seat, or, when they were seen, out of their pool.
    """
    count, position = drew.count, 0
    while count:
        if not pile:
            return False
        size, part = pile[0]
        taken = min(size, count)
        if part is not None:
            if drew.cards is None:
                held[(part, drew.seat)] += taken
            else:
                pools[part].subtract(drew.cards[position : position + taken])
        position += taken
        count -= taken
        pile[0] = (size - taken, part)
        if taken == size:
            pile.pop(0)
    return True
