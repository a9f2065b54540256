"""
Tests for finding variants and for house-rule plugins registered with `maumau.new_game`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from attrs import frozen

import maumau.plugins
from helpers import deal, play
from maumau import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    ChooseSuit,
    DrawCards,
    Effect,
    GameState,
    IllegalActionError,
    InvalidOptionError,
    MaumauError,
    Option,
    Pass,
    Passed,
    PluginError,
    RecordError,
    Rules,
    TurnSkipped,
    UnknownVariantError,
    apply,
    from_json,
    hookimpl,
    legal_actions,
    new_game,
    replay,
    to_json,
    variants,
)
from maumau.flow import evolve_state
from maumau.mechanics import Board
from maumau.profiles import profile_from_text

HANDS = ("Kc Qd 9s 10c As", "7h 8h Jc 9c Kh", "7c 8c 9d Qc 10s")


class NinesSkip:
    """
    House rule: a 9 skips the next player, as an 8 does (not as the last card).
    """

    name = "nines-skip"

    @hookimpl
    def maumau_card_effect(self, state: GameState, seat: int, card: Card) -> Effect | None:
        if card.rank == "9" and state.players[seat].hand:
            return Effect(skip=1)
        return None


class SevensDraw:
    """
    House rule with an option of its own: a 7 makes the next player draw ``seven_draw`` cards.
    """

    @hookimpl
    def maumau_options(self) -> Sequence[Option]:
        return (Option("seven_draw", 2, "cards a 7 makes the next player draw", minimum=1, maximum=4),)

    @hookimpl
    def maumau_card_effect(self, state: GameState, seat: int, card: Card) -> Effect | None:
        if card.rank == "7" and state.players[seat].hand:
            amount = state.options["seven_draw"]
            assert isinstance(amount, int)
            return Effect(draw=amount)
        return None


class JacksAlsoSkip:
    """
    House rule: a jack names a suit and skips the next player too.
    """

    @hookimpl
    def maumau_card_effect(self, state: GameState, seat: int, card: Card) -> Effect | None:
        if card.rank == "J" and state.players[seat].hand:
            return Effect(choose_suit=True, skip=1)
        return None


class Misspelled:
    """
    A plugin with a hook no specification knows.
    """

    @hookimpl
    def maumau_card_efect(self, card: Card) -> None:
        return None


@frozen
class Tally:
    """
    The board of `CountsPlays`: the cards played so far this round.
    """

    plays: int


#: The tally of `CountsPlays`, a board with the default settings.
TALLY = Board(Tally, name="tally")


class CountsPlays:
    """
    House rule with a board of its own: every card played adds one to the tally.
    """

    @hookimpl
    def maumau_mechanics(self) -> Sequence[object]:
        return (TALLY,)

    @hookimpl
    def maumau_follow_up(self, state: GameState, seat: int, card: Card) -> GameState:
        counted = TALLY.slot.get(state)
        return TALLY.put(state, Tally(1 if counted is None else counted.plays + 1))


class TestVariants:
    """
    Variants are found through the ``maumau.variants`` entry points.
    """

    def test_variants_lists_classic(self) -> None:
        """
        `classic` is installed, with its summary, seats and options.
        """
        info = variants()["classic"]

        assert info.name == "classic"
        assert info.summary.startswith("Classic Mau-Mau")
        assert info.seats == range(2, 11)
        assert {"hand_size", "jack_on_jack", "stack_sevens", "pass_the_skip"} <= {o.name for o in info.options}

    def test_unknown_variant_lists_the_known_ones(self) -> None:
        """
        A name no variant has raises `UnknownVariantError`, a `LookupError`, listing what is installed.
        """
        expected = r"^unknown variant 'klassik'; did you mean 'classic'\?; known: .*classic"
        with pytest.raises(UnknownVariantError, match=expected) as info:
            new_game("klassik", players=2)

        assert isinstance(info.value, LookupError)
        assert isinstance(info.value, MaumauError)
        assert info.value.variant == "klassik"
        assert "classic" in info.value.known
        assert tuple(sorted(info.value.known)) == tuple(sorted(variants()))


class TestHouseRules:
    """
    A house-rule plugin passed to `maumau.new_game` changes one rule for that game only.
    """

    def test_house_rule_changes_its_rule(self) -> None:
        """
        With the plugin, the 9♣ skips seat 2; without it, seat 2 moves next.
        """
        plain = play(deal(HANDS, "9h"), 1, "9c")
        house = play(deal(HANDS, "9h", plugins=[NinesSkip()]), 1, "9c")

        assert plain.to_move == 2
        assert house.to_move == 0
        assert TurnSkipped(2) in house.events

    def test_skip_of_a_card_that_names_a_suit_waits_for_the_suit(self) -> None:
        """
        The jack's player names the suit first; only then is seat 2 passed over.
        """
        state = play(deal(HANDS, "9h", plugins=[JacksAlsoSkip()]), 1, "Jc")

        assert state.to_move == 1
        assert [ChooseSuit(1, suit) for suit in (CLUBS, DIAMONDS, HEARTS, SPADES)] == list(legal_actions(state))[:4]

        state = apply(state, ChooseSuit(1, DIAMONDS))

        assert (state.to_move, state.wish) == (0, DIAMONDS)
        assert TurnSkipped(2) in state.events

    def test_house_rule_leaves_the_other_rules_alone(self) -> None:
        """
        With the plugin, a 7 still makes the next player draw 2 and an 8 still skips.
        """
        seven = play(deal(HANDS, "9h", plugins=[NinesSkip()]), 1, "7h")
        eight = play(deal(HANDS, "9h", plugins=[NinesSkip()]), 1, "8h")

        assert (seven.to_move, seven.debt) == (2, 2)
        assert eight.to_move == 0

    def test_house_rule_is_recorded_by_name(self) -> None:
        """
        The state and its record name the house rules; a plugin without ``name`` is named after its class.
        """
        state = deal(HANDS, "9h", plugins=[NinesSkip(), SevensDraw()])

        assert state.house_rules == ("nines-skip", "SevensDraw")
        assert state.record.house_rules == ("nines-skip", "SevensDraw")

    def test_house_rule_may_declare_an_option(self) -> None:
        """
        The plugin's option is validated like the variant's and used by its rule.
        """
        state = play(deal(HANDS, "9h", plugins=[SevensDraw()], options={"seven_draw": 4}), 1, "7h")

        assert state.debt == 4
        with pytest.raises(InvalidOptionError, match="5 is out of range"):
            deal(HANDS, "9h", plugins=[SevensDraw()], options={"seven_draw": 5})

    def test_option_of_a_house_rule_is_unknown_without_it(self) -> None:
        """
        Without the plugin, its option is an unknown option.
        """
        with pytest.raises(InvalidOptionError, match="unknown option"):
            new_game("classic", players=2, options={"seven_draw": 4})

    def test_house_rule_does_not_leak_into_other_games(self) -> None:
        """
        A game started after one with a house rule plays the plain rules.
        """
        deal(HANDS, "9h", plugins=[NinesSkip()])

        state = play(deal(HANDS, "9h"), 1, "9c")

        assert state.house_rules == ()
        assert state.to_move == 2

    def test_board_is_emptied_when_a_new_round_is_dealt(self) -> None:
        """
        A `Board` is per round by default: the next round starts without the last round's, which its result keeps.
        """
        state = deal(("Jc Ac Kc Qc 10c", "8h 8c 8s 8d 9d"), "9h", plugins=[CountsPlays()])
        assert TALLY.slot.get(state) is None
        for card, call in (("8h", None), ("8c", None), ("8s", None), ("8d", "Mau"), ("9d", None)):
            state = play(state, 1, card, call)

        assert state.round == 2
        assert TALLY.get(state.rounds[0]) == Tally(5)
        with pytest.raises(ValueError, match="no tally"):
            TALLY.get(state)

    def test_a_saved_board_of_the_wrong_kind_is_refused_by_name(self) -> None:
        """
        A board is read as its own class when a game is loaded (from trusted storage, as no game plays to
        this board): anything else in its slot is refused, by name.
        """
        rules = [CountsPlays()]
        state = new_game("classic", players=2, seed=1, plugins=rules)
        data = json.loads(to_json(TALLY.put(state, Tally(3))))
        data["slots"]["tally"] = {"plays": 3}
        assert from_json(json.dumps(data), GameState, plugins=rules, trusted=True) == TALLY.put(state, Tally(3))

        data["slots"]["tally"] = "three"

        with pytest.raises(RecordError, match="slot 'tally': expected an object, got str"):
            from_json(json.dumps(data), GameState, plugins=rules)

    def test_board_shows_its_type_in_its_repr(self) -> None:
        """
        A `Board` reads as the class of the board it keeps.
        """
        assert repr(TALLY) == "Board(Tally)"

    def test_misspelled_hook_fails_when_the_game_starts(self) -> None:
        """
        A hook name no specification knows fails at `maumau.new_game`, not mid-game, as a `PluginError` naming it.
        """
        with pytest.raises(PluginError, match="plugin 'Misspelled': unknown hook 'maumau_card_efect'"):
            new_game("classic", players=2, plugins=[Misspelled()])


class TestHouseRulesAndJson:
    """
    A saved game with house rules needs the same plugins to load and to replay.
    """

    def test_loading_needs_the_same_plugins(self) -> None:
        """
        Without the plugin the state does not load; with it, it loads equal and keeps the rule.
        """
        rule = NinesSkip()
        state = deal(HANDS, "9h", plugins=[rule])
        text = to_json(state)

        with pytest.raises(RecordError, match=r"saved with house rules \['nines-skip'\], but \[\] were given"):
            from_json(text, GameState)
        loaded = from_json(text, GameState, plugins=[rule])

        assert loaded == state
        assert play(loaded, 1, "9c").to_move == 0

    def test_loading_with_other_plugins_fails(self) -> None:
        """
        Different house rules are refused too.
        """
        text = to_json(deal(HANDS, "9h", plugins=[NinesSkip()]))

        with pytest.raises(RecordError, match=r"but \['SevensDraw'\] were given"):
            from_json(text, GameState, plugins=[SevensDraw()])

    def test_plain_state_does_not_load_with_a_house_rule(self) -> None:
        """
        A game saved without house rules is not silently loaded under one.
        """
        text = to_json(deal(HANDS, "9h"))

        with pytest.raises(RecordError, match=r"saved with house rules \[\], but \['nines-skip'\]"):
            from_json(text, GameState, plugins=[NinesSkip()])

    def test_replay_needs_the_same_plugins(self) -> None:
        """
        A record of a game with house rules replays only with them.
        """
        rule = NinesSkip()
        state = play(deal(HANDS, "9h", plugins=[rule]), 1, "9c")

        with pytest.raises(RecordError, match=r"played with house rules \['nines-skip'\]"):
            replay(state.record)
        assert replay(state.record, plugins=[rule]) == state


def test_rules_built_for_fresh_plugin_objects_do_not_pile_up() -> None:
    """
    A server passing a new house-rule object to every game keeps a bounded cache, and old games still play.
    """
    from maumau import _rules

    first = new_game("classic", players=2, seed=1, plugins=[NinesSkip()])
    for seed in range(3 * _rules.RULES_CACHE_SIZE):
        new_game("classic", players=2, seed=seed, plugins=[NinesSkip()])

    assert len(_rules.RULES_CACHE) <= _rules.RULES_CACHE_SIZE
    assert legal_actions(first)  # its rules live on in the state


def test_a_game_has_three_players_when_nobody_chooses_or_the_nearest_count_allowed() -> None:
    assert variants()["classic"].default_players == 3

    class TwoOnly:
        @hookimpl
        def maumau_seats(self) -> range:
            return range(2, 3)

    rules = Rules.build("classic", [TwoOnly()])
    assert rules.default_players(rules.resolve_options(None)) == 2


def test_a_default_player_count_outside_the_allowed_ones_is_a_plugin_error() -> None:
    class Twenty:
        @hookimpl
        def maumau_default_players(self) -> int:
            return 20

    rules = Rules.build("classic", [Twenty()])
    with pytest.raises(PluginError, match="maumau_default_players"):
        rules.default_players(rules.resolve_options(None))


class NoDrawing:
    """A house rule: nobody draws by choice (a debt is still drawn)."""

    @hookimpl
    def maumau_may_draw(self) -> bool:
        return False


def test_a_seat_that_may_not_draw_passes_instead_and_the_pass_blocks_nothing() -> None:
    state = new_game("classic", players=3, seed=2, plugins=[NoDrawing()])
    seat = state.to_move
    assert DrawCards(seat) not in legal_actions(state)
    assert Pass(seat) in legal_actions(state)
    with pytest.raises(IllegalActionError, match="may not draw now: play or pass"):
        apply(state, DrawCards(seat))

    passed = apply(state, Pass(seat))
    assert passed.events == (Passed(seat),)
    assert passed.passes == 0  # cards are left to draw: no blocked seat
    assert passed.to_move != seat


def test_a_debt_is_drawn_even_where_drawing_is_forbidden() -> None:
    state = new_game("classic", players=3, seed=2, plugins=[NoDrawing()])
    owing = evolve_state(state, debt=2)
    assert DrawCards(owing.to_move) in legal_actions(owing)


class TestForgivingNames:
    """
    A variant is found by its name in any case and punctuation, by an alias it declares, and a typo gets a hint.
    """

    @pytest.mark.parametrize(
        ("typed", "meant"),
        [
            ("Classic", "classic"),
            ("penalty52", "penalty-52"),
            ("PENALTY_52", "penalty-52"),
            ("Sau Mau Mau", "sau-mau-mau"),
            ("Prší", "prsi"),
            ("counter-clockwise", "ccw-house"),
            ("two four jacks", "switch"),
        ],
    )
    def test_a_name_in_any_case_and_punctuation_or_an_alias_finds_the_variant(self, typed: str, meant: str) -> None:
        state = new_game(typed, players=3, seed=1)

        assert state.variant == meant
        assert maumau.plugins.resolve_variant(typed) == meant

    def test_a_loaded_profiles_alias_plays_it_under_its_id(self) -> None:
        profile = profile_from_text(
            'format = 1\n[game]\nid = "tiny-aliased"\nname = "Tiny"\naliases = ["tiny-other"]\nplayers = [2, 4]\n'
        )

        assert maumau.plugins.resolve_variant("tiny-other") == profile.id
        assert new_game("tiny-other", players=2, seed=1).variant == "tiny-aliased"

    def test_a_typo_is_answered_with_the_closest_names(self) -> None:
        with pytest.raises(UnknownVariantError, match="did you mean 'classic'") as caught:
            new_game("clasic", players=2)

        assert caught.value.suggestions[0] == "classic"

    def test_a_name_like_nothing_installed_suggests_nothing(self) -> None:
        with pytest.raises(UnknownVariantError) as caught:
            new_game("zzz", players=2)

        assert caught.value.suggestions == ()
        assert "did you mean" not in str(caught.value)
