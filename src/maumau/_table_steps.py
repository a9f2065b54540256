"""
The commonest plays and draws as one new state each, where the kernel's steps would make several.

A play of one card by the seat to move, in a game whose effects are a
table per card (`maumau._tables`), needs nothing the table does not hold
when the card does no more than lie on the pile, add to the debt, reverse
the direction, pass over seats or ask its player to name a suit.  That is
most plays of most games.  The kernel's steps for a play (`maumau.flow.play_card`:
the card down, its effect taken, the turn completed) would make a new state
for each; here the play is the state they come to, made once, with the same
fields and the same events, and the game's `maumau_turn_ended
<maumau.hookspecs.maumau_turn_ended>` asked of it as at the end of any turn.

A draw of the debt, or of one card under the kernel's draw rule, is one
`maumau.flow.draw_cards` with the turn's end set in the draw's own new
state, where the kernel's steps draw and then end the turn.

Every other play and draw takes the kernel's steps: a play of several
cards, a call due, a decision or a wait open, a follow-up or a wish, an
effect beyond the next player, the game's own turn order, a resigned seat
on the way, a card the table does not know; a pile that must be recycled
or comes short, a step of the game's own after a draw.
"""

from __future__ import annotations

from typing import Any

from ._actions import PlayCard
from ._cards import Card, without_card
from ._effects import NO_EFFECT, Effect
from ._events import DirectionReversed, Event, TurnSkipped, card_played, seat_event
from ._state import GameState, Pending, state_changer, with_hand
from .flow import call_due, draw_cards

__all__ = ["table_draw", "table_play"]


def table_play(state: GameState, play: PlayCard, slots: tuple[tuple[str, Any], ...] | None) -> GameState | None:
    """
    The state after *play*, the seat to move's listed play, as the game's table answers it in one step, with the
    game's *slots* where they are given; ``None`` where the play takes the kernel's steps.
    """
    effect = _known_effect(state, play)
    if effect is None:
        return None
    seat = play.seat
    card = play.card
    turn = _turn_after(state, seat, effect, state.events + (card_played(seat, card, play.call, False),))
    if turn is None:
        return None
    following, direction, pending, events = turn
    played = _played(
        state,
        players=with_hand(state.players, seat, without_card(state.players[seat].hand, card)),
        discard_pile=state.discard_pile + (card,),
        drawn=None,
        passes=0,
        wish=None,
        skips=0,
        draws=0,
        again=None,
        debt=state.debt + effect.draw if effect.draw else 0,
        direction=direction,
        slots=state.slots if slots is None else slots,
        pending=pending,
        events=events,
        to_move=following,
    )
    turn_ended = state.rules.turn_ended
    return played if pending is not None or turn_ended is None else turn_ended(played, seat)


def _known_effect(state: GameState, play: PlayCard) -> Effect | None:
    """
    The effect of *play* where the game's table knows it and the play is one step: a card played alone by the seat
    to move, with nothing open, no follow-up asked and no call due, in the kernel's turn order, whose effect fixes
    no wish and reaches no further than the seats it skips; else ``None``.
    """
    rules = state.rules
    seat = play.seat
    card = play.card
    if play.more or seat != state.to_move or state.playing or state.waits or state.pending is not None:
        return None  # a play of several cards, or a decision or a wait open
    if rules.effects_rule is None or not rules.plain_turn_order:
        return None
    if rules.follow_up is not None and (rules.follow_up_ranks is None or card.rank in rules.follow_up_ranks):
        return None  # a follow-up may change what the card does
    last = rules.last_table  # the game's table, read without a call when it is the one asked for last
    if last.options is not state.options or last.players != len(state.players):
        return None
    left = len(state.players[seat].hand) - 1
    if rules.calls_due and _call_is_due(state, seat, card, left):
        return None  # judged by the kernel's steps
    effect = last.table.play_effect(state, seat, card, not left)  # type: ignore[union-attr]  # a table is kept
    if effect is None or effect.wish or effect.beyond or (effect.choose_suit and effect.reverse):
        return None
    return effect


