"""A regular expression's parse tree, as :mod:`.literals` and :mod:`.guards` read it: a small parser of Python's
pattern syntax (the standard library's own parser is private and changes between versions).

The tree has the standard parser's shape, so that what is read from a pattern stays what it was: a sequence is a
list of ``(Op, argument)`` items (``LITERAL`` a code point, ``IN`` a class's members, ``SUBPATTERN`` ``(group,
added flags, removed flags, sequence)``, ``BRANCH`` ``(None, sequences)``, a repeat ``(min, max, sequence)``,
``ASSERT`` ``(direction, sequence)``, ``AT`` an :class:`At`), and the parser rewrites as it does: a group without
a number or flags is spliced into its sequence (or is the body of its repeat), a class of one character is that
character (``[^x]``: ``NOT_LITERAL``), duplicate class members are dropped, and an alternation has the items
every branch starts with moved in front of it and becomes one class when every branch is one character or class.
Verbose patterns and conditional groups are refused (no rule uses them). tests/test_rule_syntax.py compares the
trees with the standard parser's on every pattern of the cleaner.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from typing import Any

#: What an item of a sequence is, a position (``^``, ``\A``, ``$``, ``\Z``, ``\b``, ``\B``) and a character category
#: (``\d``, ``\s``, ``\w`` and their negations; outside a class, a class of one category), named as the standard
#: parser names them.
Op = enum.Enum(
    "Op",
    "LITERAL NOT_LITERAL ANY IN RANGE NEGATE CATEGORY SUBPATTERN ATOMIC_GROUP BRANCH MAX_REPEAT MIN_REPEAT "
    "POSSESSIVE_REPEAT AT ASSERT ASSERT_NOT GROUPREF",
)
At = enum.Enum("At", "BEGINNING BEGINNING_STRING END END_STRING BOUNDARY NON_BOUNDARY")
Category = enum.Enum("Category", "DIGIT NOT_DIGIT SPACE NOT_SPACE WORD NOT_WORD")

#: The upper bound of an unbounded repeat (``*``, ``+``, ``{n,}``): the standard parser's, as large as a bound gets.
MAXREPEAT = 2**32 - 1
#: The repeats, greedy, lazy (``*?``) and possessive (``*+``).
REPEATS = (Op.MAX_REPEAT, Op.MIN_REPEAT, Op.POSSESSIVE_REPEAT)

_ANCHORS = {"A": At.BEGINNING_STRING, "b": At.BOUNDARY, "B": At.NON_BOUNDARY, "Z": At.END_STRING}
_CATEGORIES = {
    "d": Category.DIGIT,
    "D": Category.NOT_DIGIT,
    "s": Category.SPACE,
    "S": Category.NOT_SPACE,
    "w": Category.WORD,
    "W": Category.NOT_WORD,
}
_ESCAPES = {"a": 7, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92}
_HEX = {"x": 2, "u": 4, "U": 8}  # \x, \u, \U: exactly this many hex digits
_OCTAL = "01234567"
_DIGITS = "0123456789"
_FLAGS = {"a": re.ASCII, "i": re.IGNORECASE, "L": re.LOCALE, "m": re.MULTILINE, "s": re.DOTALL, "u": re.UNICODE}

Item = tuple[Op, Any]


class Seq(list[Item]):
    """A sequence of items. Two sequences are equal only when they are one object, as the standard parser's are:
    so only items without a sequence inside (characters, classes, anchors) are common to two branches."""

    __eq__ = object.__eq__
    __ne__ = object.__ne__


class _Reader:
    """The pattern and a position in it."""

    def __init__(self, text: str) -> None:
        self.text, self.i, self.groups = text, 0, 0
        self.names: dict[str, int] = {}

    def peek(self) -> str:
        return self.text[self.i : self.i + 1]

    def take(self, s: str) -> bool:
        if self.text.startswith(s, self.i):
            self.i += len(s)
            return True
        return False

    def next(self) -> str:
        if self.i >= len(self.text):
            raise ValueError(f"pattern {self.text[:60]!r} ends too early")
        self.i += 1
        return self.text[self.i - 1]

    def until(self, end: str) -> str:
        j = self.text.index(end, self.i)
        s, self.i = self.text[self.i : j], j + 1
        return s

    def digits(self, n: int, allowed: str) -> str:
        s = ""
        while len(s) < n and self.peek() and self.peek() in allowed:
            s += self.next()
        return s


def parse(pattern: re.Pattern[str]) -> Seq:
    """The top-level items of ``pattern``'s parse tree."""
    if pattern.flags & re.VERBOSE:
        raise ValueError(f"verbose pattern {pattern.pattern[:60]!r}: the rule cleaner's gates do not read them")
    r = _Reader(pattern.pattern)
    tree = _alternation(r)
    if r.i != len(r.text):
        raise ValueError(f"pattern {r.text[:60]!r}: unbalanced ')' at {r.i}")
    return tree


