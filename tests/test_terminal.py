"""
Tests for the terminal's extras: moves typed by name, colour and ``NO_COLOR``, house rules named on the command
line, ``--save``/``--load``, and ``maumau replay``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from family import family_game
from maumau import (
    Action,
    Card,
    Challenge,
    ChooseSuit,
    DrawCards,
    GameState,
    Pass,
    PlayCard,
    Resign,
    Table,
    apply,
    hookimpl,
    legal_actions,
    new_game,
    to_json,
)
from maumau._moves import PlayPlan, next_card, plan_play
from maumau.cli import find_move, main, move_names
from maumau.mechanics import ChallengePlay, ChooseRank, Combinations

#: A short match: the first round decides it.
SHORT = ["play", "--seed", "3", "--option", "target=1"]
ESCAPE = "\033["


class TwoOnly:
    """
    A house rule for the tests: a game for two.
    """

    name = "two-only"

    @hookimpl
    def maumau_seats(self) -> range:
        return range(2, 3)


TWO_ONLY = TwoOnly()


def run(argv: list[str], script: str = "") -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(script), stdout=stdout, stderr=stderr)
    return code, stdout.getvalue(), stderr.getvalue()


class TestMovesByName:
    """
    Tests for typing a move's name instead of its number.
    """

    def test_names_of_the_core_moves(self) -> None:
        """
        A card by its code, a call before the card, draw, pass, a suit by letter, resign.
        """
        seven = Card.parse("7h")
        moves = [PlayCard(0, seven), PlayCard(0, seven, "Mau"), DrawCards(0), Pass(0), ChooseSuit(0, "♥"), Resign(0)]

        assert [find_move(text, moves) for text in ("7h", "mau 7h", "7♥", "draw", "pass", "h", "resign")] == [
            moves[0],
            moves[1],
            moves[0],
            moves[2],
            moves[3],
            moves[4],
            moves[5],
        ]
        assert find_move("8h", moves) is None

    def test_a_move_typed_by_name_is_taken(self) -> None:
        """
        Typing the name shown in brackets takes that move, as its number would.
        """
        _, first, _ = run(SHORT, "q\n")
        name = first.split("  1. ", 1)[1].split("[", 1)[1].split("]", 1)[0]

        assert run(SHORT, f"{name}\nq\n")[1] == run(SHORT, "1\nq\n")[1].replace("]: 1\n", f"]: {name}\n", 1)

    def test_a_name_that_is_no_move_is_explained(self) -> None:
        code, out, _ = run(SHORT, "mau 99z\nq\n")

        assert code == 0
        assert "'mau 99z' is not a move number or name; type a number from 1 to" in out


class TestColour:
    """
    Tests for suits in colour.
    """

    def test_always_colours_the_suits(self) -> None:
        assert ESCAPE in run([*SHORT, "--color", "always"], "q\n")[1]

    def test_a_pipe_gets_no_colour(self) -> None:
        assert ESCAPE not in run(SHORT, "q\n")[1]

    def test_no_color_turns_auto_colour_off(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """
        NO_COLOR wins over a terminal: a stdout that says it is one gets no colour.
        """

        class Terminal(io.StringIO):
            def isatty(self) -> bool:
                return True

        def session() -> str:
            stdout = Terminal()
            main(SHORT, stdin=io.StringIO("q\n"), stdout=stdout, stderr=io.StringIO())
            return stdout.getvalue()

        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.setenv("TERM", "xterm")
        assert ESCAPE in session()
        monkeypatch.setenv("NO_COLOR", "1")
        assert ESCAPE not in session()


class TestHouseRulesSavesAndReplays:
    """
    Tests for ``--house-rule``, ``--save``, ``--load`` and ``maumau replay``.
    """

    def test_a_house_rule_named_on_the_command_line(self) -> None:
        """
        The house rule decides: here, that three players are too many.
        """
        code, _, err = run([*SHORT, "--players", "3", "--house-rule", "test_terminal:TWO_ONLY"], "q\n")

        assert code == 2
        assert "3 players; allowed: 2 to 2" in err
        assert run([*SHORT, "--players", "2", "--house-rule", "test_terminal:TWO_ONLY"], "q\n")[0] == 0

    def test_a_house_rule_that_cannot_be_loaded(self) -> None:
        code, _, err = run([*SHORT, "--house-rule", "no_such_module:X"], "q\n")

        assert code == 2
        assert "cannot load house rule 'no_such_module:X'" in err

    def test_a_saved_match_goes_on_where_it_stopped(self, tmp_path: Path) -> None:
        """
        The save is a table save; loading it shows the same hand and goes on from the same state.
        """
        saved = tmp_path / "match.json"
        run([*SHORT, "--players", "2", "--save", str(saved), "--house-rule", "test_terminal:TWO_ONLY"], "1\n1\nq\n")
        table = Table.from_json(saved.read_bytes(), imports=["test_terminal:TWO_ONLY"])
        refused, _, error = run(["play", "--load", str(saved)], "q\n")
        _, out, _ = run(
            ["play", "--load", str(saved), "--save", str(saved), "--house-rule", "test_terminal:TWO_ONLY"], "q\n"
        )

        assert refused == 2  # a save alone never makes the terminal import what it names
        assert "unknown house rule 'test_terminal:TWO_ONLY'" in error

        assert json.loads(saved.read_text())["format"] == "maumau.table"
        assert table.house_rules == ("test_terminal:TWO_ONLY",)
        assert table.state.house_rules == ("two-only",)
        shown = next(line for line in out.splitlines() if line.startswith("Your hand:")).split()[2:]
        assert sorted(shown) == sorted(str(card) for card in table.state.players[0].hand)

    def test_a_replay_shows_every_move_as_a_spectator_sees_it(self, tmp_path: Path) -> None:
        saved = tmp_path / "match.json"
        run([*SHORT, "--save", str(saved)], "1\n1\n1\nq\n")
        moves = len(Table.from_json(saved.read_bytes()).state.actions)
        code, out, _ = run(["replay", str(saved)])

        assert code == 0
        assert out.count("--- move ") == moves
        assert "Your hand" not in out
        assert "draws 1 card:" not in out  # a spectator never sees a drawn card

    def test_a_replay_from_a_seat_shows_its_hand(self, tmp_path: Path) -> None:
        saved = tmp_path / "match.json"
        run([*SHORT, "--save", str(saved)], "1\n1\nq\n")
        code, out, _ = run(["replay", str(saved), "--seat", "1"])

        assert code == 0
        assert "Your hand" in out

    def test_a_replay_deals_as_the_record_was_dealt_with_its_chosen_first_dealer(self, tmp_path: Path) -> None:
        state = new_game("penalty-52", players=3, seed=4, dealer=2)
        for _ in range(6):
            state = apply(state, legal_actions(state)[0])
        saved = tmp_path / "record.json"
        saved.write_text(to_json(state.record))
        code, out, err = run(["replay", str(saved)])

        assert (code, err) == (0, "")
        assert out.count("--- move ") == 6

    def test_replaying_a_missing_file(self, tmp_path: Path) -> None:
        code, _, err = run(["replay", str(tmp_path / "none.json")])

        assert code == 2
        assert "maumau: error:" in err


class TestNamesOfTheFamilysMoves:
    """
    Tests for the names of a card that more cards follow, a wished rank and a challenge of a play.
    """

    EIGHT = Card.parse("8h")
    MOVES = (
        PlayCard(0, EIGHT),
        PlayCard(0, EIGHT, "Mau"),
        PlayCard(0, EIGHT, None, True),
        ChooseRank(0, "7"),
        ChooseRank(0, "Q"),
        ChallengePlay(0, 2),
        Challenge(0, 2),
        ChooseSuit(0, "♥"),
        DrawCards(0),
        Pass(0),
    )

    @pytest.mark.parametrize("action", MOVES, ids=str)
    def test_every_name_finds_its_move(self, action: Action) -> None:
        """
        Each name of a move names it and no other, among moves that look alike.
        """
        for name in move_names(action):
            assert find_move(name, self.MOVES) == action, name

    def test_the_names_a_menu_shows(self) -> None:
        assert [move_names(action)[0] for action in self.MOVES[2:6]] == [
            "8h+",
            "rank 7",
            "rank q",
            "challenge play",
        ]
        assert find_move("8h more", self.MOVES) == PlayCard(0, self.EIGHT, None, True)
        assert find_move("wish 7", self.MOVES) == ChooseRank(0, "7")
        assert find_move("7", self.MOVES) is None  # a bare rank reads as a card or a command


class TestPlanPlay:
    """
    Tests for `maumau._moves.plan_play`: typed text as the actions of a play of several cards.
    """

    def _game(self) -> GameState:
        return family_game(["9c 10d 5c 6c 7c", "8h 8d 8s 8c Kc", "3h 4h 5h 6h 7h"], "9h", mechanics=(Combinations(),))

    def _plan(self, state: GameState, text: str) -> PlayPlan | None:
        def after(steps: tuple[PlayCard, ...]) -> tuple[Action, ...]:
            moved = state
            for step in steps:
                moved = apply(moved, step)
            return legal_actions(moved)

        return plan_play(text, legal_actions(state), after)

    @pytest.mark.parametrize("text", ["8h 8d", "8h+ 8d", "8h more 8d", "8♥ 8♦", "8h, 8d"])
    def test_each_card_but_the_last_goes_on_with_more(self, text: str) -> None:
        plan = self._plan(self._game(), text)

        assert plan == PlayPlan((PlayCard(1, Card.parse("8h"), None, True), PlayCard(1, Card.parse("8d"))))
        assert plan.complete

    def test_the_call_goes_with_the_last_card(self) -> None:
        plan = self._plan(self._game(), "MAU 8h 8d 8s 8c")

        assert plan is not None
        assert plan.complete
        assert plan.steps[-1] == PlayCard(1, Card.parse("8c"), "Mau")  # typed in any case, found as listed
        assert [step.more for step in plan.steps] == [True, True, True, False]

    def test_a_plan_stops_at_the_first_card_that_is_not_listed(self) -> None:
        plan = self._plan(self._game(), "8h kc 8d")

        assert plan == PlayPlan((PlayCard(1, Card.parse("8h"), None, True),), None, "kc 8d")
        assert not plan.complete
        assert next_card(plan) == (Card.parse("Kc"), "8d")

    def test_text_that_begins_with_no_playable_card_is_no_play(self) -> None:
        assert self._plan(self._game(), "draw") is None
        assert self._plan(self._game(), "mau 99z") is None
        assert self._plan(self._game(), "kc 8h") == PlayPlan((), None, "kc 8h")  # K♣ does not go on 9♥: no call

    def test_a_trailing_plus_leaves_the_play_open(self) -> None:
        plan = self._plan(self._game(), "8h 8d+")

        assert plan is not None
        assert [step.more for step in plan.steps] == [True, True]

    def test_a_word_is_no_card_unless_the_hand_holds_it(self) -> None:
        assert next_card(PlayPlan((), None, "mau")) is None
        assert next_card(PlayPlan((), None, "mau"), [Card("mau")]) == (Card("mau"), "")


class TestTheFirstTenMinutes:
    """
    What a newcomer tries first: asking for help, and piping the game into another program.
    """

    def test_help_or_a_question_mark_at_the_prompt_says_how_to_move(self) -> None:
        for asked in ("?", "help"):
            code, out, _ = run(["play", "--seed", "1"], f"{asked}\nq\n")

            assert code == 0
            assert "Type the number of a move" in out
            assert "is not a move number or name" not in out

    def test_a_reader_that_goes_away_ends_the_game_without_a_traceback(self) -> None:
        import subprocess
        import sys

        command = "import sys, maumau.cli; sys.exit(maumau.cli.main(['play', '--seed', '3']))"
        game = subprocess.Popen(
            [sys.executable, "-c", command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert game.stdout is not None
        game.stdout.readline()
        game.stdout.close()  # as `| head -1` does
        _, errors = game.communicate(b"1\n" * 200, timeout=60)

        assert game.returncode == 141
        assert b"Traceback" not in errors


def test_a_variants_board_names_the_players_not_their_seat_numbers() -> None:
    """
    Sau-mau-mau's bet row in the terminal says who bet by name ("Bot 1 on ?"), as every other line does.
    """
    _, out, _ = run(["play", "--variant", "sau-mau-mau", "--seed", "5"], "1\n" * 60 + "q\n")
    rows = [line for line in out.splitlines() if "bets:" in line and " on " in line]

    assert rows
    assert all("seat " not in row for row in rows)
    assert any("Bot 1 on" in row for row in rows)
