"""
Tests for `maumau.bots`: bots decide from a seat's view alone and only ever pick a legal action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from attrs import evolve, frozen

from family import family, family_game
from helpers import cards, deal, draw, play, position
from maumau import (
    Action,
    CallRuling,
    CardsDrawn,
    Challenge,
    ChallengeMade,
    ChooseSuit,
    DrawCards,
    Effect,
    Event,
    GameState,
    Pass,
    PlayCard,
    PlayerView,
    Resign,
    apply,
    bots,
    from_json,
    hookimpl,
    legal_actions,
    new_game,
    parse_card,
    to_json,
    view,
)
from maumau.bots import (
    LEVELS,
    ActionsBot,
    Bot,
    BotTable,
    HeuristicBot,
    RandomBot,
    ReactingBot,
    acting_seat,
    make_bot,
    observes,
    play_out,
    reacts,
)
from maumau.mechanics import ChallengePlay, Challenges, ChooseRank, Combinations, PlayChallenges, RankWishes
from maumau.search import SearchBot
from test_family import TABLES


@frozen
class Knock(Action, kind="test_bots_knock"):
    """
    A variant's own action the bots have never heard of.
    """

    times: int


class CallOnEveryCard:
    """
    House rule for these tests: every play must say "Mau", so every play is offered with and without the call.
    """

    @hookimpl
    def maumau_expected_call(self) -> str:
        return "Mau"


class ChallengeableCalls:
    """
    House rule for these tests: a missed call costs 2 cards only if someone challenges before the next turn ends.
    """

    @hookimpl
    def maumau_mechanics(self) -> tuple[object, ...]:
        return (Challenges(closes="turn"),)

    @hookimpl
    def maumau_judge_call(self, call: str | None, expected: str | None) -> CallRuling | None:
        if expected and call != expected:
            return CallRuling(missed=expected, penalty=2)
        return None


CALL_ON_EVERY_CARD = CallOnEveryCard()
CHALLENGEABLE_CALLS = ChallengeableCalls()


def seat_view(state: GameState, seat: int | None = None) -> PlayerView:
    """
    The view of *seat*, by default of the seat to move.
    """
    chosen = state.to_move if seat is None else seat
    assert chosen is not None
    return view(state, chosen)


class TestProtocol:
    """
    Both bots fit the `Bot` protocol and can act out of turn.
    """

    @pytest.mark.parametrize("bot", [RandomBot(1), HeuristicBot(1)])
    def test_bots_fit_the_protocols(self, bot: Bot) -> None:
        assert isinstance(bot, Bot)
        assert isinstance(bot, ReactingBot)

    def test_a_bot_with_nothing_but_resigning_to_choose_refuses(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "7d 8d 9d 10d Jd"], starter="Ah")
        idle = view(state, 0)  # seat 1 is to move; seat 0 may only resign
        assert idle.legal_actions == (Resign(0),)
        for bot in (RandomBot(0), HeuristicBot(0)):
            with pytest.raises(ValueError, match="seat 0 has no action to choose but resigning"):
                bot.choose(idle)


class TestRandomBot:
    """
    Tests for `maumau.bots.RandomBot`.
    """

    def test_random_bot_picks_uniformly_among_legal_actions_but_never_resigns(self) -> None:
        state = deal(["Qd Jc 9s 10h Kc", "9h Kh 7s 8s 9d"], starter="9c")
        seen = seat_view(state)
        expected = [a for a in seen.legal_actions if not isinstance(a, Resign)]
        bot = RandomBot(seed=5)

        counts = Counter(bot.choose(seen) for _ in range(3000))

        assert set(counts) == set(expected)
        share = 3000 / len(expected)
        assert all(0.8 * share < count < 1.2 * share for count in counts.values())

    def test_random_bot_with_the_same_seed_plays_the_same_game(self) -> None:
        games = [
            play_out(
                new_game("classic", players=3, seed=4, options={"target": 1}), {s: RandomBot(7 + s) for s in range(3)}
            )
            for _ in range(2)
        ]
        assert games[0].actions == games[1].actions

    def test_random_bots_finish_matches_without_resigning(self) -> None:
        for seed in range(8):
            state = new_game("classic", players=2 + seed % 3, seed=seed, options={"target": 1})
            final = play_out(state, {seat: RandomBot(seed * 10 + seat) for seat in range(len(state.players))})
            assert final.is_over
            assert final.result is not None
            assert final.result.reason == "target"
            assert not any(isinstance(action, Resign) for action in final.actions)


class TestHeuristicBot:
    """
    Tests for `maumau.bots.HeuristicBot`: one test per preference.
    """

    def test_heuristic_bot_plays_rather_than_draws(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "Qh 8d 9d 10d Ad"], starter="Kh")
        assert DrawCards(1) in seat_view(state).legal_actions

        assert HeuristicBot(0).choose(seat_view(state)) == PlayCard(1, parse_card("Qh"))

    def test_heuristic_bot_draws_when_it_cannot_play(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "7d 8d 9d 10d Ad"], starter="Kh")

        assert HeuristicBot(0).choose(seat_view(state)) == DrawCards(1)

    def test_heuristic_bot_plays_the_drawn_card_if_it_fits(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "7d 8d 9d 10d Ad"], starter="Kh", draw="Ah")
        assert HeuristicBot(0).choose(seat_view(state)) == DrawCards(1)
        state = draw(state, 1)

        assert seat_view(state).legal_actions[:2] == (PlayCard(1, parse_card("Ah")), Pass(1))
        assert HeuristicBot(0).choose(seat_view(state)) == PlayCard(1, parse_card("Ah"))

    def test_heuristic_bot_keeps_a_jack_for_later(self) -> None:
        state = deal(["7c 8c 9c 10c Kc", "Jd 9h 8s 7s Ac"], starter="Kh")

        for seed in range(10):
            assert HeuristicBot(seed).choose(seat_view(state)) == PlayCard(1, parse_card("9h"))

    def test_heuristic_bot_plays_from_its_longest_suit(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "9h Kd 9d Ad 7s"], starter="9s")

        for seed in range(10):
            assert HeuristicBot(seed).choose(seat_view(state)) == PlayCard(1, parse_card("9d"))

    def test_heuristic_bot_says_the_due_call(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "Qh 8d 9d 10d Ad"], starter="Kh", plugins=[CALL_ON_EVERY_CARD])
        offered = seat_view(state).legal_actions
        assert PlayCard(1, parse_card("Qh")) in offered
        assert PlayCard(1, parse_card("Qh"), "Mau") in offered

        assert HeuristicBot(0).choose(seat_view(state)) == PlayCard(1, parse_card("Qh"), "Mau")

    def test_heuristic_bot_names_the_suit_it_holds_most_of(self) -> None:
        state = deal(["7c 8c 9c 10c Qc", "Jd 9h Kh 7h 8s"], starter="10d")
        state = play(state, 1, "Jd")
        assert isinstance(seat_view(state).legal_actions[0], ChooseSuit)

        for seed in range(10):
            assert HeuristicBot(seed).choose(seat_view(state)) == ChooseSuit(1, "♥")

    def test_heuristic_bot_answers_a_debt_when_it_can(self) -> None:
        state = deal(["9c 8c 9d 10c Qc", "7d Kh 7h Ah 8s", "7s 10s Qs Ks As"], starter="10d")
        state = play(state, 1, "7d")
        assert seat_view(state).debt == 2

        assert HeuristicBot(0).choose(seat_view(state)) == PlayCard(2, parse_card("7s"))

    def test_heuristic_bot_pays_a_debt_it_cannot_answer(self) -> None:
        state = deal(["9c 8c 9d 10c Qc", "7d Kh 7h Ah 8s", "9s 10s Qs Ks As"], starter="10d")
        state = play(state, 1, "7d")

        assert HeuristicBot(0).choose(seat_view(state)) == DrawCards(2)

    def test_heuristic_bot_always_challenges_a_missed_call(self) -> None:
        state = deal(
            ["9c 8c 9d 10c Qc", "Qd Kh 7h Ah 8s", "9s 10d Qs Ks As"],
            starter="10h",
            plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS],
        )
        state = play(state, 1, "Kh")  # no "Mau": the window opens
        assert Challenge(2, 1) in seat_view(state).legal_actions  # in turn, beside plays
        assert Challenge(0, 1) in seat_view(state, 0).legal_actions  # out of turn

        for seed in range(10):
            assert HeuristicBot(seed).choose(seat_view(state)) == Challenge(2, 1)
            assert HeuristicBot(seed).react(seat_view(state, 0)) == Challenge(0, 1)

    def test_heuristic_bot_lets_play_go_on_when_it_has_nothing_to_do_out_of_turn(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "Qh 8d 9d 10d Ad"], starter="Kh")

        assert HeuristicBot(0).react(seat_view(state, 0)) is None

    def test_heuristic_bot_picks_a_variants_own_actions_at_random(self) -> None:
        state = deal(["7c 8c 9c 10c Jc", "Qh 8d 9d 10d Ad"], starter="Kh")
        knocks = (Knock(1, 1), Knock(1, 2), Knock(1, 3))
        deciding = evolve(seat_view(state), legal_actions=(*knocks, Resign(1)))  # a variant's decision pending
        bot = HeuristicBot(3)

        chosen = Counter(bot.choose(deciding) for _ in range(300))

        assert set(chosen) == set(knocks)

    def test_heuristic_bots_finish_matches_without_resigning(self) -> None:
        for seed in range(6):
            state = new_game("classic", players=2 + seed % 3, seed=seed, options={"target": 1})
            final = play_out(state, {seat: HeuristicBot(seed + seat) for seat in range(len(state.players))})
            assert final.result is not None
            assert not any(isinstance(action, Resign) for action in final.actions)

    def test_heuristic_bot_beats_random_bot_most_of_the_time(self) -> None:
        wins = 0
        for seed in range(40):
            state = new_game("classic", players=2, seed=seed, options={"target": 1})
            smart = seed % 2
            final = play_out(state, {smart: HeuristicBot(seed), 1 - smart: RandomBot(seed)})
            assert final.result is not None
            wins += smart in final.result.winners
        assert wins >= 30


class TestViewsOnly:
    """
    Bots decide from what their seat may see, so a view read back from JSON gives the same choice.
    """

    def test_a_bot_decides_the_same_from_a_view_read_back_from_json(self) -> None:
        state = new_game("classic", players=3, seed=12)
        for _ in range(40):
            seat = acting_seat(state)
            assert seat is not None
            seen = view(state, seat)
            copy = from_json(to_json(seen), PlayerView)
            assert HeuristicBot(seat).choose(copy) == HeuristicBot(seat).choose(seen)
            state = apply(state, HeuristicBot(seat).choose(seen))


class TestPlayOut:
    """
    Tests for `maumau.bots.play_out`.
    """

    def test_play_out_needs_a_bot_for_every_seat_that_acts(self) -> None:
        state = new_game("classic", players=3, seed=1)
        with pytest.raises(ValueError, match="has no bot"):
            play_out(state, {0: HeuristicBot(0)})

    def test_play_out_lets_bots_challenge_out_of_turn(self) -> None:
        class Forgetful:
            """
            Never says a call.
            """

            def choose(self, view: PlayerView) -> Action:
                silent = [a for a in view.legal_actions if isinstance(a, PlayCard) and a.call is None]
                return silent[0] if silent else HeuristicBot(0).choose(view)

        state = new_game(
            "classic", players=3, seed=2, options={"target": 1}, plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS]
        )
        final = play_out(state, {0: Forgetful(), 1: HeuristicBot(1), 2: HeuristicBot(2)})

        assert any(isinstance(action, Challenge) and action.offender == 0 for action in final.actions)


class ThroughViews:
    """
    A random bot that must be given views: `RandomBot` without its `ActionsBot` methods.
    """

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.bot.choose(view)

    def react(self, view: PlayerView) -> Action | None:
        return self.bot.react(view)


class CountedViews:
    """
    The views `maumau.bots` builds, as (state, seat), with the real `maumau.view` building them.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.built: list[tuple[GameState, int]] = []
        monkeypatch.setattr(bots, "view", self)

    def __call__(self, state: GameState, seat: int) -> PlayerView:
        self.built.append((state, seat))
        return view(state, seat)


