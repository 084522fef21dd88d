import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import tournamentcore  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


@pytest.fixture(scope="session")
def core():
    """The library under test: TOURNAMENTCORE_LIBRARY (set by the test command) or the build."""
    return tournamentcore.Library(os.environ.get("TOURNAMENTCORE_LIBRARY") or os.path.join(ROOT, "build", "libtournamentcore.so"))
