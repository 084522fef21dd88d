"""The constructs of the generated Swift, one function each, named after what it writes; swift.py
puts them together into files. Each returns its lines; what may outgrow a line is built as a doc
of swift_syntax.py, which lays it out. A `plan` is swift.py's `RequestPlan`: which objects get a
decoder, and each member's Swift type and read.
"""
from __future__ import annotations

from typing import List

from . import pascal
from .blocks import NOTICE
from .swift_syntax import (Block, Break, Chain, Fill, Group, block, call, case_name, choice_case, comment,
                           declaration, lines, listing, seq, swift_quote, swift_string)
from .types import Array, Nullable, Object, unwrap

# The parameters of the closure a decoder reads an array's element in.
ELEMENT_CLOSURE = "(reader: inout Reader) throws(Reader.Failure)"


def file_header(about: List[str], imports: List[str]) -> List[str]:
    """The notice of a generated file, what it holds (`about`, one comment line each), its imports."""
    return ["// %s" % NOTICE, "//"] + ["// " + line for line in about] + [""] + (imports + [""] if imports else [])


def place(obj: Object) -> str:
    """Where a schema defines `obj`."""
    return "`$defs/%s`" % obj.definition if obj.definition else "the request schema"


# RequestMembers.swift

def members_header() -> List[str]:
    return file_header(["The known fields of every object of a request, from the request schemas' `properties`",
                        "(scripts/tccontract/swift.py). A reader finds an object's members by `Members.X`."],
                       ["import TournamentCore", "import TournamentCoreJSON"]) + [
        "/// The fields of each object of the requests, one enum per object type of schemas/.",
        "enum Members {",
    ]


def lanes(count: int) -> int:
    """The lanes of the narrowest `Slots` vector that holds `count` fields (past 16: 16)."""
    return 4 if count <= 4 else 8 if count <= 8 else 16


def members_enum(obj: Object, occurs_once: bool) -> List[str]:
    """`Members.X`: the fields of one object, its key table and slots."""
    keys = [p.name for p in obj.properties]
    required = sum(1 << i for i, p in enumerate(obj.properties) if p.required)
    return [
        *comment("The members of `%s` (%s)." % (obj.name, place(obj)), 4),
        "    enum %s: String, RequestFields {" % obj.name,
        *lines(seq("case ", Fill(tuple(case_name(key) for key in keys))), 8),
        "        typealias Slots = SIMD%d<Int32>" % lanes(len(keys)),
        "        static let table = JSONKeyTable(keys: allCases.map { $0.rawValue })",
        *(["        static let keepsUnknownMembers = true"] if obj.keeps_unknown else []),
        *(["        static var requiredSlots: UInt64 { 0b%s }" % format(required, "b")] if required else []),
        *(["        static var occursOnce: Bool { true }"] if occurs_once else []),
        "",
        *check_order_function(obj),
        "    }",
        "",
    ]


def check_order_function(obj: Object) -> List[str]:
    """`forEachInCheckOrder`: the fields in the order their checks are made."""
    reordered = obj.check_order != [p.name for p in obj.properties]
    return [
        *(["        /// In `x-checkOrder`'s order."] if reordered else []),
        "        @inline(always)",
        "        static func forEachInCheckOrder<Failure: Error>(_ body: (Self) throws(Failure) -> Void) throws(Failure) {",
        *["            try body(.%s)" % case_name(key) for key in obj.check_order],
        "        }",
    ]


def make_tables_function(tables) -> List[str]:
    """`makeTables(forMethodAt:)`; `tables`: (the method's index, its name, its objects)."""
    cases = []
    for number, method, names in tables:
        cases.append("        case %d:  // %s" % (number, method))
        cases += ["            LazyGlobals.keep(%s.table)" % name for name in names]
    return [
        "    /// Makes the key tables of the objects the request of the method at `index` (in the",
        "    /// contract's order, `MethodRegistry.methods`') may hold (``LazyGlobalPreparation``).",
        "    static func makeTables(forMethodAt index: Int) {",
        "        switch index {",
        *cases,
        "        default:",
        "            break",
        "        }",
        "    }",
        "",
    ]


