"""The Swift side of request decoding, three generated files put together here from the
constructs of swift_emitters.py (laid out by swift_syntax.py):

- `RequestMembers.swift`, one enum of known fields for every object a request may hold (the
  methods' requests and the shared types they contain), read from the request schemas'
  `properties`, so a decoder and its schema cannot disagree on a key. Each enum is what
  `ObjectFields` sorts an object's members into: its cases are the keys, its key table is built
  once, its `Slots` vector is the narrowest of 4, 8 or 16 lanes that holds one lane per field
  (more than 16 fields: 16, and `ObjectFields` finds the rest by scanning), and
  `keepsUnknownMembers` follows the schema's `x-keepsUnknownMembers`.
- `MethodList.swift`, the registry's list and each wire type's method name.
- `RequestValues.swift`, per request object a struct of its members and one generic decoder
  (`RequestPlan` decides which objects get one, and what each member is in Swift).
"""
from __future__ import annotations

import re
from typing import List, NamedTuple

from . import ROOT, Contract, pascal
from . import swift_emitters as emit
from .swift_syntax import INT64_MAX, INT64_MIN, call, int_literal, listing, swift_quote, swift_string
from .types import Array, Enum, Nullable, Object, Primitive, TypeBuilder, Union, unwrap


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
    """Sources/TournamentCoreWire/Decoding/RequestMembers.swift: `Members`, one enum per object."""
    objects = request_objects(contract)
    in_arrays = objects_in_arrays(objects)
    lines = emit.members_header()
    for obj in objects:
        lines += emit.members_enum(obj, occurs_once=obj.name not in in_arrays)
    tables = [(number, method.name, [obj.name for obj in method_request_objects(contract, method)])
              for number, method in enumerate(contract.methods)]
    lines += emit.make_tables_function([table for table in tables if table[2]])
    lines += emit.all_members_list(objects)
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
    lines = emit.method_list_header() + emit.registry_list(contract.methods)
    for method in contract.methods:
        lines += emit.method_name_extension(method)
    return "\n".join(lines).rstrip("\n") + "\n"


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
    plan = RequestPlan(contract)
    lines = emit.values_header()
    for name in sorted(plan.choices):
        lines += emit.choice_enum(name, plan.choices[name])
    protocols: set = set()  # the stream protocols written so far, each written once
    for obj in plan.generated():
        lines += emit.values_extension(plan, obj, protocols)
        lines += emit.decoder_extension(plan, obj)
    lines += emit.not_generated_note([(obj.name, plan.why_not(obj)) for obj in plan.skipped()])
    return "\n".join(lines) + "\n"


class Unsupported(Exception):
    """A member whose checks a generated decoder does not make (yet): its object gets none."""


# The wire layer's checks of the strings whose definition has a `pattern` or a `maxLength` (by
# the definition's `title`): each names what is wrong with a text's bytes, nil when nothing is.
CHECKED_TEXTS = {"guest ID": "GuestID.problem(in:)", "document ID": "DocumentID.problem(withUTF8:)"}

KIND_WORDS = {"Enum": "an enumeration", "Union": "a union of types", "Const": "a constant", "Nullable": "a nullable value"}

# Schema keywords that state no check (words, defaults, the generators' own `x-` keys).
UNCHECKED_KEYWORDS = {"type", "items", "title", "description", "default", "examples", "$comment"}

# The keywords whose checks a decoder makes, by kind of value.
CHECKED_KEYWORDS = {"string": {"minLength", "maxLength", "pattern"}, "integer": {"minimum", "maximum"},
                    "number": {"minimum", "maximum"}}


def require_checked(schema, checked) -> None:
    """Raises `Unsupported` for a keyword of `schema` that states a check the generated decoder
    does not make (`checked`: those it makes for this kind of value)."""
    for keyword in schema:
        if keyword not in UNCHECKED_KEYWORDS and keyword not in checked and not keyword.startswith("x-"):
            raise Unsupported("`%s`" % keyword)


def union_choice(t: Union):
    """(the enumeration, the integer) of a union of a string enumeration and an integer; else
    `Unsupported`."""
    enums = [m for m in t.members if isinstance(m, Enum)]
    integers = [m for m in t.members if isinstance(m, Primitive) and m.kind == "integer"]
    if len(t.members) != 2 or len(enums) != 1 or len(integers) != 1:
        raise Unsupported("a union of types other than an enumeration and an integer")
    require_checked(integers[0].schema, set())
    return enums[0], integers[0]


