"""
Tests for `maumau.search.SearchBot`: it searches from the view alone and takes every kind of decision.
"""

from __future__ import annotations

import random

import pytest

from family import family, family_game
from helpers import cards, deal, position
from maumau import Challenge, Effect, PlayCard, Resign, apply, legal_actions, new_game, parse_card, view
from maumau.bots import HeuristicBot, ObservingBot, RandomBot, ReactingBot, acting_seat, play_out
from maumau.mechanics import Combinations
from maumau.search import SearchBot, rollout
from test_bots import CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS, Silent
from test_determinize import GAMES, random_position, taken_back_position
from test_family import TABLES

#: A small budget: these tests check what the bot does, not how well.
BUDGET = 200


class TestSearchBot:
    """
    Tests for `maumau.search.SearchBot`.
    """

    def test_the_search_bot_fits_the_protocols(self) -> None:
        bot = SearchBot(0)

        assert isinstance(bot, ReactingBot)
        assert isinstance(bot, ObservingBot)

    @pytest.mark.parametrize(("variant", "options", "seats"), GAMES)
    def test_every_decision_of_every_variant_is_a_legal_one(
        self, variant: str, options: dict[str, object], seats: range
    ) -> None:
        """
        Plays, draws, suits, pigs, bets, calls, challenges, jump-ins: whatever is asked, the answer is listed.
        """
        for seed in range(3):
            state = random_position(variant, options, 3, seed, 60)
            seat = acting_seat(state)
            if seat is None:
                continue
            seen = view(state, seat)
            assert SearchBot(seed, budget=BUDGET).choose(seen) in seen.legal_actions
            for other in range(3):
                if other != seat:
                    reaction = SearchBot(seed, budget=BUDGET).react(view(state, other))
                    assert reaction is None or reaction in legal_actions(state, other)

    @pytest.mark.parametrize("variant", ["classic", "sau-mau-mau"])
    def test_search_bots_finish_a_match(self, variant: str) -> None:
        state = new_game(variant, players=2, seed=5, options={"target": 1} if variant == "classic" else {"races": 1})

        final = play_out(state, {0: SearchBot(0, budget=BUDGET), 1: HeuristicBot(1)})

        assert final.is_over

    def test_the_same_seed_makes_the_same_choices(self) -> None:
        state = random_position("penalty-52", {}, 3, 7, 30)
        seat = acting_seat(state)
        assert seat is not None
        seen = view(state, seat)

        assert SearchBot(4, budget=BUDGET).choose(seen) == SearchBot(4, budget=BUDGET).choose(seen)

    def test_the_search_bot_never_resigns(self) -> None:
        state = new_game("classic", players=2, seed=1)
        seat = acting_seat(state)
        assert seat is not None

        for seed in range(5):
            assert not isinstance(SearchBot(seed, budget=BUDGET).choose(view(state, seat)), Resign)

    def test_the_search_bot_challenges_a_missed_call(self) -> None:
        state = deal(
            ["9c 8c 9d 10c Qc", "Qd Kh 7h Ah 8s", "9s 10d Qs Ks As"],
            starter="10h",
            plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS],
        )
        state = apply(state, Silent().choose(view(state, 1)))

        bot = SearchBot(0, budget=BUDGET, plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS])
        assert bot.react(view(state, 0)) == Challenge(0, 1)

    def test_the_search_bot_lets_play_go_on_with_nothing_to_do_out_of_turn(self) -> None:
        state = new_game("classic", players=2, seed=1)
        other = 1 - (acting_seat(state) or 0)

        assert SearchBot(0, budget=BUDGET).react(view(state, other)) is None

    def test_the_search_bot_plays_its_last_card_to_win(self) -> None:
        """
        With the winning card in hand it plays it rather than drawing, whatever the deal behind.
        """
        dealt = deal(["9h 7c 8c 9c 10c", "Qc Kc Ac 7d 8d"], starter="Kh")
        state = position(
            dealt, hands=["9h", "Qc Kc Ac 7d 8d"], draw_pile=(*cards("7c 8c 9c 10c"), *dealt.draw_pile), to_move=0
        )

        for seed in range(3):
            chosen = SearchBot(seed, budget=BUDGET).choose(view(state, 0))
            assert isinstance(chosen, PlayCard)
            assert chosen.card == parse_card("9h")

    def test_a_card_taken_back_is_remembered_once_when_asked_twice(self) -> None:
        """
        Without a runner's events the bot learns from its views; the same view twice teaches it once.
        """
        state, taken = taken_back_position()
        seat = acting_seat(state)
        assert seat is not None
        assert seat != taken.seat
        bot = SearchBot(0, budget=BUDGET)

        bot.choose(view(state, seat))
        bot.choose(view(state, seat))

        assert bot.knowledge is not None
        assert bot.knowledge.known == ((taken.seat, (taken.card,)),)

    def test_a_budget_below_one_action_is_refused(self) -> None:
        with pytest.raises(ValueError, match="at least 1 action, not 0"):
            SearchBot(0, budget=0)

    def test_a_time_budget_stops_the_search(self) -> None:
        state = random_position("ccw-house", {}, 4, 2, 10)
        seat = acting_seat(state)
        assert seat is not None
        seen = view(state, seat)

        assert SearchBot(0, budget=10**9, seconds=0.05).choose(seen) in seen.legal_actions


