"""The two JSON libraries of the binding give the same answers: orjson (where installed) and the
standard library's json (the fallback), on every golden request and on the values orjson writes
or reads otherwise (numbers with exponents that error messages quote, integers beyond 64 bits,
NaN, keys that are not strings, subclasses...); the fallback serves when orjson is absent; JSON
text passes through as it is (call_json, call_bytes)."""
import collections
import dataclasses
import datetime
import enum
import json
import math
import os
import pathlib
import struct
import subprocess
import sys
from typing import Any, Dict, Iterator, Tuple

import pytest

import tournamentcore
from tournamentcore import TournamentCoreError, _codec

ROOT = pathlib.Path(__file__).resolve().parents[3]


def outcome(function: Any, *arguments: Any) -> Tuple[str, Any]:
    """A call's result, or what it raised (an error response's code, message and path)."""
    try:
        return ("result", function(*arguments))
    except TournamentCoreError as error:
        return ("error", (error.code, error.message, error.path))
    except Exception as error:
        return (type(error).__name__, str(error))


def shape(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: shape(member) for key, member in value.items()}
    if isinstance(value, list):
        return [shape(element) for element in value]
    return type(value).__name__


@pytest.fixture(scope="module")
def both() -> Tuple[tournamentcore.Library, tournamentcore.Library]:
    pytest.importorskip("orjson")
    return tournamentcore.Library(json_library="orjson"), tournamentcore.Library(json_library="json")


def golden_requests() -> Iterator[Any]:
    root = pathlib.Path(os.environ.get("TOURNAMENTCORE_ROOT") or ROOT)
    deterministic = {path.name[: -len(".request.schema.json")]: json.loads(path.read_text(encoding="utf-8")).get("x-deterministic", True)
                     for path in (root / "schemas").glob("*.request.schema.json")}
    for folder in sorted((root / "Tests" / "golden").iterdir()):
        for path in sorted(folder.glob("*.request.json")):
            yield pytest.param(folder.name, path, deterministic.get(folder.name, True), id="%s/%s" % (folder.name, path.name[:-13]))


@pytest.mark.parametrize("method, path, deterministic", list(golden_requests()))
def test_both_json_libraries_answer_every_golden_request_alike(
        both: Tuple[tournamentcore.Library, tournamentcore.Library], method: str, path: pathlib.Path, deterministic: bool) -> None:
    try:
        request = json.loads(path.read_bytes())
    except ValueError:
        pytest.skip("not JSON")
    answers = []
    for library in both:
        answers.append(outcome(library.call, method, request))
        if method == "participants.repairBegin" and isinstance(request, dict) and isinstance(request.get("tournamentId"), str):
            library.call_text("participants.repairEnd", json.dumps({"tournamentId": request["tournamentId"]}))
    if deterministic:
        assert answers[0] == answers[1]
    else:
        assert shape(answers[0]) == shape(answers[1])


class Level(enum.IntEnum):
    LOW = 1


class Name(str):
    pass


@dataclasses.dataclass
class Point:
    x: float


def circular() -> Dict[str, Any]:
    document: Dict[str, Any] = {"id": "a"}
    document["self"] = document
    return {"tournaments": [document]}


