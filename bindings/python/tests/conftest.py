import importlib.util
import os
import pathlib
from typing import List

import pytest

import tournamentcore

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Every test of the library runs with each JSON library the binding can use: orjson where it is
# installed, and always the standard library's json (the fallback).
JSON_LIBRARIES: List[str] = (["orjson"] if importlib.util.find_spec("orjson") else []) + ["json"]


@pytest.fixture(scope="session", params=JSON_LIBRARIES)
def core(request: pytest.FixtureRequest) -> tournamentcore.Library:
    """The library under test: the one the package finds (the wheel's own copy when installed),
    or TOURNAMENTCORE_LIBRARY when the test command sets it for a source checkout; once with
    each JSON library."""
    library = tournamentcore.Library(json_library=request.param)
    assert library.json_library == request.param
    return library


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    """The repository, for its golden files and schemas (TOURNAMENTCORE_ROOT when the tests run
    from a copy outside it)."""
    return pathlib.Path(os.environ.get("TOURNAMENTCORE_ROOT") or ROOT)
