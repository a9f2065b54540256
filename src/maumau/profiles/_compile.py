"""
A profile compiled into a plugin: the hooks its sections call for, and the mechanics it names.

A profile is never a second rule engine.  Compiling it writes the hook
implementations a hand-written variant would have (`maumau_playable`,
`maumau_card_effect`, `maumau_score_round`, ...), each a small function over
tables worked out once (the effect of every card, the points of every
card), and names the built-in mechanics its sections ask for
(`maumau.mechanics.Combinations` for ``[several]``, `maumau.mechanics.Stacking`
for pools of debts, ...).  A hook the profile leaves at the kernel's
default is not written at all, so the kernel's own fast paths stay in
place; `maumau.legal_actions` stays the one statement of what is allowed.

A game's options change the profile (``set`` and ``when``), and so the
compiled rules: the variant names them as a mechanic of its own, built for
the profile as the game's options make it, once per distinct profile.
"""

from __future__ import annotations

import functools
import hashlib
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
from attrs import frozen

from .._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard
from .._cards import Card
from .._effects import NO_EFFECT, CallRuling, DrawRule, Effect, RoundEnd
from .._events import DirectionReversed, PileRecycled, RoundStarted, TurnSkipped
from .._front import profile_mechanics
from .._options import Option, Options
from .._select import CardSet, cards_of
from .._slots import Slot, with_slot
from .._state import GameState, MatchResult, Pending
from .._tables import FOLLOW_UP_MARK, KEPT_MARK, MARK, PLAY_COUNT_MARK, PerCard, card_effects
from ..flow import best_seats, draw_cards, emit, evolve_player, evolve_state, matching, shuffled
from ..hookspecs import hookimpl
from ._profile import Profile, canonical, deck_of, hand_size_of, merge, players_of, set_key

__all__ = ["ProfileVariant"]

_PLAIN = NO_EFFECT  # the kernel's own plain effect: a play of it takes no effect to apply (`flow.play_card`)


def _option(name: str, spec: Mapping[str, Any]) -> Option:
    choices = spec.get("choices")
    return Option(
        name,
        spec["default"],
        spec["description"],
        choices=tuple(choices) if choices is not None else None,
        minimum=spec.get("minimum"),
        maximum=spec.get("maximum"),
    )


def _key(value: object) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


class ProfileVariant:
    """
    The plugin a profile is played through: its options, and for each set of them the rules the profile makes.

    .. versionadded:: 0.2.0
    """

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        #: What saves and records carry to name the profile they were played with.
        self.profile_digest = profile.digest
        self.__doc__ = f"{profile.summary}\n\nThe game profile {profile.source}."
        data = profile.data
        options = [_option(name, spec) for name, spec in data.get("options", {}).items()]
        options += [
            Option(name, False, f"house rule: {rule['description']}")
            for name, rule in data.get("house_rules", {}).items()
        ]
        self.options = tuple(options)
        self._compiled: dict[str, tuple[object, ...]] = {}
        #: The mechanics by the options they were made for: a new game with the same options reads them here,
        #: without laying the options over the profile again.
        self._by_options: dict[Options | None, tuple[object, ...]] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"ProfileVariant({self.profile.id!r}, {self.profile.digest[:12]})"

    def effective(self, options: Mapping[str, object]) -> dict[str, Any]:
        """
        The profile as a game with *options* plays it: each option's value written and its changes laid over.
        """
        data = self.profile.data
        for name, spec in data.get("options", {}).items():
            value = options.get(name, spec["default"])
            if "set" in spec:
                data = set_key(data, spec["set"], value)
            patch = spec.get("when", {}).get(_key(value))
            if patch is not None:
                data = merge(data, patch)
        for name, rule in data.get("house_rules", {}).items():
            if options.get(name):
                data = merge(data, rule["patch"])
        return dict(data)

    @hookimpl
    def maumau_options(self) -> Sequence[Option]:
        return self.options

    @hookimpl
    def maumau_mechanics(self, options: Options) -> tuple[object, ...]:
        if options is not None and not isinstance(options, Options):  # a plain mapping: not kept
            return self._mechanics_for(options)
        found = self._by_options.get(options)
        if found is None:
            found = self._mechanics_for(options)
            with self._lock:
                if len(self._by_options) > 64:
                    self._by_options.clear()
                self._by_options[options] = found
        return found

    def _mechanics_for(self, options: Options) -> tuple[object, ...]:
        data = self.effective(options or {})
        key = canonical(data)
        found = self._compiled.get(key)
        if found is None:
            digest = hashlib.sha256(key.encode()).hexdigest()[:12]
            found = (*_mechanics(data), _compile(self.profile.id, digest, data))
            with self._lock:
                if len(self._compiled) > 64:
                    self._compiled.clear()
                self._compiled[key] = found
        return found


def _mechanics(data: Mapping[str, Any]) -> list[object]:
    """
    The mechanics the profile's sections name, as each mechanic reads its own keys (``maumau_profile_mechanics``).
    """
    return profile_mechanics(data, deck_of(data, players_of(data)[1]))


