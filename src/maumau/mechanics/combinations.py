"""
Combinations: several cards in one play, as the family's games allow them.

With `Combinations`, a player may put down more than one card in a turn as
one play: a set of one rank (three 2s), a run in a suit (5♥ 6♥ 7♥), a
run that goes on through a card of the same rank in another suit, all the
cards of one suit after an opener (Black Jack's 7, Taki's TAKI), or a card
that may not be played alone (an ace that needs another card).  Each card
is a `maumau.PlayCard` of its own, every one but the last with
``more=True``, so a player (and a learner) chooses one card at a time, and
the game's action space stays one action per card.  The first card must
be playable as any card is; each next card must follow the play so far.
The play's effect, the sum of its cards' effects unless the game says
otherwise, and its call come with its last card.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from .._actions import Action, PlayCard, completable
from .._cards import FRENCH_RANKS, Card, without_card
from .._features import Feature, card_counts
from .._options import Options
from .._select import CardSet, CardSpec, card_text_problems, cards_of
from .._state import GameState
from ..exceptions import PluginError, Reason
from ..hookspecs import hookimpl

if TYPE_CHECKING:  # in annotations only: the views sit above the mechanics
    from .._view import PlayerView

__all__ = ["Combinations"]


class _Part(NamedTuple):
    """
    What a card may do in a play of several cards: stand only alone, need a card after it (covered), open a run
    of its suit, follow any covered card (wild).
    """

    alone: bool
    covered: bool
    suit_run: bool
    wild: bool


#: The most cards whose `_Part` a `Combinations` keeps: more than any deck holds distinct cards.
_PARTS_KEPT = 512


class Combinations:
    """
    Plays of several cards: which cards may follow which in one play.

    Args:
        sets: Cards of one rank may go down together (the family's commonest
            combination: Switch, Last Card, Macau, Makao, Black Jack).
        runs: Cards of one suit with neighbouring ranks may go down together,
            ``"up"`` the rank order, ``"down"`` it, or ``"either"``; ``None``:
            no runs.
        switch: A play may pass from a set to a run and back (a run that goes
            on in another suit through a card of the same rank: Macau, Black
            Jack); without it, a play is a set or a run, as its second card says.
        ranks: The rank order of runs, lowest first.
        most: The most cards one play may hold (Jack Change It's pairs: 2).
        alone: Cards that never go down with others (Faraón's aces).
        suit_runs: Cards after which any cards of their suit may follow, as
            many as the player likes (Black Jack's 7, Taki's TAKI card).
        covered: Cards that may not end a play: another card must follow that
            matches them by suit or rank, or is one of *wild* (an ace that may
            only be played together with another card).
        wild: The cards that may follow a *covered* card whatever it is.

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        *,
        sets: bool = True,
        runs: Literal["up", "down", "either"] | None = None,
        switch: bool = False,
        ranks: Sequence[str] = FRENCH_RANKS,
        most: int | None = None,
        alone: CardSpec = None,
        suit_runs: CardSpec = None,
        covered: CardSpec = None,
        wild: CardSpec = None,
    ) -> None:
        if runs not in (None, "up", "down", "either"):
            raise PluginError(f"runs is None, 'up', 'down' or 'either', not {runs!r}", plugin="Combinations")
        if most is not None and (type(most) is not int or most < 2):
            raise PluginError(f"most is None or a whole number of at least 2, not {most!r}", plugin="Combinations")
        self.sets = sets
        self.runs = runs
        self.switch = switch
        self.order = {rank: index for index, rank in enumerate(ranks)}
        self.most = most
        self.alone = CardSet.of(alone)
        self.suit_runs = CardSet.of(suit_runs)
        self.covered = CardSet.of(covered)
        self.wild = CardSet.of(wild)
        #: Whether only sets and runs are played: nothing alone, covered, opening a suit run, nor a limit.
        self.plain = not (self.alone or self.suit_runs or self.covered or most is not None)
        #: Each card's part in a play, by its rank and suit (`_part`): asked about every pair of cards of a hand
        #: at every listing, where a `CardSet`'s membership is a Python call.
        self._parts: dict[tuple[str, str | None], _Part] = {}
        #: Whether a card may follow another as a play's second card, by the first's rank and suit, then the second's.
        self._pairs: dict[tuple[str, str | None], dict[tuple[str, str | None], bool]] = {}
        if not self.covered:  # every play may end: leave the question unanswered, and so unasked at every card
            self.maumau_play_may_end = None  # type: ignore[method-assign,assignment]

    def __repr__(self) -> str:
        parts = [f"sets={self.sets}", f"runs={self.runs!r}"]
        if self.switch:
            parts.append("switch=True")
        if self.most is not None:
            parts.append(f"most={self.most}")
        for name in ("alone", "suit_runs", "covered"):
            value = getattr(self, name)
            if value:
                parts.append(f"{name}={str(value)!r}")
        return f"Combinations({', '.join(parts)})"

    def follows(self, cards: tuple[Card, ...], card: Card) -> bool:
        """
        Whether *card* may follow *cards*, a play so far, in the same play.
        """
        last = cards[-1]
        if not self.plain:
            part, last_part = self._part(card), self._part(last)
            if part.alone or last_part.alone:
                return False
            if self.most is not None and len(cards) >= self.most:
                return False
            if last_part.covered:
                return card.suit == last.suit or card.rank == last.rank or part.wild
            if self._part(cards[0]).suit_run:
                return card.suit == cards[0].suit
        same_rank = self.sets and card.rank == last.rank
        in_run = self.runs is not None and self._next_in_run(cards, card)
        if len(cards) == 1 or self.switch:
            return same_rank or in_run
        if cards[-2].rank == last.rank:  # the play so far is a set
            return same_rank
        return in_run

    def _part(self, card: Card) -> _Part:
        """
        What *card* may do in a play (`_Part`), worked out once per rank and suit: a card is its rank and suit.
        """
        key = (card.rank, card.suit)
        part = self._parts.get(key)
        if part is None:
            part = _Part(card in self.alone, card in self.covered, card in self.suit_runs, card in self.wild)
            if len(self._parts) < _PARTS_KEPT:  # the deck's cards; past them, worked out each time
                self._parts[key] = part
        return part

    def _next_in_run(self, cards: tuple[Card, ...], card: Card) -> bool:
        last = cards[-1]
        if card.suit != last.suit or card.suit is None:
            return False
        here, there = self.order.get(last.rank), self.order.get(card.rank)
        if here is None or there is None:
            return False
        step = there - here
        if self.runs == "up":
            return step == 1
        if self.runs == "down":
            return step == -1
        if step not in (1, -1):
            return False
        if len(cards) >= 2 and not self.switch:  # a run keeps the way its first two cards took
            before = self.order.get(cards[-2].rank)
            return before is None or cards[-2].suit != last.suit or here - before == step
        return True

    @hookimpl
    def maumau_play_follows(
        self, state: GameState, seat: int, cards: tuple[Card, ...], hand: tuple[Card, ...]
    ) -> tuple[Card, ...]:
        # Takes every argument of the hook, so that the kernel calls it directly: it is asked for each card listed.
        if self.plain and self.runs is None:  # sets alone: the cards of the last card's rank, in one pass
            if not self.sets:
                return ()
            rank = cards[-1].rank
            return tuple([card for card in hand if card.rank == rank])  # the kernel lists each card once
        if len(cards) == 1:  # a play's first card: what follows it depends on the two cards alone
            return self._followers_of(cards[0], hand)
        return tuple(card for card in hand if self.follows(cards, card))

    def _followers_of(self, first: Card, hand: tuple[Card, ...]) -> tuple[Card, ...]:
        """
        The cards of *hand* that may follow *first* as a play's second card, each pair of cards (by rank and suit)
        worked out once: the kernel asks this of every card it lists with ``more``, against the rest of the hand.
        """
        known = self._pairs.get((first.rank, first.suit))
        if known is None:
            known = {}
            if len(self._pairs) < _PARTS_KEPT:  # the deck's cards; past them, worked out each time
                self._pairs[first.rank, first.suit] = known
        followers = []
        for card in hand:
            key = (card.rank, card.suit)
            follows = known.get(key)
            if follows is None:
                follows = self.follows((first,), card)
                if len(known) < _PARTS_KEPT:
                    known[key] = follows
            if follows:
                followers.append(card)
        return tuple(followers)

    @hookimpl
    def maumau_play_may_end(self, cards: tuple[Card, ...]) -> bool:
        return not self._part(cards[-1]).covered

    @hookimpl
    def maumau_action_space(self, cards: tuple[Card, ...]) -> tuple[Action, ...]:
        return tuple(PlayCard(0, card, None, True) for card in cards)

    @hookimpl
    def maumau_features(self, options: Options, cards: tuple[Card, ...]) -> tuple[Feature, ...]:
        index = {card: position for position, card in enumerate(cards)}
        size = len(cards)

        def playing(view: PlayerView) -> list[float]:
            return card_counts(view.playing, index, size)

        return (Feature("playing", size, playing, "the cards of the play still open: count of each card"),)

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> tuple[Reason, str] | None:
        if type(action) is not PlayCard or action.seat != state.to_move or state.pending is not None:
            return None
        assert isinstance(action, PlayCard)
        seat, card = action.seat, action.card
        hand = state.players[seat].hand
        if card not in hand or (action.more and action.call is not None):
            return None  # not held, or a call with a card that more cards follow: the kernel's words
        playing = state.playing
        if playing and not self.follows(playing, card):
            return (
                Reason.PLAY_OPEN,
                f"{card} does not follow {' '.join(map(str, playing))} in one play ({self._what(playing)})",
            )
        if not playing and card not in state.rules.playable(state, seat, (card,)):
            return None  # the first card of a play matches the pile as any card does: the kernel's words
        played = (*playing, card)
        if action.more and not completable(state, seat, played, without_card(hand, card)):
            return Reason.PLAY_OPEN, f"nothing in seat {seat}'s hand could follow {card} to end a play"
        if not action.more and card in self.covered:
            return Reason.PLAY_OPEN, f"{card} may only be played together with another card after it"
        return None  # what was said with it: the kernel's words

    def _what(self, playing: tuple[Card, ...]) -> str:
        if playing[-1] in self.covered:
            return f"after {playing[-1]}, a card of its suit or rank"
        if playing[0] in self.suit_runs:
            return f"after {playing[0]}, cards of its suit"
        kinds = []
        if self.sets:
            kinds.append("a set of one rank")
        if self.runs is not None:
            kinds.append({"up": "a run up", "down": "a run down", "either": "a run"}[self.runs] + " in one suit")
        if self.most is not None:
            kinds.append(f"at most {self.most} cards")
        return ", ".join(kinds) or "no card may follow"


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> tuple[object, ...] | None:
    several = data.get("several")
    if several is None:
        return None
    runs = several.get("runs", "none")
    return (
        Combinations(
            sets=several.get("sets", True),
            runs=None if runs == "none" else runs,
            switch=several.get("switch", False),
            ranks=tuple(dict.fromkeys(card.rank for card in deck if card.suit is not None)),
            most=several.get("most") or None,
            alone=cards_of(several.get("alone")),
            suit_runs=cards_of(several.get("suit_runs")),
            covered=cards_of(several.get("covered")),
            wild=cards_of(several.get("wild")),
        ),
    )


@hookimpl
def maumau_profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    several = data.get("several", {})
    return [
        problem
        for key in ("alone", "suit_runs", "covered", "wild")
        for problem in card_text_problems(f"several.{key}", several.get(key), deck)
    ]


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "several": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "sets": {
                    "type": "boolean",
                    "description": "Cards of one rank may go down together.",
                    "default": True,
                },
                "runs": {
                    "type": "string",
                    "enum": ["none", "up", "down", "either"],
                    "description": (
                        "Cards of one suit with neighbouring ranks may go down together: up, down, either way, or "
                        "not at all."
                    ),
                    "default": "none",
                },
                "switch": {
                    "type": "boolean",
                    "description": "A play may pass from a set to a run and back.",
                    "default": False,
                },
                "most": {
                    "type": "integer",
                    "description": "The most cards one play may hold; 0: no limit.",
                    "default": 0,
                    "minimum": 0,
                    "maximum": 60,
                },
                "alone": {
                    "$ref": "#/$defs/cards",
                    "description": "Cards that never go down with others.",
                },
                "suit_runs": {
                    "$ref": "#/$defs/cards",
                    "description": "Cards after which any cards of their suit may follow.",
                },
                "covered": {
                    "$ref": "#/$defs/cards",
                    "description": (
                        "Cards that may not end a play: another card must follow that matches them or is one of `wild`."
                    ),
                },
                "wild": {
                    "$ref": "#/$defs/cards",
                    "description": "Cards that may follow a `covered` card whatever it is.",
                },
                "effects": {
                    "type": "string",
                    "enum": ["sum", "last"],
                    "description": (
                        "What a play of several cards does: what each card does, added up (three 2s: draw 6), or "
                        "only what its last card does (Taki)."
                    ),
                    "default": "sum",
                },
            },
            "description": "Several cards in one play; without this table, one card per play.",
        },
    }
