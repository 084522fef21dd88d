"""How the generated Swift is spelled and laid out: names and literals, and a small layout engine
that keeps a line within `WIDTH` by breaking it where swift-format would.

A piece of code is a `Doc`: a string (never broken); a `Seq` of docs written one after another,
where a `Break` is a space or, when what follows it does not fit, a new line; a `Group` (a
bracketed list: on one line, or one item a line); a `Fill` (a list packed into as few lines as
fit); a `Chain` (operands joined by an operator: on one line, or one a line with the operator
leading); a `Block` (`head { statements }` on one line, or one statement a line). `lines(doc,
indent)` lays one out; a doc that fits on its line is written as it is.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional

# The longest line the layout writes where it can break one (None: every doc on one line).
WIDTH: Optional[int] = 120
# Comments, prose, wrap sooner: at the width of the hand-written ones.
COMMENT_WIDTH = 100
INDENT = 4

# Words Swift does not take as a case name without backticks.
KEYWORDS = {"associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
            "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
            "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
            "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
            "switch", "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "true", "try"}

INT64_MIN, INT64_MAX = -2 ** 63, 2 ** 63 - 1


def case_name(key: str) -> str:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
        raise ValueError("request key %r is not a Swift identifier; name its case by hand" % key)
    return "`%s`" % key if key in KEYWORDS else key


def choice_case(value: str) -> str:
    """The Swift case of an enumeration's value: `sevenDays` as it is, `HOME_TEAM` -> `homeTeam`."""
    if "_" in value or value.isupper():
        words = value.lower().split("_")
        value = words[0] + "".join(word.capitalize() for word in words[1:])
    return case_name(value[0].lower() + value[1:])


def swift_string(text: str) -> str:
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


def swift_quote(value: str) -> str:
    """A value as an error message quotes it."""
    return '"%s"' % value


def listing(items: List[str]) -> str:
    """What an error says a value was expected to be: `a or b`, `a, b or c`; past four items,
    `one of a, b, c, d, e`."""
    if len(items) > 4:
        return "one of " + ", ".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def int_literal(value: int) -> str:
    if value == INT64_MIN:
        return "Int64.min"
    if value == INT64_MAX:
        return "Int64.max"
    if value == 2 ** 31 - 1:
        return "Int64(Int32.max)"
    return str(value)


@dataclass(frozen=True)
class Seq:
    parts: tuple


@dataclass(frozen=True)
class Break:
    """A space where a `Seq` may break its line; the next line is indented `indent` further."""
    indent: int = 0


@dataclass(frozen=True)
class Group:
    open: str
    items: tuple
    close: str
    trailing_comma: bool = False  # broken, the last item too ends in a comma (array literals)


@dataclass(frozen=True)
class Fill:
    items: tuple


@dataclass(frozen=True)
class Chain:
    operands: tuple
    operator: str  # with its spaces: " : ", " || "


@dataclass(frozen=True)
class Block:
    head: object
    body: tuple
    signature: object = None  # a closure's parameters and effects, written before `in`
    multiline: bool = False  # a declaration's body: never on one line
    braces: bool = True  # False: a `case` label and its statements
    indent_body: bool = True  # False: a switch's cases, level with it


def seq(*parts) -> Seq:
    return Seq(parts)


def call(function, *arguments) -> Seq:
    """`function(arguments)`: the arguments one a line when they do not fit on one."""
    return Seq((function, Group("(", arguments, ")")))


def block(head, *body, signature=None) -> Block:
    return Block(head, body, signature)


def declaration(head, *body) -> Block:
    """`head {`, the body one statement a line, `}`."""
    return Block(head, body, multiline=True)


def flat(doc) -> str:
    """`doc` on one line."""
    if isinstance(doc, str):
        return doc
    if isinstance(doc, Seq):
        return "".join(flat(part) for part in doc.parts)
    if isinstance(doc, Break):
        return " "
    if isinstance(doc, Group):
        return doc.open + ", ".join(flat(item) for item in doc.items) + doc.close
    if isinstance(doc, Fill):
        return ", ".join(flat(item) for item in doc.items)
    if isinstance(doc, Chain):
        return doc.operator.join(flat(operand) for operand in doc.operands)
    inside = "; ".join(flat(statement) for statement in doc.body)
    if doc.signature is not None:
        inside = "%s in %s" % (flat(doc.signature), inside)
    return "%s { %s }" % (flat(doc.head), inside) if doc.braces else "%s %s" % (flat(doc.head), inside)


def fits(length: int) -> bool:
    return WIDTH is None or length <= WIDTH


def lines(doc, indent: int) -> List[str]:
    """`doc` laid out at `indent`: its lines, whole."""
    return indented(render(doc, indent, indent, 0), indent)


def indented(laid_out: List[str], indent: int) -> List[str]:
    """Lines from `render`, the first given its indentation (an empty line stays empty)."""
    first = " " * indent + laid_out[0] if laid_out[0] else ""
    return [first] + laid_out[1:]


