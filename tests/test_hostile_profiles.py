"""
Game profiles as hostile input: every bad profile is a clear `maumau.ProfileError`, within bounds.

A game is a file, and files come from strangers.  These tests try what an
attacker would: files that are not files, text that nests or repeats
without end, names that pose as another game or hide what they say, and
games that cannot end.
"""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest

import maumau
from maumau import ProfileError
from maumau.cli import main
from maumau.profiles import Profile, load_profile, profile_from_text

SHIPPED = Path(maumau.__file__).parent.parent / "maumau_variants" / "profiles"

#: A small game, to which each test adds what it tries.
TINY = 'format = 1\n[deck]\npreset = "french32"\n[game]\nname = "Tiny Eights"\nid = "tiny-eights"\n'


def _named(game_id: str, aliases: tuple[str, ...] = ()) -> str:
    listed = ", ".join(f'"{alias}"' for alias in aliases)
    return TINY.replace('id = "tiny-eights"', f'id = "{game_id}"\naliases = [{listed}]')


def _registered(text: str) -> Profile:
    return profile_from_text(textwrap.dedent(text), source="game.toml", register=True)


class TestNoImpostors:
    """
    No loaded profile takes the id or an alias of a shipped or installed game.
    """

    @pytest.mark.parametrize("taken", ["classic-profile", "mau-mau", "uno-rlcard", "classic", "sau-mau-mau"])
    def test_an_installed_games_id_is_refused(self, taken: str) -> None:
        with pytest.raises(ProfileError) as caught:
            _registered(_named(taken))
        assert f"game.toml: game.id: '{taken}' is an installed variant; choose another id" == str(caught.value)

    @pytest.mark.parametrize("taken", ["uno-rlcard", "two-four-jacks", "ccw"])
    def test_an_installed_games_name_as_an_alias_is_refused(self, taken: str) -> None:
        with pytest.raises(ProfileError, match=r"game\.aliases\[1\]: '" + taken):
            _registered(_named("fresh-game", ("fresh", taken)))

    @pytest.mark.parametrize(("spelt", "taken"), [("classicprofile", "classic-profile"), ("uno-r-lcard", "uno-rlcard")])
    def test_an_installed_games_id_spelt_otherwise_is_refused(self, spelt: str, taken: str) -> None:
        with pytest.raises(ProfileError) as caught:
            _registered(_named(spelt))
        assert f"'{spelt}' is a name of the installed variant '{taken}'; choose another id" in str(caught.value)

    def test_an_id_with_a_line_break_after_it_is_refused(self) -> None:
        with pytest.raises(ProfileError, match=r"game\.id: .* does not have the allowed form"):
            _registered(TINY.replace('"tiny-eights"', '"tiny-eights\\n"'))

    def test_an_installed_games_own_file_may_be_loaded(self) -> None:
        assert load_profile(SHIPPED / "mau-mau.toml").id == "mau-mau"

    def test_a_changed_copy_of_an_installed_game_is_refused(self, tmp_path: Path) -> None:
        copy = tmp_path / "mau-mau.toml"
        copy.write_text((SHIPPED / "mau-mau.toml").read_text("utf-8") + "\n# changed\n", "utf-8")
        with pytest.raises(ProfileError, match="'mau-mau' is an installed variant"):
            load_profile(copy)

    def test_serve_refuses_an_impostor_at_start(self, tmp_path: Path) -> None:
        impostor = tmp_path / "impostor.toml"
        impostor.write_text(_named("uno-rlcard"), "utf-8")
        out, err = io.StringIO(), io.StringIO()
        assert main(["serve", "--profile", str(impostor)], stdout=out, stderr=err) == 2
        assert f"maumau: error: {impostor}: game.id: 'uno-rlcard' is an installed variant; choose another id\n" == (
            err.getvalue()
        )
