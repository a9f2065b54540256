"""
A game compiled into tables: its deck as card ids, and which cards may follow which, read by the kernel.

A game's rules are hooks, and a hook may read anything of the position.
But most games answer the busiest question, which cards of a hand may be
played now, by a rule per card: each card is kept or not by what it is and
by a few things of the position (the top card, the wished suit, the debt,
the turns owed), the same answer whoever holds it.  A hook implementation
marked `per_card` promises exactly that, and then the kernel asks it once
for each such position, with the whole deck, and keeps the answer in a
table: the plays of each seat by the card objects of the deck.  Every
later turn in that position reads the table instead of calling the hook.

Whether a game is read from tables is decided when its rules are built
(`playable_rule`): when the chain of `maumau_playable` comes down to one
marked implementation (the kernel's matching, a compiled game profile's,
a variant's own), and no wrapper, no house rule and no other plugin is in
it.  Any other chain is called as it is, at every turn, so that a
third-party plugin keeps working unchanged.  A `maumau_card_effect`
implementation marked `card_effects` (a compiled game profile's, a bundled
variant's) is read the same way (`card_effects_rule`): the effect of each
card, asked of the hook once per game, looked up by the card object at every
play.

The table knows its deck's card objects by identity.  A card object that
is not the deck's but equal to one of its cards (a game restored from
JSON, a stacked deck of parsed cards) is learned by value the first time
it is seen, and kept alive so that its identity stays its own.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, overload

from attrs import frozen

from ._actions import PlayCard, keep_shared
from ._cards import Card
from ._effects import NO_EFFECT, Effect

if TYPE_CHECKING:  # the state the tables are read for; it is built above this module
    from ._state import GameState

__all__ = [
    "EFFECTS_MARK",
    "FOLLOW_UP_MARK",
    "KEPT_MARK",
    "LEARNED_KEPT",
    "MARK",
    "PLAY_COUNT_MARK",
    "POSITIONS_KEPT",
    "CallsByCount",
    "CardEffects",
    "PerCard",
    "Table",
    "calls_by_count",
    "card_effects",
    "card_effects_rule",
    "counted_play",
    "follow_up_ranks",
    "keeps_unfit_draw",
    "per_card",
    "per_card_rule",
]

_F = TypeVar("_F", bound=Callable[..., Any])
_R = TypeVar("_R")

#: The attribute a `per_card` implementation carries its `PerCard` under.
MARK = "maumau_per_card"
#: The attribute a `maumau_card_effect` implementation of maumau's own carries its `CardEffects` under.
EFFECTS_MARK = "maumau_card_effects"
#: The attribute under which a `maumau_follow_up` implementation of maumau's own carries the ranks (a frozenset) of
#: the only cards whose play it may change (a compiled game profile's: those that make the next player draw at
#: once or pass turns on).
FOLLOW_UP_MARK = "maumau_follow_up_ranks"
#: The attribute under which a `maumau_before_action` implementation of maumau's own that counts the plays of cards
#: (a compiled game profile's count, `round.max_plays`) carries the function that gives the slots of a state with
#: one more play counted: what the step does before a `PlayCard`, and all it does then.
PLAY_COUNT_MARK = "maumau_play_count"
#: The attribute under which a `maumau_after_draw` implementation of maumau's own that does nothing but end the turn
#: after a draw by choice whose card does not fit (a compiled game profile's ``draw.kept_ends_turn``) is marked.
KEPT_MARK = "maumau_kept_unless_it_fits"

#: The play of each card object of a deck (by its identity) in one position, or ``None`` where it may not be played.
Plays = dict[int, PlayCard | None]


@frozen
class PerCard:
    """
    How a `maumau_playable` implementation answers, as a rule per card: *rule*, which keeps each card alone by
    the card and the table's keys; then, when *last_resort* is not empty, those cards only when no other card
    that *rule* keeps is held (the compiled ``last_resort`` of a game profile).
    """

    rule: Callable[..., tuple[Card, ...]]
    last_resort: frozenset[Card] = frozenset()


@frozen
class CardEffects:
    """
    How a `maumau_card_effect` implementation answers, as a table per card (`card_effects`): *effect*, asked with
    the specification's arguments (state, seat, card), gives each card's effect by the card alone (and the game's
    options and player count); when *last_card* is not ``None``, a play that empties the hand has that effect
    instead, whatever its card.
    """

    effect: Callable[..., Effect]
    last_card: Effect | None = None


def per_card(function: _F) -> _F:
    """
    Mark *function*, a `maumau_playable <maumau.hookspecs.maumau_playable>` implementation, as a rule per card.

    The mark promises that the implementation always answers, and keeps each
    of the *cards* it is given or not by the card alone, the top card of
    the discard pile, the wished suit, the debt and the turns owed (and the
    game's options and player count): never by the seat, the rest of the
    hand or anything else of the position.  The kernel then asks it once
    per such position and reads the answer from a table at every later
    turn (``Rules.table``).  The mark is read on maumau's own plugins only
    (the kernel's defaults, the bundled variants, compiled game profiles):
    anyone else's implementation is called at every turn.

    .. versionadded:: 0.2.0
    """
    setattr(function, MARK, PerCard(function))
    return function


@overload
def card_effects(function: _F, /) -> _F: ...


@overload
def card_effects(*, last_card: Effect | None = None) -> Callable[[_F], _F]: ...


def card_effects(function: _F | None = None, /, *, last_card: Effect | None = None) -> _F | Callable[[_F], _F]:
    """
    Mark *function*, a `maumau_card_effect <maumau.hookspecs.maumau_card_effect>` implementation, as an effect
    per card: ``@card_effects``, or ``@card_effects(last_card=effect)``.

    The mark promises that the implementation always answers, and gives
    each card its effect by the card alone (and the game's options and
    player count): never by the seat, the hand or anything else of the
    position, but that with *last_card* given, a play that empties the
    hand has that effect, whatever its card.  The kernel then asks it once
    per game (options and player count) about each card of the deck and
    reads the effect of every later play from the game's table.  As with
    `per_card`, the mark is read on maumau's own plugins only (the bundled
    variants, compiled game profiles), and only when no other plugin and
    no house rule implements the hook: anyone else's implementation is
    called at every play.

    .. versionadded:: 0.2.0
    """

    def mark(marked: _F) -> _F:
        setattr(marked, EFFECTS_MARK, CardEffects(marked, last_card))
        return marked

    return mark if function is None else mark(function)


#: The packages whose `per_card` marks are read: maumau's own, type-checked and tested against the rule texts.
_OWN = ("maumau.", "maumau_variants.")


def per_card_rule(impls: Sequence[Any]) -> PerCard | None:
    """
    The rule per card that the chain of `maumau_playable` *impls* (those asked, newest first) comes down to, or
    ``None`` when the chain must be called at every turn: several implementations, a wrapper, a house rule, or one
    that is not maumau's own or not marked.
    """
    impl = _own_single(impls)
    mark = None if impl is None else getattr(impl.function, MARK, None)
    if not isinstance(mark, PerCard):
        return None
    if mark.rule is getattr(impl.function, "__func__", impl.function):  # the implementation itself, maybe a method
        return PerCard(_asked_with(impl.function, impl.argnames, _PLAYABLE_ARGS), mark.last_resort)
    return mark


def card_effects_rule(impls: Sequence[Any]) -> CardEffects | None:
    """
    The effects per card that the chain of `maumau_card_effect` *impls* (those asked, newest first) comes down
    to, or ``None`` when the chain must be called at every play: as `per_card_rule`, for the mark `EFFECTS_MARK`.
    """
    impl = _own_single(impls)
    mark = None if impl is None else getattr(impl.function, EFFECTS_MARK, None)
    if not isinstance(mark, CardEffects):
        return None
    if mark.effect is getattr(impl.function, "__func__", impl.function):  # the implementation itself, maybe a method
        return CardEffects(_asked_with(impl.function, impl.argnames, _EFFECT_ARGS), mark.last_card)
    return mark


class CallsByCount(dict[int, "str | None"]):
    """
    The call due with a play by the cards it leaves in hand alone, read like a table: each count's call is asked
    of *ask* (the chain of `maumau_expected_call`, a function of ``cards_left``) the first time it comes up.
    """

    def __init__(self, ask: Callable[[int], str | None]) -> None:
        super().__init__()
        self._ask = ask

    def __missing__(self, cards_left: int) -> str | None:
        call = self[cards_left] = self._ask(cards_left)
        return call


def calls_by_count(impls: Sequence[Any]) -> bool:
    """
    Whether the chain of `maumau_expected_call` *impls* answers by the cards left alone: every implementation
    is maumau's own, no wrapper and no house rule's, and takes ``cards_left`` and nothing else, so that the
    kernel may keep its answer for each count (`CallsByCount`).
    """
    return bool(impls) and all(
        _own_single([impl]) is not None and tuple(impl.argnames) == ("cards_left",) for impl in impls
    )


def follow_up_ranks(impls: Sequence[Any]) -> frozenset[str] | None:
    """
    The ranks of the only cards whose play the chain of `maumau_follow_up` *impls* may change, or ``None`` when any
    card's may: as `card_effects_rule`, for the mark `FOLLOW_UP_MARK`.
    """
    impl = _own_single(impls)
    ranks = None if impl is None else getattr(impl.function, FOLLOW_UP_MARK, None)
    return ranks if isinstance(ranks, frozenset) else None


def counted_play(impls: Sequence[Any]) -> Callable[[GameState], tuple[tuple[str, Any], ...]] | None:
    """
    The function that gives the slots of a state with one more play of a card counted, where the chain of
    `maumau_before_action` *impls* is one implementation of maumau's own marked `PLAY_COUNT_MARK`, which does nothing
    else before a `PlayCard`; else ``None``.  The kernel then sets those slots with the card down, in the same new
    state, rather than asking the step for a state of its own first.
    """
    impl = _own_single(impls)
    count = None if impl is None else getattr(impl.function, PLAY_COUNT_MARK, None)
    return count if callable(count) else None


def keeps_unfit_draw(impls: Sequence[Any]) -> bool:
    """
    Whether the chain of `maumau_after_draw` *impls* is one implementation of maumau's own marked `KEPT_MARK`: after
    a draw by choice whose card does not fit, the card is kept and the turn ends, and otherwise nothing happens.
    The kernel then ends the turn itself, in one new state, rather than asking the step for a state of its own.
    """
    impl = _own_single(impls)
    return impl is not None and getattr(impl.function, KEPT_MARK, False) is True


def _own_single(impls: Sequence[Any]) -> Any:
    """
    The one implementation of *impls* when it is maumau's own, plain and no house rule's, else ``None``.
    """
    if len(impls) != 1:
        return None
    impl = impls[0]
    module = getattr(impl.function, "__module__", "") or ""
    if impl.wrapper or impl.hookwrapper or impl.plugin_name.startswith("house:") or not module.startswith(_OWN):
        return None
    return impl


#: The arguments of `maumau_playable` and of `maumau_card_effect`, in the specifications' order.
_PLAYABLE_ARGS = ("state", "seat", "cards")
_EFFECT_ARGS = ("state", "seat", "card")


def _asked_with(function: Callable[..., _R], argnames: Sequence[str], spec: tuple[str, ...]) -> Callable[..., _R]:
    """
    *function*, an implementation taking the arguments *argnames*, as a function of the specification's
    arguments *spec*, in order.
    """
    if tuple(argnames) == spec:
        return function

    def asked(*args: Any) -> _R:
        given = dict(zip(spec, args, strict=True))
        return function(**{name: given[name] for name in argnames})

    return asked


#: The most positions (with the seat to move) a table keeps the plays of; a bound, since a table lives as long as
#: its rules.  Games of the family reach a few hundred to a few thousand; past it, a position is worked out again.
POSITIONS_KEPT = 4096

#: The most card objects a table learns besides its deck's own (cards restored from JSON, a stacked deck's parsed
#: cards), each kept alive so that its identity stays its own; past it, a game with other cards asks its hooks.
LEARNED_KEPT = 1024


class Table:
    """
    One game's rules (a variant with its options and player count) compiled into what the kernel reads.

    *cards* is the full deck, whose card objects the table knows by identity
    and keeps alive; equal cards share one card id.  The plays are filled in
    per position as positions come up, by asking *rule* once each (none when
    *rule* is ``None``: the hook answers).  The effects, when *effects* is
    given, are asked once per card id, at the first play read.  A card object that is not the
    deck's but equal to one of its cards (a game restored from JSON, a
    stacked deck) is learned the first time it is seen, up to
    `LEARNED_KEPT` of them, and read as the deck's card from then on.
    """

    def __init__(self, rule: PerCard | None, cards: tuple[Card, ...], effects: CardEffects | None = None) -> None:
        self.cards = cards
        #: The id of each card of the deck, by value: its first place in the deck.
        self.card_ids: dict[Card, int] = {}
        for card in cards:
            self.card_ids.setdefault(card, len(self.card_ids))
        #: The card id of each card object the table knows, by the object's identity (the deck's, and those
        #: learned, all kept alive).
        self.object_ids = {id(card): self.card_ids[card] for card in cards}
        #: One card of each card id, in deck order: what the rule is asked about.
        self.distinct = tuple(self.card_ids)
        #: Whether the deck holds cards alike (two packs), so that a hand may hold a card twice.
        self.alike = len(self.distinct) < len(cards)
        self.rule = None if rule is None else rule.rule
        last_resort = frozenset() if rule is None else rule.last_resort
        self.resort = frozenset(self.card_ids[card] for card in self.distinct if card in last_resort)
        #: The card objects learned besides the deck's, kept alive so that their identities stay their own.
        self._learned: list[Card] = []
        #: How the effects per card are asked (`CardEffects`); ``None`` when the hook answers at every play.
        self._effects_rule = effects
        #: By card id, the effect of a play of the card; ``None`` until the first play read, or when the hook answers.
        self._effect_of_id: list[Effect] | None = None
        #: The effect of a play that empties the hand, whatever its card; ``None``: the card's own.
        self.last_card = None if effects is None or effects.last_card is None else _plain(effects.last_card)
        self._start()

    def _start(self) -> None:
        """
        The maps by card object, made from ``object_ids``, and the plays of each position, none worked out yet.
        """
        #: The identities of the last-resort card objects.
        self._resort_objects = self._ids_of(self.resort)
        #: By position and seat: the plays of each card object (`_tabulate`), and those a hand is asked first, the
        #: same map unless a last-resort card may be played there (then it is left out of the first).
        self._plays: dict[tuple[Any, ...], tuple[Plays, Plays]] = {}
        #: By position (top card id, wish, debt, skips owed): the identities of the card objects that may follow.
        self._allowed: dict[tuple[Any, ...], frozenset[int]] = {}
        #: By seat: the play of each card object the table knows, by its identity.
        self._seat_plays: dict[int, dict[int, PlayCard]] = {}
        #: The effect of a play of each card object the table knows, by its identity (`effect`).
        by_id = self._effect_of_id
        self.effects: dict[int, Effect] | None = (
            None if by_id is None else {object_id: by_id[card_id] for object_id, card_id in self.object_ids.items()}
        )

    def plays(self, state: GameState, seat: int, cards: Collection[Card]) -> list[PlayCard] | None:
        """
        The plays by *seat*, without a call, of those of *cards* that may be played now, in their order; ``None``
        when the table cannot say (no rule per card, or a card that is no card of this deck: the hook answers).
        """
        if self.rule is None:
            return None
        top = self.object_ids.get(id(state.discard_pile[-1]))
        if top is None:
            return self.plays(state, seat, cards) if self._learn((state.discard_pile[-1],)) else None
        key = (seat, top, state.wish, state.debt, state.skips)
        tables = self._plays.get(key)
        if tables is None:
            tables = self._tabulate(state, seat, key)
        table, first = tables
        try:  # each card's play or None, looked up by the card object's identity, in one pass of C
            found: list[PlayCard] = [*filter(None, map(first.__getitem__, map(id, cards)))]
            if not found and first is not table:  # nothing else to play: the last resort
                found = [*filter(None, map(table.__getitem__, map(id, cards)))]
        except KeyError:  # a card object the table does not know yet
            return self.plays(state, seat, cards) if self._learn(cards) else None
        if self.alike and len(found) > 1:
            found = self._each_once(found)
        return found

    def effect(self, state: GameState, seat: int, card: Card) -> Effect | None:
        """
        The effect of *seat*'s play of *card*, which has left the hand in *state*; ``None`` when the table cannot
        say (no effects per card, or a card that is no card of this deck: the hook answers).
        """
        return self.play_effect(state, seat, card, not state.players[seat].hand)

    def play_effect(self, state: GameState, seat: int, card: Card, emptied: bool) -> Effect | None:
        """
        The effect of *seat*'s play of *card* in *state* (before the card left the hand or after), which *emptied*
        the hand or not; ``None`` when the table cannot say (no effects per card, or a card that is no card of this
        deck: the hook answers).
        """
        if emptied and self.last_card is not None:
            return self.last_card
        effects = self.effects
        if effects is None:
            if self._effects_rule is None:
                return None
            effects = self._ask_effects(state, seat)
        found = effects.get(id(card))
        if found is None and self._learn((card,)):
            return self.effects[id(card)]  # type: ignore[index]  # learned: the effects were made again
        return found

    def _ask_effects(self, state: GameState, seat: int) -> dict[int, Effect]:
        """
        The effect of a play of each card object the table knows, asked of the hook once per card id, about *seat*
        playing it in *state* (any position will do: the effects are a rule per card).
        """
        assert self._effects_rule is not None
        effect = self._effects_rule.effect
        self._effect_of_id = [_plain(effect(state, seat, card)) for card in self.distinct]
        self._start()
        assert self.effects is not None
        return self.effects

    def _learn(self, cards: Collection[Card]) -> bool:
        """
        Know the card objects of *cards* that the table does not know by the deck's card each equals, and start
        the maps by card object again; whether all of them are now known (not when one is no card of the deck,
        or past `LEARNED_KEPT`).
        """
        known, card_ids = self.object_ids, self.card_ids
        new = list({id(card): card for card in cards if id(card) not in known}.values())
        if not new or len(self._learned) + len(new) > LEARNED_KEPT:
            return False
        try:
            learned = [(card, card_ids[card]) for card in new]
        except (KeyError, TypeError):  # no card of this deck
            return False
        for card, card_id in learned:
            self._learned.append(card)
            known[id(card)] = card_id
        self._start()
        return True

    def _tabulate(self, state: GameState, seat: int, key: tuple[Any, ...]) -> tuple[Plays, Plays]:
        """
        For each card object the table knows, by identity, its play by *seat* if it may be played in *state* (whose
        position is *key*), else ``None``: the rule asked once per position, about the whole deck, for every seat.
        And the same less the last-resort cards, which a hand is asked first (the same map when none may be played).
        """
        assert self.rule is not None
        position = key[1:]
        allowed = self._allowed.get(position)
        if allowed is None:
            ids = {self.card_ids[card] for card in self.rule(state, seat, self.distinct)}
            allowed = keep_shared(self._allowed, position, self._ids_of(ids))
        seat_plays = self._seat_plays.get(seat)
        if seat_plays is None:
            # The table's own plays, made once per seat and card object: not kept among the shared plays of
            # `maumau._actions`, which hold only plays once listed.
            objects = (*self.cards, *self._learned)
            seat_plays = keep_shared(self._seat_plays, seat, {id(card): PlayCard(seat, card) for card in objects})
        plays = dict.fromkeys(seat_plays)  # every card object the table knows, by identity: none may be played...
        plays.update((object_id, seat_plays[object_id]) for object_id in allowed)  # ...but those allowed
        resort = self._resort_objects & allowed
        first = {**plays, **dict.fromkeys(resort)} if resort else plays
        return keep_shared(self._plays, key, (plays, first), POSITIONS_KEPT)

    def _ids_of(self, card_ids: Collection[int]) -> frozenset[int]:
        """
        The identities of the card objects the table knows whose card id is one of *card_ids*.
        """
        return frozenset(object_id for object_id, card_id in self.object_ids.items() if card_id in card_ids)

    def _each_once(self, found: list[PlayCard]) -> list[PlayCard]:
        """
        *found* with one play of each card id, the first: a deck of two packs holds two of each card.
        """
        object_ids = self.object_ids
        seen: set[int] = set()
        once = []
        for play in found:
            card_id = object_ids[id(play.card)]
            if card_id not in seen:
                seen.add(card_id)
                once.append(play)
        return once


def _plain(effect: Effect) -> Effect:
    """
    *effect*, or the kernel's own plain effect when it is one (`maumau.flow.play_card` applies no effect then).
    """
    return NO_EFFECT if effect == NO_EFFECT else effect