# (method, request): where orjson's text or reading differs from the standard library's.
OTHERWISE = [
    # Numbers an error message quotes: orjson writes 1e-05 as 0.00001, 1e+16 as 1e16.
    ("tournaments.filter", {"tournaments": [{"id": "a", "maxParticipants": 1e-05}]}),
    ("tournaments.filter", {"tournaments": [{"id": "a", "maxParticipants": 1e16}]}),
    ("tournaments.filter", {"tournaments": [], "limit": 1.5e300}),
    ("tournaments.filter", {"tournaments": [], "tab": 1e-07}),
    ("equipment.stats", {"setupId": 1, "rounds": [{"date": 1, "arrows": [{"score": 1, "x": 1e16}]}]}),
    ("equipment.stats", {"setupId": 1e-07, "rounds": []}),
    # ...and a skipped document's message, in a result.
    ("tournaments.filter", {"tournaments": [{"id": "a", "maxParticipants": 2.5e-08}, {"id": "b"}], "invalidDocuments": "skip", "tab": "all"}),
    # Numbers kept verbatim: an integer beyond 64 bits stays an integer, exponents stay floats.
    ("tournaments.filter", {"tournaments": [{"id": "a", "big": 2 ** 70, "low": -(2 ** 64) - 1, "top": 2 ** 64 - 1, "f": 1e16,
                                             "tiny": 1e-07, "zero": -0.0, "whole": 3.0}], "tab": "all"}),
    ("matches.favorite", {"match": {"id": 1, "extra": 2 ** 80}}),
    # Integers in the core's ranges, however written.
    ("equipment.stats", {"setupId": 2 ** 63 - 1, "rounds": [], "now": 1.7e12}),
    ("equipment.stats", {"setupId": 2 ** 63, "rounds": []}),
    ("equipment.stats", {"setupId": -(2 ** 63), "rounds": [], "now": 1733000000000.0}),
    # NaN and infinities (orjson writes null): refused with ValueError, wherever they are.
    ("equipment.stats", {"setupId": 1, "rounds": [], "now": math.nan}),
    ("equipment.stats", {"setupId": 1, "rounds": [{"date": 1, "arrows": [{"score": 1, "x": math.inf, "y": None}]}]}),
    ("tournaments.filter", {"tournaments": [{"id": "a", "kept": -math.inf}], "tab": None}),
    ("matches.sections", {"matches": [{"id": 1, "odds": {"home": math.nan}, "group": None}]}),
    ("equipment.stats", {"setupId": 1, "rounds": [], "now": None, "x": struct.unpack("<d", struct.pack("<Q", 0x7FF0000000000123))[0]}),
    # Values orjson refuses or passes through: the standard library's answer or error.
    ("tournaments.filter", {"tournaments": [{"id": "a", 1: "one", None: "none", 2.5: "f", True: "t"}], "tab": "all"}),
    ("tournaments.filter", {"tournaments": ({"id": "a", "tags": ("x", "y")},), "tab": "all"}),
    ("tournaments.filter", collections.OrderedDict([("tournaments", [collections.OrderedDict([("id", "a"), ("n", 1)])]), ("tab", "all")])),
    ("tournaments.filter", {"tournaments": [{"id": Name("a"), "maxParticipants": Level.LOW, "kept": Level.LOW}], "tab": "all"}),
    ("tournaments.filter", {"tournaments": [{"id": "a", "when": datetime.datetime(2024, 1, 1)}]}),
    ("tournaments.filter", {"tournaments": [{"id": "a", "where": Point(1.0)}]}),
    ("tournaments.filter", {"tournaments": [{"id": "a\ud800"}]}),
    ("tournaments.filter", circular()),
    ("tournaments.filter", {"tournaments": [{"id": "é \u2028 \x00 \x1f \x7f \"q\" \\ /"}], "tab": "all"}),
    ("tournaments.filter", []),
]


@pytest.mark.parametrize("method, request_value", OTHERWISE, ids=[str(index) for index in range(len(OTHERWISE))])
def test_the_json_libraries_agree_where_orjson_writes_otherwise(
        both: Tuple[tournamentcore.Library, tournamentcore.Library], method: str, request_value: Any) -> None:
    fast, stdlib = (outcome(library.call, method, request_value) for library in both)
    assert fast == stdlib
    if isinstance(stdlib[1], dict) and stdlib[1].get("tournaments"):
        for a, b in zip(fast[1]["tournaments"], stdlib[1]["tournaments"]):
            assert [(key, type(value)) for key, value in a.items()] == [(key, type(value)) for key, value in b.items()]


