"""Suite-wide settings.

Hypothesis: no per-example deadline and no too-slow health check. The property tests assert
outcomes, never speed (speed is measured in benchmarks/); a deadline would turn a busy machine
into a failing test.
"""

from hypothesis import HealthCheck, settings

settings.register_profile("tutor", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tutor")