def all_members_list(objects: List[Object]) -> List[str]:
    """`Members.all`, every enum, for tests."""
    return [
        "    /// Every enum above, for tests.",
        "    static let all: [any RequestFields.Type] = [",
        *["        %s.self," % obj.name for obj in objects],
        "    ]",
    ]


# MethodList.swift

def method_list_header() -> List[str]:
    return file_header(["The methods of schemas/methods.json, in its order, and the name each wire type serves",
                        "(scripts/tccontract/swift.py)."], [])


def registry_list(methods) -> List[str]:
    """`MethodRegistry.methods`, in the contract's order."""
    return [
        "extension MethodRegistry {",
        "    /// The methods in the order `library.info` lists them (the contract's order).",
        "    static let methods: [WireMethodEntry] = [",
        *["        WireMethodEntry(%s.self)," % method.swift_type for method in methods],
        "    ]",
        "}",
        "",
    ]


def method_name_extension(method) -> List[str]:
    """The name a wire type serves."""
    return ["extension %s {" % method.swift_type, "    static var name: StaticString { \"%s\" }" % method.name, "}", ""]


# RequestValues.swift

def values_header() -> List[str]:
    return file_header(["Each request object's members as a `RequestReader` reads them, and its decoder",
                        "(scripts/tccontract/swift.py): one decoder for the document path and the cursor path.",
                        "A member absent or null is nil (a streamed array: its accumulator left empty); defaults",
                        "are the rules'."],
                       ["@_spi(Wire) import TournamentCore", "import TournamentCoreJSON"]) + [
        "/// The request objects as read, one struct per object type of schemas/ whose checks a",
        "/// generated decoder makes, and the string enumerations they hold.",
        "enum Requests {}",
    ]


def choice_enum(name: str, choice) -> List[str]:
    """`Requests.X: RequestChoice`, a string enumeration: its cases, what an error says it
    expected, and the case a text names."""
    cases = [choice_case(value) for value in choice.values]
    expected = [swift_quote(value) for value in choice.values] + (["null"] if choice.null_is_value else [])
    spellings = ["spells(name, %s) ? .%s" % (swift_string(value), case) for value, case in zip(choice.values, cases)]
    return [
        "",
        "extension Requests {",
        "    /// The string enumeration `%s`." % name,
        "    enum %s: RequestChoice {" % name,
        *lines(seq("case ", Fill(tuple(cases))), 8),
        "",
        *lines(block("static var expected: StaticString", swift_string(listing(expected))), 8),
        "",
        "        @inline(always)",
        "        static func named(_ name: UnsafeBufferPointer<UInt8>) -> Self? {",
        *lines(Chain(tuple(spellings) + ("nil",), " : "), 12),
        "        }",
        "    }",
        "}",
    ]


def values_extension(plan, obj: Object, protocols: set) -> List[str]:
    """`extension Requests`: the struct of `obj` and the stream protocols of its arrays not yet
    written (`protocols`: their names, updated)."""
    result = ["", "extension Requests {"] + values_struct(plan, obj)
    for p in plan.nested_streams(obj):
        items = unwrap(p.type).items
        if items.name not in protocols:
            protocols.add(items.name)
            result += stream_protocol(plan, items)
    return result + ["}", ""]


