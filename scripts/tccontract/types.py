"""JSON Schema -> a small type model that every generator maps to its language.

The mapping, decided once for every language (docs/ARCHITECTURE.md, "The contract as data"):

- `{"type": "string" | "integer" | "number" | "boolean"}` -> Primitive, with its bounds, length
  and pattern kept for the docs; `const` -> Const; `enum` of strings -> Enum (named after its
  definition, its `x-typeName` or its place); `enum` of integers -> an integer Primitive.
- `anyOf`/`oneOf` with `{"type": "null"}` -> Nullable(the rest). In a request, an optional field
  and null are the same (docs/API.md: null is absence unless a field says otherwise); results write
  null only where the schema allows it, and omit what is absent.
- `anyOf`/`oneOf` of other distinct kinds -> Union: a JSON value in Kotlin (`JsonElement`), a
  Python `Union`.
- `{"type": "object"}` -> Object, named after its definition (`$defs/tournamentDocument` ->
  `TournamentDocument`), its `x-typeName`, or its place (`TournamentsFilterResult` + `Counts`).
  `"x-keepsUnknownMembers": true` marks objects whose unknown members the core keeps verbatim:
  the bindings carry them in an `extra` map (Kotlin) or accept any further keys (Python).
- `{"type": "array", "items": ...}` -> Array.
- `{"$ref": "defs.schema.json#/$defs/x"}` -> the definition's type; definitions that are only
  constrained primitives (`count`, `timestamp`...) stay primitives, with their `title` as the
  docs' name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from . import Contract, ContractError, def_name, pascal


class Type:
    description: Optional[str] = field(default=None, compare=False)


@dataclass
class Primitive(Type):
    kind: str  # "string", "integer", "number", "boolean", "any"
    schema: Dict[str, Any] = field(default_factory=dict)
    title: Optional[str] = None  # the definition's `title`, for the docs
    description: Optional[str] = field(default=None, compare=False)

    @property
    def minimum(self) -> Optional[int]:
        return self.schema.get("minimum")

    @property
    def maximum(self) -> Optional[int]:
        return self.schema.get("maximum")

    @property
    def fits_int32(self) -> bool:
        low, high = self.minimum, self.maximum
        values = self.schema.get("enum")
        if values:
            low, high = min(values), max(values)
        return low is not None and high is not None and -2 ** 31 <= low and high <= 2 ** 31 - 1


@dataclass
class Const(Type):
    value: Any
    description: Optional[str] = field(default=None, compare=False)

    @property
    def kind(self) -> str:
        if isinstance(self.value, bool):
            return "boolean"
        if isinstance(self.value, int):
            return "integer"
        if isinstance(self.value, float):
            return "number"
        return "string"


@dataclass
class Enum(Type):
    name: str
    values: List[str]
    description: Optional[str] = field(default=None, compare=False)
    # Whether its definition (a `$defs` entry) has null among its values (a match's `winner`,
    # null until played), which an error then lists as expected; else null is a member's
    # absence, which it does not.
    null_is_value: bool = field(default=False, compare=False)


@dataclass
class Nullable(Type):
    wrapped: Type
    description: Optional[str] = field(default=None, compare=False)


@dataclass
class Union(Type):
    members: List[Type]
    description: Optional[str] = field(default=None, compare=False)


@dataclass
class Array(Type):
    items: Type
    schema: Dict[str, Any] = field(default_factory=dict)
    description: Optional[str] = field(default=None, compare=False)


@dataclass
class Property:
    name: str
    type: Type
    required: bool
    schema: Dict[str, Any]

    @property
    def description(self) -> Optional[str]:
        return self.schema.get("description") or self.type.description

    @property
    def default(self) -> Tuple[bool, Any]:
        """(has a default, the default): `default` of the property's schema or its members."""
        for schema in [self.schema] + list(self.schema.get("anyOf", [])):
            if "default" in schema:
                return True, schema["default"]
        return False, None

    @property
    def default_text(self) -> Optional[str]:
        return self.schema.get("x-defaultText")


@dataclass
class Object(Type):
    name: str
    properties: List[Property]
    keeps_unknown: bool
    closed: bool
    description: Optional[str] = field(default=None, compare=False)
    definition: Optional[str] = None  # the $defs name, for shared types
    # The order the core checks the members in (`x-checkOrder`, else the properties' order): the
    # first wrong member in this order is the one an error names.
    check_order: List[str] = field(default_factory=list)
    # Members that exclude each other (`x-exclusive`): pairs of sides, each a member or a list of
    # members, and optionally the error's message; a request may give one side or the other, not both.
    exclusive: List[Any] = field(default_factory=list)


