"""Guards: cheap tests in front of single patterns, so that a pattern slow to fail is rarely run at all.

:func:`guard` puts a pattern behind its own gate (:mod:`.gates`): ``search``, ``match`` and ``fullmatch`` answer
``None`` at once when the gate proves there is no match, and run the pattern otherwise, so their answers are the
pattern's own. It is worth it for long alternations and ``.{0,40}`` between two word lists, which cost several
microseconds to fail on an ordinary sentence. :func:`starts` tests the first character against what a pattern can
start with, for the prefixes tried on every first line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from lctg_metrics.cleaners.rule import syntax
from lctg_metrics.cleaners.rule.gates import Gate
from lctg_metrics.cleaners.rule.syntax import REPEATS, Category, Op


class Guarded:
    """A compiled pattern behind its own gate: ``search``, ``match`` and ``fullmatch`` on a whole string return
    ``None`` at once when the gate proves the pattern cannot match; otherwise the pattern runs. Everything else
    (``sub``, ``pattern``, ``flags``, calls with positions) is the pattern's own."""

    __slots__ = ("regex", "_gate")

    def __init__(self, regex: re.Pattern[str]) -> None:
        self.regex = regex
        self._gate = Gate([regex])

    @property
    def pattern(self) -> str:
        return self.regex.pattern

    @property
    def flags(self) -> int:
        return self.regex.flags

    def search(self, s: str, *positions: int) -> re.Match[str] | None:
        return self.regex.search(s, *positions) if positions or self._gate.may(s) else None

    def match(self, s: str, *positions: int) -> re.Match[str] | None:
        return self.regex.match(s, *positions) if positions or self._gate.may(s) else None

    def fullmatch(self, s: str, *positions: int) -> re.Match[str] | None:
        return self.regex.fullmatch(s, *positions) if positions or self._gate.may(s) else None

    def __getattr__(self, name: str):
        if name.startswith("__") or name in Guarded.__slots__:  # copying and pickling look for these first
            raise AttributeError(name)
        return getattr(self.regex, name)

    def __reduce__(self):
        return guard, (self.regex,)


def guard(regex: re.Pattern[str]) -> re.Pattern[str]:
    """``regex`` behind its gate (for patterns slow to fail: long alternations, ``.{0,40}`` between words); typed
    as the pattern it stands in for, wherever a rule table or a gate takes one."""
    return cast("re.Pattern[str]", Guarded(regex))


def _first(items) -> tuple[set[str], bool] | None:
    """What a sequence of parse items can start with (class members, as written in a class), and whether it can
    match nothing; ``None`` if it can start with anything."""
    members: set[str] = set()
    for op, arg in items:
        if op is Op.LITERAL:
            return members | {re.escape(chr(arg))}, False
        if op is Op.IN:
            part: set[str] = set()
            for op2, arg2 in arg:
                if op2 is Op.LITERAL:
                    part.add(re.escape(chr(arg2)))
                elif op2 is Op.RANGE:
                    part.add(f"{re.escape(chr(arg2[0]))}-{re.escape(chr(arg2[1]))}")
                elif op2 is Op.CATEGORY and arg2 in _CLASS_CATEGORIES:
                    part.add(_CLASS_CATEGORIES[arg2])
                else:  # a negated class, another category: anything
                    return None
            return members | part, False
        if op is Op.SUBPATTERN or op is Op.BRANCH or op in REPEATS:
            alts = [arg[-1]] if op is Op.SUBPATTERN else arg[1] if op is Op.BRANCH else [arg[2]]
            firsts = [f for f in (_first(alt) for alt in alts) if f is not None]
            if len(firsts) < len(alts):
                return None
            members = members.union(*(f[0] for f in firsts))
            if not (any(f[1] for f in firsts) or (op in REPEATS and arg[0] == 0)):
                return members, False
        elif op not in (Op.AT, Op.ASSERT, Op.ASSERT_NOT):  # zero-width parts start nothing
            return None
    return members, True


_CLASS_CATEGORIES = {Category.DIGIT: "\\d", Category.SPACE: "\\s", Category.WORD: "\\w"}


def starts(pattern: re.Pattern[str]) -> Callable[[str], bool]:
    """A test of the first character of a text: False proves ``pattern.match(text)`` finds nothing. (Always True
    when the pattern can match the empty string or start with anything.)"""
    first = _first(syntax.parse(pattern))
    if first is None or first[1] or not first[0]:
        return lambda text: True
    match = re.compile("[" + "".join(sorted(first[0])) + "]", pattern.flags | re.IGNORECASE).match
    return lambda text: match(text) is not None


__all__ = ["Guarded", "guard", "starts"]