def values_struct(plan, obj: Object) -> List[str]:
    """`Requests.X<Text>`: an object's members as read."""
    streamed = " (its streamed arrays: to the accumulators its decoder is given)" if plan.streams(obj) else ""
    result = comment("`%s` (%s) as read%s." % (obj.name, place(obj), streamed), 4) + ["    struct %s<Text> {" % obj.name]
    for p in plan.stored(obj):
        optional = "?" if not p.required or isinstance(p.type, Nullable) else ""
        result.append("        var %s: %s%s" % (case_name(p.name), plan.element_swift(p.type, member=True), optional))
    for p in plan.optional_streams(obj):
        result += comment("Whether `%s` was given (neither absent nor null): its elements went to the accumulator."
                          % p.name, 8)
        result.append("        var %sGiven: Bool" % p.name)
    for p in plan.skips(obj):
        result += comment("The elements of `%s` left out (`x-skipInvalidItemsWhen`)." % p.name, 8)
        result.append("        var %sSkipped: [SkippedElement]" % p.name)
    if obj.keeps_unknown:
        result += comment("Where the reader keeps the object's unknown members "
                          "(``RequestReader/writeUnknownMembers(_:into:)``).", 8)
        result.append("        var unknownMembers: Range<Int>")
    return result + ["    }"]


def stream_protocol(plan, items: Object) -> List[str]:
    """`Requests.XStream`: an accumulator of objects that stream arrays of their own."""
    members = []
    for q in plan.streams(items):
        members.append("associatedtype %s: RequestAccumulator<%s>" % (pascal(q.name), plan.stream_element(q)))
        members.append("var %s: %s { get set }" % (case_name(q.name), pascal(q.name)))
    head = seq("protocol %sStream<Text>: RequestAccumulator" % items.name, Break(),
               "where Element == Requests.%s<Text>" % items.name)
    return [
        "",
        "    /// An accumulator of `%s`s whose own streamed arrays are added to its members of the" % items.name,
        "    /// same names, each element's before the element itself.",
        *lines(declaration(head, "associatedtype Text", *members), 4),
    ]


def decoder_extension(plan, obj: Object) -> List[str]:
    """`extension Requests.X`: the decoder of `obj` (and, when it is given accumulators, the
    entry points that give them)."""
    sinks = plan.sinks(obj)
    if sinks:
        result = ["extension Requests.%s {" % obj.name, "    typealias Field = Members.%s" % obj.name]
        for hints in (False, True):
            result += streaming_entry_point(obj, sinks, hints, shared=plan.is_shared(obj))
        result += ["", "    /// The decoder: each member read as the schema says, its members visited by `readObject`."]
    else:
        result = ["extension Requests.%s: GeneratedRequest {" % obj.name, "    typealias Field = Members.%s" % obj.name,
                  "", "    /// The decoder: each member read as the schema says (``GeneratedRequest``)."]
    parameters = ["_ reader: inout Reader", *sink_parameters(sinks), visiting_parameter(obj)]
    decoder = declaration(read_signature(sinks, parameters), *decoder_body(plan, obj))
    return result + ["    @inline(always)", *lines(decoder, 4), "}"]


def sink_parameters(sinks) -> List[str]:
    return ["%s: inout %s" % (case_name(sink.parameter), sink.generic) for sink in sinks]


def visit_type(obj: Object):
    """What `readObject` is given to visit each member with."""
    return seq(Group("(", ("inout Reader", "Members.%s" % obj.name), ")"), " throws(Reader.Failure) -> Void")


def visiting_parameter(obj: Object):
    return seq("visitingWith readObject: ", Group("(", ("inout Reader", visit_type(obj)), ")"),
               " throws(Reader.Failure) -> Range<Int>")


def read_signature(sinks, parameters: List[str]):
    """`static func read<Reader, accumulators>(parameters) ... where (the Texts agree)`."""
    generics = ["Reader: RequestReader"] + ["%s: %s" % (sink.generic, sink.constraint) for sink in sinks]
    conditions = ["Reader.Text == Text"] + ["%s.Text == Text" % sink.generic for sink in sinks if sink.texted]
    return seq("static func read", Group("<", tuple(generics), ">"), Group("(", tuple(parameters), ")"),
               " throws(Reader.Failure) -> Self", Break(), "where ", Fill(tuple(conditions)))


