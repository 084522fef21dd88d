"""The generated parts of docs/API.md (each method's field tables and spellings, the method index,
the shared types) and of README.md (the method table)."""
from __future__ import annotations

import json
from typing import List, Optional, Set

from . import Contract, Method
from .blocks import replace_block
from .types import Array, Const, Enum, Nullable, Object, Primitive, Property, Type, TypeBuilder, Union, unwrap

INT64_MIN, INT64_MAX = -2 ** 63, 2 ** 63 - 1


def code(value) -> str:
    return "`%s`" % json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def type_anchor(name: str) -> str:
    return name.lower()


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


class Renderer:
    def __init__(self, contract: Contract):
        self.contract = contract
        self.types = TypeBuilder(contract)
        self.shared: List[Object] = []  # definitions linked from the tables, in order of first use
        self._seen: Set[str] = set()
        self.request_types: Set[str] = set()  # shared types used in requests (tables with defaults)
        self.request_side = False

    # -- type text -----------------------------------------------------------------------------

    def type_text(self, built: Type) -> str:
        if isinstance(built, Nullable):
            return "%s or null" % self.type_text(built.wrapped)
        if isinstance(built, Union):
            texts: List[str] = []
            for member in built.members:
                if isinstance(member, Enum):
                    texts += [code(value) for value in member.values]
                else:
                    texts.append(self.type_text(member))
            return ", ".join(texts[:-1]) + " or " + texts[-1]
        if isinstance(built, Const):
            return code(built.value)
        if isinstance(built, Enum):
            values = [code(value) for value in built.values]
            return ", ".join(values[:-1]) + " or " + values[-1] if len(values) > 1 else values[0]
        if isinstance(built, Array):
            text = "array of %s" % self.plural(built.items)
            low, high = built.schema.get("minItems"), built.schema.get("maxItems")
            if low is not None and low == high:
                text += " (%d)" % low
            elif low or high:
                text += " (%s…%s)" % (low or 0, high if high is not None else "")
            return text
        if isinstance(built, Object):
            if built.definition:
                self.link(built)
                return "[%s](#%s)" % (built.name, type_anchor(built.name))
            return "object"
        if isinstance(built, Primitive):
            return self.primitive_text(built)
        raise TypeError(built)

    def plural(self, built: Type) -> str:
        if isinstance(built, Nullable):
            return "%s or null" % self.plural(built.wrapped)
        text = self.type_text(built)
        if isinstance(built, Primitive) and built.kind in ("string", "integer", "number", "boolean") and not built.title:
            return text.replace("string", "strings", 1).replace("integer", "integers", 1).replace(
                "number", "numbers", 1).replace("boolean", "booleans", 1)
        return "objects" if text == "object" else text

    def primitive_text(self, built: Primitive) -> str:
        schema = built.schema
        if built.kind == "any":
            return "any JSON value"
        if built.kind == "integer" and "enum" in schema:
            values = [str(value) for value in schema["enum"]]
            return "integer: " + ", ".join(values)
        if built.kind in ("integer", "number"):
            low, high = built.minimum, built.maximum
            name = built.kind
            if built.title:
                return "%s (%s)" % (name, built.title)
            if built.kind == "integer" and low == INT64_MIN and high == INT64_MAX:
                return name
            if low is not None and (high is None or (built.kind == "integer" and high == INT64_MAX)):
                return "%s ≥ %s" % (name, low)
            if low is not None and high is not None:
                return "%s %s…%s" % (name, low, high)
            return name
        if built.kind == "string":
            if built.title:
                return "string (%s)" % built.title
            if schema.get("minLength") == 1 and "maxLength" not in schema:
                return "non-empty string"
            return "string"
        return built.kind

    def link(self, built: Object) -> None:
        if built.name not in self._seen:
            self._seen.add(built.name)
            self.shared.append(built)
        if self.request_side:
            self.request_types.add(built.name)

    # -- tables --------------------------------------------------------------------------------

    def rows(self, built: Object, prefix: str, request: bool) -> List[List[str]]:
        rows = []
        for prop in built.properties:
            path = prefix + prop.name
            rows.append(self.row(prop, path, request))
            inner = prop.type.wrapped if isinstance(prop.type, Nullable) else prop.type
            if isinstance(inner, Array):
                inner = inner.items.wrapped if isinstance(inner.items, Nullable) else inner.items
                suffix = "[]."
            else:
                suffix = "."
            if isinstance(inner, Object) and not inner.definition:
                rows.extend(self.rows(inner, path + suffix, request))
        return rows

    def row(self, prop: Property, path: str, request: bool) -> List[str]:
        shown = prop.type
        if request and not prop.required and isinstance(shown, Nullable):
            shown = shown.wrapped  # null is the same as absent for an optional request field
        type_text = self.type_text(shown)
        description = prop.schema.get("description") or ""
        if not description and isinstance(unwrap(prop.type), (Primitive, Enum)):
            description = unwrap(prop.type).description or ""
        if request:
            has_default, default = prop.default
            if prop.required:
                default_text = "required"
            elif has_default:
                default_text = code(default)
            elif prop.default_text:
                default_text = prop.default_text
            else:
                default_text = "—"
            return ["`%s`" % path, type_text, default_text, description]
        presence = "always" if prop.required else (prop.schema.get("x-presence") or "when known")
        return ["`%s`" % path, type_text, presence, description]

    def table(self, built: Type, request: bool, prefix: str = "") -> str:
        self.request_side = request
        if isinstance(built, Nullable):
            built = built.wrapped
        header = (["field", "type", "default", "rule"] if request else ["field", "type", "present", "meaning"])
        if not isinstance(built, Object) or not built.properties:
            return "No fields%s.\n" % (": any members are ignored" if request else "")
        if built.definition and prefix == "":
            self.link(built)
        lines = ["| %s |" % " | ".join(header), "|" + "---|" * len(header)]
        for row in self.rows(built, prefix, request):
            lines.append("| %s |" % " | ".join(cell(text) for text in row))
        note = ""
        if built.keeps_unknown:
            note = ("\nMembers not listed here are kept verbatim, after these.\n" if not request else
                    "\nMembers not listed here are kept verbatim.\n")
        return "\n".join(lines) + "\n" + note


