"""
The conformance kit run on `classic`, exactly as a third-party variant would run it.
"""

from __future__ import annotations

import pytest

from maumau import GameState
from maumau.testing import check_replay, check_variant, random_game


class TestClassicConformance:
    """
    Random legal play on `classic`, every step checked by `maumau.testing`.
    """

    def test_every_step_of_short_matches_passes_the_kit(self) -> None:
        """
        Cards conserved, legal set exact, views blind, JSON and replay faithful, for 2 to 10 players.
        """
        check_variant("classic", players=range(2, 11), options={"target": 1}, games=12)

    def test_the_variations_of_seed_001_pass_the_kit(self) -> None:
        """
        Nines that draw three, aces only with another card, "Mau-Mau" only on a jack, a one-card penalty.
        """
        options = {
            "target": 1,
            "nines_draw_three": True,
            "ace_with_another": True,
            "mau_mau_call": True,
            "mau_mau_when": "jack",
            "mau_penalty": 1,
        }
        check_variant("classic", players=range(2, 5), options=options, games=6)

    def test_out_of_turn_choices_pass_the_kit(self) -> None:
        """
        Choosing among every seat's actions (resignations included) keeps every property.
        """
        check_variant("classic", players=range(2, 5), options={"target": 1}, games=6, out_of_turn=True)

    @pytest.mark.parametrize("players", range(2, 11))
    def test_full_matches_end_and_replay(self, players: int) -> None:
        """
        Random play to the real match target ends, and the record rebuilds the final state.
        """
        for seed in range(3):
            state = random_game("classic", players=players, seed=seed)
            assert isinstance(state, GameState)
            assert state.is_over
            assert state.result is not None
            check_replay(state)


def test_kit_reports_a_broken_variant() -> None:
    """
    The kit is not a rubber stamp: a house rule that loses cards is caught.
    """
    import maumau

    class LosesTheDrawnCard:
        @maumau.hookimpl
        def maumau_after_draw(self, state: GameState, seat: int) -> GameState | None:
            from attrs import evolve

            from maumau.flow import replace_player

            player = state.players[seat]
            # the turn is the kernel's to complete: the hook only returns the (broken) state
            return evolve(state, players=replace_player(state.players, seat, evolve(player, hand=player.hand[:-1])))

    with pytest.raises(AssertionError, match="cards not conserved"):
        random_game("classic", players=2, seed=1, plugins=[LosesTheDrawnCard()], check_every=1)


def test_kit_reports_a_hidden_slot_that_samples_cannot_play_on() -> None:
    """
    A slot hidden from other seats, with no ``maumau_sample_hidden`` to complete it, breaks sampled states.
    """
    import maumau

    plays = maumau.Slot(
        "test_plays", int | None, default=0, view=lambda state, seat, value: value if seat == 0 else None
    )

    class CountsPlaysInSecret:
        @maumau.hookimpl
        def maumau_slots(self) -> tuple[maumau.Slot[int], ...]:
            return (plays,)

        @maumau.hookimpl
        def maumau_follow_up(self, state: GameState) -> GameState:
            return plays.put(state, plays.get(state) + 1)

    with pytest.raises(AssertionError, match="sampled from seat 1's view but fails"):
        random_game("classic", players=2, seed=1, plugins=[CountsPlaysInSecret()], check_every=1)
