"""The typed JavaScript layer: `bindings/javascript/types.d.ts` (a TypeScript declaration for
every request and result) and `bindings/javascript/methods.mjs` (one function per method, over
`invoke`, which tournamentcore.mjs's core implements).

The mapping, as Python's and Kotlin's (docs/ARCHITECTURE.md, "The contract as data"): a member
the schema does not require is optional (`name?:`, `undefined` when absent), and `| null` only
where the schema allows null; integers and numbers are `number` (exact to 2^53, which timestamps in
milliseconds, counts and indices stay far below; `call` keeps the text of a larger one); a union of
distinct kinds is the union of their types; `any` is `unknown`; objects whose unknown members the
core keeps verbatim accept and carry any further member (`[member: string]: unknown`).
"""
from __future__ import annotations

import json
from typing import Dict, List

from . import Contract
from .blocks import NOTICE
from .types import Array, Const, Enum, Nullable, Object, Primitive, Type, TypeBuilder, Union


def comment(text: str, indent: str = "") -> List[str]:
    """`text` as a JSDoc comment (a `*/` inside cannot end it)."""
    text = text.replace("*/", "*\\/")
    return [indent + "/** " + text + " */"]


class TypeScriptTypes:
    def __init__(self, contract: Contract):
        self.contract = contract
        self.builder = TypeBuilder(contract)
        self.emitted: Dict[str, str] = {}

    def annotation(self, built: Type) -> str:
        if isinstance(built, Nullable):
            return "%s | null" % self.annotation(built.wrapped)
        if isinstance(built, Union):
            return " | ".join(self.annotation(member) for member in built.members)
        if isinstance(built, Const):
            return json.dumps(built.value)
        if isinstance(built, Enum):
            literal = " | ".join(json.dumps(value) for value in built.values)
            if built.name not in self.emitted:
                self.emitted[built.name] = "\n".join(
                    (comment(built.description) if built.description else []) + ["export type %s = %s;" % (built.name, literal)])
            return built.name
        if isinstance(built, Array):
            inner = self.annotation(built.items)
            return ("(%s)[]" if "|" in inner else "%s[]") % inner
        if isinstance(built, Object):
            self.emit(built)
            return built.name
        if isinstance(built, Primitive):
            return {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "any": "unknown"}[built.kind]
        raise TypeError(built)

    def emit(self, built: Object) -> None:
        if built.name in self.emitted:
            return
        self.emitted[built.name] = ""  # reserve the place (recursive types)
        lines: List[str] = []
        text = built.description or ""
        if built.keeps_unknown:
            text = (text + " " if text else "") + "Members not listed here are kept verbatim."
        if text:
            lines += comment(text)
        lines.append("export interface %s {" % built.name)
        for prop in built.properties:
            if prop.description:
                lines += comment(prop.description, "  ")
            key = prop.name if prop.name.isidentifier() else json.dumps(prop.name)
            lines.append("  %s%s: %s;" % (key, "" if prop.required else "?", self.annotation(prop.type)))
        if built.keeps_unknown:
            lines.append("  [member: string]: unknown;")
        lines.append("}")
        self.emitted[built.name] = "\n".join(lines)


def request_is_optional(request: Object) -> bool:
    return not any(prop.required for prop in request.properties)


def types_declarations(contract: Contract) -> str:
    types = TypeScriptTypes(contract)
    signatures: List[str] = []
    for method in contract.methods:
        request = types.builder.request(method)
        request_type = types.annotation(request)
        result = types.builder.result(method)
        result_name = method.pascal + "Result"
        result_type = types.annotation(result)
        if result_type != result_name:
            types.emitted[result_name] = "export type %s = %s;" % (result_name, result_type)
        parameter = "request%s: %s" % ("?" if request_is_optional(request) else "", request_type)
        signatures += comment("`%s`: %s (docs/API.md#%s). @throws TournamentCoreError for an error response."
                              % (method.name, method.summary, method.anchor), "  ")
        signatures.append("  %s(%s): %s;" % (method.camel, parameter, result_name))
    lines = [
        "// " + NOTICE,
        "// The requests and results of every method, and the typed functions of a loaded core",
        "// (tournamentcore.d.ts declares the rest). `name?:` is a member that may be absent",
        "// (undefined); `| null` a member the core may write as null, or a request may give as null.",
        "",
        "/** The contract's version, the library's. */",
        "export declare const CONTRACT_VERSION: %s;" % json.dumps(contract.version),
        "",
        "/** One function per method: the request object in, the result object out. */",
        "export interface TournamentCoreMethods {",
    ] + signatures + ["}", ""]
    for source in types.emitted.values():
        lines += [source, ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def methods_module(contract: Contract) -> str:
    builder = TypeBuilder(contract)
    lines = [
        "// " + NOTICE,
        "// One function per method over invoke(method, request), which the core implements",
        "// (tournamentcore.mjs); types in types.d.ts.",
        "",
        "/** The contract's version, the library's (TC_VERSION_STRING of include/tournament_core.h). */",
        "export const CONTRACT_VERSION = %s;" % json.dumps(contract.version),
        "",
        "/** The methods, as the core's functions call them. */",
        "export class Methods {",
    ]
    for method in contract.methods:
        request = builder.request(method)
        lines += comment("`%s`: %s (docs/API.md#%s)" % (method.name, method.summary, method.anchor), "  ")
        default = " = {}" if request_is_optional(request) else ""
        lines.append("  %s(request%s) { return this.invoke(%s, request); }" % (method.camel, default, json.dumps(method.name)))
    lines += ["}", ""]
    return "\n".join(lines)
