"""
Tests for worked examples in game files (`maumau.testing.check_examples`, ``maumau check``) and rule sheets
(`maumau.rule_sheet`, ``maumau rules``).
"""

from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path

import attrs
import pytest

import maumau
from maumau._examples import read_examples_file, run_example
from maumau._rulesheet import describe_key
from maumau.cli import main
from maumau.profiles import profile_from_text, reference
from maumau.testing import check_examples, examples_of

SHIPPED = sorted(
    path.stem for path in (Path(maumau.__file__).parent.parent / "maumau_variants" / "profiles").glob("*.toml")
)
PLUGINS = ["classic", "penalty-52", "sau-mau-mau", "ccw-house"]

#: A family's game of its own: classic Mau-Mau where a 9 makes the next player draw 3.
FAMILY = """\
format = 1
base = "classic-profile"

[game]
id = "nine-draws"
name = "Nine Draws"
sources = [{ title = "Our kitchen table" }]

[special.nine]
cards = "9"
draw = 3
enabled = true
description = "the next player draws 3"

[[examples]]
name = "a 9 makes the next player draw 3"
source = "Our kitchen table, the rule on nines"
position = '''
seat 0: 9c 8h
seat 1: Kd Qs
top: 7c
draw pile: ...
to move: seat 0
'''
moves = ["seat 0 plays 9c"]
[examples.expect]
to_move = 1
debt = {debt}
top = "9c"
"""


def _family(debt: int) -> str:
    text = FAMILY.replace("{debt}", str(debt))
    return profile_from_text(text, source="nine-draws.toml").id


def run(argv: list[str]) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main(argv, stdin=io.StringIO(""), stdout=stdout, stderr=stderr)
    return code, stdout.getvalue(), stderr.getvalue()


class TestShippedExamples:
    """
    Every shipped game carries worked examples from its sources, and they hold.
    """

    @pytest.mark.parametrize("game", SHIPPED + PLUGINS)
    def test_every_shipped_game_carries_five_examples_with_their_source(self, game: str) -> None:
        """
        At least five examples, each naming its source.
        """
        examples = examples_of(game)

        assert len(examples) >= 5
        assert all(example.name.strip() and example.source.strip() for example in examples)

    @pytest.mark.parametrize("game", SHIPPED + PLUGINS)
    def test_every_shipped_games_examples_hold(self, game: str) -> None:
        """
        Each example's moves are listed where they are made, and what it expects follows.
        """
        assert [str(failure) for failure in check_examples(game)] == []


class TestCheckingExamples:
    """
    Tests for what `maumau.testing.check_examples` says when an example does not hold.
    """

    def test_an_example_of_ones_own_game_holds(self) -> None:
        """
        A profile of one's own carries its examples, and they are checked against it.
        """
        assert check_examples(_family(3)) == []

    def test_a_wrong_expectation_is_said_in_words(self) -> None:
        """
        An example that expects what does not follow fails, naming the example, its source and the difference.
        """
        (failure,) = check_examples(_family(2))

        assert str(failure) == (
            "a 9 makes the next player draw 3 (Our kitchen table, the rule on nines): the debt is 3, not 2"
        )

    @pytest.mark.parametrize(
        ("key", "wrong", "said"),
        [
            ("listed", ["seat 9 draws"], "not seat 9 draws"),
            ("includes", ["seat 9 draws"], "seat 9 draws not listed"),
            ("top", "2c", "not 2♣"),
            ("debt", 99, "the debt is 0, not 99"),
            ("skips", 99, "the skips is 0, not 99"),
            ("wish", "stars", "not stars"),
            ("to_move", 9, "not seat 9"),
            ("hands", ["2c"], "not 2c"),
            ("hand_sizes", [99], "not [99]"),
            ("over", True, "the match is not over"),
            ("scores", [99], "not [99]"),
            ("winners", [9], "winners"),
            ("points", [99], "points"),
        ],
    )
    def test_every_expectation_that_does_not_follow_fails_in_words(self, key: str, wrong: object, said: str) -> None:
        """
        Each key an example may expect is checked: a value that does not follow is a problem that says so.
        """
        example = examples_of("classic")[0]
        assert run_example("classic", example) is None

        problem = run_example("classic", attrs.evolve(example, expect={key: wrong}))

        assert problem is not None
        assert said in problem

    def test_a_move_that_is_not_listed_says_what_is(self) -> None:
        """
        A move that is not listed where it is made fails, listing what the seat may do.
        """
        game = profile_from_text(
            FAMILY.replace("{debt}", "3").replace('"seat 0 plays 9c"', '"seat 0 plays Kd"'), source="x.toml"
        ).id

        (failure,) = check_examples(game)

        assert "move 1, 'seat 0 plays Kd', is not listed; seat 0 may: seat 0 plays 9♣" in failure.problem

    def test_a_refused_move_must_be_refused_for_its_reason(self) -> None:
        """
        ``refused`` entries pass when the move is refused with the words given, and fail otherwise.
        """
        text = FAMILY.replace("{debt}", "3") + textwrap.dedent(
            """\
            refused = [
              { move = "seat 1 plays Qs", reason = "does not answer the draw of 3" },
              { move = "seat 1 plays Kd", reason = "needs suit" },
            ]
            """
        )
        game = profile_from_text(text, source="y.toml").id

        (failure,) = check_examples(game)

        assert "'seat 1 plays Kd' is refused, but" in failure.problem
        assert "Qs" not in failure.problem


