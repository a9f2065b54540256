"""
Tests for option validation and the set-up arguments of `maumau.new_game`.
"""

from __future__ import annotations

import pytest

from helpers import classic_deck
from maumau import Card, InvalidCardError, InvalidOptionError, Option, Options, new_game


class TestVariantOptions:
    """
    Options are checked against the variant's declarations at `maumau.new_game`.
    """

    def test_defaults_are_filled_in(self) -> None:
        """
        Options not given take their declared defaults.
        """
        state = new_game("classic", players=2, seed=1)

        assert state.options["hand_size"] == 5
        assert state.options["stack_sevens"] is True
        assert state.options["scoring"] == "winner"

    def test_games_with_the_default_options_share_them(self) -> None:
        """
        Resolved options never change, so the defaults are worked out once per game and shared.
        """
        first = new_game("classic", players=2, seed=1)
        second = new_game("classic", players=3, seed=2)

        assert second.options is first.options

    def test_games_with_the_same_options_share_their_rules(self) -> None:
        """
        The rules that a set of options calls for are built once and found again by the options.
        """
        first = new_game("classic", players=2, seed=1, options={"pass_the_skip": True, "target": 50})
        second = new_game("classic", players=2, seed=2, options={"target": 50, "pass_the_skip": True})
        other = new_game("classic", players=2, seed=2, options={"target": 50})

        assert second.rules is first.rules
        assert other.rules.mechanics != first.rules.mechanics

    def test_unknown_option_lists_the_allowed_ones(self) -> None:
        """
        A typo fails and the message names every option the variant knows.
        """
        with pytest.raises(InvalidOptionError, match="unknown option") as info:
            new_game("classic", players=2, options={"jack_on_jacks": True})

        message = str(info.value)
        assert info.value.option == "jack_on_jacks"
        for name in ("hand_size", "jack_on_jack", "stack_sevens", "pass_the_skip", "mau_mau_call", "scoring", "target"):
            assert name in message

    @pytest.mark.parametrize(
        ("options", "expected"),
        [
            ({"jack_on_jack": 1}, "expected bool, got int 1"),
            ({"hand_size": "5"}, "expected int, got str '5'"),
            ({"hand_size": True}, "expected int, got bool True"),
            ({"scoring": 0}, "expected str, got int 0"),
        ],
    )
    def test_wrong_type_is_refused(self, options: dict[str, object], expected: str) -> None:
        """
        The value must have the type of the default; a bool is not an int.
        """
        with pytest.raises(InvalidOptionError, match=expected):
            new_game("classic", players=2, options=options)

    @pytest.mark.parametrize(
        ("options", "expected"),
        [
            ({"hand_size": 7}, "7 is not allowed; allowed: 5, 6"),
            ({"scoring": "lowest"}, "'lowest' is not allowed; allowed: 'winner', 'holders'"),
            ({"target": -1}, "-1 is out of range"),
        ],
    )
    def test_value_out_of_range_is_refused(self, options: dict[str, object], expected: str) -> None:
        """
        Values outside the declared choices or bounds fail, naming what is allowed.
        """
        with pytest.raises(InvalidOptionError, match=expected):
            new_game("classic", players=2, options=options)

    def test_error_names_the_variant_and_option(self) -> None:
        """
        The message starts with the variant and the option.
        """
        with pytest.raises(InvalidOptionError) as info:
            new_game("classic", players=2, options={"hand_size": 7})

        assert str(info.value).startswith("classic: option 'hand_size':")
        assert (info.value.variant, info.value.option) == ("classic", "hand_size")


class TestPlayers:
    """
    The ``players`` argument: a count or the names in seat order.
    """

    @pytest.mark.parametrize("players", [0, 1, 11])
    def test_bad_player_count_is_refused(self, players: int) -> None:
        """
        The count must be one the variant seats.
        """
        counted = "1 player" if players == 1 else f"{players} players"  # never "1 players"
        with pytest.raises(InvalidOptionError, match=f"{counted}; allowed: 2 to 10"):
            new_game("classic", players=players)

    def test_names_set_the_seats(self) -> None:
        """
        Names given in order name the seats.
        """
        state = new_game("classic", players=["Ana", "Ben", "Cem"], seed=1)

        assert tuple(p.name for p in state.players) == ("Ana", "Ben", "Cem")

    def test_repeated_names_are_refused(self) -> None:
        """
        Two seats cannot share a name.
        """
        with pytest.raises(InvalidOptionError, match="names must differ"):
            new_game("classic", players=["Ana", "Ana"])

    @pytest.mark.parametrize("players", ["Ana", True, 2.0, None])
    def test_players_must_be_a_count_or_names(self, players: object) -> None:
        """
        A single string, a bool or a float is neither.
        """
        with pytest.raises(InvalidOptionError, match="expected a count or a list of names"):
            new_game("classic", players=players)  # type: ignore[arg-type]


