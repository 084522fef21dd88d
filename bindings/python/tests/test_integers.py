"""Every integer field of every method takes an integral value however it is written (SPEC §1,
rule 7: `8`, `8.0`, `8e0`, `80e-1`, as JSON Schema's `integer` and stores that keep every number
as a double write them) and refuses a non-integral one at its path. The fields are not listed:
they are found by walking each method's example request and golden requests against its request
schema, so a new integer field is tested as soon as a request uses it."""
import json
import pathlib
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

import pytest

import tournamentcore

Path = Tuple[Union[str, int], ...]


class Schemas:
    """The request schemas of `root`, with `defs.schema.json`'s definitions for `$ref`s."""

    def __init__(self, root: pathlib.Path) -> None:
        self.folder = root / "schemas"
        self.defs: Dict[str, Any] = json.loads((self.folder / "defs.schema.json").read_text(encoding="utf-8"))["$defs"]

    def request(self, method: str) -> Dict[str, Any]:
        path = self.folder / ("%s.request.schema.json" % method)
        schema: Dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return schema

    def branches(self, schema: Any) -> List[Dict[str, Any]]:
        """The alternatives a value may match: `$ref`s followed, `anyOf`/`oneOf` flattened."""
        if not isinstance(schema, dict):
            return []
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            return self.branches(self.defs[name])
        alternatives = schema.get("anyOf") or schema.get("oneOf")
        if alternatives:
            return [branch for alternative in alternatives for branch in self.branches(alternative)]
        return [schema]

    def integer_paths(self, value: Any, schema: Any, path: Path = ()) -> Iterator[Path]:
        """The paths of the integers of `value` where `schema` asks for an integer (and no
        branch takes any number, so that a fraction must be refused)."""
        branches = self.branches(schema)
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            kinds = {branch.get("type") for branch in branches}
            if "integer" in kinds and "number" not in kinds:
                yield path
            return
        if isinstance(value, dict):
            for key, member in value.items():
                for branch in branches:
                    if key in branch.get("properties", {}):
                        yield from self.integer_paths(member, branch["properties"][key], path + (key,))
                        break
        elif isinstance(value, list):
            for branch in branches:
                if "items" in branch:
                    for index, element in enumerate(value):
                        yield from self.integer_paths(element, branch["items"], path + (index,))
                    break


def json_path(path: Path) -> str:
    return "$" + "".join("[%d]" % part if isinstance(part, int) else "." + part for part in path)


SENTINEL = "\u0000integer\u0000"


def spelled(request: Any, path: Path, text: str) -> bytes:
    """`request` as JSON, the number at `path` written as `text`."""
    copy = json.loads(json.dumps(request))
    parent = copy
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = SENTINEL
    encoded = json.dumps(copy, ensure_ascii=False, separators=(",", ":"))
    placeholder = json.dumps(SENTINEL)
    assert encoded.count(placeholder) == 1
    return encoded.replace(placeholder, text).encode("utf-8")


def value_at(request: Any, path: Path) -> int:
    for part in path:
        request = request[part]
    assert isinstance(request, int)
    return request


def shape(value: Any) -> Any:
    """What stays the same between two answers of a method whose output is random (generated
    IDs, the registry): the keys and kinds."""
    if isinstance(value, dict):
        return {key: shape(member) for key, member in value.items()}
    if isinstance(value, list):
        return [shape(element) for element in value]
    return type(value).__name__


def skipped_messages(envelope: Any) -> List[str]:
    if not envelope.get("ok"):
        return []
    return [entry["message"] for entry in envelope["result"].get("skipped") or []]


def without_skipped_messages(envelope: Any) -> Any:
    copy = json.loads(json.dumps(envelope))
    for entry in copy["result"].get("skipped") or []:
        del entry["message"]
    return copy


def requests(root: pathlib.Path) -> Iterator[Any]:
    """Each method's example request and its golden requests that succeed."""
    for schema_path in sorted((root / "schemas").glob("*.request.schema.json")):
        method = schema_path.name[: -len(".request.schema.json")]
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        cases: List[Tuple[str, Any]] = [("example", schema["examples"][0])]
        for request_path in sorted((root / "Tests" / "golden" / method).glob("*.request.json")):
            response = json.loads(request_path.with_name(request_path.name.replace(".request.json", ".response.json")).read_text(encoding="utf-8"))
            if not response["ok"]:
                continue
            try:
                request = json.loads(request_path.read_text(encoding="utf-8"))
                json.dumps(request, allow_nan=False)
            except ValueError:
                continue  # 1e400 and friends: not a Python value
            cases.append((request_path.name[: -len(".request.json")], request))
        for name, request in cases:
            yield pytest.param(method, request, schema.get("x-deterministic", True), id="%s/%s" % (method, name))


ROOT = pathlib.Path(__file__).resolve().parents[3]


def _root() -> pathlib.Path:
    import os
    return pathlib.Path(os.environ.get("TOURNAMENTCORE_ROOT") or ROOT)


@pytest.mark.parametrize("method, request_value, deterministic", list(requests(_root())))
def test_integer_fields_take_integral_values_however_written_and_refuse_fractions(
        core: tournamentcore.Library, root: pathlib.Path, method: str, request_value: Any, deterministic: bool) -> None:
    schemas = Schemas(root)
    paths = list(schemas.integer_paths(request_value, schemas.request(method)))
    if not paths:
        return
    original = json.dumps(request_value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    expected_text = core.call_text(method, original)
    expected = json.loads(expected_text)
    assert expected["ok"], expected_text
    for path in paths:
        n = value_at(request_value, path)
        # n.0, ne0, and the mantissa n × 10 with the exponent -1: the same answer, byte for byte.
        for text in ("%d.0" % n, "%de0" % n, "%de-1" % (n * 10)):
            answer = core.call_text(method, spelled(request_value, path, text))
            if deterministic and not skipped_messages(expected):
                assert answer == expected_text, "%s written %s" % (json_path(path), text)
            elif deterministic:
                # A skipped document's message quotes the value as written.
                assert without_skipped_messages(json.loads(answer)) == without_skipped_messages(expected), text
            else:
                assert shape(json.loads(answer)) == shape(expected), "%s written %s" % (json_path(path), text)
        # n.5 is no integer: INVALID_REQUEST at that path (or, for a document that
        # `invalidDocuments: "skip"` leaves out, a skipped entry with that path).
        text = "%d.5" % n
        refused = json.loads(core.call_text(method, spelled(request_value, path, text)))
        if refused["ok"]:
            skipped = refused["result"].get("skipped")
            assert skipped is not None, "%s written %s was accepted" % (json_path(path), text)
            assert json_path(path) in [entry["path"] for entry in skipped]
        else:
            assert refused["error"]["code"] == "INVALID_REQUEST"
            assert refused["error"]["path"] == json_path(path), text
