"""The C side: the `@_cdecl` exports of the ABI layer and the method declarations of the header."""
from __future__ import annotations

import textwrap
from typing import List

from . import Contract, Method
from .blocks import NOTICE


def swift_exports(contract: Contract) -> str:
    """Sources/TournamentCoreABI/MethodExports.swift: one `tc_<group>_<name>` per method."""
    lines = [
        "// %s" % NOTICE,
        "//",
        "// One C function per method, each the same as `tc_call` with the method's name. Declared and",
        "// documented in include/tournament_core.h (its generated block).",
        "",
    ]
    for method in contract.methods:
        lines += [
            "/// `char *%s(const char *request_json)`: method `%s`." % (method.c_function, method.name),
            "@_cdecl(\"%s\")" % method.c_function,
            "public func %s(_ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {" % method.c_function,
            "    Boundary.call(\"%s\", request)" % method.name,
            "}",
            "",
        ]
    return "\n".join(lines)


def _wrap(prefix: str, text: str, width: int = 100) -> List[str]:
    indent = " * " + " " * len(prefix)
    return textwrap.wrap(text, width=width, initial_indent=" * " + prefix, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False)


def _member_list(schema, contract: Contract) -> str:
    schema = contract.resolve(schema)
    for keyword in ("anyOf", "oneOf"):
        if keyword in schema:
            objects = [contract.resolve(s) for s in schema[keyword] if contract.resolve(s).get("type") == "object"]
            if objects:
                schema = objects[0]
    keys = list(schema.get("properties", {}))
    return "{%s}" % ", ".join('"%s"' % key for key in keys) if keys else "{}"


def header_block(contract: Contract) -> str:
    """The per-method declarations of include/tournament_core.h, grouped by the name's group."""
    lines: List[str] = []
    group = None
    for method in contract.methods:
        if method.group != group:
            group = method.group
            lines += [
                "/* ---------------------------------------------------------------------------------------------",
                " * %s" % group.capitalize(),
                " * ------------------------------------------------------------------------------------------- */",
                "",
            ]
        request = method.request_schema
        required = request.get("required", [])
        lines.append("/*")
        lines += _wrap("", "%s — method \"%s\". %s" % (method.c_function, method.name, method.summary))
        lines.append(" *")
        lines += _wrap("Request: ", _member_list(request, contract)
                       + ("; required: %s." % ", ".join('"%s"' % key for key in required) if required else "."))
        lines += _wrap("Result:  ", _member_list(method.result_schema, contract) + ".")
        codes = method.error_codes
        lines += _wrap("Errors:  ", "%s." % (", ".join(codes) + ", and the common codes (see ERRORS above)" if codes else "the common codes (see ERRORS above)"))
        lines += _wrap("", "Fields, rules and examples: docs/API.md#%s. Release the response with tc_string_free()."
                       % method.anchor)
        lines.append(" */")
        lines.append("TC_API char *%s(const char *request_json);" % method.c_function)
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def header(text: str, contract: Contract) -> str:
    from .blocks import replace_block
    return replace_block(text, "methods", header_block(contract), "c")
