"""The fuzz target's method table (the first byte of an input selects a method by its index) and
the contract's part of its dictionary."""
from __future__ import annotations

import json
from typing import List, Set

from . import Contract, def_name
from .blocks import NOTICE, replace_block


def fuzz_methods(contract: Contract) -> str:
    lines = [
        "// %s" % NOTICE,
        "",
        "/// The methods in the contract's order (the first input byte selects one by its index), and",
        "/// whether two identical calls must give the same bytes (`x-deterministic` of the request",
        "/// schema: false for random IDs, the repair registry and the clock).",
        "let fuzzMethods: [(name: StaticString, deterministic: Bool)] = [",
    ]
    for method in contract.methods:
        lines.append("    (\"%s\", %s)," % (method.name, "true" if method.deterministic else "false"))
    lines.append("]")
    return "\n".join(lines) + "\n"


def _walk(contract: Contract, schema, keys: List[str], words: List[str], seen_defs: Set[str]) -> None:
    """Appends, in document order, the property names and string `enum`/`const` values of
    `schema` and of the definitions it refers to (each definition once)."""
    if isinstance(schema, list):
        for item in schema:
            _walk(contract, item, keys, words, seen_defs)
        return
    if not isinstance(schema, dict):
        return
    ref = schema.get("$ref")
    if isinstance(ref, str):
        name = def_name(ref)
        if name not in seen_defs:
            seen_defs.add(name)
            _walk(contract, contract.defs[name], keys, words, seen_defs)
    for key, value in schema.items():
        if key == "properties" and isinstance(value, dict):
            keys.extend(value)
        if key in ("enum", "const"):
            words.extend(item for item in (value if isinstance(value, list) else [value]) if isinstance(item, str))
        if key not in ("examples", "description", "$ref"):
            _walk(contract, value, keys, words, seen_defs)


def _entry(name: str, value: str) -> str:
    """A dictionary line: the value as a JSON string token, escaped for libFuzzer's quotes."""
    token = json.dumps(value, ensure_ascii=False)
    return '%s="%s"' % (name, token.replace("\\", "\\\\").replace('"', '\\"'))


def dictionary(text: str, contract: Contract) -> str:
    """Fuzz/tournamentcore.dict with its generated block: every key of the request and response
    schemas (the responses' too: a request that echoes one is worth trying) and every word the
    request schemas enumerate, each once, in the methods' order."""
    keys: List[str] = []
    words: List[str] = []
    seen_defs: Set[str] = set()
    for method in contract.methods:
        _walk(contract, method.request_schema, keys, words, seen_defs)
    for method in contract.methods:
        _walk(contract, method.response_schema, keys, [], seen_defs)
    lines = []
    for key in dict.fromkeys(keys):
        lines.append(_entry("key_" + key, key))
    for index, word in enumerate(dict.fromkeys(words)):
        lines.append(_entry("word_%d" % index, word))
    return replace_block(text, "contract keys and words", "\n".join(lines), "hash")