def deciding(state: GameState) -> set[int]:
    """
    The seats that have something to decide in *state*: an action other than resigning.
    """
    return {
        seat
        for seat in range(len(state.players))
        if any(not isinstance(action, Resign) for action in legal_actions(state, seat))
    }


class TestCost:
    """
    What `play_out` and `BotTable` build per action: views only for the seats that decide, protocols checked once
    per bot.  Counted, not timed (``benchmarks/overhead.py`` times them).
    """

    def test_views_are_built_only_for_seats_that_decide(self, monkeypatch: pytest.MonkeyPatch) -> None:
        counted = CountedViews(monkeypatch)
        state = new_game("classic", players=4, seed=3, options={"target": 1}, plugins=[CHALLENGEABLE_CALLS])

        final = play_out(state, {seat: HeuristicBot(seat, forget=0.5) for seat in range(4)})

        by_state: dict[int, list[int]] = {}
        for seen, seat in counted.built:
            by_state.setdefault(id(seen), []).append(seat)
            assert seat in deciding(seen)
        assert all(len(seats) == len(set(seats)) for seats in by_state.values())  # one view per seat and state
        assert any(isinstance(action, Challenge) for action in final.actions)  # reactions were asked for
        assert len(counted.built) < 1.2 * len(final.actions)  # not one per seat and action, as before

    def test_bots_that_decide_from_their_actions_get_no_view(self, monkeypatch: pytest.MonkeyPatch) -> None:
        counted = CountedViews(monkeypatch)
        state = new_game("classic", players=4, seed=5, options={"target": 1}, plugins=[CHALLENGEABLE_CALLS])

        final = play_out(state, {seat: RandomBot(seat) for seat in range(4)})

        assert counted.built == []
        assert final.is_over

    def test_without_views_the_same_match_is_played(self) -> None:
        state = new_game("classic", players=4, seed=5, options={"target": 1}, plugins=[CHALLENGEABLE_CALLS])

        direct = play_out(state, {seat: RandomBot(seat) for seat in range(4)})
        viewed = play_out(state, {seat: ThroughViews(seat) for seat in range(4)})

        assert viewed.actions == direct.actions
        assert any(isinstance(action, Challenge) for action in direct.actions)

    def test_protocols_are_checked_once_per_bot_not_per_action(self, monkeypatch: pytest.MonkeyPatch) -> None:
        checks: list[type] = []
        meta = type(ReactingBot)
        check = meta.__instancecheck__

        def counted(cls: type, instance: object) -> bool:
            if cls in (Bot, ReactingBot, bots.ObservingBot, ActionsBot):
                checks.append(cls)
            return check(cls, instance)  # type: ignore[no-any-return]

        monkeypatch.setattr(meta, "__instancecheck__", counted)
        state = new_game("classic", players=4, seed=6)

        final = play_out(state, {seat: HeuristicBot(seat) if seat % 2 else ThroughViews(seat) for seat in range(4)})

        assert len(final.actions) > 100  # once per action would be hundreds of checks
        assert len(checks) <= 3 * 4  # at most each protocol for each bot, at the start

    def test_a_bot_given_a_method_has_its_capability_whatever_its_type_has(self) -> None:
        class Plain:
            def choose(self, view: PlayerView) -> Action:
                return RandomBot(0).choose(view)

        given = Plain()
        given.react = lambda view: None  # type: ignore[attr-defined]

        assert reacts(given)
        assert not reacts(Plain())
        assert reacts(RandomBot(0))
        assert not observes(RandomBot(0))
        watching = RandomBot(0)
        watching.observe = lambda events: None  # type: ignore[attr-defined]
        assert observes(watching)
        assert isinstance(RandomBot(0), ActionsBot)
        assert not isinstance(HeuristicBot(0), ActionsBot)

    def test_a_random_bot_chooses_the_same_with_or_without_a_view(self) -> None:
        state = deal(["Qd Jc 9s 10h Kc", "9h Kh 7s 8s 9d"], starter="9c")
        seen = seat_view(state)
        with_view, without = RandomBot(3), RandomBot(3)

        chosen = [with_view.choose(seen) for _ in range(50)]

        assert chosen == [without.choose_from(seen.seat, seen.legal_actions) for _ in range(50)]


