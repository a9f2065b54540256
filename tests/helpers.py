"""
Shared test helpers: stacked decks from readable hands, one-line turns, positions.

A scripted test reads like a game: ``deal(["9h 8c ...", "..."], starter="10h")``
stacks the classic deck so that seat *n* gets ``hands[n]``, then
``play(state, 1, "9h")``, ``draw(state, 0)`` and ``pass_(state, 0)`` take turns
and return the next state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from attrs import evolve

from maumau import (
    Action,
    Card,
    ChooseSuit,
    DrawCards,
    GameState,
    Pass,
    PlayCard,
    Resign,
    apply,
    legal_actions,
    new_game,
    parse_card,
    parse_cards,
)
from maumau.testing import stacked_deck
from maumau_variants.classic import RANKS

__all__ = [
    "cards",
    "choose",
    "classic_deck",
    "deal",
    "draw",
    "greedy_action",
    "json_cards",
    "pass_",
    "play",
    "play_out",
    "position",
    "random_states",
    "stacked",
]


def cards(text: str) -> tuple[Card, ...]:
    """
    The cards written in *text* (``"7h 10s Jd"``); no cards for an empty text.
    """
    return parse_cards(text) if text.strip() else ()


def classic_deck(players: int) -> tuple[Card, ...]:
    """
    Every card of a classic game of *players* seats in a fixed order: one 32-card pack, two from six players.

    Written out here rather than asked of the variant, so a test of the deck size can fail.
    """
    suits = ("♣", "♦", "♥", "♠")
    copies = 1 if players <= 5 else 2
    return tuple(Card(rank, suit) for _ in range(copies) for suit in suits for rank in RANKS)


def stacked(
    hands: Sequence[str],
    starter: str,
    draw: str = "",
    *,
    dealer: int = 0,
    full: Sequence[Card] | None = None,
    variant: str = "classic",
) -> tuple[Card, ...]:
    """
    The deck order (top first) that deals ``hands[seat]`` to every seat.

    Cards are dealt singly, starting with the seat after *dealer* in the way *variant* deals; then comes
    the *starter*, then *draw* (the draw pile, top first), then every card of
    *full* (by default the classic deck for ``len(hands)`` players) not named
    yet, in the deck's fixed order.
    """
    deck = tuple(full) if full is not None else classic_deck(len(hands))
    return stacked_deck(variant, [cards(hand) for hand in hands], starter, cards(draw), dealer=dealer, deck=deck)


def deal(
    hands: Sequence[str],
    starter: str,
    draw: str = "",
    *,
    options: Mapping[str, object] | None = None,
    plugins: Iterable[object] = (),
    seed: int = 0,
) -> GameState:
    """
    A classic game whose first round deals *hands* (by seat), turns *starter* and leaves *draw* on top of the pile.
    """
    return new_game(
        "classic",
        players=len(hands),
        seed=seed,
        options=options,
        deck=stacked(hands, starter, draw),
        plugins=plugins,
    )


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def play(state: GameState, seat: int, card: Card | str, call: str | None = None) -> GameState:
    """
    *seat* plays *card*, saying *call*.
    """
    return apply(state, PlayCard(seat, _card(card), call))


def draw(state: GameState, seat: int) -> GameState:
    """
    *seat* draws (one card, or the debt).
    """
    return apply(state, DrawCards(seat))


def pass_(state: GameState, seat: int) -> GameState:
    """
    *seat* passes.
    """
    return apply(state, Pass(seat))


def choose(state: GameState, seat: int, suit: str) -> GameState:
    """
    *seat* names *suit*.
    """
    return apply(state, ChooseSuit(seat, suit))


def play_out(state: GameState, seat: int, *hand: Card | str) -> GameState:
    """
    *seat* plays *hand* in order, saying "Mau" on the second-to-last card; the others draw and pass meanwhile.
    """
    for card in hand:
        while state.to_move != seat:
            other = state.to_move
            assert other is not None
            state = draw(state, other)
            if state.to_move == other:
                state = pass_(state, other)
        call = "Mau" if len(state.players[seat].hand) == 2 else None
        state = play(state, seat, card, call)
    return state


def position(state: GameState, *, hands: Sequence[str] | None = None, **changes: Any) -> GameState:
    """
    *state* changed by hand: *hands* by seat as text, any other field as given.

    For positions a deal cannot reach (cards need not be conserved); the rules stay those of *state*.
    """
    if hands is not None:
        players = tuple(evolve(player, hand=cards(hand)) for player, hand in zip(state.players, hands, strict=True))
        changes["players"] = players
    for name in ("draw_pile", "discard_pile"):
        if isinstance(changes.get(name), str):
            changes[name] = cards(changes[name])
    return evolve(state, **changes)


def greedy_action(state: GameState) -> Action:
    """
    A simple bot: play the first playable card (with its call), else name the first suit, else draw, else pass.
    """
    actions = legal_actions(state)
    for kind in (PlayCard, ChooseSuit, DrawCards, Pass):
        for action in actions:
            if isinstance(action, kind):
                return action
    raise AssertionError(f"no turn action for seat {state.to_move}: {actions}")


def random_states(seed: int, *, players: int = 3, steps: int = 200, **kwargs: Any) -> Iterator[GameState]:
    """
    The states of a seeded random classic game, one per applied action (the start included).
    """
    rng = random.Random(seed)
    state = new_game("classic", players=players, seed=seed, **kwargs)
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        turn = [a for a in legal_actions(state) if not isinstance(a, Resign)]
        state = apply(state, rng.choice(turn))
        yield state


def json_cards(text: str) -> list[Card]:
    """
    Every string in the JSON *text* that reads as a French card: what the text reveals.
    """
    found: list[Card] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            try:
                card = parse_card(node)
            except ValueError:
                return
            if card.is_french:
                found.append(card)

    walk(json.loads(text))
    return found


def profile_game(
    variant: str,
    hands: Sequence[str],
    starter: str,
    draw: str = "",
    *,
    options: Mapping[str, object] | None = None,
    seed: int = 1,
    dealer: int = 0,
) -> GameState:
    """
    A game of *variant* (any installed one, a game profile's included) whose first round deals *hands* (by
    seat), turns *starter* and leaves *draw* on top of the pile: the rest of the variant's own deck follows.
    """
    blank = new_game(variant, players=len(hands), options=options)
    deck = blank.rules.deck(blank.options, len(hands))
    return new_game(
        variant,
        players=len(hands),
        seed=seed,
        dealer=dealer,
        options=options,
        deck=stacked(hands, starter, draw, dealer=dealer, full=deck, variant=variant),
    )


def play_text(state: GameState, seat: int, text: str, call: str | None = None, *, more: bool = False) -> GameState:
    """
    *seat* plays the card *text* names, saying *call*; with *more*, more cards follow in the same play.
    """
    (card,) = cards(text)
    return apply(state, PlayCard(seat, card, call, more))


def play_all(state: GameState, seat: int, text: str, call: str | None = None) -> GameState:
    """
    *seat* plays the cards of *text* as one play, the last with *call*.
    """
    played = cards(text)
    for card in played[:-1]:
        state = apply(state, PlayCard(seat, card, None, True))
    return apply(state, PlayCard(seat, played[-1], call))


def listed(state: GameState, seat: int | None = None) -> set[str]:
    """
    The legal actions of *seat* (default: the seat to move) as text, resignation left out.
    """
    return {str(action) for action in legal_actions(state, seat) if not isinstance(action, Resign)}


def playable(state: GameState) -> set[str]:
    """
    The cards the player to move may play, as text.
    """
    return {str(action.card) for action in legal_actions(state) if isinstance(action, PlayCard)}
