"""
Tests for `maumau.to_position` and `maumau.from_position` (positions as text), ``maumau position`` and
``maumau play --from``.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import maumau
from maumau import GameState, RecordError, apply, from_position, legal_actions, to_json, to_position
from maumau._position import read_position_file
from maumau.cli import main

GAMES = sorted(maumau.variants())


def _everything_listed(state: GameState) -> tuple[maumau.Action, ...]:
    """
    Every seat's legal actions, in seat order: in turn and out of turn.
    """
    return tuple(action for seat in range(len(state.players)) for action in legal_actions(state, seat))


def _play(state: GameState, rng: random.Random, steps: int) -> list[GameState]:
    """
    The states of random play from *state*, out-of-turn actions included, until the match ends or *steps* are taken.
    """
    states = [state]
    for _ in range(steps):
        actions = _everything_listed(state)
        if not actions:
            break
        state = apply(state, rng.choice(actions))
        states.append(state)
    return states


def _seats(game: str) -> int:
    seats = maumau.variants()[game].seats
    return 3 if 3 in seats else seats[0]


class TestRoundTrip:
    """
    A position read back plays on exactly as the state it was written from.
    """

    @pytest.mark.parametrize("game", GAMES)
    @settings(max_examples=4)
    @given(seed=st.integers(0, 2**20), steps=st.integers(0, 120))
    def test_a_position_plays_on_as_the_original(self, game: str, seed: int, steps: int) -> None:
        """
        The same position, the same text, the same legal actions for every seat, and the same future given the
        same choices (the draws follow from the draw pile, the seed and the shuffles, which the text holds).
        """
        rng = random.Random(seed)
        state = _play(maumau.new_game(game, players=_seats(game), seed=seed), rng, steps)[-1]
        text = to_position(state)

        read = from_position(text)

        assert read == state
        assert to_position(read) == text
        assert _everything_listed(read) == _everything_listed(state)
        future = random.Random(seed + 1)
        ahead = _play(state, future, 40)
        future = random.Random(seed + 1)
        assert _play(read, future, 40) == ahead


#: Classic, three seats: seat 0 holds A♠ and 9♥, the top is 9♣, seat 1 owes 4.
OWES_FOUR = """\
maumau position 1
game: classic
seat 0: As 9h
seat 1: 7c 7d
seat 2: Kd
top: 7s
under the top: 7h 9c
draw pile: ...
to move: seat 1
debt: 4
"""


class TestReading:
    """
    Tests for `maumau.from_position` on positions written by hand.
    """

    def test_a_hand_written_position_with_the_rest_of_the_pack_to_draw(self) -> None:
        """
        Only the game, the hands, the top and the seat to move are needed; ``...`` draws the rest of the pack.
        """
        state = from_position(OWES_FOUR)

        assert (state.to_move, state.debt, str(state.top)) == (1, 4, "7♠")
        assert [len(hand) for hand in state.hands] == [2, 2, 1]
        assert len(state.draw_pile) == 32 - 8
        assert "seat 1 plays 7♣" in {str(action) for action in legal_actions(state)}

    def test_a_card_missing_from_the_pack_is_named(self) -> None:
        """
        Every card exactly as often as the pack holds it: a card missing is named.
        """
        text = OWES_FOUR.replace("draw pile: ...", "draw pile: Ks")

        with pytest.raises(RecordError, match=r"missing: .*8♣"):
            from_position(text)

    def test_a_card_twice_is_named(self) -> None:
        """
        A card held twice is named.
        """
        with pytest.raises(RecordError, match=r"\(not in the pack or too often: 9♥\)"):
            from_position(OWES_FOUR.replace("seat 2: Kd", "seat 2: Kd 9h"))

    @pytest.mark.parametrize("game", ["mine.toml", "/etc/maumau/mine.toml", "../mine", "a\\b"])
    def test_a_position_names_an_installed_game_never_a_file(self, game: str, tmp_path: Path) -> None:
        """
        A position's text comes from anyone (a puzzle, a bug report, a profile's example): it names no file to read.
        """
        (tmp_path / "mine.toml").write_text("not a profile", encoding="utf-8")

        with pytest.raises(RecordError, match="'game' names an installed game, not a file"):
            from_position(
                OWES_FOUR.replace("game: classic", f"game: {tmp_path / game if game == 'mine.toml' else game}")
            )

    def test_a_seat_name_that_is_no_quoted_text_is_refused_with_its_line(self) -> None:
        with pytest.raises(RecordError, match="position line 3: the seat's name is no quoted text"):
            from_position(OWES_FOUR.replace("seat 0: As 9h", 'seat 0 "\\q": As 9h'))

    def test_a_position_file_that_is_no_regular_file_is_refused_at_once(self, tmp_path: Path) -> None:
        fifo = tmp_path / "position"
        os.mkfifo(fifo)  # nobody writes it: reading it would block for ever

        with pytest.raises(RecordError, match="not a regular file"):
            read_position_file(str(fifo))

    def test_a_line_that_is_no_key_is_refused_with_its_number(self) -> None:
        """
        A line of no ``key: value`` is refused, and the message gives its number.
        """
        with pytest.raises(RecordError, match="position line 3: expected 'key: value'"):
            from_position(OWES_FOUR.replace("seat 0: As 9h", "As 9h"))

    def test_an_unknown_key_and_a_key_twice_are_refused(self) -> None:
        """
        A key the notation does not have, or one given twice, is an error.
        """
        with pytest.raises(RecordError, match="unknown key 'colour'"):
            from_position(OWES_FOUR + "colour: red\n")
        with pytest.raises(RecordError, match="'debt' is given twice"):
            from_position(OWES_FOUR + "debt: 2\n")

    def test_a_decision_of_a_seat_not_to_move_is_refused(self) -> None:
        """
        The position must be one the rules go on from: a pending decision belongs to the seat to move.
        """
        with pytest.raises(RecordError, match="pending decision is seat 0's"):
            from_position(OWES_FOUR + 'pending: seat=0 kind="suit" choices=["♣","♦","♥","♠"]\n')

    def test_cards_that_are_no_card_name_their_line(self) -> None:
        """
        Text that is no card is refused with the key it was found under.
        """
        with pytest.raises(RecordError, match="'seat 2': no card"):
            from_position(OWES_FOUR.replace("seat 2: Kd", "seat 2: 7x9"))

    def test_a_position_of_a_newer_version_is_refused(self) -> None:
        """
        The first line names the notation's version; a newer one is refused.
        """
        with pytest.raises(RecordError, match="reads positions of version 1, got '2'"):
            from_position(OWES_FOUR.replace("maumau position 1", "maumau position 2"))

    def test_input_beyond_the_limits_is_refused_unread(self) -> None:
        """
        Text longer than a position can be, a line too long, or too many lines are refused before reading.
        """
        with pytest.raises(RecordError, match="at most 65,536 characters"):
            from_position("#" * 70_000)
        with pytest.raises(RecordError, match="position line 1: at most 8,192 characters"):
            from_position("#" * 9_000 + "\n")
        with pytest.raises(RecordError, match="at most 256 lines"):
            from_position("#\n" * 300)

    def test_values_nested_too_deeply_are_refused(self) -> None:
        """
        A value nested thousands of levels deep is refused in words, not with a crash.
        """
        with pytest.raises(RecordError, match="'pending': the value of 'kind' is no JSON value"):
            from_position(OWES_FOUR + "pending: seat=1 kind=" + "[" * 4000 + "]" * 4000 + "\n")

    def test_options_and_names_are_read(self) -> None:
        """
        Options are ``name=value`` pairs in JSON; names are JSON strings; points and resignations in brackets.
        """
        text = OWES_FOUR.replace("game: classic", 'game: classic\noptions: target=100 scoring="winner"')
        text = text.replace("seat 2: Kd", 'seat 2 "Zoë: \\"the\\" best" (17 points, resigned): Kd')

        state = from_position(text)

        assert state.options["target"] == 100
        assert (state.players[2].name, state.players[2].score, state.players[2].resigned) == (
            'Zoë: "the" best',
            17,
            True,
        )


def run(argv: list[str], script: str = "") -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(script), stdout=stdout, stderr=stderr)
    return code, stdout.getvalue(), stderr.getvalue()


class TestPositionCommand:
    """
    Tests for ``maumau position FILE``.
    """

    def test_a_position_file_is_checked_and_written_in_full(self, tmp_path: Path) -> None:
        """
        A hand-written position comes back in full: every option, the whole draw pile.
        """
        path = tmp_path / "owes-four.txt"
        path.write_text(OWES_FOUR, "utf-8")

        code, out, err = run(["position", str(path)])

        assert (code, err) == (0, "")
        assert out == to_position(from_position(OWES_FOUR))

    def test_a_saved_state_gives_where_it_stands(self, tmp_path: Path) -> None:
        """
        A saved state (replayed from its record, as any save) gives the position it reached.
        """
        state = maumau.new_game("switch", players=3, seed=5)
        state = maumau.apply(state, maumau.legal_actions(state)[0])
        path = tmp_path / "saved.json"
        path.write_text(to_json(state), "utf-8")

        code, out, _ = run(["position", str(path)])

        assert code == 0
        assert from_position(out) == state

    def test_a_wrong_position_is_a_usage_error_that_says_why(self, tmp_path: Path) -> None:
        """
        A card twice: the command says which, and fails.
        """
        path = tmp_path / "twice.txt"
        path.write_text(OWES_FOUR.replace("seat 2: Kd", "seat 2: Kd 9h"), "utf-8")

        code, out, err = run(["position", str(path)])

        assert (code, out) == (2, "")
        assert "not in the pack or too often: 9♥" in err


class TestPlayFrom:
    """
    Tests for ``maumau play --from FILE``.
    """

    def test_play_starts_from_the_position(self, tmp_path: Path) -> None:
        """
        The bots and the human go on from the position: seat 1 answers the debt, and the human sees the hand.
        """
        path = tmp_path / "owes-four.txt"
        path.write_text(OWES_FOUR, "utf-8")

        code, out, err = run(["play", "--from", str(path), "--seat", "0", "--seed", "3"], "q\n")

        assert err == ""
        assert code in (0, 130)
        assert "Your hand:" in out
        assert "A♠" in out

    def test_play_from_refuses_a_save_it_could_not_keep(self, tmp_path: Path) -> None:
        """
        A position has no record, so ``--save`` (which keeps the record) is refused with a reason.
        """
        path = tmp_path / "owes-four.txt"
        path.write_text(OWES_FOUR, "utf-8")

        code, _, err = run(["play", "--from", str(path), "--save", str(tmp_path / "s.json")])

        assert code == 2
        assert "a position has none" in err