class TestForgetfulness:
    """
    Tests for `HeuristicBot`'s *forget*: how often it leaves out a due call.
    """

    def _due_call_view(self) -> PlayerView:
        state = new_game("classic", players=2, seed=11)
        for _ in range(500):
            seat = state.to_move
            assert seat is not None
            seen = view(state, seat)
            if any(isinstance(a, PlayCard) and a.call for a in seen.legal_actions):
                return seen
            state = apply(state, HeuristicBot(seat).choose(seen))
        raise AssertionError("no call came due")

    def test_a_bot_that_never_forgets_says_the_due_call(self) -> None:
        seen = self._due_call_view()

        chosen = HeuristicBot(1).choose(seen)

        assert isinstance(chosen, PlayCard)
        assert chosen.call == "Mau"

    def test_a_bot_that_always_forgets_plays_the_same_card_silently(self) -> None:
        seen = self._due_call_view()

        careful = HeuristicBot(1).choose(seen)
        forgetful = HeuristicBot(1, forget=1.0).choose(seen)

        assert isinstance(careful, PlayCard)
        assert PlayCard(careful.seat, careful.card) == forgetful


class Silent:
    """
    A bot that never says a call (so a challenge window opens).
    """

    def choose(self, view: PlayerView) -> Action:
        silent = [a for a in view.legal_actions if isinstance(a, PlayCard) and a.call is None]
        return silent[0] if silent else HeuristicBot(0).choose(view)