def test_nan_is_refused_on_both_paths(core: tournamentcore.Library) -> None:
    for value in (math.nan, -math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError):
            core.equipment_stats({"setupId": 1, "rounds": [], "now": value})  # type: ignore[typeddict-item]


def test_non_finite_floats_are_found_in_any_request() -> None:
    payloads = [0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0x7FF0000000000001,
                0x7FFFFFFFFFFFFFFF, 0xFFF4000000000000]
    for bits in payloads:
        value = struct.unpack("<d", struct.pack("<Q", bits))[0]
        assert not math.isfinite(value)
        for request in ({"a": value}, {"a": [1, None, {"b": (value, value)}]}, {"shared": [value] * 3}):
            assert _codec.may_hold_non_finite(request)
    finite = {"a": [1.5, -2.0, 1e308, -1e-308, 5e-324, None, "\x7f\xff", -1, 2 ** 40 - 1, True], "b": {"c": 0.1}}
    assert not _codec.may_hold_non_finite(finite)
    assert _codec.may_hold_non_finite({"a": Point(1.0)})  # not marshal's: the standard library decides
    for strstr in (_codec.strstr, _codec._find):
        assert strstr(b'{"a":null}', b"null") and not strstr(b'{"a":"nul","b":"l"}', b"null")


def test_the_standard_library_serves_when_orjson_is_absent(core: tournamentcore.Library) -> None:
    program = """
import json, sys
sys.modules["orjson"] = None  # import orjson now raises ImportError
import tournamentcore
core = tournamentcore.Library()
assert core.json_library == "json" and tournamentcore._codec.orjson is None
try:
    tournamentcore.Library(json_library="orjson")
except ImportError:
    pass
else:
    raise AssertionError("json_library='orjson' without orjson")
request = {"tournaments": [{"id": "t1", "name": "Spring Open", "status": "open", "big": 2 ** 70}], "query": "spring"}
print(json.dumps(core.tournaments_filter(request)))
"""
    finished = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=dict(os.environ), check=False)
    assert finished.returncode == 0, finished.stderr
    expected = core.tournaments_filter({"tournaments": [{"id": "t1", "name": "Spring Open", "status": "open", "big": 2 ** 70}],
                                        "query": "spring"})
    assert json.loads(finished.stdout) == expected


def test_json_library_is_one_of_the_two() -> None:
    with pytest.raises(ValueError):
        tournamentcore.Library(json_library="simplejson")


def test_json_text_passes_through(core: tournamentcore.Library) -> None:
    text = '{"tournaments":[{"id":"t1","name":"Spring Open","status":"open","big":123456789012345678901234567890,' \
           '"huge":1e400,"price":1.50}],"tab":"all"}'
    result = core.call_json("tournaments.filter", text)
    assert result == json.loads(core.call_text("tournaments.filter", text))["result"]
    kept = result["tournaments"][0]
    assert kept["big"] == 123456789012345678901234567890 and kept["huge"] == math.inf and kept["price"] == 1.5
    for given in (text.encode("utf-8"), bytearray(text.encode("utf-8")), memoryview(text.encode("utf-8"))):
        assert core.call_json("tournaments.filter", given) == result
    with pytest.raises(TournamentCoreError) as raised:
        core.call_json("tournaments.filter", b'{"tournaments":[{"id":2}]}')
    assert (raised.value.code, raised.value.path) == ("INVALID_REQUEST", "$.tournaments[0].id")
    with pytest.raises(TournamentCoreError) as raised:
        core.call_json("guests.check", "{\"a\":")
    assert raised.value.code == "INVALID_JSON"
    assert core.call_json("guests.check", "{}") == core.guests_check({})
    assert core.call_bytes("guests.check", "{}") == core.call_text("guests.check", "{}").encode("utf-8")
    assert core.call_bytes("library.info", b"{}\x00{}") == core.call_text("library.info", b"{}\x00{}").encode("utf-8")
