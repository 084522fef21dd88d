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

from . import ROOT, Contract, pascal
from .blocks import NOTICE
from .types import Array, Enum, Nullable, Object, Primitive, TypeBuilder, Union, unwrap

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


def objects_in_arrays(objects: List[Object]) -> set:
    """The names of the object types an array holds, directly or inside another object it holds:
    the others occur at most once in a request (RequestFields.occursOnce)."""
    inside: set = set()
    seen: set = set()

    def visit(built, in_array: bool) -> None:
        built = unwrap(built)
        if isinstance(built, Array):
            visit(built.items, True)
        elif isinstance(built, Union):
            for member in built.members:
                visit(member, in_array)
        elif isinstance(built, Object):
            if (built.name, in_array) in seen:
                return
            seen.add((built.name, in_array))
            if in_array:
                inside.add(built.name)
            for p in built.properties:
                visit(p.type, in_array)

    for obj in objects:
        visit(obj, False)
    return inside


def request_members(contract: Contract) -> str:
    lines = [
        "// %s" % NOTICE,
        "//",
        "// The known fields of every object of a request, from the request schemas' `properties`",
        "// (scripts/tccontract/swift.py). A reader finds an object's members by `Members.X`.",
        "",
        "import TournamentCore",
        "import TournamentCoreJSON",
        "",
        "/// The fields of each object of the requests, one enum per object type of schemas/.",
        "enum Members {",
    ]
    objects = request_objects(contract)
    in_arrays = objects_in_arrays(objects)
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
        required = sum(1 << i for i, p in enumerate(obj.properties) if p.required)
        if required:
            lines.append("        static var requiredSlots: UInt64 { 0b%s }" % format(required, "b"))
        if obj.name not in in_arrays:
            lines.append("        static var occursOnce: Bool { true }")
        lines.append("")
        if obj.check_order != keys:
            lines.append("        /// In `x-checkOrder`'s order.")
        lines.append("        @inline(always)")
        lines.append("        static func forEachInCheckOrder<Failure: Error>(_ body: (Self) throws(Failure) -> Void) throws(Failure) {")
        for key in obj.check_order:
            lines.append("            try body(.%s)" % case_name(key))
        lines.append("        }")
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


def preparation_slots() -> int:
    """TC_CALL_SCOPE_PREPARED of embedded/include/tc_call_scope.h: how many indexes
    tc_call_scope_prepare keeps (one for the globals every call reads, one per method)."""
    header = (ROOT / "embedded" / "include" / "tc_call_scope.h").read_text(encoding="utf-8")
    match = re.search(r"^#define TC_CALL_SCOPE_PREPARED ([0-9]+)$", header, re.M)
    if match is None:
        raise ValueError("no TC_CALL_SCOPE_PREPARED in embedded/include/tc_call_scope.h")
    return int(match.group(1))


def method_list(contract: Contract) -> str:
    """Sources/TournamentCoreWire/Methods/MethodList.swift: the registry's list and each wire
    type's method name, from schemas/methods.json."""
    prepared = preparation_slots()
    if len(contract.methods) + 1 > prepared:
        # (LazyGlobalPreparation: slot 0 for what every call reads, then one per method.)
        raise ValueError("%d methods need %d preparation slots; embedded/include/tc_call_scope.h has "
                         "TC_CALL_SCOPE_PREPARED %d: raise it" % (len(contract.methods), len(contract.methods) + 1, prepared))
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


class Unsupported(Exception):
    """A member whose checks a generated decoder does not make (yet): its object gets none."""


# The wire layer's checks of the strings whose definition has a `pattern` or a `maxLength` (by
# the definition's `title`): each names what is wrong with a text's bytes, nil when nothing is.
CHECKED_TEXTS = {"guest ID": "GuestID.problem(in:)", "document ID": "DocumentID.problem(withUTF8:)"}

KIND_WORDS = {"Enum": "an enumeration", "Union": "a union of types", "Const": "a constant", "Nullable": "a nullable value"}

INT64_MIN, INT64_MAX = -2 ** 63, 2 ** 63 - 1


# Schema keywords that state no check (words, defaults, the generators' own `x-` keys).
UNCHECKED_KEYWORDS = {"type", "items", "title", "description", "default", "examples", "$comment"}


