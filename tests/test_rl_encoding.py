"""
The action space and the observation (`maumau.rl.ActionSpace`, `maumau.rl.Observer`): pure Python, no extras needed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from attrs import evolve, frozen

from family import FULL, family, family_game
from helpers import stacked
from maumau import (
    Action,
    Card,
    DrawCards,
    DrawRule,
    Effect,
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
    parse_card,
    variants,
    view,
)
from maumau.mechanics import ChallengePlay, ChooseRank, Combinations, PlayChallenges, RankWishes
from maumau.rl import NO_REACTION, ActionSpace, Observer, action_space, observer
from maumau.testing import check_encoding
from maumau_variants.sau_mau_mau import deck
from test_family import TABLES

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


def random_states(
    variant: str, players: int, options: dict[str, object] | None, seed: int, steps: int, plugins: Sequence[object] = ()
):
    """
    The states of random legal play, out-of-turn actions included, for *steps* actions or to the end.
    """
    rng = random.Random(seed)
    state = new_game(variant, players=players, seed=seed, options=options, plugins=plugins)
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

    @pytest.mark.parametrize(("variant", "players", "options"), [*GAMES, ("uno-rlcard", 2, None)])
    def test_an_environments_choices_are_the_legal_actions_but_resigning(self, variant, players, options):
        """
        What an environment offers a seat (`ActionSpace.choices`) is its legal actions in their order, resigning
        left out, each with its id: asked twice of the same space, and of every seat, out-of-turn actions too.
        """
        space = action_space(variant, players=players, options=options)
        for seed in range(2):
            for state in random_states(variant, players, options, seed, 300):
                for seat in range(players):
                    listed = legal_actions(state, seat)
                    kept = tuple(action for action in listed if not isinstance(action, Resign))
                    for _ in range(2):
                        assert space.choices(listed, seat) == (tuple(space.encode(a) for a in kept), kept)


class TestFamilyTables:
    """
    The actions and the turns of the family's new vocabulary encode: plays of several cards, rank wishes,
    challenges of a play, another turn, draw rules, turns to sit out.
    """

    @pytest.mark.parametrize(
        ("table", "new_kinds"),
        [
            ("another turn, turns to sit out, effects on others", {"Challenge"}),
            ("rank wishes, challenges of a play, finishing, placings", {"ChooseRank", "ChallengePlay"}),
            ("draws up to three, jump-ins, covered aces", {"PlayCard, more to follow", "Challenge"}),
        ],
    )
    def test_every_legal_action_of_the_tables_has_an_id_that_decodes_back(
        self, table: str, new_kinds: set[str]
    ) -> None:
        rule = family(**TABLES[table])  # type: ignore[arg-type]
        rng = random.Random(1)
        kinds = set()
        for seed in range(3):
            for state in random_states("classic", 3, None, seed, 300, plugins=[rule]):
                check_encoding(state, rng)
                for action in (a for seat in range(3) for a in legal_actions(state, seat)):
                    more = isinstance(action, PlayCard) and action.more
                    kinds.add(type(action).__name__ + (", more to follow" if more else ""))
        assert {"PlayCard", "DrawCards", "Pass", "ChooseSuit", "Resign", *new_kinds} <= kinds

    def test_plays_of_several_cards_add_one_id_per_card(self) -> None:
        """
        `Combinations` declares each card of the deck with more cards to follow, after the kernel's ids.
        """
        plain = action_space("classic", players=4, plugins=[family()])
        space = action_space(
            "classic", players=4, plugins=[family(mechanics=(Combinations(sets=True, runs="either", switch=True),))]
        )

        assert (len(plain), len(space)) == (112, 164)  # 52 cards, each without a call and with "Mau"; then 52
        assert space.actions[: len(plain)] == plain.actions
        assert space.encode(PlayCard(3, FULL[0], None, True)) == len(plain)
        assert space.decode(len(space) - 1, 2) == PlayCard(2, FULL[-1], None, True)

    def test_rank_wishes_and_challenges_of_a_play_add_their_ids(self) -> None:
        ranks = ("5", "6", "7", "8", "9", "10")
        mechanics = (RankWishes(cards="Q", ranks=ranks), PlayChallenges(cards="J"))
        plain = action_space("classic", players=3, plugins=[family()])
        space = action_space("classic", players=3, plugins=[family(mechanics=mechanics)])

        added = [space.decode(index, 1) for index in range(len(plain), len(space))]

        assert added == [*(ChooseRank(1, rank) for rank in ranks), *(ChallengePlay(1, seat) for seat in range(3))]

    def test_a_play_of_several_cards_is_one_decision_per_card_of_the_same_seat(self) -> None:
        state = family_game(["4c 10d 5c 6c 7d", "9s 9d 9c Kc Qd", "3h 4h 5h 6h 8h"], "9h", mechanics=(Combinations(),))
        space = ActionSpace.of(state)
        opened = apply(state, space.decode(space.encode(PlayCard(1, parse_card("9s"), None, True)), 1))

        ids = space.legal_ids(opened, 1)

        assert opened.to_move == 1
        assert [space.decode(index, 1) for index in ids if index != space.encode(Resign(1))] == [
            PlayCard(1, parse_card(card), None, more) for card in ("9d", "9c") for more in (True, False)
        ]


class TestTurnFeatures:
    """
    The features of a turn in progress (``playing``, ``again``, ``draws``, ``waits``) are observed only in
    games that can use them, so that every other game's observation stays as it was.
    """

    @pytest.mark.parametrize("variant", ["classic", "penalty-52", "sau-mau-mau", "ccw-house"])
    def test_maumaus_own_variants_have_none(self, variant: str) -> None:
        names = {part.name for part in observer(variant, players=4).layout}

        assert not names & {"playing", "again", "draws", "waits"}

    @pytest.mark.parametrize(
        ("table", "expected"),
        [
            ("another turn, turns to sit out, effects on others", ["again", "waits"]),
            ("rank wishes, challenges of a play, finishing, placings", ["again", "draws"]),
            ("draws up to three, jump-ins, covered aces", ["draws"]),
        ],
    )
    def test_a_game_observes_those_its_rules_can_fill(self, table: str, expected: list[str]) -> None:
        seen = observer("classic", players=3, plugins=[family(**TABLES[table])])  # type: ignore[arg-type]
        names = [part.name for part in seen.layout]
        kernel = names.index("round") + 1  # the kernel's last feature: the turn's come right after it

        assert names[kernel : kernel + len(expected)] == expected

    def test_an_open_play_is_observed_by_its_mechanic(self) -> None:
        seen = observer("classic", players=3, plugins=[family(mechanics=(Combinations(),))])

        assert [part.name for part in seen.layout].count("playing") == 1

    def test_an_open_play_is_observed_where_a_plugin_of_its_own_allows_it(self) -> None:
        """
        A game whose plays hold several cards without `Combinations` (a plugin of its own answers
        ``maumau_play_follows``) observes the open play all the same.
        """

        class Pairs:
            @hookimpl
            def maumau_play_follows(self, cards: tuple[Card, ...], hand: tuple[Card, ...]) -> tuple[Card, ...]:
                return tuple(card for card in hand if len(cards) == 1 and card.rank == cards[0].rank)

        deck = stacked(["4c 10d 5c 6c 7d", "9s 9d 9c Kc Qd"], "9h", full=FULL)
        state = new_game("classic", players=2, seed=0, deck=deck, plugins=[family(), Pairs()])
        opened = apply(state, PlayCard(1, parse_card("9s"), None, True))
        seen = Observer.of(opened)
        part = next(part for part in seen.layout if part.name == "playing")

        values = seen.values(view(opened, 0))

        assert values[part.start : part.stop] == [float(card == parse_card("9s")) for card in FULL]

    def test_the_turns_features_read_the_view(self) -> None:
        rule = family(effects={"K": Effect(again="may")}, draw_rule=DrawRule(limit=3))
        state = family_game(["9c 10d 5c 6c 7c", "Kh 2h 3s Kc Qc"], "9h", plugin=rule)
        again = apply(state, PlayCard(1, parse_card("Kh")))
        seen = Observer.of(again)
        layout = {part.name: part for part in seen.layout}

        values = seen.values(view(again, 0))

        assert values[layout["again"].start : layout["again"].stop] == [0.0, 1.0]  # must, may
        assert values[layout["draws"].start : layout["draws"].stop] == [0.0]
        assert seen.values(view(state, 0))[layout["again"].start : layout["again"].stop] == [0.0, 0.0]


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
        with pytest.raises(PluginError, match=r"maumau_action_space.*legal action .* is in no plugin's action space"):
            ActionSpace.of(state).choices(legal_actions(state, 0), 0)  # what the environments offer, too

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
