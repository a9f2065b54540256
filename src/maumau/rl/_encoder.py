"""
What an environment hands a learner at every step, made cheaply: observations and legal-action masks.

Observations are read from game states, one state after another, rewriting only the numbers that changed.

`maumau.rl.Observer.encode` reads a `maumau.PlayerView`: that is the
contract of every plugin's features, and it can never show what a view
hides.  But an environment encodes the states of a game one after the
other, and from one to the next little changes (a card leaves a hand, one
joins the pile), while building the view and reading every number again
costs more than the engine's whole step.  A `StateEncoder` keeps, for each
seat, the last state it encoded with its vector, compares the next state
with it field by field (mostly by identity: a new state shares every part
that did not change with the state before it) and rewrites only what
changed.  The kernel's features and the turn's are read from the very
fields of the state that `maumau.view` copies into the view, as their
``read`` functions read them there; a plugin's own features are still
read from a view, built for them alone.

The vector is always exactly ``observer.encode(view(state, seat))``: the
tests compare the two on the states of many games of every variant.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypeAlias, TypeVar

from .._cards import Card
from .._features import AGAIN, deck_cards
from .._state import GameState
from .._view import view
from ..exceptions import MaumauError, MissingExtraError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ._spaces import Observer

__all__ = ["Masks", "StateEncoder"]

Vector: TypeAlias = "npt.NDArray[np.float32]"
#: The numbers of an observation as the encoder writes them, one by one: an ``array('f')``.
Numbers: TypeAlias = "array[float]"
T = TypeVar("T")

#: The kernel's features, in the order `maumau.kernel_features` declares them.
KERNEL = (
    "hand",
    "top",
    "played",
    "drawn",
    "wish",
    "debt",
    "skips",
    "draw_pile",
    "direction",
    "hand_sizes",
    "to_move",
    "deciding",
    "resigned",
    "scores",
    "round",
)
#: The turn's features, those of them the game has following the kernel's.
TURN = ("playing", "again", "draws", "waits")


class _Places(NamedTuple):
    """
    Where each feature read from the state starts in the vector; ``None`` for a turn feature the game lacks.
    """

    hand: int
    top: int
    played: int
    drawn: int
    wish: int
    debt: int
    skips: int
    draw_pile: int
    direction: int
    hand_sizes: int
    to_move: int
    deciding: int
    resigned: int
    scores: int
    round: int
    playing: int | None
    again: int | None
    draws: int | None
    waits: int | None


class _Seat:
    """
    What a seat's last encoding left: the state and its numbers, held once and seen two ways.

    *mirror* is an ``array('f')`` that owns the numbers, and *vector* a NumPy
    view of the same memory: the encoder reads and writes single numbers
    through the array, which is several times cheaper than through NumPy,
    and the vector shows every change without a copy.
    """

    __slots__ = ("mirror", "order", "places", "state", "top", "vector")

    def __init__(self, state: GameState, vector: Vector, order: tuple[int, ...], top: int) -> None:
        import numpy as np

        self.state = state
        self.mirror = array("f", vector.tobytes())  # a float32 vector: `Observer.encode` makes them
        self.vector: Vector = np.frombuffer(self.mirror, dtype=np.float32)
        #: The seats in relative order: this seat first.
        self.order = order
        #: Each relative place with its seat.
        self.places = tuple(enumerate(order))
        #: The place in the deck of the state's top card.
        self.top = top


class StateEncoder:
    """
    ``observer.encode(view(state, seat))`` for a stream of states of one game, from the state and the changes.

    What the environments use, for a loop of your own (a batched learner, a
    search that reads observations): building a view and reading every
    number costs more than the engine's step, while this rewrites only the
    numbers that changed since the last state it encoded for the seat, a
    few microseconds for the next state of a match.  Keep one per stream
    (it keeps the last vector of every seat); the states may come from any
    deals of the observer's game, in any order, and the vector is always
    exactly the view's.  Only the game's own observer (`Observer.of`) is
    followed from state to state: states of another game, and observers
    built by hand, get their vectors from views.

    Raises:
        MissingExtraError: numpy is not installed (the ``rl`` extra).

    .. versionadded:: 0.2.0
    """

    def __init__(self, observer: Observer) -> None:
        try:
            import numpy  # noqa: F401 (every vector is an array)
        except ImportError as error:
            raise MissingExtraError("StateEncoder", "rl", error) from None
        self.observer = observer
        self._seats: dict[int, _Seat] = {}
        self._game: tuple[object, object] = (None, None)  # the rules and options of the states encoded
        starts = {part.name: part.start for part in observer.layout[: observer.kernel]}
        self._direct = all(name in starts for name in KERNEL)
        self._at = _Places(*(starts.get(name, -1) for name in KERNEL), *(starts.get(name) for name in TURN))
        self._turn = any(name in starts for name in TURN)
        self._rest = observer.layout[observer.kernel].start if observer.kernel < len(observer.layout) else None
        self._deck = _Deck(())
        self._suits: dict[str, int] = {}

    def encode(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """
        The observation of *seat* in *state*, a new float32 array.
        """
        return self.vector(state, seat).copy()

    def vector(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """
        The observation of *seat* in *state*, in an array that may be the encoder's own: copy it before the next call.

        For a caller that copies the numbers anyway (into a row of a batch),
        so that they are copied once, not twice.
        """
        known = self._seats.get(seat)
        game = self._game
        if known is None or (
            (state.rules is not game[0] or state.options is not game[1]) and not self._same_game(state)
        ):
            return self._first(state, seat)
        if state is not known.state:
            try:
                self._update(known, state, seat)
            except BaseException:
                del self._seats[seat]  # half rewritten: the next call starts afresh
                raise
            known.state = state
        return known.vector

    def _same_game(self, state: GameState) -> bool:
        """
        Whether *state* is of the game encoded so far; if so, its rules and options are those compared first next.
        """
        rules, options = self._game
        same = (state.rules is rules or state.rules == rules) and (state.options is options or state.options == options)
        if same:  # each deal makes its own options: the next states of this deal are then known by identity
            self._game = (state.rules, state.options)
        return same

    def _first(self, state: GameState, seat: int) -> Vector:
        """
        The whole vector from a view, and what later encodings of *seat* start from.
        """
        vector = self.observer.encode(view(state, seat))
        if not self._direct:  # an observer whose kernel features are not where the kernel puts them: views only
            return vector
        if not self._same_game(state):
            self._seats.clear()
            self._game = (None, None)
            if not self._observes(state):
                return vector
            self._game = (state.rules, state.options)
            players = len(state.players)
            cards, suits = deck_cards(state.rules.deck(state.options, players))
            self._deck = _Deck(cards)
            self._suits = {suit: position for position, suit in enumerate(suits)}
        count = len(state.players)
        order = tuple((seat + step) % count for step in range(count))
        self._seats[seat] = _Seat(state, vector, order, self._deck.at(state.discard_pile[-1]))
        return vector

    def _observes(self, state: GameState) -> bool:
        """
        Whether the observer is the very one of *state*'s game, whose kernel features read its deck as this does.

        Any other (a game of another deck, an observer built by hand, or one
        the cache of observers has let go) gets its vectors from views.
        """
        try:
            return self.observer.of(state) is self.observer
        except MaumauError:  # a game whose observer cannot be made is not this observer's
            return False

    def _update(self, known: _Seat, state: GameState, seat: int) -> None:
        """
        Rewrite the numbers of *known* that differ between its state and *state*.

        A field whose value did not change leaves its numbers alone, and one
        that did is written afresh.  (The array takes whole numbers as they
        are: it stores every number as a float32.)
        """
        old = known.state
        mirror, deck, at = known.mirror, self._deck, self._at
        players, before_players = state.players, old.players
        if players is not before_players:
            for place, other in known.places:
                player, before = players[other], before_players[other]
                if player is not before:
                    hand, before_hand = player.hand, before.hand
                    if hand is not before_hand:
                        if place == 0:
                            _recount(mirror, at.hand, deck, before_hand, hand)
                        size = len(hand)
                        if size != len(before_hand):
                            mirror[at.hand_sizes + place] = size
                    if player.resigned != before.resigned or player.score != before.score:
                        mirror[at.resigned + place] = player.resigned
                        mirror[at.scores + place] = player.score
        pile = state.discard_pile
        if pile is not old.discard_pile:
            top = pile[-1]
            put = deck.by_identity(id(top))  # `deck.at` written out for the card it finds by identity: nearly always
            if put is None:
                put = deck.at(top)
            left = known.top
            if put != left:
                mirror[at.top + left] = 0.0
                mirror[at.top + put] = 1.0
                known.top = put
            _recount(mirror, at.played, deck, old.discard_pile, pile)
        to_move, before_to_move = state.to_move, old.to_move
        if state.drawn is not None or old.drawn is not None:  # a card just drawn, which may still be played
            drawn = state.drawn if to_move == seat else None
            before_drawn = old.drawn if before_to_move == seat else None
            if drawn is not before_drawn:  # `_move` written out: the 1 of the card left, then of the card drawn
                if before_drawn is not None:
                    mirror[at.drawn + deck.at(before_drawn)] = 0.0
                if drawn is not None:
                    mirror[at.drawn + deck.at(drawn)] = 1.0
        if to_move != before_to_move:
            count = len(players)
            _move(mirror, at.to_move, _seated(before_to_move, seat, count), _seated(to_move, seat, count))
        if state.draw_pile is not old.draw_pile:
            mirror[at.draw_pile] = len(state.draw_pile)
        if state.pending is not old.pending:
            deciding = None if state.pending is None else state.pending.seat
            before_deciding = None if old.pending is None else old.pending.seat
            if deciding != before_deciding:
                count = len(players)
                _move(mirror, at.deciding, _seated(before_deciding, seat, count), _seated(deciding, seat, count))
        if state.wish != old.wish:
            suits = self._suits.get
            _move(mirror, at.wish, _place(old.wish, suits), _place(state.wish, suits))
        if state.debt != old.debt:
            mirror[at.debt] = state.debt
        if state.skips != old.skips:
            mirror[at.skips] = state.skips
        if state.direction != old.direction:
            mirror[at.direction] = state.direction
        if state.round != old.round:
            mirror[at.round] = state.round
        if self._turn and (
            state.playing is not old.playing
            or state.again != old.again
            or state.draws != old.draws
            or state.waits is not old.waits
        ):
            self._turn_update(known, state)
        if self._rest is not None:  # a plugin's features: from a view, as they were declared
            known.vector[self._rest :] = self.observer.plugin_values(view(state, seat))

    def _turn_update(self, known: _Seat, state: GameState) -> None:
        """
        The turn's features, in a game that has them: the open play, another turn, draws by choice, turns to sit out.
        """
        old = known.state
        mirror, at = known.mirror, self._at
        if at.playing is not None and state.playing is not old.playing:
            _recount(mirror, at.playing, self._deck, old.playing, state.playing)
        if at.again is not None and state.again != old.again:
            _move(mirror, at.again, _place(old.again, AGAIN.index), _place(state.again, AGAIN.index))
        if at.draws is not None:
            mirror[at.draws] = float(state.draws)
        if at.waits is not None and state.waits is not old.waits:
            waits = state.waits
            for place, other in enumerate(known.order):
                mirror[at.waits + place] = float(waits[other]) if waits else 0.0


def _place(value: T | None, place: Callable[[T], int | None]) -> int | None:
    """
    Where *value* puts the 1 of a one-hot part: ``None`` (no 1) for no value.
    """
    return None if value is None else place(value)


def _seated(other: int | None, seat: int, count: int) -> int | None:
    """
    Where seat *other* sits as *seat* sees the table (0: itself, then rising seat numbers); ``None`` for no seat.
    """
    return None if other is None else (other - seat) % count


def _move(mirror: Numbers, base: int, before: int | None, after: int | None) -> None:
    """
    Move the 1 of a one-hot part at *base* from *before* to *after* (``None``: no 1).
    """
    if before != after:
        if before is not None:
            mirror[base + before] = 0.0
        if after is not None:
            mirror[base + after] = 1.0


def _recount(
    mirror: Numbers,
    base: int,
    deck: _Deck,
    before: Sequence[Card],
    after: Sequence[Card],
) -> None:
    """
    Turn the counts of each card of *before* (at *base*) into those of *after*.

    The usual changes are cheap: one card added at the end (played on the
    pile, drawn), one card taken from anywhere (a card played from a hand),
    cards added at the end or taken from it; anything else counts out
    *before* and counts in *after*.  (The cards are found by identity where
    they can be: `_Deck.at` written out, a card or two at every step.)
    """
    kept, size = len(before), len(after)
    found = deck.by_identity
    if size == kept + 1:
        if after[:kept] == before:
            card = after[kept]
            position = found(id(card))
            mirror[base + (deck.at(card) if position is None else position)] += 1.0
            return
    elif size == kept - 1:
        gap = size
        for place, card in enumerate(after):
            if card is not before[place]:
                gap = place
                break
        if after[gap:] == before[gap + 1 :]:
            card = before[gap]
            position = found(id(card))
            mirror[base + (deck.at(card) if position is None else position)] -= 1.0
            return
    added: Sequence[Card] = after
    removed: Sequence[Card] = before
    if size > kept:
        if after[:kept] == before:
            added, removed = after[kept:], ()
    elif before[:size] == after:
        added, removed = (), before[size:]
    for card in removed:
        position = found(id(card))
        mirror[base + (deck.at(card) if position is None else position)] -= 1.0
    for card in added:
        position = found(id(card))
        mirror[base + (deck.at(card) if position is None else position)] += 1.0


class _Deck:
    """
    Each distinct card's place in the deck's order, found by the card's identity where it can be.

    A game's cards are the same few objects from one deal to the next, and
    looking one up by identity skips computing its hash in Python; the
    deck's cards are held here, so no other object can take their identity.
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)
        self.index = {card: position for position, card in enumerate(self.cards)}
        by_identity = {id(card): position for position, card in enumerate(self.cards)}
        lookup = by_identity.get
        index = self.index

        def at(card: Card) -> int:
            position = lookup(id(card))
            return index[card] if position is None else position

        self.at = at
        #: The place of a card by its identity, ``None`` for a card object not held here (then `at` finds it).
        self.by_identity = lookup


class Masks:
    """
    Legal-action masks of *size* ids and one dtype, each made once for its legal ids and handed out as copies.

    A game has few distinct sets of legal ids against its many steps (the
    same few cards stay playable over several turns); a copy of a made mask
    costs a fraction of making it.  At most `LIMIT` are kept.
    """

    LIMIT = 4096

    def __init__(self, size: int, dtype: type[np.generic]) -> None:
        self.size = size
        self.dtype = dtype
        self._made: dict[tuple[int, ...], npt.NDArray[np.generic]] = {}

    def of(self, ids: tuple[int, ...]) -> npt.NDArray[np.generic]:
        """
        A new mask with 1 (``True``) at each of *ids*.
        """
        mask = self._made.get(ids)
        if mask is None:
            import numpy as np

            if len(self._made) >= self.LIMIT:
                self._made.clear()
            mask = np.zeros(self.size, dtype=self.dtype)
            mask[list(ids)] = 1
            self._made[ids] = mask
        return mask.copy()
