"""
The building blocks of a turn, shared by the engine and variant plugins.

A variant that needs a step the hooks do not describe (a choice after a
card's follow-up, a board of its own) builds it from these functions, so
that drawing, recycling, ending a turn and closing challenge windows work
the same in every variant.  Each takes a state and returns a new one.
"""

from __future__ import annotations

import random

from attrs import evolve

from ._cards import Card
from ._events import CardsDrawn, Event, PenaltyDrawn, PileRecycled, TurnSkipped
from ._state import GameState, PlayerState, evolve_player, evolve_state

__all__ = [
    "best_seats",
    "can_draw",
    "close_window",
    "draw_cards",
    "emit",
    "end_turn",
    "replace_player",
    "same_call",
    "shuffled",
    "without_card",
]


def emit(state: GameState, *events: Event) -> GameState:
    """
    Add *events* to those of the action being applied.
    """
    return evolve_state(state, events=state.events + events)


def replace_player(players: tuple[PlayerState, ...], seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """
    *players* with the one at *seat* replaced.
    """
    return (*players[:seat], player, *players[seat + 1 :])


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """
    *hand* less one copy of *card* (which must be in it).
    """
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def shuffled(state: GameState, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], GameState]:
    """
    *cards* in an order drawn from the state's seed, and the state that counts the shuffle.

    Each shuffle of a game gets its own generator, seeded by the game's seed
    and the shuffle's number, so the same seed and actions always give the
    same cards, whichever shuffle comes when.
    """
    order = list(cards)
    random.Random(f"{state.seed}/{state.shuffles}").shuffle(order)
    return tuple(order), evolve_state(state, shuffles=state.shuffles + 1)


def draw_cards(
    state: GameState, seat: int, count: int, *, penalty: str | None = None
) -> tuple[GameState, tuple[Card, ...]]:
    """
    Move up to *count* cards from the draw pile to *seat*'s hand.

    When the pile runs short, the discards below the top card are shuffled
    into a new pile first.  Fewer cards are drawn only when both run out;
    compare the length of the returned cards with *count*.  A *penalty*
    reason records the draw as a `PenaltyDrawn` event.
    """
    pile = state.draw_pile
    if len(pile) < count and len(state.discard_pile) > 1:
        recycled, state = shuffled(state, state.discard_pile[:-1])
        pile = pile + recycled
        recycled_event = PileRecycled(len(recycled))
        state = evolve_state(state, discard_pile=state.discard_pile[-1:], events=(*state.events, recycled_event))
    cards, rest = pile[:count], pile[count:]
    player = state.players[seat]
    event: Event = (
        CardsDrawn(seat, len(cards), cards) if penalty is None else PenaltyDrawn(seat, len(cards), penalty, cards)
    )
    state = evolve_state(
        state,
        draw_pile=rest,
        players=replace_player(state.players, seat, evolve_player(player, hand=player.hand + cards)),
        events=(*state.events, event),
    )
    return state, cards


def can_draw(state: GameState) -> bool:
    """
    Whether at least one card can be drawn, recycling included.
    """
    return bool(state.draw_pile) or len(state.discard_pile) > 1


def close_window(state: GameState) -> GameState:
    """
    Close the open challenge window unchallenged and let the variant react; a window waiting behind it opens.
    """
    window = state.challenge
    if window is None:
        return state
    state = evolve_state(state, challenge=window.then)
    return state.rules.window_closed(state, window)


def end_turn(state: GameState, seat: int, *, skip: int = 0, answerable: bool = False) -> GameState:
    """
    End *seat*'s turn and hand the move on, passing over *skip* players.

    With *answerable*, the next player owes the skip instead and may answer
    it.  A challenge window that closes when *seat* completes a turn closes
    here; one still waiting for its closer gets the next player.
    """
    rules = state.rules
    window = state.challenge
    if window is not None and window.closer == seat and window.closes_on == "turn" and window.offender != seat:
        state = close_window(state)
        window = state.challenge  # the closer's own window, if one waited behind
    nxt = rules.next_seat(state, seat)
    skips = 0
    if skip and answerable:
        skips = skip
    else:
        skipped: list[Event] = []
        for _ in range(skip):
            skipped.append(TurnSkipped(nxt))
            nxt = rules.next_seat(state, nxt)
        if skipped:
            state = evolve_state(state, events=state.events + tuple(skipped))
    if window is not None:
        # The offender cannot close their own window: when a skip hands them the
        # move again (two players, an 8), it waits for the player after them.
        # Only where the challenge takes the card back does the offender's next
        # action close it, as only the last play can be taken back.
        closer = nxt if nxt != window.offender or window.undo is not None else rules.next_seat(state, nxt)
        # A skip or a jump-in can pass over the closer: the window then waits for whoever moves next.
        if window.closer != closer:
            state = evolve_state(state, challenge=evolve(window, closer=closer))
    return evolve_state(state, to_move=nxt, skips=skips, drawn=None, pending=None)


def same_call(said: str | None, expected: str) -> bool:
    """
    Whether *said* is the call *expected*: case, spaces, hyphens and punctuation
    do not matter, so "mau-mau", "Mau Mau" and "MAUMAU!" are one call.
    """
    return _letters(said) == _letters(expected)


def _letters(call: str | None) -> str:
    return "".join(ch for ch in (call or "").casefold() if ch.isalnum())


def best_seats(state: GameState, *, lowest: bool = False) -> tuple[int, ...]:
    """
    The seats, among those that have not resigned, with the most points (with
    *lowest*, the fewest): the winners of a match, ties sharing.
    """
    remaining = [seat for seat, player in enumerate(state.players) if not player.resigned]
    if not remaining:
        return ()
    scores = state.scores
    pick = min if lowest else max
    best = pick(scores[seat] for seat in remaining)
    return tuple(seat for seat in remaining if scores[seat] == best)
