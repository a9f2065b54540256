"""
A state stays as it was made once code outside maumau has seen it: a state a plugin's hook was shown stays as the
hook saw it, and each new state logs its action after those before.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from maumau import GameState, Resign, apply, hookimpl, legal_actions, new_game


class Watcher:
    """
    A house rule that keeps every state shown to it at the points where a step shows one, with its history then.
    """

    def __init__(self) -> None:
        self.seen: list[tuple[GameState, object, object]] = []

    def _keep(self, state: GameState) -> None:
        self.seen.append((state, state.events, state.log))

    @hookimpl
    def maumau_turn_ended(self, state: GameState) -> None:
        self._keep(state)

    @hookimpl
    def maumau_after_draw(self, state: GameState) -> None:
        self._keep(state)

    @hookimpl
    def maumau_follow_up(self, state: GameState) -> None:
        self._keep(state)


def _played(variant: str, players: int, plugins: list[object], steps: int) -> list[GameState]:
    rng = random.Random(5)
    state = new_game(variant, players=players, seed=11, plugins=plugins)
    states = [state]
    for _ in range(steps):
        if state.result is not None:
            break
        seat = state.to_move if state.to_move is not None else state.pending.seat  # type: ignore[union-attr]
        state = apply(state, rng.choice([a for a in legal_actions(state, seat) if type(a) is not Resign]))
        states.append(state)
    return states


class TestStatesMadeOnce:
    """
    Tests for how `maumau.apply` makes its new state.
    """

    @pytest.mark.parametrize("variant", ["classic", "sau-mau-mau", "uno-rlcard", "crazy-eights-openspiel"])
    def test_a_state_shown_to_a_hook_is_never_written_afterwards(self, variant: str) -> None:
        """
        What a plugin's hook saw stays: the history of the action is set in a new state, not written into the one shown.
        """
        watcher = Watcher()
        _played(variant, 3, [watcher], 150)

        assert watcher.seen
        assert all(state.events is events and state.log is log for state, events, log in watcher.seen)

    @pytest.mark.parametrize("variant", ["classic", "switch", "uno-rlcard"])
    def test_each_new_state_logs_its_action_after_those_before(self, variant: str) -> None:
        """
        The log of the state after an action is the log of the state before it, and the action.
        """
        states = _played(variant, 4, [], 150)

        assert all(after.log is not None and after.log[0] is before.log for before, after in pairwise(states))
