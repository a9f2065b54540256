"""
The docs say what ships, counted from the code, and link the repository's files.
"""

from __future__ import annotations

import importlib.metadata
import io
import re
from pathlib import Path

import pytest

from maumau.cli import main
from maumau.profiles import installed_profiles

ROOT = Path(__file__).parent.parent
REPOSITORY = "https://github.com/maumau-dev/maumau/"

#: A repository path in backticks that is not the text of a link.
_PATH = re.compile(r"(?<!\[)`((?:examples|benchmarks|tests|src|noxfile\.py)(?:/[^`\s]*)?)`(?!\]\()")


def shipped() -> tuple[set[str], set[str]]:
    """
    The games maumau itself ships: its Python plugins and its game profiles, by name.
    """
    plugins = {
        ep.name
        for ep in importlib.metadata.entry_points(group="maumau.variants")
        if ep.value.startswith("maumau_variants.")
    }
    profiles = {name for name, profile in installed_profiles().items() if "maumau_variants" in profile.source}
    return plugins, profiles


def test_maumau_variants_lists_every_game_that_ships() -> None:
    out = io.StringIO()
    main(["variants"], stdout=out)
    listed = {line.split(":")[0] for line in out.getvalue().splitlines() if line and not line.startswith(" ")}

    plugins, profiles = shipped()

    assert plugins | profiles <= listed


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_the_front_pages_count_the_games_that_ship(page: str) -> None:
    text = " ".join((ROOT / page).read_text(encoding="utf-8").split())
    plugins, profiles = shipped()

    found = re.search(r"ships (\d+) games .*?: (\d+) written in Python.*? and (\d+) as game profiles", text)

    assert found is not None
    assert tuple(map(int, found.groups())) == (len(plugins) + len(profiles), len(plugins), len(profiles))


def test_the_variants_page_counts_the_profiles_that_ship() -> None:
    text = (ROOT / "docs/variants/index.rst").read_text(encoding="utf-8")
    plugins, profiles = shipped()

    found = re.search(r"(\d+) of which ship with maumau \(beside (\d+) Python plugins\)", text)

    assert found is not None
    assert tuple(map(int, found.groups())) == (len(profiles), len(plugins))


@pytest.mark.parametrize(
    "page", ["README.md", *sorted(str(path.relative_to(ROOT)) for path in (ROOT / "docs").rglob("*.md"))]
)
def test_a_page_links_the_repository_files_it_names(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")

    unlinked = [path for path in _PATH.findall(text) if "*" not in path and (ROOT / path.rstrip("/")).exists()]

    assert unlinked == []


def test_the_links_name_files_that_exist() -> None:
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    targets = {
        found
        for page in pages
        for found in re.findall(re.escape(REPOSITORY) + r"(?:blob|tree)/main/([^)#\s]+)", page.read_text("utf-8"))
    }

    assert [target for target in sorted(targets) if not (ROOT / target).exists()] == []
