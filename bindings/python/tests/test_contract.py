"""Every method through the Python binding, derived from the contract rather than listed: the
methods of library.info, each one's typed function, every golden request through it, and the
example request of its schema."""
import json
import pathlib
from typing import Any, Dict, Iterator, List, Tuple

import pytest

import tournamentcore
from tournamentcore import TournamentCoreError

ROOT = pathlib.Path(__file__).resolve().parents[3]


def snake(method: str) -> str:
    group, member = method.split(".")
    return group + "_" + "".join("_" + c.lower() if c.isupper() else c for c in member)


def release_claim(core: tournamentcore.Library, method: str, request: Any) -> None:
    """The repair registry is the one state the library keeps between calls: a claim a golden
    request took is released, so that the same request can be made again."""
    if method == "participants.repairBegin" and isinstance(request, dict) and isinstance(request.get("tournamentId"), str):
        core.call_text("participants.repairEnd", json.dumps({"tournamentId": request["tournamentId"]}))


def golden_cases() -> Iterator[Any]:
    import os
    root = pathlib.Path(os.environ.get("TOURNAMENTCORE_ROOT") or ROOT)
    for folder in sorted((root / "Tests" / "golden").iterdir()):
        for request in sorted(folder.glob("*.request.json")):
            response = request.with_name(request.name.replace(".request.json", ".response.json"))
            yield pytest.param(folder.name, request, response, id="%s/%s" % (folder.name, request.name[:-13]))


def test_library_info_lists_the_methods_that_have_schemas(core: tournamentcore.Library, root: pathlib.Path) -> None:
    methods = core.library_info()["methods"]
    with_schemas = sorted(p.name[: -len(".request.schema.json")] for p in (root / "schemas").glob("*.request.schema.json"))
    assert sorted(methods) == with_schemas
    assert len(set(methods)) == len(methods)


def test_every_method_has_a_typed_function_and_a_c_function(core: tournamentcore.Library) -> None:
    for method in core.library_info()["methods"]:
        assert callable(getattr(core, snake(method))), method
        assert getattr(core._lib, "tc_" + snake(method)) is not None, method


@pytest.mark.parametrize("method, request_path, response_path", list(golden_cases()))
def test_golden_request_through_the_typed_function(core: tournamentcore.Library, method: str,
                                                  request_path: pathlib.Path, response_path: pathlib.Path) -> None:
    expected = json.loads(response_path.read_text(encoding="utf-8"))
    # The exact bytes through tc_call_n (the binding's way in) are the golden bytes...
    text = request_path.read_bytes()
    assert core.call_text(method, text) == response_path.read_text(encoding="utf-8").rstrip("\n")
    try:  # ...and, for a request Python's JSON can hold (not 1e400, not broken JSON)...
        request = json.loads(text)
        json.dumps(request, allow_nan=False)
    except ValueError:
        return
    release_claim(core, method, request)
    # ...the typed function gives the result, or raises the error, of the golden response.
    function = getattr(core, snake(method))
    if expected["ok"]:
        assert function(request) == expected["result"]
        release_claim(core, method, request)
    else:
        with pytest.raises(TournamentCoreError) as raised:
            function(request)
        error = expected["error"]
        assert (raised.value.code, raised.value.message, raised.value.path) == (error["code"], error["message"], error.get("path"))


def example_requests() -> Iterator[Any]:
    import os
    root = pathlib.Path(os.environ.get("TOURNAMENTCORE_ROOT") or ROOT)
    for path in sorted((root / "schemas").glob("*.request.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        yield pytest.param(path.name[: -len(".request.schema.json")], schema["examples"][0], schema.get("x-deterministic", True),
                           id=path.name[: -len(".request.schema.json")])


@pytest.mark.parametrize("method, example, deterministic", list(example_requests()))
def test_example_request_succeeds_and_matches_its_c_function(core: tournamentcore.Library, method: str,
                                                            example: Dict[str, Any], deterministic: bool) -> None:
    request = example
    result = getattr(core, snake(method))(request)
    assert isinstance(result, dict)
    # The method's own C function gives the bytes tc_call gives.
    import ctypes
    function = getattr(core._lib, "tc_" + snake(method))
    function.argtypes = [ctypes.c_char_p]
    function.restype = ctypes.c_void_p
    data = json.dumps(request, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    address = function(data)
    try:
        direct = ctypes.string_at(address).decode("utf-8")
    finally:
        core._lib.tc_string_free(address)
    if deterministic:
        assert direct == core.call_text(method, data)
    else:
        assert direct.startswith('{"ok":true,"result":')
