"""The typed Python layer: `tournamentcore/types.py` (a TypedDict for every request and result)
and `tournamentcore/_methods.py` (one typed method per contract method)."""
from __future__ import annotations

import keyword
from typing import Dict, List, Optional, Set

from . import Contract, ContractError
from .blocks import NOTICE
from .types import Array, Const, Enum, Nullable, Object, Primitive, Type, TypeBuilder, Union


def docstring(text: str) -> str:
    """`text` as a one-line docstring literal, whatever quotes and backslashes it holds."""
    return '"""' + text.replace("\\", "\\\\").replace('"', '\\"') + '"""'


class PythonTypes:
    def __init__(self, contract: Contract):
        self.contract = contract
        self.builder = TypeBuilder(contract)
        self.emitted: Dict[str, str] = {}  # name -> source, in order of emission
        self.aliases: Dict[str, str] = {}

    def annotation(self, built: Type, request: bool) -> str:
        if isinstance(built, Nullable):
            return "Optional[%s]" % self.annotation(built.wrapped, request)
        if isinstance(built, Union):
            return "Union[%s]" % ", ".join(self.annotation(member, request) for member in built.members)
        if isinstance(built, Const):
            return "Literal[%r]" % (built.value,)
        if isinstance(built, Enum):
            literal = "Literal[%s]" % ", ".join(repr(value) for value in built.values)
            if built.name[:1].isupper() and self._is_definition_enum(built):
                self.aliases.setdefault(built.name, literal)
                return built.name
            return literal
        if isinstance(built, Array):
            # Requests take any sequence (a list of a subtype included); results are lists.
            return "%s[%s]" % ("Sequence" if request else "List", self.annotation(built.items, request))
        if isinstance(built, Object):
            self.emit(built, request)
            if built.keeps_unknown and request:
                # Documents the core keeps verbatim: typed, or any mapping of the host's own.
                return "Union[%s, Mapping[str, Any]]" % built.name
            return built.name
        if isinstance(built, Primitive):
            return {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "any": "Any"}[built.kind]
        raise TypeError(built)

    def _is_definition_enum(self, built: Enum) -> bool:
        from . import pascal
        return any(pascal(name) == built.name for name in self.contract.defs)

    def emit(self, built: Object, request: bool) -> None:
        if built.name in self.emitted:
            return
        self.emitted[built.name] = ""  # reserve the place (recursive types)
        required = [prop for prop in built.properties if prop.required]
        optional = [prop for prop in built.properties if not prop.required]
        for prop in built.properties:
            if not prop.name.isidentifier() or keyword.iskeyword(prop.name):
                raise ContractError("%s.%s: a member name that is not a Python identifier needs the functional "
                                    "TypedDict syntax, which this generator does not write yet" % (built.name, prop.name))
        lines: List[str] = []
        doc = built.description or ""
        base = "TypedDict"
        if required and optional:
            base = "_%sRequired" % built.name
            lines.append("class %s(TypedDict):" % base)
            lines.append('    """The members of :class:`%s` that are always present."""' % built.name)
            lines.append("")
            for prop in required:
                lines += self.member(prop, request)
            lines += ["", ""]
        lines.append("class %s(%s%s):" % (built.name, base, ", total=False" if optional else ""))
        text = doc
        if built.keeps_unknown:
            text = (text + " " if text else "") + "Members not listed here are kept verbatim."
        if text:
            lines.append("    " + docstring(text))
            lines.append("")
        members = optional if (required and optional) else built.properties
        if not members:
            lines.append("    pass")
        for prop in members:
            lines += self.member(prop, request)
        self.emitted[built.name] = "\n".join(lines)

    def member(self, prop, request: bool) -> List[str]:
        lines = ["    %s: %s" % (prop.name, self.annotation(prop.type, request))]
        if prop.description:
            lines.append("    " + docstring(prop.description))
        return lines