class TestFamilyTables:
    """
    The search bot plays the family's new vocabulary: plays of several cards, another turn, rank wishes,
    challenges of a play, turns to sit out, draw rules.
    """

    @pytest.mark.parametrize("table", TABLES, ids=list(TABLES))
    def test_search_bots_finish_a_match(self, table: str) -> None:
        """
        Two seats, so that a round (whose rollouts each decision plays to its end) stays short.
        """
        rule = family(**TABLES[table])  # type: ignore[arg-type]
        for seed in (1, 7):
            state = new_game("classic", players=2, seed=seed, plugins=[rule])

            final = play_out(state, {0: SearchBot(seed, budget=50, plugins=[rule]), 1: RandomBot(seed)})

            assert final.result is not None
            assert not any(isinstance(action, Resign) for action in final.actions)

    @pytest.mark.parametrize("table", TABLES, ids=list(TABLES))
    def test_every_decision_of_the_new_vocabulary_is_a_legal_one(self, table: str) -> None:
        rule = family(**TABLES[table])  # type: ignore[arg-type]
        for seed in range(3):
            state = random_position("classic", {}, 3, seed, 40, plugins=[rule])
            seat = acting_seat(state)
            if seat is None:
                continue
            seen = view(state, seat)

            assert SearchBot(seed, budget=BUDGET, plugins=[rule]).choose(seen) in seen.legal_actions

    def test_an_open_play_goes_on_with_a_card_that_follows_it(self) -> None:
        rule = family(mechanics=(Combinations(),))
        state = family_game(["4c 10d 5c 6c 7d", "9s 9d 9c Kc Qd", "3h 4h 5h 6h 8h"], "9h", plugin=rule)
        state = apply(state, PlayCard(1, parse_card("9s"), None, True))
        seen = view(state, 1)

        chosen = SearchBot(0, budget=BUDGET, plugins=[rule]).choose(seen)

        assert isinstance(chosen, PlayCard)
        assert chosen.card in cards("9d 9c")

    def test_another_turn_that_may_be_declined_is_searched(self) -> None:
        rule = family(effects={"K": Effect(again="may")})
        state = family_game(["9c 10d 5c 6c 7c", "Kh 2h 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", plugin=rule)
        state = apply(state, PlayCard(1, parse_card("Kh")))
        seen = view(state, 1)
        assert seen.again == "may"

        assert SearchBot(0, budget=BUDGET, plugins=[rule]).choose(seen) in seen.legal_actions


class TestRollout:
    """
    Tests for `maumau.search.rollout`.
    """

    def test_a_rollout_ends_with_the_round_and_scores_the_winner(self) -> None:
        state = new_game("classic", players=2, seed=3, options={"target": 1})
        values = [
            rollout(state, 0, random.Random(seed))[0] + rollout(state, 1, random.Random(seed))[0] for seed in range(5)
        ]

        assert values == [1.0] * 5  # one of the two seats wins each round: their values add up to 1

    def test_a_rollout_of_a_finished_match_plays_nothing_and_counts_the_result(self) -> None:
        final = play_out(
            new_game("classic", players=2, seed=3, options={"target": 1}), {0: HeuristicBot(0), 1: HeuristicBot(1)}
        )
        assert final.result is not None
        winner = final.result.winners[0]

        assert rollout(final, winner, random.Random(0)) == (1.0, 0)
        assert rollout(final, 1 - winner, random.Random(0)) == (0.0, 0)