class TestLevels:
    """
    Tests for `maumau.bots.LEVELS` and `maumau.bots.make_bot`.
    """

    def test_the_levels_are_random_heuristic_and_search(self) -> None:
        assert list(LEVELS) == ["random", "heuristic", "search"]
        assert isinstance(make_bot("random", 1), RandomBot)
        assert isinstance(make_bot("heuristic", 1), HeuristicBot)
        assert isinstance(make_bot("search", 1), SearchBot)

    def test_an_unknown_level_is_refused_with_the_known_ones(self) -> None:
        with pytest.raises(ValueError, match="unknown bot level 'expert'; known: random, heuristic, search"):
            make_bot("expert")


class TestBotTable:
    """
    Tests for `maumau.bots.BotTable`: bots act until a given seat must decide.
    """

    def test_bots_act_until_the_seat_must_move(self) -> None:
        state = new_game("classic", players=3, seed=3, options={"target": 1})
        table = BotTable({1: HeuristicBot(1), 2: HeuristicBot(2)})

        turns = table.run_until(state, 0)

        assert turns.waiting == 0
        assert not turns.out_of_turn
        assert acting_seat(turns.state) == 0

    def test_the_seat_is_asked_before_a_bot_moves_when_it_could_challenge(self) -> None:
        state = deal(
            ["9c 8c 9d 10c Qc", "Qd Kh 7h Ah 8s", "9s 10d Qs Ks As"],
            starter="10h",
            plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS],
        )
        table = BotTable({1: Silent(), 2: HeuristicBot(2)})

        turns = table.run_until(state, 0)

        assert turns.waiting == 0
        assert turns.out_of_turn
        assert Challenge(0, 1) in view(turns.state, 0).legal_actions

    def test_declining_lets_the_bots_go_on(self) -> None:
        state = deal(
            ["9c 8c 9d 10c Qc", "Qd Kh 7h Ah 8s", "9s 10d Qs Ks As"],
            starter="10h",
            plugins=[CALL_ON_EVERY_CARD, CHALLENGEABLE_CALLS],
        )
        table = BotTable({1: Silent(), 2: HeuristicBot(2)})
        asked = table.run_until(state, 0).state

        turns = table.run_until(asked, 0, declined=True)

        assert turns.state is not asked
        assert any(isinstance(event, ChallengeMade) and event.seat == 2 for event in turns.seen[0])

    def test_each_seat_sees_the_events_without_others_drawn_cards(self) -> None:
        state = new_game("classic", players=2, seed=8, options={"target": 1})
        table = BotTable({0: HeuristicBot(0), 1: HeuristicBot(1)})

        turns = table.run_until(state, None)

        assert turns.waiting is None
        assert turns.state.is_over
        for seat, events in enumerate(turns.seen):
            draws = [event for event in events if isinstance(event, CardsDrawn)]
            assert draws
            assert all((event.cards is None) == (event.seat != seat) for event in draws)

    def test_observing_bots_are_told_every_event_their_seat_saw(self) -> None:
        class Watcher(HeuristicBot):
            def __init__(self, seed: int) -> None:
                super().__init__(seed)
                self.events: list[Event] = []

            def observe(self, events: Sequence[Event]) -> None:
                self.events.extend(events)

        watcher = Watcher(1)
        state = new_game("classic", players=2, seed=8, options={"target": 1})

        turns = BotTable({0: HeuristicBot(0), 1: watcher}).run_until(state, None)

        assert watcher.events == list(turns.seen[1])

    def test_a_seat_without_a_bot_that_must_act_is_an_error(self) -> None:
        state = new_game("classic", players=2, seed=8, options={"target": 1})
        first = acting_seat(state)
        assert first is not None

        with pytest.raises(ValueError, match=f"seat {first} must act and has no bot"):
            BotTable({}).run_until(state, None)


