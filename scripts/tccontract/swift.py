"""The Swift side of request decoding: `RequestMembers.swift`, one enum of known fields for every
object a request may hold (the methods' requests and the shared types they contain), read from
the request schemas' `properties`, so a decoder and its schema cannot disagree on a key.

Each enum is what `ObjectFields` sorts an object's members into: its cases are the keys, its
key table is built once, its `Slots` vector is the narrowest of 4, 8 or 16 lanes that holds one
lane per field (more than 16 fields: 16, and `ObjectFields` finds the rest by scanning), and
`keepsUnknownMembers` follows the schema's `x-keepsUnknownMembers`.
"""
from __future__ import annotations

import re
from typing import List

from . import Contract
from .blocks import NOTICE
from .types import Object, TypeBuilder

# Words Swift does not take as a case name without backticks.
KEYWORDS = {"associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
            "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
            "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
            "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
            "switch", "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "true", "try"}


def case_name(key: str) -> str:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        raise ValueError("request key %r is not a Swift identifier; name its case by hand" % key)
    return "`%s`" % key if key in KEYWORDS else key


def lanes(count: int) -> int:
    return 4 if count <= 4 else 8 if count <= 8 else 16


def request_objects(contract: Contract) -> List[Object]:
    """Every object type a request may hold, with at least one property, in the order first met."""
    builder = TypeBuilder(contract)
    for method in contract.methods:
        builder.request(method)
    return [t for t in builder.named.values() if isinstance(t, Object) and t.properties]


def method_request_objects(contract: Contract, method) -> List[Object]:
    """The object types with properties that the request of `method` may hold."""
    builder = TypeBuilder(contract)
    builder.request(method)
    return [t for t in builder.named.values() if isinstance(t, Object) and t.properties]


def request_members(contract: Contract) -> str:
    lines = [
        "// %s" % NOTICE,
        "//",
        "// The known fields of every object of a request, from the request schemas' `properties`",
        "// (scripts/tccontract/swift.py). A decoder reads an object with `ObjectFields<Members.X>`.",
        "",
        "import TournamentCore",
        "import TournamentCoreJSON",
        "",
        "/// The fields of each object of the requests, one enum per object type of schemas/.",
        "enum Members {",
    ]
    objects = request_objects(contract)
    for obj in objects:
        keys = [p.name for p in obj.properties]
        where = "`$defs/%s`" % obj.definition if obj.definition else "the request schema"
        lines.append("    /// The members of `%s` (%s)." % (obj.name, where))
        lines.append("    enum %s: String, RequestFields {" % obj.name)
        cases = ", ".join(case_name(k) for k in keys)
        lines.append("        case %s" % cases)
        lines.append("        typealias Slots = SIMD%d<Int32>" % lanes(len(keys)))
        lines.append("        static let table = JSONKeyTable(keys: allCases.map { $0.rawValue })")
        if obj.keeps_unknown:
            lines.append("        static let keepsUnknownMembers = true")
        lines.append("    }")
        lines.append("")
    lines.append("    /// Makes the key tables of the objects the request of the method at `index` (in the")
    lines.append("    /// contract's order, `MethodRegistry.methods`') may hold (``LazyGlobalPreparation``).")
    lines.append("    static func makeTables(forMethodAt index: Int) {")
    lines.append("        switch index {")
    for number, method in enumerate(contract.methods):
        names = [obj.name for obj in method_request_objects(contract, method)]
        if not names:
            continue
        lines.append("        case %d:  // %s" % (number, method.name))
        for name in names:
            lines.append("            LazyGlobals.keep(%s.table)" % name)
    lines.append("        default:")
    lines.append("            break")
    lines.append("        }")
    lines.append("    }")
    lines.append("")
    lines.append("    /// Every enum above, for tests.")
    lines.append("    static let all: [any RequestFields.Type] = [")
    for obj in objects:
        lines.append("        %s.self," % obj.name)
    lines.append("    ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def method_list(contract: Contract) -> str:
    """Sources/TournamentCoreWire/Methods/MethodList.swift: the registry's list and each wire
    type's method name, from schemas/methods.json."""
    lines = [
        "// %s" % NOTICE,
        "//",
        "// The methods of schemas/methods.json, in its order, and the name each wire type serves",
        "// (scripts/tccontract/swift.py).",
        "",
        "extension MethodRegistry {",
        "    /// The methods in the order `library.info` lists them (the contract's order).",
        "    static let methods: [WireMethodEntry] = [",
    ]
    for method in contract.methods:
        lines.append("        WireMethodEntry(%s.self)," % method.swift_type)
    lines += ["    ]", "}", ""]
    for method in contract.methods:
        lines += [
            "extension %s {" % method.swift_type,
            "    static var name: StaticString { \"%s\" }" % method.name,
            "}",
            "",
        ]
    return "\n".join(lines).rstrip("\n") + "\n"
