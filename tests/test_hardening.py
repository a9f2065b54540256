"""
Tests for what a game server needs: hostile input refused plainly, bounded memory, threads, plugin faults.

Each class is one promise of ``docs/guides/servers.md``; each test names the rule it checks.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import maumau._serialize
from maumau import (
    FORMAT_VERSION,
    MAX_ACTIONS,
    MAX_JSON_DEPTH,
    MAX_JSON_LENGTH,
    MAX_LATER_DECKS,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    Action,
    Card,
    ChooseSuit,
    DrawCards,
    Event,
    GameRecord,
    GameState,
    InvalidActionError,
    InvalidCardError,
    InvalidOptionError,
    MaumauError,
    NoSuchSeatError,
    PlayCard,
    PlayerView,
    PluginError,
    RecordError,
    Resign,
    Rules,
    Seat,
    Table,
    apply,
    from_data,
    from_json,
    hookimpl,
    json_schema,
    legal_actions,
    new_game,
    parse_card,
    replay,
    to_data,
    to_json,
    view,
)
from maumau.mechanics.challenges import WINDOWS, Window

#: The longest error message any refusal below may have.
SHORT = 400


def _played(variant: str = "classic", steps: int = 12, players: int = 3, seed: int = 5) -> GameState:
    state = new_game(variant, players=players, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, legal_actions(state)[0])
    return state


def _saved(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(state))
    return data


def _no_card_read(text: str) -> Card:
    raise AssertionError(f"the card {text!r} was read")


class TestDeepJson:
    """
    Nesting beyond `MAX_JSON_DEPTH` is a `RecordError`, never a `RecursionError`.
    """

    @pytest.mark.parametrize(
        ("text", "cls"),
        [
            ("[" * 1000 + "]" * 1000, GameState),
            ("[" * 200_000 + "]" * 200_000, GameRecord),
            ('{"type": "play", "seat": 0, "card": "7h", "call": ' + '{"a": ' * 2000 + "1" + "}" * 2001, Action),
            (
                '{"type": "draw", "seat": 0, "x": ' + "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1) + "}",
                Action,
            ),
        ],
        ids=["arrays", "very-deep", "call", "just-past-the-limit"],
    )
    def test_deep_nesting_is_a_record_error(self, text: str, cls: type) -> None:
        with pytest.raises(RecordError, match="nested deeper than 32 levels"):
            from_json(text, cls)

    def test_deep_plain_data_is_a_record_error(self) -> None:
        data: Any = []
        for _ in range(5000):
            data = [data]

        with pytest.raises(RecordError, match="nested deeper than"):
            from_data(data, GameRecord)

    @pytest.mark.parametrize("variant", ["classic", "sau-mau-mau", "ccw-house", "penalty-52"])
    def test_real_saves_nest_well_within_the_limit(self, variant: str) -> None:
        text = to_json(_played(variant, steps=30))
        depth = deepest = 0
        for char in text:  # no string of a save holds a bracket
            depth += char in "[{"
            depth -= char in "]}"
            deepest = max(deepest, depth)

        assert deepest <= MAX_JSON_DEPTH // 2


class TestBoundedCaches:
    """
    What a client sends does not stay in memory: the caches are bounded, and only short card text is parsed.
    """

    def test_card_text_beyond_the_limit_is_refused_unread(self) -> None:
        with pytest.raises(InvalidCardError, match="at most 40 characters") as info:
            parse_card("pink 0" + "X" * 1_000_000)

        assert len(str(info.value)) < SHORT

    def test_rules_keep_a_bounded_number_of_decks(self) -> None:
        rules = Rules.build("classic")
        first = rules.resolve_options({"target": 1})
        deck = rules.deck(first, 2)
        for target in range(2, 400):
            rules.deck(rules.resolve_options({"target": target}), 2)

        assert rules.deck(first, 2) is not deck  # forgotten and rebuilt
        assert rules.deck(first, 2) == deck

    def test_rules_keep_a_bounded_number_of_suit_lists(self) -> None:
        first = new_game("classic", players=2, seed=1, options={"target": 1})
        suits = first.rules.suits(first)
        for target in range(2, 120):
            state = new_game("classic", players=2, seed=1, options={"target": target})
            state.rules.suits(state)

        assert first.rules.suits(first) is not suits
        assert first.rules.suits(first) == suits

    def test_rules_keep_a_bounded_number_of_rules_by_options(self) -> None:
        rules = Rules.build("classic")
        first = rules.resolve_options({"target": 1})
        built = rules.for_options(first)
        for target in range(2, 200):
            rules.for_options(rules.resolve_options({"target": target}))

        assert len(rules._by_options) <= 64
        assert rules.for_options(first).mechanics == built.mechanics

    def test_rules_for_options_given_as_a_plain_mapping_are_built_as_for_resolved_ones(self) -> None:
        rules = Rules.build("classic")
        resolved = rules.resolve_options({"pass_the_skip": True})

        assert rules.for_options({"pass_the_skip": True}).mechanics == rules.for_options(resolved).mechanics  # type: ignore[arg-type]

    def test_rules_built_for_new_house_rule_objects_are_not_all_kept(self) -> None:
        plugin = Shout()
        rules = Rules.build("classic", [plugin])
        for _ in range(200):
            Rules.build("classic", [Shout()])

        assert Rules.build("classic", [plugin]) is not rules


class Shout:
    """
    A house rule that changes nothing: it only says "Mau" is the call.
    """

    @hookimpl
    def maumau_calls(self) -> tuple[str, ...]:
        return ("Mau",)


class TestThreads:
    """
    `Rules.build` and the caches behind it are safe to use from many threads at once.
    """

    def test_many_threads_building_rules_with_fresh_house_rules_all_succeed(self) -> None:
        errors: list[BaseException] = []
        start = threading.Barrier(16)

        def work() -> None:
            start.wait()
            try:
                for target in range(60):
                    rules = Rules.build("classic", [Shout()])
                    options = rules.resolve_options({"target": 100 + target})
                    rules.deck(options, 3)
                    rules.calls(options)
                    new_game("classic", players=3, seed=target, plugins=[Shout()])
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=work) for _ in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert errors == []

    def test_threads_building_the_same_rules_share_one_object(self) -> None:
        plugin = Shout()
        built: list[Rules] = []
        start = threading.Barrier(8)

        def work() -> None:
            start.wait()
            built.append(Rules.build("penalty-52", [plugin]))

        threads = [threading.Thread(target=work) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert len({id(rules) for rules in built}) == 1


class TestEditedSaves:
    """
    A saved state loads only if its record plays to it, unless the caller vouches for the storage.
    """

    def test_a_draw_pile_card_swapped_into_a_hand_is_refused(self) -> None:
        data = _saved(_played())
        hand = data["players"][0]["hand"]
        hand[0], data["draw_pile"][0] = data["draw_pile"][0], hand[0]

        with pytest.raises(RecordError, match="its 'players' is not what its record plays to"):
            from_json(json.dumps(data), GameState)

    def test_trusted_storage_skips_the_replay(self) -> None:
        state = _played()
        data = _saved(state)
        hand = data["players"][0]["hand"]
        hand[0], data["draw_pile"][0] = data["draw_pile"][0], hand[0]

        loaded = from_json(json.dumps(data), GameState, trusted=True)

        assert loaded.players[0].hand[0] == state.draw_pile[0]

    def test_logged_actions_that_contradict_the_position_are_refused(self) -> None:
        state = _played(steps=6)
        data = _saved(state)
        data["actions"] = data["actions"][:-1]

        with pytest.raises(RecordError, match="is not what its record plays to"):
            from_json(json.dumps(data), GameState)

    def test_a_logged_action_that_is_illegal_is_refused(self) -> None:
        data = _saved(_played(steps=6))
        data["actions"][0] = {"type": "pass", "seat": 2}

        with pytest.raises(RecordError, match="its record does not replay: action 0"):
            from_json(json.dumps(data), GameState)

    def test_an_edited_score_is_refused(self) -> None:
        data = _saved(_played())
        data["players"][1]["score"] = 99

        with pytest.raises(RecordError, match="not what its record plays to"):
            from_json(json.dumps(data), GameState)

    def test_an_unedited_save_loads_equal(self) -> None:
        state = _played("sau-mau-mau", steps=40)

        assert from_json(to_json(state), GameState) == state

    @pytest.mark.parametrize(
        ("field", "value", "message"),
        [
            ("stacked_deck", "x", "field 'stacked_deck': expected an array, got a string 'x'"),
            ("draw_pile", {"7h": 1}, "field 'draw_pile': expected an array, got an object"),
            ("house_rules", "abc", "field 'house_rules': expected an array"),
            ("players", {"name": "Ann"}, "field 'players': expected an array, got an object"),
            ("actions", {"type": "draw", "seat": 0}, "field 'actions': expected an array, got an object"),
            ("events", "none", "field 'events': expected an array"),
        ],
    )
    def test_a_string_or_object_where_an_array_belongs_is_refused(self, field: str, value: Any, message: str) -> None:
        data = _saved(_played())
        data[field] = value

        with pytest.raises(RecordError, match=message):
            from_json(json.dumps(data), GameState, trusted=True)

    def test_a_record_whose_players_are_a_string_is_refused(self) -> None:
        data = json.loads(to_json(_played().record))
        data["players"] = "Bob"

        with pytest.raises(RecordError, match="expected an array, got a string 'Bob'"):
            from_json(json.dumps(data), GameRecord)

    @pytest.mark.parametrize("value", [15.9, True, "٣", "3", None])
    def test_a_mapping_option_takes_whole_numbers_only(self, value: object) -> None:
        data = _saved(new_game("sau-mau-mau", players=3, seed=1))
        data["options"]["finish"] = {"3": value}

        with pytest.raises(RecordError, match="option 'finish', key 3: expected a whole number"):
            from_json(json.dumps(data), GameState, trusted=True)

    @pytest.mark.parametrize("key", ["٣", "3.0", " 3", "three", "3" * 5])
    def test_a_mapping_option_is_keyed_by_ascii_player_counts(self, key: str) -> None:
        data = _saved(new_game("sau-mau-mau", players=3, seed=1))
        data["options"]["finish"] = {key: 24}

        with pytest.raises(RecordError, match="a key is a player count"):
            from_json(json.dumps(data), GameState, trusted=True)

    def test_a_take_back_chain_no_game_played_is_refused(self) -> None:
        state = _played("sau-mau-mau", steps=10)
        chain = Window(0, "Mau", 0, then=Window(1, "Mau", 0, then=Window(2, "Mau", 0, played_after=3)), played_after=1)
        data = _saved(WINDOWS.put(state, chain))

        with pytest.raises(RecordError):
            from_json(json.dumps(data), GameState)


class TestPlainErrors:
    """
    Every failure of the public API is a `MaumauError` that says what was wrong.
    """

    @pytest.mark.parametrize("seat", [5, 3, -1, True, "0", 1.0, [1]])
    def test_legal_actions_of_no_seat_is_a_no_such_seat_error(self, seat: Any) -> None:
        with pytest.raises(NoSuchSeatError, match="seats are 0 to 2") as info:
            legal_actions(_played(), seat)

        assert isinstance(info.value, ValueError)

    @pytest.mark.parametrize("seat", [True, 1.0, 0.0, False])
    def test_a_seat_equal_to_one_already_listed_is_still_no_seat(self, seat: Any) -> None:
        state = _played()
        for listed in range(3):  # every seat's listing remembered, the seat to move's and the others'
            legal_actions(state, listed)

        with pytest.raises(NoSuchSeatError, match="seats are 0 to 2"):
            legal_actions(state, seat)

    @pytest.mark.parametrize("seat", [-1, 3, False, "1"])
    def test_view_of_no_seat_is_a_no_such_seat_error(self, seat: Any) -> None:
        with pytest.raises(NoSuchSeatError, match="there is no seat"):
            view(_played(), seat)

    @pytest.mark.parametrize("seed", [10**5000, 2**63, -1], ids=["10**5000", "2**63", "-1"])
    def test_a_seed_out_of_range_is_an_invalid_option(self, seed: int) -> None:
        with pytest.raises(InvalidOptionError, match="a seed is a whole number from 0 to 2\\*\\*63 - 1") as info:
            new_game("classic", players=2, seed=seed)

        assert len(str(info.value)) < SHORT

    def test_the_largest_seed_plays(self) -> None:
        state = new_game("classic", players=2, seed=2**63 - 1)

        assert replay(state.record) == state

    @pytest.mark.parametrize("shuffles", [2**63, -(2**63), 10**4000], ids=["2**63", "-2**63", "10**4000"])
    def test_whole_numbers_beyond_the_limit_are_refused_on_load(self, shuffles: int) -> None:
        data = _saved(_played())
        data["shuffles"] = shuffles

        with pytest.raises(RecordError, match="field 'shuffles': a whole number must lie strictly between"):
            from_json(json.dumps(data), GameState, trusted=True)

    def test_an_action_of_another_class_than_asked_is_refused(self) -> None:
        with pytest.raises(RecordError, match="cannot read PlayCard: expected 'play', got 'draw'"):
            from_json('{"type": "draw", "seat": 0}', PlayCard)

    def test_an_action_of_the_class_asked_is_read(self) -> None:
        assert from_json('{"type": "play", "seat": 0, "card": "7h"}', PlayCard) == PlayCard(0, Card.parse("7h"))

    @pytest.mark.parametrize("cls", [object, int, dict, str])
    def test_only_maumau_classes_are_read(self, cls: type) -> None:
        with pytest.raises(RecordError, match="maumau reads states, records, views, actions, events and cards"):
            from_json("{}", cls)

    @pytest.mark.parametrize("text", [b"\xff\xfe", "", "{", 5])
    def test_what_is_not_json_text_is_a_record_error(self, text: Any) -> None:
        with pytest.raises(RecordError):
            from_json(text, Action)


class TestOversizedInput:
    """
    Sizes are bounded by documented limits, refused before the work they would cost, with short messages.
    """

    def test_json_longer_than_the_limit_is_refused_unread(self) -> None:
        text = json.dumps({"type": "draw", "seat": 0, "pad": "x" * MAX_JSON_LENGTH})

        with pytest.raises(RecordError, match="JSON text has at most 8,000,000 characters"):
            from_json(text, Action)

    def test_a_record_of_a_million_actions_is_refused_unread(self) -> None:
        actions = ",".join(['{"type":"draw","seat":0}'] * 1_000_000)
        text = f'{{"variant": "classic", "players": ["a", "b"], "seed": 1, "actions": [{actions}]}}'

        with pytest.raises(RecordError, match="at most"):
            from_json(text, GameRecord)

    def test_a_record_with_more_actions_than_the_limit_is_refused_before_reading_them(self) -> None:
        data = {"variant": "classic", "players": ["a", "b"], "seed": 1, "actions": [[]] * (MAX_ACTIONS + 1)}

        with pytest.raises(RecordError, match="at most 100,000 actions, got 100,001"):
            from_data(data, GameRecord)

    def test_replay_refuses_a_record_over_the_limit_before_replaying_any_action(self) -> None:
        record = GameRecord("classic", ("a", "b"), 1, actions=(DrawCards(5),) * (MAX_ACTIONS + 1))

        with pytest.raises(RecordError, match="a record holds at most 100,000 actions"):
            replay(record)

    def test_a_megabyte_of_card_text_gives_a_short_error(self) -> None:
        text = json.dumps({"type": "play", "seat": 0, "card": "pink 0" + "X" * 1_000_000})

        with pytest.raises(RecordError) as info:
            from_json(text, Action)

        assert len(str(info.value)) < SHORT

    @pytest.mark.parametrize(
        "data",
        [
            {"type": "play", "seat": 0, "card": "7h", "call": "Mau" * 100_000},
            {"type": "choose_suit", "seat": 0, "suit": "s" * 100_000},
            {"type": "x" * 100_000, "seat": 0},
            {"type": "draw", "seat": 10**4000},
        ],
        ids=["call", "suit", "type", "seat"],
    )
    def test_huge_fields_give_short_errors(self, data: dict[str, Any]) -> None:
        with pytest.raises(RecordError) as info:
            from_data(data, Action)

        assert len(str(info.value)) < SHORT

    def test_a_name_longer_than_the_limit_is_refused(self) -> None:
        with pytest.raises(InvalidOptionError, match="a name has 1 to 64 characters") as info:
            new_game("classic", players=["x" * (MAX_NAME_LENGTH + 1), "Bob"])

        assert len(str(info.value)) < SHORT

    def test_more_players_than_the_limit_are_refused_before_naming_them(self) -> None:
        with pytest.raises(InvalidOptionError, match=f"at most {MAX_PLAYERS} players"):
            new_game("classic", players=10**9)

    def test_a_save_with_more_cards_than_its_deck_is_refused_before_any_card_is_read(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """
        A draw pile of a million cards is refused on the lengths of the piles and hands, which together hold
        no more cards than the game's deck: not one card is read, and the refusal costs little more than
        reading the JSON text.
        """
        data = _saved(new_game("classic", players=2, seed=1))
        data["draw_pile"] = data["draw_pile"] * (1_000_000 // len(data["draw_pile"]))
        text = json.dumps(data)
        monkeypatch.setattr(maumau._serialize, "parse_card", _no_card_read)

        started = time.process_time()
        with pytest.raises(RecordError, match="the cards are not the 'classic' deck: it has 32 cards, the save holds"):
            from_json(text, GameState)
        spent = time.process_time() - started

        assert spent < 0.5  # about 0.07 s, of which reading the JSON text takes most

    @pytest.mark.parametrize(
        ("field", "value", "message"),
        [
            ("playing", ["7h"] * 33, "field 'playing': at most 32 cards, as the 'classic' deck has; got 33"),
            ("stacked_deck", ["7h"] * 33, "field 'stacked_deck': at most 32 cards"),
            ("later_decks", [["7h"] * 33], "field 'later_decks': item 0: at most 32 cards"),
            ("later_decks", [[]] * (MAX_LATER_DECKS + 1), "at most 100 later decks, got 101"),
            ("waits", [0] * 3, "field 'waits': at most one entry per seat, 2; got 3"),
            ("result", {"winners": [0] * 3}, "field 'result': field 'winners': at most one entry per seat"),
            ("rounds", [{}] * 13, "field 'rounds': 13 finished rounds, but only 12 actions to end them"),
        ],
        ids=["playing", "stacked", "later-deck", "later-decks", "waits", "winners", "rounds"],
    )
    def test_lists_longer_than_the_game_allows_are_refused_unread(
        self, field: str, value: object, message: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """
        No list of a save is longer than its game allows (a deck's cards, an entry per seat, a finished round
        per action at most), and one that is is refused before any card of the save is read.
        """
        data = _saved(_played("classic", steps=12, players=2, seed=5))
        data[field] = value
        monkeypatch.setattr(maumau._serialize, "parse_card", _no_card_read)

        for trusted in (False, True):
            with pytest.raises(RecordError, match=re.escape(message)):
                from_json(json.dumps(data), GameState, trusted=trusted)

    def test_a_round_result_longer_than_the_seats_is_refused_unread(self, monkeypatch: pytest.MonkeyPatch) -> None:
        state = _played("classic", steps=400, players=2, seed=5)
        assert state.rounds
        data = _saved(state)
        data["rounds"][0]["points"] = [0] * 1_000
        monkeypatch.setattr(maumau._serialize, "parse_card", _no_card_read)

        with pytest.raises(RecordError, match="field 'rounds': item 0: field 'points': at most one entry per seat"):
            from_json(json.dumps(data), GameState)

    def test_a_save_whose_record_stops_replaying_is_refused_at_that_action_the_rest_unread(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """
        A saved state's actions are read and replayed one by one, so that 99,999 actions of which the first
        does not replay cost one action read and tried, not all of them read first.
        """
        state = new_game("classic", players=2, seed=1)
        data = _saved(state)
        data["actions"] = [{"type": "draw", "seat": 1 - state.to_move}] * 99_999  # out of turn
        text = json.dumps(data)
        tried: list[Action] = []

        def counted(state: GameState, action: Action) -> GameState:
            tried.append(action)
            return apply(state, action)

        monkeypatch.setattr(maumau._serialize, "apply", counted)
        started = time.process_time()
        with pytest.raises(RecordError, match=r"its record does not replay: action 0 \(seat \d draws\)"):
            from_json(text, GameState)
        spent = time.process_time() - started

        assert len(tried) == 1
        assert spent < 0.5  # about 0.09 s, of which reading the JSON text takes most

    def test_a_state_of_more_events_than_its_record_plays_to_is_refused_unread(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """
        A saved state's events are those of its last action; a save of more than its replay gives is refused on
        their number, before any of them is read.
        """
        data = _saved(_played())
        data["events"] = data["events"] * 1_000
        read = maumau._serialize._field

        def no_events(name: str, raw: object, kind: Any) -> Any:
            assert name != "events", "the events were read"
            return read(name, raw, kind)

        monkeypatch.setattr(maumau._serialize, "_field", no_events)
        with pytest.raises(RecordError, match="its 'events' is not what its record plays to"):
            from_json(json.dumps(data), GameState)

    def test_more_later_decks_than_the_limit_are_an_invalid_option(self) -> None:
        state = new_game("classic", players=2, seed=1)
        deck = [card.code for card in state.rules.deck(state.options, 2)]

        with pytest.raises(InvalidOptionError, match="at most 100 decks, got 101"):
            new_game("classic", players=2, later_decks=[deck] * (MAX_LATER_DECKS + 1))


class TestPlayerNames:
    """
    A player's name is text every save can hold: at most ``MAX_NAME_LENGTH`` characters, none of them a control
    character or a lone surrogate (which UTF-8 cannot encode), wherever a name comes in.
    """

    @pytest.mark.parametrize(
        ("name", "message"),
        [
            ("\ud800", "a name must be text that UTF-8 can encode, got '\\ud800'"),
            ("Ann\udfff", "a name must be text that UTF-8 can encode"),
            ("Ann\nBob", "a name cannot hold control characters, got 'Ann\\nBob'"),
            ("\x1b[31mAnn", "a name cannot hold control characters"),
            ("Ann\x7f", "a name cannot hold control characters"),
        ],
        ids=["surrogate", "trailing-surrogate", "newline", "escape", "delete"],
    )
    def test_a_name_utf8_cannot_encode_or_with_a_control_character_is_refused(self, name: str, message: str) -> None:
        with pytest.raises(InvalidOptionError, match=re.escape(message)):
            new_game("classic", players=[name, "Bob"])
        with pytest.raises(InvalidOptionError, match=re.escape(message)):
            Table("classic", [name, "Bob"])
        with pytest.raises(InvalidOptionError, match=re.escape(message)):
            Table("classic", [Seat(name), Seat("Bot", bot="random")])

    @pytest.mark.parametrize("name", ["Zoë", "李雷", "Ann-Marie O'Neil", "👩\u200d👩\u200d👧", "x" * MAX_NAME_LENGTH])
    def test_names_of_any_script_save_as_utf8(self, name: str) -> None:
        state = new_game("classic", players=[name, "Bob"], seed=1)
        table = Table("classic", [name, "Bob"], seed=1)

        assert from_json(to_json(state).encode(), GameState) == state
        assert Table.from_json(table.to_json().encode()).to_json() == table.to_json()

    @pytest.mark.parametrize("kind", ["state", "record", "view", "table"])
    @pytest.mark.parametrize("trusted", [False, True])
    def test_a_saved_name_utf8_cannot_encode_is_refused_on_load(self, kind: str, trusted: bool) -> None:
        """
        A save that names a player with a lone surrogate (JSON's ``"\\ud800"``) is refused as it is read, so the
        next save cannot break; so is one with a control character.
        """
        state = new_game("classic", players=["Ann", "Bob"], seed=1)
        saves: dict[str, tuple[str, Callable[[str], object]]] = {
            "state": (to_json(state), lambda text: from_json(text, GameState, trusted=trusted)),
            "record": (to_json(state.record), lambda text: from_json(text, GameRecord, trusted=trusted)),
            "view": (to_json(view(state, 0)), lambda text: from_json(text, PlayerView, trusted=trusted)),
            "table": (Table("classic", ["Ann", "Bob"], seed=1).to_json(), Table.from_json),
        }
        text, read = saves[kind]
        for bad, message in (("\\ud800", "UTF-8 can encode"), ("A\\u0000n", "control characters")):
            with pytest.raises(RecordError, match=f"a name (must be text that|cannot hold) {message}"):
                read(text.replace('"Ann"', f'"{bad}"'))


class TestCardNames:
    """
    One rule for card names: every card that can be made can be saved and read back.
    """

    @given(
        st.text(max_size=18) | st.sampled_from(["Wild+4", "+2", "7", "10", "J", "Bauer", "Jh", "T", "h"]),
        st.none() | st.text(max_size=18) | st.sampled_from(["♥", "♠", "pink", "t", "h", "Pink"]),
    )
    def test_a_card_that_can_be_made_reads_back_from_its_text(self, rank: str, suit: str | None) -> None:
        try:
            card = Card(rank, suit)
        except InvalidCardError:
            return

        assert parse_card(card.code) == card
        assert parse_card(str(card)) == card
        assert from_json(to_json(PlayCard(0, card)), PlayCard).card == card

    @given(st.text(max_size=40))
    def test_text_either_reads_as_a_card_that_writes_back_or_is_no_card(self, text: str) -> None:
        try:
            card = parse_card(text)
        except InvalidCardError:
            return

        assert parse_card(card.code) == card

    @pytest.mark.parametrize("card", [Card("Wild+4"), Card("Wild+Draw+4"), Card("+4"), Card("Skip", "red")])
    def test_named_cards_save_and_load(self, card: Card) -> None:
        assert from_json(to_json(PlayCard(0, card)), PlayCard).card == card

    @pytest.mark.parametrize(
        ("rank", "suit"),
        [
            ("7h", None),
            ("J", None),
            ("h", "t"),
            ("1", "♥"),
            ("j", "♥"),
            ("5", "Pink"),
            ("x" * 17, None),
            ("5 6", "red"),
        ],
    )
    def test_a_card_whose_text_would_read_otherwise_cannot_be_made(self, rank: str, suit: str | None) -> None:
        with pytest.raises(InvalidCardError):
            Card(rank, suit)


class Raises:
    """
    A house rule whose matching divides by zero.
    """

    @hookimpl
    def maumau_playable(self, state: GameState, seat: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return cards[: 1 // 0]


class OffTheTable:
    """
    A house rule that hands the move to seat -1.
    """

    @hookimpl
    def maumau_next_seat(self, state: GameState, seat: int) -> int:
        return -1


class SaysYes:
    """
    A house rule that answers a question about cards with ``"yes"``.
    """

    @hookimpl
    def maumau_playable(self, state: GameState, seat: int, cards: tuple[Card, ...]) -> object:
        return "yes"


class DealerFails:
    """
    A house rule whose dealer hook fails on every game.
    """

    @hookimpl
    def maumau_dealer(self, state: GameState) -> int:
        return int(state.variant)


class TestPluginFaults:
    """
    A plugin's fault surfaces as a `PluginError` naming the plugin and the hook; the state passed in stays valid.
    """

    def _started(self, plugin: object) -> GameState:
        return new_game("classic", players=2, seed=1, plugins=[plugin])

    def test_a_hook_that_raises_is_a_plugin_error_naming_plugin_and_hook(self) -> None:
        with pytest.raises(
            PluginError, match="plugin 'house:Raises' hook maumau_playable: raised ZeroDivisionError"
        ) as info:
            legal_actions(self._started(Raises()))

        assert isinstance(info.value.__cause__, ZeroDivisionError)
        assert (info.value.plugin, info.value.hook) == ("house:Raises", "maumau_playable")

    def test_a_fault_while_applying_leaves_the_state_unchanged(self) -> None:
        state = self._started(OffTheTable())
        for _ in range(4):  # the first turn to end asks for the next seat
            before = to_json(state)
            try:
                state = apply(state, legal_actions(state)[0])
            except PluginError as error:
                fault = error
                break
        else:
            pytest.fail("no turn ended")

        assert "hook maumau_next_seat: returned -1: expected a seat number from 0 to 1" in str(fault)
        assert to_json(state) == before
        assert legal_actions(state)

    def test_a_hook_answer_of_the_wrong_kind_is_a_plugin_error(self) -> None:
        with pytest.raises(PluginError, match="hook maumau_playable: returned 'yes': expected a tuple of cards"):
            legal_actions(self._started(SaysYes()))

    def test_a_fault_while_dealing_names_the_plugin(self) -> None:
        with pytest.raises(PluginError, match="plugin 'house:DealerFails' hook maumau_dealer: raised ValueError"):
            new_game("classic", players=2, seed=1, plugins=[DealerFails()])

    def test_a_fault_in_a_view_names_the_plugin(self) -> None:
        state = self._started(Raises())
        assert state.to_move is not None

        with pytest.raises(PluginError, match="house:Raises"):
            view(state, state.to_move)

    @pytest.mark.parametrize("plugin", [None, "rules", 5, object()])
    def test_what_implements_no_hook_is_no_house_rule(self, plugin: object) -> None:
        with pytest.raises(PluginError, match="a house rule must implement at least one maumau hook"):
            new_game("classic", players=2, plugins=[plugin])

    def test_the_shipped_variants_pass_no_plugin_error_in_play(self) -> None:
        for variant in ("classic", "penalty-52", "sau-mau-mau", "ccw-house"):
            assert _played(variant, steps=40).variant == variant


class TestBrokenEntryPoints:
    """
    A variant whose package fails to import is listed as unavailable, with its reason; the others still work.
    """

    def _run(self, tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
        dist_info = tmp_path / "broken_variant-1.0.dist-info"
        dist_info.mkdir()
        (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-variant\nVersion: 1.0\n")
        (dist_info / "entry_points.txt").write_text("[maumau.variants]\nbroken = broken_variant_module\n")
        (tmp_path / "broken_variant_module.py").write_text("raise ImportError('needs a package that is missing')\n")
        script = f"import sys; sys.path.insert(0, sys.argv[1])\n{code}"
        return subprocess.run(
            [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=120
        )

    def test_a_broken_variant_is_listed_as_unavailable_with_its_reason(self, tmp_path: Path) -> None:
        done = self._run(
            tmp_path,
            "import maumau\n"
            "found = maumau.variants()\n"
            "print(found['broken'].available, found['classic'].available)\n"
            "print(found['broken'].problem)\n",
        )

        assert done.returncode == 0, done.stderr
        first, reason = done.stdout.splitlines()
        assert first == "False True"
        assert "needs a package that is missing" in reason

    def test_the_command_lists_a_broken_variant_and_the_others(self, tmp_path: Path) -> None:
        done = self._run(tmp_path, "from maumau.cli import main\nsys.exit(main(['variants']))\n")

        assert done.returncode == 0, done.stderr
        assert "broken: unavailable:" in done.stdout
        assert "classic:" in done.stdout

    def test_playing_a_broken_variant_is_a_plugin_error(self, tmp_path: Path) -> None:
        done = self._run(
            tmp_path,
            "import maumau\n"
            "try:\n"
            "    maumau.new_game('broken', players=2)\n"
            "except maumau.PluginError as error:\n"
            "    print(error)\n",
        )

        assert "plugin 'broken': the variant cannot be loaded (ImportError: needs a package" in done.stdout, done.stderr


class TestFormatVersions:
    """
    Saved states, records and views carry a format version; an unknown or newer one is refused.
    """

    @pytest.mark.parametrize("kind", ["state", "record", "view"])
    def test_every_save_carries_the_format_version(self, kind: str) -> None:
        state = _played()
        saved = {"state": state, "record": state.record, "view": view(state, 0)}[kind]

        assert json.loads(to_json(saved))["format"] == FORMAT_VERSION

    @pytest.mark.parametrize("version", [FORMAT_VERSION + 1, 0, "1", None, 1.0])
    @pytest.mark.parametrize("cls", [GameState, GameRecord, PlayerView])
    def test_an_unknown_or_newer_format_is_refused(self, cls: type, version: object) -> None:
        state = _played()
        saved = {GameState: state, GameRecord: state.record, PlayerView: view(state, 1)}[cls]
        data = json.loads(to_json(saved))
        data["format"] = version

        with pytest.raises(RecordError, match=r"saved in format .*, but this maumau reads formats up to 1"):
            from_json(json.dumps(data), cls)

    def test_a_save_without_a_format_is_read_as_format_one(self) -> None:
        state = _played()
        data = _saved(state)
        del data["format"]

        assert from_json(json.dumps(data), GameState) == state

    def test_actions_and_events_carry_no_format(self) -> None:
        state = _played()

        assert "format" not in to_data(state.actions[0])
        assert all("format" not in to_data(event) for event in state.events)


class TestPlainData:
    """
    `to_data` and `from_data` give and take what `to_json` and `from_json` write and read, as plain data.
    """

    def test_a_view_round_trips_as_plain_data(self) -> None:
        seen = view(_played("sau-mau-mau", steps=20), 1)

        assert from_data(to_data(seen), PlayerView) == seen
        assert json.loads(to_json(seen)) == to_data(seen)

    @pytest.mark.parametrize("kind", ["action", "event", "record"])
    def test_actions_events_and_records_round_trip_as_plain_data(self, kind: str) -> None:
        state = _played()
        value, cls = {
            "action": (state.actions[-1], Action),
            "event": (state.events[0], Event),
            "record": (state.record, GameRecord),
        }[kind]

        assert from_data(to_data(value), cls) == value

    def test_plain_data_is_checked_as_json_is(self) -> None:
        with pytest.raises(RecordError, match="expected an array"):
            from_data({"variant": "classic", "players": "Bob", "seed": 1}, GameRecord)


class TestActionTagsOfTheGame:
    """
    Inside a game, action and event tags are the game's own: its variant's, mechanics' and house rules'.
    """

    def test_a_classic_save_lists_classic_actions_only(self) -> None:
        data = _saved(new_game("classic", players=2, seed=1))
        data["actions"] = [{"type": "bet", "seat": 0}]

        with pytest.raises(RecordError, match="unknown action type 'bet' in 'classic'") as info:
            from_json(json.dumps(data), GameState)

        known = str(info.value).rpartition("known: ")[2]
        assert known == "choose_suit, draw, pass, play, resign"  # a challenge is the Challenges mechanic's

    def test_a_classic_record_refuses_another_variants_action(self) -> None:
        data = json.loads(to_json(new_game("classic", players=2, seed=1).record))
        data["actions"] = [{"type": "choose_pig", "seat": 0, "pig": "pink"}]

        with pytest.raises(RecordError, match="unknown action type 'choose_pig' in 'classic'"):
            from_json(json.dumps(data), GameRecord)

    def test_an_action_read_alone_may_be_any_variants(self) -> None:
        assert from_json('{"type": "decline_bet", "seat": 1}', Action).seat == 1


def _shuffled_deck(variant: str, players: int, seed: int) -> list[Card]:
    state = new_game(variant, players=players, seed=0)
    cards = list(state.rules.deck(state.options, players))
    random.Random(seed).shuffle(cards)
    return cards


def _table(state: GameState) -> tuple[object, ...]:
    """
    What a deal put on the table, whoever dealt: the hands (in any seat order), the top card, the draw pile.
    """
    return sorted(map(sorted, ([str(c) for c in hand] for hand in state.hands))), state.top, state.draw_pile


class TestPositions:
    """
    Positions for tests, tutors and replays: a chosen first dealer, every round stacked, the table a round ended with.
    """

    @pytest.mark.parametrize("dealer", [0, 1, 2])
    def test_the_first_dealer_can_be_chosen(self, dealer: int) -> None:
        state = new_game("penalty-52", players=3, seed=4, dealer=dealer)

        assert state.dealer == dealer
        assert replay(state.record) == state
        assert from_json(to_json(state), GameState).record.first_dealer == dealer

    @pytest.mark.parametrize("dealer", [3, -1, True, "0"])
    def test_a_first_dealer_who_is_no_seat_is_an_invalid_option(self, dealer: Any) -> None:
        with pytest.raises(InvalidOptionError, match="option 'dealer': expected a seat from 0 to 2"):
            new_game("penalty-52", players=3, seed=4, dealer=dealer)

    def test_later_rounds_follow_the_variants_dealer_rule(self) -> None:
        state = new_game("penalty-52", players=3, seed=4, dealer=2)
        while state.round == 1:
            state = apply(state, legal_actions(state)[0])

        assert state.dealer == 0  # the deal passes to the left

    def test_every_round_can_be_stacked(self) -> None:
        first, second = _shuffled_deck("classic", 2, 1), _shuffled_deck("classic", 2, 2)
        state = new_game("classic", players=2, seed=3, deck=first, later_decks=[second], options={"target": 500})
        while state.round == 1:
            state = apply(state, legal_actions(state)[0])

        assert _table(state) == _table(new_game("classic", players=2, seed=3, deck=second))
        assert replay(state.record) == state

    def test_a_later_deck_that_is_not_the_variants_deck_is_an_invalid_option(self) -> None:
        with pytest.raises(InvalidOptionError, match="option 'deck': a stacked deck must hold"):
            new_game("classic", players=2, later_decks=[["7h"]])

    def test_a_finished_round_keeps_its_final_table(self) -> None:
        state = new_game("sau-mau-mau", players=3, seed=8, options={"races": 2})
        while len(state.rounds) == 0:
            before = state
            state = apply(state, legal_actions(state)[0])
        ended = state.rounds[0]

        assert len(ended.hands) == 3
        assert sum(map(len, ended.hands)) <= sum(map(len, before.hands))
        assert dict(ended.slots)["board"] is not None


class TestJsonSchema:
    """
    The published JSON Schemas describe what `to_json` writes, checked with a real validator.
    """

    @pytest.mark.parametrize("cls", [GameState, GameRecord, PlayerView, Action, Event, PlayCard])
    def test_each_schema_is_a_valid_schema(self, cls: type) -> None:
        jsonschema.Draft202012Validator.check_schema(json_schema(cls))

    @pytest.mark.parametrize("variant", ["classic", "penalty-52", "sau-mau-mau", "ccw-house"])
    def test_the_saves_of_random_games_match_their_schemas(self, variant: str) -> None:
        rng = random.Random(3)
        state = new_game(variant, players=3, seed=3)
        check = {
            cls: jsonschema.Draft202012Validator(json_schema(cls)).validate for cls in (GameState, PlayerView, Event)
        }
        checked = 0
        while not state.is_over and checked < 120:
            if checked % 20 == 0:
                check[GameState](to_data(state))
                check[PlayerView](to_data(view(state, 2)))
                for event in state.events:
                    check[Event](to_data(event))
            state = apply(state, rng.choice([a for a in legal_actions(state) if not isinstance(a, Resign)]))
            checked += 1
        jsonschema.validate(to_data(state.record), json_schema(GameRecord))

        assert checked > 10

    @pytest.mark.parametrize(
        ("cls", "data"),
        [
            (GameRecord, {"variant": "classic", "players": "Bob", "seed": 1}),
            (GameRecord, {"variant": "classic", "players": ["a"], "seed": 1.5}),
            (GameRecord, {"variant": "classic", "players": ["a"], "seed": 1, "format": 2}),
            (Action, {"type": "play", "seat": 0}),
            (Action, {"type": "nonsense", "seat": 0}),
            (PlayCard, {"type": "draw", "seat": 0}),
            (Action, {"type": "draw", "seat": 0, "extra": 1}),
        ],
    )
    def test_what_the_reader_refuses_for_its_shape_the_schema_refuses(self, cls: type, data: Any) -> None:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(data, json_schema(cls))
        with pytest.raises(RecordError):
            from_data(data, cls)

    def test_there_is_no_schema_for_what_maumau_does_not_write(self) -> None:
        with pytest.raises(RecordError, match="no JSON schema"):
            json_schema(dict)


class TestShortMessages:
    """
    No error message of the public API carries more than a few dozen characters of the input it refuses.
    """

    @pytest.mark.parametrize(
        "call",
        [
            lambda: new_game("x" * 1_000_000, players=2),
            lambda: new_game("classic", players=2, options={"x" * 1_000_000: 1}),
            lambda: new_game("classic", players=2, options={"scoring": "x" * 1_000_000}),
            lambda: new_game("classic", players=2, options={"target": 10**5000}),
            lambda: apply(new_game("classic", players=2, seed=1), Resign(10**5000)),
            lambda: apply(new_game("classic", players=2, seed=1), Resign(2**70)),
        ],
        ids=["variant", "option-name", "option-value", "option-number", "huge-seat", "large-seat"],
    )
    def test_an_oversized_argument_gives_a_short_maumau_error(self, call: Any) -> None:
        with pytest.raises(MaumauError) as info:
            call()

        message = str(info.value)
        assert "x" * 50 not in message
        assert len(message) < 1000  # the longest: an unknown option, answered with every option of the variant

    def test_a_suit_longer_than_the_limit_is_an_invalid_action(self) -> None:
        with pytest.raises(InvalidActionError, match="suit has at most 200 characters"):
            apply(new_game("classic", players=2, seed=1), ChooseSuit(0, "s" * 1_000_000))

    def test_an_int_option_beyond_what_json_holds_is_refused(self) -> None:
        with pytest.raises(InvalidOptionError, match="out of range"):
            new_game("classic", players=2, options={"target": 2**63})

    def test_a_mapping_option_takes_ascii_digits_only(self) -> None:
        with pytest.raises(InvalidOptionError, match="expected whole numbers"):
            new_game("sau-mau-mau", players=3, options={"finish": {"٣": 24}})

    def test_to_json_of_what_maumau_does_not_write_is_a_record_error(self) -> None:
        with pytest.raises(RecordError, match="cannot write object"):
            to_json(object())
