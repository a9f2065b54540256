"""
Tests for `maumau.Table`: seats for people and bots, reaction windows, per-seat events, spectators, saves, threads.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import maumau._serialize
import maumau._table_json
from family import family, family_game
from maumau import (
    Action,
    Card,
    CardPlayed,
    CardsDrawn,
    Challenge,
    DrawCards,
    Event,
    GameState,
    IllegalActionError,
    PenaltyDrawn,
    PlayCard,
    PluginError,
    RecordError,
    Resign,
    Seat,
    Table,
    TableError,
    apply,
    hookimpl,
    house_rule_names,
    legal_actions,
    new_game,
    parse_card,
    replay,
)
from maumau.bots import RandomBot, acting_seat
from maumau.mechanics import Combinations
from maumau_variants.sau_mau_mau import board_of

BOTS = [Seat("Bot 1", bot="heuristic"), Seat("Bot 2", bot="heuristic")]


def _no_card_read(text: str) -> Card:
    raise AssertionError(f"the card {text!r} was read")


def _no_entry_read(*args: object) -> Any:
    raise AssertionError(f"an entry was read: {args!r:.60}")


_table_json_seat = maumau._table_json._seat


class TwoToFiveSeats:
    """
    A house rule for the tests: two to five seats, as classic has, so only the record changes, which names it.
    """

    name = "test-table-rule"

    @hookimpl
    def maumau_seats(self) -> range:
        return range(2, 6)


TWO_TO_FIVE = TwoToFiveSeats()


@pytest.fixture
def installed_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """
    ``TWO_TO_FIVE`` installed as a package would install it: an entry point of ``maumau.house_rules``.
    """
    info = tmp_path / "table_rules-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: table-rules\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[maumau.house_rules]\ntwo-to-five = test_table:TWO_TO_FIVE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "two-to-five"


class FakeClock:
    """
    A clock the test moves by hand.
    """

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def first_move(table: Table, seat: int) -> PlayCard | DrawCards | Challenge:
    """
    The first legal action of *seat* other than resigning.
    """
    actions = [action for action in table.view(seat).legal_actions if not isinstance(action, Resign)]
    assert actions
    return actions[0]  # type: ignore[return-value]


def until_reaction(variant: str, clock: FakeClock | None = None, seconds: float | None = None) -> Table:
    """
    A table of Ann and two bots, played by Ann's first moves until a reaction window holds a bot for her.
    """
    for seed in range(100):
        table = Table(variant, ["Ann", *BOTS], seed=seed, reaction_seconds=seconds, clock=clock or FakeClock())
        for _ in range(300):
            if table.state.is_over:
                break
            if acting_seat(table.state) != 0 and table.waiting_for() == (0,):
                return table
            table.act(0, first_move(table, 0))
    raise AssertionError(f"no reaction window for a person in {variant}")  # pragma: no cover


class TestSeats:
    """
    Tests for who may act at a `Table`.
    """

    def test_bots_move_until_a_person_must_decide(self) -> None:
        """
        After the deal and after every action, the seat to act is a person, or the match is over.
        """
        table = Table("classic", [BOTS[0], "Ann", BOTS[1]], seed=5)
        for _ in range(200):
            if table.state.is_over:
                break
            assert table.waiting_for() == (1,)
            assert acting_seat(table.state) == 1
            table.act(1, first_move(table, 1))
        assert table.state.is_over

    def test_a_table_of_bots_plays_the_match_out(self) -> None:
        """
        With no person to wait for, the bots play to the end when the table is made.
        """
        table = Table("penalty-52", BOTS, seed=11)

        assert table.state.is_over
        assert table.waiting_for() == ()

    def test_a_person_cannot_act_for_another_seat(self) -> None:
        """
        An action naming another seat is refused, and the table is unchanged.
        """
        table = Table("classic", ["Ann", "Ben"], seed=2)
        before = table.state
        actor = acting_seat(before)
        other = 1 - actor if actor is not None else 0

        with pytest.raises(TableError, match=f"seat {other} cannot act for seat {actor}"):
            table.act(other, first_move(table, actor))  # type: ignore[arg-type]
        assert before is table.state

    def test_a_bots_seat_takes_no_actions_from_outside(self) -> None:
        """
        Nobody acts for a bot.
        """
        table = Table("classic", ["Ann", *BOTS], seed=2)
        with pytest.raises(TableError, match=r"seat 1 \(Bot 1\) is played by a bot"):
            table.act(1, Resign(1))

    def test_an_illegal_action_leaves_the_table_unchanged(self) -> None:
        """
        The rules' refusal passes through; state, version and events stay as they were.
        """
        table = Table("classic", ["Ann", *BOTS], seed=4)
        before, version, log = table.state, table.version, table.history(0)
        held = set(table.view(0).hand)
        unplayable = next(
            PlayCard(0, card)
            for card in held
            if PlayCard(0, card) not in table.view(0).legal_actions
            and PlayCard(0, card, "Mau") not in table.view(0).legal_actions
        )

        with pytest.raises(IllegalActionError):
            table.act(0, unplayable)
        assert (before, version, log) == (table.state, table.version, table.history(0))

    def test_unknown_bot_level(self) -> None:
        """
        A seat naming a bot level that does not exist is refused with the known ones.
        """
        with pytest.raises(TableError, match="unknown bot level 'genius'; known: heuristic, random"):
            Table("classic", ["Ann", Seat("B", bot="genius")])

    def test_no_such_seat(self) -> None:
        """
        Asking for a seat that does not exist names the seats there are.
        """
        table = Table("classic", ["Ann", "Ben"], seed=1)
        with pytest.raises(TableError, match="there is no seat 2; seats are 0 to 1"):
            table.view(2)

    def test_house_rules_are_named_and_recorded(self) -> None:
        """
        A house rule named ``module:attribute`` is loaded and kept in the game record.
        """
        table = Table("classic", ["Ann", "Ben"], seed=1, house_rules=["test_table:TWO_TO_FIVE"])

        assert table.state.house_rules == ("test-table-rule",)
        assert table.house_rules == ("test_table:TWO_TO_FIVE",)

    def test_a_house_rule_that_cannot_be_found(self) -> None:
        """
        A name that imports nothing is a PluginError naming it.
        """
        with pytest.raises(PluginError, match="cannot load house rule 'test_table:NOTHING'"):
            Table("classic", ["Ann", "Ben"], house_rules=["test_table:NOTHING"])

    def test_a_house_rule_installed_by_name_is_loaded_by_name(self, installed_rule: str) -> None:
        """
        A package installs a house rule under the ``maumau.house_rules`` entry points; tables and saves name it.
        """
        table = Table("classic", ["Ann", "Ben"], seed=1, house_rules=[installed_rule])
        copy = Table.from_json(table.to_json())

        assert installed_rule in house_rule_names()
        assert copy.state.house_rules == ("test-table-rule",)
        assert copy.house_rules == (installed_rule,)

    def test_a_save_never_imports_a_module_it_names(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """
        A save is data: a ``module:attribute`` house rule in it is refused unless the caller allows that import.
        """
        marker = tmp_path / "imported"
        (tmp_path / "trap_rule.py").write_text(f"open({str(marker)!r}, 'w').close()\nRULE = object()\n")
        monkeypatch.syspath_prepend(str(tmp_path))
        saved = json.loads(Table("classic", ["Ann", "Ben"], seed=1).to_json())
        saved["house_rules"] = ["trap_rule:RULE"]

        with pytest.raises(PluginError, match="only installed house rules"):
            Table.from_json(json.dumps(saved))
        assert not marker.exists()

    def test_a_house_rule_naming_a_class_says_to_name_an_instance(self) -> None:
        """
        ``module:Class`` is a plugin class, not a plugin: the error says what to name instead.
        """
        with pytest.raises(PluginError, match="names the class Seat: name an instance of it"):
            Table("classic", ["Ann", "Ben"], house_rules=["maumau:Seat"])


class TestAround:
    """
    Tests for `maumau.Table.around`: a table for a game already under way.
    """

    def test_the_bots_wait_for_the_first_advance(self) -> None:
        """
        Nothing moves when the table is made; `advance` lets the bots play up to the person.
        """
        state = new_game("classic", players=["Bot 1", "Ann"], seed=6)
        bot_first = acting_seat(state) == 0
        table = Table.around(state, [BOTS[0], "Ann"])

        assert table.state is state
        assert table.advance() is bot_first
        assert table.waiting_for() == (1,)

    def test_the_seats_must_name_the_players(self) -> None:
        state = new_game("classic", players=["Ann", "Ben"], seed=6)
        with pytest.raises(TableError, match="the seats must name the players of the game"):
            Table.around(state, ["Ann", "Cid"])


class TestReactionWindows:
    """
    Tests for how long a `Table` waits for people who may react.
    """

    @pytest.mark.parametrize("variant", ["penalty-52", "ccw-house"])
    def test_a_window_holds_the_bots_until_the_person_declines(self, variant: str) -> None:
        """
        Without a time limit, the bots wait for the person however often the table is nudged.
        """
        table = until_reaction(variant)
        before = table.state
        table.advance()
        assert before is table.state

        table.decline(0)

        assert before is not table.state
        assert table.version > len(before.actions)

    def test_a_person_may_react_in_the_window(self) -> None:
        """
        The person's challenge is applied before the bot moves.
        """
        table = until_reaction("penalty-52")
        challenge = next(action for action in table.view(0).legal_actions if isinstance(action, Challenge))

        table.act(0, challenge)

        assert challenge in table.state.actions

    def test_a_timed_window_closes_by_the_clock(self) -> None:
        """
        With *reaction_seconds*, the window stays open until its time is up, then the bots move on.
        """
        clock = FakeClock()
        table = until_reaction("ccw-house", clock, seconds=15)
        before = table.state
        deadline = table.deadline
        assert deadline is not None

        clock.now = deadline - 0.1
        assert not table.advance()
        assert before is table.state
        clock.now = deadline
        assert table.waiting_for() == (0,)  # reading the table closes nothing: advance() does

        assert table.advance()
        assert before is not table.state

    def test_declining_without_a_window(self) -> None:
        """
        A person on turn, not in a reaction window, has nothing to decline.
        """
        table = Table("classic", ["Ann", *BOTS], seed=3)
        with pytest.raises(TableError, match="seat 0 has no reaction window to let pass"):
            table.decline(0)


class TestEvents:
    """
    Tests for what each seat reads at a `Table`.
    """

    def test_each_seat_reads_what_happened_since_it_last_looked(self) -> None:
        """
        A read marks the events read; the next read has only what happened after.
        """
        table = Table("classic", ["Ann", "Ben", *BOTS], seed=8)
        first = table.read(0)
        assert first
        assert table.read(0) == ()
        actor = acting_seat(table.state)
        assert actor is not None
        table.act(actor, first_move(table, actor))

        assert table.read(0) == table.history(0, len(first))
        assert table.read(1) == table.history(1)

    def test_other_seats_draws_stay_hidden(self) -> None:
        """
        A seat sees its own drawn cards; other seats and spectators see only counts.
        """
        table = Table("classic", ["Ann", "Ben"], seed=9)
        actor = acting_seat(table.state)
        assert actor is not None
        table.act(actor, DrawCards(actor))
        drawn = [event for event in table.history(actor) if isinstance(event, CardsDrawn)]
        seen = [event for event in table.history(1 - actor) if isinstance(event, CardsDrawn)]
        watched = [event for event in table.history(None) if isinstance(event, CardsDrawn)]

        assert drawn[-1].cards is not None
        assert seen[-1].cards is None
        assert watched[-1].cards is None


class TestSpectator:
    """
    Tests for `maumau.Table.spectate`: public information only.
    """

    def test_a_spectator_sees_no_hand(self) -> None:
        """
        Hands are counts, and the view has no hand, drawn card or legal actions.
        """
        table = Table("classic", ["Ann", "Ben"], seed=1)
        watched = table.spectate()

        assert watched.hand_sizes == tuple(len(hand) for hand in table.state.hands)
        assert not any(hasattr(watched, name) for name in ("hand", "drawn", "legal_actions", "seat"))

    def test_a_spectator_sees_no_bet(self) -> None:
        """
        In a sau-mau-mau race, a spectator sees who has bet, but on no pig, until the race is scored.
        """
        table = Table("sau-mau-mau", ["Ann", *BOTS], seed=3)
        while not board_of(table.state).bets and not table.state.is_over:
            table.act(0, first_move(table, 0))
        placed = board_of(table.state).bets
        assert placed
        assert all(pig is not None for _, pig in placed)

        assert board_of(table.spectate()).bets == tuple((seat, None) for seat, _ in placed)

    def test_the_spectator_reads_draws_as_counts(self) -> None:
        """
        Penalty draws too are counts for a spectator.
        """
        table = Table("penalty-52", BOTS, seed=4)
        hidden = [event for event in table.history(None) if isinstance(event, (CardsDrawn, PenaltyDrawn))]

        assert hidden
        assert all(event.cards is None for event in hidden)


class TestSaving:
    """
    Tests for `maumau.Table.to_json` and `maumau.Table.from_json`.
    """

    def test_a_restored_table_plays_on_as_the_saved_one(self) -> None:
        """
        The same person moves after a save and a restore give the same match, bots' choices included.
        """
        table = Table("penalty-52", ["Ann", *BOTS], seed=21, house_rules=["test_table:TWO_TO_FIVE"])
        copy = Table.from_json(table.to_json(), imports=["test_table:TWO_TO_FIVE"])
        assert copy.to_json() == table.to_json()
        for _ in range(200):
            if table.state.is_over:
                break
            if acting_seat(table.state) == 0:
                action = first_move(table, 0)
                table.act(0, action)
                copy.act(0, action)
            else:
                table.decline(0)
                copy.decline(0)

        assert table.state == copy.state
        assert table.history(0) == copy.history(0)

    def test_the_save_has_a_format_and_a_version(self) -> None:
        """
        The saved object says what it is; the game state inside is the state's own JSON.
        """
        table = Table("classic", ["Ann", "Ben"], seed=1)
        saved = json.loads(table.to_json())

        assert (saved["format"], saved["version"]) == ("maumau.table", 1)
        assert saved["state"]["seed"] == 1

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"version": 2}, "saved table version 2 cannot be read; this maumau reads version 1"),
            ({"format": "other"}, "not a saved table"),
            ({"seats": [{"name": "Ann", "bot": None}, {"name": "Cid", "bot": None}]}, "seats do not match"),
            ({"read": [0, 10_000]}, "read holds 10000"),
            ({"bots": [{"seat": 1, "random": None}]}, "bots saved do not match"),
        ],
    )
    def test_a_damaged_save_is_refused(self, change: dict[str, object], message: str) -> None:
        """
        A save of another version, or one whose parts do not fit together, is a RecordError naming the part.
        """
        saved = json.loads(Table("classic", ["Ann", "Ben"], seed=1).to_json())
        saved.update(change)

        with pytest.raises(RecordError, match=message):
            Table.from_json(json.dumps(saved))

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"seats": [{"name": "Ann", "bot": None}] * 100_000}, "at most 64 seats, got 100,000"),
            ({"read": [0] * 1_000_000}, "read has 1,000,000 entries for 2 seats"),
            ({"declined": [0] * 1_000_000}, "declined has 1,000,000 entries for 2 seats"),
            ({"bots": [{"seat": 1, "random": None}] * 100_000}, "the bots saved do not match the bot seats"),
        ],
        ids=["seats", "read", "declined", "bots"],
    )
    def test_a_table_list_longer_than_its_seats_is_refused_on_its_length(
        self, change: dict[str, object], message: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """
        A table holds at most ``MAX_PLAYERS`` seats and at most one entry per seat in its lists by seat: a
        hundred thousand or a million is refused on the list's length, before any entry of it is read.
        """
        saved = json.loads(Table("classic", ["Ann", "Ben"], seed=1).to_json())
        saved.update(change)
        monkeypatch.setattr(maumau._table_json, "_seat", _no_entry_read if "seats" in change else _table_json_seat)
        monkeypatch.setattr(maumau._table_json, "_bot", _no_entry_read)

        with pytest.raises(RecordError, match=message):
            Table.from_json(json.dumps(saved))

    def test_a_saved_bot_level_must_exist(self) -> None:
        """
        A save naming a bot level this maumau lacks is refused.
        """
        saved = json.loads(Table("classic", ["Ann", BOTS[0]], seed=1).to_json())
        saved["seats"][1]["bot"] = "genius"

        with pytest.raises(TableError, match="unknown bot level 'genius'"):
            Table.from_json(json.dumps(saved))

    @pytest.mark.parametrize(
        "damage",
        [
            lambda random: random.__setitem__(0, 5),  # a version Python does not read
            lambda random: random.__setitem__(0, True),
            lambda random: random.__setitem__(0, 2),  # Python 2's, which Python still reads
            lambda random: random.__setitem__(0, 10**30),
            lambda random: random[1].__setitem__(-1, 700),  # a position past the 624 words
            lambda random: random.__setitem__(2, 1),  # a whole number for the Gaussian that waits
        ],
        ids=["version", "bool-version", "old-version", "huge-version", "position", "gauss"],
    )
    def test_a_damaged_bot_random_state_is_a_record_error_naming_the_seat(
        self, damage: Callable[[list[Any]], None]
    ) -> None:
        """
        A bot's saved random generator that Python would refuse (with a bare ValueError) is refused as the save's
        damage, naming the bot's seat.
        """
        saved = json.loads(Table("classic", ["Ann", Seat("Bot", bot="random")], seed=1).to_json())
        damage(saved["bots"][0]["random"])

        with pytest.raises(RecordError, match=r"^saved table: the random state of seat 1's bot is damaged$"):
            Table.from_json(json.dumps(saved))

    @pytest.mark.parametrize(
        "edit",
        [
            lambda log: log.pop(),
            lambda log: log.append(log[-1]),
            lambda log: log.insert(0, log.pop()),
            lambda log: next(event for event in reversed(log) if "seat" in event).update(seat=5),
        ],
        ids=["dropped", "added", "moved", "changed"],
    )
    def test_an_event_log_that_is_not_what_the_record_plays_to_is_refused(
        self, edit: Callable[[list[dict[str, Any]]], object]
    ) -> None:
        """
        The table's log must be the events the record of its state plays to: one dropped, added, moved or changed
        is refused, and the table's state stays as saved.
        """
        table = Table("classic", ["Ann", Seat("Bot", bot="random")], seed=3)
        table.act(0, first_move(table, 0))
        saved = json.loads(table.to_json())
        edit(saved["log"])

        with pytest.raises(RecordError, match=r"^saved table: its event log is not what its record plays to"):
            Table.from_json(json.dumps(saved))

    def test_a_log_longer_than_the_record_plays_to_is_refused_unread(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """
        A log of 50,000 events is refused on its length, before any event of it is read.
        """
        saved = json.loads(Table("classic", ["Ann", "Ben"], seed=1).to_json())
        saved["log"] = saved["log"] * (50_000 // len(saved["log"]))
        text = json.dumps(saved)
        read = maumau._table_json.from_data

        def no_events(data: object, cls: type, **kwargs: Any) -> object:
            assert cls is not Event, "an event of the log was read"
            return read(data, cls, **kwargs)

        monkeypatch.setattr(maumau._table_json, "from_data", no_events)
        with pytest.raises(RecordError, match="its event log is not what its record plays to"):
            Table.from_json(text)

    def test_the_log_of_a_table_made_around_a_game_under_way_loads(self) -> None:
        """
        A table made around a game under way logs from that game's last action on: its save loads, log and all.
        """
        state = new_game("classic", players=["Ann", "Ben"], seed=6)
        for _ in range(5):
            state = apply(state, legal_actions(state)[0])
        table = Table.around(state, ["Ann", "Ben"])
        copy = Table.from_json(table.to_json())

        assert copy.history() == table.history() == state.events
        assert copy.to_json() == table.to_json()

    @pytest.mark.parametrize("field", ["draw_pile", "actions"])
    def test_a_hostile_table_save_is_refused_before_its_state_is_read(
        self, field: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """
        A table whose state holds a million-card draw pile, or 99,999 actions of which the first does not
        replay, is refused before the cards are read or more than that one action is read and tried.
        """
        saved = json.loads(Table("classic", ["Ann", "Ben"], seed=1).to_json())  # nobody has moved: the deal
        state = saved["state"]
        if field == "draw_pile":
            state["draw_pile"] = state["draw_pile"] * (1_000_000 // len(state["draw_pile"]))
            monkeypatch.setattr(maumau._serialize, "parse_card", _no_card_read)
        else:
            state["actions"] = [{"type": "draw", "seat": 1 - state["to_move"]}] * 99_999  # out of turn
        text = json.dumps(saved)
        tried: list[Action] = []

        def counted(state: GameState, action: Action) -> GameState:
            tried.append(action)
            return apply(state, action)

        monkeypatch.setattr(maumau._serialize, "apply", counted)
        started = time.process_time()
        with pytest.raises(RecordError) as info:
            Table.from_json(text)
        spent = time.process_time() - started

        assert ("the cards are not the 'classic' deck" if field == "draw_pile" else "action 0") in str(info.value)
        assert len(tried) <= 1
        assert spent < 0.5  # about 0.07 s, of which reading the JSON text takes most


class TestThreads:
    """
    Tests for a `Table` shared by threads.
    """

    def test_concurrent_requests_are_applied_one_at_a_time(self) -> None:
        """
        Three people acting from three threads at once: every accepted action is in the record exactly once,
        and the record replays to the table's state.
        """
        table = Table("classic", ["Ann", "Ben", "Cid", BOTS[0]], seed=31)
        accepted = [0, 0, 0]
        failures: list[BaseException] = []

        def person(seat: int) -> None:
            bot = RandomBot(seat)
            try:
                for _ in range(100_000):
                    if table.state.is_over:
                        return
                    seen = table.view(seat)
                    if not any(not isinstance(action, Resign) for action in seen.legal_actions):
                        continue
                    try:
                        table.act(seat, bot.choose(seen))
                    except IllegalActionError:
                        continue  # another seat moved between the view and the action
                    accepted[seat] += 1
            except BaseException as error:  # pragma: no cover - reported below
                failures.append(error)

        threads = [threading.Thread(target=person, args=(seat,)) for seat in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        state: GameState = table.state

        assert failures == []
        assert state.is_over
        assert [sum(1 for action in state.actions if action.seat == seat) for seat in range(3)] == accepted
        assert replay(state.record) == state
        assert table.version == len(state.actions)


#: A house rule for these tests: sets of one rank go down as one play.
SETS = family(mechanics=(Combinations(),), name="sets")


class TestPlaysOfSeveralCards:
    """
    A play of several cards at a `Table`: one `Table.act` per card, the table waiting for the person meanwhile.
    """

    def test_the_table_waits_for_the_rest_of_an_open_play_and_saves_it(self) -> None:
        state = family_game(["9c 10d 5c 6c 7c", "8h 8d 5s Kc Qc", "3h 4h 5h 6h 8s"], "9h", plugin=SETS)
        seats = [Seat("Seat 0", "heuristic"), Seat("Seat 1"), Seat("Seat 2", "heuristic")]
        table = Table.around(state, seats, house_rules=["test_table:SETS"])
        table.read(1)

        table.act(1, PlayCard(1, parse_card("8h"), None, True))
        restored = Table.from_json(table.to_json(), imports=["test_table:SETS"])

        assert table.waiting_for() == (1,)
        assert table.view(1).playing == restored.view(1).playing == (parse_card("8h"),)
        assert table.spectate().playing == (parse_card("8h"),)
        for each in (table, restored):
            each.act(1, PlayCard(1, parse_card("8d")))
            assert each.read(1)[:2] == (
                CardPlayed(1, parse_card("8h"), None, False, True),
                CardPlayed(1, parse_card("8d")),
            )
        assert table.state == restored.state