def streaming_entry_point(obj: Object, sinks, hints: bool, shared: bool) -> List[str]:
    """`read(_:accumulators)` (or, for an array's objects, `read(_:hints:accumulators)`): the
    decoder, visiting the object's members as they come."""
    if hints:
        words, inline = "The same, for one of an array's objects, with the array's `hints`.", "@inline(always)"
    else:
        words = "Reads the object here, adding its streamed arrays' elements to the accumulators given."
        inline = ("@inline(never)  // one copy for every member of this type: each reads a whole stream" if shared
                  else "@inline(always)")
    parameters = ["_ reader: inout Reader", *(["hints: inout Reader.ObjectHints"] if hints else []), *sink_parameters(sinks)]
    visit = call("try reader.readObject", "Field.self", *(["hints: &hints"] if hints else []), "visit")
    signature = seq(Group("(", ("reader: inout Reader", seq("visit: ", visit_type(obj))), ")"),
                    " throws(Reader.Failure) -> Range<Int>")
    arguments = ["%s: &%s" % (sink.parameter, case_name(sink.parameter)) for sink in sinks]
    forward = Block(call("try read", "&reader", *arguments), (visit,), signature, multiline=True)
    return ["", "    /// %s" % words, "    " + inline, *lines(declaration(read_signature(sinks, parameters), forward), 4)]


def decoder_body(plan, obj: Object) -> list:
    """The decoder's statements: a variable per member, the visit that reads them, the checks of
    the required ones, the struct."""
    variables = ["var %s: %s?" % (case_name(p.name), plan.element_swift(p.type, member=True)) for p in plan.stored(obj)]
    variables += ["var %sSkipped: [SkippedElement] = []" % p.name for p in plan.skips(obj)]
    # A streamed array keeps nothing to test for nil: whether it was given (`x-exclusive`, the caller).
    variables += ["var %sGiven = false" % p.name for p in plan.optional_streams(obj)]
    read_object = "let unknownMembers = try readObject(&reader)" if obj.keeps_unknown else "_ = try readObject(&reader)"
    cases = tuple(member_case(plan, obj, p) for p in obj.properties)
    switch = Block("switch field", cases, multiline=True, indent_body=False)
    signature = seq(Group("(", ("reader: inout Reader", "field: Members.%s" % obj.name), ")"), " throws(Reader.Failure)")
    visit = Block(read_object, (switch,), signature, multiline=True)
    required = [case_name(p.name) for p in plan.stored(obj) if p.required and not isinstance(p.type, Nullable)]
    guards = ["guard let %s else { throw reader.missing(Members.%s.%s) }" % (name, obj.name, name) for name in required]
    return [*variables, visit, *guards, return_statement(plan, obj)]


def return_statement(plan, obj: Object):
    """`return Self(...)`, every member of the struct."""
    arguments = ["%s: %s" % (p.name, case_name(p.name)) for p in plan.stored(obj)]
    arguments += ["%sGiven: %sGiven" % (p.name, p.name) for p in plan.optional_streams(obj)]
    arguments += ["%sSkipped: %sSkipped" % (p.name, p.name) for p in plan.skips(obj)]
    if obj.keeps_unknown:
        arguments.append("unknownMembers: unknownMembers")
    return call("return Self", *arguments)


def member_case(plan, obj: Object, p) -> Block:
    """`case .member:` of the decoder's switch: the member read, after its null check and the
    checks of the members it excludes."""
    name = case_name(p.name)
    inner = unwrap(p.type)
    statements = exclusion_checks(plan, obj, p)
    if p in plan.optional_streams(obj):
        statements.append("%sGiven = true" % p.name)
    if isinstance(inner, Array):
        statements += array_read(plan, p, inner)
    else:
        statements.append(seq("%s = try " % name, member_read(plan, p, inner)))
    if not p.required or isinstance(p.type, Nullable):
        statements = [block("if try !reader.takeNull()", *statements)]
    elif isinstance(inner, Array) and isinstance(unwrap(inner.items), Object):
        statements = [block("do", *statements)]
    return Block("case .%s:" % name, tuple(statements), braces=False)


