#!/usr/bin/env python3
"""Writes each workload's request without the members no rule reads.

    python3 Benchmarks/strip-unread.py REQUESTS_DIR OUT_DIR

REQUESTS_DIR holds the benchmark's workloads (`benchmark --all-requests DIR`: METHOD.SIZE.json).
Each request is written to OUT_DIR with the members its request schema
(schemas/METHOD.request.schema.json, with the definitions it refers to) does not declare
removed, at every depth: what is left is what the method's decoder reads. Objects the schema
leaves open (no `properties`) are kept whole, and so are the unknown members of objects that keep
them (`x-keepsUnknownMembers`: the method answers them). Numbers keep their text; strings are
written again (`json.dumps`), so a request whose strings have escapes changes by more than its
members (the workloads' have none). `run.sh --peer --unread` times the core against
the C++ + simdjson peer on these: the peer reads only the members it needs and validates no
other, the core validates the whole request, so the two runs together show what the members no
rule reads cost each side.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "schemas")


def load(name):
    with open(os.path.join(SCHEMAS, name), encoding="utf-8") as handle:
        return json.load(handle)


def resolve(schema, document):
    """The schema `schema` refers to (following $ref), and the document its refs are relative to."""
    while isinstance(schema, dict) and "$ref" in schema:
        target, _, pointer = schema["$ref"].partition("#")
        if target:
            document = load(target)
        schema = document
        for part in pointer.strip("/").split("/"):
            if part:
                schema = schema[part]
    return schema, document


def branches(schema, document):
    """The alternatives a value may match: anyOf/oneOf flattened, refs resolved."""
    schema, document = resolve(schema, document)
    if not isinstance(schema, dict):
        return []
    alternatives = schema.get("anyOf") or schema.get("oneOf")
    if alternatives:
        return [branch for alternative in alternatives for branch in branches(alternative, document)]
    return [(schema, document)]


class Number(str):
    """A number as the request wrote it."""


def strip(value, schema, document):
    """`value` without the members `schema` does not declare."""
    if isinstance(value, dict):
        for candidate, base in branches(schema, document):
            if "properties" in candidate:
                properties = candidate["properties"]
                keeps = candidate.get("x-keepsUnknownMembers", False)
                return {key: strip(member, properties[key], base) if key in properties else member
                        for key, member in value.items() if key in properties or keeps}
        return value
    if isinstance(value, list):
        for candidate, base in branches(schema, document):
            if "items" in candidate:
                return [strip(element, candidate["items"], base) for element in value]
        return value
    return value


def text(value):
    """`value` as compact JSON, its numbers as they were written."""
    if isinstance(value, Number):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(key, ensure_ascii=False) + ":" + text(member) for key, member in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(text(element) for element in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def workloads(source):
    """Each workload in the folder `source` (METHOD.SIZE.json), in name order: its file's name,
    its method and its request, with numbers as written."""
    for name in sorted(os.listdir(source)):
        if name.endswith(".json"):
            with open(os.path.join(source, name), encoding="utf-8") as handle:
                yield name, name.rsplit(".", 2)[0], json.load(handle, parse_float=Number, parse_int=Number)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, destination = sys.argv[1], sys.argv[2]
    os.makedirs(destination, exist_ok=True)
    for name, method, request in workloads(source):
        schema_name = f"{method}.request.schema.json"
        if not os.path.exists(os.path.join(SCHEMAS, schema_name)):
            continue
        schema = load(schema_name)
        stripped = strip(request, schema, schema)
        with open(os.path.join(destination, name), "w", encoding="utf-8") as handle:
            handle.write(text(stripped))


if __name__ == "__main__":
    main()