def require_checked(schema, checked) -> None:
    """Raises `Unsupported` for a keyword of `schema` that states a check the generated decoder
    does not make (`checked`: those it makes for this kind of value)."""
    for keyword in schema:
        if keyword not in UNCHECKED_KEYWORDS and keyword not in checked and not keyword.startswith("x-"):
            raise Unsupported("`%s`" % keyword)


def stream_name(prop) -> str:
    return prop.name[0].upper() + prop.name[1:]


def choice_case(value: str) -> str:
    """The Swift case of an enumeration's value: `sevenDays` as it is, `HOME_TEAM` -> `homeTeam`."""
    if "_" in value or value.isupper():
        words = value.lower().split("_")
        value = words[0] + "".join(word.capitalize() for word in words[1:])
    return case_name(value[0].lower() + value[1:])


def listing(items: List[str]) -> str:
    """What an error says a value was expected to be: `a or b`, `a, b or c`; past four items,
    `one of a, b, c, d, e`."""
    if len(items) > 4:
        return "one of " + ", ".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def swift_string(text: str) -> str:
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


def union_choice(t: Union):
    """(the enumeration, the integer) of a union of a string enumeration and an integer; else
    `Unsupported`."""
    enums = [m for m in t.members if isinstance(m, Enum)]
    integers = [m for m in t.members if isinstance(m, Primitive) and m.kind == "integer"]
    if len(t.members) != 2 or len(enums) != 1 or len(integers) != 1:
        raise Unsupported("a union of types other than an enumeration and an integer")
    require_checked(integers[0].schema, set())
    return enums[0], integers[0]


def exclusion_message(pair) -> str:
    """The message of an `x-exclusive` pair: its own (a third element), else one naming the sides."""
    if len(pair) == 3:
        return pair[2]
    sides = [" and ".join(side) if isinstance(side, list) else side for side in pair]
    return "Give either %s or %s, not both." % (sides[0], sides[1])