class Sink(NamedTuple):
    """An accumulator a decoder is given: its parameter, its generic parameter, that parameter's
    constraint, and whether the constraint has a `Text` of its own."""
    parameter: str
    generic: str
    constraint: str
    texted: bool


class RequestPlan:
    """Which request objects get a generated decoder (`supported`; else `reasons` says why not),
    the string enumerations their members hold (`choices`), and what each member is in Swift:
    its type (`element_swift`) and how a `RequestReader` reads it (`read_expression`)."""

    def __init__(self, contract: Contract) -> None:
        self.objects = request_objects(contract)
        self.supported: dict = {}
        self.reasons: dict = {}
        self.choices: dict = {}
        for obj in self.objects:
            try:
                self.check(obj)
            except Unsupported:
                pass

    def generated(self) -> List[Object]:
        return [obj for obj in self.objects if self.supported[obj.name]]

    def skipped(self) -> List[Object]:
        return [obj for obj in self.objects if not self.supported[obj.name]]

    def why_not(self, obj: Object) -> str:
        """Why `obj` has no generated decoder, without its own name in front."""
        reason = self.reasons[obj.name]
        return reason if reason.split(":")[0] != obj.name else reason.split(": ", 1)[1]

    @staticmethod
    def streams(obj: Object) -> List:
        return [p for p in obj.properties if p.schema.get("x-stream")]

    def optional_streams(self, obj: Object) -> List:
        """The streamed arrays that a request may leave out or give as null."""
        return [p for p in self.streams(obj) if not p.required or isinstance(p.type, Nullable)]

    @staticmethod
    def stored(obj: Object) -> List:
        """The members its struct holds (all but the streamed arrays)."""
        return [p for p in obj.properties if not p.schema.get("x-stream")]

    @staticmethod
    def skips(obj: Object) -> List:
        """The arrays whose invalid elements may be left out (`x-skipInvalidItemsWhen`)."""
        return [p for p in obj.properties if p.schema.get("x-skipInvalidItemsWhen")]

    def nested_streams(self, obj: Object) -> List:
        """The streamed arrays of `obj` whose elements stream arrays of their own."""
        return [p for p in self.streams(obj)
                if isinstance(unwrap(p.type).items, Object) and self.streams(unwrap(p.type).items)]

    def is_shared(self, obj: Object) -> bool:
        """Whether `obj` is some object's member (not an array's element): each member of its
        type then reads a whole stream, so one copy of its decoder serves them all."""
        return any(not q.schema.get("x-stream") and isinstance(unwrap(q.type), Object) and unwrap(q.type).name == obj.name
                   for other in self.objects for q in other.properties)

    def sinks(self, obj: Object) -> List[Sink]:
        """The accumulators a decoder of `obj` is given: one per streamed array; then those of
        each object member whose decoder is given some, named after the member (`setupARounds`)."""
        result = []
        for p in obj.properties:
            inner = unwrap(p.type)
            if p.schema.get("x-stream"):
                items = inner.items
                if isinstance(items, Object) and self.streams(items):
                    result.append(Sink(p.name, pascal(p.name), "Requests.%sStream<Text>" % items.name, True))
                else:
                    result.append(Sink(p.name, pascal(p.name), "RequestAccumulator<%s>" % self.stream_element(p), False))
            elif isinstance(inner, Object):
                for sink in self.sinks(inner):
                    result.append(Sink(p.name + pascal(sink.parameter), pascal(p.name) + sink.generic,
                                       sink.constraint, sink.texted))
        return result

    def stream_element(self, p) -> str:
        """The Swift type of a streamed array's element."""
        items = unwrap(p.type).items
        return "Requests.%s<Text>" % items.name if isinstance(items, Object) else self.element_swift(items)

    def element_swift(self, t, member: bool = False) -> str:
        """The Swift type of a value of type `t` (not nullable) in a struct generic over Text; an
        object whose decoder is given accumulators only as an object's `member`, which passes
        them on (not as an array's element: its elements would share them)."""
        t = unwrap(t)
        if isinstance(t, Primitive):
            words = {"string": "Text", "integer": "Int64", "number": "Double", "boolean": "Bool"}
            if t.kind not in words:
                raise Unsupported("a value of any type")
            return words[t.kind]
        if isinstance(t, Enum):
            self.choices[t.name] = t
            return "Requests.%s" % t.name
        if isinstance(t, Union):
            choice, _ = union_choice(t)
            self.choices[choice.name] = choice
            return "ChoiceOrInteger<Requests.%s>" % choice.name
        if isinstance(t, Object):
            self.check(t)
            if self.sinks(t) and not member:
                raise Unsupported("%s streams an array, and is not the element of a streamed array" % t.name)
            return "Requests.%s<Text>" % t.name
        if isinstance(t, Array):
            require_checked(t.schema, set())
            if isinstance(unwrap(t.items), Array):
                raise Unsupported("an array of arrays")
            optional = "?" if isinstance(t.items, Nullable) else ""
            return "[%s%s]" % (self.element_swift(t.items), optional)
        raise Unsupported(KIND_WORDS[type(t).__name__])

    def read_expression(self, t, arguments=()):
        """Reads a value of type `t` (not null) with `reader`; an object's decoder is also given
        `arguments` (its hints, its accumulators)."""
        t = unwrap(t)
        if isinstance(t, Primitive):
            return read_primitive(t)
        if isinstance(t, Enum):
            return "reader.choice(Requests.%s.self)" % t.name
        if isinstance(t, Union):
            choice, integer = union_choice(t)
            words = [swift_quote(v) for v in choice.values] + ["a " + integer.title if integer.title else "an integer"]
            return call("reader.choiceOrInteger", "Requests.%s.self" % choice.name,
                        "expected: %s" % swift_string(listing(words)))
        if isinstance(t, Object):
            return call("Requests.%s.read" % t.name, "&reader", *arguments)
        raise Unsupported(KIND_WORDS[type(t).__name__])

    def check(self, obj: Object) -> None:
        """Records whether a decoder of `obj` makes every check its schema states; raises
        `Unsupported` when it does not."""
        if obj.name in self.supported:
            if not self.supported[obj.name]:
                raise Unsupported(self.reasons[obj.name])
            return
        self.supported[obj.name] = True
        try:
            for p in obj.properties:
                self.check_member(obj, p)
        except Unsupported as error:
            self.supported[obj.name] = False
            self.reasons[obj.name] = str(error) if ": " in str(error) else "%s: %s" % (obj.name, error)
            raise Unsupported(self.reasons[obj.name])

    def check_member(self, obj: Object, p) -> None:
        if p.schema.get("x-stream"):
            if not isinstance(unwrap(p.type), Array) or isinstance(unwrap(p.type).items, Nullable):
                raise Unsupported("`x-stream` on %s, not an array of values" % p.name)
            items = unwrap(p.type).items
            if isinstance(items, Object):
                self.check(items)  # its own streams are passed down (`Stream` protocols)
            else:
                self.element_swift(items)
            self.read_expression(items)
            return
        skip = p.schema.get("x-skipInvalidItemsWhen")
        if skip:
            (member, value), = skip.items()
            by = next((q for q in obj.properties if q.name == member), None)
            if (not isinstance(unwrap(p.type), Array) or p.schema.get("x-stream") or by is None
                    or not isinstance(unwrap(by.type), Enum) or value not in unwrap(by.type).values
                    or obj.check_order.index(member) > obj.check_order.index(p.name)):
                raise Unsupported("`x-skipInvalidItemsWhen` on %s: not an array after an enumeration" % p.name)
        self.element_swift(p.type, member=True)
        inner = unwrap(p.type)
        self.read_expression(inner.items if isinstance(inner, Array) else inner)


def read_primitive(t: Primitive):
    """Reads a string, number or Boolean with `reader`, making the checks its schema states."""
    schema = t.schema
    require_checked(schema, CHECKED_KEYWORDS.get(t.kind, set()))
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
        return "reader.int64(in: %s...%s)" % (int_literal(low), int_literal(high))
    if t.kind == "number":
        low, high = schema.get("minimum"), schema.get("maximum")
        return "reader.double(in: %s...%s)" % (
            "-Double.greatestFiniteMagnitude" if low is None else repr(float(low)),
            "Double.greatestFiniteMagnitude" if high is None else repr(float(high)))
    if t.kind == "boolean":
        return "reader.bool()"
    raise Unsupported("a value of any type")
