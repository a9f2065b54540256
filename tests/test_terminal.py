"""
Tests for the terminal's extras: moves typed by name, colour and ``NO_COLOR``, house rules named on the command
line, ``--save``/``--load``, and ``maumau replay``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from maumau import (
    Card,
    ChooseSuit,
    DrawCards,
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
from maumau.cli import find_move, main

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
        table = Table.from_json(saved.read_bytes())
        _, out, _ = run(["play", "--load", str(saved), "--save", str(saved)], "q\n")

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
