"""
Importing the optional libraries of the ``rl`` and ``openspiel`` nox sessions.

Without them (the default ``tests`` session) their tests are skipped; with
``MAUMAU_REQUIRE_EXTRAS=1`` (set by those sessions) a missing library fails
the run instead, so that a session cannot pass by skipping everything.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str) -> ModuleType:
    """
    *module*, imported; the calling test module is skipped without it, unless the extras are required.
    """
    if os.environ.get("MAUMAU_REQUIRE_EXTRAS"):
        return importlib.import_module(module)
    return pytest.importorskip(module)


def guide_loop(library: str) -> str:
    """
    The runnable loop of *library* in the game-AI guide (``docs/reference/rl.md``): the ``python`` block headed
    ``# <library>:``.
    """
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "reference" / "rl.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]
    found = [block for block in blocks if block.startswith(f"# {library}:")]
    assert len(found) == 1, f"one loop for {library} in the guide, found {len(found)}"
    return found[0]
