"""
The core's own hook implementations: what a rule does when no variant says otherwise.

Registered first and marked ``trylast``, so every variant and house rule is
asked before them.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from ._cards import Card
from ._effects import CALL_OK, CallRuling, RoundEnd
from ._options import Option
from ._state import GameState, MatchResult, evolve_state
from .flow import end_turn, same_call
from .hookspecs import hookimpl

HAND_SIZE = Option("hand_size", 5, "cards dealt to each player", minimum=1, maximum=15)


@hookimpl(trylast=True)
def maumau_options() -> Sequence[Option]:
    return ()


@hookimpl(trylast=True)
def maumau_seats() -> range:
    return range(2, 7)


@hookimpl(trylast=True)
def maumau_dealer(state: GameState) -> int:
    if state.dealer < 0:
        return 0
    return (state.dealer + 1) % len(state.players)


@hookimpl(trylast=True)
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState:
    count = len(state.players)
    hand_size = state.options.get("hand_size", HAND_SIZE.default)
    assert isinstance(hand_size, int)
    hands: list[list[Card]] = [[] for _ in range(count)]
    first = (state.dealer + 1) % count
    position = 0
    for _ in range(hand_size):
        for offset in range(count):
            hands[(first + offset) % count].append(cards[position])
            position += 1
    players = tuple(evolve(p, hand=tuple(hands[seat])) for seat, p in enumerate(state.players))
    return evolve_state(
        state,
        players=players,
        discard_pile=(cards[position],),
        draw_pile=cards[position + 1 :],
        to_move=first,
    )


@hookimpl(trylast=True)
def maumau_starter() -> None:
    return None


@hookimpl(trylast=True)
def maumau_can_play(state: GameState, seat: int, card: Card) -> bool:
    if seat != state.to_move or state.debt or state.skips:
        return False
    if state.wish is not None:
        return card.suit == state.wish
    top = state.discard_pile[-1]
    return card.suit == top.suit or card.rank == top.rank


@hookimpl(trylast=True)
def maumau_may_decline() -> bool:
    return True


@hookimpl(trylast=True)
def maumau_expected_call() -> None:
    return None


@hookimpl(trylast=True)
def maumau_judge_call(call: str | None, expected: str | None) -> CallRuling:
    if expected and not same_call(call, expected):
        return CallRuling(missed=expected, penalty=2)
    return CALL_OK


@hookimpl(trylast=True)
def maumau_card_effect() -> None:
    return None


@hookimpl(trylast=True)
def maumau_follow_up() -> None:
    return None


@hookimpl(trylast=True)
def maumau_after_draw(state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState:
    if forced or not cards:
        return end_turn(state, seat)
    return evolve_state(state, drawn=cards[-1])


@hookimpl(trylast=True)
def maumau_draw_shortfall() -> None:
    return None


@hookimpl(trylast=True)
def maumau_next_seat(state: GameState, seat: int) -> int:
    count = len(state.players)
    players = state.players
    placings = state.placings
    candidate = seat
    for _ in range(count):
        candidate = (candidate + state.direction) % count
        if not players[candidate].resigned and candidate not in placings:
            return candidate
    return seat


@hookimpl(trylast=True)
def maumau_extra_actions() -> Sequence[object]:
    return ()


@hookimpl(trylast=True)
def maumau_apply_action() -> None:
    return None


@hookimpl(trylast=True)
def maumau_challenge() -> None:
    return None  # the engine's penalty: the offender draws the window's penalty cards


@hookimpl(trylast=True)
def maumau_window_closed() -> None:
    return None


@hookimpl(trylast=True)
def maumau_round_over(state: GameState) -> RoundEnd | None:
    if state.pending is not None:
        return None  # a play's follow-up still waits for a decision: the round ends once it is taken
    window = state.challenge
    for seat in state.active_seats():  # a placed seat has gone out already, and play went on without it
        if not state.players[seat].hand and (window is None or window.offender != seat):
            return RoundEnd("out", (seat,))
    if state.passes and state.passes >= len(state.active_seats()):
        return RoundEnd("blocked")
    return None


@hookimpl(trylast=True)
def maumau_score_round(state: GameState) -> tuple[int, ...]:
    return tuple(0 for _ in state.players)


@hookimpl(trylast=True)
def maumau_match_over(state: GameState) -> MatchResult | None:
    remaining = [seat for seat, p in enumerate(state.players) if not p.resigned]
    if len(remaining) < 2:
        return MatchResult(tuple(remaining), "resignation", state.scores)
    return None


@hookimpl(trylast=True)
def maumau_view_board(state: GameState) -> object:
    return state.board


@hookimpl(trylast=True)
def maumau_board_type() -> None:
    return None


@hookimpl(trylast=True)
def maumau_check_state() -> None:
    return None


@hookimpl(trylast=True)
def maumau_refusal() -> None:
    return None
