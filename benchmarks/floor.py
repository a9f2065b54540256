"""
The floor under maumau's public face: what one decision costs at least, whatever the rules do, beside OpenSpiel.

Why: the issue on speed asks `classic` with 4 players for OpenSpiel's rate of
decisions (``crazy_eights``, 4 players, stepped from Python).  Part of every
decision is not the rules' work but what the caller's loop and the library's
public face make it do: the loop picks an action from the listing, and every
`maumau.apply` hands out a new `maumau.GameState` (its 32 fields), with a
players tuple holding one new hand, a pile one card longer, the events of the
action and the log entry behind ``state.actions``.  This measures those alone,
with no rule worked out, next to the engine and to OpenSpiel in one process.

Rows, each in CPU-seconds (`time.process_time`), taking turns in every repeat,
and the ratio to OpenSpiel taken repeat by repeat before the median:

* **maumau classic 4p**: the engine, as ``benchmarks/peers.py`` plays it.
* **OpenSpiel crazy_eights 4p**: as ``benchmarks/peers.py`` plays it.
* **the loop alone**: the caller's part, replayed over the decisions of a
  recorded stretch of classic: the acting seat, the listing without
  `maumau.Resign`, a seeded choice.
* **the loop and a new state**: the same, plus the one copy of the state with
  the fields a play changes (`maumau.flow.evolve_state`).
* **the public face's floor**: the same, plus the players with one new hand
  (`maumau.flow.with_hand`), the pile one card longer, the events (a tuple
  of one `maumau.CardPlayed`, made beforehand, as the kernel shares its
  common events) and the log entry: the objects any engine behind this
  public face makes for a play.  No memo of listings, no hash, no rule: the
  floor is above what the engine can reach.
* **a compact state's floor**: the same objects as a compact core would
  make them (the issue's option of positions as tuples, with the
  `maumau.GameState` built only when asked for): the position as one tuple
  (the hands, the piles and the turn's eleven fields) with one new hand and
  the pile one card longer, held with the event and the log in an object of
  four slots.  What the state of any such core costs at least.
* **and a listing from a table**: the same, plus the seat's listing as a
  core that keeps cards as small integers would make it: its hand's cards
  that fit the top card, from a table by top card made once, each as a
  play made once, then the draw and the resignation.  What a decision of
  such a core costs at least before any other rule.
* **all as integers, no objects**: the last row as the issue's prototype
  works: the listing as card numbers and a number for the draw, a random
  number of it, the position after the play as one tuple, and no action,
  event, log or state object at all.  The gap between this row and the one
  before is what the public face's objects (the actions, the events, the
  log, the state) cost a compact core.

The recorded stretch is short (``--window`` decisions, replayed over and
over) so that its states stay in the processor's caches, as the engine's
few live states do.

``python benchmarks/floor.py --seconds 1 --repeats 5``
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import maumau
from maumau import CardPlayed, GameState, Resign
from maumau.flow import evolve_state, with_hand

sys.path.insert(0, str(Path(__file__).parent))
from peers import Contender, acting_seat, maumau_contender, openspiel_contender, timed

#: A recorded decision: the state, its acting seat's listing and the action chosen.
Decision = tuple[GameState, tuple[maumau.Action, ...], maumau.Action]


def recorded(decisions: int, seed: int) -> list[Decision]:
    """
    The first *decisions* decisions of random classic matches of 4 players from *seed* on.
    """
    rng = random.Random(seed)
    stretch: list[Decision] = []
    state = maumau.new_game("classic", players=4, seed=seed)
    while len(stretch) < decisions:
        if state.result is not None:
            state = maumau.new_game("classic", players=4, seed=rng.randrange(1 << 30))
        listing = maumau.legal_actions(state, acting_seat(state))
        action = rng.choice([each for each in listing if not isinstance(each, Resign)])
        stretch.append((state, listing, action))
        state = maumau.apply(state, action)
    return stretch


def replayed(label: str, config: str, stretch: list[Decision], step: Callable[[Decision, int], object]) -> Contender:
    """
    A contender that runs the caller's loop over *stretch*, calling *step* with each decision and the seat chosen
    for: one "game" is the whole stretch.
    """
    rng = random.Random(1)

    def play() -> int:
        choice = rng.choice
        for decision in stretch:
            state, listing, _ = decision
            seat = acting_seat(state)
            choice([action for action in listing if not isinstance(action, Resign)])
            step(decision, seat)  # type: ignore[arg-type]  # a decision's state always has an acting seat
        return len(stretch)

    def observe() -> tuple[int, int, str]:
        return len(stretch), 0, "replayed"

    return Contender("floor", "maumau", label, config, play, observe)


def nothing(decision: Decision, seat: int) -> None:
    """
    The caller's loop alone: no new state.
    """


def copied(decision: Decision, seat: int) -> GameState:
    """
    One new state with the fields a play changes, holding what it held.
    """
    state, _, action = decision
    return evolve_state(
        state,
        {
            "players": state.players,
            "discard_pile": state.discard_pile,
            "to_move": (seat + 1) % 4,
            "passes": 0,
            "drawn": None,
            "wish": None,
            "events": (),
            "log": (state.log, action),
        },
    )


def floor(decision: Decision, seat: int) -> GameState:
    """
    The objects a play makes behind the public face: a new state, one new hand, the pile, the event, the log.
    """
    state, _, action = decision
    hand = state.players[seat].hand
    card = hand[0] if hand else state.discard_pile[-1]
    event = _PLAYED.get((seat, card)) or _PLAYED.setdefault((seat, card), CardPlayed(seat, card))
    return evolve_state(
        state,
        {
            "players": with_hand(state.players, seat, hand[1:]),
            "discard_pile": (*state.discard_pile, card),
            "to_move": (seat + 1) % 4,
            "passes": 0,
            "drawn": None,
            "wish": None,
            "events": (event,),
            "log": (state.log, action),
        },
    )


#: The events of the floor's plays, made once each, as the kernel shares its most common events.
_PLAYED: dict[tuple[int, maumau.Card], CardPlayed] = {}


class _Compact:
    """
    A compact core's state at its smallest: its position as one tuple, the rules, the action's events, the log.
    """

    __slots__ = ("events", "log", "position", "rules")
    events: tuple[CardPlayed, ...]
    log: object
    position: tuple[Any, ...]
    rules: object


class _Core:
    """
    What a compact core would keep of a recorded stretch: each state's position as a tuple of small integers, and
    the game's tables made once (the cards that fit each top card, each seat's plays, draws and resignations).
    """

    def __init__(self, stretch: list[Decision]) -> None:
        first = stretch[0][0]
        self.deck = sorted(
            {*first.draw_pile, *first.discard_pile, *(card for hand in first.hands for card in hand)}, key=str
        )
        self.ids = {card: number for number, card in enumerate(self.deck)}
        #: By top card: the cards that may follow it (its suit, its rank, a jack), as the first rule of classic says.
        self.fits = [
            frozenset(
                number for number, card in enumerate(self.deck) if card.suit == top.suit or card.rank in (top.rank, "J")
            )
            for top in self.deck
        ]
        self.plays = [[maumau.PlayCard(seat, card) for card in self.deck] for seat in range(4)]
        self.played_events = [[CardPlayed(seat, card) for card in self.deck] for seat in range(4)]
        self.ends = [(maumau.DrawCards(seat), Resign(seat)) for seat in range(4)]
        self.positions = {id(state): self.position(state) for state, _, _ in stretch}

    def position(self, state: GameState) -> tuple[Any, ...]:
        """
        *state* as one tuple: the hands and piles as small integers, then the turn's eleven fields.
        """
        ids = self.ids
        return (
            tuple(tuple(ids[card] for card in hand) for hand in state.hands),
            tuple(ids[card] for card in state.draw_pile),
            tuple(ids[card] for card in state.discard_pile),
            state.to_move,
            state.direction,
            state.wish,
            state.debt,
            state.skips,
            state.drawn,
            state.pending,
            state.passes,
            state.draws,
            state.again,
            state.waits,
        )

    def played(self, decision: Decision, seat: int) -> _Compact:
        """
        The compact state after *seat* plays its first card (or the top card again, from an empty hand).
        """
        return self._after(decision, seat, self.positions[id(decision[0])])

    def listed_and_played(self, decision: Decision, seat: int) -> _Compact:
        """
        The listing of *seat* from the table by top card, then the compact state after its play.
        """
        position = self.positions[id(decision[0])]
        fits = self.fits[position[2][-1]]
        plays = self.plays[seat]
        listed = [plays[card] for card in position[0][seat] if card in fits]
        listed += self.ends[seat]
        tuple(listed)
        return self._after(decision, seat, position)

    def _after(self, decision: Decision, seat: int, position: tuple[Any, ...]) -> _Compact:
        state, _, action = decision
        new = _Compact()
        new.position, card = position_after_play(position, seat)
        new.rules = state.rules
        new.events = (self.played_events[seat][card],)
        new.log = (state.log, action)
        return new


def position_after_play(position: tuple[Any, ...], seat: int) -> tuple[tuple[Any, ...], int]:
    """
    The position after *seat* plays its first card (or the top card again, from an empty hand), and that card: the
    one new hand, the pile one card longer, the move handed on and the turn's fields a play clears.
    """
    hands, draw_pile, discard_pile, _, direction, _, debt, skips, _, _, _, draws, again, waits = position
    hand = hands[seat]
    card = hand[0] if hand else discard_pile[-1]
    after = (
        (*hands[:seat], hand[1:], *hands[seat + 1 :]),
        draw_pile,
        (*discard_pile, card),
        (seat + 1) % 4,
        direction,
        None,
        debt,
        skips,
        None,
        None,
        0,
        draws,
        again,
        waits,
    )
    return after, card


def as_integers(label: str, config: str, stretch: list[Decision], core: _Core) -> Contender:
    """
    The issue's prototype's way over *stretch*: the listing as the card numbers that fit and a number for the draw,
    a random number of it, and the position after the play as one tuple, with no action, event, log or state
    object made.
    """
    rng = random.Random(1)
    positions: list[tuple[tuple[Any, ...], int]] = []
    for state, _, _ in stretch:
        seat = acting_seat(state)
        assert seat is not None  # a recorded decision has a seat to act
        positions.append((core.positions[id(state)], seat))
    fits = core.fits
    draw = len(core.deck)

    def play() -> int:
        choice = rng.choice
        for position, seat in positions:
            top = fits[position[2][-1]]
            listed = [card for card in position[0][seat] if card in top]
            listed.append(draw)
            choice(listed)
            position_after_play(position, seat)  # the position after the play, as the state of such a core
        return len(positions)

    def observe() -> tuple[int, int, str]:
        return len(positions), 0, "replayed"

    return Contender("floor", "maumau", label, config, play, observe)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per row per repeat (default: 1)")
    parser.add_argument("--repeats", type=int, default=5, help="rounds of all rows, order rotated (default: 5)")
    parser.add_argument("--window", type=int, default=300, help="decisions of the recorded stretch (default: 300)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and of the choices (default: 0)")
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.seconds <= 0 or args.window < 1:
        parser.error("--repeats and --window must be at least 1 and --seconds positive")
    peer = openspiel_contender(4, args.seed)
    engine = maumau_contender(args.seed)
    if peer is None or engine is None:
        print("OpenSpiel (open_spiel) is not installed: nothing to compare with")
        return 1
    stretch = recorded(args.window, args.seed)
    core = _Core(stretch)
    what = f"a recorded stretch of {args.window} decisions of classic, 4 players"
    rows = [
        engine,
        peer,
        replayed("the loop alone", what, stretch, nothing),
        replayed("the loop and a new state", what, stretch, copied),
        replayed("the public face's floor", what, stretch, floor),
        replayed("a compact state's floor", what, stretch, core.played),
        replayed("and a listing from a table", what, stretch, core.listed_and_played),
        as_integers("all as integers, no objects", what, stretch, core),
    ]
    print(f"Python {platform.python_version()}, {platform.machine()}, decisions per CPU second (time.process_time)")
    print(f"{args.repeats} repeats x {args.seconds:g} CPU s per row, order rotated each repeat")
    for repeat in range(args.repeats):
        shift = repeat % len(rows)
        for row in rows[shift:] + rows[:shift]:
            timed(row, args.seconds)
    width = max(len(row.label) for row in rows)
    print(f"\n{'row':<{width}}  {'median dec/CPU s':>16}  {'/ OpenSpiel':>11}  ratio of each repeat")
    for row in rows:
        ratios = [mine / theirs for mine, theirs in zip(row.rates, peer.rates, strict=True)]
        each = " ".join(f"{ratio:.3f}" for ratio in ratios)
        rate, ratio = statistics.median(row.rates), statistics.median(ratios)
        print(f"{row.label:<{width}}  {rate:>16,.0f}  {ratio:>11.3f}  [{each}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
