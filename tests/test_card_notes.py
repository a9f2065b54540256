"""
What the cards do, as ``help`` in the terminal says it, and what ends the match.
"""

from __future__ import annotations

import io

from maumau._card_notes import card_notes, match_end
from maumau.cli import main


def play(argv: list[str], typed: str) -> str:
    out = io.StringIO()
    main(["play", "--seed", "3", *argv], stdin=io.StringIO(typed), stdout=out)
    return out.getvalue()


class TestCardNotes:
    """
    Tests for `card_notes` and `match_end`.
    """

    def test_a_profiles_special_cards_are_told_by_their_descriptions(self) -> None:
        notes = card_notes("classic-profile")

        assert "7: the next player draws 2, unless they answer with a 7" in notes
        assert "J: wild; names the suit to follow" in notes

    def test_a_special_card_that_is_off_is_not_told_until_its_option_turns_it_on(self) -> None:
        assert not any(note.startswith("9:") for note in card_notes("classic-profile"))
        assert any(note.startswith("9:") for note in card_notes("classic-profile", {"nines_draw_three": True}))

    def test_a_python_variants_notes_are_its_docstrings_rules(self) -> None:
        assert "The last card has no effect." in card_notes("classic")

    def test_the_match_end_counts_a_target_per_player(self) -> None:
        assert (
            match_end("classic-profile", {}, 4)
            == "The match ends after the round in which someone reaches 400 points (100 per player)."
        )

    def test_the_match_end_follows_the_target_chosen(self) -> None:
        assert match_end("classic", {"target": 250}, 3) == (
            "The match ends after the round in which someone reaches 250 points."
        )


class TestTerminalHelp:
    """
    ``help`` at ``maumau play``'s prompt, and the first lines of a match.
    """

    def test_help_says_what_the_cards_do(self) -> None:
        out = play(["--variant", "switch"], "help\nq\n")

        assert "What the cards do in switch:\n" in out
        assert "  - 8: the next player misses a turn\n" in out

    def test_the_match_end_is_said_before_the_first_move(self) -> None:
        first_lines = play(["--variant", "uno-mattel"], "q\n").splitlines()[:2]

        assert first_lines[1] == (
            "The match ends after the round in which someone reaches 500 points. "
            "Type help at the prompt for what the cards do."
        )