def types_module(contract: Contract) -> str:
    types = PythonTypes(contract)
    names: List[str] = []
    for method in contract.methods:
        request = types.builder.request(method)
        types.annotation(request, True)
        result = types.builder.result(method)
        types.annotation(result, False)
        names += [request.name]
        if isinstance(result, Object) and result.name != method.pascal + "Result":
            # A result that is a shared type gets the method's name too.
            types.aliases[method.pascal + "Result"] = result.name
        names.append(method.pascal + "Result")
    header = [
        "# %s" % NOTICE,
        '"""The JSON of every TournamentCore method as TypedDicts: a ``<Method>Request`` and a',
        "``<Method>Result`` per method (``TournamentsFilterRequest``, ``TournamentsFilterResult``...), from",
        "the JSON Schemas of the contract. Optional request members are ``total=False`` keys (``None`` is",
        "the same as absent); result members that may be null are ``Optional``. Objects whose unknown",
        "members the core keeps verbatim (tournament documents, favourite records...) accept any",
        'mapping in requests. See docs/API.md for every field\'s rules."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, List, Literal, Mapping, Optional, Sequence, TypedDict, Union",
        "",
    ]
    body: List[str] = []
    for name, literal in sorted(types.aliases.items()):
        if literal.startswith("Literal"):
            body.append("%s = %s" % (name, literal))
    body.append("")
    for source in types.emitted.values():
        body += ["", source, ""]
    for name, target in sorted(types.aliases.items()):
        if not target.startswith("Literal"):
            body += ["", "%s = %s" % (name, target)]
    exported = sorted(set(types.emitted) | set(types.aliases))
    all_list = ["", "", "__all__ = ["] + ["    %r," % name for name in exported if not name.startswith("_")] + ["]"]
    return "\n".join(header + body).rstrip("\n") + "\n" + "\n".join(all_list) + "\n"


def keeps_verbatim(built: Type, seen: Optional[Set[str]] = None) -> bool:
    """Whether a result of this type may hold members the core keeps verbatim from the request
    (or values of any type): numbers as the caller spelled them, which only the standard
    library's json decodes exactly whatever they are (orjson reads an integer beyond 64 bits as
    a float)."""
    seen = set() if seen is None else seen
    if isinstance(built, Object):
        if built.keeps_unknown:
            return True
        if built.name in seen:
            return False
        seen.add(built.name)
        return any(keeps_verbatim(prop.type, seen) for prop in built.properties)
    if isinstance(built, Array):
        return keeps_verbatim(built.items, seen)
    if isinstance(built, Nullable):
        return keeps_verbatim(built.wrapped, seen)
    if isinstance(built, Union):
        return any(keeps_verbatim(member, seen) for member in built.members)
    return isinstance(built, Primitive) and built.kind == "any"


def methods_module(contract: Contract) -> str:
    builder = TypeBuilder(contract)
    verbatim = [method.name for method in contract.methods if keeps_verbatim(builder.result(method))]
    lines = [
        "# %s" % NOTICE,
        '"""One typed method per TournamentCore method, over :meth:`Methods._invoke`, which',
        ':class:`tournamentcore.Library` implements with the C library."""',
        "",
        "from __future__ import annotations",
        "",
        "import abc",
        "from typing import Any, FrozenSet, Mapping, Optional",
        "",
        "from . import types",
        "",
        "#: The contract's version, the library's (`TC_VERSION_STRING` of include/tournament_core.h).",
        "VERSION = %r" % contract.version,
        "",
        "#: The methods whose results may hold members kept verbatim from the request (the caller's",
        "#: numbers, as spelled).",
        "KEEPS_VERBATIM: FrozenSet[str] = frozenset({%s})" % ", ".join(repr(name) for name in verbatim),
        "",
        "",
        "class Methods(abc.ABC):",
        '    """The contract\'s methods, each returning the ``result`` of its response or raising',
        '    ``TournamentCoreError`` for an error response."""',
        "",
        "    @abc.abstractmethod",
        "    def call(self, method: str, request: Optional[Mapping[str, Any]] = None) -> Any:",
        '        """The ``result`` of calling ``method`` with ``request``."""',
        "",
        "    @abc.abstractmethod",
        "    def _invoke(self, name: bytes, request: Any) -> Any:",
        '        """:meth:`call` for a method named by its UTF-8 bytes (the typed methods\' way in)."""',
    ]
    for method in contract.methods:
        request = builder.request(method)
        optional = not any(prop.required for prop in request.properties)
        parameter = "request: Optional[types.%s] = None" % request.name if optional else "request: types.%s" % request.name
        lines += [
            "",
            "    def %s(self, %s) -> types.%sResult:" % (method.snake, parameter, method.pascal),
            "        " + docstring("``%s``: %s (docs/API.md#%s)" % (method.name, method.summary, method.anchor)),
            "        result: types.%sResult = self._invoke(%r, request)" % (method.pascal, method.name.encode("utf-8")),
            "        return result",
        ]
    return "\n".join(lines) + "\n"
