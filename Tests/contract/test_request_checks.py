"""Which error a request with several gets: the library checks an object's members in the order
its schema declares — `x-checkOrder` where the schema has one, else the order of `properties`;
and no wrong member goes unchecked.

For each object of each method's example request (schemas/<method>.request.schema.json), every
member that can be made wrong on its own (a value of a type the schema does not allow, or a
required member left out) is made wrong together with each other such member, and the error's
path must name the one declared first. (A generic decoder reading a request in its schema's order
keeps the errors this pins: issue 41.) Needs TC_LIBRARY, a built libtournamentcore.so."""
import copy
import ctypes
import itertools
import json
import os
from pathlib import Path

import pytest

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"
DEFS = json.loads((SCHEMAS / "defs.schema.json").read_text(encoding="utf-8"))["$defs"]
METHODS = json.loads((SCHEMAS / "methods.json").read_text(encoding="utf-8"))["methods"]


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


def error_path(lib, method, request):
    """The error envelope's path, or None for a success."""
    response = answer(lib, method, request)
    return None if response["ok"] else response["error"].get("path")


def alternatives(schema):
    """The schema's alternatives (anyOf/oneOf and $refs followed), each a dict."""
    if "$ref" in schema:
        return alternatives(DEFS[schema["$ref"].split("/")[-1]])
    if "anyOf" in schema or "oneOf" in schema:
        return [alt for branch in schema.get("anyOf", schema.get("oneOf")) for alt in alternatives(branch)]
    return [schema]


def json_type(value):
    return {bool: "boolean", str: "string", int: "integer", float: "number", list: "array", dict: "object", type(None): "null"}[type(value)]


def wrong_value(schema):
    """A value of a type no alternative allows, or None when every type is allowed."""
    allowed = set()
    for alt in alternatives(schema):
        kind = alt.get("type") or (json_type(alt["const"]) if "const" in alt else json_type(alt["enum"][0]) if "enum" in alt else None)
        if kind is None:
            return None
        allowed |= set(kind) if isinstance(kind, list) else {kind}
    if "integer" in allowed:
        allowed.add("number")
    return next((value for value, kind in [([[]], "array"), ("x", "string"), (True, "boolean"), ({}, "object"), (1.5, "number")] if kind not in allowed), None)


def object_alternative(schema):
    return next((alt for alt in alternatives(schema) if alt.get("type") == "object" or "properties" in alt), None)


def items_alternative(schema):
    return next((alt["items"] for alt in alternatives(schema) if alt.get("type") == "array" and "items" in alt), None)


def objects(request_schema, example):
    """(label, path of keys, object schema) of every object of the example the schema describes."""
    found = []

    def visit(schema, value, path, label):
        found.append((label, path, schema))
        for key, member in schema.get("properties", {}).items():
            if isinstance(value.get(key), dict) and object_alternative(member):
                visit(object_alternative(member), value[key], path + [key], f"{label}.{key}")
            items = items_alternative(member)
            if isinstance(value.get(key), list) and value[key] and isinstance(value[key][0], dict) and items and object_alternative(items):
                visit(object_alternative(items), value[key][0], path + [key, 0], f"{label}.{key}[0]")

    visit(request_schema, example, [], "$")
    return found


def cases(every_object=False):
    for method in METHODS:
        schema = json.loads((SCHEMAS / f"{method}.request.schema.json").read_text(encoding="utf-8"))
        for label, path, object_schema in objects(schema, schema["examples"][0]):
            if len(object_schema.get("properties", {})) > (0 if every_object else 1):
                yield pytest.param(method, schema["examples"][0], path, object_schema, id=f"{method} {label}")


def declared_order(object_schema):
    order = object_schema.get("x-checkOrder", list(object_schema["properties"]))
    assert sorted(order) == sorted(object_schema["properties"]), "x-checkOrder lists each property once"
    return order


@pytest.mark.parametrize("method, example, path, object_schema", list(cases()))
def test_two_wrong_members_report_the_one_checked_first(library, method, example, path, object_schema):
    def member_path(key):
        return "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path) + "." + key

    def names(reported, key):
        return reported is not None and (reported == member_path(key) or reported.startswith((member_path(key) + ".", member_path(key) + "[")))

    def altered(faults):
        request = copy.deepcopy(example)
        target = request
        for key in path:
            target = target[key]
        for key, value in faults:
            if value is LEFT_OUT:
                target.pop(key)
            else:
                target[key] = value
        return request

    target = example
    for key in path:
        target = target[key]
    candidates = []
    for key, member in object_schema["properties"].items():
        value = wrong_value(member)
        if value is not None:
            candidates.append((key, value))
        if key in object_schema.get("required", []) and key in target:
            candidates.append((key, LEFT_OUT))
    # Only members whose fault alone is reported at the member take part.
    faults = [fault for fault in candidates if names(error_path(library, method, altered([fault])), fault[0])]
    order = declared_order(object_schema)
    checked = 0
    for first, second in itertools.permutations(faults, 2):
        if first[0] == second[0]:
            continue
        expected = min(first[0], second[0], key=order.index)
        reported = error_path(library, method, altered([first, second]))
        assert names(reported, expected), f"{first[0]} and {second[0]} wrong: {reported}, expected {member_path(expected)} (declared order {order})"
        checked += 1
    assert checked > 0 or len({key for key, _ in faults}) < 2


LEFT_OUT = object()


@pytest.mark.parametrize("method, example, path, object_schema", list(cases(every_object=True)))
def test_a_wrong_member_alone_is_refused(library, method, example, path, object_schema):
    """No wrong value is answered as if it were absent or right: each member of the object given
    a type its schema does not allow is an error (or, for tournaments.filter's documents under
    `invalidDocuments: "skip"`, a document reported in `skipped`, as the contract says)."""
    for key, member in object_schema["properties"].items():
        value = wrong_value(member)
        if value is None:
            continue
        request = copy.deepcopy(example)
        target = request
        for step in path:
            target = target[step]
        target[key] = value
        response = answer(library, method, request)
        assert not response["ok"] or response["result"].get("skipped"), f"{key} = {json.dumps(value)} was accepted"
