"""
Game profiles as hostile input: every bad profile is a clear `maumau.ProfileError`, within bounds.

A game is a file, and files come from strangers.  These tests try what an
attacker would: files that are not files, text that nests or repeats
without end, names that pose as another game or hide what they say, and
games that cannot end.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import textwrap
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import maumau
from hostile import CASES, Case, outcome
from maumau import ProfileError
from maumau._bounded import OutOfBounds, read_bounded, toml_bounded, unshown_character
from maumau._limits import MAX_TOML_DEPTH, MAX_TOML_KEY_PARTS
from maumau.cli import main
from maumau.plugins import variant_names
from maumau.profiles import Profile, load_profile, profile_from_text
from maumau.profiles._validate import check
from maumau.testing import check_endings

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

    def test_an_id_with_a_line_break_after_it_does_not_have_the_allowed_form(self) -> None:
        data = {"format": 1, "game": {"id": "tiny-eights\n", "name": "Tiny Eights"}}
        [(path, problem)] = check(data)
        assert (path, problem.split(" (")[0]) == ("game.id", '"tiny-eights\\n" does not have the allowed form')

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


class TestReading:
    """
    A profile is read from a regular file only, and at most the bound plus one byte of it.
    """

    def test_a_fifo_nobody_writes_is_refused_without_waiting(self, tmp_path: Path) -> None:
        fifo = tmp_path / "game.toml"
        os.mkfifo(fifo)
        with pytest.raises(ProfileError, match=r"game\.toml: \(the file\): a FIFO \(named pipe\), not a regular file"):
            load_profile(fifo)

    def test_a_link_to_a_device_is_refused(self, tmp_path: Path) -> None:
        link = tmp_path / "game.toml"
        link.symlink_to(os.devnull)
        with pytest.raises(ProfileError, match="a character device, not a regular file"):
            load_profile(link)

    def test_a_link_to_a_regular_file_is_read(self, tmp_path: Path) -> None:
        (tmp_path / "real.toml").write_text(_named("linked-game"), "utf-8")
        (tmp_path / "game.toml").symlink_to(tmp_path / "real.toml")
        assert load_profile(tmp_path / "game.toml", register=False).id == "linked-game"

    def test_a_directory_is_refused(self, tmp_path: Path) -> None:
        with pytest.raises(ProfileError, match="a directory, not a regular file"):
            load_profile(tmp_path)

    @pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs a file that is longer than it says")
    def test_a_file_longer_than_it_says_is_refused_after_the_bound_plus_one_byte(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        read: list[int] = []
        real_read = os.read

        def counted(descriptor: int, size: int) -> bytes:
            chunk = real_read(descriptor, size)
            read.append(len(chunk))
            return chunk

        monkeypatch.setattr(os, "read", counted)
        with pytest.raises(OutOfBounds, match="more than 16 bytes"):
            read_bounded("/proc/self/maps", 16)  # its size is 0: it grows as it is read
        assert sum(read) == 17


def _containers(children: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.lists(children, max_size=3) | st.dictionaries(st.sampled_from(["a", "b.c", "d"]), children, max_size=3)


def _toml(value: object) -> str:
    """
    *value* as an inline TOML value (dotted keys unquoted, so that they nest).
    """
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + "}"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


#: Texts that are not TOML, each with the line and column the error must name.
NOT_TOML = [
    ("format = 1\n[game\n", 2, 6),
    ("a = 1\na = 2\n", 2, 6),
    ('a = "unended\n', 1, 13),
    ("a = [1, 2\n", 2, 1),
    ("a = \x00\n", 1, 5),
]


class TestStructure:
    """
    The nesting and the keys of a profile are bounded before it is built, and every TOML failure says where.
    """

    @pytest.mark.parametrize("depth", [MAX_TOML_DEPTH + 1, 2_000, 100_000])
    def test_lists_nested_too_deep_are_refused_before_they_are_built(self, depth: int) -> None:
        with pytest.raises(ProfileError, match=rf"nested more than {MAX_TOML_DEPTH} deep \(line 1, column \d+\)"):
            _registered("a = " + "[" * depth + "]" * depth)

    def test_inline_tables_nested_too_deep_are_refused(self) -> None:
        with pytest.raises(ProfileError, match="nested more than"):
            _registered("a = " + "{b = " * 20_000 + "1" + "}" * 20_000)

    def test_a_key_of_too_many_parts_is_refused_before_it_is_built(self) -> None:
        with pytest.raises(ProfileError, match=rf"a key of more than {MAX_TOML_KEY_PARTS} dotted parts"):
            _registered("a" + ".a" * 60_000 + " = 1\n")

    def test_dotted_keys_count_towards_the_depth(self) -> None:
        key = ".".join("k" * 20)
        with pytest.raises(ProfileError, match="dotted keys included"):
            _registered(f"a = {{ {key} = {{ {key} = 1 }} }}")

    def test_brackets_dots_and_quotes_inside_strings_are_text(self) -> None:
        text = 'a = "[[[{{{.a.b.c.\\"]"\nb = """x\n[[[.."""\nc = \'\'\'{{{\'\'\'\n# [[[[[[.......\n'
        assert toml_bounded(text) == tomllib.loads(text)

    @pytest.mark.parametrize(("text", "line", "column"), NOT_TOML)
    def test_text_that_is_not_toml_names_the_line_and_column(self, text: str, line: int, column: int) -> None:
        with pytest.raises(ProfileError, match=rf"not valid TOML: .* \(line {line}, column {column}\)$"):
            _registered(text)

    @given(st.text(alphabet="ab1=.,[]{}\"'#\\\n ", max_size=200))
    def test_any_text_is_read_or_refused_within_the_bounds(self, text: str) -> None:
        with contextlib.suppress(OutOfBounds):  # anything else raised fails the test
            toml_bounded(text)

    @given(st.recursive(st.integers() | st.text(alphabet="ab.[]{}\"\\'#\n"), _containers, max_leaves=40))
    def test_a_text_within_the_bounds_reads_as_the_toml_reader_reads_it(self, value: object) -> None:
        text = f"v = {_toml(value)}\n"
        try:
            expected = tomllib.loads(text)
        except RecursionError:
            expected = None
        try:
            read = toml_bounded(text)
        except OutOfBounds as error:
            read = str(error)
        assert read == expected or "nested more than" in str(read)


class TestEnding:
    """
    A game that cannot end is refused when it is loaded, unless a rule the profile states ends it.
    """

    def test_a_game_in_which_no_card_may_be_a_hands_last_is_refused(self) -> None:
        text = _named("no-last") + '[finish]\nnot_on = "2 3 4 5 6 7 8 9 10 J Q K A"\ninstead = "draw"\n'
        with pytest.raises(ProfileError, match=r"finish\.not_on: no card may be the last card of a hand"):
            _registered(text)

    def test_an_option_that_bars_every_last_card_is_refused(self) -> None:
        option = '[options.hard]\ndescription = "h"\ndefault = false\n'
        option += 'when.true = { finish = { not_on = "2 3 4 5 6 7 8 9 10 J Q K A" } }\n'
        with pytest.raises(ProfileError, match=r"options\.hard\.when\.true: finish\.not_on: no card may be the last"):
            _registered(_named("hard-last") + option)

    def test_a_cap_on_plays_ends_a_game_in_which_no_card_may_be_a_hands_last(self) -> None:
        text = _named("capped-last") + '[finish]\nnot_on = "2 3 4 5 6 7 8 9 10 J Q K A"\n[round]\nmax_plays = 50\n'
        check_endings(_registered(text).id, settings=0, max_steps=5_000)

    @pytest.mark.parametrize("variant", variant_names())
    def test_every_installed_game_ends_with_random_settings_of_its_options(self, variant: str) -> None:
        check_endings(variant, settings=2)


class TestShownText:
    """
    Names and descriptions shown to people hold no character that is not shown as written.
    """

    @pytest.mark.parametrize(
        ("text", "found"),
        [
            ("Mau\u202euaM", "U+202E RIGHT-TO-LEFT OVERRIDE"),
            ("Mau\u2067Mau", "U+2067 RIGHT-TO-LEFT ISOLATE"),
            ("Mau\u200bMau", "U+200B ZERO WIDTH SPACE"),
            ("Mau\ufeffMau", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
            ("Mau\u2028Mau", "U+2028 LINE SEPARATOR"),
            ("Mau\x1b[2J", "U+001B CONTROL CHARACTER"),
        ],
    )
    def test_a_game_name_that_hides_what_it_says_is_refused(self, text: str, found: str) -> None:
        with pytest.raises(ProfileError, match=f"game.name: holds {re.escape(found)}, which is not shown as written"):
            _registered(_named("hidden").replace('"Tiny Eights"', json.dumps(text)))

    def test_a_description_that_hides_what_it_says_is_refused(self) -> None:
        option = '[house_rules.x]\ndescription = "x\\u200dy"\npatch = { deal = { hand_size = 6 } }\n'
        with pytest.raises(ProfileError, match=r"house_rules\.x\.description: holds U\+200D ZERO WIDTH JOINER"):
            _registered(_named("hidden-rule") + option)

    def test_a_key_that_hides_what_it_says_is_refused_and_named_with_the_character_escaped(self) -> None:
        with pytest.raises(ProfileError) as caught:
            _registered(_named("hidden-key") + '"x\u202ey" = 1\n')
        assert str(caught.value) == (
            "game.toml: game.x\\u202ey: holds U+202E RIGHT-TO-LEFT OVERRIDE, which is not shown as written"
        )

    def test_letters_of_any_script_and_emoji_are_shown(self) -> None:
        assert unshown_character("Prší, Макао, 👨\u200d👩\u200d👧") is None

    def test_a_player_name_is_held_to_the_same_check(self) -> None:
        with pytest.raises(maumau.InvalidOptionError, match="cannot hold control characters"):
            maumau.new_game("classic", players=["Ann\u202e", "Bob"])


class TestCorpus:
    """
    Every hostile profile of the corpus ends in a `maumau.MaumauError` or in a game that ends.
    """

    @pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
    def test_a_hostile_profile_is_refused_or_ends(self, case: Case, tmp_path: Path) -> None:
        result = outcome(case.build(tmp_path))
        if case.refused is None:
            assert result == "a game that ends"
        else:
            assert result.startswith("refused: ")
            assert case.refused in result


class TestCommandLine:
    """
    ``maumau play --variant FILE`` and ``maumau serve --profile FILE`` refuse a bad profile at start, alike.
    """

    @pytest.mark.parametrize("case", [c for c in CASES if c.refused is not None][::6], ids=lambda case: case.name)
    def test_play_and_serve_refuse_a_bad_profile_in_one_line_with_exit_status_2(
        self, case: Case, tmp_path: Path
    ) -> None:
        path = case.build(tmp_path)
        said = []
        for argv in (["play", "--variant", str(path), "--players", "2"], ["serve", "--profile", str(path)]):
            out, err = io.StringIO(), io.StringIO()
            assert main(argv, stdin=io.StringIO(""), stdout=out, stderr=err) == 2
            said.append(err.getvalue())
        assert said[0] == said[1]
        assert said[0].startswith("maumau: error: ")
        assert str(tmp_path) in said[0]  # the file, or the base it names
        assert said[0].count("\n") == 1
        assert case.refused in said[0]
