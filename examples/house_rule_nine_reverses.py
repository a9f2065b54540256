"""
A house rule as a plugin: in classic Mau-Mau, a 9 reverses the direction of play.

A house rule is any object with `maumau.hookimpl` methods named after the
hooks in `maumau.hookspecs`.  Passed to `maumau.new_game` in *plugins*, it
is asked before the variant, so returning an `Effect` here decides what a
9 does, and returning ``None`` leaves every other card to classic.

Run it to watch a stacked game where a 9 turns play round.
"""

from __future__ import annotations

import maumau
from maumau import Card, Effect, GameState, hookimpl
from maumau.bots import HeuristicBot, acting_seat
from maumau.testing import stacked_deck


class NineReverses:
    """
    A 9 reverses the direction of play, unless it is the player's last card.

    As with classic's 7 and 8, the last card has no effect.
    """

    #: The name the house rule is recorded under in game records.
    name = "nine-reverses"

    @hookimpl
    def maumau_card_effect(self, state: GameState, seat: int, card: Card) -> Effect | None:
        if card.rank == "9" and state.players[seat].hand:
            return Effect(reverse=True)
        return None


#: The plugin to pass to `maumau.new_game`.  One instance, so every game shares the cached rules.
NINE_REVERSES = NineReverses()


def main() -> None:
    hands = [["7c", "8c", "Jc", "Qc", "Kc"], ["9h", "10h", "Ah", "7s", "8s"], ["Jd", "Qd", "Kd", "Ad", "7d"]]
    deck = stacked_deck("classic", hands, starter="Kh")
    state = maumau.new_game("classic", players=["Ann", "Ben", "Cid"], seed=9, deck=deck, plugins=[NINE_REVERSES])
    print(f"{state.players[1].name} to move on {state.top}; without the house rule Cid would be next")
    state = maumau.apply(state, maumau.PlayCard(1, Card.parse("9h")))
    for event in state.events:
        if isinstance(event, maumau.DirectionReversed):
            print("Ben plays 9♥: the direction reversed, so", state.players[state.to_move or 0].name, "moves next")
    bots = {seat: HeuristicBot(seed=seat) for seat in range(3)}
    reversals = 0
    while not state.is_over:  # let bots, each seeing only its own view, play the match out
        seat = acting_seat(state)
        assert seat is not None
        state = maumau.apply(state, bots[seat].choose(maumau.view(state, seat)))
        reversals += sum(isinstance(event, maumau.DirectionReversed) for event in state.events)
    assert state.result is not None
    print(f"the bots played the match out: {len(state.rounds)} rounds, {reversals} more reversals")
    print("winners:", ", ".join(state.players[seat].name for seat in state.result.winners), "| totals", state.scores)
    print("house rules on record:", state.record.house_rules)


if __name__ == "__main__":
    main()
