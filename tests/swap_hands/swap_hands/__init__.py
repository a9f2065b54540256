"""
Hand swaps: a card whose player swaps hands with a seat of their choice.

A third party's mechanic, written against maumau's public names only and installed as a package: the
entry point ``maumau.mechanics`` names this module, whose module-level hooks tell, show, type and play the
mechanic in every front end and read its profile section; `HandSwaps` plays the rule in a game.  A game
profile switches it on with a section ``[swap_hands]`` whose ``cards`` name the cards that swap.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import frozen

from maumau import (
    Action,
    Card,
    CardSet,
    CardSpec,
    Event,
    GameState,
    Grammar,
    Pending,
    PlayerView,
    Slot,
    Status,
    hookimpl,
)
from maumau.flow import emit, evolve_state, with_hand
from maumau.mechanics import Choices, Decision

__all__ = ["SWAPPED", "HandSwaps", "HandsSwapped", "SwapHands"]

#: The kind of the pending decision: the seat to swap hands with.
SWAP = "swap_hands"

#: The last swap, (who swapped, with whom), until the next card is played; empty when there was none.
SWAPPED: Slot[tuple[int, ...]] = Slot("swapped", tuple[int, ...], default=())


@frozen(cache_hash=True)
class SwapHands(Action, kind="swap_hands"):
    """
    Swap hands with the seat *other*.
    """

    other: int

    def __str__(self) -> str:
        return f"seat {self.seat} swaps hands with seat {self.other}"


@frozen
class HandsSwapped(Event, kind="hands_swapped"):
    """
    *seat* took the hand of *other*, and *other* took *seat*'s.
    """

    seat: int
    other: int

    def __str__(self) -> str:
        return f"seat {self.seat} swaps hands with seat {self.other}"


def _options(state: GameState, pending: Pending) -> tuple[SwapHands, ...]:
    return tuple(SwapHands(pending.seat, int(choice)) for choice in pending.choices)


def _swap(state: GameState, action: Action, pending: Pending) -> GameState:
    assert isinstance(action, SwapHands)
    mine, theirs = state.players[action.seat].hand, state.players[action.other].hand
    players = with_hand(with_hand(state.players, action.seat, theirs), action.other, mine)
    state = SWAPPED.put(evolve_state(state, players=players, pending=None), (action.seat, action.other))
    return emit(state, HandsSwapped(action.seat, action.other))


class HandSwaps(Choices):
    """
    Cards whose player, unless the card was their last, swaps hands with a seat of their choice.

    Args:
        cards: The cards that swap (a queen, say).
    """

    def __init__(self, *, cards: CardSpec) -> None:
        super().__init__(Decision(SWAP, (SwapHands,), _options, _swap))
        self.cards = CardSet.of(cards)

    def __repr__(self) -> str:
        return f"HandSwaps(cards={str(self.cards)!r})"

    @hookimpl
    def maumau_slots(self) -> tuple[Slot[tuple[int, ...]], ...]:
        return (SWAPPED,)

    @hookimpl
    def maumau_follow_up(self, state: GameState, seat: int, card: Card) -> GameState:
        if card is state.top and SWAPPED.get(state):
            state = SWAPPED.put(state, ())  # the next card is played: the swap is old news
        if card in self.cards and state.players[seat].hand and state.pending is None:
            others = [str(other) for other, player in enumerate(state.players) if other != seat and not player.resigned]
            state = evolve_state(state, pending=Pending(seat, SWAP, tuple(others)))
        return state

    @hookimpl
    def maumau_action_space(self, players: int) -> tuple[Action, ...]:
        return tuple(SwapHands(0, other) for other in range(players))

    @hookimpl
    def maumau_check_state(self, state: GameState) -> str | None:
        swapped = SWAPPED.get(state)
        if swapped and (len(swapped) != 2 or not all(0 <= seat < len(state.players) for seat in swapped)):
            return f"the last swap {swapped!r} names no two seats of the game"
        return None


# --- how a swap is told, shown, typed and played: asked by every front end ---------------------------


@hookimpl
def maumau_tell_event(event: Event, narrator: Grammar) -> str | None:
    if not isinstance(event, HandsSwapped):
        return None
    return f"{narrator.verb(event.seat, 'swap', 'swaps')} hands with {narrator.object_name(event.other)}."


@hookimpl
def maumau_tell_action(action: Action, narrator: Grammar, seen: PlayerView | None) -> str | None:
    if not isinstance(action, SwapHands):
        return None
    held = f" ({seen.hand_sizes[action.other]} cards)" if seen is not None else ""
    return f"swap hands with {narrator.object_name(action.other)}{held}"


@hookimpl
def maumau_tell_move(event: Event, narrator: Grammar) -> str | None:
    return f"swapped with {narrator.object_name(event.other)}" if isinstance(event, HandsSwapped) else None


@hookimpl
def maumau_status(seen: PlayerView) -> Status | None:
    swapped = SWAPPED.get(seen)
    return Status("Hands swapped", f"seat {swapped[0]} and seat {swapped[1]}") if swapped else None


@hookimpl
def maumau_shown_slots() -> tuple[str, ...]:
    return (SWAPPED.name,)


@hookimpl
def maumau_move_names(action: Action) -> tuple[str, ...] | None:
    return (f"swap {action.other}", f"swap hands {action.other}") if isinstance(action, SwapHands) else None


@hookimpl
def maumau_menu_place(action: Action) -> int | None:
    return 36 if isinstance(action, SwapHands) else None


@hookimpl
def maumau_bot_knows() -> tuple[type[Action], ...]:
    return (SwapHands,)


@hookimpl
def maumau_bot_hint(
    source: GameState | PlayerView, seat: int, actions: Sequence[Action], rng: random.Random
) -> Action | None:
    """
    Take the smallest hand.
    """
    swaps = [action for action in actions if isinstance(action, SwapHands)]
    if not swaps:
        return None
    sizes = source.hand_sizes if isinstance(source, PlayerView) else [len(player.hand) for player in source.players]
    return min(swaps, key=lambda action: (sizes[action.other], rng.random()))


# --- the profile section ``[swap_hands]`` ---------------------------------------------------------------


@hookimpl
def maumau_profile_sections() -> dict[str, Any]:
    return {
        "swap_hands": {
            "type": "object",
            "additionalProperties": False,
            "required": ["cards"],
            "description": "Cards whose player swaps hands with a seat of their choice (the swap-hands package).",
            "properties": {"cards": {"$ref": "#/$defs/cards", "description": "The cards that swap hands."}},
        }
    }


@hookimpl
def maumau_profile_mechanics(data: Mapping[str, Any]) -> tuple[HandSwaps, ...] | None:
    section = data.get("swap_hands")
    return None if section is None else (HandSwaps(cards=section["cards"]),)


@hookimpl
def maumau_profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> list[tuple[str, str]] | None:
    section = data.get("swap_hands")
    if section is None or any(card in CardSet.of(section["cards"]) for card in deck):
        return None
    return [("swap_hands.cards", f"{section['cards']!r} names no card of the pack")]