class TestCheckCommand:
    """
    Tests for ``maumau check GAME``.
    """

    def test_check_says_how_many_examples_hold_and_passes(self) -> None:
        """
        A shipped game: every example holds and the conformance kit passes.
        """
        code, out, _ = run(["check", "switch", "--games", "1"])

        assert code == 0
        assert out.splitlines()[0] == f"switch: {len(examples_of('switch'))} worked examples, 6 hold"
        assert out.splitlines()[-1] == "switch: all checks pass"

    def test_check_of_an_unknown_game_is_a_usage_error(self) -> None:
        """
        An unknown game is named, with the known ones.
        """
        code, _, err = run(["check", "sau-mau"])

        assert code == 2
        assert "unknown variant 'sau-mau'" in err


class TestRuleSheets:
    """
    Tests for `maumau.rule_sheet` and ``maumau rules``.
    """

    @pytest.mark.parametrize(("path", "description", "default"), reference())
    def test_every_key_of_the_schema_is_said_in_words(self, path: str, description: str, default: object) -> None:
        """
        Each key of the profile schema is written with the schema's own words for it.
        """
        line = describe_key(path, default if default is not None else "x")

        assert line.startswith(re.split(r"(?<=[.!?])\s", description.strip(), maxsplit=1)[0].rstrip("."))
        assert f"{path.split('.')[-1]} = " in line

    @pytest.mark.parametrize("game", SHIPPED + PLUGINS)
    def test_every_shipped_game_has_a_sheet_with_its_options_and_examples(self, game: str) -> None:
        """
        The sheet names the game's players, every option and its worked examples.
        """
        sheet = maumau.rule_sheet(game)
        info = maumau.variants()[game]

        assert f"Players: {info.seats[0]} to {info.seats[-1]}" in sheet
        assert all(option.name in sheet for option in info.options)
        assert "Worked examples" in sheet

    def test_a_python_variant_describes_itself_through_its_hook(self) -> None:
        """
        ``classic``'s sheet holds the rules its `maumau_rules_text` gives.
        """
        said = maumau.Rules.build("classic").hooks["maumau_rules_text"]()

        assert said is not None
        assert " ".join(said.split("\n\n")[1].split()) in maumau.rule_sheet("classic", markdown=True)

    def test_rules_prints_markdown_for_the_docs(self) -> None:
        """
        ``maumau rules GAME --markdown`` writes headings and code as Markdown.
        """
        code, out, _ = run(["rules", "switch", "--markdown"])

        assert code == 0
        assert out.startswith("# Switch: the rules\n")
        assert "## House rules" in out


def test_an_examples_file_beside_a_variant_is_read_within_the_bounds_of_a_profile(tmp_path: Path) -> None:
    """
    An examples file is data from whoever wrote the variant: nested past a profile's bound, it is a `ProfileError`.
    """
    beside = tmp_path / "variant.examples.toml"
    beside.write_text("examples = " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")

    with pytest.raises(maumau.ProfileError, match="nest"):
        read_examples_file(beside)
