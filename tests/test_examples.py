"""
The example scripts run, and the nine-reverses house rule does what it says.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import maumau
from helpers import deal, play, position
from maumau import DirectionReversed

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: The example scripts; ``conftest.py`` configures the tests of the example packages beside them.
SCRIPTS = sorted(path for path in EXAMPLES.glob("*.py") if path.name != "conftest.py")


def load_example(name: str) -> ModuleType:
    """
    Import ``examples/<name>.py`` as a module (the folder is not a package).
    """
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_are_examples() -> None:
    assert {path.name for path in SCRIPTS} >= {"quickstart.py", "house_rule_nine_reverses.py"}


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_example_script_runs(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, encoding="utf-8", timeout=300, check=False
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


@pytest.fixture(scope="module")
def plugin() -> object:
    """
    The house-rule plugin the example defines.
    """
    return load_example("house_rule_nine_reverses").NINE_REVERSES


class TestNineReverses:
    """
    The house rule of ``examples/house_rule_nine_reverses.py`` on a stacked classic deck.
    """

    HANDS = ("7c 8c Jc Qc Kc", "9h 10h Ah 7s 8s", "Jd Qd Kd Ad 7d")

    def test_after_a_nine_the_turn_goes_the_other_way(self, plugin: object) -> None:
        state = deal(self.HANDS, starter="Kh", plugins=[plugin])

        state = play(state, 1, "9h")

        assert state.to_move == 0
        assert state.direction == -1
        assert DirectionReversed(-1) in state.events

    def test_without_the_plugin_a_nine_does_not_reverse(self) -> None:
        state = deal(self.HANDS, starter="Kh")

        state = play(state, 1, "9h")

        assert state.to_move == 2
        assert state.direction == 1

    def test_a_nine_as_last_card_does_not_reverse(self, plugin: object) -> None:
        state = position(deal(self.HANDS, starter="Kh", plugins=[plugin]), hands=["7c 8c Jc Qc Kc", "9h", "Jd Qd"])

        state = play(state, 1, "9h")

        assert state.rounds[-1].winners == (1,)
        assert not any(isinstance(event, DirectionReversed) for event in state.events)

    def test_a_nine_before_the_last_card_still_reverses(self, plugin: object) -> None:
        state = position(deal(self.HANDS, starter="Kh", plugins=[plugin]), hands=["7c 8c Jc Qc Kc", "9h 8s", "Jd Qd"])

        state = play(state, 1, "9h", "Mau")

        assert state.to_move == 0
        assert DirectionReversed(-1) in state.events

    def test_the_house_rule_is_on_the_record(self, plugin: object) -> None:
        state = deal(self.HANDS, starter="Kh", plugins=[plugin])

        assert state.record.house_rules == ("nine-reverses",)


def test_the_notebook_runs_cell_by_cell() -> None:
    """
    ``examples/notebook.ipynb``: its code cells run in order in one namespace, and the states show as tables.
    """
    import json

    notebook = json.loads((Path(__file__).parent.parent / "examples" / "notebook.ipynb").read_text("utf-8"))
    namespace: dict[str, object] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            *body, last = source.strip().splitlines()
            exec("\n".join(body), namespace)  # the cell, and its last line as a notebook shows it
            shown = eval(last, namespace) if not last.startswith(("print(", "while", " ")) else exec(last, namespace)
            html = getattr(shown, "_repr_html_", None)
            if html is not None:
                assert "<table>" in html()
    state = namespace["state"]
    assert isinstance(state, maumau.GameState)
    assert state.is_over
