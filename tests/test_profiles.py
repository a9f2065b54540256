"""
Game profiles: a game in a TOML file, read strictly, never run, and played as any variant is.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import attrs
import jsonschema
import pytest

import maumau
from maumau import ProfileError, RecordError
from maumau.mechanics import BUILT_IN
from maumau.profiles import (
    Profile,
    installed_profiles,
    load_profile,
    profile_from_text,
    schema,
)
from maumau.profiles._schema import REGENERATE, assemble, built_in, kernel
from maumau.profiles._schema import text as schema_text
from maumau.profiles._validate import check
from maumau.testing import check_variant

SHIPPED = Path(maumau.__file__).parent.parent / "maumau_variants" / "profiles"

TINY = """
format = 1
[game]
id = "tiny-eights"
name = "Tiny Eights"
players = [2, 4]
[play]
wild = "8"
[special.eight]
cards = "8"
choose_suit = true
"""


def _profile(text: str, *, register: bool = False) -> Profile:
    return profile_from_text(textwrap.dedent(text), source="game.toml", register=register)


def _refused(text: str) -> str:
    with pytest.raises(ProfileError) as caught:
        _profile(text)
    return str(caught.value)


class TestSchema:
    def test_the_shipped_schema_file_is_the_kernels_with_the_built_in_mechanics_keys(self) -> None:
        shipped = Path(maumau.__file__).parent / "profiles" / "profile.schema.json"
        assert shipped.read_text("utf-8") == schema_text(built_in()), f"profile.schema.json is stale: run {REGENERATE}"

    def test_a_built_in_mechanics_keys_are_declared_in_its_module_alone(self) -> None:
        def paths(node: object, at: str) -> set[str]:
            if not isinstance(node, dict):
                return set()
            found = set()
            for key, child in node.get("properties", {}).items():  # a key is declared where its type is given
                declared = {f"{at}.{key}"} if "type" in child or "$ref" in child else set()
                found |= declared | paths(child, f"{at}.{key}")
            return found | paths(node.get("additionalProperties"), f"{at}.NAME")

        kernel_keys = paths(kernel(), "")
        for module in BUILT_IN:
            declared = getattr(module, "maumau_profile_sections", lambda: {})()
            assert declared.keys() or module.__name__.endswith(("board", "choices"))
            assert not paths({"properties": declared}, "") & kernel_keys, module.__name__

    def test_a_mechanic_adds_keys_to_a_section_and_replaces_none(self) -> None:
        assembled = assemble([{"debts": {"type": "string", "properties": {"limit": {"type": "integer"}}}}])
        debts = assembled["properties"]["debts"]
        assert debts["type"] == "object"
        assert debts["properties"]["limit"] == {"type": "integer"}
        assert "up_to_stock" in debts["properties"]

    def test_the_schema_is_a_json_schema(self) -> None:
        jsonschema.Draft202012Validator.check_schema(schema())

    @pytest.mark.parametrize("path", sorted(SHIPPED.glob("*.toml")), ids=lambda path: path.stem)
    def test_shipped_profiles_pass_the_schema_as_json_schema_reads_it(self, path: Path) -> None:
        import tomllib

        data = tomllib.loads(path.read_text("utf-8"))
        jsonschema.Draft202012Validator(schema()).validate(data)
        assert check(data) == []

    @pytest.mark.parametrize(
        "data",
        [
            {"format": 1, "game": {"id": "x", "name": "X"}, "deck": {"preset": "tarot"}},
            {"format": 1, "game": {"id": "x", "name": "X"}, "special": {"two": {"cards": "2", "draw": "two"}}},
            {"format": 1, "game": {"id": "X y", "name": "X"}},
            {"format": 2, "game": {"id": "x", "name": "X"}},
            {"format": 1, "game": {"id": "x", "name": "X"}, "colour": "red"},
        ],
    )
    def test_what_json_schema_refuses_the_loader_refuses(self, data: dict[str, object]) -> None:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.Draft202012Validator(schema()).validate(data)
        assert check(data)


class TestStrictLoading:
    def test_a_profile_is_played_by_its_id(self) -> None:
        profile = _profile(TINY, register=True)
        state = maumau.new_game(profile.id, players=3, seed=4)
        assert state.variant == "tiny-eights"
        assert maumau.legal_actions(state)

    def test_an_unknown_key_names_the_file_the_key_path_and_what_is_allowed(self) -> None:
        message = _refused(TINY + '[special.seven]\ncards = "7"\ndraws = 2\n')
        assert message.startswith("game.toml: special.seven.draws: unknown key; allowed: cards, description")

    def test_a_value_of_the_wrong_type_is_refused(self) -> None:
        message = _refused(TINY + '[special.seven]\ncards = "7"\ndraw = "two"\n')
        assert message == 'game.toml: special.seven.draw: expected a whole number, got "two"'

    def test_a_value_not_allowed_lists_the_allowed_ones(self) -> None:
        message = _refused(TINY + '[deck]\npreset = "tarot"\n')
        assert 'deck.preset: "tarot" is not allowed; allowed: "french52", "french32"' in message

    def test_a_special_card_the_deck_does_not_hold_is_refused(self) -> None:
        message = _refused(TINY + '[deck]\npreset = "french32"\n[special.two]\ncards = "2"\ndraw = 2\n')
        assert message == "game.toml: special.two.cards: '2' names no card of the pack"

    def test_stacking_for_cards_that_make_no_debt_is_refused(self) -> None:
        message = _refused(TINY + '[debts]\nstack = "pools"\npools = ["8"]\n')
        assert "debts.pools[0]: '8' makes no debt" in message

    def test_a_deal_the_pack_cannot_make_is_refused(self) -> None:
        message = _refused(TINY.replace("players = [2, 4]", "players = [2, 8]") + "[deal]\nhand_size = 7\n")
        assert message == "game.toml: deal: 8 players need 57 cards (hands and a starter); the pack has 52"

    def test_two_specials_naming_one_card_are_refused(self) -> None:
        message = _refused(TINY + '[special.wild_eights]\ncards = "8"\nskip = 1\n')
        assert "is named by special.eight too" in message

    def test_an_option_whose_value_makes_an_impossible_game_is_refused(self) -> None:
        text = (
            TINY
            + '[options.big_hands]\ndescription = "more cards"\ndefault = false\n'
            + "when.true = { deal = { hand_size = 20 } }\n"
        )
        message = _refused(text)
        assert message.startswith("game.toml: options.big_hands.when.true: deal: 3 players need 61 cards")

    def test_an_option_changing_an_unknown_key_is_refused(self) -> None:
        text = TINY + '[options.x]\ndescription = "x"\ndefault = false\nwhen.true = { play = { wilds = "J" } }\n'
        assert "options.x.when.true: play.wilds: unknown key" in _refused(text)

    def test_a_when_for_a_value_the_option_cannot_take_is_refused(self) -> None:
        text = (
            TINY
            + '[options.x]\ndescription = "x"\ndefault = "a"\nchoices = ["a", "b"]\n'
            + "when.c = { play = { must_play = true } }\n"
        )
        assert "options.x.when.c: not a value of the option; its values: a, b" in _refused(text)

    def test_text_that_is_not_toml_says_where(self) -> None:
        message = _refused("format = 1\n[game\n")
        assert message.startswith("game.toml: (the file): not valid TOML")

    def test_a_profile_too_big_is_refused_before_it_is_parsed(self) -> None:
        message = _refused("# " + "x" * 300_000)
        assert "bytes; a profile has at most 262144" in message

    def test_a_missing_base_is_refused(self) -> None:
        message = _refused('base = "no-such-game"\n' + TINY)
        assert message == "game.toml: base: no installed game profile 'no-such-game'"

    def test_an_id_of_a_python_variant_is_refused(self) -> None:
        with pytest.raises(ProfileError, match="'classic' is an installed variant; choose another id"):
            _profile(TINY.replace("tiny-eights", "classic"), register=True)

    def test_loading_imports_nothing(self) -> None:
        before = set(sys.modules)
        _profile(TINY.replace("tiny-eights", "tiny-imports") + '[deck]\npreset = "french52"\n')
        assert set(sys.modules) - before == set()

    def test_an_installed_profile_is_located_without_running_its_package(self, tmp_path: Path) -> None:
        from maumau.profiles import _locate

        package = tmp_path / "booby_trapped"
        package.mkdir()
        (package / "__init__.py").write_text("raise SystemExit('run')\n")
        (package / "game.toml").write_text(TINY)
        sys.path.insert(0, str(tmp_path))
        try:
            assert _locate("booby_trapped:game.toml") == package / "game.toml"
            assert "booby_trapped" not in sys.modules
        finally:
            sys.path.remove(str(tmp_path))


class TestFromFiles:
    def test_new_game_reads_a_path(self, tmp_path: Path) -> None:
        path = tmp_path / "eights.toml"
        path.write_text(TINY.replace("tiny-eights", "path-eights"))
        state = maumau.new_game(str(path), players=2, seed=1)
        assert state.variant == "path-eights"

    def test_a_base_adds_house_rules_in_a_few_lines(self, tmp_path: Path) -> None:
        (tmp_path / "eights.toml").write_text(TINY.replace("tiny-eights", "base-eights"))
        (tmp_path / "house.toml").write_text(
            'format = 1\nbase = "eights.toml"\n[game]\nid = "house-eights"\nname = "House Eights"\n'
            '[special.two]\ncards = "2"\ndraw = 2\n'
        )
        profile = load_profile(tmp_path / "house.toml")
        assert profile.data["special"]["eight"]["choose_suit"] is True
        assert profile.data["special"]["two"]["draw"] == 2

    def test_a_save_carries_the_profile_and_a_changed_profile_is_refused(self, tmp_path: Path) -> None:
        path = tmp_path / "eights.toml"
        path.write_text(TINY.replace("tiny-eights", "changing-eights"))
        state = maumau.new_game(str(path), players=2, seed=1)
        saved = maumau.to_json(state)
        record = maumau.to_json(state.record)
        assert json.loads(saved)["profile"] == load_profile(path).digest
        assert maumau.from_json(saved, maumau.GameState) == state
        path.write_text(TINY.replace("tiny-eights", "changing-eights") + '[special.two]\ncards = "2"\ndraw = 2\n')
        load_profile(path)
        with pytest.raises(RecordError, match="has changed"):
            maumau.from_json(saved, maumau.GameState)
        with pytest.raises(RecordError, match="has changed"):
            maumau.replay(maumau.from_json(record, maumau.GameRecord))

    def test_a_python_variants_record_has_no_profile(self) -> None:
        state = maumau.new_game("classic", players=2, seed=1)
        assert "profile" not in json.loads(maumau.to_json(state.record))
        assert "profile" not in json.loads(maumau.to_json(state))


class TestInstalled:
    def test_every_shipped_profile_is_installed_and_listed(self) -> None:
        installed = installed_profiles()
        assert {path.stem for path in SHIPPED.glob("*.toml")} <= set(installed)
        listed = maumau.variants()
        for name in installed:
            assert listed[name].available
            assert listed[name].profile is not None

    @pytest.mark.parametrize("name", sorted(path.stem for path in SHIPPED.glob("*.toml")))
    def test_every_shipped_profile_passes_the_conformance_kit(self, name: str) -> None:
        # Random play makes some rounds long (Whot!'s general market): every third step is checked.
        check_variant(name, games=2, players=(2, 3), check_every=3)


class TestGuide:
    GUIDE = Path(__file__).parent.parent / "docs" / "guides" / "profiles.md"

    def _blocks(self) -> list[str]:
        text = self.GUIDE.read_text("utf-8")
        return [block.split("```", 1)[0] for block in text.split("```toml\n")[1:]]

    def test_the_guides_profiles_load_and_play(self, tmp_path: Path) -> None:
        games = [block for block in self._blocks() if block.startswith(("# family", "# kitchen", "# nines"))]
        assert len(games) == 3
        for number, text in enumerate(games):
            path = tmp_path / f"guide{number}.toml"
            path.write_text(text, "utf-8")
            profile = load_profile(path)
            check_variant(profile.id, games=2, players=(2, 3))


class TestEveryShippedGame:
    """
    Everything maumau has plays every shipped game: the bots, the search bot, the terminal, the web table's views.
    """

    NAMES = sorted(path.stem for path in SHIPPED.glob("*.toml"))

    @pytest.mark.parametrize("name", NAMES)
    def test_the_heuristic_and_search_bots_play_it(self, name: str) -> None:
        from maumau.bots import Bot, HeuristicBot, acting_seat
        from maumau.search import SearchBot

        players = max(3, maumau.variants()[name].seats.start)
        state = maumau.new_game(name, players=players, seed=11)
        bots: dict[int, Bot] = {seat: HeuristicBot(seat) for seat in range(players)}
        bots[0] = SearchBot(0, budget=8)
        for _ in range(150):  # the search bot's rollouts play whole rounds: some turns of each bot do
            seat = acting_seat(state)
            if state.is_over or seat is None:
                break
            action = bots[seat].choose(maumau.view(state, seat))
            assert action in maumau.legal_actions(state, seat)
            state = maumau.apply(state, action)
        assert len(state.actions) >= 150 or state.is_over

    @pytest.mark.parametrize("name", NAMES)
    def test_the_terminal_plays_it(self, name: str) -> None:
        import io

        from maumau.cli import main

        out = io.StringIO()
        code = main(["play", "--variant", name, "--players", "3", "--seed", "5"], stdin=io.StringIO("q\n"), stdout=out)
        assert code == 0, out.getvalue()
        assert "Your hand:" in out.getvalue()


class TestKeys:
    """
    What some keys do, on stacked decks.
    """

    SETS = (
        TINY.replace("tiny-eights", "{id}")
        + '[several]\nsets = true\neffects = "{effects}"\n[special.two]\ncards = "2"\ndraw = 2\n'
    )

    def _three_twos(self, effects: str) -> maumau.GameState:
        from helpers import stacked

        name = f"sets-{effects}"
        _profile(self.SETS.format(id=name, effects=effects), register=True)
        deck = maumau.plugins.Rules.build(name).deck(maumau.plugins.Rules.build(name).resolve_options(None), 2)
        hands = ("3c 4c 5c 6c 7c", "2h 2s 2d Kc Qd")
        state = maumau.new_game(name, players=2, seed=0, dealer=0, deck=stacked(hands, "2c", full=deck))
        for card in ("2h", "2s"):
            state = maumau.apply(state, maumau.PlayCard(1, maumau.parse_card(card), more=True))
        return maumau.apply(state, maumau.PlayCard(1, maumau.parse_card("2d")))

    def test_a_play_of_several_cards_adds_up_their_effects(self) -> None:
        assert self._three_twos("sum").debt == 6

    def test_with_effects_last_only_the_last_card_acts(self) -> None:
        assert self._three_twos("last").debt == 2

    def test_doubled_cards_count_twice(self) -> None:
        from maumau.profiles._compile import _points

        profile = _profile(
            TINY + '[scoring]\nmode = "holders"\npoints = { "*" = "face", J = 10, Q = 10, K = 10, A = 1 }\n'
            'doubled = "suit:♥"\n'
        )
        values = _points(profile.data, (maumau.parse_card("7h"), maumau.parse_card("7s"), maumau.parse_card("Kh")))
        assert list(values.values()) == [14, 7, 20]


class TestKeysOfThePeersGames:
    """
    The keys that OpenSpiel's and RLCard's games need, each on a stacked deck of the profile that uses it.
    """

    @staticmethod
    def uno(hands: list[str], starter: str, draw: str = "", **options: object) -> maumau.GameState:
        from helpers import profile_game

        return profile_game("uno-rlcard", hands, starter, draw, options=options, dealer=len(hands) - 1)

    @staticmethod
    def eights(hands: list[str], starter: str, draw: str = "", **options: object) -> maumau.GameState:
        from helpers import profile_game

        return profile_game("crazy-eights-openspiel", hands, starter, draw, options=options, dealer=1)

    BLUES = "blue 1, blue 2, blue 3, blue 4, blue 5, blue 6, blue 7"
    REDS = "red 1, red 2, red 3, red 4, red 5, red 6, red 7"

    def test_dealer_last_seat_lets_seat_0_begin_and_order_hands_deals_a_hand_at_a_time(self) -> None:
        state = maumau.new_game("uno-rlcard", players=3, seed=5)
        deck = state.rules.deck(state.options, 3)
        from maumau.flow import shuffle_order

        order = shuffle_order(5, 0, deck)
        assert (state.dealer, state.to_move) == (2, 0)
        assert [len(hand) for hand in state.hands] == [7, 7, 7]
        assert sorted(map(str, state.hands[0])) == sorted(map(str, order[:7]))

    def test_starter_reshuffle_puts_the_card_back_and_shuffles(self) -> None:
        state = self.uno([self.BLUES, self.REDS], "+4", "green 3")
        assert state.discard_pile[-1].rank != "+4"
        assert maumau.parse_card("+4") in state.draw_pile
        assert state.shuffles == 1

    def test_starter_suit_random_colours_a_wild_starter_from_the_seed(self) -> None:
        state = self.uno([self.BLUES, self.REDS], "Wild")
        again = self.uno([self.BLUES, self.REDS], "Wild")
        assert state.wish in ("red", "green", "blue", "yellow")
        assert state.wish == again.wish
        assert state.pending is None
        assert state.to_move == 0

    def test_reverse_first_dealer_lets_the_dealer_begin(self) -> None:
        state = self.uno([self.BLUES, self.REDS, self.BLUES], "green Reverse")
        assert (state.dealer, state.to_move, state.direction) == (2, 2, -1)

    def test_draw_misses_turn_false_lets_the_first_player_draw_and_play(self) -> None:
        state = self.uno([self.BLUES, self.REDS], "green +2", "yellow 8, yellow 9")
        assert len(state.hands[0]) == 9
        assert state.to_move == 0

    def test_last_resort_cards_only_when_nothing_else_fits(self) -> None:
        state = self.uno(["red 1, +4, blue 2, blue 3, blue 4, blue 5, blue 6", self.BLUES], "red 9")
        assert {str(action.card) for action in maumau.legal_actions(state) if isinstance(action, maumau.PlayCard)} == {
            "red 1"
        }
        stuck = self.uno(["green 1, +4, blue 2, blue 3, blue 4, blue 5, blue 6", self.BLUES], "red 9")
        assert {str(a.card) for a in maumau.legal_actions(stuck) if isinstance(a, maumau.PlayCard)} == {"+4"}

    def test_a_last_resort_card_is_refused_naming_the_card_that_can_go(self) -> None:
        """
        A last resort played while another card fits is refused with that rule's words, not a misleading one.
        """
        state = self.uno(["red 1, +4, blue 2, blue 3, blue 4, blue 5, blue 6", self.BLUES], "red 9")

        with pytest.raises(
            maumau.IllegalActionError,
            match=r"\+4 may be played only when no other card of the hand can be \(red 1 can\)",
        ):
            maumau.apply(state, maumau.PlayCard(0, maumau.parse_card("+4")))

    def test_kept_ends_turn_ends_the_turn_without_a_pass(self) -> None:
        state = self.uno([self.BLUES, self.REDS], "yellow 9", "green 1")
        state = maumau.apply(state, maumau.DrawCards(0))
        assert state.to_move == 1
        assert state.drawn is None

    def test_win_lose_pays_one_to_the_winner_and_minus_one_to_the_rest(self) -> None:
        state = self.uno(["yellow 1", "red 1", "red 2"], "yellow 9", hand_size=1)
        state = maumau.apply(state, maumau.PlayCard(0, maumau.parse_card("yellow 1")))
        assert state.result is not None
        assert state.result.totals == (1, -1, -1)

    def test_recycle_never_passes_with_an_empty_pile(self) -> None:
        hands = ["2c 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d"]
        state = self.eights(hands, "Kh")
        state = maumau.apply(state, maumau.DrawCards(0))
        emptied = attrs.evolve(state, draw_pile=(), draws=0, drawn=None)
        actions = maumau.legal_actions(emptied)
        assert not any(isinstance(action, maumau.DrawCards) for action in actions)
        assert any(isinstance(action, maumau.Pass) for action in actions)

    def test_up_to_stock_cuts_a_debt_to_the_pile_and_makes_a_two_plain_with_nothing_to_draw(self) -> None:
        hands = ["2h 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d"]
        state = self.eights(hands, "Kh", use_special_cards=True)
        short = attrs.evolve(state, draw_pile=state.draw_pile[:1])
        short = maumau.apply(short, maumau.PlayCard(0, maumau.parse_card("2h")))
        assert short.debt == 2
        paid = maumau.apply(short, maumau.DrawCards(1))
        assert len(paid.hands[1]) == 8
        assert paid.debt == 0
        empty = attrs.evolve(state, draw_pile=())
        empty = maumau.apply(empty, maumau.PlayCard(0, maumau.parse_card("2h")))
        assert empty.debt == 0

    def test_max_plays_ends_the_round_after_so_many_cards(self) -> None:
        hands = ["3h 3c 4c 5c 6c 7c 9c", "4h 3d 4d 5d 6d 7d 9d"]
        state = self.eights(hands, "Kh", max_turns=2)
        state = maumau.apply(state, maumau.PlayCard(0, maumau.parse_card("3h")))
        state = maumau.apply(state, maumau.PlayCard(1, maumau.parse_card("4h")))
        assert state.rounds[-1].reason == "max plays"
        assert state.rounds[-1].points == (-34, -34)  # minus_hands: every player scores minus their hand

    def test_block_all_pass_and_one_needs_one_pass_more_than_the_players(self) -> None:
        hands = ["2c 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d"]
        state = attrs.evolve(self.eights(hands, "Kh"), draw_pile=())
        for turn in range(3):
            assert state.result is None, turn
            state = maumau.apply(state, maumau.Pass(state.to_move))
        assert state.rounds[-1].reason == "blocked"

    def test_block_all_pass_and_one_counts_only_the_players_who_have_not_resigned(self) -> None:
        hands = ["2c 3c 4c 5c 6c 7c 9c", "2d 3d 4d 5d 6d 7d 9d", "2s 3s 4s 5s 6s 7s 9s"]
        state = attrs.evolve(self.eights(hands, "Kh"), draw_pile=())
        state = maumau.apply(state, maumau.Resign(next(seat for seat in range(3) if seat != state.to_move)))
        for turn in range(3):  # two players still in: one pass more than them blocks the round
            assert state.result is None, turn
            state = maumau.apply(state, maumau.Pass(state.to_move))
        assert state.rounds[-1].reason == "blocked"

    def test_starter_keys_act_only_with_starter_effects(self) -> None:
        message = _refused(TINY + '[starter]\nsuit = "random"\n')
        assert "starter.suit" in message
        assert 'effects = "apply"' in message
