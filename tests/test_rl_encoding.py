"""
The action space and the observation (`maumau.rl.ActionSpace`, `maumau.rl.Observer`): pure Python, no extras needed.
"""

from __future__ import annotations

import random

import pytest
from attrs import evolve, frozen

from maumau import (
    Action,
    Card,
    DrawCards,
    Feature,
    InvalidActionError,
    Pass,
    PlayCard,
    PluginError,
    Resign,
    apply,
    hookimpl,
    legal_actions,
    new_game,
    variants,
    view,
)
from maumau.rl import NO_REACTION, ActionSpace, Observer, action_space, observer
from maumau.testing import check_encoding
from maumau_variants.sau_mau_mau import deck

#: Variants installed beside maumau's own (the peers' games, a third party's): each is checked as its own are.
OTHERS = sorted(set(variants()) - {"classic", "penalty-52", "sau-mau-mau", "ccw-house"})

GAMES = [
    ("classic", 3, None),
    ("classic", 2, {"mau_mau_call": True}),
    ("penalty-52", 3, None),
    ("sau-mau-mau", 3, None),
    ("sau-mau-mau", 2, {"mau_calls": True}),
    ("ccw-house", 4, None),
]


def random_states(variant: str, players: int, options: dict[str, object] | None, seed: int, steps: int):
    """
    The states of random legal play, out-of-turn actions included, for *steps* actions or to the end.
    """
    rng = random.Random(seed)
    state = new_game(variant, players=players, seed=seed, options=options)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        actions = [a for seat in range(players) for a in legal_actions(state, seat) if not isinstance(a, Resign)]
        state = apply(state, rng.choice(actions))


class TestActionSpace:
    """
    Tests for `maumau.rl.ActionSpace`.
    """

    @pytest.mark.parametrize(("variant", "players", "options"), GAMES)
    def test_every_legal_action_has_an_id_that_decodes_back(self, variant, players, options):
        """
        Each variant declares every action it can list: plays with calls, draws, passes, suits, challenges,
        jump-ins, bets and pig choices all encode, and their ids decode to the same action.
        """
        rng = random.Random(1)
        kinds = set()
        for seed in range(3):
            for state in random_states(variant, players, options, seed, 400):
                check_encoding(state, rng)
                kinds.update(type(a).__name__ for seat in range(players) for a in legal_actions(state, seat))
        assert {"PlayCard", "DrawCards", "Resign"} <= kinds

    @pytest.mark.parametrize("variant", OTHERS)
    def test_every_other_installed_variant_encodes(self, variant):
        """
        A variant installed from another package gets action ids and observations through the same hooks.
        """
        rng = random.Random(3)
        players = variants()[variant].seats.start
        for state in random_states(variant, players, None, 0, 300):
            check_encoding(state, rng)

    def test_ids_follow_the_documented_order(self):
        """
        Id 0 is no reaction; then each card of the deck in deck order, without a call and with each call;
        then draw, pass, each suit and resign.
        """
        state = new_game("classic", players=3, seed=0)
        space = ActionSpace.of(state)
        deck = list(dict.fromkeys(state.rules.deck(state.options, 3)))
        calls = state.rules.calls(state.options)
        per_card = 1 + len(calls)
        assert space.encode(PlayCard(2, deck[3])) == 1 + 3 * per_card
        assert space.encode(PlayCard(1, deck[3], calls[0])) == 2 + 3 * per_card
        assert space.encode(DrawCards(0)) == 1 + len(deck) * per_card
        assert space.encode(Pass(2)) == 2 + len(deck) * per_card
        assert space.encode(Resign(1)) == len(space) - 1

    def test_ids_are_the_same_for_every_seat(self):
        """
        An id names an action without its seat: decoding puts the seat back.
        """
        space = action_space("penalty-52", players=4)
        for seat in range(4):
            assert space.decode(space.encode(DrawCards(0)), seat) == DrawCards(seat)

    def test_no_reaction_is_no_action(self):
        """
        Id 0 means declining to react; it decodes to no action.
        """
        space = action_space("classic", players=2)
        assert space.actions[NO_REACTION] is None
        with pytest.raises(InvalidActionError, match="no action id 0"):
            space.decode(NO_REACTION, 0)

    def test_an_id_out_of_range_is_refused_by_name(self):
        """
        Decoding an id that is not in the space names the id and the range.
        """
        space = action_space("classic", players=2)
        with pytest.raises(InvalidActionError, match=f"no action id {len(space)}; actions are 1 to"):
            space.decode(len(space), 0)

    def test_an_action_of_another_game_is_refused_by_name(self):
        """
        A card that is not in the deck has no id: the error names the action and the game.
        """
        space = action_space("classic", players=2)
        with pytest.raises(InvalidActionError, match="not in the action space of classic for 2 players"):
            space.encode(PlayCard(0, Card("2", "♠")))

    def test_a_seat_that_does_not_exist_is_refused(self):
        """
        Decoding for a seat the game does not have fails by name.
        """
        with pytest.raises(InvalidActionError, match="there is no seat 5"):
            action_space("classic", players=2).decode(1, 5)

    def test_options_change_the_space(self):
        """
        The calls are the variant's, for its options: sau-mau-mau without calls has plays without a call only.
        """
        plain = action_space("sau-mau-mau", players=3)
        calling = action_space("sau-mau-mau", players=3, options={"mau_calls": True})
        distinct = len(set(deck()))  # the three Bauer cards are one card to play
        assert len(calling) - len(plain) == 2 * distinct  # "Mau" and "Mau Mau" with each card

    def test_the_legal_mask_lists_exactly_the_legal_ids(self):
        """
        `legal_ids` of a state and of the seat's view agree, and each decodes to a legal action.
        """
        state = new_game("ccw-house", players=4, seed=3)
        space = ActionSpace.of(state)
        for seat in range(4):
            ids = space.legal_ids(state, seat)
            assert ids == space.legal_ids(view(state, seat))
            assert [space.decode(index, seat) for index in ids] == list(legal_actions(state, seat))


