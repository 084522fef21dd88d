#!/usr/bin/env python3
"""Compares two versions of the contract (their schemas/ folders) and reports, per method, what
changed for a host: additions, which every host keeps working with, and breaking changes, which
can break a host written against the old version.

    python3 scripts/check-compatibility.py OLD_SCHEMAS_DIR NEW_SCHEMAS_DIR
        [--old-version 0.1.0 --new-version 0.2.0 --changelog CHANGELOG.md]

Each change is one line: `breaking` or `addition`, the method, `request`, `result` or `errors`,
the field as a JSONPath ($ is the request or the result; [] an array's elements) and what
changed. Requests flow into the library, so a change is breaking when the new version refuses
something the old one accepted (a field removed or newly required, a type, range, length, pattern
or enum narrowed) and an addition when it accepts more. Results flow out, so a change is breaking
when the new version can give something a host of the old one did not expect (a field removed or
made optional, null or another type allowed, a range widened) and an addition otherwise (a new
field, a narrower value). A new method or error code is an addition; a removed method breaking.
A new value of a result's enum or a new error code is an addition: hosts are to accept values
they do not know (README: "Versions and compatibility").

The exit status is 1 when there is a breaking change the versions do not allow: with no
versions given, any; with them, any unless the new version may break (a new major version, or,
before 1.0, a new minor one) and the changelog's section for it names every method with a
breaking change on a line marked **Breaking**. It is 2 for a usage error.
"""
import argparse
import copy
import json
import re
import sys
from pathlib import Path

NUMBER_TYPES = {"integer", "number"}
ALL_TYPES = {"null", "boolean", "object", "array", "string", "integer", "number"}


class Contract:
    """A schemas/ folder: each method's request and response schema, with $refs resolved."""

    def __init__(self, folder):
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise SystemExit(f"check-compatibility: {folder} is not a folder")
        self.files = {}
        self.methods = {}
        for path in sorted(self.folder.glob("*.request.schema.json")):
            method = path.name[: -len(".request.schema.json")]
            response = self.folder / f"{method}.response.schema.json"
            self.methods[method] = (self.load(path.name), self.load(response.name) if response.exists() else {})

    def load(self, name):
        if name not in self.files:
            self.files[name] = json.loads((self.folder / name).read_text(encoding="utf-8"))
        return self.files[name]

    def resolve(self, node, base):
        """`node` with its $ref replaced by the target, the node's other keywords merged over it."""
        while isinstance(node, dict) and "$ref" in node:
            reference = node["$ref"]
            file, _, pointer = reference.partition("#")
            file = file or base
            target = self.load(file)
            for part in filter(None, pointer.split("/")):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            merged = copy.deepcopy(target)
            merge(merged, {key: value for key, value in node.items() if key != "$ref"})
            node, base = merged, file
        return node, base


def merge(into, other):
    for key, value in other.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            merge(into[key], value)
        else:
            into[key] = copy.deepcopy(value)


class Shape:
    """What a schema admits, flattened over anyOf/oneOf: its types, enum values, bounds, object
    fields and array elements."""

    def __init__(self, contract, node, base):
        self.types = set()
        self.enum = None  # None: any value of the types
        self.bounds = {}
        self.pattern = None
        self.properties = {}  # name -> (node, base)
        self.required = set()
        self.items = None  # (node, base)
        self.add(contract, node, base)

    def add(self, contract, node, base):
        node, base = contract.resolve(node, base)
        if node is True or node == {}:
            self.types |= ALL_TYPES
            return
        alternatives = node.get("anyOf") or node.get("oneOf")
        if alternatives:
            # The node's own keywords hold for every alternative.
            own = {key: value for key, value in node.items() if key not in ("anyOf", "oneOf")}
            for alternative in alternatives:
                branch = copy.deepcopy(own)
                alternative, alternative_base = contract.resolve(alternative, base)
                merge(branch, alternative)
                self.add(contract, branch, alternative_base)
            return
        values = [node["const"]] if "const" in node else node.get("enum")
        if values is not None:
            self.enum = (self.enum or set()) | {json.dumps(value, sort_keys=True) for value in values}
            self.types |= {json_type(value) for value in values}
        declared = node.get("type")
        if declared is not None:
            types = {declared} if isinstance(declared, str) else set(declared)
            self.types |= types if values is None else set()
        elif values is None:
            self.types |= {kind for kind, words in TYPE_WORDS.items() if any(word in node for word in words)} or ALL_TYPES
        for word in BOUND_WORDS:
            if word in node:
                self.bounds[word] = node[word]
        if "pattern" in node:
            self.pattern = node["pattern"]
        for name, field in node.get("properties", {}).items():
            self.properties[name] = (field, base)
        self.required |= set(node.get("required", []))
        if "items" in node:
            self.items = (node["items"], base)


