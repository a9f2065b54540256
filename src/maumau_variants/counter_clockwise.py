"""
Counter-clockwise house rules: forced play, out-of-turn jump-ins, placings until one player is left.

One family's house rule sheet, as its documentation page settles it.  96 cards by default: red, yellow, green
and blue, each with the numbers 1 to 9, Skip, Reverse (change direction)
and +2, two copies of every card.  The dealer deals singly, starting at
their right and going counter-clockwise, five cards each; the player on the
dealer's right begins and play runs counter-clockwise.  Play a card of the
top card's colour or rank; a player who can play must play, otherwise
draws one card and plays it if it fits.  Anyone holding a card identical to
the top card (colour and rank) may throw it in out of turn: play goes on
from them, skipping everyone in between.  Skip skips the next player,
Reverse changes direction (with two players left it acts as a Skip), +2
makes the next player draw 2, without stacking; a +2 thrown in while its
twin's target still owes hits the player after the thrower, the first
target paying their own 2 at once.  Say "mau" with the second-to-last card
and "mau-mau" with the last; a missing call challenged before the next
player draws or plays costs 2 cards, and "uno" instead costs 2 at once.
Finished players are out of reach of every card; the game goes on until
one player holds cards, and the finishing order is the result.  The next
game is dealt by the player counter-clockwise from the last dealer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from maumau import (
    Action,
    CallRuling,
    Card,
    Effect,
    GameState,
    InvalidOptionError,
    MatchResult,
    Option,
    Options,
    PlayCard,
    hookimpl,
)
from maumau.flow import best_seats, evolve_player, evolve_state
from maumau.mechanics import Challenges, JumpIns, Placings
from maumau.mechanics.challenges import Window, window
from maumau.mechanics.placings import PLACED, PlayerFinished, in_reach, place_if_out

__all__ = [
    "ACTION_RANKS",
    "ALIASES",
    "COLOURS",
    "PLUS_TWO",
    "REVERSE",
    "SKIP",
    "PlayerFinished",
    "deck",
    "in_reach",
    "right_of",
]

#: Other names the game is found by (``maumau.new_game("counter-clockwise")``).
ALIASES = ("counter-clockwise", "ccw")

#: The four colours of the deck, in deck order.
COLOURS: Final = ("red", "yellow", "green", "blue")
#: Skip the next player.
SKIP: Final = "Skip"
#: Change direction (a Skip with two players left).
REVERSE: Final = "Reverse"
#: The next player draws 2.
PLUS_TWO: Final = "+2"
#: The action ranks every colour has besides its numbers.
ACTION_RANKS: Final = (SKIP, REVERSE, PLUS_TWO)
#: Cards a missed or wrong call costs.
CALL_PENALTY: Final = 2
#: The most players at one table (the deck option may allow fewer).
MAX_PLAYERS: Final = 10

OPTIONS: Final = (
    Option("hand_size", 5, "cards dealt to each player; the rules say at least 5", minimum=5, maximum=15),
    Option(
        "numbers",
        9,
        "number cards per colour, from 1 up to this (an assumption: the card list is lost)",
        minimum=1,
        maximum=9,
    ),
    Option(
        "copies",
        2,
        "copies of every card in the deck (an assumption: two, so identical cards exist)",
        minimum=1,
        maximum=4,
    ),
    Option(
        "games", 1, "games in a match; each game scores one point per player finishing behind", minimum=1, maximum=100
    ),
)


def deck(options: Options) -> tuple[Card, ...]:
    """
    Every card of a game with *options*, in a fixed order: per copy, per colour, numbers then Skip, Reverse, +2.
    """
    numbers, copies = options["numbers"], options["copies"]
    assert isinstance(numbers, int)
    assert isinstance(copies, int)
    ranks = (*(str(number) for number in range(1, numbers + 1)), *ACTION_RANKS)
    return tuple(Card(rank, colour) for _ in range(copies) for colour in COLOURS for rank in ranks)


def right_of(state: GameState, seat: int) -> int:
    """
    The first seat counter-clockwise from *seat* (its right) that has not resigned.

    Seats are numbered clockwise, so counter-clockwise is falling seat numbers.
    """
    count = len(state.players)
    for step in range(1, count + 1):
        candidate = (seat - step) % count
        if not state.players[candidate].resigned:
            return candidate
    return seat


# --- set-up ---------------------------------------------------------------------------------------------


@hookimpl
def maumau_options() -> Sequence[Option]:
    return OPTIONS


@hookimpl
def maumau_mechanics() -> Sequence[object]:
    # A missing call may be challenged until the next player draws or plays; identical cards may be
    # thrown in out of turn; finished players are out, and the game goes on until one is left.
    return (Challenges(closes="action"), JumpIns(), Placings())


@hookimpl
def maumau_seats(options: Options) -> range:
    hand_size = options["hand_size"]
    assert isinstance(hand_size, int)
    cards = len(deck(options))
    most = min(MAX_PLAYERS, (cards - 1) // hand_size)  # every hand dealt, plus a starter
    if most < 2:
        raise InvalidOptionError(
            "ccw-house",
            "hand_size",
            f"{hand_size} cards each leave no room for 2 players and a starter in a {cards}-card deck",
        )
    return range(2, most + 1)


@hookimpl
def maumau_deck(options: Options) -> tuple[Card, ...]:
    return deck(options)


@hookimpl
def maumau_dealer(state: GameState) -> int:
    if state.dealer < 0:
        return 0
    return right_of(state, state.dealer)


@hookimpl
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState:
    order = [right_of(state, state.dealer)]
    while (seat := right_of(state, order[-1])) != order[0]:
        order.append(seat)
    hand_size = state.options["hand_size"]
    assert isinstance(hand_size, int)
    hands: dict[int, list[Card]] = {seat: [] for seat in order}
    position = 0
    for _ in range(hand_size):
        for seat in order:
            hands[seat].append(cards[position])
            position += 1
    players = tuple(evolve_player(player, hand=tuple(hands.get(seat, ()))) for seat, player in enumerate(state.players))
    return evolve_state(
        state,
        players=players,
        discard_pile=(cards[position],),
        draw_pile=cards[position + 1 :],
        to_move=order[0],
        direction=-1,
    )


# --- the turn -------------------------------------------------------------------------------------------


# Matching in turn is the kernel's: colour or rank, nothing while a +2's debt is owed.


@hookimpl
def maumau_refusal(state: GameState, action: Action) -> str | None:
    if isinstance(action, PlayCard) and action.seat == state.to_move and state.debt:
        return f"no stacking: the {state.debt} cards owed on the {state.top} must be drawn"
    return None


@hookimpl
def maumau_may_decline() -> bool:
    return False


@hookimpl
def maumau_calls() -> tuple[str, ...]:
    return ("mau", "mau-mau", "uno")


@hookimpl
def maumau_expected_call(cards_left: int) -> str | None:  # by the cards left alone: the kernel keeps each answer
    if cards_left == 1:
        return "mau"
    if cards_left == 0:
        return "mau-mau"
    return None


@hookimpl
def maumau_judge_call(call: str | None, expected: str | None) -> CallRuling | None:
    # A missing call waits for a challenge (the kernel's ruling and the mechanic); "uno" costs at once.
    if expected and call == "uno":
        return CallRuling(missed=expected, penalty=CALL_PENALTY, at_once=True)
    return None


@hookimpl
def maumau_card_effect(state: GameState, card: Card) -> Effect | None:
    if card.rank == PLUS_TWO:
        return Effect(draw=2)
    if card.rank == SKIP:
        return Effect(skip=1)
    if card.rank == REVERSE:
        # A player who went out without "mau-mau" is still playing while a challenge can bring them back.
        current = window(state)
        playing = [
            s
            for s in range(len(state.players))
            if in_reach(state, s) or (current is not None and current.offender == s)
        ]
        return Effect(skip=1) if len(playing) <= 2 else Effect(reverse=True)
    return None


# --- calls and challenges -------------------------------------------------------------------------------


@hookimpl
def maumau_window_closed(state: GameState, window: Window) -> GameState:
    return place_if_out(state, window.offender)  # gone out without "mau-mau", and nobody challenged in time


# --- games and the match --------------------------------------------------------------------------------


@hookimpl
def maumau_score_round(state: GameState) -> tuple[int, ...]:
    # The round's finishing order, complete now that it is over (`maumau.mechanics.Placings`).
    finishing = PLACED.get(state)
    points = [0] * len(state.players)
    for place, seat in enumerate(finishing):
        points[seat] = len(finishing) - 1 - place
    return tuple(points)


@hookimpl
def maumau_match_over(state: GameState) -> MatchResult | None:
    # Returning None leaves a match with fewer than two players to the core, which ends it.
    games = state.options["games"]
    assert isinstance(games, int)
    if len(state.rounds) >= games:
        return MatchResult(best_seats(state), "games", state.scores)
    return None


@hookimpl
def maumau_rules_text() -> str:
    return __doc__ or ""
