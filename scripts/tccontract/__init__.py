"""The contract as data: the list of methods and the JSON Schemas of `schemas/`, loaded into one
model that the generators of `scripts/generate-contract.py` and the test tools read.

`schemas/methods.json` is the one list of methods and gives their order (library.info's); the
wire layer's registry is generated from it, each method served by the type named after it
(`participants.displayName`: `ParticipantsDisplayNameMethod`). Everything else about a method
comes from its two schemas, `schemas/<method>.request.schema.json` and
`schemas/<method>.response.schema.json`:

- the request schema's `description` is the method's one-line summary;
- its `examples[0]` is the method's example request (rich: it uses every field it can), which
  the hostile suite, the threads test, the benchmark and the bindings' tests call;
- `"x-deterministic": false` marks a method whose response may differ between two identical
  calls (random IDs, the repair registry, the clock when `now` is omitted);
- the response schema's error branch lists the method's own error codes (`enum` of `code`).
"""
from __future__ import annotations

import json
import pathlib
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
GOLDEN = ROOT / "Tests" / "golden"
METHOD_LIST = SCHEMAS / "methods.json"
DEFS_PREFIX = "defs.schema.json#/$defs/"

# Codes every method may answer with (docs/API.md, "Calling convention"), listed once in the
# header, not per method.
COMMON_ERROR_CODES = ("INVALID_JSON", "INVALID_REQUEST", "UNKNOWN_METHOD", "REQUEST_TOO_LARGE", "INTERNAL")


class ContractError(Exception):
    """The method list and the schemas disagree, or a schema lacks what generation needs."""


def pascal(text: str) -> str:
    """`displayName` -> `DisplayName`, `tournaments` -> `Tournaments`."""
    return text[:1].upper() + text[1:]


def snake(text: str) -> str:
    """`displayName` -> `display_name`."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", text).lower()


@dataclass
class Method:
    """One method of the contract, as the generators see it."""

    name: str
    request_schema: Dict[str, Any]
    response_schema: Dict[str, Any]

    @property
    def group(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def member(self) -> str:
        return self.name.split(".", 1)[1]

    @property
    def snake(self) -> str:
        """`participants_display_name`: Python's method name and the C function's stem."""
        return "%s_%s" % (snake(self.group), snake(self.member))

    @property
    def camel(self) -> str:
        """`participantsDisplayName`: Kotlin's and JavaScript's function name."""
        return self.group + pascal(self.member)

    @property
    def pascal(self) -> str:
        """`ParticipantsDisplayName`: the stem of generated type names."""
        return pascal(self.camel)

    @property
    def swift_type(self) -> str:
        """`ParticipantsDisplayNameMethod`: the wire layer's type that serves the method."""
        return self.pascal + "Method"

    @property
    def c_function(self) -> str:
        return "tc_" + self.snake

    @property
    def anchor(self) -> str:
        """The GitHub-style anchor of the method's section in docs/API.md."""
        return re.sub(r"[^a-z0-9_-]", "", self.name.lower())

    @property
    def summary(self) -> str:
        return self.request_schema["description"]

    @property
    def deterministic(self) -> bool:
        return self.request_schema.get("x-deterministic", True)

    @property
    def example_request(self) -> Dict[str, Any]:
        return self.request_schema["examples"][0]

    @property
    def result_schema(self) -> Dict[str, Any]:
        return self.response_schema["oneOf"][0]["properties"]["result"]

    @property
    def error_codes(self) -> List[str]:
        """The method's own error codes (besides COMMON_ERROR_CODES), from its response schema."""
        branch = self.response_schema["oneOf"][1]
        code = branch.get("properties", {}).get("error", {}).get("properties", {}).get("code", {})
        return [value for value in code.get("enum", []) if value not in COMMON_ERROR_CODES]


@dataclass
class Contract:
    methods: List[Method]
    defs: Dict[str, Any]
    version: str

    def method(self, name: str) -> Method:
        for method in self.methods:
            if method.name == name:
                return method
        raise KeyError(name)

    def resolve(self, schema: Dict[str, Any]) -> Dict[str, Any]:
        """The schema itself, or the definition it refers to."""
        ref = schema.get("$ref")
        if ref is None:
            return schema
        return self.defs[def_name(ref)]


def def_name(ref: str) -> str:
    if not ref.startswith(DEFS_PREFIX):
        raise ContractError("only references into defs.schema.json are supported: %s" % ref)
    return ref[len(DEFS_PREFIX):]


def read_json(path: pathlib.Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ContractError("%s: %s" % (path, error)) from error


def load() -> Contract:
    """The contract, checked for what generation needs; ContractError says what is missing."""
    defs = read_json(SCHEMAS / "defs.schema.json")["$defs"]
    methods: List[Method] = []
    problems: List[str] = []
    names = read_json(METHOD_LIST).get("methods")
    if not isinstance(names, list) or not names or not all(isinstance(name, str) for name in names):
        raise ContractError("%s: `methods` is the list of method names" % METHOD_LIST.relative_to(ROOT))
    for name in names:
        if not re.fullmatch(r"[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*", name):
            problems.append("%s: a method name is `group.member` in camelCase: %r" % (METHOD_LIST.relative_to(ROOT), name))
            continue
        paths = [SCHEMAS / ("%s.%s.schema.json" % (name, kind)) for kind in ("request", "response")]
        missing = [str(path.relative_to(ROOT)) for path in paths if not path.exists()]
        if missing:
            problems.append("%s: missing %s" % (name, ", ".join(missing)))
            continue
        method = Method(name, read_json(paths[0]), read_json(paths[1]))
        problems.extend(check_method(method))
        methods.append(method)
    listed = {method.name for method in methods}
    for path in sorted(SCHEMAS.glob("*.request.schema.json")):
        name = path.name[: -len(".request.schema.json")]
        if name not in listed:
            problems.append("%s has no method in %s" % (path.relative_to(ROOT), METHOD_LIST.relative_to(ROOT)))
    if len(listed) != len(methods):
        problems.append("%s lists a method twice" % METHOD_LIST.relative_to(ROOT))
    if problems:
        raise ContractError("\n".join(problems))
    header = (ROOT / "include" / "tournament_core.h").read_text(encoding="utf-8")
    version = re.search(r'^#define TC_VERSION_STRING "([0-9]+\.[0-9]+\.[0-9]+)"', header, re.M)
    if version is None:
        raise ContractError("include/tournament_core.h: no #define TC_VERSION_STRING \"X.Y.Z\"")
    return Contract(methods, defs, version.group(1))


def check_method(method: Method) -> List[str]:
    problems = []
    request = method.request_schema
    summary = request.get("description")
    if not isinstance(summary, str) or "\n" in summary or "*/" in summary:
        problems.append("%s: the request schema's `description` is the method's one-line summary (no newline or `*/`)" % method.name)
    if not isinstance(request.get("x-deterministic", True), bool):
        problems.append("%s: `x-deterministic` is true or false" % method.name)
    examples = request.get("examples")
    if not isinstance(examples, list) or not examples or not isinstance(examples[0], dict):
        problems.append("%s: the request schema needs `examples` (its first: the method's example request)" % method.name)
    try:
        method.result_schema
        method.error_codes
    except (KeyError, IndexError, TypeError, AttributeError):
        problems.append("%s: the response schema must be oneOf [{ok: true, result: ...}, error envelope]" % method.name)
    if not (GOLDEN / method.name).is_dir():
        problems.append("%s: no golden files (Tests/golden/%s/)" % (method.name, method.name))
    return problems
