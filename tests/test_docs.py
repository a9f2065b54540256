"""
Tests that the documentation keeps up with the code, as datasette's ``test_docs.py`` does.

Sphinx itself checks the pages (``nox -s docs`` builds them with warnings
as errors and runs their doctests); these tests catch what a build cannot:
a hook or a public name added without documentation, and README or guide
code that no longer runs.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

import maumau
from maumau import hookspecs

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

HOOKS = sorted(name for name in vars(hookspecs) if name.startswith("maumau_"))


def _hook_sections() -> list[str]:
    text = (DOCS / "hooks.md").read_text(encoding="utf-8")
    return re.findall(r"^#+\s+(maumau_\w+)\s*$", text, flags=re.MULTILINE)


def _api_names() -> set[str]:
    text = (DOCS / "reference" / "api.rst").read_text(encoding="utf-8")
    entry = r"^\.\. (?:auto)?(?:class|exception|function|data|py:type)::\s+(\w+)\s*$"
    return set(re.findall(entry, text, flags=re.MULTILINE))


class TestHooksPage:
    """
    Tests for ``docs/hooks.md``.
    """

    @pytest.mark.parametrize("hook", HOOKS)
    def test_every_hookspec_has_a_section(self, hook: str) -> None:
        """
        Each ``maumau_*`` hook specification has a section headed by its name.
        """
        assert hook in _hook_sections()

    def test_every_section_names_a_hookspec(self) -> None:
        """
        No section documents a hook that does not exist (any more), and none twice.
        """
        sections = _hook_sections()

        assert sorted(sections) == HOOKS


class TestApiReference:
    """
    Tests for ``docs/reference/api.rst``.
    """

    @pytest.mark.parametrize("name", maumau.__all__)
    def test_every_public_name_is_documented(self, name: str) -> None:
        """
        Each name in `maumau.__all__` has an entry of its own in the API reference.
        """
        assert name in _api_names()


def test_readme_example_runs() -> None:
    """
    The API example in the README gives the output it shows.
    """
    results = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS, raise_on_error=False
    )

    assert results.attempted > 0
    assert results.failed == 0


def test_guide_variant_passes_the_conformance_kit(tmp_path: Path) -> None:
    """
    The Crazy Eights package in "Writing a variant" installs as its pyproject says and plays correct games.

    The entry points are installed as a bare ``.dist-info`` in a fresh
    interpreter, so that this test's process keeps the variants it knows.
    """
    package = DOCS / "guides" / "crazy-eights"
    project = tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    dist_info = tmp_path / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8"
    )
    entry_points = project["entry-points"]["maumau.variants"]
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (dist_info / "entry_points.txt").write_text(f"[maumau.variants]\n{lines}", encoding="utf-8")
    script = (
        "import sys; sys.path[:0] = sys.argv[1:3]\n"
        "from maumau.testing import check_variant\n"
        "check_variant('crazy-eights', players=range(2, 8), games=5)\n"
        "print('ok')\n"
    )

    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), str(package)], capture_output=True, text=True, timeout=300
    )

    assert list(entry_points) == ["crazy-eights"]
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr


def test_the_readme_reads_on_the_package_index() -> None:
    """
    The README is the package's page on the index: it starts with ``pip install maumau`` and every link works
    there, so none is relative to the repository.
    """
    text = (ROOT / "README.md").read_text("utf-8")
    links = re.findall(r"\]\(([^)]+)\)", text)

    assert "pip install maumau\n" in text.split("## Set-up from a checkout")[0]
    assert links
    assert [link for link in links if not link.startswith(("https://", "http://"))] == []


def test_a_variant_built_on_another_plays_the_base_with_its_own_rule(tmp_path: Path) -> None:
    """
    The guide's ``nine-mau``: classic named as a mechanic, one hook of its own; it plays classic with nines
    reversing, and passes the conformance kit.
    """
    guide = (DOCS / "guides" / "writing-a-variant.md").read_text("utf-8")
    source = guide.split("# nine_mau.py", 1)[1].split("\n", 1)[1].split("```", 1)[0]
    (tmp_path / "nine_mau.py").write_text(textwrap.dedent(source), encoding="utf-8")
    dist_info = tmp_path / "nine_mau-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: nine-mau\nVersion: 1.0\n", encoding="utf-8")
    (dist_info / "entry_points.txt").write_text("[maumau.variants]\nnine-mau = nine_mau\n", encoding="utf-8")
    script = (
        "import sys; sys.path[:0] = sys.argv[1:2]\n"
        "import maumau\n"
        "from maumau.testing import check_variant, stacked_deck\n"
        "hands = [['7c', '8c', 'Jc', 'Qc', 'Kc'], ['9h', '10h', 'Ah', '7s', '8s'], ['Jd', 'Qd', 'Kd', 'Ad', '7d']]\n"
        "state = maumau.new_game('nine-mau', players=3, seed=9, deck=stacked_deck('nine-mau', hands, 'Kh'))\n"
        "state = maumau.apply(state, maumau.PlayCard(1, maumau.parse_card('9h')))\n"
        "assert (state.to_move, state.direction) == (0, -1), state\n"
        "assert 'jack_on_jack' in state.options\n"
        "check_variant('nine-mau', games=3, options={'target': 20})\n"
        "print('ok')\n"
    )

    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=300)

    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr


def test_the_conformance_kit_is_reached_from_maumau_alone() -> None:
    """
    ``import maumau`` is enough to reach ``maumau.testing``, as it is for ``maumau.mechanics``.
    """
    script = "import maumau\nprint(maumau.testing.check_variant.__name__)\n"

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)

    assert (done.returncode, done.stdout.strip()) == (0, "check_variant"), done.stderr
