"""Every wrong member of a request is refused, and a request with several wrong members gets the
error of the one its schema checks first: `x-checkOrder` where the object's schema has one, else
the order of its `properties`. (A generic decoder that reads a request in its schema's order
keeps the errors this pins: issue 41.)

The requests: each method's `examples[0]` and every golden request the library answers with
`ok` (Tests/golden), which between them take the methods' branches (a `startDate` or a
`timeRange`, arrows or totals, precomputed statistics or rounds). In each, every object the
schema describes (every element of arrays) has each member made wrong in turn (refused; at its
path when the request gives that member: one it leaves out may conflict with one it gives): a
type the schema does not allow, a number past its bounds, a text outside its enumeration, or a
required member left out. Needs TC_LIBRARY, a built libtournamentcore.so."""
import copy
import ctypes
import itertools
import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
DEFS = json.loads((SCHEMAS / "defs.schema.json").read_text(encoding="utf-8"))["$defs"]
METHODS = json.loads((SCHEMAS / "methods.json").read_text(encoding="utf-8"))["methods"]
LEFT_OUT = object()


@pytest.fixture(scope="module")
def library():
    path = os.environ.get("TC_LIBRARY")
    assert path, "TC_LIBRARY names the built library (ctest sets it)"
    lib = ctypes.CDLL(path)
    lib.tc_call.restype = ctypes.c_void_p
    lib.tc_call.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.tc_string_free.argtypes = [ctypes.c_void_p]
    return lib


def answer(lib, method, request):
    pointer = lib.tc_call(method.encode(), json.dumps(request).encode())
    response = json.loads(ctypes.string_at(pointer))
    lib.tc_string_free(pointer)
    return response


def alternatives(schema):
    """The schema's alternatives (anyOf/oneOf and $refs followed), each a dict."""
    if "$ref" in schema:
        return alternatives(DEFS[schema["$ref"].split("/")[-1]])
    if "anyOf" in schema or "oneOf" in schema:
        return [alt for branch in schema.get("anyOf", schema.get("oneOf")) for alt in alternatives(branch)]
    return [schema]


def json_type(value):
    return {bool: "boolean", str: "string", int: "integer", float: "number", list: "array", dict: "object", type(None): "null"}[type(value)]


def wrong_values(schema):
    """Values the schema refuses: one of a type no alternative allows (when some type is not
    allowed), a number past the bounds of each bounded numeric alternative, a text outside each
    enumeration of texts."""
    alts = alternatives(schema)
    allowed, values = set(), []
    for alt in alts:
        kind = alt.get("type") or (json_type(alt["const"]) if "const" in alt else json_type(alt["enum"][0]) if "enum" in alt else None)
        if kind is None:
            return []
        allowed |= set(kind) if isinstance(kind, list) else {kind}
        if "maximum" in alt and alt["maximum"] < 2**63 - 1:
            values.append(alt["maximum"] + 1)
        if "minimum" in alt:
            values.append(alt["minimum"] - 1)
        if "enum" in alt and all(isinstance(word, str) for word in alt["enum"]):
            values.append("notAWordOfTheContract")
    if "integer" in allowed:
        allowed.add("number")
    wrong_type = next((value for value, kind in [([[]], "array"), ("x", "string"), (True, "boolean"), ({}, "object"), (1.5, "number")] if kind not in allowed), None)
    return ([wrong_type] if wrong_type is not None else []) + values


def object_alternative(schema):
    return next((alt for alt in alternatives(schema) if alt.get("type") == "object" or "properties" in alt), None)


def items_alternative(schema):
    return next((alt["items"] for alt in alternatives(schema) if alt.get("type") == "array" and "items" in alt), None)


def objects(request_schema, request):
    """(label, path of keys, object schema) of every object of the request the schema describes."""
    found = []

    def visit(schema, value, path, label):
        found.append((label, path, schema))
        for key, member in schema.get("properties", {}).items():
            if isinstance(value.get(key), dict) and object_alternative(member):
                visit(object_alternative(member), value[key], path + [key], f"{label}.{key}")
            items = items_alternative(member)
            if isinstance(value.get(key), list) and items and object_alternative(items):
                for index, element in enumerate(value[key]):
                    if isinstance(element, dict):
                        visit(object_alternative(items), element, path + [key, index], f"{label}.{key}[{index}]")

    visit(request_schema, request, [], "$")
    return found


