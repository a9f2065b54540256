"""
Play challenges: the next player may challenge whether a card was played legally, and the hand is shown.

Some cards may only be played when nothing else would do (Uno's Wild Draw
Four: only without a card of the colour in play), and a player may play
one all the same, as a bluff.  With `PlayChallenges`, such a play is legal,
and the next player, before doing anything else, may answer it with a
`ChallengePlay`.  The offender's hand is then shown to the challenger, and
to nobody else (`HandShown`: views, spectators and `maumau.Knowledge` know
exactly who saw it), and the challenge costs what the rule texts say:

* **guilty** (the hand held a card the rule says should have been played):
  the offender draws *guilty_draws* cards, the debt the card made is void,
  and the challenger plays on;
* **innocent**: the challenger draws the debt and *innocent_extra* cards
  more, and loses the turn.

What the test of guilt looks at is public when the card is played (the
suit then to follow), and the hand it is tested on is the offender's hand
as the challenge comes, which nothing can have changed since the play; so
the mechanic keeps nothing hidden, and a sampled position tests a sampled
hand.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from attrs import frozen

from .._actions import Action, PlayCard, Resign
from .._cards import Card
from .._events import Event
from .._features import Feature, one_hot
from .._grammar import Grammar
from .._select import CardSet, CardSpec, cards_of
from .._slots import Slot
from .._state import GameState, evolve_state
from .._status import Status
from .._view import PlayerView
from ..exceptions import Reason
from ..flow import draw_cards, emit, end_turn
from ..hookspecs import hookimpl

__all__ = [
    "SUSPECT",
    "SUSPICIOUS_HAND",
    "ChallengePlay",
    "HandShown",
    "PlayChallenged",
    "PlayChallenges",
    "Suspect",
    "holds_colour",
    "suspect",
]


@frozen
class Suspect:
    """
    A play that may be challenged: *offender* played *card* on *top* while *colour* was to be followed.

    *target* is the seat that may challenge it, the next player, once the
    offender's turn is over (``-1`` until then).

    .. versionadded:: 0.2.0
    """

    offender: int
    card: Card
    top: Card
    colour: str | None
    target: int = -1


#: The play that may be challenged now, if any.
SUSPECT: Slot[Suspect | None] = Slot("suspect", Suspect)


def suspect(holder: object) -> Suspect | None:
    """
    The play that may be challenged, in a state or view, or ``None``.
    """
    return SUSPECT.get(holder)


def holds_colour(hand: tuple[Card, ...], play: Suspect) -> bool:
    """
    Whether *hand* holds a card of the colour that was to be followed when the challenged card was played:
    Uno's test of a Wild Draw Four (a card of another colour with the same number does not count).
    """
    return play.colour is not None and any(card.suit == play.colour for card in hand)


@frozen(cache_hash=True)
class ChallengePlay(Action, kind="challenge_play"):
    """
    Challenge *offender*'s last play as illegal: their hand is shown to the challenger.

    .. versionadded:: 0.2.0
    """

    offender: int

    def __str__(self) -> str:
        return f"seat {self.seat} challenges seat {self.offender}'s play"


@frozen
class HandShown(Event, kind="hand_shown"):
    """
    *seat* showed its hand, *cards*, to the seat *to*; in any other seat's view *cards* is ``None``.
    """

    seat: int
    to: int
    cards: tuple[Card, ...] | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat in (self.seat, self.to) or self.cards is None else HandShown(self.seat, self.to, None)

    def __str__(self) -> str:
        shown = f": {' '.join(map(str, self.cards))}" if self.cards is not None else ""
        return f"seat {self.seat} shows their hand to seat {self.to}{shown}"


@frozen
class PlayChallenged(Event, kind="play_challenged"):
    """
    *seat* challenged *offender*'s play of *card*; *guilty* tells how it came out.
    """

    seat: int
    offender: int
    card: Card
    guilty: bool

    def __str__(self) -> str:
        outcome = "was not allowed" if self.guilty else "was allowed"
        return f"seat {self.seat} challenges seat {self.offender}'s {self.card}, which {outcome}"


class PlayChallenges:
    """
    Plays of *cards* that the next player may challenge.

    Args:
        cards: The cards whose plays may be challenged (Uno's Wild Draw Four).
        guilty: The test of guilt, ``guilty(hand, play)``: whether the
            offender's *hand* (as the challenge comes) shows the play of
            *play* (a `Suspect`) was not allowed.  By default, `holds_colour`.
        guilty_draws: What a guilty offender draws.
        innocent_extra: What an innocent offender's challenger draws beyond the debt the card made.

    .. versionadded:: 0.2.0
    """

    def __init__(
        self,
        *,
        cards: CardSpec,
        guilty: Callable[[tuple[Card, ...], Suspect], bool] = holds_colour,
        guilty_draws: int = 4,
        innocent_extra: int = 2,
    ) -> None:
        self.cards = CardSet.of(cards)
        self.guilty = guilty
        self.guilty_draws = guilty_draws
        self.innocent_extra = innocent_extra

    def __repr__(self) -> str:
        return f"PlayChallenges(cards={str(self.cards)!r})"

    @hookimpl
    def maumau_slots(self) -> tuple[Slot[Suspect | None], ...]:
        return (SUSPECT,)

    @hookimpl
    def maumau_before_action(self, state: GameState, action: Action) -> GameState | None:
        current = SUSPECT.get(state)
        kind = type(action)
        if current is not None and kind is not ChallengePlay and (current.target != -1 or kind is Resign):
            state = SUSPECT.put(state, None)  # the challenger acted otherwise, or someone left: too late
            current = None
        if kind is PlayCard and action.seat == state.to_move:
            assert isinstance(action, PlayCard)
            if not action.more and action.card in self.cards:
                top = state.discard_pile[-1]
                colour = state.wish if state.wish is not None else top.suit
                state = SUSPECT.put(state, Suspect(action.seat, action.card, top, colour))
        return state

    @hookimpl
    def maumau_turn_ended(self, state: GameState, seat: int) -> GameState | None:
        current = SUSPECT.get(state)
        if current is None or current.target != -1:
            return None
        if current.offender != seat:  # the play ended otherwise (someone else's turn ended first): nothing to catch
            return SUSPECT.put(state, None)
        target = state.to_move
        if target is None or target == seat or not state.players[seat].hand:
            return SUSPECT.put(state, None)  # the offender went out, or plays again: nothing to challenge
        return SUSPECT.put(state, Suspect(current.offender, current.card, current.top, current.colour, target))

    @hookimpl
    def maumau_actions(self, state: GameState, seat: int) -> tuple[Action, ...]:
        current = SUSPECT.get(state)
        if current is None or current.target != seat or state.to_move != seat or state.pending is not None:
            return ()
        return (ChallengePlay(seat, current.offender),)

    @hookimpl
    def maumau_apply_action(self, state: GameState, action: Action) -> GameState | None:
        if type(action) is not ChallengePlay:
            return None
        current = SUSPECT.get(state)
        assert current is not None
        hand = state.players[current.offender].hand
        guilty = self.guilty(hand, current)
        state = SUSPECT.put(state, None)
        state = emit(
            state,
            HandShown(current.offender, action.seat, hand),
            PlayChallenged(action.seat, current.offender, current.card, guilty),
        )
        if guilty:  # the offender pays, the card's debt is void, and the challenger plays on
            state, _ = draw_cards(
                evolve_state(state, debt=0), current.offender, self.guilty_draws, penalty="challenged", required=True
            )
            return state
        owed = state.debt + self.innocent_extra
        state, _ = draw_cards(evolve_state(state, debt=0), action.seat, owed, penalty="challenge lost", required=True)
        return end_turn(state, action.seat)

    @hookimpl
    def maumau_action_space(self, players: int) -> tuple[Action, ...]:
        return tuple(ChallengePlay(0, offender) for offender in range(players))

    @hookimpl
    def maumau_features(self, players: int) -> tuple[Feature, ...]:
        def read(view: PlayerView) -> list[float]:
            current = suspect(view)
            offender = None if current is None or current.target == -1 else (current.offender - view.seat) % players
            return one_hot(offender, players)

        return (Feature("suspect", players, read, "whose play may be challenged now, relative seat one-hot"),)

    @hookimpl
    def maumau_refusal(self, state: GameState, action: Action) -> tuple[Reason, str] | None:
        if type(action) is not ChallengePlay:
            return None
        current = SUSPECT.get(state)
        if current is None or current.target == -1:
            return Reason.NO_CHALLENGE, "no play can be challenged now"
        if action.seat != current.target:
            return (
                Reason.NO_CHALLENGE,
                f"only seat {current.target}, the next player, may challenge seat {current.offender}",
            )
        return Reason.NO_CHALLENGE, f"seat {current.offender} played {current.card}; challenge seat {current.offender}"

    @hookimpl
    def maumau_check_state(self, state: GameState) -> str | None:
        current = SUSPECT.get(state)
        count = len(state.players)
        if current is not None and not (0 <= current.offender < count and -1 <= current.target < count):
            return f"the challengeable play names a seat that does not exist; seats are 0 to {count - 1}"
        return None


# --- how challenges of a play are told, shown, typed and played ------------------------------

#: The heuristic bot challenges a play (`ChallengePlay`) when the offender still holds at least this many cards.
#: The test of guilt is the offender's hand (Uno's: a card of the colour that was to be followed), and a careful
#: player plays such a card only when the hand has nothing else that fits, which a small hand shows more often
#: than a large one; with four cards or more, a card of a given suit is in a random hand about seven times in
#: ten, where the rule texts' prices (four cards to a guilty offender, the debt and two more to a wrong
#: challenger) make a challenge pay from about one time in five.
SUSPICIOUS_HAND = 4


def _hand_shown(event: HandShown, narrator: Grammar) -> str:
    """
    A hand shown to one seat: its cards when the narrator's seat showed it or saw it.
    """
    if narrator.is_you(event.seat):
        text = f"You show your hand to {narrator.name(event.to)}"
    else:
        text = f"{narrator.name(event.seat)} shows their hand to {narrator.object_name(event.to)}"
    if event.cards is not None:
        text += ": " + (" ".join(map(str, event.cards)) or "no cards")
    return text + "."


@hookimpl
def maumau_tell_event(event: Event, narrator: Grammar) -> str | None:
    if isinstance(event, HandShown):
        return _hand_shown(event, narrator)
    if isinstance(event, PlayChallenged):
        outcome = "it was not allowed" if event.guilty else "it was allowed"
        challenger = narrator.verb(event.seat, "challenge", "challenges")
        return f"{challenger} {narrator.whose(event.offender)} {event.card}: {outcome}."
    return None


@hookimpl
def maumau_tell_action(action: Action, narrator: Grammar, seen: PlayerView | None) -> str | None:
    if not isinstance(action, ChallengePlay):
        return None
    found = suspect(seen) if seen is not None else None
    card = f" {found.card}" if found is not None else " play"
    return f"challenge {narrator.whose(action.offender)}{card} (their hand is shown to you)"


@hookimpl
def maumau_status(seen: PlayerView) -> Status | None:
    found = suspect(seen)
    if found is None or found.target == -1:
        return None
    return Status("Challenge", f"seat {found.offender}'s {found.card} may be challenged by seat {found.target}", "call")


@hookimpl
def maumau_shown_slots() -> tuple[str, ...]:
    return (SUSPECT.name,)


@hookimpl
def maumau_move_names(action: Action) -> tuple[str, ...] | None:
    if not isinstance(action, ChallengePlay):
        return None
    return ("challenge play", f"challenge play {action.offender}")


@hookimpl
def maumau_menu_place(action: Action) -> int | None:
    return 1 if isinstance(action, ChallengePlay) else None  # after a challenge of a call, before the plays


@hookimpl
def maumau_bot_knows() -> tuple[type[Action], ...]:
    return (ChallengePlay,)


@hookimpl
def maumau_bot_hint(source: GameState | PlayerView, actions: Sequence[Action], reacting: bool) -> Action | None:
    if reacting:
        return None
    for accusation in actions:
        if isinstance(accusation, ChallengePlay):
            offender = accusation.offender
            held = source.hand_sizes[offender] if isinstance(source, PlayerView) else len(source.players[offender].hand)
            if held >= SUSPICIOUS_HAND:
                return accusation
    return None


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> tuple[object, ...] | None:
    play = data.get("challenges", {}).get("play")
    if play is None:
        return None
    return (
        PlayChallenges(
            cards=cards_of(play["cards"]),
            guilty_draws=play.get("guilty_draws", 4),
            innocent_extra=play.get("innocent_extra", 2),
        ),
    )


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "challenges": {
            "properties": {
                "play": {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {
                        "cards": {
                            "$ref": "#/$defs/cards",
                            "description": (
                                "The cards whose play the next player may challenge (Uno's Wild Draw Four)."
                            ),
                        },
                        "guilty_draws": {
                            "type": "integer",
                            "description": "Cards a guilty player draws instead of the debt.",
                            "default": 4,
                            "minimum": 0,
                            "maximum": 20,
                        },
                        "innocent_extra": {
                            "type": "integer",
                            "description": "Cards a wrong challenger draws beyond the debt.",
                            "default": 2,
                            "minimum": 0,
                            "maximum": 20,
                        },
                    },
                    "required": ["cards"],
                    "description": "A challenge of a play's legality: the hand is shown to the challenger.",
                },
            },
        },
    }
