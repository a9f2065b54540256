"""
A small test plugin for the family's rules: classic on the 52-card pack, with the effects and mechanics a test names.

``family(effects={"2": Effect(draw=2)}, mechanics=(Stacking(),))`` is a house
rule for ``classic`` that deals the 52-card pack, gives the named ranks (or
cards) their effects, plays the kernel's matching with *wild* ranks on
anything, opts into *mechanics*, and plays one round of at most *plays*
plays, each card held a point off; ``family_game`` deals it from stacked
hands.  Each rule test builds the table its rule needs and nothing more.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from helpers import stacked
from maumau import Card, DrawRule, Effect, GameState, MatchResult, RoundEnd, Slot, french_deck, hookimpl, new_game
from maumau.flow import matching

__all__ = ["FULL", "family", "family_game"]

#: The 52-card pack, 2 to ace in four suits.
FULL = french_deck()

#: The plays made so far in the round: a round of the test plugin ends after *plays* of them, so that random play,
#: which lets hands grow where cards make others draw, stays short.
PLAYS: Slot[int] = Slot("family_plays", int, default=0)

_PLAIN = Effect()


def family(
    *,
    effects: Mapping[str, Effect] | None = None,
    mechanics: Sequence[object] = (),
    wild: Iterable[str] = ("J",),
    draw_rule: DrawRule | None = None,
    last_card_counts: bool = False,
    deck: Sequence[Card] = (),
    plays: int = 60,
    name: str = "family",
    **hooks: Callable[..., Any],
) -> object:
    """
    A house rule for ``classic``: the 52-card pack, *effects* by rank or by card text, *wild* ranks, *mechanics*.

    With *last_card_counts*, a card that empties the hand still has its
    effect.  *draw_rule* sets the game's `maumau.DrawRule`; further *hooks*
    are implementations by hook name (``maumau_expected_call=...``).
    """
    table = dict(effects or {})
    wilds = frozenset(wild)
    plugin = types.SimpleNamespace(name=name)

    cards = tuple(deck) or FULL

    def maumau_deck() -> tuple[Card, ...]:
        return cards

    def maumau_mechanics() -> Sequence[object]:
        return tuple(mechanics)

    def maumau_playable(state: GameState, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return matching(state, cards, wilds)

    def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect:
        if not state.players[seat].hand and not last_card_counts:
            return _PLAIN
        return table.get(card.code, table.get(str(card), table.get(card.rank, _PLAIN)))

    def maumau_slots() -> tuple[Slot[int], ...]:
        return (PLAYS,)

    def maumau_follow_up(state: GameState) -> GameState:
        return PLAYS.put(state, PLAYS.get(state) + 1)

    def maumau_round_over(state: GameState) -> RoundEnd | None:
        return RoundEnd("long enough") if PLAYS.get(state) >= plays and state.pending is None else None

    def maumau_score_round(state: GameState) -> tuple[int, ...]:
        return tuple(-len(player.hand) for player in state.players)  # one point off per card held

    def maumau_match_over(state: GameState) -> MatchResult | None:
        if not state.rounds:
            return None
        scores = state.scores
        best = tuple(seat for seat, score in enumerate(scores) if score == max(scores))
        return MatchResult(best, "one round", scores)

    made: dict[str, Callable[..., Any]] = {
        "maumau_slots": maumau_slots,
        "maumau_follow_up": maumau_follow_up,
        "maumau_round_over": maumau_round_over,
        "maumau_score_round": maumau_score_round,
        "maumau_match_over": maumau_match_over,
        "maumau_deck": maumau_deck,
        "maumau_mechanics": maumau_mechanics,
        "maumau_playable": maumau_playable,
        "maumau_card_effect": maumau_card_effect,
    }
    if draw_rule is not None:
        made["maumau_draw_rule"] = lambda: draw_rule
    made.update(hooks)
    for hook, function in made.items():
        setattr(plugin, hook, hookimpl(function))
    return plugin


def family_game(
    hands: Sequence[str],
    starter: str,
    draw: str = "",
    *,
    plugin: object | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    **spec: Any,
) -> GameState:
    """
    A classic game with the `family` house rule (*plugin*, or one made from *spec*), dealing *hands* by seat.

    Seat 0 deals, so seat 1 plays first.
    """
    rule = plugin if plugin is not None else family(**spec)
    return new_game(
        "classic",
        players=len(hands),
        seed=seed,
        options=options,
        deck=stacked(hands, starter, draw, full=tuple(spec.get("deck", ())) or FULL),
        plugins=[rule],
    )
