"""
Test configuration of the example packages: in CI (``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``) the conformance
kit draws the same games on every run, as in maumau's own tests.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", deadline=None, derandomize=True)
if os.environ.get("HYPOTHESIS_PROFILE") == "ci":
    settings.load_profile("ci")
