"""
Tests for `maumau.sample_state` and `maumau.Knowledge`: a determinization shows its seat the view it came from.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from family import family, family_game
from maumau import (
    Card,
    CardPlayed,
    Challenge,
    Effect,
    GameState,
    Knowledge,
    PileRecycled,
    PlayCard,
    RecordError,
    Resign,
    RoundStarted,
    apply,
    legal_actions,
    new_game,
    parse_card,
    sample_state,
    view,
)
from maumau.mechanics import Combinations
from maumau.mechanics.challenges import PlayTakenBack, window
from maumau.testing import check_sampling
from maumau_variants.sau_mau_mau import PIGS, board_of
from test_family import TABLES

T = TypeVar("T")

#: Every variant, and sau-mau-mau also with its take-back challenges: (variant, options, seats).
GAMES = (
    ("classic", {}, range(2, 6)),
    ("penalty-52", {}, range(2, 6)),
    ("sau-mau-mau", {}, range(2, 6)),
    ("sau-mau-mau", {"mau_calls": True}, range(2, 6)),
    ("ccw-house", {}, range(2, 6)),
)


def random_position(
    variant: str, options: dict[str, object], players: int, seed: int, steps: int, *, plugins: Sequence[object] = ()
) -> GameState:
    """
    The position after up to *steps* random legal actions of any seat (out of turn included), never resigning.
    """
    rng = random.Random(seed)
    state = new_game(variant, players=players, seed=seed, options=options, plugins=plugins)
    for _ in range(steps):
        if state.is_over:
            break
        actions = [a for seat in range(players) for a in legal_actions(state, seat) if not isinstance(a, Resign)]
        state = apply(state, rng.choice(actions))
    return state


def watched_position(
    variant: str, options: dict[str, object], players: int, seed: int, steps: int, seat: int
) -> tuple[GameState, Knowledge]:
    """
    A random position, and the knowledge *seat* gathered from every event it saw on the way there.
    """
    rng = random.Random(seed)
    state = new_game(variant, players=players, seed=seed, options=options)
    knowledge = Knowledge().after(view(state, seat).events)
    for _ in range(steps):
        if state.is_over:
            break
        actions = [a for s in range(players) for a in legal_actions(state, s) if not isinstance(a, Resign)]
        state = apply(state, rng.choice(actions))
        knowledge = knowledge.after(view(state, seat).events)
    return state, knowledge


@st.composite
def positions(draw: st.DrawFn) -> tuple[GameState, int]:
    """
    A random position of any variant, and a seat to look from.
    """
    variant, options, seats = draw(st.sampled_from(GAMES))
    players = draw(st.sampled_from(seats))
    state = random_position(variant, options, players, draw(st.integers(0, 10_000)), draw(st.integers(0, 400)))
    return state, draw(st.integers(0, players - 1))


def unseen(state: GameState, seat: int) -> Counter[Card]:
    """
    The cards *seat* cannot see: the other hands and the draw pile.
    """
    cards = Counter(state.draw_pile)
    for other, player in enumerate(state.players):
        if other != seat:
            cards.update(player.hand)
    return cards


class TestSampleState:
    """
    Tests for `maumau.sample_state`, over random positions of all four variants.
    """

    @given(positions(), st.integers(0, 2**32))
    def test_a_sample_shows_its_seat_the_view_it_came_from(self, position: tuple[GameState, int], seed: int) -> None:
        state, seat = position
        seen = view(state, seat)

        assert seen == view(sample_state(seen, seed=seed), seat)

    @given(positions(), st.integers(0, 2**32))
    def test_a_sample_hides_the_same_cards_the_view_hides(self, position: tuple[GameState, int], seed: int) -> None:
        state, seat = position
        sampled = sample_state(view(state, seat), seed=seed)

        assert unseen(state, seat) == unseen(sampled, seat)
        assert [len(p.hand) for p in state.players] == [len(p.hand) for p in sampled.players]

    @given(positions(), st.integers(0, 2**32))
    def test_the_same_seed_gives_the_same_sample(self, position: tuple[GameState, int], seed: int) -> None:
        state, seat = position
        seen = view(state, seat)
        first, second = sample_state(seen, seed=seed), sample_state(seen, seed=seed)

        assert first == second
        assert first.seed == second.seed

    @given(positions(), st.integers(0, 2**32))
    def test_a_sample_plays_on(self, position: tuple[GameState, int], seed: int) -> None:
        state, seat = position
        sampled = sample_state(view(state, seat), seed=seed)

        for other in range(len(sampled.players)):
            for action in legal_actions(sampled, other):
                apply(sampled, action)  # every listed action is accepted
        assert [len(legal_actions(sampled, s)) > 0 for s in range(len(sampled.players))] == [
            len(legal_actions(state, s)) > 0 for s in range(len(state.players))
        ]

    @given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(0, 400), st.integers(0, 2**32))
    def test_a_sample_with_what_the_seat_saw_shows_it_its_view_and_plays_on(
        self, game: tuple[str, dict[str, object], range], seed: int, steps: int, sample: int
    ) -> None:
        variant, options, _ = game
        state, knowledge = watched_position(variant, options, 2, seed, steps, 0)
        seen = view(state, 0)

        sampled = sample_state(seen, seed=sample, known=knowledge)

        assert view(sampled, 0) == seen
        assert unseen(state, 0) == unseen(sampled, 0)
        for action in legal_actions(sampled, sampled.to_move) if sampled.to_move is not None else ():
            apply(sampled, action)

    def test_after_a_recycle_the_draw_pile_holds_only_recycled_cards(self) -> None:
        """
        The discards shuffled into a new pile were seen: a card drawn from it is one of them, the rest are in hands.
        """
        for seed in range(50):
            rng = random.Random(seed)
            state = new_game("classic", players=2, seed=seed, options={"target": 1})
            knowledge = Knowledge().after(view(state, 0).events)
            while not state.is_over:
                before = state
                actions = [a for a in legal_actions(state) if not isinstance(a, Resign)]
                state = apply(state, rng.choice(actions))
                knowledge = knowledge.after(view(state, 0).events)
                if any(isinstance(event, PileRecycled) for event in state.events) and before.round == state.round:
                    recycled = Counter(before.discard_pile[:-1])
                    assert Counter(state.draw_pile) <= recycled  # the truth, as the test reads it
                    for sample in range(10):
                        sampled = sample_state(view(state, 0), seed=sample, known=knowledge)
                        assert Counter(sampled.draw_pile) <= recycled
                        assert view(sampled, 0) == view(state, 0)
                    return
        raise AssertionError("no recycle in 50 games")  # pragma: no cover

    def test_different_seeds_give_different_deals(self) -> None:
        seen = view(new_game("classic", players=3, seed=4), 0)

        assert len({sample_state(seen, seed=seed).hands for seed in range(20)}) == 20

    def test_every_unseen_card_is_as_likely_in_each_place(self) -> None:
        """
        Over many samples each unseen card lands in a hand as often as that hand's share of the unseen cards.
        """
        state = new_game("classic", players=3, seed=11)
        seen = view(state, 0)
        hidden = list(unseen(state, 0))
        samples = 3_000
        in_hand_1: Counter[Card] = Counter()
        for seed in range(samples):
            in_hand_1.update(sample_state(seen, seed=seed).players[1].hand)
        share = seen.hand_sizes[1] / len(hidden)
        spread = (samples * share * (1 - share)) ** 0.5
        for card in hidden:
            assert abs(in_hand_1[card] - samples * share) < 5 * spread, card

    def test_a_card_known_in_a_hand_stays_there(self) -> None:
        state = new_game("classic", players=3, seed=2)
        card = state.players[2].hand[0]
        seen = view(state, 0)

        for seed in range(20):
            assert card in sample_state(seen, seed=seed, known={2: [card]}).players[2].hand

    def test_a_card_taken_back_in_the_views_events_is_known(self) -> None:
        state, taken = taken_back_position()
        offender = taken.seat
        onlooker = next(seat for seat in range(len(state.players)) if seat != offender)

        for seed in range(20):
            assert taken.card in sample_state(view(state, onlooker), seed=seed).players[offender].hand

    def test_face_down_bets_are_drawn_among_the_pigs(self) -> None:
        state = _with_bet_by(1)
        seen = view(state, 0)
        assert board_of(seen).bet_of(1) is None  # hidden from seat 0

        drawn = {board_of(sample_state(seen, seed=seed)).bet_of(1) for seed in range(60)}

        assert drawn == set(PIGS)

    def test_a_sampled_take_back_puts_the_card_back_in_the_hand(self) -> None:
        state, offender, challenger = _open_take_back_window()
        card = state.top
        sampled = sample_state(view(state, challenger), seed=3)

        after = apply(sampled, Challenge(challenger, offender))

        assert Counter(after.players[offender].hand) == Counter((*sampled.players[offender].hand, card))
        assert window(after) is None

    def test_a_view_with_cards_the_deck_lacks_is_refused(self) -> None:
        seen = view(new_game("classic", players=2, seed=1), 0)
        wrong = evolve(seen, hand=(*seen.hand[1:], parse_card("2h")))

        with pytest.raises(RecordError, match="does not hold: 2♥"):
            sample_state(wrong, seed=0)

    def test_a_view_whose_counts_do_not_add_up_is_refused(self) -> None:
        seen = view(new_game("classic", players=2, seed=1), 0)
        wrong = evolve(seen, draw_pile_size=seen.draw_pile_size + 1)

        with pytest.raises(RecordError, match=r"hides 27 cards .* but 26 of the deck are out of sight"):
            sample_state(wrong, seed=0)

    def test_more_known_cards_than_a_hand_holds_are_refused(self) -> None:
        state = new_game("classic", players=2, seed=1)
        seen = view(state, 0)

        with pytest.raises(RecordError, match="6 cards are known in seat 1's hand of 5"):
            sample_state(seen, seed=0, known={1: [*state.players[1].hand, *state.draw_pile[:1]]})

    def test_known_cards_in_sight_elsewhere_are_refused(self) -> None:
        seen = view(new_game("classic", players=2, seed=1), 0)

        with pytest.raises(RecordError, match="in sight elsewhere"):
            sample_state(seen, seed=0, known={1: [seen.hand[0]]})


#: What random play of each table of `test_family.TABLES` leaves in progress between actions (see below): an
#: open play, another turn, draws by choice (a draw instead of another turn counts), turns owed to sit out.
EXPECTED_IN_PROGRESS = {
    "another turn, turns to sit out, effects on others": {"again", "draws", "waits"},
    "rank wishes, challenges of a play, finishing, placings": {"again", "draws"},
    "draws up to three, jump-ins, covered aces": {"playing", "draws"},
}


class TestTurnsInProgress:
    """
    A sample of a view taken in the middle of a turn (a play of several cards still open, another turn, draws
    by choice, turns to sit out) shows its seat the same view and plays on.
    """

    def test_a_view_of_an_open_play(self) -> None:
        rule = family(mechanics=(Combinations(),))
        state = family_game(["4c 10d 5c 6c 7d", "9s 9d 9c Kc Qd", "3h 4h 5h 6h 8h"], "9h", plugin=rule)
        state = apply(state, PlayCard(1, parse_card("9s"), None, True))
        assert state.playing == (parse_card("9s"),)

        check_sampling(state, random.Random(0), [rule])

    @pytest.mark.parametrize("again", ["must", "may"])
    def test_a_view_of_another_turn(self, again: str) -> None:
        rule = family(effects={"K": Effect(again=again)})  # type: ignore[arg-type]
        state = family_game(["9c 10d 5c 6c 7c", "Kh 2h 3s Kc Qc", "3h 4h 5h 6h 8h"], "9h", plugin=rule)
        state = apply(state, PlayCard(1, parse_card("Kh")))
        assert (state.to_move, state.again) == (1, again)

        check_sampling(state, random.Random(0), [rule])

    @pytest.mark.parametrize("table", TABLES, ids=list(TABLES))
    def test_the_views_of_random_play_of_the_family_tables(self, table: str) -> None:
        """
        Random play of each table reaches turns in progress of every kind; every view of every one samples.
        """
        rule = family(**TABLES[table])  # type: ignore[arg-type]
        rng = random.Random(0)
        reached = set()
        for seed in range(6):
            state = new_game("classic", players=3, seed=seed, plugins=[rule])
            for _ in range(150):
                if state.is_over:
                    break
                if state.playing or state.again or state.draws or state.waits:
                    reached.update(name for name in ("playing", "again", "draws", "waits") if getattr(state, name))
                    check_sampling(state, rng, [rule])
                actions = [a for seat in range(3) for a in legal_actions(state, seat) if not isinstance(a, Resign)]
                state = apply(state, rng.choice(actions))
        assert reached == EXPECTED_IN_PROGRESS[table]


class TestKnowledge:
    """
    Tests for `maumau.Knowledge`: the cards seen going into other hands.
    """

    def test_a_card_taken_back_is_known_in_its_hand(self) -> None:
        card = parse_card("7h")

        assert Knowledge().after([PlayTakenBack(1, card)]).known == ((1, (card,)),)

    def test_a_known_card_played_again_is_forgotten(self) -> None:
        card = parse_card("7h")

        assert Knowledge().after([PlayTakenBack(1, card), CardPlayed(1, card)]).known == ()

    def test_a_new_round_forgets_everything(self) -> None:
        card = parse_card("7h")

        assert Knowledge().after([PlayTakenBack(1, card), RoundStarted(2, 0, card, 1)]).known == ()

    def test_knowledge_never_changes(self) -> None:
        before = Knowledge()
        before.after([PlayTakenBack(1, parse_card("7h"))])

        assert before == Knowledge()


def _first_position(
    variant: str, players: int, options: dict[str, object], wanted: Callable[[GameState], T | None], games: int
) -> T:
    """
    What *wanted* finds first in seeded random games (always challenging when one can): the test's position.
    """
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(variant, players=players, seed=seed, options=options)
        for _ in range(300):
            if state.is_over:
                break
            found = wanted(state)
            if found is not None:
                return found
            actions = [a for s in range(players) for a in legal_actions(state, s) if not isinstance(a, Resign)]
            challenges = [a for a in actions if isinstance(a, Challenge)]
            state = apply(state, challenges[0] if challenges else rng.choice(actions))
    raise AssertionError(f"nothing found in {games} games")  # pragma: no cover


def taken_back_position() -> tuple[GameState, PlayTakenBack]:
    """
    A sau-mau-mau position just after a challenge took a card back.
    """

    def wanted(state: GameState) -> tuple[GameState, PlayTakenBack] | None:
        taken = [event for event in state.events if isinstance(event, PlayTakenBack)]
        return (state, taken[0]) if taken else None

    return _first_position("sau-mau-mau", 3, {"mau_calls": True}, wanted, 500)


def _open_take_back_window() -> tuple[GameState, int, int]:
    """
    A sau-mau-mau position with a take-back window open, its offender, and a seat that may challenge.
    """

    def wanted(state: GameState) -> tuple[GameState, int, int] | None:
        current = window(state)
        if current is None or len(state.discard_pile) < 2:
            return None
        challenger = 1 - current.offender
        if Challenge(challenger, current.offender) not in legal_actions(state, challenger):
            return None
        return state, current.offender, challenger

    return _first_position("sau-mau-mau", 2, {"mau_calls": True}, wanted, 500)


def _with_bet_by(seat: int) -> GameState:
    """
    A sau-mau-mau position in which *seat* has a bet on the row.
    """

    def wanted(state: GameState) -> GameState | None:
        if board_of(state).bet_of(seat) is not None and len(state.rounds) < state.round:
            return state
        return None

    return _first_position("sau-mau-mau", 2, {}, wanted, 200)
