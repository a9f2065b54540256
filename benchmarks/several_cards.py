"""
What a play of several cards costs the engine, next to the same cards played on separate turns.

A play of several cards is one `maumau.PlayCard` per card (every one but the
last with ``more``), each a decision: one `maumau.legal_actions` and one
`maumau.apply`.  The goal is that such a play costs no more than the same
cards played one per turn.  Both are measured from prepared positions, so
that only the player's own decisions count:

* **together**: seat 1 holds four 9s and the Q♣, the top card is the Q♥,
  and it plays the four 9s as one play (`maumau.mechanics.Combinations`),
  the 9♥ first: four decisions, three cards with more to follow and the
  last, which applies the play's effects and ends the turn;
* **apart**: the same game, four positions in each of which seat 1 plays
  one of the 9s alone on the one before (its hand one card shorter each
  time, the other 9s still in it): four decisions, each a whole play and
  turn, as when the cards go down on separate turns.

Each is repeated over and over for ``--seconds`` of CPU time, the two
alternating; the ratio of their CPU time per card is taken repeat by
repeat, and its median reported (below 1: playing the cards together costs
less).  The legal actions a state remembers are cleared before each
repetition, so every listing is computed.

Run ``python benchmarks/several_cards.py`` or ``nox -s bench -- --several``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from attrs import evolve

import maumau
from maumau import Action, Card, GameState, PlayCard, french_deck, hookimpl, parse_cards
from maumau._memo import forget
from maumau.mechanics import Combinations

PACK = french_deck()
NINES = parse_cards("9h 9s 9d 9c")
#: The top card the first 9 is played on, and the card seat 1 keeps.
TOP, KEPT = Card("Q", "♥"), Card("Q", "♣")


class FullPack:
    """
    A house rule for classic: the 52-card pack.
    """

    name = "full_pack"

    @hookimpl
    def maumau_deck(self) -> tuple[Card, ...]:
        return PACK


class Sets(FullPack):
    """
    The 52-card pack, and cards of one rank going down together.
    """

    name = "sets"

    @hookimpl
    def maumau_mechanics(self) -> tuple[object, ...]:
        return (Combinations(sets=True),)


def position(plugin: object, hand: Sequence[Card], top: Card) -> GameState:
    """
    Seat 1 of a 3-player classic game with *plugin*, to move, holding *hand*, with *top* on the pile.
    """
    state = maumau.new_game("classic", players=3, seed=1, plugins=[plugin])
    rest = [card for card in state.draw_pile + state.discard_pile if card not in hand and card != top]
    rest += [card for player in state.players for card in player.hand if card not in hand and card != top]
    players = (
        evolve(state.players[0], hand=tuple(rest[:5])),
        evolve(state.players[1], hand=tuple(hand)),
        evolve(state.players[2], hand=tuple(rest[5:10])),
    )
    return evolve(state, players=players, discard_pile=(top,), draw_pile=tuple(rest[10:]), to_move=1)


def together() -> Callable[[], None]:
    """
    The four 9s as one play, the 9♥ on the Q♥ first.
    """
    start = position(Sets(), (*NINES, KEPT), TOP)
    steps = [(card, card is not NINES[3]) for card in start.players[1].hand[:4]]

    def run() -> None:
        state = start
        forget(state)
        for card, more in steps:
            state = maumau.apply(state, listed(maumau.legal_actions(state), card, more))

    return run


def apart(rules: object | None = None) -> Callable[[], None]:
    """
    The four 9s one per turn, from the four positions before each of them: in the same game, or with *rules*.
    """
    starts, top = [], TOP
    for index in range(4):
        starts.append(position(rules or Sets(), (*NINES[index:], KEPT), top))
        top = NINES[index]
    steps = [(state, state.players[1].hand[0]) for state in starts]

    def run() -> None:
        for state, card in steps:
            forget(state)
            maumau.apply(state, listed(maumau.legal_actions(state), card, False))

    return run


def listed(actions: Sequence[Action], card: Card, more: bool) -> Action:
    """
    The listed play of this very *card* (as `maumau.apply` recognises listed actions: by identity), with *more*.
    """
    for action in actions:
        if type(action) is PlayCard and action.card is card and action.more is more and action.call is None:
            return action
    raise LookupError(f"{card} is not listed")


def cpu_per_run(run: Callable[[], None], seconds: float) -> float:
    """
    CPU seconds per call of *run*, over at least *seconds* of CPU time.
    """
    calls = 0
    start = time.process_time()
    while True:
        for _ in range(200):
            run()
        calls += 200
        used = time.process_time() - start
        if used >= seconds:
            return used / calls


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per side per repeat (default: 1)")
    parser.add_argument("--repeats", type=int, default=7, help="repeats, the two sides alternating (default: 7)")
    args = parser.parse_args(argv)
    sides = {"together": together(), "apart": apart(), "one by one": apart(FullPack())}
    seen: dict[str, list[float]] = {name: [] for name in sides}
    ratios: dict[str, list[float]] = {"apart": [], "one by one": []}
    names = list(sides)
    for repeat in range(args.repeats):
        shift = repeat % len(names)
        times = {name: cpu_per_run(sides[name], args.seconds) for name in names[shift:] + names[:shift]}
        for name, used in times.items():
            seen[name].append(used)
        for name in ratios:
            ratios[name].append(times["together"] / times[name])
    print("four 9s played by one seat, 52-card classic, 3 players; CPU time per card (a listing and an apply)")
    words = {
        "together": "as one play, the game allowing sets",
        "apart": "one per turn, in the same game",
        "one by one": "one per turn, in the game without sets",
    }
    for name, used in seen.items():
        median = statistics.median(used) / 4 * 1e6
        print(f"  {name:<10} {median:8.1f} µs per card (median of {args.repeats}): {words[name]}")
    for name, each in ratios.items():
        shown = " ".join(f"{ratio:.3f}" for ratio in each)
        goal = "  (at most 1 is the goal)" if name == "apart" else ""
        print(f"  together / {name}: {statistics.median(each):.3f}  [{shown}]{goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