class TestSeed:
    """
    The ``seed`` argument.
    """

    @pytest.mark.parametrize("seed", ["7", 1.5, True])
    def test_bad_seed_is_refused(self, seed: object) -> None:
        """
        A seed is an int.
        """
        with pytest.raises(InvalidOptionError, match="option 'seed': expected an int"):
            new_game("classic", players=2, seed=seed)  # type: ignore[arg-type]

    def test_same_seed_deals_the_same_game(self) -> None:
        """
        The seed decides the deal.
        """
        assert new_game("classic", players=3, seed=42) == new_game("classic", players=3, seed=42)
        assert new_game("classic", players=3, seed=42) != new_game("classic", players=3, seed=43)

    def test_missing_seed_is_chosen_and_kept(self) -> None:
        """
        Without a seed one is drawn and stored, so the game can still be replayed.
        """
        state = new_game("classic", players=2)

        assert isinstance(state.seed, int)
        assert new_game("classic", players=2, seed=state.seed) == state


class TestStackedDeck:
    """
    The ``deck`` argument: the exact order of the first deal.
    """

    def test_stacked_deck_accepts_card_text(self) -> None:
        """
        Cards may be given as their short text.
        """
        deck = [card.code for card in classic_deck(2)]

        state = new_game("classic", players=2, seed=1, deck=deck)

        assert state.top == Card.parse(deck[10])
        assert state.stacked_deck == classic_deck(2)

    def test_stacked_deck_missing_cards_names_them(self) -> None:
        """
        A deck short of cards fails, naming the missing ones and the deck size.
        """
        deck = classic_deck(2)[2:]

        with pytest.raises(InvalidOptionError, match="the variant's 32 cards; missing 7♣, 8♣"):
            new_game("classic", players=2, deck=deck)

    def test_stacked_deck_with_foreign_or_extra_cards_names_them(self) -> None:
        """
        A card the deck does not hold, or one card twice, fails, naming it.
        """
        deck = (*classic_deck(2)[1:], Card.parse("2h"))

        with pytest.raises(InvalidOptionError, match="missing 7♣; not in this deck or too many: 2♥"):
            new_game("classic", players=2, deck=deck)

    def test_stacked_deck_for_six_players_needs_both_packs(self) -> None:
        """
        Six players play with 64 cards, so one pack is not enough.
        """
        with pytest.raises(InvalidOptionError, match="the variant's 64 cards"):
            new_game("classic", players=6, deck=classic_deck(2))

    def test_stacked_deck_with_bad_text_raises_invalid_card_error(self) -> None:
        """
        Text that names no card fails as such.
        """
        deck = [*(card.code for card in classic_deck(2)[1:]), "7x"]

        with pytest.raises(InvalidCardError, match="'7x'"):
            new_game("classic", players=2, deck=deck)


class TestOption:
    """
    Tests for `maumau.Option` and `maumau.Options` themselves.
    """

    def test_describe_names_type_default_and_allowed_values(self) -> None:
        """
        One line per option, as the error for an unknown option lists them.
        """
        option = Option("hand_size", 5, "cards dealt to each player", minimum=1, maximum=15)

        assert option.describe() == "hand_size (int, default 5, from 1 to 15): cards dealt to each player"

    def test_mapping_option_accepts_a_dict_and_keeps_defaults(self) -> None:
        """
        A mapping option (player count to a number) is stored as sorted pairs, defaults filled in.
        """
        option = Option("finish", ((2, 20), (3, 25)), "finish space", minimum=1)

        assert option.check("demo", {3: 30}) == ((2, 20), (3, 30))
        assert option.check("demo", {"2": "21"}) == ((2, 21), (3, 25))

    @pytest.mark.parametrize(
        ("value", "expected"),
        [
            (5, "expected a mapping of int to int"),
            ({4: 30}, "no entry 4; allowed keys: 2, 3"),
            ({2: "far"}, "expected whole numbers"),
            ({2: 2.9}, "expected whole numbers, got 2: 2.9"),
            ({2: True}, "expected whole numbers, got 2: True"),
            ({2.5: 10}, "expected whole numbers, got 2.5: 10"),
            ({2: 0}, "2: 0 is out of range"),
            ([(2, 20, 1)], "expected key-value pairs"),
        ],
    )
    def test_mapping_option_refuses_bad_values(self, value: object, expected: str) -> None:
        """
        A mapping option needs whole numbers for known keys within bounds.
        """
        option = Option("finish", ((2, 20), (3, 25)), "finish space", minimum=1)

        with pytest.raises(InvalidOptionError, match=expected):
            option.check("demo", value)

    def test_options_are_an_immutable_hashable_mapping(self) -> None:
        """
        Resolved options compare with dicts, hash, and cannot be changed.
        """
        options = Options({"b": 2, "a": True})

        assert options == {"a": True, "b": 2}
        assert options == Options({"a": True, "b": 2})
        assert hash(options) == hash(Options({"a": True, "b": 2}))
        assert list(options) == ["a", "b"]
        with pytest.raises(TypeError):
            options["a"] = False  # type: ignore[index]


@pytest.mark.parametrize(
    ("option", "described"),
    [
        (Option("target", 0, "match target", minimum=0), "target (int, default 0, at least 0): match target"),
        (Option("size", 5, "cards", maximum=9), "size (int, default 5, at most 9): cards"),
        (
            Option("finish", ((2, 13), (3, 15)), "finish space", minimum=1, maximum=99),
            "finish (mapping of int to int, default {2: 13, 3: 15}, from 1 to 99): finish space",
        ),
    ],
)
def test_an_option_describes_its_type_default_and_range(option: Option, described: str) -> None:
    assert described == option.describe()
