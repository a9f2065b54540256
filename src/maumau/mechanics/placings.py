"""
Placings: play goes on after a player goes out, and the round's result is the finishing order.

With `Placings`, a player whose hand is empty (and whose missed call can no
longer be challenged, see `maumau.mechanics.Challenges`) takes the next
place and is out of play: turn order passes over them and no card can
reach them.  The round ends when one player is left, or blocked when every
player still in play passes in a row (they rank by fewest cards, then by
who would play first).  `order` reads a finished round's finishing order.

.. versionadded:: 0.2.0
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from typing import Any

from attrs import frozen

from .._cards import Card
from .._effects import RoundEnd
from .._events import Event
from .._features import Feature, relative_seats
from .._grammar import Grammar, cards_word, ordinal
from .._select import CardSet, CardSpec, card_text_problems, cards_of
from .._slots import Slot
from .._state import GameState, RoundResult
from .._status import Status
from .._view import PlayerView
from ..flow import draw_cards, emit, walk
from ..hookspecs import hookimpl
from .challenges import window

__all__ = [
    "PLACED",
    "Placings",
    "PlayerFinished",
    "PlayerRevived",
    "in_reach",
    "order",
    "place_if_out",
    "placed",
    "revive",
]

#: The seats that have gone out this round, in order; the whole finishing order once the round is over.
PLACED: Slot[tuple[int, ...]] = Slot("placings", tuple[int, ...], default=())


@frozen
class PlayerFinished(Event, kind="player_finished"):
    """
    *seat* is out of cards for good and takes place *place* (0 is first).
    """

    seat: int
    place: int

    def __str__(self) -> str:
        return f"seat {self.seat} is out of cards and finishes in place {self.place + 1}"


@frozen
class PlayerRevived(Event, kind="player_revived"):
    """
    *seat*, which had finished, is brought back into the round with *count* cards.
    """

    seat: int
    count: int

    def __str__(self) -> str:
        return f"seat {self.seat} is brought back into the round with {self.count} cards"


def placed(holder: object) -> tuple[int, ...]:
    """
    The seats that have gone out this round, best first, in a state or view.
    """
    return PLACED.get(holder)


def order(result: RoundResult) -> tuple[int, ...]:
    """
    The finishing order of a finished round, best first.
    """
    return PLACED.get(result)


def in_reach(state: GameState, seat: int) -> bool:
    """
    Whether a card can still reach *seat*: in the game, not finished, cards in hand.

    A player who went out without the due call holds no cards and is passed
    over while the call can still be challenged, even before being placed.
    """
    player = state.players[seat]
    return bool(player.hand) and not player.resigned and seat not in PLACED.get(state)


def in_play(state: GameState) -> list[int]:
    """
    The seats still playing this round: not resigned and not placed.
    """
    done = PLACED.get(state)
    return [seat for seat, player in enumerate(state.players) if not player.resigned and seat not in done]


def place_if_out(state: GameState, seat: int) -> GameState:
    """
    Place *seat* if its hand is empty and no challenge against it is open.
    """
    player = state.players[seat]
    done = PLACED.get(state)
    current = window(state)
    if player.hand or player.resigned or seat in done or (current is not None and current.offender == seat):
        return state
    state = PLACED.put(state, (*done, seat))
    return emit(state, PlayerFinished(seat, len(done)))


def revive(state: GameState, seat: int, count: int) -> GameState:
    """
    Bring *seat*, which has finished, back into the round: it leaves the finishing order and draws *count* cards.

    .. versionadded:: 0.2.0
    """
    done = PLACED.get(state)
    if seat not in done:
        return state
    state = emit(PLACED.put(state, tuple(other for other in done if other != seat)), PlayerRevived(seat, count))
    state, _ = draw_cards(state, seat, count, penalty="brought back", required=True)
    return state


def _finishing_order(state: GameState, blocked: bool) -> tuple[int, ...]:
    """
    Who went out, in order, then the rest: by fewest cards and then by who would play first, if the round is blocked.
    """
    # A player who finished and then resigned left the game: not placed, no points.
    done = tuple(seat for seat in PLACED.get(state) if not state.players[seat].resigned)
    rest = in_play(state)
    if blocked:
        count = len(state.players)
        start = state.to_move if state.to_move is not None else state.dealer
        distance = {(start + step * state.direction) % count: step for step in range(count)}
        rest = sorted(rest, key=lambda seat: (len(state.players[seat].hand), distance[seat]))
    return (*done, *rest)


class Placings:
    """
    Finishing places: the round goes on until one player is left.

    Args:
        revive: Cards whose play brings back the player who finished last
            (Faraón's red 7), with *revive_draws* cards.
        revive_draws: What a player brought back draws.

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.2.0
       *revive* and *revive_draws*.
    """

    def __init__(self, *, revive: CardSpec = None, revive_draws: int = 1) -> None:
        self.revive = CardSet.of(revive)
        self.revive_draws = revive_draws

    def __repr__(self) -> str:
        return f"Placings(revive={str(self.revive)!r})" if self.revive else "Placings()"

    @hookimpl
    def maumau_slots(self) -> tuple[Slot[tuple[int, ...]], ...]:
        return (PLACED,)

    @hookimpl
    def maumau_features(self, players: int) -> tuple[Feature, ...]:
        def finished(view: PlayerView) -> list[float]:
            done = placed(view)
            return [float(seat in done) for seat in relative_seats(view)]

        return (Feature("placed", players, finished, "who has finished the round, relative seats"),)

    @hookimpl
    def maumau_follow_up(self, state: GameState, seat: int, card: Card) -> GameState:
        state = place_if_out(state, seat)
        if card in self.revive and card is state.top:
            others = [other for other in PLACED.get(state) if other != seat and not state.players[other].resigned]
            if others:
                state = revive(state, others[-1], self.revive_draws)
        return state

    @hookimpl
    def maumau_next_seat(self, state: GameState, seat: int) -> int:
        return walk(state, seat, lambda other: in_reach(state, other))

    @hookimpl(wrapper=True)
    def maumau_round_over(self, state: GameState) -> Generator[None, RoundEnd | None, RoundEnd | None]:
        end = yield  # the variant's and the kernel's answer
        if state.pending is not None:
            return None
        playing = in_play(state)
        if len(playing) <= 1:
            return RoundEnd("out", _finishing_order(state, False)[:1])
        if state.passes and state.passes >= len(playing):
            return RoundEnd("blocked", _finishing_order(state, True)[:1])
        if end is not None and end.reason in ("out", "blocked"):
            return None  # going out does not end the round here, and only those still in play can block it
        return end

    @hookimpl
    def maumau_round_ended(self, state: GameState, end: RoundEnd) -> GameState:
        return PLACED.put(state, _finishing_order(state, end.reason == "blocked"))

    @hookimpl
    def maumau_check_state(self, state: GameState) -> str | None:
        done = PLACED.get(state)
        if any(not 0 <= seat < len(state.players) for seat in done) or len(set(done)) != len(done):
            return f"placings {list(done)} name a seat that does not exist, or one twice"
        return None


# --- how placings are told and shown ----------------------------------------------------------


@hookimpl
def maumau_tell_event(event: Event, narrator: Grammar) -> str | None:
    if not isinstance(event, PlayerRevived):
        return None
    back = narrator.verb(event.seat, "are", "is")
    return f"{back} brought back into the round with {cards_word(event.count)}."


@hookimpl
def maumau_status(seen: PlayerView) -> Status | None:
    seats = placed(seen)
    if not seats:
        return None
    text = " · ".join(f"seat {seat} {ordinal(place)}" for place, seat in enumerate(seats, 1))
    return Status("Finished", text, finished=seats)


@hookimpl
def maumau_shown_slots() -> tuple[str, ...]:
    return (PLACED.name,)


# --- the profile keys that configure it -----------------------------------------------------


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any]) -> tuple[object, ...] | None:
    ending = data.get("round", {})
    return (Placings(revive=cards_of(ending.get("revive"))),) if ending.get("ends") == "placings" else None


@hookimpl
def maumau_profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]]:
    ending = data.get("round", {})
    problems = card_text_problems("round.revive", ending.get("revive"), deck)
    if ending.get("revive") is not None and ending.get("ends") != "placings":
        problems.append(
            ("round.revive", 'only a game that goes on after a player goes out (ends = "placings") can bring one back')
        )
    return problems


# --- its profile keys ----------------------------------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    """
    The profile keys this mechanic reads, as JSON Schema: its own sections, or the keys it adds to the kernel's.
    """
    return {
        "round": {
            "properties": {
                "revive": {
                    "$ref": "#/$defs/cards",
                    "description": "With `placings`: cards that bring back the player who finished last.",
                },
            },
        },
    }
