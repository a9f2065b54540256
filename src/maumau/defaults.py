"""
The kernel's defaults: the plugin registered before every other, answering each hook a game must have answered.

Every game's rules register this module first, under the name
``KERNEL_NAME`` (``"maumau.kernel"``), as pytest registers its ``default_plugins``; the mechanics,
the variant and the house rules come after it, so any of them may answer
instead (`maumau.hookspecs` says how the answers combine).  Each function
is the kernel's whole rule for its hook, marked ``trylast``.

A plugin that widens or narrows the kernel's answer may call it by name,
with the hook's arguments::

    from maumau import defaults, hookimpl

    @hookimpl  # an 8 on anything
    def maumau_playable(state, seat, cards):
        matching = defaults.maumau_playable(state, seat, cards)  # the kernel's matching
        return tuple(card for card in cards if card.rank == "8" or card in matching)

or wrap the hook (``@hookimpl(wrapper=True)``) to receive the answer of
everything below it.  Hooks with no entry here have no kernel answer
(``None``, or nothing collected).

.. versionadded:: 0.2.0
   Replaces the private ``maumau._defaults``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import flow
from ._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._effects import DRAW_ONE, NO_EFFECT, CallRuling, DrawRule, Effect, RoundEnd, combined
from ._features import Feature, kernel_features
from ._options import Options
from ._state import GameState, MatchResult
from .hookspecs import hookimpl

__all__ = [
    "HAND_SIZE",
    "KERNEL_NAME",
    "maumau_action_space",
    "maumau_blocked_winners",
    "maumau_call_missed",
    "maumau_calls",
    "maumau_card_effect",
    "maumau_combine_effects",
    "maumau_deal",
    "maumau_dealer",
    "maumau_default_players",
    "maumau_draw_rule",
    "maumau_features",
    "maumau_judge_call",
    "maumau_match_over",
    "maumau_may_decline",
    "maumau_next_seat",
    "maumau_playable",
    "maumau_round_over",
    "maumau_score_round",
    "maumau_seats",
]

#: The name the kernel's defaults are registered under in every game's plugin manager.
KERNEL_NAME = "maumau.kernel"

#: The hand size when a variant declares no ``hand_size`` option.
HAND_SIZE = 5

_kernel = hookimpl(trylast=True)


@_kernel
def maumau_seats(options: Options) -> range | None:
    """
    Two to six players.
    """
    return range(2, 7)


@_kernel
def maumau_default_players(options: Options, seats: range) -> int | None:
    """
    Three players, or the count of *seats* nearest to it.
    """
    return min(max(3, seats.start), seats.stop - 1)


@_kernel
def maumau_calls(options: Options) -> Sequence[str] | None:
    """
    No calls.
    """
    return ()


@_kernel
def maumau_dealer(state: GameState) -> int | None:
    """
    Seat 0 deals first, then the next seat clockwise.
    """
    if state.dealer < 0:
        return 0
    return (state.dealer + 1) % len(state.players)


@_kernel
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState | None:
    """
    ``hand_size`` cards each (`HAND_SIZE` by default), dealt singly from the seat after the dealer; the next card
    is the starter, and the seat after the dealer begins.
    """
    count = len(state.players)
    hand_size = state.options.get("hand_size", HAND_SIZE)
    assert isinstance(hand_size, int)
    first = (state.dealer + 1) % count
    order = [(first + offset) % count for offset in range(count)]
    dealt = hand_size * count
    hands = {seat: cards[index:dealt:count] for index, seat in enumerate(order)}
    players = tuple(flow.evolve_player(p, hand=hands[seat]) for seat, p in enumerate(state.players))
    return flow.evolve_state(
        state, players=players, discard_pile=(cards[dealt],), draw_pile=cards[dealt + 1 :], to_move=first
    )


@_kernel
@flow.per_card
def maumau_playable(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """
    The cards that match the top card's suit or rank, or the wished suit; none while a debt or skip is owed.
    """
    return flow.matching(state, cards)


@_kernel
def maumau_may_decline(state: GameState, seat: int) -> bool | None:
    """
    A seat may always draw or pass instead of playing.
    """
    return True


@_kernel
def maumau_judge_call(
    state: GameState, seat: int, card: Card, call: str | None, expected: str | None, cards: tuple[Card, ...]
) -> CallRuling | None:
    """
    Any call but the due one misses it, at a cost of 2 cards.
    """
    if expected and call != expected:
        return CallRuling(missed=expected, penalty=2)
    return None


@_kernel
def maumau_call_missed(state: GameState, seat: int, ruling: CallRuling, before: GameState) -> GameState | None:
    """
    The penalty is drawn at once, as a draw the rules require.
    """
    state, _ = flow.draw_cards(state, seat, ruling.penalty, penalty=f"missed {ruling.missed!r}", required=True)
    return state


@_kernel
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect | None:
    """
    A card has no effect.
    """
    return NO_EFFECT


@_kernel
def maumau_combine_effects(
    state: GameState, seat: int, cards: tuple[Card, ...], effects: tuple[Effect, ...]
) -> Effect | None:
    """
    The effects of the play's cards, added up.
    """
    return combined(effects)


@_kernel
def maumau_draw_rule(options: Options) -> DrawRule | None:
    """
    Draw one card, which may be played, or pass.
    """
    return DRAW_ONE


@_kernel
def maumau_next_seat(state: GameState, seat: int) -> int | None:
    """
    The next seat in the direction of play that has not resigned.
    """
    players = state.players
    following = (seat + state.direction) % len(players)
    if not players[following].resigned:  # nearly always: no walk needed
        return following
    return flow.walk(state, seat, lambda other: not players[other].resigned)


@_kernel
def maumau_round_over(state: GameState) -> RoundEnd | None:
    """
    A seat with an empty hand wins; every seat passing in a row blocks the round; nothing ends while a decision
    is pending, but a wild card played as the last card ends the round without its suit being named.
    """
    pending = state.pending
    if pending is not None and (pending.kind != "suit" or state.players[pending.seat].hand):
        return None
    players = state.players
    for player in players:  # asked after every action: the usual answer, no empty hand, in one cheap loop
        if not player.hand and not player.resigned:
            return RoundEnd("out", (next(seat for seat, other in enumerate(players) if other is player),))
    passes = state.passes
    if passes and passes >= sum(not player.resigned for player in players):
        return RoundEnd("blocked", tuple(state.rules.hooks["maumau_blocked_winners"](state)))
    return None


@_kernel
def maumau_blocked_winners(state: GameState) -> tuple[int, ...] | None:
    """
    Nobody wins a blocked round.
    """
    return ()


@_kernel
def maumau_score_round(state: GameState, end: RoundEnd) -> Sequence[int] | None:
    """
    No points.
    """
    return tuple(0 for _ in state.players)


@_kernel
def maumau_match_over(state: GameState) -> MatchResult | None:
    """
    Once fewer than two players are left, the last one wins.
    """
    remaining = state.active_seats()
    if len(remaining) < 2:
        return MatchResult(remaining, "resignation", state.scores)
    return None


@_kernel
def maumau_action_space(
    options: Options, players: int, cards: tuple[Card, ...], suits: tuple[str, ...], calls: tuple[str, ...]
) -> Sequence[Action]:
    """
    A play of every card, without a call and with each call; drawing; passing; naming each suit; resigning.
    """
    plays = [PlayCard(0, card, call) for card in cards for call in (None, *calls)]
    return (*plays, DrawCards(0), Pass(0), *(ChooseSuit(0, suit) for suit in suits), Resign(0))


@_kernel
def maumau_features(
    options: Options, players: int, cards: tuple[Card, ...], suits: tuple[str, ...]
) -> Sequence[Feature]:
    """
    The kernel's part of the observation (`maumau.rl` documents the layout).
    """
    return kernel_features(players, cards, suits)
