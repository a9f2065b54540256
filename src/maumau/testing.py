"""
A conformance kit: the checks every variant must pass, in one call.

A variant author runs ``check_variant("my-variant", players=range(2, 6))``
in their own test suite, as maumau's own variants do.  Hypothesis picks
seeds and player counts; each game is random legal play to the end of the
match, and every step is checked:

* the cards are conserved: none lost, none duplicated;
* every legal action is accepted, and every other action tried is refused
  with `IllegalActionError` or `InvalidActionError`, leaving the state equal
  to what it was; the actions tried include every card of the deck played
  by every seat with every call, no call, and odd or oversized call text
  ("MAU!!!", a lone surrogate; 100,000 characters, refused as the action
  is made), every card as one that more cards follow (so that, in a play
  of several cards, cards out of order, of another rank, already played
  or never held are tried), draws, passes, suits real and made up,
  challenges of every seat, every action the game's encoding declares
  (each rank a wish may name), and each seat's listed actions taken by
  another seat;
* every listed play can be made without missing a call (`check_calls`);
* a view does not change when the cards its seat cannot see are permuted;
* a state sampled from a seat's view (`maumau.sample_state`) shows that
  seat the same view, hides the same cards, and plays on;
* states, views and actions survive a JSON round trip;
* replaying the record gives the same state;
* the match ends.

`check_encoding` checks what game-AI libraries need (`maumau.rl`): every
legal action has an id that decodes back to it, and the observation has
its fixed size and does not change when hidden cards are permuted.

Hypothesis is needed (``pip install hypothesis``); it is imported when a
check runs, so importing this module costs nothing.

The kit keeps a test suite quick with a few dozen games.  For a long
search, call `random_game` with ``check_every=1`` over thousands of seeds,
as maumau's own ``nox -s soak`` does (``tests/soak.py``); a failure names
the seed that plays the same match again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from attrs import evolve

from ._actions import Action, Challenge, ChooseSuit, DrawCards, Pass, PlayCard, Resign
from ._cards import Card, parse_card
from ._determinize import sample_state
from ._engine import apply, legal_actions
from ._events import PenaltyDrawn
from ._games import new_game, replay
from ._options import Options
from ._serialize import from_json, to_json
from ._state import GameState
from ._view import PlayerView, view
from .exceptions import IllegalActionError, InvalidActionError
from .mechanics.challenges import window
from .plugins import Rules
from .rl import ActionSpace, Observer

__all__ = [
    "check_calls",
    "check_conservation",
    "check_encoding",
    "check_illegal_actions",
    "check_json",
    "check_replay",
    "check_sampling",
    "check_step",
    "check_variant",
    "check_views",
    "random_game",
    "stacked_deck",
]


def _all_cards(state: GameState) -> Counter[Card]:
    cards: Counter[Card] = Counter(state.draw_pile)
    cards.update(state.discard_pile)
    for player in state.players:
        cards.update(player.hand)
    return cards


def check_conservation(state: GameState) -> None:
    """
    Assert that the state holds exactly the variant's deck: no card lost or duplicated.
    """
    expected = Counter(state.rules.deck(state.options, len(state.players)))
    actual = _all_cards(state)
    if actual != expected:
        lost = expected - actual
        extra = actual - expected
        raise AssertionError(
            f"cards not conserved: lost {sorted(map(str, lost.elements()))}, extra {sorted(map(str, extra.elements()))}"
        )


#: Call text no variant accepts as it stands: wrong case and punctuation, a lone surrogate, far too long.
ODD_CALLS: tuple[str, ...] = ("mau", "MAU!!!", "Mau Mau Mau", "", " ", "\ud800", "x" * 100_000)


def _candidates(state: GameState, seat: int, others: Iterable[Action]) -> list[Action]:
    """
    Actions a seat might try, listed or not: every card of the deck with every call and with odd
    text, every card as one that more cards follow, every suit and a made-up one, every challenge,
    every action the game's encoding declares, and the actions listed for the other seats taken by
    this one.
    """
    actions = list(_fixed_candidates(state.rules, state.options, len(state.players), seat))
    near = dict.fromkeys((*state.players[seat].hand, state.discard_pile[-1]))  # the cards odd text matters for
    for card in near:
        for call in ODD_CALLS:
            try:
                actions.append(PlayCard(seat, card, call))
            except InvalidActionError:  # refused as it is made (a call too long): there is nothing to apply
                continue
    for action in others:  # another seat's move, made by this one (fields other than the seat kept)
        try:
            actions.append(evolve(action, seat=seat))
        except (TypeError, ValueError):  # pragma: no cover - an action class that will not take another seat
            continue
    return actions


@lru_cache(maxsize=256)
def _fixed_candidates(rules: Rules, options: Options, players: int, seat: int) -> tuple[Action, ...]:
    """
    The candidates of `_candidates` that depend on the game alone, not on the position: made once per seat.
    """
    calls: list[str | None] = [None, *rules.calls(options)]
    deck = rules.deck(options, players)
    cards = dict.fromkeys(deck)
    actions: list[Action] = [PlayCard(seat, card, call) for card in cards for call in calls]
    # a card that more cards would follow, any card: in a play of several cards, out of order, of another rank,
    # played already (no longer held), never held; and with a call, which only a play's last card says
    actions += [PlayCard(seat, card, call, True) for card in cards for call in calls[:2]]
    actions += [DrawCards(seat), Pass(seat), Resign(seat)]
    suits = tuple(dict.fromkeys(card.suit for card in deck if card.suit is not None))
    actions += [ChooseSuit(seat, suit) for suit in (*suits, "no such suit")]
    actions += [Challenge(seat, other) for other in range(players)]
    # every action of the game as its encoding declares it: a mechanic's and a variant's own actions with every
    # value of their fields (each rank a wish may name, each seat a challenge may name)
    space = ActionSpace.of(new_game(rules.variant, players=players, options=options, plugins=rules.house_rules))
    actions += [space.decode(index, seat) for index in range(1, len(space))]
    return tuple(dict.fromkeys(actions))


#: How many unlisted actions per seat `check_step` tries in each state, drawn at random (all of them
#: over a game's many states); `check_illegal_actions` alone tries every one.
SAMPLE_PER_SEAT = 24


def check_illegal_actions(state: GameState, rng: random.Random | None = None, sample: int | None = None) -> None:
    """
    Assert that, for every seat, `apply` accepts what `legal_actions` lists and
    rejects every other candidate with `IllegalActionError` (or `InvalidActionError`),
    with a short message, leaving *state* equal.

    With *rng* and *sample*, only *sample* unlisted candidates per seat are
    tried, drawn by *rng*, which keeps a check of every step affordable.
    """
    before = repr(state)
    seats = range(len(state.players))
    every = {seat: legal_actions(state, seat) for seat in seats}
    for seat in seats:
        listed = every[seat]
        listed_set = set(listed)
        if len(listed_set) != len(listed):
            raise AssertionError(f"legal_actions for seat {seat} lists an action twice: {listed}")
        others = [action for other in seats if other != seat for action in every[other]]
        candidates = _candidates(state, seat, others)
        if rng is not None and sample is not None and len(candidates) > 2 * sample:
            # a random sample of the candidates first, then those of it not listed: the listed are few
            unlisted = [action for action in rng.sample(candidates, 2 * sample) if action not in listed_set][:sample]
        else:
            unlisted = [action for action in candidates if action not in listed_set]
        for action in unlisted:
            try:
                apply(state, action)
            except (IllegalActionError, InvalidActionError) as error:
                if len(str(error)) > 400:
                    raise AssertionError(
                        f"refusing '{action}' gives a message of {len(str(error)):,} characters"
                    ) from None
            else:
                raise AssertionError(f"'{action}' is accepted by apply but not listed by legal_actions(state, {seat})")
        for action in listed:
            try:
                apply(state, action)
            except Exception as error:  # a plugin that lists what it cannot apply, or a step that fails
                raise AssertionError(f"'{action}' is listed by legal_actions but rejected by apply: {error}") from error
    if repr(state) != before:
        raise AssertionError("checking actions changed the state")


def check_calls(state: GameState) -> None:
    """
    Assert that every listed play can be made without missing a call: a play listed without a call costs no
    missed call, and a play with a call due is listed with it, and costs nothing when it says it.

    The call a play owes is one question (`maumau.flow.call_due`); a
    variant that answers it one way while listing and judges another (a
    call that depends on the card, asked without it) fails here.

    .. versionadded:: 0.2.0
    """
    for seat in range(len(state.players)):
        listed = legal_actions(state, seat)
        plays: dict[tuple[Card, bool], list[PlayCard]] = {}
        for action in listed:
            if isinstance(action, PlayCard) and not action.more:
                plays.setdefault((action.card, action.seat == state.to_move), []).append(action)
        for group in plays.values():
            said = group[0]  # the due call when one is due, else the play without a call
            try:
                after = apply(state, said)
            except (IllegalActionError, InvalidActionError) as error:  # pragma: no cover - check_illegal_actions'
                raise AssertionError(f"'{said}' is listed but refused: {error}") from error
            missed = [
                event
                for event in after.events
                if isinstance(event, PenaltyDrawn) and event.seat == seat and event.reason.startswith("missed")
            ]
            if missed or Counter(_misses(after))[seat] > Counter(_misses(state))[seat]:
                due = f"the call it owes, {said.call!r}," if said.call else "no call"
                raise AssertionError(
                    f"'{said}' is listed with {due} but misses a call: the call listed and the call judged differ"
                )


def _misses(state: GameState) -> list[int]:
    """
    The offender of every missed call open to a challenge, once per call missed.
    """
    found: list[int] = []
    current = window(state)
    while current is not None:
        found += [current.offender] * len(current.missed.split(" and "))
        current = current.then
    return found


def _permute_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    hidden = list(state.draw_pile)
    for other, player in enumerate(state.players):
        if other != seat:
            hidden.extend(player.hand)
    rng.shuffle(hidden)
    players = []
    position = 0
    for other, player in enumerate(state.players):
        if other == seat:
            players.append(player)
            continue
        size = len(player.hand)
        players.append(evolve(player, hand=tuple(hidden[position : position + size])))
        position += size
    return evolve(state, players=tuple(players), draw_pile=tuple(hidden[position:]))


def check_views(state: GameState, rng: random.Random) -> None:
    """
    Assert that no seat's view changes when the cards it cannot see are shuffled
    among the other hands and the draw pile.
    """
    for seat in range(len(state.players)):
        seen = view(state, seat)
        permuted = _permute_hidden(state, seat, rng)
        if view(permuted, seat) != seen:
            raise AssertionError(f"seat {seat}'s view depends on cards it cannot see")
        if seen.hand != state.players[seat].hand or seen.draw_pile_size != len(state.draw_pile):
            raise AssertionError(f"seat {seat}'s view misstates its own hand or the pile size")


def check_sampling(state: GameState, rng: random.Random, plugins: Iterable[object] = ()) -> None:
    """
    Assert that a state sampled from each seat's view shows that seat the same view, hides the same cards from
    it, and accepts every action it lists.

    A plugin whose slot view hides something, and that does not complete it
    in ``maumau_sample_hidden``, fails here when the rules cannot go on from
    the value as seen.

    .. versionadded:: 0.2.0
    """
    plugins = tuple(plugins)
    for seat in range(len(state.players)):
        seen = view(state, seat)
        sampled = sample_state(seen, seed=rng.getrandbits(32), plugins=plugins)
        if view(sampled, seat) != seen:
            raise AssertionError(f"a state sampled from seat {seat}'s view shows it another view")
        if _all_cards(sampled) != _all_cards(state):
            raise AssertionError(f"a state sampled from seat {seat}'s view has other cards")
        for other in range(len(sampled.players)):
            for action in legal_actions(sampled, other):
                try:
                    apply(sampled, action)
                except Exception as error:
                    raise AssertionError(
                        f"'{action}' is listed in a state sampled from seat {seat}'s view but fails: {error}"
                    ) from error


def check_json(state: GameState, plugins: Iterable[object] = ()) -> None:
    """
    Assert that the state, each seat's view and the legal actions survive JSON.
    """
    plugins = tuple(plugins)
    text = to_json(state)
    back = from_json(text, GameState, plugins=plugins, trusted=True)  # check_replay loads one untrusted
    if back != state or to_json(back) != text:
        raise AssertionError("the state changed in a JSON round trip")
    for seat in range(len(state.players)):
        seen = view(state, seat)
        if from_json(to_json(seen), PlayerView, plugins=plugins) != seen:
            raise AssertionError(f"seat {seat}'s view changed in a JSON round trip")
        for action in seen.legal_actions:
            if from_json(to_json(action), Action) != action:
                raise AssertionError(f"'{action}' changed in a JSON round trip")


def check_replay(state: GameState, plugins: Iterable[object] = ()) -> None:
    """
    Assert that replaying the state's record rebuilds an equal state, and that the state loads from JSON untrusted.
    """
    plugins = tuple(plugins)
    rebuilt = replay(state.record, plugins=plugins)
    if rebuilt != state or to_json(rebuilt) != to_json(state):
        raise AssertionError("replaying the record does not give the same state")
    if from_json(to_json(state), GameState, plugins=plugins) != state:  # replayed and compared as it loads
        raise AssertionError("the state, saved and loaded untrusted, is not the same state")


def check_step(state: GameState, rng: random.Random, plugins: Iterable[object] = (), *, json: bool = True) -> None:
    """
    Every per-step check on one state; the JSON round trip, whose cost grows
    with the game's length, and the sampling check only with *json*.
    """
    check_conservation(state)
    check_illegal_actions(state, rng, SAMPLE_PER_SEAT)
    check_calls(state)
    check_views(state, rng)
    if json:
        check_json(state, plugins)
        check_sampling(state, rng, plugins)


def check_encoding(state: GameState, rng: random.Random) -> None:
    """
    Assert that every seat's legal actions are in the game's action space and decode back to themselves, and
    that each seat's observation has the observer's size and stays the same when the cards the seat cannot
    see are permuted.

    .. versionadded:: 0.2.0
    """
    space, observer = ActionSpace.of(state), Observer.of(state)
    for seat in range(len(state.players)):
        for action in legal_actions(state, seat):
            index = space.encode(action)
            if space.decode(index, seat) != action:
                raise AssertionError(f"action id {index} decodes to {space.decode(index, seat)}, not {action}")
        values = observer.values(view(state, seat))
        if len(values) != observer.size:
            raise AssertionError(f"seat {seat}'s observation has {len(values)} numbers, not {observer.size}")
        if observer.values(view(_permute_hidden(state, seat, rng), seat)) != values:
            raise AssertionError(f"seat {seat}'s observation depends on cards it cannot see")


def _choices(state: GameState, out_of_turn: bool, rng: random.Random) -> list[Action]:
    seats: Iterable[int] = range(len(state.players))
    if not out_of_turn:
        seats = [state.to_move] if state.to_move is not None else []
    actions = [a for seat in seats for a in legal_actions(state, seat) if not isinstance(a, Resign)]
    if not actions or rng.random() < 0.002:
        actions += [a for seat in seats for a in legal_actions(state, seat) if isinstance(a, Resign)]
    return actions


def random_game(
    variant: str,
    *,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    plugins: Iterable[object] = (),
    out_of_turn: bool = False,
    check_every: int = 0,
    max_steps: int = 100_000,
    thin_after: int | None = None,
) -> GameState:
    """
    Play random legal actions from *seed* to the end of the match; return the final state.

    With *out_of_turn*, each step chooses among the legal actions of every
    seat, so jump-ins and challenges happen; otherwise among the seat to
    move's.  Now and then a player resigns.  With *check_every* ``k > 0``,
    `check_step` runs on every *k*-th state (the JSON round trip, whose
    cost grows with the game, on the first twenty steps and then at steps
    32, 64, 128 and so on) and everything, `check_replay` included, on the
    last.  With *thin_after*, only every fifth of those states is checked after that many steps.

    Raises:
        AssertionError: a check failed or the match did not end in *max_steps*;
            the message names the seed and the step.
    """
    plugins = tuple(plugins)
    rng = random.Random(seed)
    state = new_game(variant, players=players, seed=seed, options=options, plugins=plugins)
    step = 0
    try:
        while not state.is_over:
            every = check_every if thin_after is None or step < thin_after else 5 * check_every
            if check_every and step % every == 0:
                check_step(state, rng, plugins, json=step < 20 or step & (step - 1) == 0)
            actions = _choices(state, out_of_turn, rng)
            if not actions:
                raise AssertionError("nobody has a legal action, but the match is not over")
            state = apply(state, rng.choice(actions))
            step += 1
            if step >= max_steps:
                raise AssertionError(f"the match did not end in {max_steps} actions")
        if check_every:
            check_step(state, rng, plugins)
            check_replay(state, plugins)
    except AssertionError as error:
        raise AssertionError(f"{variant}, {players} players, seed {seed}, step {step}: {error}") from error
    return state


def check_variant(
    variant: str,
    *,
    players: Iterable[int] = range(2, 5),
    options: Mapping[str, Any] | None = None,
    plugins: Iterable[object] = (),
    games: int | None = None,
    out_of_turn: bool = False,
    check_every: int = 1,
    thorough: bool = False,
) -> None:
    """
    Run the whole conformance kit on *variant*: *games* random matches, seeds
    and player counts chosen by Hypothesis, every *check_every*-th step checked.

    By default it is quick enough for every test run: 10 matches, each step
    checked for the first 100 steps of a match and every fifth step after
    (a few CPU-seconds for a small variant).  *thorough* is the long run
    before a release: 50 matches, every step checked.

    Use small matches (an option for a low target, a single round) to keep
    per-step checking fast; `random_game` with ``check_every=0`` plays full
    matches quickly.

    Raises:
        AssertionError: the first failing check, with seed and step.

    .. versionchanged:: 0.2.0
       *thorough*; the default run plays 10 matches, not 25, and thins its checks after step 100.
    """
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    seats = sorted(players)
    plugins = tuple(plugins)

    if games is None:
        games = 50 if thorough else 10

    @settings(
        max_examples=games,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), count=st.sampled_from(seats))
    def run(seed: int, count: int) -> None:
        random_game(
            variant,
            players=count,
            seed=seed,
            options=options,
            plugins=plugins,
            out_of_turn=out_of_turn,
            check_every=check_every,
            thin_after=None if thorough else 100,
        )

    run()


def stacked_deck(
    variant: str,
    hands: Sequence[Sequence[Card | str]],
    starter: Card | str,
    draw: Sequence[Card | str] = (),
    *,
    dealer: int = 0,
    options: Mapping[str, object] | None = None,
    deck: Sequence[Card] | None = None,
) -> tuple[Card, ...]:
    """
    A deck of *variant* for `maumau.new_game`'s *deck*, top first, that deals ``hands[seat]`` to every seat.

    Cards are dealt singly, starting with the seat after *dealer* (the
    kernel's deal, which most variants keep); then comes the *starter*, then
    *draw* (the top of the draw pile), then every card of the variant's deck
    not named yet, in the deck's own order (or *deck*'s, when given: the
    cards the variant deals with its options and player count).  Pass the
    same *dealer* to `maumau.new_game`.  Cards are `maumau.Card` objects or their short text
    (``"7h"``, ``"10s"``).

    >>> from maumau import new_game
    >>> from maumau.testing import stacked_deck
    >>> deck = stacked_deck("classic", [["7c", "8c", "Jc", "Qc", "Kc"], ["9h", "10h", "Ah", "7s", "8s"]], "Kh")
    >>> state = new_game("classic", players=2, seed=1, deck=deck, dealer=0)
    >>> [str(card) for card in state.players[1].hand], str(state.top)
    (['9♥', '10♥', 'A♥', '7♠', '8♠'], 'K♥')

    Raises:
        ValueError: the hands differ in size, or a card is named more often than the deck holds it.

    .. versionadded:: 0.2.0
    """

    def card_of(card: Card | str) -> Card:
        return card if isinstance(card, Card) else parse_card(card)

    seats = len(hands)
    dealt = [[card_of(card) for card in hand] for hand in hands]
    size = len(dealt[0]) if dealt else 0
    if any(len(hand) != size for hand in dealt):
        raise ValueError(f"every hand needs the same number of cards, got {[len(hand) for hand in dealt]}")
    order = [dealt[(dealer + 1 + offset) % seats][position] for position in range(size) for offset in range(seats)]
    order += [card_of(starter), *(card_of(card) for card in draw)]
    if deck is None:
        blank = new_game(variant, players=seats, seed=0, options=options)
        deck = blank.rules.deck(blank.options, seats)
    left = Counter(deck)
    left.subtract(order)
    twice = sorted(str(card) for card, count in left.items() if count < 0)
    if twice:
        raise ValueError(f"cards named more often than the {variant} deck holds them: {', '.join(twice)}")
    for card in deck:
        if left[card] > 0:
            order.append(card)
            left[card] -= 1
    return tuple(order)
