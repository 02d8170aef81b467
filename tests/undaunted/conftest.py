"""Fixtures for the undaunted tests (the builders live in undaunted_helpers.py)."""

import pytest
from undaunted_helpers import build


@pytest.fixture
def make():
    return build
