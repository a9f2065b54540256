"""
A profile's base in sight: ``drop``, the warnings about what a base keeps unsaid, ``maumau profile show``.
"""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from maumau import ProfileError, new_game
from maumau.cli import main
from maumau.profiles import as_toml, installed_profiles, profile_from_text

NINES_SKIP = """
format = 1
base = "classic-profile"
{drop}
[game]
id = "{id}"
name = "Nines skip"

[special.nine]
cards = "9"
skip = 1
"""


def run(argv: list[str]) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main(argv, stdout=stdout, stderr=stderr)
    return code, stdout.getvalue(), stderr.getvalue()


class TestDrop:
    """
    A profile's ``drop`` leaves keys of its base behind.
    """

    def test_a_dropped_entry_is_not_in_the_game(self) -> None:
        profile = profile_from_text(
            NINES_SKIP.format(drop='drop = ["special.nine", "options.nines_draw_three"]', id="drop-nines")
        )

        assert profile.data["special"]["nine"] == {"cards": "9", "skip": 1}
        assert "nines_draw_three" not in profile.data["options"]

    def test_a_key_the_base_does_not_hold_cannot_be_dropped(self) -> None:
        with pytest.raises(ProfileError, match=r"drop: 'special\.ten' is no key of the base 'classic-profile'"):
            profile_from_text(NINES_SKIP.format(drop='drop = ["special.ten"]', id="drop-ten"))

    def test_only_a_profile_with_a_base_drops_keys(self) -> None:
        text = 'format = 1\ndrop = ["special.nine"]\n[game]\nid = "no-base"\nname = "No base"\n'

        with pytest.raises(ProfileError, match=r"drop: only a profile with a base drops keys"):
            profile_from_text(text)


class TestWarnings:
    """
    What a profile keeps of its base without saying so, where it changes play, is said.
    """

    def test_an_entry_written_anew_over_one_that_is_off_is_warned_of(self) -> None:
        profile = profile_from_text(NINES_SKIP.format(drop="", id="warn-nines"))

        assert list(profile.warnings) == [
            "<text>: special.nine: keeps draw = 3, enabled = false of the base 'classic-profile' (so it is never "
            'played); write them here, or add drop = ["special.nine"] to start the entry afresh'
        ]

    def test_an_entry_switched_on_by_name_alone_is_not_warned_of(self) -> None:
        text = NINES_SKIP.format(drop="", id="on-nines").replace('cards = "9"\nskip = 1', "enabled = true")

        assert profile_from_text(text).warnings == ()

    def test_a_dropped_entry_leaves_nothing_to_warn_of(self) -> None:
        text = NINES_SKIP.format(drop='drop = ["special.nine", "options.nines_draw_three"]', id="quiet-nines")

        assert profile_from_text(text).warnings == ()


class TestAsToml:
    """
    Tests for `maumau.profiles.as_toml`.
    """

    @pytest.mark.parametrize("name", sorted(installed_profiles()))
    def test_the_text_reads_back_to_the_same_game(self, name: str) -> None:
        data = installed_profiles()[name].data

        assert data == tomllib.loads(as_toml(data))


class TestProfileShowCommand:
    """
    ``maumau profile show``.
    """

    def test_it_prints_the_merged_rules_and_the_warnings(self, tmp_path: Path) -> None:
        path = tmp_path / "nines.toml"
        path.write_text(NINES_SKIP.format(drop="", id="show-nines"), encoding="utf-8")

        code, out, err = run(["profile", "show", str(path)])

        assert code == 0
        assert tomllib.loads(out)["special"]["nine"] == {
            "cards": "9",
            "draw": 3,
            "enabled": False,
            "skip": 1,
            "description": "with nines_draw_three: the next player draws 3, unless they answer with a 9",
        }
        assert f"maumau: warning: {path}: special.nine: keeps draw = 3, enabled = false" in err

    def test_an_installed_profile_is_shown_by_its_name(self) -> None:
        code, out, _ = run(["profile", "show", "uno-mattel"])

        assert code == 0
        assert installed_profiles()["uno-mattel"].data == tomllib.loads(out)

    def test_a_refused_profile_is_a_usage_error_that_names_the_key(self, tmp_path: Path) -> None:
        path = tmp_path / "bad.toml"
        path.write_text(NINES_SKIP.format(drop='drop = ["special.ten"]', id="bad-nines"), encoding="utf-8")

        code, out, err = run(["profile", "show", str(path)])

        assert (code, out) == (2, "")
        assert f"maumau: error: {path}: drop: 'special.ten' is no key of the base" in err

    def test_the_printed_rules_play_as_the_profile_does(self, tmp_path: Path) -> None:
        source = tmp_path / "nines.toml"
        source.write_text(NINES_SKIP.format(drop="", id="same-nines"), encoding="utf-8")
        _, out, _ = run(["profile", "show", str(source)])
        shown = tmp_path / "shown.toml"
        shown.write_text(out.replace("same-nines", "shown-nines").replace('base = "classic-profile"', ""), "utf-8")

        ours, theirs = (new_game(str(path), players=3, seed=4) for path in (source, shown))

        assert ours.players == theirs.players
        assert ours.discard_pile == theirs.discard_pile