def member_read(plan, p, inner):
    """Reads a member that is not an array; an object that streams is given the accumulators
    named after the member."""
    arguments = []
    if isinstance(inner, Object):
        arguments = ["%s: &%s" % (sink.parameter, case_name(p.name + pascal(sink.parameter)))
                     for sink in plan.sinks(inner)]
    return plan.read_expression(inner, arguments)


def exclusion_message(pair) -> str:
    """The message of an `x-exclusive` pair: its own (a third element), else one naming the sides."""
    if len(pair) == 3:
        return pair[2]
    sides = [" and ".join(side) if isinstance(side, list) else side for side in pair]
    return "Give either %s or %s, not both." % (sides[0], sides[1])


def exclusion_checks(plan, obj: Object, p) -> list:
    """Per `x-exclusive` pair with `p` on one side: a conflict when the other side was given."""
    streamed = [q.name for q in plan.optional_streams(obj)]
    checks = []
    for pair in obj.exclusive:
        sides = [side if isinstance(side, list) else [side] for side in pair[:2]]
        for mine, other in (sides, sides[::-1]):
            if p.name in mine:
                given = ["%sGiven" % o if o in streamed else "%s != nil" % case_name(o) for o in other]
                conflict = call("throw reader.conflict", swift_string(exclusion_message(pair)))
                checks.append(block(seq("if ", Chain(tuple(given), " || ")), conflict))
    return checks


def array_read(plan, p, array: Array) -> list:
    """Reads an array member: each element read in a closure the reader calls, into an array
    that makes room once the first is read (`RequestReader.elementCapacity`: an empty array
    allocates nothing, a long one a bounded number of times), or into its accumulator."""
    name = case_name(p.name)
    items = unwrap(array.items)
    statements, arguments = [], []
    if isinstance(items, Object):
        passed = plan.streams(items) if p.schema.get("x-stream") else []
        arguments = ["hints: &hints"] + ["%s: &%s.%s" % (q.name, name, case_name(q.name)) for q in passed]
        statements.append("var hints = Reader.ObjectHints(expecting: Members.%s.table)" % items.name)
    element = plan.read_expression(array.items, arguments)
    if isinstance(array.items, Nullable):  # a null element is kept, as nil
        element = seq("reader.takeNull() ? nil : ", element)
    read_array = seq("try ", array_reading(p, array))
    first = seq("let element = try ", element)
    if p.schema.get("x-stream"):
        reserve = block("if let first = mark", "mark = nil",
                        "%s.reserveCapacity(reader.elementCapacity(afterFirstElementOf: first))" % name)
        add = "try reader.add(element, to: &%s)" % name
        return statements + ["var mark: Int? = reader.arrayMark",
                             block(read_array, first, reserve, add, signature=ELEMENT_CLOSURE)]
    reserve = block("if values.isEmpty", "values.reserveCapacity(reader.elementCapacity(afterFirstElementOf: mark))")
    return statements + ["var values: %s = []" % plan.element_swift(array), "let mark = reader.arrayMark",
                         block(read_array, first, reserve, "values.append(element)", signature=ELEMENT_CLOSURE),
                         "%s = values" % name]


def array_reading(p, array: Array):
    """The reader's method that reads the elements: `readObjects` for objects (each read by its
    decoder first, not after a null check), skipping invalid ones when the request asks."""
    items = unwrap(array.items)
    of_objects = isinstance(items, Object) and not isinstance(array.items, Nullable)
    skip = p.schema.get("x-skipInvalidItemsWhen")
    if not skip:
        return "reader.readObjects" if of_objects else "reader.readArray"
    assert of_objects, "x-skipInvalidItemsWhen: %s's items are not objects" % p.name
    (member, value), = skip.items()
    return call("reader.readObjects", "skippingInvalid: %s == .%s" % (case_name(member), choice_case(value)),
                "into: &%sSkipped" % p.name)


def not_generated_note(skipped) -> List[str]:
    """The objects left to hand-written decoders; `skipped`: (name, why)."""
    if not skipped:
        return []
    return ["", "// Not generated (their decoders are hand-written):"] + ["// - %s: %s" % item for item in skipped]
