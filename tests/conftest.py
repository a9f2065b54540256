"""
Test configuration: Hypothesis profiles chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

``dev`` (the default) keeps example counts small because the suite shares
small machines, and draws new examples on every run.  ``ci`` (set by
``.ci/run``) draws the same examples on every run, so that CI judges the
change and not the luck of the draw; the long random search belongs to
``nox -s soak``.  ``fuzz`` runs thousands of examples, for a search by hand
(``HYPOTHESIS_PROFILE=fuzz pytest -k Malformed``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.filter_too_much]

settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("ci", max_examples=25, deadline=None, suppress_health_check=_QUIET, derandomize=True)
settings.register_profile("fuzz", max_examples=5000, deadline=None, suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "dev")


def pytest_report_header() -> str:
    current = settings.default
    return (
        f"hypothesis profile: {settings.get_current_profile_name()} "
        f"(max_examples={current.max_examples}, derandomize={current.derandomize})"
    )
