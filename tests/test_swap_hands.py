"""
The proof that a mechanic is a plugin like any other: ``tests/swap_hands`` adds one without editing maumau.

The package is installed as its ``pyproject.toml`` says, as a bare ``.dist-info`` in a fresh interpreter
(so that this process keeps the mechanics and games it knows), and ``tests/swap_hands/proof.py`` runs there.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent / "swap_hands"


def test_a_third_partys_mechanic_plays_in_every_part_of_maumau(tmp_path: Path) -> None:
    project = tomllib.loads((PACKAGE / "pyproject.toml").read_text("utf-8"))["project"]
    dist_info = tmp_path / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n", encoding="utf-8"
    )
    sections = "".join(
        f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in points.items())
        for group, points in project["entry-points"].items()
    )
    (dist_info / "entry_points.txt").write_text(sections, encoding="utf-8")
    path = [str(tmp_path), str(PACKAGE)]

    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path[:0] = sys.argv[1:3]; import pytest; sys.exit(pytest.main(sys.argv[3:]))",
            *path,
            "-q",
            "-p",
            "no:cacheprovider",
            str(PACKAGE / "proof.py"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=PACKAGE.parent.parent,
    )

    assert sorted(project["entry-points"]) == ["maumau.mechanics", "maumau.profiles"]
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_a_mechanic_that_cannot_be_loaded_is_left_out_with_a_warning(tmp_path: Path) -> None:
    dist_info = tmp_path / "broken_mechanic-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-mechanic\nVersion: 1.0\n")
    (dist_info / "entry_points.txt").write_text("[maumau.mechanics]\nbroken = broken_mechanic_module\n")
    (tmp_path / "broken_mechanic_module.py").write_text("raise ImportError('needs a package that is missing')\n")
    script = (
        "import sys, warnings; sys.path.insert(0, sys.argv[1]); warnings.simplefilter('always')\n"
        "from maumau import Narrator\n"
        "from maumau.mechanics.wishes import RankWished\n"
        "print(Narrator(('Ann', 'Bob')).event(RankWished(0, '7')))\n"
    )

    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=120)

    assert done.returncode == 0, done.stderr
    assert done.stdout == "Ann wishes for 7s.\n"
    assert "plugin 'broken'" in done.stderr
    assert "needs a package that is missing" in done.stderr