@frozen
class Shout(Action, kind="test_rl_shout"):
    """
    A house rule's own action: shout at any time.
    """


class Shouting:
    """
    A house rule that lists its own action; whether it declares it depends on *declare*.
    """

    def __init__(self, declare: bool) -> None:
        self.declare = declare

    @hookimpl
    def maumau_actions(self, seat):
        return (Shout(seat),)

    @hookimpl
    def maumau_action_space(self):
        return (Shout(0),) if self.declare else ()


class TestThirdPartyActions:
    """
    A plugin's own actions get ids through ``maumau_action_space``.
    """

    def test_a_declared_action_gets_the_next_id(self):
        """
        A house rule's declared action comes after the variant's.
        """
        plain = action_space("classic", players=2)
        space = action_space("classic", players=2, plugins=[Shouting(declare=True)])
        assert space.encode(Shout(1)) == len(plain)
        state = new_game("classic", players=2, seed=0, plugins=[Shouting(declare=True)])
        assert space.encode(Shout(1)) in space.legal_ids(state, 1)

    def test_a_listed_action_nobody_declares_fails_by_name(self):
        """
        A plugin that lists an action it does not declare breaks the encoding, and the error says where.
        """
        state = new_game("classic", players=2, seed=0, plugins=[Shouting(declare=False)])
        with pytest.raises(PluginError, match=r"maumau_action_space.*legal action .* is in no plugin's action space"):
            ActionSpace.of(state).legal_ids(state, 0)

    def test_a_declared_action_of_another_seat_is_refused(self):
        """
        The space holds actions as seat 0 takes them.
        """

        class WrongSeat:
            @hookimpl
            def maumau_action_space(self):
                return (Shout(1),)

        with pytest.raises(PluginError, match="actions of seat 0"):
            action_space("classic", players=2, plugins=[WrongSeat()])