def bot_turn(state: GameState, bot: Bot) -> tuple[GameState, list[Action]]:
    """
    Let *bot* play the turn of the seat to move to its end (every card of an open play, another turn too); the
    state after it and the actions it took.
    """
    seat = state.to_move
    taken = []
    while state.to_move == seat and not state.is_over:
        action = bot.choose(view(state, seat))
        taken.append(action)
        state = apply(state, action)
    return state, taken


class TestFamilyTables:
    """
    Bots play the family's new vocabulary: plays of several cards, another turn, rank wishes, challenges of a
    play, turns to sit out, draw rules.
    """

    @pytest.mark.parametrize("table", TABLES, ids=list(TABLES))
    def test_random_and_heuristic_bots_finish_matches(self, table: str) -> None:
        rule = family(**TABLES[table])  # type: ignore[arg-type]
        for seed in range(2):
            state = new_game("classic", players=3, seed=seed, plugins=[rule])
            bots: dict[int, Bot] = {0: RandomBot(seed), 1: HeuristicBot(seed), 2: HeuristicBot(seed + 1, forget=0.2)}

            final = play_out(state, bots)

            assert final.result is not None
            assert not any(isinstance(action, Resign) for action in final.actions)

    @pytest.mark.parametrize("table", TABLES, ids=list(TABLES))
    def test_heuristic_bots_finish_matches(self, table: str) -> None:
        rule = family(**TABLES[table])  # type: ignore[arg-type]
        for seed in range(2):
            state = new_game("classic", players=3, seed=seed, plugins=[rule])

            final = play_out(state, {seat: HeuristicBot(seed * 10 + seat) for seat in range(3)})

            assert final.result is not None

    def test_the_heuristic_bot_sheds_a_set_and_ends_it_with_the_due_call(self) -> None:
        state = family_game(["4c 10d 5c 6c 7d", "9s 9d 9c 9h Kc", "3h 4h 5h 6h 8h"], "2s", mechanics=(Combinations(),))

        for seed in range(5):
            after, taken = bot_turn(state, HeuristicBot(seed))

            assert [action.more for action in taken if isinstance(action, PlayCard)] == [True, True, True, False]
            assert after.players[1].hand == cards("Kc")
            assert taken[-1] == PlayCard(1, taken[-1].card, "Mau")  # one card left: "Mau" is due

    def test_the_heuristic_bot_sheds_a_run_through_a_set(self) -> None:
        state = family_game(
            ["4c 10d 5c 6c 7c", "8h 9h 9s 10s Kd", "3h 4h 5h 6h 2c"],
            "7h",
            mechanics=(Combinations(sets=True, runs="up", switch=True),),
        )

        after, taken = bot_turn(state, HeuristicBot(0))

        assert [str(action.card) for action in taken if isinstance(action, PlayCard)] == ["8♥", "9♥", "9♠", "10♠"]
        assert after.players[1].hand == cards("Kd")

    def test_a_forgetful_bot_leaves_out_the_call_on_the_last_card_of_a_play(self) -> None:
        state = family_game(["4c 10d 5c 6c 7d", "9s 9d 9c 9h Kc", "3h 4h 5h 6h 8h"], "2s", mechanics=(Combinations(),))

        _, taken = bot_turn(state, HeuristicBot(0, forget=1.0))

        assert [(action.more, action.call) for action in taken if isinstance(action, PlayCard)] == [
            (True, None),
            (True, None),
            (True, None),
            (False, None),
        ]

    def test_the_heuristic_bot_names_the_rank_it_holds_most_of(self) -> None:
        state = family_game(
            ["4c 10d 5c 6c 8c", "Qd 7c 7s 8h 5d", "3h 4h 5h 6h 2c"], "9d", mechanics=(RankWishes(cards="Q"),)
        )
        state = play(state, 1, "Qd")
        seen = view(state, 1)
        assert any(isinstance(action, ChooseRank) for action in seen.legal_actions)
        bot = HeuristicBot(3)

        named = Counter(bot.choose(seen) for _ in range(400))

        assert named.most_common(1)[0][0] == ChooseRank(1, "7")
        assert named[ChooseRank(1, "7")] > 300
        assert {action.rank for action in named if isinstance(action, ChooseRank)} <= {"7", "8", "5"}

    def _challengeable(self, offender_hand: str) -> GameState:
        state = family_game(
            ["9c 5d 7d 6c 7c", "Jc 2h 3s Kc Qc", "3h 4h 5h 6h 8h"],
            "9h",
            effects={"J": Effect(choose_suit=True, draw=4)},
            mechanics=(PlayChallenges(cards="J"),),
        )
        state = position(state, hands=["9c 5d 7d 6c 7c", offender_hand, "3h 4h 5h 6h 8h"])
        return apply(play(state, 1, "Jc"), ChooseSuit(1, "♠"))

    def test_the_heuristic_bot_challenges_a_play_from_a_large_hand(self) -> None:
        state = self._challengeable("Jc 2h 3s Kc Qc")  # four cards left
        assert ChallengePlay(2, 1) in view(state, 2).legal_actions

        for seed in range(5):
            assert HeuristicBot(seed).choose(view(state, 2)) == ChallengePlay(2, 1)

    def test_the_heuristic_bot_lets_a_play_from_a_small_hand_go(self) -> None:
        state = self._challengeable("Jc 2h 3s")  # two cards left
        assert ChallengePlay(2, 1) in view(state, 2).legal_actions

        for seed in range(5):
            assert HeuristicBot(seed).choose(view(state, 2)) == DrawCards(2)

    @pytest.mark.parametrize(("hand", "expected"), [("Kh 2h 3s Kc Qc", "play"), ("Kh 2d 3s 4c 4d", "pass")])
    def test_in_a_turn_it_may_decline_the_heuristic_bot_plays_if_it_can(self, hand: str, expected: str) -> None:
        state = family_game(["9c 10d 5c 6c 7c", hand, "3h 4h 5h 6h 8h"], "9h", effects={"K": Effect(again="may")})
        state = play(state, 1, "Kh")
        assert view(state, 1).again == "may"

        chosen = HeuristicBot(0).choose(view(state, 1))

        assert isinstance(chosen, PlayCard if expected == "play" else Pass)
