"""The JSON Schemas in schemas/ against the golden files: every golden response validates against
its method's response schema, every golden request whose response is ok (and skipped no invalid
document) validates against the request schema, and deliberately broken documents do not
validate."""
import copy
import json
import os
import pathlib

import pytest
from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
GOLDEN = ROOT / "Tests" / "golden"


def load_registry():
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        resources.append((path.as_uri(), Resource.from_contents(json.loads(path.read_text(encoding="utf-8")))))
    return Registry().with_resources(resources)


REGISTRY = load_registry()
METHODS = sorted(p.name for p in GOLDEN.iterdir() if p.is_dir())


def validator(method, kind):
    path = SCHEMAS / ("%s.%s.schema.json" % (method, kind))
    schema = json.loads(path.read_text(encoding="utf-8"))
    # Relative $refs resolve against the schema's own file URI.
    return Draft202012Validator(dict(schema, **{"$id": path.as_uri()}), registry=REGISTRY)


def golden_cases():
    for method in METHODS:
        for request in sorted((GOLDEN / method).glob("*.request.json")):
            yield pytest.param(method, request, id="%s/%s" % (method, request.name[: -len(".request.json")]))


def test_every_method_has_request_and_response_schemas():
    library_info = json.loads((GOLDEN / "library.info" / "basic.response.json").read_text())
    for method in library_info["result"]["methods"]:
        for kind in ("request", "response"):
            path = SCHEMAS / ("%s.%s.schema.json" % (method, kind))
            assert path.exists(), path
            Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))
    assert set(METHODS) == set(library_info["result"]["methods"])


@pytest.mark.parametrize("method, request_path", golden_cases())
def test_golden_files_validate(method, request_path):
    response_path = request_path.with_name(request_path.name.replace(".request.json", ".response.json"))
    response = json.loads(response_path.read_text(encoding="utf-8"))
    validator(method, "response").validate(response)
    # A request whose invalid documents were skipped (tournaments.filter's `invalidDocuments:
    # "skip"`) holds what the database holds, not what the schema asks: the option exists for it.
    if response["ok"] and not response["result"].get("skipped"):
        validator(method, "request").validate(json.loads(request_path.read_text(encoding="utf-8")))


def golden(method, name, kind):
    return json.loads((GOLDEN / method / ("%s.%s.json" % (name, kind))).read_text(encoding="utf-8"))


def first_ok_golden(method):
    """The first golden pair of `method` whose response is a result, or None."""
    for request_path in sorted((GOLDEN / method).glob("*.request.json")):
        response = json.loads(request_path.with_name(request_path.name.replace(".request.json", ".response.json")).read_text(encoding="utf-8"))
        if response["ok"]:
            return json.loads(request_path.read_text(encoding="utf-8")), response
    return None


def broken_documents():
    """Documents the schemas must refuse: for every method, its result with a member too many or
    a required member missing, its example request without a required member or with one of the
    wrong kind, and its example request valid; then a few cases of particular rules."""
    def mutate(document, change):
        document = copy.deepcopy(document)
        change(document)
        return document

    for method in METHODS:
        schema = json.loads((SCHEMAS / ("%s.request.schema.json" % method)).read_text(encoding="utf-8"))
        example = schema["examples"][0]
        for key in schema.get("required", []):
            yield method, "request", mutate(example, lambda d, key=key: d.pop(key))
            yield method, "request", mutate(example, lambda d, key=key: d.update({key: {"wrong": [True]}}))
        found = first_ok_golden(method)
        if found is None:
            continue
        _, response = found
        yield method, "response", mutate(response, lambda d: d["result"].update(unexpectedMember=1))
        required = validator(method, "response").schema["oneOf"][0]["properties"]["result"]
        required = required.get("required") or json.loads((SCHEMAS / "defs.schema.json").read_text())["$defs"][
            required["$ref"].rsplit("/", 1)[1]].get("required", [])
        if required:
            yield method, "response", mutate(response, lambda d: d["result"].pop(required[0]))

    # Particular rules: a value's range, a pattern, an enum, a const.
    filter_response = golden("tournaments.filter", "spec-example", "response")
    yield "tournaments.filter", "response", mutate(filter_response, lambda d: d["result"]["tournaments"][0].update(status="open"))
    yield "equipment.stats", "response", mutate(golden("equipment.stats", "spec-example", "response"), lambda d: d["result"]["stats"].update(accuracy=101))
    yield "guests.add", "request", mutate(golden("guests.add", "spec-example", "request"), lambda d: d.update(guestId="guest_short"))
    yield "participants.resolve", "request", {"tournamentId": "a/b"}
    yield "scoring.leaderboard", "response", {"ok": True, "result": {"entries": [{"rank": 0, "participantId": "a", "score": 1, "tens": 0, "xs": 0, "arrowCount": 0}]}}
    yield "library.info", "response", {"ok": False, "error": {"code": "INVALID_JSON"}}
    yield "library.info", "response", {"ok": False, "error": {"code": "SAME_SETUP", "message": "not this method's code"}}


def test_every_example_request_validates():
    for method in METHODS:
        schema = json.loads((SCHEMAS / ("%s.request.schema.json" % method)).read_text(encoding="utf-8"))
        validator(method, "request").validate(schema["examples"][0])


@pytest.mark.parametrize("method, kind, document", list(broken_documents()))
def test_broken_documents_do_not_validate(method, kind, document):
    with pytest.raises(ValidationError):
        validator(method, kind).validate(document)