class TypeBuilder:
    """Builds types from schemas; named types (objects, enums) are registered once by name."""

    def __init__(self, contract: Contract):
        self.contract = contract
        self.named: Dict[str, Type] = {}
        self._definitions: Dict[str, Type] = {}
        self._origins: Dict[str, str] = {}

    # -- entry points --------------------------------------------------------------------------

    def request(self, method) -> Object:
        built = self.build(method.request_schema, method.pascal + "Request", "%s request" % method.name)
        if not isinstance(built, Object):
            raise ContractError("%s: the request schema is not an object" % method.name)
        return built

    def result(self, method) -> Type:
        built = self.build(method.result_schema, method.pascal + "Result", "%s result" % method.name)
        if isinstance(built, Object) and not built.description:
            built.description = "The result of `%s`." % method.name
        return built

    def definition(self, name: str) -> Type:
        if name not in self._definitions:
            if name not in self.contract.defs:
                raise ContractError("no definition %r in defs.schema.json" % name)
            built = self.build(self.contract.defs[name], pascal(name), "$defs/" + name, definition=name)
            if isinstance(built, Nullable) and isinstance(built.wrapped, Object) and not built.wrapped.description:
                built.wrapped.description = built.description  # a nullable definition's words are its object's
            if isinstance(built, Nullable) and isinstance(built.wrapped, Enum):
                built.wrapped.null_is_value = True
            self._definitions[name] = built
        return self._definitions[name]

    # -- building ------------------------------------------------------------------------------

    def build(self, schema: Dict[str, Any], name: str, origin: str, definition: Optional[str] = None) -> Type:
        if "$ref" in schema:
            referred = self.definition(def_name(schema["$ref"]))
            return referred
        description = schema.get("description")
        for keyword in ("anyOf", "oneOf"):
            if keyword in schema:
                members = schema[keyword]
                nulls = [m for m in members if m.get("type") == "null"]
                rest = [m for m in members if m.get("type") != "null"]
                if not rest:
                    raise ContractError("%s: an %s of null alone" % (origin, keyword))
                built = [self.build(m, name, origin, definition) for m in rest]
                flattened: List[Type] = []
                for member in built:
                    flattened.extend(member.members if isinstance(member, Union) else [member])
                inner = flattened[0] if len(flattened) == 1 else Union(flattened)
                if nulls and not isinstance(inner, Nullable):
                    inner = Nullable(inner)
                return self._described(inner, description)
        if "const" in schema:
            return Const(schema["const"], description)
        if "enum" in schema:
            values = schema["enum"]
            if all(isinstance(v, str) for v in values):
                return self._register(Enum(schema.get("x-typeName", name), values, description), origin)
            if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                return Primitive("integer", schema, schema.get("title"), description)
            raise ContractError("%s: an enum mixes kinds: %r" % (origin, values))
        kind = schema.get("type")
        if kind == "object":
            object_name = schema.get("x-typeName", name)
            properties = []
            required = set(schema.get("required", []))
            for key, value in schema.get("properties", {}).items():
                properties.append(Property(key, self.build(value, object_name + pascal(key), "%s.%s" % (origin, key)),
                                           key in required, value))
            check_order = list(schema.get("x-checkOrder", [p.name for p in properties]))
            if sorted(check_order) != sorted(p.name for p in properties):
                raise ContractError("%s: x-checkOrder is not an order of the properties" % origin)
            built = Object(object_name, properties, bool(schema.get("x-keepsUnknownMembers")),
                           schema.get("additionalProperties") is False, description, definition, check_order,
                           list(schema.get("x-exclusive", [])))
            names = {p.name for p in properties}
            for pair in built.exclusive:
                # Two sides, then the error's message when the one made from their names would not do.
                sides = [side if isinstance(side, list) else [side] for side in pair[:2]]
                message_ok = len(pair) == 2 or (len(pair) == 3 and isinstance(pair[2], str))
                if len(sides) != 2 or not message_ok or not all(member in names for side in sides for member in side):
                    raise ContractError("%s: x-exclusive %r is not a pair of its members" % (origin, pair))
            return self._register(built, origin)
        if kind == "array":
            items = self.build(schema.get("items", {}), name + "Item", origin + "[]")
            return Array(items, schema, description)
        if kind in ("string", "integer", "number", "boolean"):
            return Primitive(kind, schema, schema.get("title"), description)
        if kind is None and not schema.get("properties"):
            return Primitive("any", schema, schema.get("title"), description)
        raise ContractError("%s: unsupported schema %r" % (origin, schema))

    def _described(self, built: Type, description: Optional[str]) -> Type:
        if description and isinstance(built, Nullable):
            return Nullable(built.wrapped, description)
        return built

    def _register(self, built, origin: str):
        existing = self.named.get(built.name)
        if existing is not None and existing != built:
            raise ContractError("two different types would be named %s (%s and %s): give one an x-typeName"
                                % (built.name, self._origins[built.name], origin))
        self.named[built.name] = built
        self._origins.setdefault(built.name, origin)
        return existing or built


def unwrap(built: Type) -> Type:
    return built.wrapped if isinstance(built, Nullable) else built
