import os
import pathlib

import pytest

import tournamentcore

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def core() -> tournamentcore.Library:
    """The library under test: the one the package finds (the wheel's own copy when installed),
    or TOURNAMENTCORE_LIBRARY when the test command sets it for a source checkout."""
    return tournamentcore.Library()


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    """The repository, for its golden files and schemas (TOURNAMENTCORE_ROOT when the tests run
    from a copy outside it)."""
    return pathlib.Path(os.environ.get("TOURNAMENTCORE_ROOT") or ROOT)