def _alternation(r: _Reader) -> Seq:
    branches = [_sequence(r)]
    while r.take("|"):
        branches.append(_sequence(r))
    if len(branches) == 1:
        return branches[0]
    out = Seq()
    while all(branches) and all(b[0] == branches[0][0] for b in branches[1:]):
        out.append(branches[0][0])
        for b in branches:
            del b[0]
    members: list[Item] = []
    for b in branches:
        if len(b) != 1 or not (b[0][0] is Op.LITERAL or (b[0][0] is Op.IN and b[0][1][0][0] is not Op.NEGATE)):
            out.append((Op.BRANCH, (None, branches)))
            return out
        members += [b[0]] if b[0][0] is Op.LITERAL else b[0][1]
    out.append((Op.IN, list(dict.fromkeys(members))))
    return out


def _plain(item: Item) -> bool:
    """A group without a number or flags (``(?:…)``): its sequence stands in for it."""
    return item[0] is Op.SUBPATTERN and item[1][0] is None and not item[1][1] and not item[1][2]


def _sequence(r: _Reader) -> Seq:
    seq = Seq()
    while r.peek() and r.peek() not in "|)":
        ch = r.next()
        if ch == "\\":
            seq.append(_escape(r))
        elif ch == "[":
            seq.append(_class(r))
        elif ch in "*+?{":
            bounds = _bounds(r, ch)
            if bounds is None:
                seq.append((Op.LITERAL, ord(ch)))
                continue
            if not seq or seq[-1][0] is Op.AT or seq[-1][0] in REPEATS:
                raise ValueError(f"pattern {r.text[:60]!r}: nothing to repeat at {r.i}")
            body = seq[-1][1][3] if _plain(seq[-1]) else Seq([seq[-1]])
            kind = Op.MIN_REPEAT if r.take("?") else Op.POSSESSIVE_REPEAT if r.take("+") else Op.MAX_REPEAT
            seq[-1] = (kind, (*bounds, body))
        elif ch == "(":
            group = _group(r)
            if group is not None:
                seq.append(group)
        elif ch in ".^$":
            seq.append((Op.ANY, None) if ch == "." else (Op.AT, At.BEGINNING if ch == "^" else At.END))
        else:
            seq.append((Op.LITERAL, ord(ch)))
    for i in reversed(range(len(seq))):
        if _plain(seq[i]):
            seq[i : i + 1] = seq[i][1][3]
    return seq


def _bounds(r: _Reader, ch: str) -> tuple[int, int] | None:
    """The bounds of the repeat ``ch`` starts; None when a ``{`` is a plain character (the position kept)."""
    if ch != "{":
        return {"?": (0, 1), "*": (0, MAXREPEAT), "+": (1, MAXREPEAT)}[ch]
    m = re.compile(r"([0-9]*)(?:(,)([0-9]*))?\}").match(r.text, r.i)
    if m is None or r.text[r.i] == "}":
        return None
    r.i = m.end()
    lo = int(m[1]) if m[1] else 0
    hi = (int(m[3]) if m[3] else MAXREPEAT) if m[2] else lo
    return lo, hi