def _call_is_due(state: GameState, seat: int, card: Card, left: int) -> bool:
    """
    Whether *seat* owes a call with a play of *card* alone that leaves *left* cards: read from the game's table of
    calls by the cards left where the call depends on them alone, else asked (`maumau.flow.call_due`).
    """
    calls = state.rules.call_table
    return bool(calls[left] if calls is not None else call_due(state, seat, (card,)))


def _turn_after(
    state: GameState, seat: int, effect: Effect, events: tuple[Event, ...]
) -> tuple[int, int, Pending | None, tuple[Event, ...]] | None:
    """
    Where the turn goes after *seat*'s play of a card with *effect*: the seat to move, the direction, the suit to
    name and the play's *events* with those of the effect; ``None`` when a seat the move passes has resigned.
    """
    direction = state.direction
    if effect.choose_suit:  # the seat keeps the move to name a suit, and the turn owes the card's skip until then
        choices = state.rules.suits(state) if effect.suits is None else effect.suits
        return seat, direction, Pending(seat, "suit", choices, skip=effect.skip), events
    if effect is NO_EFFECT:  # the commonest card: the next seat plays
        following = (seat + direction) % len(state.players)
    else:
        if effect.reverse:
            direction = -direction
            events += (DirectionReversed(direction),)
        passed = _passed_over(state, seat, direction, effect.skip, events)
        if passed is None:
            return None
        following, events = passed
    return None if state.players[following].resigned else (following, direction, None, events)


#: A play's one new state: every field a play of one card sets.
_played = state_changer(
    "players",
    "discard_pile",
    "drawn",
    "passes",
    "wish",
    "skips",
    "draws",
    "again",
    "debt",
    "direction",
    "slots",
    "pending",
    "events",
    "to_move",
)


def _passed_over(
    state: GameState, seat: int, direction: int, skip: int, events: tuple[Event, ...]
) -> tuple[int, tuple[Event, ...]] | None:
    """
    The seat after *seat* in *direction* once *skip* seats are passed over, and *events* with their skipped turns;
    ``None`` when a seat passed over has resigned.
    """
    players = state.players
    following = (seat + direction) % len(players)
    for _ in range(skip):
        if players[following].resigned:
            return None
        events += (seat_event(TurnSkipped, following),)
        following = (following + direction) % len(players)
    return following, events


def table_draw(state: GameState, seat: int) -> GameState | None:
    """
    The state after *seat*, to move, draws under the kernel's draw rule, as one draw (`maumau.flow.draw_cards`)
    with the turn's end set in its new state: the debt paid and the turn handed on; or one card, which waits to be
    played where it fits (else, in a game that keeps a drawn card that does not fit, the turn handed on).  ``None``
    where the draw takes the kernel's steps: a pile that must be recycled or comes short, a decision, a wait or
    another turn open, a step of the game's own after a draw, or the game's own turn order.
    """
    rules = state.rules
    owed = state.debt
    if (
        len(state.draw_pile) < (owed or 1)
        or state.pending is not None
        or state.drawn is not None
        or state.again is not None
        or state.waits
        or not (owed or rules.draws_one)
        or not rules.plain_turn_order
        or (rules.has_after_draw and (owed or not rules.keeps_unfit_draw))
    ):
        return None
    if not owed:
        # A draw changes nothing of the position a table reads (the top card, the wish, the debt, the turns owed):
        # the table's answer for the card still on the pile is its answer once drawn.
        fits = rules.table_fits(state, seat, state.draw_pile[0]) if rules.keeps_unfit_draw else True
        if fits is None:
            return None
        if fits:  # the drawn card waits to be played: the turn goes on
            return draw_cards(state, seat, 1, passes=0, drawn=True)[0]
    # The turn handed on, as at the end of any turn: the debt paid, or a drawn card that does not fit kept.
    following = (seat + state.direction) % len(state.players)
    if state.players[following].resigned:
        return None
    drawn, _ = draw_cards(state, seat, owed or 1, required=bool(owed), debt=0, passes=0, draws=0, to_move=following)
    return drawn if rules.turn_ended is None else rules.turn_ended(drawn, seat)
