"""
Hook specifications: the rules a variant plugin can set or change.

A variant is a module (or object) whose functions are marked with
`maumau.hookimpl` and named after these specifications.  The core registers
its own defaults first, with ``trylast``, then the variant, then any house
rules for one game; pluggy calls the most recently registered first, so a
house rule overrides the variant, which overrides the core.  Every hook
here is first-result unless it says otherwise: return ``None`` to leave the
decision to the next plugin.

Implementations may accept any subset of the arguments; the core passes
them by keyword.
"""

from __future__ import annotations

from collections.abc import Sequence

import pluggy

from ._actions import Action
from ._cards import Card
from ._effects import CallRuling, Effect, RoundEnd
from ._options import Option, Options
from ._state import ChallengeWindow, GameState, MatchResult

__all__ = ["hookimpl", "hookspec"]

hookspec = pluggy.HookspecMarker("maumau")
#: Marks a function as a maumau hook implementation.
hookimpl = pluggy.HookimplMarker("maumau")


# --- set-up ---------------------------------------------------------------


@hookspec
def maumau_options() -> Sequence[Option]:  # type: ignore[empty-body]
    """
    Declare the options a plugin understands.

    Called once when a game's rules are built; *every* plugin's declarations
    are collected (not first-result), so a house rule can add an option.
    A later declaration of the same name replaces an earlier one.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_seats(options: Options) -> range | None:
    """
    The allowed player counts, e.g. ``range(2, 7)``.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_deck(options: Options, players: int) -> Sequence[Card] | None:
    """
    Every card in play for a game of *players* seats, in a fixed order.

    The core shuffles it with the state's seed for each deal; a stacked deck
    passed to `maumau.new_game` must hold exactly these cards.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_dealer(state: GameState) -> int | None:
    """
    The dealer of round ``state.round``, which is about to be dealt.

    ``state.dealer`` is the previous dealer (``-1`` before the first round).
    The core default: seat 0 first, then the next seat clockwise.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState | None:
    """
    Deal *cards* (shuffled, top first) for a new round of *state*.

    Return the state with hands, draw pile, a one-card discard pile and
    ``to_move`` set.  The core default deals ``hand_size`` cards singly,
    starting with the seat after the dealer, turns the next card as the
    starter, and lets the seat after the dealer begin.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_starter(state: GameState, card: Card) -> GameState | None:
    """
    Apply the effect, if any, of the starter card *card* after the deal.

    Return ``None`` when the starter only shows suit and rank.

    .. versionadded:: 0.1.0
    """


# --- the turn -------------------------------------------------------------


@hookspec(firstresult=True)
def maumau_can_play(state: GameState, seat: int, card: Card) -> bool | None:
    """
    Whether *seat* may put *card* on the discard pile now: matching.

    Asked for the seat to move and, for out-of-turn play (jump-ins), for any
    other seat.  The engine has already checked that the card is in the hand,
    that no decision is pending and that after a draw only the drawn card is
    offered.  The core default: in turn only, no debt or skip owed, the wished
    suit if there is one, else the top card's suit or rank.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_refusal(state: GameState, seat: int, card: Card) -> str | None:
    """
    Why *seat* may not play *card* now, in words, when the variant's matching refused it.

    Asked only after `maumau_can_play` said no, to word the
    `maumau.IllegalActionError`: a variant whose matching differs from the
    core's ("a jack may not be played on a jack") names its own rule here.
    ``None`` leaves the core's message (no match, an unanswered debt or
    skip, not this seat's turn).

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_may_decline(state: GameState, seat: int) -> bool | None:
    """
    Whether *seat*, holding a playable card, may draw (or pass after drawing) instead.

    ``False`` is forced play.  The core default is ``True``.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_expected_call(state: GameState, seat: int, cards_left: int) -> str | None:
    """
    The call *seat* must say when a play leaves *cards_left* cards in hand.

    ``legal_actions`` offers each such play with and without the call.
    Return ``""`` to require nothing where another plugin would.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_judge_call(
    state: GameState, seat: int, card: Card, call: str | None, expected: str | None
) -> CallRuling | None:
    """
    Judge what *seat* said (*call*) while playing *card*; *expected* is the due call.

    *state* is taken just after the card left the hand.  The core default:
    a missing or wrong call costs 2 cards at once; anything said when no call
    is due is ignored.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect | None:
    """
    What playing *card* does: draw debt, skip, reversal, suit to name.

    *state* is taken with the card on the pile and out of the hand, so
    ``len(state.players[seat].hand) == 0`` tells a last card.  The core
    default is no effect.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_follow_up(state: GameState, seat: int, card: Card) -> GameState | None:
    """
    Carry out a card's follow-up beside the cards (move a pig, say).

    Runs after `maumau_card_effect` was applied and before the turn ends.
    Set ``state.pending`` to ask the player for a choice first; the variant's
    action for that choice must then end the turn with `maumau.flow.end_turn`.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_after_draw(state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState | None:
    """
    What happens after *seat* drew *cards*; *forced* for a debt, not a choice.

    The core default: a paid debt ends the turn; a card drawn by choice may
    be played (``state.drawn``) or the turn passed.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_draw_shortfall(state: GameState, seat: int, missing: int) -> RoundEnd | None:
    """
    A required draw of *seat* came *missing* cards short even after recycling.

    Return a `RoundEnd` to stop the round; the core default draws what there is.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_next_seat(state: GameState, seat: int) -> int | None:
    """
    Turn order: the seat that plays after *seat*.

    The core default follows ``state.direction`` and passes over seats that
    have resigned or finished the round.

    .. versionadded:: 0.1.0
    """


@hookspec
def maumau_extra_actions(state: GameState, seat: int) -> Sequence[Action]:  # type: ignore[empty-body]
    """
    A variant's own legal actions for *seat* (bets, pigs): *all* results are joined.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_apply_action(state: GameState, action: Action) -> GameState | None:
    """
    Apply a variant's own action; the core calls it for every action type it
    does not know.  Raise `maumau.IllegalActionError` for an illegal one.

    .. versionadded:: 0.1.0
    """


# --- calls and challenges ---------------------------------------------------


@hookspec(firstresult=True)
def maumau_challenge(state: GameState, seat: int, window: ChallengeWindow) -> GameState | None:
    """
    *seat* challenged in *window*, which is already closed in *state*.

    Return a state to replace the penalty (Sau Mau Mau takes the card back);
    ``None`` keeps the core's: the offender draws ``window.penalty`` cards
    (a shortfall goes to `maumau_draw_shortfall`), and play goes on.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_window_closed(state: GameState, window: ChallengeWindow) -> GameState | None:
    """
    *window* closed without a challenge.

    .. versionadded:: 0.1.0
    """


# --- rounds and the match ---------------------------------------------------


@hookspec(firstresult=True)
def maumau_round_over(state: GameState) -> RoundEnd | None:
    """
    Whether the round ends now; asked after every action.

    The core default: nothing ends while a decision is pending (the follow-up
    of the last card is not done yet); a seat with an empty hand and no open
    challenge against it wins, unless it is in ``state.placings`` (gone out
    while play goes on); every active seat passing in a row blocks the round.  Return ``None`` to
    leave the decision to the default, so a variant that plays on must keep
    the default from ending the round (placing finished seats does that).

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_score_round(state: GameState, end: RoundEnd) -> Sequence[int] | None:
    """
    The points each seat gets for the round that just ended, by seat.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_match_over(state: GameState) -> MatchResult | None:
    """
    Whether the match is over, asked after each round and each resignation.

    .. versionadded:: 0.1.0
    """


# --- views and serialization --------------------------------------------------


@hookspec(firstresult=True)
def maumau_view_board(state: GameState, seat: int) -> object | None:
    """
    What *seat* may see of ``state.board``; hide what it may not.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_board_type() -> type | None:
    """
    The attrs class of ``state.board`` (and of its view), for JSON.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_check_state(state: GameState) -> str | None:
    """
    What is impossible about a loaded *state*, in words, or ``None`` when nothing is.

    The core already refuses what it knows about (the deck, the seats, the
    options); a variant checks what only it knows, such as its board, so
    that a damaged save fails by name in `maumau.from_json` rather than
    somewhere in a later turn.

    .. versionadded:: 0.1.0
    """
