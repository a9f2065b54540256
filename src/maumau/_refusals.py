"""
Why an action is refused: the words and the `Reason` of an `IllegalActionError`.

`maumau.apply` refuses whatever `maumau.legal_actions` does not list; this
module only explains, so it runs on the way to an error and never in play.
It says what the kernel knows (whose turn it is, what is owed, what was
drawn, which suit was wished) and asks `maumau_refusal` for a variant's or
a mechanic's own words.
"""

from __future__ import annotations

from . import flow
from ._actions import Action, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card
from ._state import GameState, Pending
from .exceptions import IllegalActionError, Reason, shorten
from .flow import can_draw

__all__ = ["refusal"]


def refusal(state: GameState, action: Action) -> IllegalActionError:
    """
    The error for *action*, which is not listed for its seat in *state*.
    """
    reason, detail = _kernel_words(state, action)
    words = state.rules.refusal(state, action)
    if isinstance(words, tuple):  # a plugin's own reason too
        reason, words = words
    return IllegalActionError(action, reason, words or detail)


def _kernel_words(state: GameState, action: Action) -> tuple[Reason, str]:
    seat = action.seat
    pending = state.pending
    if isinstance(action, PlayCard):
        return _play_words(state, action)
    if isinstance(action, (DrawCards, Pass)):
        if seat != state.to_move:
            return _not_your_turn(state, seat)
        if pending is not None:
            return Reason.DECISION_PENDING, f"seat {pending.seat} must first decide: {_describe(pending)}"
        if state.playing:
            return Reason.PLAY_OPEN, f"seat {seat} is in the middle of a play ({_shown(state.playing)}): add a card"
        return _draw_words(state, seat) if isinstance(action, DrawCards) else _pass_words(state, seat)
    if isinstance(action, ChooseSuit):
        if pending is None or pending.kind != "suit":
            return Reason.NO_DECISION, "no suit is to be named now"
        if seat != pending.seat:
            return Reason.NOT_YOUR_TURN, f"seat {pending.seat} names the suit, not seat {seat}"
        held = (*state.draw_pile, *state.discard_pile, *(card for player in state.players for card in player.hand))
        why = "may not be named now" if action.suit in {card.suit for card in held} else "is not a suit of this deck"
        return Reason.BAD_CHOICE, f"{shorten(action.suit)} {why}; one of {', '.join(pending.choices)}"
    if isinstance(action, Resign):  # pragma: no cover - a seat still in the match may always resign
        return Reason.NOT_SUPPORTED, f"seat {seat} cannot resign now"
    # a plugin's own action: say what the kernel can see of decisions and turns
    if pending is None:
        return Reason.NOT_SUPPORTED, f"variant {state.variant!r} has no action {type(action).__name__} now"
    if seat != pending.seat:
        return Reason.NOT_YOUR_TURN, f"seat {pending.seat} must first decide: {_describe(pending)}"
    return Reason.BAD_CHOICE, f"seat {seat} must decide: {_describe(pending)}"