def _effect(special: Mapping[str, Any], players: int, passed_on: bool = False) -> Effect:
    reverse = bool(special.get("reverse"))
    skip = special.get("skip", 0)
    if reverse and players == 2 and special.get("two_players") == "skip":
        reverse, skip = False, skip + 1
    draw = special.get("draw", 0)
    if special.get("draw_at_once"):
        draw, skip = 0, skip + 1  # the cards are drawn in the follow-up, and the player misses the turn
    suits = special.get("suits")
    again = special.get("again", "none")
    return Effect(
        draw=draw,
        skip=skip,
        reverse=reverse,
        choose_suit=bool(special.get("choose_suit")),
        suits=tuple(suits) if suits else None,
        again=None if again == "none" else again,
        sit_out=0 if passed_on else special.get("sit_out", 0),  # passed on: owed in the follow-up, not added
        draw_others=special.get("draw_others", 0),
        draw_previous=special.get("draw_previous", 0),
        pass_hands=1 if special.get("pass_hands") else 0,
    )


def _compile(game: str, digest: str, data: Mapping[str, Any]) -> object:
    """
    The hooks *data* calls for, as one plugin object of a class made for it.
    """
    namespace: dict[str, Any] = {
        "__repr__": lambda self: f"Profile({game!r}, {digest})",
        "__module__": __name__,
    }
    low, high = players_of(data)
    seats = range(low, high + 1)
    full = deck_of(data, high)
    distinct = tuple(dict.fromkeys(full))

    @hookimpl
    def maumau_seats(self: object) -> range:
        return seats

    namespace["maumau_seats"] = maumau_seats
    default_players = data["game"].get("default_players")
    if default_players is not None:

        @hookimpl
        def maumau_default_players(self: object) -> int:
            return int(default_players)

        namespace["maumau_default_players"] = maumau_default_players

    decks = {players: deck_of(data, players) for players in seats}

    @hookimpl
    def maumau_deck(self: object, players: int) -> tuple[Card, ...]:
        return decks[players]

    namespace["maumau_deck"] = maumau_deck
    _deal(namespace, data)
    _starter(namespace, data)
    _playing(namespace, data, distinct)
    _calls(namespace, data)
    _drawing(namespace, data)
    _recycling(namespace, data)
    _counting(namespace, data)
    _ending(namespace, data, distinct)
    for hook, steps in namespace.pop("__steps__", {}).items():
        namespace[hook] = _chained(hook, steps)
    plugin_class = type(f"Profile_{game.replace('-', '_')}", (), namespace)
    return plugin_class()


def _deal(namespace: dict[str, Any], data: Mapping[str, Any]) -> None:
    deal = data.get("deal", {})
    #: The direction of play: 1 clockwise (to the dealer's left), -1 counter-clockwise; the deal passes the same way.
    way = -1 if deal.get("direction", "clockwise") == "counterclockwise" else 1
    if deal.get("dealer", "first_seat") == "random":

        @hookimpl
        def maumau_dealer(self: object, state: GameState) -> int:
            if state.dealer < 0:  # the first dealer is drawn from the seed; the deal then passes on
                return random.Random(f"{state.seed}/dealer").randrange(len(state.players))
            return (state.dealer + way) % len(state.players)

        namespace["maumau_dealer"] = maumau_dealer
    elif deal.get("dealer") == "last_seat":

        @hookimpl
        def maumau_dealer(self: object, state: GameState) -> int:
            if state.dealer < 0:  # seat 0 begins the first round; the deal then passes on
                return (len(state.players) - 1) if way == 1 else 1 % len(state.players)
            return (state.dealer + way) % len(state.players)

        namespace["maumau_dealer"] = maumau_dealer
    elif way == -1:

        @hookimpl
        def maumau_dealer(self: object, state: GameState) -> int:
            return 0 if state.dealer < 0 else (state.dealer - 1) % len(state.players)

        namespace["maumau_dealer"] = maumau_dealer
    sizes = {players: hand_size_of(data, players) for players in range(players_of(data)[0], players_of(data)[1] + 1)}
    in_hands = deal.get("order", "singly") == "hands"

    @hookimpl
    def maumau_deal(self: object, state: GameState, cards: tuple[Card, ...]) -> GameState:
        # From the seat after the dealer, who begins, singly or a hand at a time; the next card is the starter.
        count = len(state.players)
        size = sizes[count]
        first = (state.dealer + way) % count
        dealt = size * count
        if in_hands:
            hands = {(first + way * index) % count: cards[index * size : (index + 1) * size] for index in range(count)}
        else:
            hands = {(first + way * index) % count: cards[index:dealt:count] for index in range(count)}
        players = tuple(evolve_player(player, hand=hands[seat]) for seat, player in enumerate(state.players))
        changes = {"direction": way} if way != 1 else {}
        return evolve_state(
            state,
            players=players,
            discard_pile=(cards[dealt],),
            draw_pile=cards[dealt + 1 :],
            to_move=first,
            **changes,
        )

    namespace["maumau_deal"] = maumau_deal


def _starter(namespace: dict[str, Any], data: Mapping[str, Any]) -> None:
    starter = data.get("starter", {})
    bury = cards_of(starter.get("bury")) if starter.get("bury") is not None else None
    reshuffle = cards_of(starter.get("reshuffle")) if starter.get("reshuffle") is not None else None
    applies = starter.get("effects", "ignore") == "apply"
    if bury is None and reshuffle is None and not applies:
        return
    specials = [special for special in data.get("special", {}).values() if special.get("enabled", True)]
    acting = [(cards_of(special["cards"]), special) for special in specials]

    @hookimpl
    def maumau_starter(self: object, state: GameState, card: Card) -> GameState:
        first = state.to_move
        pile, buried = state.draw_pile, []
        while True:
            if bury is not None and card in bury and pile:  # to the bottom, and the next card is turned
                buried.append(card)
                card, pile = pile[0], pile[1:]
            elif reshuffle is not None and card in reshuffle and pile:  # back in, shuffled, the next card turned
                cards, state = shuffled(state, (card, *pile))
                card, pile = cards[0], cards[1:]
            else:
                break
        if card is not state.discard_pile[-1]:
            state = evolve_state(state, discard_pile=(card,), draw_pile=pile + tuple(buried))
        special = next((special for chosen, special in acting if card in chosen), None) if applies else None
        if special is not None:
            state = _as_if_dealt(state, special, starter)
        if state.pending is None:  # who begins after the starter's effect; a suit to name keeps the first seat
            first = state.to_move
        started = RoundStarted(state.round, state.dealer, card, first)
        events = tuple(started if isinstance(event, RoundStarted) else event for event in state.events)
        return evolve_state(state, events=events)

    namespace["maumau_starter"] = maumau_starter