def render(doc, indent: int, column: int, suffix: int) -> List[str]:
    """`doc` laid out from `column` of a line indented by `indent`, with `suffix` characters to
    follow it: its lines, the first without what precedes it on its line, the others whole."""
    text = flat(doc)
    if isinstance(doc, str) or fits(column + len(text) + suffix) and not getattr(doc, "multiline", False):
        return [text]
    if isinstance(doc, Seq):
        return broken_seq(doc, indent, column, suffix)
    if isinstance(doc, Group):
        return broken_group(doc, indent)
    if isinstance(doc, Fill):
        return broken_fill(doc, indent, column, suffix)
    if isinstance(doc, Chain):
        return broken_chain(doc, indent, column, suffix)
    return broken_block(doc, indent, column)


def column_after(laid_out: List[str], column: int) -> int:
    return column + len(laid_out[0]) if len(laid_out) == 1 else len(laid_out[-1])


def unbroken_length(parts, suffix: int) -> int:
    """How many characters `parts` write before their first chance to break the line (all of
    them, and the `suffix` after them, when they have none)."""
    stop = break_position(parts)
    return sum(len(flat(part)) for part in parts) + suffix if stop is None else stop


def break_position(parts) -> Optional[int]:
    """How many characters `parts` write before their first chance to break the line (None: none)."""
    total = 0
    for part in parts:
        stop = first_break(part)
        if stop is not None:
            return total + stop
        total += len(flat(part))
    return None


def first_break(doc) -> Optional[int]:
    """How many characters `doc` writes before its first chance to break the line (None: none)."""
    if isinstance(doc, str):
        return None
    if isinstance(doc, Break):
        return 0
    if isinstance(doc, Group):
        return len(doc.open)
    if isinstance(doc, Seq):
        return break_position(doc.parts)
    if isinstance(doc, Block):
        head = first_break(doc.head)
        return len(flat(doc.head)) + 2 if head is None else head
    return len(flat(doc.operands[0] if isinstance(doc, Chain) else doc.items[0]))


def broken_seq(doc: Seq, indent: int, column: int, suffix: int) -> List[str]:
    result = [""]
    for number, part in enumerate(doc.parts):
        at = column_after(result, column)
        following = unbroken_length(doc.parts[number + 1:], suffix)
        if isinstance(part, Break):
            if fits(at + 1 + following):
                result[-1] += " "
            else:
                result.append(" " * (indent + part.indent))
            continue
        laid_out = render(part, indent, at, following)
        result[-1] += laid_out[0]
        result += laid_out[1:]
    return result


def broken_group(doc: Group, indent: int) -> List[str]:
    inner = indent + INDENT
    result = [doc.open]
    for number, item in enumerate(doc.items):
        comma = "," if number < len(doc.items) - 1 or doc.trailing_comma else ""
        result += indented(render(item, inner, inner, len(comma)), inner)
        result[-1] += comma
    return result + [" " * indent + doc.close]


def broken_fill(doc: Fill, indent: int, column: int, suffix: int) -> List[str]:
    result = [""]
    for number, item in enumerate(doc.items):
        last = number == len(doc.items) - 1
        text = flat(item) + ("" if last else ",")
        if number == 0:
            result[-1] = text
        elif fits(column_after(result, column) + 1 + len(text) + (suffix if last else 0)):
            result[-1] += " " + text
        else:
            result.append(" " * (indent + INDENT) + text)
    return result


def broken_chain(doc: Chain, indent: int, column: int, suffix: int) -> List[str]:
    result = render(doc.operands[0], indent, column, 0)
    inner = indent + INDENT
    operator = doc.operator.lstrip()
    for number, operand in enumerate(doc.operands[1:]):
        last = number == len(doc.operands) - 2
        laid_out = render(operand, inner, inner + len(operator), suffix if last else 0)
        result += [" " * inner + operator + laid_out[0]] + laid_out[1:]
    return result


def broken_block(doc: Block, indent: int, column: int) -> List[str]:
    opener = " {" if doc.braces else ""
    result = render(doc.head, indent, column, len(opener))
    result[-1] += opener
    inner = indent + INDENT
    if doc.signature is not None:
        signature = flat(doc.signature) + " in"
        if fits(column_after(result, column) + 1 + len(signature)):
            result[-1] += " " + signature
        else:
            result += indented(render(doc.signature, inner, inner, len(" in")), inner)
            result[-1] += " in"
    body = inner if doc.indent_body else indent
    for statement in doc.body:
        result += indented(render(statement, body, body, 0), body)
    return result + ([" " * indent + "}"] if doc.braces else [])


def comment(text: str, indent: int, marker: str = "///") -> List[str]:
    """A comment of `text`, its words wrapped within `COMMENT_WIDTH`."""
    prefix = " " * indent + marker + " "
    if WIDTH is None:
        return [prefix + text]
    result = [prefix]
    for word in text.split(" "):
        if result[-1] != prefix and len(result[-1]) + len(word) > COMMENT_WIDTH:
            result[-1] = result[-1].rstrip()
            result.append(prefix)
        result[-1] += word + " "
    return [line.rstrip() for line in result]