def request_block(renderer: Renderer, method: Method) -> str:
    return "Request fields:\n\n" + renderer.table(renderer.types.request(method), True)


def result_block(renderer: Renderer, method: Method) -> str:
    result = renderer.types.result(method)
    if isinstance(result, Object) and result.definition:
        renderer.link(result)
        return "Result: a [%s](#%s).\n" % (result.name, type_anchor(result.name))
    return "Result fields:\n\n" + renderer.table(result, False)


def spellings_block(method: Method) -> str:
    pascal = method.pascal
    rows = [
        ("C", "`%s(request_json)`, or `tc_call(\"%s\", request_json)`" % (method.c_function, method.name)),
        ("Python", "`core.%s(request)`: a `%sRequest` in, a `%sResult` out (`tournamentcore.types`)"
         % (method.snake, pascal, pascal)),
        ("Kotlin", "`core.%s(request)`: a `%sRequest` in, a `%sResult` out; or `core.call(\"%s\", json)`"
         % (method.camel, pascal, pascal, method.name)),
        ("CLI", "`tournament-core %s request.json` (or the request on standard input)" % method.name),
    ]
    lines = ["| | |", "|---|---|"] + ["| %s | %s |" % (name, text) for name, text in rows]
    return "\n".join(lines) + "\n"


def index_block(contract: Contract) -> str:
    lines = ["| method | C function | what it does |", "|---|---|---|"]
    for method in contract.methods:
        lines.append("| [`%s`](#%s) | `%s` | %s |" % (method.name, method.anchor, method.c_function, cell(method.summary)))
    return "\n".join(lines) + "\n"


def shared_types_block(renderer: Renderer) -> str:
    parts = []
    index = 0
    while index < len(renderer.shared):  # tables can link to further types
        built = renderer.shared[index]
        index += 1
        request = built.name in renderer.request_types
        parts.append("### %s\n\n%s%s" % (built.name, (built.description + "\n\n") if built.description else "",
                                          renderer.table(built, request, prefix="") if built.properties else "No fields.\n"))
    return "\n".join(parts)


def api_reference(text: str, contract: Contract) -> str:
    renderer = Renderer(contract)
    blocks = {"method index": index_block(contract)}
    for method in contract.methods:
        blocks["%s request" % method.name] = request_block(renderer, method)
        blocks["%s result" % method.name] = result_block(renderer, method)
        blocks["%s spellings" % method.name] = spellings_block(method)
    blocks["shared types"] = shared_types_block(renderer)

    for method in contract.methods:
        text = _ensure_section(text, method)
    for key, content in blocks.items():
        text = replace_block(text, key, content, "html")
    return text


def _ensure_section(text: str, method: Method) -> str:
    """A method without a section yet gets one before `## Shared types`: its heading and its
    generated blocks, around which its purpose, rules and examples are written by hand."""
    from .blocks import markers
    if markers("%s request" % method.name, "html")[1] in text:
        return text
    position = text.find("\n## Shared types")
    if position < 0:
        raise ValueError("no `## Shared types` heading to place the section of %s before" % method.name)
    skeleton = ["## %s" % method.name, ""]
    for part in ("request", "result", "spellings"):
        begin, end = markers("%s %s" % (method.name, part), "html")
        skeleton += [begin, end, ""]
    return text[:position] + "\n" + "\n".join(skeleton) + "\n---\n" + text[position:]


def readme(text: str, contract: Contract) -> str:
    return replace_block(text, "methods", index_block(contract).replace("](#", "](docs/API.md#"), "html")
