"""
Hook specifications: the rules a variant plugin can set or change.

A variant is a module (or object) whose functions are marked with
`maumau.hookimpl` and named after these specifications.  The
specifications are the contract alone, with empty bodies, as pytest's
``hookspec.py``; the kernel's own answer to each hook is a plugin of its
own, `maumau.defaults`, registered before every other, and each
specification's docstring says what it answers.

Plugins are registered in this order: the kernel's defaults, the mechanics
a variant opts into (`maumau_mechanics`), the variant, then the house rules
of one game.  Three kinds of hook:

* **first result** (most hooks): pluggy calls the newest plugin first and
  stops at the first answer that is not ``None``; return ``None`` to leave
  the question to the plugins registered before.  To *extend* an answer
  rather than replace it, use a wrapper, ``@hookimpl(wrapper=True)``: its
  ``result = yield`` receives the answer of everything below it (the
  kernel's default included), so each rule is written once; or call the
  kernel's answer by name (``maumau.defaults.maumau_playable(state, seat,
  cards)``).
* **collected** (`maumau_options`, `maumau_mechanics`, `maumau_slots`,
  `maumau_actions`, `maumau_check_state`, `maumau_action_space`,
  `maumau_features`): every plugin's answer counts, oldest plugin first.
* **pipeline** (`maumau_follow_up`, `maumau_before_action`,
  `maumau_turn_ended`, `maumau_round_ended`, `maumau_sample_hidden`): each plugin, oldest first,
  gets the state the one before it returned and returns a new state, or
  ``None`` for no change.

The last two blocks, the front-end hooks (``maumau_tell_event``,
``maumau_status``, ``maumau_bot_hint``, ...) and the profile-key hooks
(``maumau_profile_sections``, ...), are never asked by the engine: the
front-end kit and `maumau.profiles` ask them of the mechanics' modules
(`maumau.mechanics.BUILT_IN` and the entry-point group ``maumau.mechanics``).

Implementations may accept any subset of the arguments.  Hooks describe a
rule and return a value; they never hand the move on themselves: the
kernel ends a turn in one place, once a play, a draw or a decision is
complete (`maumau.flow.complete_turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:  # the types the specifications name; the contract imports nothing of the implementation
    import random
    from collections.abc import Callable, Mapping, Sequence

    from ._actions import Action
    from ._cards import Card
    from ._effects import CallRuling, DrawRule, Effect, RoundEnd
    from ._events import Event
    from ._features import Feature
    from ._grammar import Grammar
    from ._options import Option, Options
    from ._slots import Slot
    from ._state import GameState, MatchResult
    from ._status import Status
    from .exceptions import Reason

__all__ = ["COLLECTED", "PIPELINES", "hookimpl", "hookspec"]

hookspec = pluggy.HookspecMarker("maumau")
#: Marks a function as a maumau hook implementation.
hookimpl = pluggy.HookimplMarker("maumau")

#: Hooks whose results are all collected, oldest plugin first.
COLLECTED = frozenset(
    {
        "maumau_options",
        "maumau_mechanics",
        "maumau_slots",
        "maumau_actions",
        "maumau_check_state",
        "maumau_action_space",
        "maumau_features",
    }
)
#: Hooks that pass the state from plugin to plugin, oldest first.
PIPELINES = frozenset(
    {"maumau_follow_up", "maumau_before_action", "maumau_turn_ended", "maumau_round_ended", "maumau_sample_hidden"}
)


# --- set-up ---------------------------------------------------------------


@hookspec
def maumau_options() -> Sequence[Option]:  # type: ignore[empty-body]
    """
    Declare the options a plugin understands.

    Collected from every plugin when a game's rules are built, so a house
    rule can add an option; a later declaration of the same name replaces
    an earlier one.

    .. versionadded:: 0.1.0
    """


@hookspec
def maumau_mechanics(options: Options) -> Sequence[object]:  # type: ignore[empty-body]
    """
    The mechanics a variant plays with: plugin objects from `maumau.mechanics`.

    Collected once when a game's rules are built; each mechanic is
    registered after the kernel and before the variant, so the variant can
    still change what a mechanic does.  A house rule may add a mechanic too
    (`maumau.mechanics.JumpIns` turns classic into a game with jump-ins).
    An implementation that takes *options* may name mechanics by the game's
    options (classic's ``ace_with_another``); the rules are then built once
    per set of options that a game uses.

    .. versionadded:: 0.2.0
    .. versionchanged:: 0.2.0
       *options*.
    """


@hookspec
def maumau_slots() -> Sequence[Slot[Any]]:  # type: ignore[empty-body]
    """
    The `maumau.Slot` s a plugin keeps in ``state.slots``, for JSON and views.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_seats(options: Options) -> range | None:
    """
    The allowed player counts.  The kernel: ``range(2, 7)``.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_default_players(options: Options, seats: range) -> int | None:
    """
    The player count a game gets when nobody chooses one (``maumau play``, a table's form): one of *seats*.

    The kernel: three, or the count of *seats* nearest to it.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_deck(options: Options, players: int) -> Sequence[Card] | None:
    """
    Every card in play for a game of *players* seats, in a fixed order.

    The kernel shuffles it with the state's seed for each deal; a stacked
    deck passed to `maumau.new_game` must hold exactly these cards.  Every
    variant implements it.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_calls(options: Options) -> Sequence[str] | None:
    """
    Every call a player of this variant may say with a card ("Mau", "Mau-Mau"), in canonical spelling.

    A `maumau.PlayCard` says one of these or nothing; `maumau.read_call`
    turns typed text ("MAU!") into one of them.  The kernel: none.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_dealer(state: GameState) -> int | None:
    """
    The dealer of round ``state.round``, which is about to be dealt.

    ``state.dealer`` is the previous dealer (``-1`` before the first round).
    The kernel: seat 0 first, then the next seat clockwise.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_deal(state: GameState, cards: tuple[Card, ...]) -> GameState | None:
    """
    Deal *cards* (shuffled, top first) for a new round of *state*.

    Return the state with hands, draw pile, a one-card discard pile and
    ``to_move`` set.  The kernel deals ``hand_size`` cards singly, starting
    with the seat after the dealer, turns the next card as the starter, and
    lets the seat after the dealer begin.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_starter(state: GameState, card: Card) -> GameState | None:
    """
    Apply the effect, if any, of the starter card *card* after the deal.

    The kernel: ``None``, the starter only shows suit and rank.

    .. versionadded:: 0.1.0
    """


# --- the turn -------------------------------------------------------------


@hookspec(firstresult=True)
def maumau_playable(state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """
    Which of *cards* (distinct cards of *seat*'s hand) *seat* may play now, in its turn.

    Asked once per decision for the seat to move, with the whole hand, or
    with the drawn card alone after a draw; no decision is pending then.
    The kernel's matching: nothing while a debt or a skip is owed (a
    variant says which cards answer them); the wished suit if there is one;
    else the top card's suit or rank (`maumau.flow.matching`).  Cards that go
    on anything are that function's *wild* ranks::

        @hookimpl
        def maumau_playable(state, seat, cards):
            return flow.matching(state, cards, wild={"8"})  # eights on anything

    or extend the kernel's answer with a wrapper::

        @hookimpl(wrapper=True)
        def maumau_playable(state, seat, cards):
            matching = yield  # the kernel's matching
            return matching + tuple(card for card in cards if card.rank == "8" and card not in matching)

    Play out of turn is a mechanic's (`maumau.mechanics.JumpIns`), not this hook's.

    .. versionadded:: 0.2.0
       Replaces ``maumau_can_play``, which was asked once per card and seat.
    """


@hookspec(firstresult=True)
def maumau_refusal(state: GameState, action: Action) -> str | tuple[Reason, str] | None:
    """
    Why *action*, which `maumau.legal_actions` does not list, is refused, in words; ``None`` for the kernel's words.

    Asked only on the way to an `maumau.IllegalActionError`, so it costs
    nothing in play.  A variant names its own rules here ("a jack may not be
    played on a jack"), a mechanic its own actions.  Words alone keep the
    kernel's `maumau.Reason`; a ``(reason, words)`` pair sets both (a
    mechanic's own action, such as a challenge with no window open).

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Takes the *action* (any action, not only a card).
    """


@hookspec(firstresult=True)
def maumau_may_draw(state: GameState, seat: int) -> bool | None:
    """
    Whether *seat*, to move with no debt, no owed skip and no drawn card to decide on, may draw now.

    ``False``: it may not, and passes instead if it plays nothing (a pass
    that is not a blocked seat's: it does not count toward a blocked round).
    ``None`` for the kernel's rule: a seat draws whenever a card can be
    drawn, recycling included, and passes only when none can and it holds
    nothing to play.  Only asked when a plugin implements it.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_may_decline(state: GameState, seat: int) -> bool | None:
    """
    Whether *seat*, holding a playable card (or a debt or skip it could answer, or a playable drawn card),
    may draw or pass instead.

    ``False`` is forced play: the seat must play.  The kernel: ``True``.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_expected_call(state: GameState, seat: int, cards_left: int, cards: tuple[Card, ...]) -> str | None:
    """
    The call *seat* must say with a play of *cards* that leaves *cards_left* cards in hand, or ``None``.

    One of `maumau_calls`.  Return ``""`` to require nothing where another
    plugin would.  The kernel: no call is ever due.

    Asked in one place, `maumau.flow.call_due`, with the same question
    whether the play is being listed or carried out: *state* is the
    position the play's last card is played from, *cards* the whole play in
    order (one card, or the cards of a play of several cards), and
    *cards_left* what the hand holds after it, so a call may depend on the
    card ("Mau-Mau" only on a jack).  `maumau.legal_actions` offers each
    play that has a call due with the due call, with none and with every
    other call of the variant; a play with no call due is offered without a
    call only.  An implementation that does not take *cards* says that its
    call does not depend on them, and is asked once per decision instead of
    once per card.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *cards*; *state* is the position before the play's last card, when listing and when judging alike.
    """


@hookspec(firstresult=True)
def maumau_judge_call(
    state: GameState, seat: int, card: Card, call: str | None, expected: str | None, cards: tuple[Card, ...]
) -> CallRuling | None:
    """
    Judge what *seat* said (*call*) with a play of *cards* ending in *card*; *expected* is the due call.

    *state* is taken just after the cards left the hand.  Asked only for a
    play with a call due (`maumau_expected_call`): a play with none is listed
    without a call, so there is nothing to judge.  The kernel: any call but
    the due one misses it, at a cost of 2 cards.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Asked only when a call is due (*expected* is never ``None`` or ``""``); *cards*.
    """


@hookspec(firstresult=True)
def maumau_call_missed(state: GameState, seat: int, ruling: CallRuling, before: GameState) -> GameState | None:
    """
    *seat* missed the call ``ruling.missed``: what it costs.  *before* is the state the play started from.

    The kernel: the penalty is drawn at once (a draw the rules require, so
    a shortfall goes to `maumau_draw_shortfall`).  `maumau.mechanics.Challenges`
    lets the other players point the miss out instead.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_card_effect(state: GameState, seat: int, card: Card) -> Effect | None:
    """
    What playing *card* does: draw debt, skip, reversal, suit to name.

    *state* is taken with the card on the pile and out of the hand, so
    ``len(state.players[seat].hand) == 0`` tells a last card.  The kernel:
    no effect.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_play_follows(
    state: GameState, seat: int, cards: tuple[Card, ...], hand: tuple[Card, ...]
) -> tuple[Card, ...] | None:
    """
    Which of *hand* may follow *cards*, a play so far, in the same play: several cards in one turn.

    *cards* are the play's cards in order (the first matched the pile as
    any play does); *hand* is what *seat* holds besides them.  Asked while
    the plays of a turn are listed, for each card that could start or
    continue a play, and while a play is open (``state.playing``); *state*
    is the position before the play's latest card, or while the play is
    open, so decide from *cards* and *hand*.  The answer may name a card
    twice (a hand of two packs): the kernel lists each card once.  A play
    with more to come is a
    `maumau.PlayCard` with ``more=True``; its effects and its call come with
    its last card.  The kernel: one card per play (no plugin implements it).
    `maumau.mechanics.Combinations` answers it for sets of one rank, runs in
    a suit and the family's variations of them.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_play_may_end(state: GameState, seat: int, cards: tuple[Card, ...]) -> bool | None:
    """
    Whether a play of *cards* may end with its last card (``False``: another card must follow it).

    Asked only where plays of several cards exist (`maumau_play_follows`):
    an ace that may only be played together with another card.  The
    kernel: any play may end (no plugin implements it).

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_combine_effects(
    state: GameState, seat: int, cards: tuple[Card, ...], effects: tuple[Effect, ...]
) -> Effect | None:
    """
    The effect of a play of several *cards*, whose cards' own effects (`maumau_card_effect`) are *effects*.

    Asked once a play of two or more cards ends, with *state* as
    `maumau_card_effect` sees it.  The kernel: the effects added up
    (`maumau.combined`); a game where only the last card counts (Taki)
    returns ``effects[-1]``.

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_follow_up(state: GameState, seat: int, card: Card) -> GameState | None:
    """
    Carry out a card's follow-up beside the cards (move a pig, say): a pipeline.

    Runs after `maumau_card_effect` was applied and before the turn ends,
    once for each card of a play of several cards, in order.  Set
    ``state.pending`` to ask the player for a choice first (the turn then
    ends once it is taken), or ``state.skips`` to make the next player owe
    a skip they may answer.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A pipeline: every plugin's follow-up runs.
    """


@hookspec(firstresult=True)
def maumau_draw_rule(options: Options) -> DrawRule | None:
    """
    What a player may do after drawing a card by choice: the game's `maumau.DrawRule`, as one setting.

    Asked once per set of options.  The kernel: ``DrawRule()``, draw one
    card, which may be played, or pass.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_after_draw(state: GameState, seat: int, cards: tuple[Card, ...], forced: bool) -> GameState | None:
    """
    What happens after *seat* drew *cards*; *forced* for a debt, not a choice.

    The kernel: a paid debt completes the turn; a card drawn by choice is
    ``state.drawn`` already, and may be played or the turn passed.  Set
    ``state.pending`` for a decision first, or clear ``state.drawn`` where a
    drawn card may not be played; the turn ends once nothing is pending or
    drawn.  ``None`` keeps the state as it is.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       Never ends the turn itself; a card drawn by choice is already ``state.drawn``.
    """


@hookspec(firstresult=True)
def maumau_draw_shortfall(state: GameState, seat: int, missing: int) -> RoundEnd | None:
    """
    A required draw of *seat* came *missing* cards short even after recycling.

    Return a `RoundEnd` to stop the round; the kernel draws what there is.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_next_seat(state: GameState, seat: int) -> int | None:
    """
    Turn order: the seat that plays after *seat*.

    The kernel follows ``state.direction`` and passes over seats that have resigned.

    .. versionadded:: 0.1.0
    """


@hookspec
def maumau_actions(state: GameState, seat: int) -> Sequence[Action]:  # type: ignore[empty-body]
    """
    A plugin's own legal actions for *seat* (challenges, jump-ins, bets): collected, oldest plugin first.

    They come before the kernel's turn actions in `maumau.legal_actions`.

    .. versionadded:: 0.2.0
       Replaces ``maumau_extra_actions``.
    """


@hookspec(firstresult=True)
def maumau_apply_action(state: GameState, action: Action) -> GameState | None:
    """
    Apply *action*, one that a plugin's `maumau_actions` listed; the kernel has already checked that it is listed.

    Called for every listed action the kernel does not apply itself: a
    variant's own actions, a challenge, a play out of turn.

    .. versionadded:: 0.1.0
    """


@hookspec
def maumau_before_action(state: GameState, action: Action) -> GameState | None:
    """
    A listed *action* is about to be applied: a pipeline (a challenge window that the action closes).

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_turn_ended(state: GameState, seat: int) -> GameState | None:
    """
    *seat*'s turn is over and ``state.to_move`` is the next player's: a pipeline.

    .. versionadded:: 0.2.0
    """


# --- rounds and the match ---------------------------------------------------


@hookspec(firstresult=True)
def maumau_round_over(state: GameState) -> RoundEnd | None:
    """
    Whether the round ends now; asked after every action but one that leaves a play of several cards open
    (the play is not over, and its player still holds the cards that follow).

    The kernel: nothing ends while a decision is pending (the follow-up of
    the last card is not done yet), but a suit to name by a seat that went
    out, which no one would follow; a seat with an empty hand wins; every
    seat passing in a row blocks the round, which `maumau_blocked_winners`
    wins.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       A blocked round's winners are `maumau_blocked_winners`'; a wild card played as the last card ends the
       round without its suit being named.
    """


@hookspec(firstresult=True)
def maumau_blocked_winners(state: GameState) -> tuple[int, ...] | None:
    """
    Who wins a round that every player still in it blocked, passing in a row with nothing to play or draw.

    Asked by the kernel's `maumau_round_over` when the round is blocked.
    The kernel: nobody.  Classic gives it to the lowest hand.

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_round_ended(state: GameState, end: RoundEnd) -> GameState | None:
    """
    The round ends for *end*: a pipeline run before scoring, for a mechanic to settle its slot.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_score_round(state: GameState, end: RoundEnd) -> Sequence[int] | None:
    """
    The points each seat gets for the round that just ended, by seat.  The kernel: none.

    .. versionadded:: 0.1.0
    """


@hookspec(firstresult=True)
def maumau_match_over(state: GameState) -> MatchResult | None:
    """
    Whether the match is over, asked after each round and each resignation.

    The kernel: once fewer than two players are left, the last one wins.

    .. versionadded:: 0.1.0
    """


# --- loading ------------------------------------------------------------------


@hookspec
def maumau_check_state(state: GameState) -> str | None:
    """
    What is impossible about a loaded *state*, in words, or ``None``: collected from every plugin.

    The kernel already refuses what it knows about (the deck, the seats, the
    options); a mechanic or a variant checks what only it knows, such as its
    slot, so that a damaged save fails by name in `maumau.from_json`.

    .. versionadded:: 0.1.0
    """


# --- describing the game ------------------------------------------------------


@hookspec(firstresult=True)
def maumau_rules_text() -> str | None:
    """
    The variant's rules in plain words, for its rule sheet (``maumau rules GAME``, `maumau.rule_sheet`).

    Paragraphs apart by blank lines; the sheet adds the players, the
    sources, the options (from their own descriptions) and the worked
    examples.  Stops at the first non-``None`` result.  The kernel: ``None``,
    and the sheet then uses the variant module's docstring.  A game profile
    needs no hook: its sheet is written from its keys.

    .. versionadded:: 0.2.0
    """


# --- encoding, for game-AI libraries --------------------------------------------


@hookspec
def maumau_action_space(  # type: ignore[empty-body]
    options: Options, players: int, cards: tuple[Card, ...], suits: tuple[str, ...], calls: tuple[str, ...]
) -> Sequence[Action]:
    """
    The actions a plugin adds to the game's fixed action space, each as seat 0 would take it: collected.

    Asked once per variant, options and player count by `maumau.rl.ActionSpace`,
    which numbers the answers in order, oldest plugin first: the kernel's
    own, then the mechanics', the variant's and the house rules'.  *cards*
    are the distinct cards of the deck in deck order, *suits* the suits a
    wish may name, *calls* the variant's calls.  List every action of your
    own classes (a bet on each pig), with every field value it may take;
    an action that `maumau.legal_actions` lists but no plugin declares
    here cannot be encoded.  Declaring an action twice is harmless.

    The kernel: a play of every card, without a call and with each call;
    drawing; passing; naming each suit; resigning.

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_features(  # type: ignore[empty-body]
    options: Options, players: int, cards: tuple[Card, ...], suits: tuple[str, ...]
) -> Sequence[Feature]:
    """
    The parts of the fixed-size observation of a view that a plugin adds, as `maumau.Feature` s: collected.

    Asked with the arguments of `maumau_action_space` (without the calls);
    the observation is every plugin's features in order, oldest plugin
    first.  A feature reads a `maumau.PlayerView` only, so it cannot show
    what the view hides; read a slot through its accessor
    (``maumau.mechanics.challenges.window(view)``).

    The kernel: own hand, top card, discard pile, drawn card, wished suit,
    debt, skips, draw pile size, direction, hand sizes, whose turn, who
    decides, resignations, scores and the round (`maumau.rl` documents the
    layout of each variant).

    .. versionadded:: 0.2.0
    """


# --- sampling hidden information ------------------------------------------------


@hookspec
def maumau_sample_hidden(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """
    Fill in what *seat* cannot see of the slots, for `maumau.sample_state`: a pipeline.

    *state* is a determinization in the making: the hidden cards are already
    dealt (uniformly, by the kernel), and every slot holds the value *seat*
    saw in its view.  A plugin whose slot view hides something (face-down
    bets, a remembered position) returns the state with that part drawn with
    *rng*, uniformly among the values the view allows, such that
    ``maumau.view(result, seat)`` still equals the view; ``None`` leaves the
    state as it is.

    .. versionadded:: 0.2.0
    """


# --- front ends: how a mechanic is told, shown and played -------------------------
#
# These hooks are asked by the front-end kit (`maumau.Narrator`, the status
# records, the move reader, the heuristic bot), never by the engine.  Their
# answers come from the built-in mechanics' modules and from the modules
# named under the entry-point group ``maumau.mechanics``: a module, not a
# game's plugin, since a replay or a view is told without its game.


@hookspec(firstresult=True)
def maumau_tell_event(event: Event, narrator: Grammar) -> str | None:
    """
    One sentence for *event*, a mechanic's own, told by *narrator* (a `maumau.Narrator`): first result.

    Called by `maumau.Narrator.event` for every event that is not the
    kernel's.  Name seats with *narrator* (``narrator.verb(seat, "wish",
    "wishes")``, ``narrator.whose(seat)``) and end with a full stop; return
    ``None`` for an event that is not yours, which is then told from its
    ``__str__`` or its fields.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_tell_action(action: Action, narrator: Grammar, seen: Any) -> str | None:
    """
    What taking *action* means, as a menu entry or a button says it ("wish for 7s"): first result.

    *seen* is the `maumau.PlayerView` the action is offered in, or ``None``.
    Return ``None`` for an action that is not yours.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_tell_move(event: Event, narrator: Grammar) -> str | None:
    """
    A few words for *event* beside its seat, as the seat's last move on a table ("wished for 7s"): first result.

    Return ``None`` when *event* is not yours or is no move of a seat.

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_status(seen: Any) -> Status | None:
    """
    This mechanic's part of the table's status as *seen* (a `maumau.PlayerView` or a `maumau.SpectatorView`): collected.

    Return a `maumau.Status` when there is something to show (a wished rank,
    a call open to a challenge), else ``None``.  The terminal, the web page
    and any other front end show every answer, in the order of the built-in
    mechanics, then the others; slots whose mechanic answers here are not
    shown again as raw slots (see `maumau_shown_slots`).

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_shown_slots() -> Sequence[str]:  # type: ignore[empty-body]
    """
    The names of the slots that this mechanic shows through `maumau_status`: collected.

    A front end shows every other slot of a view as raw text (or as a board
    when its value draws itself).

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_move_names(action: Action) -> Sequence[str] | None:
    """
    The names a player may type for *action*, the one a menu shows first: first result.

    Short, lowercase and the same in every game (``rank 7``, ``challenge play 2``).
    Return ``None`` for an action that is not yours; it is then named by its kind and fields.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_menu_place(action: Action) -> int | None:
    """
    Where *action* stands in a menu of moves, by number: first result.

    The kernel's actions stand at 20 (plays), 30 (suits), 40 (draw), 50
    (pass); a variant's own at 60, resigning at 70.  A challenge goes before
    the plays (0 to 19), a rank wish beside the suits (35).  Return ``None``
    for an action that is not yours.

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_bot_knows() -> Sequence[type[Action]]:  # type: ignore[empty-body]
    """
    The action types this mechanic hints the heuristic bot about (`maumau_bot_hint`): collected, asked once.

    The heuristic plays the others, a variant's own, at random now and then.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_bot_hint(
    source: Any, seat: int, actions: Sequence[Action], rng: random.Random, reacting: bool
) -> Action | None:
    """
    The heuristic bot's pick among *actions*, when one of them is this mechanic's: first result.

    *source* is what *seat* sees: its `maumau.PlayerView`, or a state of a
    search's rollout (read only what the seat may see: its own hand, the
    hand sizes, the public slots).  Asked before the bot's own rules for the
    kernel's actions, only when an action of a type in `maumau_bot_knows` is
    offered; return ``None`` to leave the choice to them.  *reacting* is
    true when *seat* may act out of turn (a reaction window), where the bot
    passes unless something is worth taking.  Draw from *rng* only, so that
    bots replay.

    .. versionadded:: 0.2.0
    """


@hookspec(firstresult=True)
def maumau_bot_follows(source: Any) -> Callable[[Card], bool] | None:
    """
    Which cards follow the pile plainly in *source*, when this mechanic binds the next card (a wished rank).

    The heuristic bot keeps wild cards for later and plays a card that
    follows plainly first.  Return ``None`` when nothing of yours binds the
    next card now.

    .. versionadded:: 0.2.0
    """


# --- game profiles: the keys a mechanic reads ----------------------------------------
#
# Asked by `maumau.profiles` of the same modules as the front-end hooks (the
# built-in mechanics' and the entry-point group ``maumau.mechanics``), so
# that a mechanic declares its profile keys beside the rules they configure.


@hookspec
def maumau_profile_sections() -> Mapping[str, Mapping[str, Any]] | None:
    """
    The top-level sections of a game profile this mechanic reads, each with its JSON Schema: collected.

    Added to the kernel's sections (`maumau.profiles.schema`), so that a
    profile is checked against them, the reference lists their keys with
    their descriptions and defaults, and an option or house rule may set
    them.  A section that maumau or another mechanic declares gains the
    keys you give it (``{"special": {"additionalProperties": {"properties":
    {...}}}}`` adds keys to every special card); no key declared before is
    replaced.  The built-in mechanics declare their keys here too.

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_profile_mechanics(data: Mapping[str, Any], deck: tuple[Card, ...]) -> Sequence[object] | None:
    """
    The mechanics a profile's *data* asks for (its options and house rules applied): collected.

    *deck* is the profile's pack for the most players.  Return instances
    (``HandSwaps(cards=...)``), or ``None`` when *data* does not use yours.

    .. versionadded:: 0.2.0
    """


@hookspec
def maumau_profile_problems(data: Mapping[str, Any], deck: tuple[Card, ...]) -> Sequence[tuple[str, str]] | None:
    """
    What the schema cannot see about this mechanic's keys in *data*, as (key path, problem) pairs: collected.

    Asked once the profile passed the schema, with *deck* the pack for the
    most players: a card that is not in the pack, keys that contradict
    each other.  The loader refuses the profile with every problem found.

    .. versionadded:: 0.2.0
    """