def _as_if_dealt(state: GameState, special: Mapping[str, Any], starter: Mapping[str, Any]) -> GameState:
    """
    *state* after its starter's effect, as if the dealer had played it: the first player owes the debt, is
    skipped or draws at once, play turns round (the seat before the dealer begins, or the dealer), or a suit is
    named (by the dealer, or drawn from the seed).
    """
    count, dealer, first = len(state.players), state.dealer, state.to_move
    assert first is not None
    effect = _effect(special, count)
    if effect.choose_suit:
        suits = effect.suits or state.rules.suits(state)
        if starter.get("suit", "dealer") == "random":  # the same on every replay: drawn from the seed
            number = f"{state.seed}/colour/{state.shuffles}/{len(state.discard_pile)}"
            return evolve_state(state, wish=random.Random(number).choice(suits))
        # The dealer's naming is a turn of its own: play starts after the dealer.
        return evolve_state(state, to_move=dealer, pending=Pending(dealer, "suit", suits))
    skip = effect.skip
    if effect.reverse:
        direction = -state.direction
        begins = dealer if starter.get("reverse_first", "before_dealer") == "dealer" else (dealer + direction) % count
        state = emit(evolve_state(state, direction=direction, to_move=begins), DirectionReversed(direction))
        first = begins
    if special.get("draw_at_once"):
        state, _ = draw_cards(
            state, first, special["draw"], penalty=f"{state.discard_pile[-1]} turned up", required=True
        )
        if not starter.get("draw_misses_turn", True):
            skip -= 1  # drawn, and the turn is still theirs
    elif effect.draw:
        state = evolve_state(state, debt=effect.draw)
    if skip:
        state = emit(evolve_state(state, to_move=(first + state.direction * skip) % count), TurnSkipped(first))
    return state


def _playing(namespace: dict[str, Any], data: Mapping[str, Any], distinct: tuple[Card, ...]) -> None:
    """
    What may be played (``[play]``, ``[debts]``): the matching of cards as a rule per card, a last resort, the
    refusals that say why a card may not be played, and whether a player may decline to play; then the effects.
    """
    play = data.get("play", {})
    specials = [special for special in data.get("special", {}).values() if special.get("enabled", True)]
    matching = _matching(data, distinct, specials)
    refusals: list[Callable[[GameState, PlayCard], str | None]] = []
    if play.get("last_resort") is None:
        # A rule per card: the game's table answers (`maumau._tables`).
        setattr(matching, MARK, PerCard(functools.partial(matching, None)))
        namespace["maumau_playable"] = matching
    else:
        playable, refuse = _last_resort(matching, cards_of(play["last_resort"]), distinct)
        namespace["maumau_playable"] = playable
        refusals.append(refuse)
    if not play.get("wild_on_wild", True):
        refusals.append(_wild_on_wild_refused(cards_of(play.get("wild"))))
    if refusals:

        @hookimpl
        def maumau_refusal(self: object, state: GameState, action: Action) -> str | None:
            if type(action) is not PlayCard:
                return None
            assert isinstance(action, PlayCard)
            return next((words for refuse in refusals if (words := refuse(state, action)) is not None), None)

        namespace["maumau_refusal"] = maumau_refusal
    if play.get("must_play"):

        @hookimpl
        def maumau_may_decline(self: object, state: GameState, seat: int) -> bool:
            return False  # the hook's arguments in order, though unread: the kernel then calls this method itself

        namespace["maumau_may_decline"] = maumau_may_decline
    _effects(namespace, data, distinct, specials)


#: ``maumau_playable`` as a profile compiles it: ``(self, state, seat, cards)``, the cards that may be played.
Matching = Callable[[object, GameState, int, tuple[Card, ...]], tuple[Card, ...]]