TYPE_WORDS = {
    "object": ("properties", "required", "additionalProperties"),
    "array": ("items", "minItems", "maxItems"),
    "string": ("pattern", "minLength", "maxLength"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
}
# Each bound: +1 when a larger value admits more (a maximum), -1 when a smaller one does.
BOUND_WORDS = {
    "minimum": -1, "exclusiveMinimum": -1, "maximum": 1, "exclusiveMaximum": 1,
    "minLength": -1, "maxLength": 1, "minItems": -1, "maxItems": 1,
}


def json_type(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def admitted_types(types):
    """`types` with integer inside number (a number admits integers)."""
    return types | ({"integer"} if "number" in types else set())


class Report:
    def __init__(self):
        self.changes = []  # (kind, method, side, path, what)

    def add(self, kind, method, side, path, what):
        self.changes.append((kind, method, side, path, what))

    def breaking_methods(self):
        return sorted({method for kind, method, *_ in self.changes if kind == "breaking"})


def compare(old_contract, new_contract, old, new, method, side, path, report, depth=0):
    """Reports how the schema `new` differs from `old` (each a (node, base) pair) at `path`.
    `side` is "request" (new must admit what old admitted) or "result" (new must admit no more
    than old)."""
    if depth > 64:
        return
    old_shape, new_shape = Shape(old_contract, *old), Shape(new_contract, *new)
    widening, narrowing = ("addition", "breaking") if side == "request" else ("breaking", "addition")

    def report_change(admits_more, what):
        report.add(widening if admits_more else narrowing, method, side, path, what)

    old_types, new_types = admitted_types(old_shape.types), admitted_types(new_shape.types)
    for kind in sorted(old_types - new_types):
        if kind == "null" and side == "request":
            report_change(False, "no longer accepts null")
        elif kind != "integer" or "number" not in old_shape.types:
            report_change(False, f"no longer {'accepts' if side == 'request' else 'gives'} {article(kind)}")
    for kind in sorted(new_types - old_types):
        if kind == "null" and side == "result":
            report_change(True, "may now be null (made optional)")
        elif kind != "integer" or "number" not in new_shape.types:
            report_change(True, f"{'now accepts' if side == 'request' else 'may now give'} {article(kind)}")

    if old_shape.enum is not None or new_shape.enum is not None:
        if new_shape.enum is None:
            report_change(True, "any value now, not only " + listing(old_shape.enum))
        elif old_shape.enum is None:
            report_change(False, "only " + listing(new_shape.enum) + " now")
        else:
            for value in sorted(old_shape.enum - new_shape.enum):
                report_change(False, f"value {value} removed")
            for value in sorted(new_shape.enum - old_shape.enum):
                report_change(True, f"value {value} added")

    for word, direction in BOUND_WORDS.items():
        before, after = old_shape.bounds.get(word), new_shape.bounds.get(word)
        if before == after:
            continue
        if after is None or before is None:
            admits_more = after is None
        else:
            admits_more = (after - before) * direction > 0
        report_change(admits_more, f"{word} {describe(before)} -> {describe(after)}")
    if old_shape.pattern != new_shape.pattern:
        # Whether one pattern admits more than another is not decided here: a change either way.
        report.add("breaking", method, side, path, f"pattern {describe(old_shape.pattern)} -> {describe(new_shape.pattern)}")

    if "object" in old_types and "object" in new_types:
        for name in sorted(old_shape.properties.keys() | new_shape.properties.keys()):
            field_path = f"{path}.{name}"
            if name not in new_shape.properties:
                report.add("breaking", method, side, field_path, "field removed")
                continue
            if name not in old_shape.properties:
                if side == "request" and name in new_shape.required:
                    report.add("breaking", method, side, field_path, "new required field")
                else:
                    report.add("addition", method, side, field_path, "new field" if side == "result" else "new optional field")
                continue
            was, now = name in old_shape.required, name in new_shape.required
            if was != now:
                if side == "request":
                    report.add("breaking" if now else "addition", method, side, field_path, "became required" if now else "became optional")
                else:
                    report.add("breaking" if was else "addition", method, side, field_path,
                               "made optional (may be missing)" if was else "now always present")
            compare(old_contract, new_contract, old_shape.properties[name], new_shape.properties[name], method, side, field_path, report, depth + 1)
    if "array" in old_types and "array" in new_types and old_shape.items and new_shape.items:
        compare(old_contract, new_contract, old_shape.items, new_shape.items, method, side, path + "[]", report, depth + 1)


def article(kind):
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def describe(value):
    return "none" if value is None else json.dumps(value)


def listing(values):
    return ", ".join(sorted(values))


def branches(contract, response, file):
    """The success branch's result schema and the error codes of the response schema in `file`."""
    result, codes = None, set()
    for branch in response.get("oneOf", []):
        branch, base = contract.resolve(branch, file)
        properties = branch.get("properties", {})
        if "result" in properties:
            result = (properties["result"], base)
        code = properties.get("error", {}).get("properties", {}).get("code", {})
        codes |= set(code.get("enum", []))
    return result, codes


def check(old_folder, new_folder):
    old_contract, new_contract = Contract(old_folder), Contract(new_folder)
    report = Report()
    for method in sorted(old_contract.methods.keys() | new_contract.methods.keys()):
        if method not in new_contract.methods:
            report.add("breaking", method, "method", "", "method removed")
            continue
        if method not in old_contract.methods:
            report.add("addition", method, "method", "", "new method")
            continue
        (old_request, old_response), (new_request, new_response) = old_contract.methods[method], new_contract.methods[method]
        compare(old_contract, new_contract, (old_request, f"{method}.request.schema.json"), (new_request, f"{method}.request.schema.json"),
                method, "request", "$", report)
        old_result, old_codes = branches(old_contract, old_response, f"{method}.response.schema.json")
        new_result, new_codes = branches(new_contract, new_response, f"{method}.response.schema.json")
        if old_result and new_result:
            compare(old_contract, new_contract, old_result, new_result, method, "result", "$", report)
        elif old_result:
            report.add("breaking", method, "result", "$", "no result any more")
        for code in sorted(new_codes - old_codes):
            report.add("addition", method, "errors", "", f"new error code {code}")
        for code in sorted(old_codes - new_codes):
            report.add("addition", method, "errors", "", f"error code {code} no longer given")
    return report


def version_tuple(text):
    match = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", text or "")
    if not match:
        raise SystemExit(f"check-compatibility: {text!r} is not a version MAJOR.MINOR.PATCH")
    return tuple(int(part) for part in match.groups())


def may_break(old_version, new_version):
    """Whether `new_version` may break hosts of `old_version`: a new major version, or before 1.0
    a new minor one."""
    old, new = version_tuple(old_version), version_tuple(new_version)
    if old[0] == 0 and new[0] == 0:
        return new[1] > old[1]
    return new[0] > old[0]


def changelog_section(changelog, version):
    """The lines of the changelog's section `## [version]` (Keep a Changelog), or None."""
    lines, inside = [], False
    for line in Path(changelog).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if inside:
                break
            inside = re.match(r"## \[?" + re.escape(version) + r"\]?(\s|$)", line) is not None
            continue
        if inside:
            lines.append(line)
    return lines if inside else None


def unannounced(report, old_version, new_version, changelog):
    """The breaking changes' methods that the versions and the changelog do not announce, with
    why."""
    methods = report.breaking_methods()
    if not methods:
        return []
    if not old_version or not new_version or not changelog:
        return [(method, "a breaking change") for method in methods]
    if not may_break(old_version, new_version):
        return [(method, f"a breaking change, and {new_version} may not break hosts of {old_version}") for method in methods]
    section = changelog_section(changelog, new_version)
    if section is None:
        return [(method, f"a breaking change, and {changelog} has no section for {new_version}") for method in methods]
    marked = "\n".join(line for line in section if "**Breaking**" in line)
    return [(method, f"a breaking change that no **Breaking** line of {changelog}'s {new_version} names")
            for method in methods if f"`{method}`" not in marked]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", help="the last release's schemas/ folder")
    parser.add_argument("new", help="this version's schemas/ folder")
    parser.add_argument("--old-version", help="the last release's version")
    parser.add_argument("--new-version", help="this version")
    parser.add_argument("--changelog", help="CHANGELOG.md, whose section for the new version announces breaking changes")
    arguments = parser.parse_args(argv)
    report = check(arguments.old, arguments.new)
    for kind, method, side, path, what in report.changes:
        print(f"{kind}: {method} {side}{' ' + path if path else ''}: {what}")
    problems = unannounced(report, arguments.old_version, arguments.new_version, arguments.changelog)
    for method, why in problems:
        print(f"check-compatibility: {method}: {why}", file=sys.stderr)
    if not report.changes:
        print("no change to the contract")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