def _group(r: _Reader) -> Item | None:
    """What a ``(`` opens (None for a comment or global flags)."""
    name, flags, capture = None, (0, 0), r.peek() != "?"
    if r.take("?P<"):
        name = r.until(">")
    elif r.take("?P="):
        return (Op.GROUPREF, r.names[r.until(")")])
    elif r.take("?#"):
        r.until(")")
        return None
    elif r.take("?=") or r.take("?!") or r.take("?<=") or r.take("?<!"):
        kind = Op.ASSERT if r.text[r.i - 1] == "=" else Op.ASSERT_NOT
        direction = -1 if r.text[r.i - 2] == "<" else 1
        body = _alternation(r)
        r.take(")")
        return (kind, (direction, body))
    elif r.take("?>"):
        body = _alternation(r)
        r.take(")")
        return (Op.ATOMIC_GROUP, body)
    elif r.take("?("):
        raise ValueError(f"pattern {r.text[:60]!r}: conditional groups are not read by the rule cleaner's gates")
    elif r.take("?"):
        m = re.compile(r"([aiLmsux]*)(?:-([imsx]+))?([:)])").match(r.text, r.i)
        if m is None or "x" in m[1]:
            raise ValueError(f"pattern {r.text[:60]!r}: inline flags at {r.i} are not read by the rule cleaner's gates")
        r.i = m.end()
        if m[3] == ")":
            return None  # global flags, already in the compiled pattern's flags
        flags = (sum(_FLAGS[c] for c in set(m[1])), sum(_FLAGS[c] for c in set(m[2] or "")))
    number = None
    if capture or name is not None:
        r.groups += 1
        number = r.groups
        if name is not None:
            r.names[name] = number
    body = _alternation(r)
    r.take(")")
    return (Op.SUBPATTERN, (number, *flags, body))


def _code(r: _Reader, c: str) -> int | None:
    """The code point of ``\\xhh``, ``\\uhhhh``, ``\\Uhhhhhhhh`` or ``\\N{name}`` (``c`` the letter), else None."""
    if c in _HEX:
        return int(r.digits(_HEX[c], "0123456789abcdefABCDEF"), 16)
    if c == "N":
        r.take("{")
        return ord(unicodedata.lookup(r.until("}")))
    return None


def _escape(r: _Reader) -> Item:
    """An escape outside a class (after its backslash)."""
    c = r.next()
    if c in _ANCHORS:
        return (Op.AT, _ANCHORS[c])
    if c in _CATEGORIES:
        return (Op.IN, [(Op.CATEGORY, _CATEGORIES[c])])
    code = _ESCAPES[c] if c in _ESCAPES else _code(r, c)
    if code is not None:
        return (Op.LITERAL, code)
    if c == "0":
        return (Op.LITERAL, int(c + r.digits(2, _OCTAL), 8))
    if c in _DIGITS:
        more = r.digits(1, _DIGITS)
        if more and c in _OCTAL and more in _OCTAL and r.peek() and r.peek() in _OCTAL:
            return (Op.LITERAL, int(c + more + r.next(), 8))
        return (Op.GROUPREF, int(c + more))
    return (Op.LITERAL, ord(c))


def _class_member(r: _Reader, ch: str) -> Item:
    """One member of a class: a character, or an escape (``\\b`` is a backspace there; ``\\d``… a category)."""
    if ch != "\\":
        return (Op.LITERAL, ord(ch))
    c = r.next()
    if c in _CATEGORIES:
        return (Op.CATEGORY, _CATEGORIES[c])
    code = 8 if c == "b" else _ESCAPES[c] if c in _ESCAPES else _code(r, c)
    if code is None and c in _OCTAL:
        code = int(c + r.digits(2, _OCTAL), 8)
    return (Op.LITERAL, ord(c) if code is None else code)


def _class(r: _Reader) -> Item:
    """A class (after its ``[``)."""
    negate = r.take("^")
    members: list[Item] = []
    while True:
        ch = r.next()
        if ch == "]" and members:
            break
        first = _class_member(r, ch)
        if not r.take("-"):
            members.append(first)
        elif r.take("]"):
            members += [first, (Op.LITERAL, ord("-"))]
            break
        else:
            members.append((Op.RANGE, (first[1], _class_member(r, r.next())[1])))
    members = list(dict.fromkeys(members))
    if len(members) == 1 and members[0][0] is Op.LITERAL:
        return (Op.NOT_LITERAL, members[0][1]) if negate else members[0]
    return (Op.IN, [(Op.NEGATE, None), *members] if negate else members)
