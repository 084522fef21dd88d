"""The fuzz target's method table: the first byte of an input selects a method by its index."""
from __future__ import annotations

from . import Contract
from .blocks import NOTICE


def fuzz_methods(contract: Contract) -> str:
    lines = [
        "// %s" % NOTICE,
        "",
        "/// The methods in the registry's order (the first input byte selects one by its index), and",
        "/// whether two identical calls must give the same bytes (`x-deterministic` of the request",
        "/// schema: false for random IDs, the repair registry and the clock).",
        "let fuzzMethods: [(name: StaticString, deterministic: Bool)] = [",
    ]
    for method in contract.methods:
        lines.append("    (\"%s\", %s)," % (method.name, "true" if method.deterministic else "false"))
    lines.append("]")
    return "\n".join(lines) + "\n"