def _shown(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def _describe(pending: Pending) -> str:
    if pending.kind == "suit":
        return f"name a suit ({', '.join(pending.choices)})"
    return pending.kind.replace("_", " ") + (f" ({', '.join(pending.choices)})" if pending.choices else "")


def _not_your_turn(state: GameState, seat: int) -> tuple[Reason, str]:
    return Reason.NOT_YOUR_TURN, f"it is seat {state.to_move}'s turn, not seat {seat}'s"


def _answer(state: GameState, seat: int) -> Card | None:
    """
    A card of *seat*'s that the rules let it play now (under a debt or a skip: one that answers it), for advice.
    """
    if seat != state.to_move or state.pending is not None:
        return None
    playable = state.rules.playable(state, seat, tuple(dict.fromkeys(state.players[seat].hand)))
    return playable[0] if playable else None


def _play_words(state: GameState, action: PlayCard) -> tuple[Reason, str]:
    seat, card, call = action.seat, action.card, action.call
    calls = state.rules.calls(state.options)
    if call is not None and call not in calls:
        known = ", ".join(map(repr, calls))
        return Reason.BAD_CALL, (
            f"{shorten(call)} is not a call of {state.variant}; "
            + (f"its calls are {known} (maumau.read_call reads typed text)" if calls else "it has no calls")
        )
    if card not in state.players[seat].hand:
        return Reason.NOT_IN_HAND, f"{card} is not in seat {seat}'s hand"
    pending = state.pending
    if seat == state.to_move:
        if pending is not None:
            return Reason.DECISION_PENDING, f"seat {pending.seat} must first decide: {_describe(pending)}"
        if state.playing:
            return _open_play_words(state, action)
        if state.drawn is not None and card != state.drawn and state.rules.draw_rule(state.options).play == "drawn":
            return Reason.DRAWN_CARD_ONLY, f"after drawing, only the drawn card {state.drawn} may be played"
    if seat != state.to_move:
        return _not_your_turn(state, seat)
    top = state.top
    if card in state.rules.playable(state, seat, (card,)):  # the card may go, so it is what was said with it
        return _said_words(state, action)
    answer = _answer(state, seat)
    if state.debt:
        advice = f"answer it with {answer} or draw" if answer else f"draw the {state.debt} cards"
        return Reason.DEBT_PENDING, f"{card} does not answer the draw of {state.debt} owed on {top}; {advice}"
    if state.skips:
        advice = f"answer it with {answer} or pass" if answer else "pass"
        return Reason.SKIP_PENDING, f"{card} does not answer the skip on {top}; {advice}"
    wished = f" (wished suit: {state.wish})" if state.wish is not None else ""
    return Reason.NO_MATCH, f"{card} does not match the top card {top}{wished}"


def _said_words(state: GameState, action: PlayCard) -> tuple[Reason, str]:
    """
    Why a play of a card that may go now is refused: what was said with it, or its ``more``.
    """
    seat, card = action.seat, action.card
    left = len(state.players[seat].hand) - 1
    cards_left = f"{left} {'card' if left == 1 else 'cards'} left"
    if action.more and action.call is not None:
        return Reason.BAD_CALL, "a card that more cards follow says nothing: the play's call comes with its last card"
    if action.more:
        return Reason.PLAY_OPEN, f"no card may follow {card} in the same play in {state.variant}"
    if action.call is not None and flow.call_due(state, seat, (*state.playing, card)) is None:
        return Reason.BAD_CALL, f"no call is due with {card} ({cards_left})"
    return Reason.PLAY_OPEN, f"a play may not end on {card}: another card must follow it"


def _open_play_words(state: GameState, action: PlayCard) -> tuple[Reason, str]:
    """
    Why a card is refused while a play of several cards is open.
    """
    shown = _shown(state.playing)
    follows = state.rules.play_follows
    hand = state.players[action.seat].hand
    if follows is None or action.card not in follows(state, action.seat, state.playing, hand):
        return Reason.PLAY_OPEN, f"{action.card} does not follow {shown} in one play"
    return _said_words(state, action)


def _draw_words(state: GameState, seat: int) -> tuple[Reason, str]:
    rules = state.rules
    drawn = state.drawn
    if drawn is not None:
        advice = "play it or pass" if rules.playable(state, seat, (drawn,)) else "pass"
        return Reason.CANNOT_DRAW, f"seat {seat} already drew {drawn}: {advice}"
    answer = _answer(state, seat)
    if state.skips:
        advice = f" or answer the skip with {answer}" if answer else ""
        return Reason.SKIP_PENDING, f"seat {seat} must miss this turn (pass){advice}"
    if answer is not None and not rules.may_decline(state, seat):
        return Reason.CANNOT_DRAW, f"seat {seat} can play {answer} and must play (forced play)"
    if can_draw(state):
        return Reason.CANNOT_DRAW, f"seat {seat} may not draw now: play or pass"
    return Reason.CANNOT_DRAW, "the draw pile is empty and there are no discards to recycle"


def _pass_words(state: GameState, seat: int) -> tuple[Reason, str]:
    drawn = state.drawn
    if drawn is not None:
        return Reason.CANNOT_PASS, f"the drawn card {drawn} can be played and must be played"
    answer = _answer(state, seat)
    if state.debt:
        advice = f" or answer the {state.top} with {answer}" if answer else ""
        return Reason.CANNOT_PASS, f"seat {seat} owes {state.debt} cards: draw them{advice}"
    if answer is not None and not state.rules.may_decline(state, seat):
        return Reason.CANNOT_PASS, f"seat {seat} can play {answer} and must play (forced play)"
    if can_draw(state):
        return Reason.CANNOT_PASS, f"seat {seat} may not pass without drawing first"
    return Reason.CANNOT_PASS, f"nothing can be drawn, but seat {seat} can play {answer}"
