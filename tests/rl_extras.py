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