def skipped_by_contract(method, request, path):
    """tournaments.filter with `invalidDocuments: "skip"` leaves a wrong document out and reports
    it in `skipped`, as the contract says, rather than refusing the request."""
    return method == "tournaments.filter" and request.get("invalidDocuments") == "skip" and path[:1] == ["tournaments"]


def requests(method):
    """(name, request): the schema's example and the golden requests the library answers with ok."""
    schema = json.loads((SCHEMAS / f"{method}.request.schema.json").read_text(encoding="utf-8"))
    yield "example", schema, schema["examples"][0]
    for path in sorted((ROOT / "Tests" / "golden" / method).glob("*.request.json")):
        response = json.loads(path.with_name(path.name.replace(".request.", ".response.")).read_text(encoding="utf-8"))
        if response["ok"]:
            yield path.name.removesuffix(".request.json"), schema, json.loads(path.read_text(encoding="utf-8"))


def resolved(request, path):
    target = request
    for key in path:
        target = target[key]
    return target


def member_path(path, key):
    return "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path) + "." + key


def names(reported, path, key):
    """Whether an error's path is the member's, or inside it."""
    prefix = member_path(path, key)
    return reported is not None and (reported == prefix or reported.startswith((prefix + ".", prefix + "[")))


def altered(request, path, faults):
    request = copy.deepcopy(request)
    target = resolved(request, path)
    for key, value in faults:
        if value is LEFT_OUT:
            target.pop(key)
        else:
            target[key] = value
    return request


def faults_of(object_schema, target, given_only=True):
    """Each (key, wrong value or LEFT_OUT) of the object's members that the request gives, or of
    all its members."""
    for key, member in object_schema["properties"].items():
        if given_only and key not in target:
            continue
        for value in wrong_values(member):
            yield key, value
        if key in object_schema.get("required", []) and key in target:
            yield key, LEFT_OUT


def cases():
    for method in METHODS:
        for name, schema, request in requests(method):
            yield pytest.param(method, schema, request, id=f"{method} {name}")


@pytest.mark.parametrize("method, schema, given", list(cases()))
def test_a_wrong_member_alone_is_refused_at_its_path(library, method, schema, given):
    request = given
    assert answer(library, method, request)["ok"], "the unaltered request is answered"
    tried = 0
    for _, path, object_schema in objects(schema, request):
        target = resolved(request, path)
        for fault in faults_of(object_schema, target, given_only=False):
            response = answer(library, method, altered(request, path, [fault]))
            tried += 1
            if skipped_by_contract(method, request, path):
                assert response["ok"] and response["result"]["skipped"], f"{member_path(path, fault[0])} = {fault[1]!r}"
                continue
            assert not response["ok"], f"{member_path(path, fault[0])} = {fault[1]!r} was accepted"
            # A member the request left out may be refused for conflicting with one it gives
            # (arrows beside a leaderboard entry's totals), at that one.
            if fault[0] in target:
                assert names(response["error"].get("path"), path, fault[0]), f"{member_path(path, fault[0])} = {fault[1]!r}: {response['error']}"
    given = sum(key in target for _, path, object_schema in objects(schema, request)
                for target in [resolved(request, path)] for key in object_schema.get("properties", {}))
    assert tried > 0 or given == 0, "some member was made wrong"


def declared_order(object_schema):
    order = object_schema.get("x-checkOrder", list(object_schema["properties"]))
    assert sorted(order) == sorted(object_schema["properties"]), "x-checkOrder lists each property once"
    return order


@pytest.mark.parametrize("method, schema, given", list(cases()))
def test_two_wrong_members_report_the_one_checked_first(library, method, schema, given):
    request = given
    for label, path, object_schema in objects(schema, request):
        if skipped_by_contract(method, request, path):
            continue
        target = resolved(request, path)
        # One fault per member: the first (a wrong type where there is one).
        faults = list({key: (key, value) for key, value in reversed(list(faults_of(object_schema, target)))}.values())
        order = declared_order(object_schema)
        for first, second in itertools.permutations(faults, 2):
            expected = min(first[0], second[0], key=order.index)
            reported = answer(library, method, altered(request, path, [first, second]))
            assert not reported["ok"] and names(reported["error"].get("path"), path, expected), (
                f"{label}: {first[0]} and {second[0]} wrong: {reported}, expected {member_path(path, expected)} (declared order {order})")
