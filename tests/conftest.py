"""
Test configuration: Hypothesis profiles chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

``dev`` (the default) keeps example counts small because the suite shares
small machines; ``ci`` runs more examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
