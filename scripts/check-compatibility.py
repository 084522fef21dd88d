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
breaking change in a list item that starts with **Breaking**. It is 2 for a usage error.
"""
import argparse
import json
import re
import sys
from pathlib import Path

NUMBER_TYPES = {"integer", "number"}
ALL_TYPES = {"null", "boolean", "object", "array", "string", "integer", "number"}


class Contract:
    """A schemas/ folder: each method's request and response schema."""

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

    def target(self, reference, base):
        file, _, pointer = reference.partition("#")
        file = file or base
        target = self.load(file)
        for part in filter(None, pointer.split("/")):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        return target, file

    def branches(self, node, base, depth=0):
        """The alternatives `node` admits, each a schema without $ref, allOf, anyOf or oneOf
        (those merged in), with the file its $refs are relative to; [] admits nothing."""
        if depth > 32:
            return [({}, base)]
        if node is False:
            return []
        if node is True:
            return [({}, base)]
        node = dict(node)
        if "$ref" in node:
            target, target_base = self.target(node.pop("$ref"), base)
            # The keywords beside a $ref apply together with the target's (2020-12).
            return [(tighten(branch, node), branch_base) for branch, branch_base in self.branches(target, target_base, depth + 1)]
        members = node.pop("allOf", None)
        if members is not None:
            found = self.branches(node, base, depth + 1)
            for member in members:
                found = [(tighten(own, branch), own_base) for own, own_base in found for branch, _ in self.branches(member, base, depth + 1)]
            return found
        alternatives = node.pop("anyOf", None) or node.pop("oneOf", None)
        if alternatives is not None:
            found = []
            for alternative in alternatives:
                for branch, branch_base in self.branches(alternative, base, depth + 1):
                    found.append((tighten(branch, node), branch_base))
            return found
        return [(node, base)]


def tighten(schema, other):
    """`schema` with `other`'s keywords too, both holding: the tighter bound, both requirements,
    the other's annotations."""
    merged = dict(schema)
    for key, value in other.items():
        if key in merged and key in BOUNDS:
            kind = BOUNDS[key][1]
            merged[key] = min(merged[key], value) if kind == "upper" else max(merged[key], value)
        elif key == "required":
            merged[key] = sorted(set(merged.get(key, [])) | set(value))
        elif key == "properties" and isinstance(merged.get(key), dict):
            merged[key] = {name: {"allOf": [merged[key][name], value[name]]} if name in merged[key] and name in value
                           else merged[key].get(name, value.get(name)) for name in merged[key].keys() | value.keys()}
        elif key not in merged:
            merged[key] = value
    return merged