def _matching(data: Mapping[str, Any], distinct: tuple[Card, ...], specials: list[dict[str, Any]]) -> Matching:
    """
    ``maumau_playable`` for the profile's matching: what answers a debt, turns owed, then suit, rank and wilds.
    """
    play, debts = data.get("play", {}), data.get("debts", {})
    stack = debts.get("stack", "same_rank")
    debt_cards = frozenset(
        card for card in distinct for special in specials if special.get("draw") and card in cards_of(special["cards"])
    )
    skips = debts.get("skips", "same_rank")
    by_stacking = stack in ("pools", "higher") or debts.get("cancels") is not None  # Stacking answers debts
    wild = cards_of(play.get("wild"))
    wild_cards = frozenset(card for card in distinct if card in wild)
    wild_ranks = frozenset(card.rank for card in wild_cards)
    wild_on_wild = play.get("wild_on_wild", True)
    by_rank = all(card in wild_cards for card in distinct if card.rank in wild_ranks)  # a wild card is a wild rank
    simple = by_rank and set(play.get("match", ("suit", "rank"))) == {"suit", "rank"}
    fits = _fits(play, wild_cards)

    @hookimpl
    def maumau_playable(self: object, state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        if state.debt:
            if by_stacking:
                return cards  # Stacking, a wrapper, keeps those that answer
            if stack == "same_rank":
                rank = state.discard_pile[-1].rank
                return tuple(card for card in cards if card.rank == rank)
            if stack == "any":
                return tuple(card for card in cards if card in debt_cards)
            return ()
        if state.skips:
            if skips == "none":
                return ()
            rank = state.discard_pile[-1].rank
            return tuple(card for card in cards if card.rank == rank)
        return matching(state, cards, wild_ranks, wild_on_wild) if simple else fits(state, cards)

    return maumau_playable


def _fits(
    play: Mapping[str, Any], wild_cards: frozenset[Card]
) -> Callable[[GameState, tuple[Card, ...]], tuple[Card, ...]]:
    """
    Those of some cards that may follow the top card where nothing is owed, as ``play.match`` says (suit, rank or
    both), of the suit wished, or wild (on a wild card only where ``wild_on_wild``): the general case of the matching.
    """
    match = tuple(play.get("match", ("suit", "rank")))
    wild_on_wild = play.get("wild_on_wild", True)

    def fits(state: GameState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        top = state.discard_pile[-1]
        wish = state.wish
        barred = not wild_on_wild and top in wild_cards
        found = []
        for card in cards:
            if card in wild_cards:
                if not barred:
                    found.append(card)
            elif wish is not None:
                if card.suit == wish:
                    found.append(card)
            elif ("suit" in match and card.suit == top.suit and card.suit is not None) or (
                "rank" in match and card.rank == top.rank
            ):
                found.append(card)
        return tuple(found)

    return fits


def _last_resort(
    matching: Matching, last_resort: CardSet, distinct: tuple[Card, ...]
) -> tuple[Matching, Callable[[GameState, PlayCard], str | None]]:
    """
    ``maumau_playable`` with the cards of *last_resort* playable only when nothing else is, and the refusal that
    says so.
    """
    # Which of the deck's cards are a last resort, looked up as a table rather than asked of the card set.
    resort = frozenset(card for card in distinct if card in last_resort)

    @hookimpl
    def playable_as_last_resort(self: object, state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        found = matching(self, state, seat, cards)
        others = tuple(card for card in found if card not in resort)
        return others or found  # a last resort only when nothing else can be played

    def refuse_last_resort(state: GameState, action: PlayCard) -> str | None:
        card, seat = action.card, action.seat
        if card not in last_resort or seat != state.to_move or not matching(None, state, seat, (card,)):
            return None
        hand = tuple(other for other in state.players[seat].hand if other not in last_resort)
        others = matching(None, state, seat, hand)
        return f"{card} may be played only when no other card of the hand can be ({others[0]} can)" if others else None

    # The matching is a rule per card, the last resort a rule over the cards it keeps: the table holds both.
    setattr(playable_as_last_resort, MARK, PerCard(functools.partial(matching, None), resort))
    return playable_as_last_resort, refuse_last_resort


def _wild_on_wild_refused(wild: CardSet) -> Callable[[GameState, PlayCard], str | None]:
    """
    The refusal of a wild card played on a wild card, where ``wild_on_wild`` is off.
    """

    def refuse_wild_on_wild(state: GameState, action: PlayCard) -> str | None:
        card, top = action.card, state.discard_pile[-1]
        if action.seat == state.to_move and not (state.debt or state.skips) and card in wild and top in wild:
            return f"a wild card may not be played on a wild card ({card} on {top})"
        return None

    return refuse_wild_on_wild


def _effects(
    namespace: dict[str, Any], data: Mapping[str, Any], distinct: tuple[Card, ...], specials: list[dict[str, Any]]
) -> None:
    """
    What the special cards do (``[special.*]``): each card's effect, cut to the stock where ``debts.up_to_stock``
    says, the effects of several cards played at once, and the follow-ups (cards drawn at once, turns passed on).
    """
    by_count = _effect_tables(data, distinct, specials)
    last_card_effects = data.get("play", {}).get("last_card_effects", True)
    card_effect = _card_effect(by_count, last_card_effects)
    if data.get("debts", {}).get("up_to_stock") and any(
        effect.draw for table in by_count.values() for effect in table.values()
    ):
        # Only an effect of the profile's own is cut to the stock: none to cut when none of its cards makes anyone draw.
        never = data.get("draw", {}).get("recycle", "when_drawing") == "never"

        @hookimpl
        def card_effect_up_to_stock(self: object, state: GameState, seat: int, card: Card) -> Effect:
            effect: Effect = card_effect(self, state, seat, card)
            if effect.draw and not _stock(state, never):  # nothing to draw: a plain card
                return attrs.evolve(effect, draw=0)
            return effect

        namespace["maumau_card_effect"] = card_effect_up_to_stock
    else:
        # A card's effect by the card and the player count, and nothing at all for the last card where it has none:
        # the game's table holds them, read by the card object at every play (`maumau._tables`).
        last_card = None if last_card_effects else _PLAIN
        namespace["maumau_card_effect"] = card_effects(last_card=last_card)(card_effect)
    if data.get("several", {}).get("effects", "sum") == "last":

        @hookimpl
        def maumau_combine_effects(self: object, effects: tuple[Effect, ...]) -> Effect:
            return effects[-1]  # the cards before the last are played for their suit and rank only

        namespace["maumau_combine_effects"] = maumau_combine_effects
    _follow_ups(namespace, data, distinct, specials, last_card_effects)


def _effect_tables(
    data: Mapping[str, Any], distinct: tuple[Card, ...], specials: list[dict[str, Any]]
) -> dict[int, dict[Card, Effect]]:
    """
    By player count, the effect of each special card (a card of no special is plain): worked out once.
    """
    low, high = players_of(data)
    passed_on = data.get("debts", {}).get("skips") == "pass_on"
    by_count: dict[int, dict[Card, Effect]] = {}
    for players in range(low, high + 1):
        table: dict[Card, Effect] = {}
        for special in specials:
            chosen = cards_of(special["cards"])
            effect = _effect(special, players, passed_on)
            for card in distinct:
                if card in chosen:
                    table[card] = effect
        by_count[players] = table
    return by_count


#: ``maumau_card_effect`` as a profile compiles it: ``(self, state, seat, card)``, the effect of the card's play.
CardEffect = Callable[[object, GameState, int, Card], Effect]


def _card_effect(by_count: dict[int, dict[Card, Effect]], last_card_effects: bool) -> CardEffect:
    """
    ``maumau_card_effect`` read from *by_count*: one table where the player count changes nothing, and a plain last
    card unless *last_card_effects*.
    """
    tables = list(by_count.values())
    one = tables[0] if all(table == tables[0] for table in tables) else None
    plain = _PLAIN
    if one is not None and not last_card_effects:

        @hookimpl
        def maumau_card_effect(self: object, state: GameState, seat: int, card: Card) -> Effect:
            if not state.players[seat].hand:
                return plain  # the last card has no effect
            return one.get(card, plain)

    elif one is not None:

        @hookimpl
        def maumau_card_effect(self: object, state: GameState, seat: int, card: Card) -> Effect:
            return one.get(card, plain)

    else:

        @hookimpl
        def maumau_card_effect(self: object, state: GameState, seat: int, card: Card) -> Effect:
            if not last_card_effects and not state.players[seat].hand:
                return plain
            return by_count[len(state.players)].get(card, plain)

    return maumau_card_effect


def _follow_ups(
    namespace: dict[str, Any],
    data: Mapping[str, Any],
    distinct: tuple[Card, ...],
    specials: list[dict[str, Any]],
    last_card_effects: bool,
) -> None:
    """
    The step after a play of a card that makes the next player draw at once (``draw_at_once``), or passes its turns
    to sit out on (``debts.skips = "pass_on"``).
    """
    passed_on = data.get("debts", {}).get("skips") == "pass_on"
    at_once = [(cards_of(special["cards"]), special["draw"]) for special in specials if special.get("draw_at_once")]
    sitting = [(cards_of(s["cards"]), s["sit_out"]) for s in specials if passed_on and s.get("sit_out")]
    if not (at_once or sitting):
        return
    # By card, the first special that names it: the cards the next player draws at once, the turns passed on.
    drawn_at_once = _first_by_card(at_once, distinct)
    sat_out = _first_by_card(sitting, distinct)
    # One table of both, looked up once per card played: what the card does after the play, and how much.
    after = {card: (True, count) for card, count in sat_out.items()}
    after.update((card, (False, count)) for card, count in drawn_at_once.items())
    ranks = frozenset(card.rank for card in after)  # most cards are of none of these ranks: no card hashed

    def follow_up(state: GameState, seat: int, card: Card) -> GameState | None:
        if not state.players[seat].hand and not last_card_effects:
            return None
        found = after.get(card) if card.rank in ranks else None
        if found is None:
            return None
        sits, count = found
        if not sits:
            victim = state.rules.next_seat(state, seat)  # draws at once, and the turn passes over them
            state, _ = draw_cards(state, victim, count, penalty=f"{card} played", required=True)
            return state
        return evolve_state(state, skips=count)  # the turns are passed on as they are: owed, or answered

    setattr(follow_up, FOLLOW_UP_MARK, ranks)  # a play of a card of another rank is never followed up
    _step(namespace, "maumau_follow_up", follow_up)


def _first_by_card(specials: list[tuple[CardSet, int]], distinct: tuple[Card, ...]) -> dict[Card, int]:
    """
    The number of the first of *specials* that names each card of *distinct*: the specials as a table.
    """
    table: dict[Card, int] = {}
    for chosen, number in specials:
        for card in distinct:
            if card in chosen:
                table.setdefault(card, number)
    return table


def _calls(namespace: dict[str, Any], data: Mapping[str, Any]) -> None:
    calls = [call for call in data.get("calls", {}).values() if call.get("enabled", True)]
    if not calls:
        return
    words = tuple(dict.fromkeys(call["word"] for call in calls))
    penalties = {call["word"]: call.get("penalty", 2) for call in calls}

    @hookimpl
    def maumau_calls(self: object) -> tuple[str, ...]:
        return words

    namespace["maumau_calls"] = maumau_calls
    by_card: list[tuple[int, CardSet, str]] = [
        (call.get("cards_left", 1), cards_of(call["last_cards"]), call["word"])
        for call in calls
        if call.get("last_cards") is not None
    ]
    by_count: dict[int, str] = {
        call.get("cards_left", 1): call["word"] for call in calls if call.get("last_cards") is None
    }

    @hookimpl
    def expected_by_card(self: object, cards_left: int, cards: tuple[Card, ...]) -> str | None:
        for left, chosen, word in by_card:
            if left == cards_left and cards[-1] in chosen:
                return word
        return by_count.get(cards_left)

    @hookimpl
    def expected_by_count(self: object, cards_left: int) -> str | None:
        return by_count.get(cards_left)  # by the cards left alone: the kernel keeps the answer for each count

    # A call that depends on no card is asked without the cards: once per decision rather than once per card.
    namespace["maumau_expected_call"] = expected_by_card if by_card else expected_by_count

    @hookimpl
    def maumau_judge_call(self: object, call: str | None, expected: str | None) -> CallRuling | None:
        if expected and call != expected:
            return CallRuling(missed=expected, penalty=penalties[expected])
        return None

    namespace["maumau_judge_call"] = maumau_judge_call


def _drawing(namespace: dict[str, Any], data: Mapping[str, Any]) -> None:
    draw = data.get("draw", {})
    limit = draw.get("limit", 1)
    rule = DrawRule(
        limit=limit or None,
        until_playable=draw.get("until_playable", False),
        then=draw.get("then", "may_play"),
        play=draw.get("play", "drawn"),
    )
    if rule == DrawRule():
        return

    @hookimpl
    def maumau_draw_rule(self: object) -> DrawRule:
        return rule

    namespace["maumau_draw_rule"] = maumau_draw_rule


def _recycling(namespace: dict[str, Any], data: Mapping[str, Any]) -> None:
    draw = data.get("draw", {})
    recycle = draw.get("recycle", "when_drawing")
    if recycle != "when_drawing":

        @hookimpl
        def maumau_may_draw(self: object, state: GameState, seat: int) -> bool | None:
            # An empty pile is not refilled when someone draws: pass instead of drawing.  (The hook's arguments in
            # order, though the seat does not matter: the kernel then calls this method itself, with no chain around.)
            return None if state.draw_pile else False

        namespace["maumau_may_draw"] = maumau_may_draw
    if recycle == "at_once":
        _step(namespace, "maumau_follow_up", lambda state, seat, card: _restock(state))
        _step(namespace, "maumau_after_draw", lambda state, seat, cards, forced: _restock(state))
    if _cuts_debts(data) and not _counts_actions(data):  # where the actions are counted, the count cuts the debt

        def cut(state: GameState, action: Action) -> GameState | None:
            # Only what the pile holds can be drawn.
            if type(action) is DrawCards and state.debt > len(state.draw_pile):
                return evolve_state(state, debt=len(state.draw_pile))
            return None

        _step(namespace, "maumau_before_action", cut)
    if draw.get("kept_ends_turn"):

        def kept(state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState | None:
            if not forced and cards and not state.rules.fits(state, seat, cards[-1]):
                return evolve_state(state, drawn=None)  # kept: the turn ends, with no pass to make
            return None

        setattr(kept, KEPT_MARK, True)  # where it is the only step, the kernel ends the turn itself (`_engine._draw`)
        _step(namespace, "maumau_after_draw", kept)


def _stock(state: GameState, never: bool) -> int:
    """
    The cards there are to draw: the draw pile, or when it is empty and is refilled, the discards below the top.
    """
    if state.draw_pile or never:
        return len(state.draw_pile)
    return len(state.discard_pile) - 1


def _restock(state: GameState) -> GameState | None:
    """
    *state* with an empty draw pile refilled at once from the discards below the top card.
    """
    if state.draw_pile or len(state.discard_pile) < 2:
        return None
    cards, state = shuffled(state, state.discard_pile[:-1])
    events = (*state.events, PileRecycled(len(cards)))
    return evolve_state(state, draw_pile=cards, discard_pile=state.discard_pile[-1:], events=events)


@frozen
class Counts:
    """
    What a profile's round counts beside the cards: the cards played in it (for ``round.max_plays``), the passes in
    a row while the draw pile was empty, and the debt as owed before it was cut to the pile (for ``round.block``).
    """

    plays: int = 0
    passes: int = 0
    owed: int = 0

    def __str__(self) -> str:
        return f"{self.plays} cards played, {self.passes} passes in a row"


#: The counts of a profile that needs them: public, as every player at the table sees them.
COUNTS: Slot[Counts] = Slot("profile", Counts, Counts())
_COUNTS_NAME = COUNTS.name


def _counting(namespace: dict[str, Any], data: Mapping[str, Any]) -> None:
    """
    The round's counts in `COUNTS`, where ``round.max_plays`` or ``round.block = "all_pass_and_one"`` asks for them,
    and the round ended by them.
    """
    if not _counts_actions(data):
        return
    ending = data.get("round", {})
    max_plays = ending.get("max_plays", 0)
    block_one = ending.get("block", "all_pass") == "all_pass_and_one"

    @hookimpl
    def maumau_slots(self: object) -> tuple[Slot[Counts], ...]:
        return (COUNTS,)

    namespace["maumau_slots"] = maumau_slots
    _step(namespace, "maumau_before_action", _counter(_cuts_debts(data)), first=True)
    if block_one:
        _step(namespace, "maumau_after_draw", _paid)

        @hookimpl
        def maumau_turn_ended(self: object, state: GameState) -> GameState | None:
            # The passes are counted in the slot: the kernel's own count must not block the round first.
            return evolve_state(state, passes=0) if state.passes else None

        namespace["maumau_turn_ended"] = maumau_turn_ended

    @hookimpl
    def maumau_round_over(self: object, state: GameState) -> RoundEnd | None:
        slots = state.slots  # the counts, read in place where they are the one slot held (`COUNTS.get` else)
        counts = slots[0][1] if len(slots) == 1 and slots[0][0] == _COUNTS_NAME else COUNTS.get(state)
        if max_plays and counts.plays >= max_plays and all(player.hand for player in state.players):
            return RoundEnd("max plays")
        if block_one and counts.passes and counts.passes > len(state.seats_not_resigned()):
            return RoundEnd("blocked", tuple(state.rules.hooks["maumau_blocked_winners"](state)))
        return None

    namespace["maumau_round_over"] = maumau_round_over


def _counter(cuts: bool) -> Callable[[GameState, Action], GameState | None]:
    """
    The step before every action that counts it: a card played, a pass in a row while the pile is empty, the debt
    as owed before a draw (which *cuts* to what the pile holds).
    """

    def counted_play(state: GameState) -> tuple[tuple[str, Any], ...]:
        # The slots with one more card played (and the passes in a row ended): the kernel sets them with the card
        # down, where this is the only step before an action (`PLAY_COUNT_MARK`).
        slots = state.slots  # the counts, read in place where they are the one slot held (`COUNTS.get` else)
        counts = slots[0][1] if len(slots) == 1 and slots[0][0] == _COUNTS_NAME else COUNTS.get(state)
        return _slots_with(state, Counts(counts.plays + 1, 0, counts.owed), True)

    def count(state: GameState, action: Action) -> GameState | None:
        kind = type(action)
        if kind is PlayCard:  # the commonest action, and one that always counts: one more card played
            return evolve_state(state, slots=counted_play(state))
        slots = state.slots  # the counts, read in place where they are the one slot held (`COUNTS.get` else)
        counts = slots[0][1] if len(slots) == 1 and slots[0][0] == _COUNTS_NAME else COUNTS.get(state)
        plays, passes, owed = counts.plays, counts.passes, counts.owed
        changes: dict[str, object] = {}
        if kind is Pass:
            passes = 0 if state.draw_pile else passes + 1
        elif kind is DrawCards:
            passes, owed = 0, state.debt
            if cuts and state.debt > len(state.draw_pile):  # only what the pile holds can be drawn
                changes["debt"] = len(state.draw_pile)
        elif kind is ChooseSuit:
            passes = 0
        else:
            return None
        if passes != counts.passes or owed != counts.owed:
            changes["slots"] = _slots_with(state, Counts(plays, passes, owed))
        return evolve_state(state, changes) if changes else None  # nothing to count: the state as it is

    setattr(count, PLAY_COUNT_MARK, counted_play)  # a play's count is read by the kernel, where this is all there is
    return count


def _paid(state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState | None:
    """
    After a debt is drawn: the passes in a row start again, unless the debt took the pile's very last card, which
    counts as a pass.
    """
    if not forced:
        return None
    counts = COUNTS.get(state)
    passes = 1 if not state.draw_pile and len(cards) == counts.owed else 0
    return _with_counts(state, Counts(counts.plays, passes, 0))


def _with_counts(state: GameState, counts: Counts) -> GameState:
    """
    *state* with *counts* in the `COUNTS` slot.
    """
    return evolve_state(state, slots=_slots_with(state, counts))


def _slots_with(state: GameState, counts: Counts, counted: bool = False) -> tuple[tuple[str, Any], ...]:
    """
    The slots of *state* with *counts* in the `COUNTS` slot, as `Slot.put` makes them: made at once where no other
    slot is held (*counted*: some card has been played, so the counts are not the default).
    """
    slots = state.slots
    if slots and (len(slots) > 1 or slots[0][0] != COUNTS.name):
        return with_slot(slots, COUNTS.name, counts, COUNTS.default)
    if not counted and counts == _NO_COUNTS:
        return ()
    return ((COUNTS.name, counts),)


def _counts_actions(data: Mapping[str, Any]) -> bool:
    """
    Whether the profile counts the round's actions in `COUNTS`: for ``round.max_plays`` or ``round.block =
    "all_pass_and_one"``.
    """
    ending = data.get("round", {})
    return bool(ending.get("max_plays", 0)) or ending.get("block", "all_pass") == "all_pass_and_one"


def _cuts_debts(data: Mapping[str, Any]) -> bool:
    """
    Whether a debt is cut to what the draw pile holds before it is drawn: ``debts.up_to_stock`` with a pile that is
    never refilled.
    """
    recycle = data.get("draw", {}).get("recycle", "when_drawing")
    return bool(data.get("debts", {}).get("up_to_stock")) and recycle == "never"


_NO_COUNTS = COUNTS.default


def _step(namespace: dict[str, Any], hook: str, step: Callable[..., GameState | None], first: bool = False) -> None:
    """
    Add *step* to the steps of *hook* that several sections ask for, run in order (*first*: before the rest).
    """
    steps = namespace.setdefault("__steps__", {}).setdefault(hook, [])
    steps.insert(0, step) if first else steps.append(step)


#: The arguments of each hook that several sections may ask steps of, in the spec's order.
_ARGUMENTS = {
    "maumau_follow_up": ("state", "seat", "card"),
    "maumau_after_draw": ("state", "seat", "cards", "forced"),
    "maumau_before_action": ("state", "action"),
}


def _chained(hook: str, steps: list[Callable[..., GameState | None]]) -> object:
    """
    One hook implementation for *steps*, each given the state the one before left, ``None`` when none changed it:
    a plain function of the hook's arguments (no ``self``), so that the kernel's compiled chain calls it, or the
    one step itself, directly.  Several steps are written out as one function, the way the kernel's hook chains
    are (`maumau._hook_chains`): a step costs one call.
    """
    if len(steps) == 1:
        return staticmethod(hookimpl(steps[0]))
    arguments = _ARGUMENTS[hook]
    rest = ", ".join(arguments[1:])
    lines = [f"def {hook}({', '.join(arguments)}):", "    changed = None"]
    for index in range(len(steps)):
        lines += [f"    found = step{index}(state, {rest})", "    if found is not None:"]
        lines.append("        state = changed = found")
    lines.append("    return changed")
    namespace: dict[str, Any] = {f"step{index}": step for index, step in enumerate(steps)}
    namespace["__name__"] = __name__  # maumau's own code, as the kernel tells (`Rules.strangers_answer`)
    exec(compile("\n".join(lines), f"<maumau profile steps {hook}>", "exec"), namespace)
    return staticmethod(hookimpl(namespace[hook]))


def _points(data: Mapping[str, Any], distinct: tuple[Card, ...]) -> dict[Card, int]:
    scoring = data.get("scoring", {})
    points = scoring.get("points", {})
    doubled = cards_of(scoring.get("doubled"))
    values: dict[Card, int] = {}
    for card in distinct:
        value = points.get(str(card), points.get(card.rank, points.get("*", 0)))
        values[card] = (int(card.rank) if value == "face" else int(value)) * (2 if card in doubled else 1)
    return values


def _ending(namespace: dict[str, Any], data: Mapping[str, Any], distinct: tuple[Card, ...]) -> None:
    """
    How rounds and the match end (``[round]``, ``[scoring]``): who wins a blocked round, each round's scores, and
    when the match is over.
    """
    scoring = data.get("scoring", {})
    mode = scoring.get("mode", "none")
    values = _points(data, distinct)

    def hand_points(hand: tuple[Card, ...]) -> int:
        return sum(values[card] for card in hand)

    if data.get("round", {}).get("blocked", "nobody") == "lowest_hand":

        @hookimpl
        def maumau_blocked_winners(self: object, state: GameState) -> tuple[int, ...]:
            active = state.active_seats()
            start = state.to_move if state.to_move is not None else active[0]
            count = len(state.players)
            order = [s for s in ((start + i * state.direction) % count for i in range(count)) if s in active]
            hands = state.players
            winner = min(order, key=lambda s: (hand_points(hands[s].hand), len(hands[s].hand), order.index(s)))
            return (winner,)

        namespace["maumau_blocked_winners"] = maumau_blocked_winners
    score_round = _score_round(mode, hand_points)
    if score_round is not None:
        namespace["maumau_score_round"] = score_round
    namespace["maumau_match_over"] = _match_over(mode, scoring.get("target", 0), scoring.get("per_player", False))


#: ``maumau_score_round`` as a profile compiles it: ``(self, state, end)``, each seat's points for the round.
ScoreRound = Callable[[object, GameState, RoundEnd], tuple[int, ...]]


def _score_round(mode: str, hand_points: Callable[[tuple[Card, ...]], int]) -> ScoreRound | None:
    """
    ``maumau_score_round`` for the scoring *mode*, the hands counted by *hand_points*; ``None`` for the kernel's
    (``"none"``: no points).
    """
    if mode in ("winner_collects", "holders"):
        holders = mode == "holders"

        @hookimpl
        def maumau_score_round(self: object, state: GameState, end: RoundEnd) -> tuple[int, ...]:
            if len(end.winners) != 1:
                return (0,) * len(state.players)
            (winner,) = end.winners
            base = hand_points(state.players[winner].hand)
            owed = [0 if player.resigned else hand_points(player.hand) - base for player in state.players]
            owed[winner] = 0
            if holders:
                return tuple(owed)
            points = [0] * len(state.players)
            points[winner] = sum(owed)
            return tuple(points)

    elif mode == "rounds":

        @hookimpl
        def maumau_score_round(self: object, state: GameState, end: RoundEnd) -> tuple[int, ...]:
            return tuple(1 if seat in end.winners else 0 for seat in range(len(state.players)))

    elif mode == "minus_hands":

        @hookimpl
        def maumau_score_round(self: object, state: GameState, end: RoundEnd) -> tuple[int, ...]:
            return tuple(-hand_points(player.hand) for player in state.players)

    elif mode == "win_lose":

        @hookimpl
        def maumau_score_round(self: object, state: GameState, end: RoundEnd) -> tuple[int, ...]:
            if not end.winners:
                return (0,) * len(state.players)
            return tuple(1 if seat in end.winners else -1 for seat in range(len(state.players)))

    else:
        return None
    return maumau_score_round


def _match_over(mode: str, target: int, per_player: bool) -> Callable[[object, GameState], MatchResult | None]:
    """
    ``maumau_match_over``: after one round where there is no *target* (or no scoring), else once a score reaches
    it (*per_player*: the target times the players), or at a resignation.
    """
    lowest = mode == "holders"
    if mode == "none" or not target:

        @hookimpl
        def maumau_match_over(self: object, state: GameState) -> MatchResult | None:
            if not state.rounds:  # a resignation during the one round: the kernel's default decides
                return None
            last = state.rounds[-1]
            winners = last.winners if mode in ("none", "win_lose") else best_seats(state, lowest=lowest)
            return MatchResult(tuple(winners), last.reason, state.scores)

    else:

        @hookimpl
        def maumau_match_over(self: object, state: GameState) -> MatchResult | None:
            scores = state.scores
            winners = best_seats(state, lowest=lowest)
            if any(player.resigned for player in state.players):
                return MatchResult(winners, "resignation", scores)
            goal = target * len(state.players) if per_player else target
            if max(scores) >= goal:
                return MatchResult(winners, "target", scores)
            return None

    return maumau_match_over
