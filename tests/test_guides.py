"""
The guides' commands (and the README's), run word for word, in a folder that holds the files the guides have you write.

A code block of a guide whose first line is a comment naming a file
(``# family.toml``, ``# my_bot.py``) is a file the reader writes; a
``console`` block's ``$ maumau ...`` lines are the commands the reader
types.  Each command runs as the installed ``maumau`` script in a folder
holding every such file of its guide, and must succeed: ``maumau play``
with ``q`` typed at the first prompt, the others to their end.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GUIDES = Path(__file__).parent.parent / "docs" / "guides"
_BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
_FILE_NAME = re.compile(r"#\s*([\w.-]+\.(?:toml|py))\s*$")
#: Commands that run until stopped or for minutes, each with the reason; they are checked to parse instead.
LONG = {
    "maumau serve --port 8000 --db tables.db": "serves until Ctrl-C",
    "maumau simulate --variant penalty-52 --players 4 --bots search,heuristic,heuristic,random --matches 60 "
    "--seed 1 --jobs 2 --json results.json --plot results.png": "60 matches of search bots: a CPU minute",
    "maumau simulate --variant penalty-52 --players 4 --bots search,heuristic,heuristic,random --matches 60 "
    "--seed 1 --jobs 2": "60 matches of search bots: a CPU minute",
}


def files_of(page: Path) -> dict[str, str]:
    """
    The files *page* has its reader write, by name.
    """
    found = {}
    for _, body in _BLOCK.findall(page.read_text(encoding="utf-8")):
        named = _FILE_NAME.fullmatch(body.splitlines()[0]) if body else None
        if named:
            found[named.group(1)] = body
    return found


def commands_of(page: Path) -> list[str]:
    """
    The ``maumau`` commands of *page*'s console blocks, as typed (continued lines joined).
    """
    found = []
    for kind, body in _BLOCK.findall(page.read_text(encoding="utf-8")):
        if kind != "console":
            continue
        text = body.replace("\\\n", " ")
        for line in text.splitlines():
            command = " ".join(line.removeprefix("$ ").split())
            if command.startswith("maumau "):
                found.append(command)
    return found


README = GUIDES.parent.parent / "README.md"
PAGES = {page.name: page for page in [README, *sorted(GUIDES.glob("*.md"))]}
CASES = [(name, command) for name, page in PAGES.items() for command in commands_of(page)]


def test_the_guides_have_commands_to_run() -> None:
    assert {"profiles.md", "bots.md"} <= {page for page, _ in CASES}


@pytest.mark.parametrize(("page", "command"), CASES)
def test_a_guides_command_runs_word_for_word(page: str, command: str, tmp_path: Path) -> None:
    for name, text in files_of(PAGES[page]).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    script = shutil.which("maumau", path=str(Path(sys.executable).parent))
    assert script is not None, "the maumau script is installed beside the interpreter"
    words = command.split()
    if command in LONG:
        words.append("--help")  # only parsed: see LONG for why it is not run
    done = subprocess.run(
        [script, *words[1:]], cwd=tmp_path, input="q\n", capture_output=True, text=True, timeout=120, check=False
    )

    assert done.returncode == 0, done.stderr
    assert "error" not in done.stderr