class TestObserver:
    """
    Tests for `maumau.rl.Observer`.
    """

    @pytest.mark.parametrize(("variant", "players", "options"), GAMES)
    def test_two_states_with_the_same_view_give_the_same_observation(self, variant, players, options):
        """
        Shuffling the cards a seat cannot see (other hands, the draw pile) keeps its view, and so its observation.
        """
        rng = random.Random(2)
        for state in list(random_states(variant, players, options, 5, 120))[::10]:
            seat = rng.randrange(players)
            hidden = [c for other, p in enumerate(state.players) if other != seat for c in p.hand] + list(
                state.draw_pile
            )
            rng.shuffle(hidden)
            players_after = []
            for other, player in enumerate(state.players):
                if other == seat:
                    players_after.append(player)
                else:
                    players_after.append(evolve(player, hand=tuple(hidden[: len(player.hand)])))
                    hidden = hidden[len(player.hand) :]
            other_state = evolve(state, players=tuple(players_after), draw_pile=tuple(hidden))
            seen = observer(variant, players=players, options=options)
            assert view(other_state, seat) == view(state, seat)
            assert seen.values(view(other_state, seat)) == seen.values(view(state, seat))

    def test_own_hand_is_observed(self):
        """
        The observation is not blind: two seats with different hands observe different vectors.
        """
        state = new_game("classic", players=2, seed=0)
        seen = Observer.of(state)
        assert seen.values(view(state, 0)) != seen.values(view(state, 1))

    def test_another_seats_face_down_bet_is_not_observed(self):
        """
        In sau-mau-mau, which pig another seat bet on stays hidden; one's own bet is observed.
        """
        state = new_game("sau-mau-mau", players=3, seed=0)
        slot = state.rules.slot("board")
        board = slot.get(state)
        on_pink = slot.put(state, evolve(board, bets=((1, "pink"),)))
        on_black = slot.put(state, evolve(board, bets=((1, "black"),)))
        seen = Observer.of(state)
        assert seen.values(view(on_pink, 0)) == seen.values(view(on_black, 0))
        assert seen.values(view(on_pink, 1)) != seen.values(view(on_black, 1))

    @pytest.mark.parametrize(("variant", "players", "options"), GAMES)
    def test_the_size_is_fixed(self, variant, players, options):
        """
        Every view of a game gives a vector of the observer's size, and the layout covers it without gaps.
        """
        seen = observer(variant, players=players, options=options)
        assert [part.start for part in seen.layout[1:]] == [part.stop for part in seen.layout[:-1]]
        assert seen.layout[-1].stop == seen.size
        for state in list(random_states(variant, players, options, 7, 200))[::20]:
            assert len(seen.values(view(state, 0))) == seen.size

    def test_a_feature_that_reads_the_wrong_size_fails_by_name(self):
        """
        A plugin whose feature reads more numbers than it declares breaks the observation, by name.
        """

        class Loud:
            @hookimpl
            def maumau_features(self):
                return (Feature("loud", 2, lambda seen: [1.0, 2.0, 3.0]),)

        state = new_game("classic", players=2, seed=0, plugins=[Loud()])
        with pytest.raises(PluginError, match="feature 'loud' read 3 values, but its size is 2"):
            Observer.of(state).values(view(state, 0))

    def test_two_features_of_one_name_are_refused(self):
        """
        Feature names are unique in a game, as the layout names them.
        """

        class Twice:
            @hookimpl
            def maumau_features(self):
                return (Feature("hand", 1, lambda seen: [0.0]),)

        with pytest.raises(PluginError, match="two plugins declare the feature 'hand'"):
            observer("classic", players=2, plugins=[Twice()])

    def test_a_feature_has_a_positive_size(self):
        """
        A feature of no numbers is a mistake.
        """
        with pytest.raises(ValueError, match="at least 1"):
            Feature("empty", 0, lambda seen: [])


def test_each_variants_layout_is_documented():
    """
    docs/reference/rl.md shows the observation layout of each variant for four players (two to five in
    sau-mau-mau), as the code builds it.
    """
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "reference" / "rl.md").read_text(encoding="utf-8")
    for variant in ("classic", "penalty-52", "sau-mau-mau", "ccw-house"):
        assert observer(variant, players=4).table() in text, variant
