"""The typed Kotlin layer: `Types.kt` (a class for every request, result and shared type) and
`TournamentCoreMethods.kt` (one function per contract method), for Kotlin 1.3 and later over
Gson (see bindings/kotlin/README.md for the mapping)."""
from __future__ import annotations

import textwrap
from typing import Dict, List

from . import Contract, ContractError, pascal
from .blocks import NOTICE
from .types import Array, Const, Enum, Nullable, Object, Primitive, Type, TypeBuilder, Union, unwrap

HARD_KEYWORDS = {"as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
                 "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias",
                 "typeof", "val", "var", "when", "while"}


def kdoc(text: str, indent: str) -> List[str]:
    text = text.replace("*/", "*&#47;")
    lines = textwrap.wrap(text, width=100 - len(indent) - 3, break_long_words=False, break_on_hyphens=False)
    if len(lines) == 1:
        return ["%s/** %s */" % (indent, lines[0])]
    return ["%s/**" % indent] + ["%s * %s" % (indent, line) for line in lines] + ["%s */" % indent]


def identifier(name: str) -> str:
    return "`%s`" % name if name in HARD_KEYWORDS else name


def constant(value: str) -> str:
    """`thirtyDays` -> `THIRTY_DAYS`, `checkmark.circle` -> `CHECKMARK_CIRCLE`, `IN_PROGRESS` stays."""
    import re
    text = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", value)
    text = re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").upper()
    if not text or text[0].isdigit():
        text = "V_" + text
    return text


class KotlinTypes:
    def __init__(self, contract: Contract):
        self.contract = contract
        self.builder = TypeBuilder(contract)
        self.emitted: Dict[str, str] = {}
        self.aliases: Dict[str, str] = {}

    def kotlin_type(self, built: Type) -> str:
        if isinstance(built, Nullable):
            return self.kotlin_type(built.wrapped) + "?"
        if isinstance(built, Union):
            return "JsonElement"
        if isinstance(built, Const):
            return {"boolean": "Boolean", "integer": "Long", "number": "Double", "string": "String"}[built.kind]
        if isinstance(built, Enum):
            self.emit_enum(built)
            return built.name
        if isinstance(built, Array):
            return "List<%s>" % self.kotlin_type(built.items)
        if isinstance(built, Object):
            self.emit_object(built)
            return built.name
        if isinstance(built, Primitive):
            if built.kind == "integer":
                return "Int" if built.fits_int32 else "Long"
            return {"string": "String", "number": "Double", "boolean": "Boolean", "any": "JsonElement"}[built.kind]
        raise TypeError(built)

    def emit_enum(self, built: Enum) -> None:
        if built.name in self.emitted:
            return
        lines = kdoc(built.description or "The values of `%s`." % built.name, "")
        lines.append("enum class %s {" % built.name)
        constants = [constant(value) for value in built.values]
        if len(set(constants)) != len(constants):
            raise ContractError("%s: two values make the same Kotlin constant" % built.name)
        for value, name in zip(built.values, constants):
            lines.append("    @SerializedName(%s) %s," % (_string(value), name))
        lines.append("}")
        self.emitted[built.name] = "\n".join(lines)

    def emit_object(self, built: Object) -> None:
        if built.name in self.emitted:
            return
        self.emitted[built.name] = ""  # its place (and recursion)
        description = built.description or ""
        lines = kdoc(description, "") if description else []
        if not built.properties and not built.keeps_unknown:
            lines.append("class %s" % built.name)
            self.emitted[built.name] = "\n".join(lines)
            return
        lines.append("data class %s(" % built.name)
        for prop in built.properties:
            kotlin = self.kotlin_type(prop.type)
            optional = not prop.required
            if optional and not kotlin.endswith("?"):
                kotlin += "?"
            if prop.description:
                lines += kdoc(prop.description, "    ")
            lines.append("    %sval %s: %s%s," % (annotations(prop), identifier(prop.name), kotlin, " = null" if optional else ""))
        if built.keeps_unknown:
            lines += kdoc("The members the contract does not know, kept verbatim, in their order.", "    ")
            lines.append("    @Transient override val extra: Map<String, JsonElement> = emptyMap()")
            lines.append(") : KeepsUnknownMembers")
        else:
            lines[-1] = lines[-1].rstrip(",")
            lines.append(")")
        self.emitted[built.name] = "\n".join(lines)


def annotations(prop) -> str:
    """The member's JSON rules, which the binding's Gson adapters read at run time (Json.kt):
    `@MayBeAbsent` an optional member (absent reads as null; null is written by omitting it),
    `@MayBeNull` a required member that may be null (written as `null`), `@ItemsMayBeNull` a list
    whose items may be null. A member without them must be present and not null."""
    marks = []
    if not prop.required:
        marks.append("@MayBeAbsent")
    elif isinstance(prop.type, Nullable):
        marks.append("@MayBeNull")
    items = unwrap(prop.type)
    if isinstance(items, Array) and isinstance(items.items, Nullable):
        marks.append("@ItemsMayBeNull")
    return "".join(mark + " " for mark in marks)


def _string(value: str) -> str:
    return '"%s"' % value.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")


def types_file(contract: Contract) -> str:
    types = KotlinTypes(contract)
    for method in contract.methods:
        types.kotlin_type(types.builder.request(method))
        result = types.builder.result(method)
        result_name = types.kotlin_type(result).rstrip("?")
        if result_name != method.pascal + "Result":
            types.aliases[method.pascal + "Result"] = result_name
    lines = [
        "// %s" % NOTICE,
        "@file:Suppress(\"unused\")",
        "",
        "package tournamentcore",
        "",
        "import com.google.gson.JsonElement",
        "import com.google.gson.annotations.SerializedName",
        "",
    ]
    for source in types.emitted.values():
        lines += [source, ""]
    for alias, target in sorted(types.aliases.items()):
        lines += kdoc("The result of `%s`." % next(m.name for m in contract.methods if m.pascal + "Result" == alias), "")
        lines += ["typealias %s = %s" % (alias, target), ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def methods_file(contract: Contract) -> str:
    builder = TypeBuilder(contract)
    lines = [
        "// %s" % NOTICE,
        "package tournamentcore",
        "",
        "/**",
        " * One typed function per TournamentCore method, over [call]. Each returns the method's result or",
        " * throws [TournamentCoreException] for an error response. [TournamentCore] implements it.",
        " */",
        "abstract class TournamentCoreMethods internal constructor() {",
        "    /** The `result` JSON text of calling [method] with [request] (JSON text). */",
        "    abstract fun call(method: String, request: String): String",
        "",
        "    internal abstract fun encode(request: Any): String",
        "",
        "    internal abstract fun <T> decode(result: String, type: Class<T>): T",
    ]
    for method in contract.methods:
        request = builder.request(method)
        optional = not any(prop.required for prop in request.properties)
        parameter = "request: %s%s" % (request.name, " = %s()" % request.name if optional else "")
        lines.append("")
        lines += kdoc("`%s`: %s See docs/API.md#%s." % (method.name, method.summary, method.anchor), "    ")
        lines.append("    fun %s(%s): %sResult =" % (method.camel, parameter, method.pascal))
        lines.append("        decode(call(\"%s\", encode(request)), %sResult::class.java)" % (method.name, method.pascal))
    lines.append("}")
    return "\n".join(lines) + "\n"