# Each bound: the keyword's subject and whether it is a lower or an upper bound.
BOUNDS = {
    "minimum": ("number", "lower"), "exclusiveMinimum": ("number", "lower"),
    "maximum": ("number", "upper"), "exclusiveMaximum": ("number", "upper"),
    "minLength": ("string", "lower"), "maxLength": ("string", "upper"),
    "minItems": ("array", "lower"), "maxItems": ("array", "upper"),
}
TYPE_WORDS = {
    "object": ("properties", "required", "additionalProperties"),
    "array": ("items", "minItems", "maxItems", "uniqueItems"),
    "string": ("pattern", "minLength", "maxLength", "format"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
}


def json_type(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def listed(branch):
    """The values a branch's const or enum lists, or None when it lists none."""
    if "const" in branch:
        return [branch["const"]]
    return branch.get("enum")


def branch_types(branch):
    """The JSON types a branch admits (integer standing for the integral numbers, number for
    the others)."""
    if listed(branch) is not None:
        return {json_type(value) for value in listed(branch)}
    declared = branch.get("type")
    if declared is None:
        inferred = {kind for kind, words in TYPE_WORDS.items() if any(word in branch for word in words)}
        types = inferred or set(ALL_TYPES)
    else:
        types = {declared} if isinstance(declared, str) else set(declared)
    return types | ({"integer"} if "number" in types else set())


class Shape:
    """What a schema admits, per JSON type: whether any value of it or only some (an enum),
    its bounds and constraints, an object's fields and an array's elements."""

    def __init__(self, contract, schemas):
        """`schemas`: (node, base) pairs, admitting what any of them does."""
        self.branches = [(branch, base, branch_types(branch)) for node, node_base in schemas
                         for branch, base in contract.branches(node, node_base)]
        self.types = set().union(*(types for _, _, types in self.branches)) if self.branches else set()

    def of(self, kind):
        return [(branch, base) for branch, base, types in self.branches if kind in types]

    def open(self, kind):
        """Whether some value of type `kind` is admitted whatever it is (no enum)."""
        return any(listed(branch) is None for branch, _ in self.of(kind))

    def values(self, kind):
        found = set()
        for branch, _ in self.of(kind):
            for value in listed(branch) or []:
                if json_type(value) == kind:
                    found.add(json.dumps(value, sort_keys=True))
        return found

    def bound(self, kind, side):
        """The loosest (value, exclusive) bound of type `kind`'s values on `side` ("lower" or
        "upper"), or None when some branch has none."""
        subject = "number" if kind in NUMBER_TYPES else kind
        loosest = None
        for branch, _ in self.of(kind):
            if listed(branch) is not None:
                continue
            candidates = [(branch[word], word.startswith("exclusive")) for word, (what, which) in BOUNDS.items()
                          if what == subject and which == side and word in branch]
            if not candidates:
                return None
            # The tighter of this branch's keywords; then the looser across branches.
            tight = max(candidates, key=lambda bound: (bound[0] if side == "lower" else -bound[0], bound[1]))
            if loosest is None or looser(tight, loosest, side):
                loosest = tight
        return loosest

    def constraint(self, kind, word):
        """The values of `word` (pattern, format, multipleOf, uniqueItems) over type `kind`'s
        open branches: None when some branch has none."""
        found = set()
        for branch, _ in self.of(kind):
            if listed(branch) is not None:
                continue
            if word not in branch:
                return None
            found.add(json.dumps(branch[word]))
        return found or None

    def properties(self):
        """Each field of the object branches: the schemas it has in them (an anyOf), whether
        every object branch requires it."""
        objects = self.of("object")
        names = {}
        for branch, base in objects:
            for name, schema in branch.get("properties", {}).items():
                names.setdefault(name, []).append((schema, base))
        required = {name for name in names if objects and all(name in branch.get("required", []) for branch, _ in objects)}
        return names, required

    def additional(self):
        """"closed" when no object branch admits unknown fields; otherwise the schemas they
        take ({} for any)."""
        schemas = []
        for branch, base in self.of("object"):
            extra = branch.get("additionalProperties", True)
            if extra is not False:
                schemas.append(({} if extra is True else extra, base))
        return schemas or "closed"

    def items(self):
        return [(branch.get("items", {}), base) for branch, base in self.of("array")]


def looser(bound, other, side):
    """Whether (value, exclusive) `bound` admits more than `other` on `side`."""
    if bound[0] != other[0]:
        return bound[0] < other[0] if side == "lower" else bound[0] > other[0]
    return other[1] and not bound[1]


class Report:
    def __init__(self):
        self.changes = []  # (kind, method, side, path, what)
        self.comparing = set()  # the comparisons in progress, to stop at a recursive definition

    def add(self, kind, method, side, path, what):
        if (kind, method, side, path, what) not in self.changes:
            self.changes.append((kind, method, side, path, what))

    def breaking_methods(self):
        return sorted({method for kind, method, *_ in self.changes if kind == "breaking"})


def describe(value):
    return "none" if value is None else json.dumps(value)


def describe_bound(bound, side):
    if bound is None:
        return "none"
    value, exclusive = bound
    symbol = (">" if exclusive else ">=") if side == "lower" else ("<" if exclusive else "<=")
    return f"{symbol} {json.dumps(value)}"


def article(kind):
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def compare(contracts, old, new, method, side, path, report, depth=0):
    """Reports how the schemas `new` differs from `old` (each a list of (node, base) pairs,
    admitting what any of them does) at `path`. `side` is "request" (new must admit what old
    admitted) or "result" and "errors" (new must admit no more than old)."""
    key = (side, json.dumps([node for node, _ in old], sort_keys=True), tuple(base for _, base in old),
           json.dumps([node for node, _ in new], sort_keys=True), tuple(base for _, base in new))
    if depth > 48 or key in report.comparing:
        return  # (a recursive definition, met again inside itself)
    report.comparing.add(key)
    try:
        compare_shapes(contracts, old, new, method, side, path, report, depth)
    finally:
        report.comparing.discard(key)


def compare_shapes(contracts, old, new, method, side, path, report, depth):
    old_shape, new_shape = Shape(contracts[0], old), Shape(contracts[1], new)
    inbound = side == "request"

    def change(admits_more, what, at=path):
        # A request may admit more; a result may admit less. A result's new enum value is an
        # addition too: hosts accept values they do not know.
        report.add("addition" if admits_more == inbound else "breaking", method, side, at, what)

    for kind in sorted(old_shape.types - new_shape.types):
        change(False, "no longer accepts null" if kind == "null" and inbound else f"no longer {'accepts' if inbound else 'gives'} {article(kind)}")
    for kind in sorted(new_shape.types - old_shape.types):
        change(True, "may now be null (made optional)" if kind == "null" and not inbound else f"{'now accepts' if inbound else 'may now give'} {article(kind)}")

    for kind in sorted(old_shape.types & new_shape.types - {"null"}):
        was_open, now_open = old_shape.open(kind), new_shape.open(kind)
        was_values, now_values = old_shape.values(kind), new_shape.values(kind)
        if was_open and not now_open:
            change(False, f"only {', '.join(sorted(now_values))} now, not any {kind}")
        elif now_open and not was_open:
            report.add("addition", method, side, path, f"any {kind} now, not only {', '.join(sorted(was_values))}")
        elif not was_open:
            for value in sorted(was_values - now_values):
                change(False, f"value {value} removed")
            for value in sorted(now_values - was_values):
                report.add("addition", method, side, path, f"value {value} added")
        if not (was_open and now_open):
            continue
        for bound_side in ("lower", "upper"):
            before, after = old_shape.bound(kind, bound_side), new_shape.bound(kind, bound_side)
            if before != after:
                admits_more = after is None or (before is not None and looser(after, before, bound_side))
                change(admits_more, f"{kind} {bound_side} bound {describe_bound(before, bound_side)} -> {describe_bound(after, bound_side)}")
        for word in ("pattern", "format", "multipleOf", "uniqueItems"):
            before, after = old_shape.constraint(kind, word), new_shape.constraint(kind, word)
            if before != after:
                # Which of two patterns admits more is not decided here: a change of one is taken
                # as narrowing; one dropped admits more.
                change(after is None, f"{word} {describe(sorted(before) if before else None)} -> {describe(sorted(after) if after else None)}")

    if "object" in old_shape.types and "object" in new_shape.types:
        old_fields, old_required = old_shape.properties()
        new_fields, new_required = new_shape.properties()
        for name in sorted(old_fields.keys() | new_fields.keys()):
            field_path = f"{path}.{name}"
            if name not in new_fields:
                report.add("breaking", method, side, field_path, "field removed")
            elif name not in old_fields:
                if inbound and name in new_required:
                    report.add("breaking", method, side, field_path, "new required field")
                else:
                    report.add("addition", method, side, field_path, "new optional field" if inbound else "new field")
            else:
                was, now = name in old_required, name in new_required
                if was != now:
                    if inbound:
                        change(was, "became optional" if was else "became required", field_path)
                    else:
                        change(was, "made optional (may be missing)" if was else "now always present", field_path)
                compare(contracts, old_fields[name], new_fields[name], method, side, field_path, report, depth + 1)
        old_extra, new_extra = old_shape.additional(), new_shape.additional()
        if inbound and old_extra != "closed" and new_extra == "closed":
            change(False, "unknown fields no longer accepted")
        elif inbound and old_extra == "closed" and new_extra != "closed":
            change(True, "unknown fields now accepted")
        elif old_extra != "closed" and new_extra != "closed":
            compare(contracts, old_extra, new_extra, method, side, f"{path}.*", report, depth + 1)
    if "array" in old_shape.types and "array" in new_shape.types:
        compare(contracts, old_shape.items(), new_shape.items(), method, side, path + "[]", report, depth + 1)


def envelope_branches(contract, response, file):
    """The result schemas and the error schemas of the response schema in `file`."""
    results, errors = [], []
    for node in response.get("oneOf", []):
        for branch, base in contract.branches(node, file):
            properties = branch.get("properties", {})
            if "result" in properties:
                results.append((properties["result"], base))
            elif "error" in properties:
                errors.append((branch, base))
    return results, errors


def check(old_folder, new_folder):
    contracts = (Contract(old_folder), Contract(new_folder))
    report = Report()
    old_methods, new_methods = contracts[0].methods, contracts[1].methods
    for method in sorted(old_methods.keys() | new_methods.keys()):
        if method not in new_methods:
            report.add("breaking", method, "method", "", "method removed")
            continue
        if method not in old_methods:
            report.add("addition", method, "method", "", "new method")
            continue
        request_file, response_file = f"{method}.request.schema.json", f"{method}.response.schema.json"
        compare(contracts, [(old_methods[method][0], request_file)], [(new_methods[method][0], request_file)], method, "request", "$", report)
        old_results, old_errors = envelope_branches(contracts[0], old_methods[method][1], response_file)
        new_results, new_errors = envelope_branches(contracts[1], new_methods[method][1], response_file)
        if old_results and not new_results:
            report.add("breaking", method, "result", "$", "no result any more")
        elif old_results:
            compare(contracts, old_results, new_results, method, "result", "$", report)
        if old_errors and new_errors:
            compare(contracts, old_errors, new_errors, method, "errors", "$", report)
    return report


VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)")


def version_tuple(text):
    return tuple(int(part) for part in VERSION.fullmatch(text).groups())


def may_break(old_version, new_version):
    """Whether `new_version` may break hosts of `old_version`: a new major version, or before 1.0
    a new minor one."""
    old, new = version_tuple(old_version), version_tuple(new_version)
    if old[0] == 0 and new[0] == 0:
        return new[1] > old[1]
    return new[0] > old[0]


def changelog_items(changelog, version):
    """The list items of the changelog's section for `version` (`## [0.2.0] - date`, `## 0.2.0`,
    `## [0.2.0](link)`: Keep a Changelog), each with its continuation lines; None when it has no
    such section. Fenced code is skipped."""
    heading = re.compile(r"## \[?v?" + re.escape(version) + r"\]?(?=$|[\s(])")
    items, inside, fenced = [], False, False
    for line in Path(changelog).read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.startswith("## "):
            inside = inside or heading.match(line) is not None
            if inside and heading.match(line) is None:
                break
            continue
        if not inside:
            continue
        stripped = line.strip()
        if re.match(r"[-*] ", stripped) and not line.startswith(("  ", "\t")):
            items.append(stripped[2:])
        elif stripped and items and line.startswith((" ", "\t")):
            items[-1] += " " + stripped
        elif not stripped or stripped.startswith("#"):
            continue
    return items if inside else None


def unannounced(report, old_version, new_version, changelog):
    """The breaking changes' methods that the versions and the changelog do not announce, with
    why."""
    methods = report.breaking_methods()
    if not methods:
        return []
    if not changelog:
        return [(method, "a breaking change") for method in methods]
    if not may_break(old_version, new_version):
        return [(method, f"a breaking change, and {new_version} may not break hosts of {old_version}") for method in methods]
    items = changelog_items(changelog, new_version)
    if items is None:
        return [(method, f"a breaking change, and {changelog} has no section for {new_version}") for method in methods]
    # An item that starts with the marker.
    marked = " ".join(item for item in items if item.startswith("**Breaking**"))
    return [(method, f"a breaking change that no item of {changelog}'s {new_version} starting **Breaking** names")
            for method in methods if f"`{method}`" not in marked]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", help="the last release's schemas/ folder")
    parser.add_argument("new", help="this version's schemas/ folder")
    parser.add_argument("--old-version", help="the last release's version")
    parser.add_argument("--new-version", help="this version")
    parser.add_argument("--changelog", help="CHANGELOG.md, whose section for the new version announces breaking changes")
    arguments = parser.parse_args(argv)
    given = [arguments.old_version, arguments.new_version, arguments.changelog]
    if any(given) and not all(given):
        parser.error("--old-version, --new-version and --changelog go together")
    for version in given[:2]:
        if version is not None and not VERSION.fullmatch(version):
            parser.error(f"{version!r} is not a version MAJOR.MINOR.PATCH")
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