def request_values(contract: Contract) -> str:
    """Sources/TournamentCoreWire/Decoding/RequestValues.swift: per request object, a struct of its
    members as a `RequestReader` reads them and one generic decoder, from the schema's types,
    ranges, required members, nullability, string enumerations, check order (via `Members`),
    `x-keepsUnknownMembers`, `x-stream`, `x-skipInvalidItemsWhen` and `x-exclusive`; per
    enumeration, a `RequestChoice`.

    An object gets a decoder only when the decoder makes every check its schema states: a member
    of a kind listed in `Unsupported` (a constant, a union of other types, exclusive bounds...)
    leaves its object (and the objects holding it) to a hand-written decoder, and the file says
    which."""
    objects = request_objects(contract)
    supported: dict = {}
    reasons: dict = {}
    choices: dict = {}

    def streams(obj: Object) -> List:
        return [p for p in obj.properties if p.schema.get("x-stream")]

    def optional_streams(obj: Object) -> List:
        """The streamed arrays that a request may leave out or give as null."""
        return [p for p in streams(obj) if not p.required or isinstance(p.type, Nullable)]

    def sinks(obj: Object) -> List:
        """The accumulators a decoder of `obj` is given: per streamed array, (parameter, generic
        parameter, its constraint, whether the constraint has a `Text` of its own); then those of
        each object member whose decoder is given some, named after the member (`setupARounds`)."""
        result = []
        for p in obj.properties:
            inner = unwrap(p.type)
            if p.schema.get("x-stream"):
                items = inner.items
                if isinstance(items, Object) and streams(items):
                    result.append((p.name, stream_name(p), "Requests.%sStream<Text>" % items.name, True))
                else:
                    result.append((p.name, stream_name(p), "RequestAccumulator<%s>" % stream_element(p), False))
            elif isinstance(inner, Object):
                for name, generic, constraint, texted in sinks(inner):
                    result.append((p.name + pascal(name), pascal(p.name) + generic, constraint, texted))
        return result

    def stream_element(p) -> str:
        """The Swift type of a streamed array's element."""
        items = unwrap(p.type).items
        return "Requests.%s<Text>" % items.name if isinstance(items, Object) else element_swift(items)

    def element_swift(t, member: bool = False) -> str:
        """The Swift type of a value of type `t` (not nullable) in a struct generic over Text; an
        object whose decoder is given accumulators only as an object's `member`, which passes
        them on (not as an array's element: its elements would share them)."""
        t = unwrap(t)
        if isinstance(t, Primitive):
            if t.kind == "string":
                return "Text"
            if t.kind == "integer":
                return "Int64"
            if t.kind == "number":
                return "Double"
            if t.kind == "boolean":
                return "Bool"
            raise Unsupported("a value of any type")
        if isinstance(t, Enum):
            choices[t.name] = t
            return "Requests.%s" % t.name
        if isinstance(t, Union):
            choice, _ = union_choice(t)
            choices[choice.name] = choice
            return "ChoiceOrInteger<Requests.%s>" % choice.name
        if isinstance(t, Object):
            check(t)
            if sinks(t) and not member:
                raise Unsupported("%s streams an array, and is not the element of a streamed array" % t.name)
            return "Requests.%s<Text>" % t.name
        if isinstance(t, Array):
            require_checked(t.schema, set())
            if isinstance(unwrap(t.items), Array):
                raise Unsupported("an array of arrays")
            optional = "?" if isinstance(t.items, Nullable) else ""
            return "[%s%s]" % (element_swift(t.items), optional)
        raise Unsupported(KIND_WORDS[type(t).__name__])

    def read_expression(t) -> str:
        """Reads a value of type `t` (not null) with `reader`."""
        t = unwrap(t)
        if isinstance(t, Primitive):
            schema = t.schema
            checked = {"string": {"minLength", "maxLength", "pattern"}, "integer": {"minimum", "maximum"},
                       "number": {"minimum", "maximum"}}.get(t.kind, set())
            require_checked(schema, checked)
            if t.kind == "string":
                if schema.get("maxLength") is not None or schema.get("pattern") is not None:
                    if t.title not in CHECKED_TEXTS:
                        raise Unsupported("a string with a pattern or a maximum length that CHECKED_TEXTS does not name")
                    return "reader.text(refusing: %s)" % CHECKED_TEXTS[t.title]
                if schema.get("minLength", 0) > 1:
                    raise Unsupported("a string with a minimum length above 1")
                return "reader.nonEmptyText()" if schema.get("minLength", 0) == 1 else "reader.text()"
            if t.kind == "integer":
                low, high = schema.get("minimum", INT64_MIN), schema.get("maximum", INT64_MAX)
                if (low, high) == (INT64_MIN, INT64_MAX):
                    return "reader.int64(in: Int64.min...Int64.max)"
                return "reader.int64(in: %s...%s)" % (int_literal(low), int_literal(high))
            if t.kind == "number":
                low, high = schema.get("minimum"), schema.get("maximum")
                return "reader.double(in: %s...%s)" % (
                    "-Double.greatestFiniteMagnitude" if low is None else repr(float(low)),
                    "Double.greatestFiniteMagnitude" if high is None else repr(float(high)))
            if t.kind == "boolean":
                return "reader.bool()"
        if isinstance(t, Enum):
            return "reader.choice(Requests.%s.self)" % t.name
        if isinstance(t, Union):
            choice, integer = union_choice(t)
            words = [swift_quote(v) for v in choice.values] + ["a " + integer.title if integer.title else "an integer"]
            return "reader.choiceOrInteger(Requests.%s.self, expected: %s)" % (choice.name, swift_string(listing(words)))
        if isinstance(t, Object):
            return "Requests.%s.read(&reader)" % t.name
        raise Unsupported(KIND_WORDS[type(t).__name__])

    def check(obj: Object) -> None:
        if obj.name in supported:
            if not supported[obj.name]:
                raise Unsupported(reasons[obj.name])
            return
        supported[obj.name] = True
        try:
            for p in obj.properties:
                if p.schema.get("x-stream"):
                    if not isinstance(unwrap(p.type), Array) or isinstance(unwrap(p.type).items, Nullable):
                        raise Unsupported("`x-stream` on %s, not an array of values" % p.name)
                    items = unwrap(p.type).items
                    if isinstance(items, Object):
                        check(items)  # its own streams are passed down (`Stream` protocols)
                    else:
                        element_swift(items)
                    read_expression(items)
                    continue
                skip = p.schema.get("x-skipInvalidItemsWhen")
                if skip:
                    (member, value), = skip.items()
                    by = next((q for q in obj.properties if q.name == member), None)
                    if (not isinstance(unwrap(p.type), Array) or p.schema.get("x-stream") or by is None
                            or not isinstance(unwrap(by.type), Enum) or value not in unwrap(by.type).values
                            or obj.check_order.index(member) > obj.check_order.index(p.name)):
                        raise Unsupported("`x-skipInvalidItemsWhen` on %s: not an array after an enumeration" % p.name)
                element_swift(p.type, member=True)
                inner = unwrap(p.type)
                read_expression(inner.items if isinstance(inner, Array) else inner)
        except Unsupported as error:
            supported[obj.name] = False
            reasons[obj.name] = str(error) if ": " in str(error) else "%s: %s" % (obj.name, error)
            raise Unsupported(reasons[obj.name])

    for obj in objects:
        try:
            check(obj)
        except Unsupported:
            pass

    lines = [
        "// %s" % NOTICE,
        "//",
        "// Each request object's members as a `RequestReader` reads them, and its decoder",
        "// (scripts/tccontract/swift.py): one decoder for the document path and the cursor path.",
        "// A member absent or null is nil (a streamed array: its accumulator left empty); defaults",
        "// are the rules'.",
        "",
        "@_spi(Wire) import TournamentCore",
        "import TournamentCoreJSON",
        "",
        "/// The request objects as read, one struct per object type of schemas/ whose checks a",
        "/// generated decoder makes, and the string enumerations they hold.",
        "enum Requests {}",
    ]
    for name in sorted(choices):
        choice = choices[name]
        lines += ["", "extension Requests {"]
        lines.append("    /// The string enumeration `%s`." % name)
        lines.append("    enum %s: RequestChoice {" % name)
        lines.append("        case %s" % ", ".join(choice_case(v) for v in choice.values))
        lines.append("")
        expected = [swift_quote(v) for v in choice.values] + (["null"] if choice.null_is_value else [])
        lines.append("        static var expected: StaticString { %s }" % swift_string(listing(expected)))
        lines.append("")
        lines.append("        @inline(always)")
        lines.append("        static func named(_ name: UnsafeBufferPointer<UInt8>) -> Self? {")
        lines.append("            %s" % " : ".join("spells(name, %s) ? .%s" % (swift_string(v), choice_case(v)) for v in choice.values) + " : nil")
        lines.append("        }")
        lines.append("    }")
        lines.append("}")
    skipped = [obj for obj in objects if not supported[obj.name]]
    stream_protocols = set()
    for obj in objects:
        if not supported[obj.name]:
            continue
        fields = "Members.%s" % obj.name
        where = "`$defs/%s`" % obj.definition if obj.definition else "the request schema"
        skips = [p for p in obj.properties if p.schema.get("x-skipInvalidItemsWhen")]
        stored = [p for p in obj.properties if not p.schema.get("x-stream")]
        lines += ["", "extension Requests {"]
        lines.append("    /// `%s` (%s) as read%s." % (obj.name, where, " (its streamed arrays: to the accumulators its decoder is given)" if streams(obj) else ""))
        lines.append("    struct %s<Text> {" % obj.name)
        for p in stored:
            name = case_name(p.name)
            swift_type = element_swift(p.type, member=True)
            optional = not p.required or isinstance(p.type, Nullable)
            lines.append("        var %s: %s%s" % (name, swift_type, "?" if optional else ""))
        for p in optional_streams(obj):
            lines.append("        /// Whether `%s` was given (neither absent nor null): its elements went to the accumulator." % p.name)
            lines.append("        var %sGiven: Bool" % p.name)
        for p in skips:
            lines.append("        /// The elements of `%s` left out (`x-skipInvalidItemsWhen`)." % p.name)
            lines.append("        var %sSkipped: [SkippedElement]" % p.name)
        if obj.keeps_unknown:
            lines.append("        /// Where the reader keeps the object's unknown members (``RequestReader/writeUnknownMembers(_:into:)``).")
            lines.append("        var unknownMembers: Range<Int>")
        lines.append("    }")
        nested = [p for p in streams(obj) if isinstance(unwrap(p.type).items, Object) and streams(unwrap(p.type).items)]
        for p in nested:
            items = unwrap(p.type).items
            if items.name in stream_protocols:
                continue
            stream_protocols.add(items.name)
            lines.append("")
            lines.append("    /// An accumulator of `%s`s whose own streamed arrays are added to its members of the" % items.name)
            lines.append("    /// same names, each element's before the element itself.")
            lines.append("    protocol %sStream<Text>: RequestAccumulator where Element == Requests.%s<Text> {" % (items.name, items.name))
            lines.append("        associatedtype Text")
            for q in streams(items):
                lines.append("        associatedtype %s: RequestAccumulator<%s>" % (stream_name(q), stream_element(q).replace("<Text>", "<Text>")))
                lines.append("        var %s: %s { get set }" % (case_name(q.name), stream_name(q)))
            lines.append("    }")
        lines.append("}")
        lines.append("")
        visit = "(inout Reader, %s) throws(Reader.Failure) -> Void" % fields
        given = sinks(obj)
        if given:
            generic_list = ", ".join(["Reader: RequestReader"] + ["%s: %s" % (generic, constraint) for _, generic, constraint, _ in given])
            sink_parameters = "".join(", %s: inout %s" % (case_name(name), generic) for name, generic, _, _ in given)
            sink_arguments = "".join(", %s: &%s" % (name, case_name(name)) for name, _, _, _ in given)
            where_clause = "where Reader.Text == Text" + "".join(", %s.Text == Text" % generic for _, generic, _, texted in given if texted)
            lines += ["extension Requests.%s {" % obj.name, "    typealias Field = %s" % fields]
            entries = [("Reads the object here, adding its streamed arrays' elements to the accumulators given.",
                        "", "visit"),
                       ("The same, for one of an array's objects, with the array's `hints`.",
                        ", hints: inout Reader.ObjectHints", "hints: &hints, visit")]
            # An object that is some object's member (not an array's element) and streams: each
            # member of its type reads a whole stream, so one copy of its decoder serves them all.
            shared = any(not q.schema.get("x-stream") and isinstance(unwrap(q.type), Object) and unwrap(q.type).name == obj.name
                         for other in objects for q in other.properties)
            for words, hints, call in entries:
                lines += [
                    "",
                    "    /// %s" % words,
                    "    @inline(never)  // one copy for every member of this type: each reads a whole stream" if shared and not hints else "    @inline(always)",
                    "    static func read<%s>(_ reader: inout Reader%s%s) throws(Reader.Failure) -> Self %s {" % (
                        generic_list, hints, sink_parameters, where_clause),
                    "        try read(&reader%s) { (reader: inout Reader, visit: %s) throws(Reader.Failure) -> Range<Int> in" % (sink_arguments, visit),
                    "            try reader.readObject(Field.self, %s)" % call,
                    "        }",
                    "    }",
                ]
            lines += [
                "",
                "    /// The decoder: each member read as the schema says, its members visited by `readObject`.",
                "    @inline(always)",
                "    static func read<%s>(_ reader: inout Reader%s, visitingWith readObject: (inout Reader, %s) throws(Reader.Failure) -> Range<Int>)"
                " throws(Reader.Failure) -> Self %s {" % (generic_list, sink_parameters, visit, where_clause),
            ]
        else:
            lines += [
                "extension Requests.%s: GeneratedRequest {" % obj.name,
                "    typealias Field = %s" % fields,
                "",
                "    /// The decoder: each member read as the schema says (``GeneratedRequest``).",
                "    @inline(always)",
                "    static func read<Reader: RequestReader>(_ reader: inout Reader, visitingWith readObject: (inout Reader, %s) throws(Reader.Failure) -> Range<Int>)"
                " throws(Reader.Failure) -> Self where Reader.Text == Text {" % visit,
            ]
        for p in stored:
            lines.append("        var %s: %s?" % (case_name(p.name), element_swift(p.type, member=True)))
        for p in skips:
            lines.append("        var %sSkipped: [SkippedElement] = []" % p.name)
        # A streamed array keeps nothing to test for nil: whether it was given (`x-exclusive`, the caller).
        given_streams = optional_streams(obj)
        for p in given_streams:
            lines.append("        var %sGiven = false" % p.name)
        read_object = "let unknownMembers = try readObject(&reader)" if obj.keeps_unknown else "_ = try readObject(&reader)"
        lines.append("        %s { (reader: inout Reader, field: %s) throws(Reader.Failure) in" % (read_object, fields))
        lines.append("            switch field {")
        for p in obj.properties:
            name = case_name(p.name)
            inner = unwrap(p.type)
            nullable = not p.required or isinstance(p.type, Nullable)
            guard = "if try !reader.takeNull() { " if nullable else ""
            close = " }" if nullable else ""
            if isinstance(inner, Array) and isinstance(unwrap(inner.items), Object) and not nullable:
                guard, close = "do { ", " }"
            for pair in obj.exclusive:
                sides = [side if isinstance(side, list) else [side] for side in pair[:2]]
                for mine, other in (sides, sides[::-1]):
                    if p.name in mine:
                        guard += "if %s { throw reader.conflict(%s) }; " % (
                            " || ".join("%sGiven" % o if o in [q.name for q in given_streams] else "%s != nil" % case_name(o)
                                        for o in other), swift_string(exclusion_message(pair)))
            if p in given_streams:
                guard += "%sGiven = true; " % p.name
            if isinstance(inner, Array):
                element = read_expression(inner.items)
                if isinstance(inner.items, Nullable):  # a null element is kept, as nil
                    element = "reader.takeNull() ? nil : %s" % element
                items = unwrap(inner.items)
                if isinstance(items, Object):
                    passed = "".join(", %s: &%s.%s" % (q.name, name, case_name(q.name)) for q in streams(items)) if p.schema.get("x-stream") else ""
                    element = element.replace("(&reader)", "(&reader, hints: &hints%s)" % passed)
                    guard += "var hints = Reader.ObjectHints(expecting: Members.%s.table); " % items.name
                skip = p.schema.get("x-skipInvalidItemsWhen")
                # readObjects: each element read by its object decoder first (not after a null check).
                of_objects = isinstance(items, Object) and not isinstance(inner.items, Nullable)
                read_array = "reader.readObjects" if of_objects else "reader.readArray"
                if skip:
                    assert of_objects, "x-skipInvalidItemsWhen: %s's items are not objects" % p.name
                    (member, value), = skip.items()
                    read_array = "reader.readObjects(skippingInvalid: %s == .%s, into: &%sSkipped)" % (
                        case_name(member), choice_case(value), p.name)
                # Room for the reader's count or estimate of the elements once the first is
                # read (RequestReader.elementCapacity): an empty array allocates nothing, a long
                # one a bounded number of times.
                if p.schema.get("x-stream"):
                    body = ("var mark: Int? = reader.arrayMark; "
                            "try %s { (reader: inout Reader) throws(Reader.Failure) in let element = try %s; "
                            "if let first = mark { mark = nil; %s.reserveCapacity(reader.elementCapacity(afterFirstElementOf: first)) }; "
                            "try reader.add(element, to: &%s) }" % (read_array, element, name, name))
                else:
                    body = ("var values: %s = []; let mark = reader.arrayMark; "
                            "try %s { (reader: inout Reader) throws(Reader.Failure) in let element = try %s; "
                            "if values.isEmpty { values.reserveCapacity(reader.elementCapacity(afterFirstElementOf: mark)) }; "
                            "values.append(element) }; %s = values" % (element_swift(inner), read_array, element, name))
            else:
                read = read_expression(inner)
                if isinstance(inner, Object) and sinks(inner):
                    read = read.replace("(&reader)", "(&reader%s)" % "".join(
                        ", %s: &%s" % (inner_name, case_name(p.name + pascal(inner_name))) for inner_name, _, _, _ in sinks(inner)))
                body = "%s = try %s" % (name, read)
            lines.append("            case .%s: %s%s%s" % (name, guard, body, close))
        lines.append("            }")
        lines.append("        }")
        for p in stored:
            if p.required and not isinstance(p.type, Nullable):
                name = case_name(p.name)
                lines.append("        guard let %s else { throw reader.missing(%s.%s) }" % (name, fields, name))
        arguments = ["%s: %s" % (p.name, case_name(p.name)) for p in stored]
        arguments += ["%sGiven: %sGiven" % (p.name, p.name) for p in given_streams]
        arguments += ["%sSkipped: %sSkipped" % (p.name, p.name) for p in skips]
        if obj.keeps_unknown:
            arguments.append("unknownMembers: unknownMembers")
        lines.append("        return Self(%s)" % ", ".join(arguments))
        lines.append("    }")
        lines.append("}")
    if skipped:
        lines += ["", "// Not generated (their decoders are hand-written):"]
        for obj in skipped:
            lines.append("// - %s: %s" % (obj.name, reasons[obj.name] if reasons[obj.name].split(":")[0] != obj.name
                                              else reasons[obj.name].split(": ", 1)[1]))
    return "\n".join(lines) + "\n"


def swift_quote(value: str) -> str:
    """A value as an error message quotes it."""
    return '"%s"' % value


def int_literal(value: int) -> str:
    if value == INT64_MIN:
        return "Int64.min"
    if value == INT64_MAX:
        return "Int64.max"
    if value == 2 ** 31 - 1:
        return "Int64(Int32.max)"
    return str(value)
