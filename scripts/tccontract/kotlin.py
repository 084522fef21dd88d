"""The typed Kotlin layer: `Types.kt` (a class for every request, result and shared type, and
each one's generated JSON reader and writer) and `TournamentCoreMethods.kt` (one function per
contract method), for Kotlin 1.3 and later over Gson's streaming reader (see
bindings/kotlin/README.md for the mapping)."""
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
        self.built: Dict[str, Type] = {}  # the emitted classes and enums, by name, for their adapters
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
        self.built[built.name] = built
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
        self.built[built.name] = built
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
    """The member's JSON rules, as marks on the class (the generated reader and writer below apply them):
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
        "import com.google.gson.JsonNull",
        "import com.google.gson.annotations.SerializedName",
        "import com.google.gson.stream.JsonReader",
        "",
    ]
    for source in types.emitted.values():
        lines += [source, ""]
    for alias, target in sorted(types.aliases.items()):
        lines += kdoc("The result of `%s`." % next(m.name for m in contract.methods if m.pascal + "Result" == alias), "")
        lines += ["typealias %s = %s" % (alias, target), ""]
    lines += adapters(types)
    return "\n".join(lines).rstrip("\n") + "\n"


# -- The JSON readers and writers ---------------------------------------------------------------
#
# One `internal object <Name>Json : ContractAdapter<Name>` per class and enum of Types.kt: a
# streaming reader (com.google.gson.stream.JsonReader) and writer (Text.kt's JsonOut) written from the
# same types as the classes, with the rules of Json.kt (whose helpers they call: readInt,
# readList, required...). No reflection at run time: the members, their names, whether they may
# be absent or null, and their types are in the generated code.


def adapter_name(name: str) -> str:
    return name + "Json"


def read_expression(types: KotlinTypes, built: Type, owner: str) -> str:
    """A Kotlin expression that reads a value of `built` from `reader`, whose next token is not
    null (the caller has handled null). `owner` (`Type.member`) names the member in errors."""
    if isinstance(built, Nullable):
        return read_expression(types, built.wrapped, owner)
    if isinstance(built, (Union,)) or (isinstance(built, Primitive) and built.kind == "any"):
        return "readElement(reader)"
    if isinstance(built, Const):
        return {"boolean": "readBoolean(reader)", "integer": "readLong(reader)", "number": "readDouble(reader)",
                "string": "readString(reader)"}[built.kind]
    if isinstance(built, (Enum, Object)):
        return "%s.readValue(reader)" % adapter_name(built.name)
    if isinstance(built, Array):
        items = built.items
        if isinstance(items, Nullable):
            return "readListOrNulls(reader) { %s }" % read_expression(types, items.wrapped, owner)
        return "readList(reader, \"%s\") { %s }" % (owner, read_expression(types, items, owner))
    if isinstance(built, Primitive):
        if built.kind == "integer":
            return "readInt(reader)" if built.fits_int32 else "readLong(reader)"
        return {"string": "readString(reader)", "number": "readDouble(reader)", "boolean": "readBoolean(reader)"}[built.kind]
    raise TypeError(built)


def write_statement(types: KotlinTypes, built: Type, value: str, depth: int = 0) -> str:
    """A Kotlin statement that writes `value` (an expression of `built`'s type, not null) to `out`."""
    if isinstance(built, Nullable):
        return write_statement(types, built.wrapped, value, depth)
    if isinstance(built, Union) or (isinstance(built, Primitive) and built.kind == "any"):
        return "writeElement(out, %s)" % value
    if isinstance(built, Const):
        return "writeDouble(out, %s)" % value if built.kind == "number" else "out.value(%s)" % value
    if isinstance(built, (Enum, Object)):
        return "%s.writeValue(out, %s)" % (adapter_name(built.name), value)
    if isinstance(built, Array):
        item = "i%d" % depth
        if isinstance(built.items, Nullable):
            inner = write_statement(types, built.items.wrapped, item, depth + 1)
            return "writeListOrNulls(out, %s) { %s -> %s }" % (value, item, inner)
        return "writeList(out, %s) { %s -> %s }" % (value, item, write_statement(types, built.items, item, depth + 1))
    if isinstance(built, Primitive):
        if built.kind == "integer":
            return "out.value(%s.toLong())" % value if built.fits_int32 else "out.value(%s)" % value
        if built.kind == "number":
            return "writeDouble(out, %s)" % value
        return "out.value(%s)" % value
    raise TypeError(built)


def is_element(built: Type) -> bool:
    inner = unwrap(built)
    return isinstance(inner, Union) or (isinstance(inner, Primitive) and inner.kind == "any")


def zero(kotlin: str) -> str:
    """The placeholder of a required primitive before it is read (never used unread: the presence
    mask is checked first); references start as null."""
    return {"Int": "0", "Long": "0L", "Double": "0.0", "Boolean": "false"}.get(kotlin, "null")


def enum_adapter(built: Enum) -> List[str]:
    name = built.name
    constants = [constant(value) for value in built.values]
    listed = ", ".join(built.values)
    lines = [
        "internal object %s : ContractAdapter<%s>() {" % (adapter_name(name), name),
        "    override fun readValue(reader: JsonReader): %s =" % name,
        "        when (val text = readEnumText(reader, \"%s\")) {" % name,
    ]
    for value, constant_name in zip(built.values, constants):
        lines.append("            %s -> %s.%s" % (_string(value), name, constant_name))
    lines += [
        "            else -> throw unknownEnumValue(reader, \"%s\", %s, text)" % (name, _string(listed)),
        "        }",
        "",
        "    override fun writeValue(out: JsonOut, value: %s) {" % name,
        "        out.value(jsonValue(value))",
        "    }",
        "",
        "    /** The JSON value of [value]. */",
        "    fun jsonValue(value: %s): String = when (value) {" % name,
    ]
    for value, constant_name in zip(built.values, constants):
        lines.append("        %s.%s -> %s" % (name, constant_name, _string(value)))
    lines += ["    }", "}"]
    return lines


def object_adapter(types: KotlinTypes, built: Object) -> List[str]:
    name = built.name
    json_name = adapter_name(name)
    lines = ["internal object %s : ContractAdapter<%s>() {" % (json_name, name)]
    if not built.properties and not built.keeps_unknown:
        lines += [
            "    override fun readValue(reader: JsonReader): %s {" % name,
            "        beginObject(reader, \"%s\")" % name,
            "        while (reader.hasNext()) {",
            "            reader.nextName()",
            "            reader.skipValue()   // the contract's forward compatibility: unknown members are ignored",
            "        }",
            "        reader.endObject()",
            "        return %s()" % name,
            "    }",
            "",
            "    override fun writeValue(out: JsonOut, value: %s) {" % name,
            "        out.beginObject()",
            "        out.endObject()",
            "    }",
            "}",
        ]
        return lines
    present = [prop for prop in built.properties if prop.required]
    if len(present) > 63:
        raise ContractError("%s: more than 63 required members (the Kotlin reader's presence mask is a Long)" % name)
    mask_type, one = ("Int", "1") if len(present) <= 31 else ("Long", "1L")
    lines.append("    private val members = arrayOf(%s)" % ", ".join(_string(p.name) for p in built.properties))
    if present:
        lines.append("    private val required = arrayOf(%s)" % ", ".join(_string(p.name) for p in present))
    if built.keeps_unknown:
        lines.append("    private val known = hashSetOf(%s)" % ", ".join(_string(p.name) for p in built.properties))
    lines += ["", "    override fun readValue(reader: JsonReader): %s {" % name,
              "        beginObject(reader, \"%s\")" % name]
    kotlin_types = []
    for index, prop in enumerate(built.properties):
        kotlin = types.kotlin_type(prop.type)
        nullable = kotlin.endswith("?") or not prop.required
        kotlin = kotlin.rstrip("?")
        kotlin_types.append((kotlin, nullable))
        if nullable:
            lines.append("        var p%d: %s? = null" % (index, kotlin))
        else:
            placeholder = zero(kotlin)
            lines.append("        var p%d: %s%s = %s" % (index, kotlin, "?" if placeholder == "null" else "", placeholder))
    if built.keeps_unknown:
        lines.append("        var extra: LinkedHashMap<String, JsonElement>? = null")
    if present:
        lines.append("        var seen: %s = 0" % mask_type + ("L" if mask_type == "Long" else ""))
        lines.append("        var last: String? = null")
    # Members usually come in the schema's order (the core writes them so): the name is compared
    # with the member expected next, and looked up by hash (memberIndex) only when it is not that one.
    lines.append("        var next = 0")
    lines.append("        while (reader.hasNext()) {")
    lines.append("            val name = reader.nextName()")
    if present:
        lines.append("            last = name")
    lines.append("            val member = if (next < members.size && name == members[next]) next else memberIndex(name)")
    lines.append("            if (member >= 0) next = member + 1")
    lines.append("            when (member) {")
    for index, prop in enumerate(built.properties):
        owner = "%s.%s" % (name, prop.name)
        read = read_expression(types, prop.type, owner)
        kotlin, nullable = kotlin_types[index]
        if nullable:
            assignment = "p%d = if (nextIsNull(reader)) null else %s" % (index, read)
        else:
            assignment = "requireValue(reader, \"%s\"); p%d = %s" % (owner, index, read)
        if prop.required:
            bit = present.index(prop)
            lines.append("                %d -> { %s; seen = seen or (%s shl %d) }" % (index, assignment, one, bit))
        else:
            lines.append("                %d -> %s" % (index, assignment))
    if built.keeps_unknown:
        lines.append("                else -> extra = keepMember(extra, name, reader)")
    else:
        lines.append("                else -> reader.skipValue()   // the contract's forward compatibility: unknown members are ignored")
    lines.append("            }")
    lines.append("        }")
    if present:
        full = (1 << len(present)) - 1
        lines.append("        if (seen != %s) throw missingMember(reader, last, \"%s\", required, seen.toLong())"
                     % (str(full) + ("L" if mask_type == "Long" else ""), name))
    lines.append("        reader.endObject()")
    arguments = []
    for index, prop in enumerate(built.properties):
        kotlin, nullable = kotlin_types[index]
        arguments.append("p%d%s" % (index, "!!" if not nullable and zero(kotlin) == "null" else ""))
    if built.keeps_unknown:
        arguments.append("extra ?: emptyMap<String, JsonElement>()")
    lines.append("        return %s(%s)" % (name, ", ".join(arguments)))
    lines.append("    }")
    lines.append("")
    lines.append("    /** The index of the member named [name] in [members], or -1 for a name the class does not declare. */")
    lines.append("    private fun memberIndex(name: String): Int = when (name) {")
    for index, prop in enumerate(built.properties):
        lines.append("        %s -> %d" % (_string(prop.name), index))
    lines.append("        else -> -1")
    lines.append("    }")
    lines += ["", "    override fun writeValue(out: JsonOut, value: %s) {" % name, "        out.beginObject()"]
    for index, prop in enumerate(built.properties):
        member = "value.%s" % identifier(prop.name)
        owner = "%s.%s" % (name, prop.name)
        element = is_element(prop.type)
        if not prop.required:
            condition = "v%d != null && v%d !is JsonNull" % (index, index) if element else "v%d != null" % index
            lines.append("        val v%d = %s" % (index, member))
            lines.append("        if (%s) {" % condition)
            lines.append("            out.name(%s)" % _string(prop.name))
            lines.append("            %s" % write_statement(types, prop.type, "v%d" % index))
            lines.append("        }")
        elif isinstance(prop.type, Nullable):
            lines.append("        val v%d = %s" % (index, member))
            lines.append("        out.name(%s)" % _string(prop.name))
            lines.append("        if (v%d == null) out.nullValue() else %s" % (index, write_statement(types, prop.type, "v%d" % index)))
        elif element:
            lines.append("        writeRequiredElement(out, %s, %s, %s)" % (_string(prop.name), member, _string(owner)))
        else:
            lines.append("        out.name(%s)" % _string(prop.name))
            lines.append("        %s" % write_statement(types, prop.type, member))
    if built.keeps_unknown:
        lines.append("        writeExtra(out, value.extra, known)")
    lines += ["        out.endObject()", "    }", "}"]
    return lines


def adapters(types: KotlinTypes) -> List[str]:
    lines = [
        "// -- The JSON readers and writers: one per class and enum above, with the rules of Json.kt ------",
        "",
    ]
    for name, built in types.built.items():
        lines += kdoc("`%s`'s JSON reader and writer." % name, "")
        lines += (enum_adapter(built) if isinstance(built, Enum) else object_adapter(types, built))
        lines.append("")
    lines += kdoc("Every class and enum of this file and its reader and writer, for TournamentCoreJson's Gson.", "")
    lines.append("internal val contractAdapters: Map<Class<*>, ContractAdapter<*>> = hashMapOf(")
    entries = ["    %s::class.java to %s" % (name, adapter_name(name)) for name in types.built]
    lines.append(",\n".join(entries))
    lines.append(")")
    return lines


def methods_file(contract: Contract) -> str:
    types = KotlinTypes(contract)
    builder = types.builder
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
        "    /** Calls [method] with [request], written by [requestJson], and reads the result with [resultJson]. */",
        "    internal abstract fun <Q : Any, R : Any> typedCall(method: String, request: Q, requestJson: ContractAdapter<Q>,",
        "        resultJson: ContractAdapter<R>): R",
    ]
    for method in contract.methods:
        request = builder.request(method)
        optional = not any(prop.required for prop in request.properties)
        parameter = "request: %s%s" % (request.name, " = %s()" % request.name if optional else "")
        lines.append("")
        lines += kdoc("`%s`: %s See docs/API.md#%s." % (method.name, method.summary, method.anchor), "    ")
        lines.append("    fun %s(%s): %sResult =" % (method.camel, parameter, method.pascal))
        result = types.kotlin_type(builder.result(method)).rstrip("?")
        lines.append("        typedCall(\"%s\", request, %s, %s)" % (method.name, adapter_name(request.name), adapter_name(result)))
    lines.append("}")
    return "\n".join(lines) + "\n"
