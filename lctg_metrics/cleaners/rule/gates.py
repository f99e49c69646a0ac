"""Gates: a few cheap tests that prove a family of rules cannot fire on a unit, so its rules need not run.

Every rule of the cleaner is a boolean of regular expressions, and every way a family of rules can fire needs some
pattern to match. :func:`.literals.need` reads from each pattern what its matches put into the unit (strings at
its end, at its start, or anywhere); a gate joins these over one pattern per way of firing. When none is there,
no rule of the family can fire and the cascade skips it; otherwise the rules run as before. So a gate changes the
time a text takes, never its result: the rule@1.2 reference test compares cleaned texts and cuts, and
tests/test_rule_gates.py holds every rule to its gate.

The tests are three tries (alternations shaped by first character): strings at the start are matched there,
strings at the end are matched at the start of the reversed unit, both case-insensitively; strings anywhere are
searched in the folded unit (:func:`fold`) by a case-sensitive trie, which lets the engine skip to their first
characters (a case-insensitive search cannot). Tries are compiled per task on first use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache

from lctg_metrics.cleaners.rule.literals import alternatives, is_end, is_start, parse, read_end, read_seq, score

#: Letters a case-insensitive pattern matches with an ASCII letter whose ``str.lower`` is not that letter


#: (İ lowers to two characters, ı and ſ to themselves); :func:`fold` maps them first.
_SPECIAL = "\u0130\u0131\u017f"
_SPECIAL_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s"})

_Test = Callable[..., re.Match[str] | None] | None


class Need:
    """What a match of a pattern must put into the unit, in one of three forms (any one of them suffices):
    the unit starts with one of ``prefixes`` (after characters of ``lead``), ends with one of ``suffixes``
    (before characters of ``trail`` and a final line break), or contains one of ``factors``."""

    __slots__ = ("prefixes", "lead", "suffixes", "trail", "factors")

    def __init__(
        self, prefixes=frozenset(), lead=frozenset(), suffixes=frozenset(), trail=frozenset(), factors=frozenset()
    ) -> None:
        self.prefixes, self.lead = frozenset(prefixes), frozenset(lead)
        self.suffixes, self.trail = frozenset(suffixes), frozenset(trail)
        self.factors = frozenset(factors)

    def __or__(self, other: Need) -> Need:
        return Need(
            self.prefixes | other.prefixes,
            self.lead | other.lead,
            self.suffixes | other.suffixes,
            self.trail | other.trail,
            self.factors | other.factors,
        )


@cache
def need(pattern: re.Pattern[str]) -> Need:
    """What every match of ``pattern`` puts into the unit: per top-level alternative, the most telling of the
    strings at its end (if anchored there), at its start (if anchored there) and the strings it contains."""
    total = Need()
    anchored = not pattern.flags & re.MULTILINE
    for items in alternatives(parse(pattern)):
        options: list[tuple[tuple[int, int], Need]] = []
        if anchored and items and is_end(items[-1]):
            end = read_end(items[:-1], backward=True)
            if end is not None:
                options.append((score(end[0], True), Need(suffixes=end[0], trail=end[1])))
        if anchored and items and is_start(items[0]):
            start = read_end(items[1:], backward=False)
            if start is not None:
                options.append((score(start[0], True), Need(prefixes=start[0], lead=start[1])))
        factors = read_seq(items).need()
        if factors is not None:
            options.append((score(factors, False), Need(factors=factors)))
        if not options:
            raise ValueError(f"no string can be read from the pattern {pattern.pattern[:60]!r}: it cannot be gated")
        total |= max(options, key=lambda option: option[0])[1]
    return total


#: The last unit folded and its fold, as one tuple (replaced whole, so threads never see a mixed pair): the
#: patterns of one rule are usually gated on the same unit one after another.
_last_fold: tuple[str, str] = ("", "")


def fold(s: str) -> str:
    """``s`` with the letters a case-insensitive pattern treats alike made one, same length and positions.

    ``str.lower`` after the letters of ``_SPECIAL``: whatever a case-insensitive pattern matches with a gate
    string's character folds to that character's fold (tests/test_rule_gates.py checks every code point); other
    characters may fold onto gate characters too, which only lets a gate pass more often."""
    global _last_fold
    last = _last_fold
    if last[0] is s:
        return last[1]
    folded = s.translate(_SPECIAL_FOLD).lower() if ("\u0130" in s or "\u0131" in s or "\u017f" in s) else s.lower()
    _last_fold = (s, folded)
    return folded


def _trie(strings: Iterable[str]) -> str:
    """A regex matching one of ``strings`` (or a shorter one of them it starts with), shaped as a trie."""
    tree: dict = {}
    for s in strings:
        node = tree
        for ch in s:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        if "" in node:  # a shorter string ends here: it suffices
            return ""
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items())]
        return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"

    return emit(tree)


def _chars(chars: frozenset[str]) -> str:
    """``[…]*`` over ``chars`` (empty if none)."""
    members = "".join(ch if ch in ("\\s", "\\d") else re.escape(ch) for ch in sorted(chars))
    return "[" + members + "]*" if chars else ""


def _tests(n: Need) -> tuple[_Test, _Test, _Test]:
    """(match at the start, match at the start of the reversed unit, search in the folded unit) for a need."""
    return _compiled(n.prefixes, n.lead, n.suffixes, n.trail, n.factors)


@cache
def _compiled(
    prefixes: frozenset[str],
    lead: frozenset[str],
    suffixes: frozenset[str],
    trail: frozenset[str],
    factors: frozenset[str],
) -> tuple[_Test, _Test, _Test]:
    """The tests of a need, compiled once per distinct need (tasks share most of theirs)."""
    start = end = inside = None
    if prefixes:
        start = re.compile(_chars(lead) + _trie(prefixes), re.IGNORECASE).match
    if suffixes:
        end = re.compile("\n?" + _chars(trail) + _trie(x[::-1] for x in suffixes), re.IGNORECASE).match
    if factors:
        inside = re.compile(_trie({fold(x) for x in factors})).search
    return start, end, inside


class Gate:
    """Proves that a family of rules cannot fire on a unit.

    ``any_of``: patterns each of which alone decides a way of firing; ``all_of``: ways of firing that need
    several patterns at once (each a tuple, tried only when the rest finds nothing). ``may(s)`` is False only if
    no way can fire; the rules' own code decides the rest."""

    __slots__ = ("_need", "_any_of", "_all_of", "_tests", "_together")

    def __init__(self, any_of: Iterable[re.Pattern[str]], all_of: Iterable[tuple[re.Pattern[str], ...]] = ()) -> None:
        self._any_of = tuple(any_of)
        self._all_of = tuple(tuple(group) for group in all_of)
        self._need: Need | None = None  # read on first use: importing the cleaner reads no pattern
        self._tests: tuple[_Test, _Test, _Test] | None = None
        self._together: tuple = ()

    @property
    def need(self) -> Need:
        """The union of what the patterns that fire on their own need."""
        if self._need is None:
            total = Need()
            for pattern in self._any_of:
                total |= need(pattern)
            self._need = total
        return self._need

    @property
    def patterns(self) -> tuple[re.Pattern[str], ...]:
        """The patterns that fire on their own."""
        return self._any_of

    @property
    def groups(self) -> tuple[tuple[re.Pattern[str], ...], ...]:
        """The groups of patterns that fire only together."""
        return self._all_of

    def _compile(self) -> tuple[_Test, _Test, _Test]:
        # Anchored tests first within a group: they are cheaper than a search.
        self._together = tuple(
            tuple(sorted((_tests(need(p)) for p in group), key=lambda t: t[2] is not None)) for group in self._all_of
        )
        self._tests = _tests(self.need)
        return self._tests

    def may(self, s: str) -> bool:
        """Whether some way of firing could match in ``s`` (False is a proof that none can): a test of the union
        passes, or every test of some group does. (Written out: nearly every unit fails every test, so this runs
        in full for most; the reversed and the folded unit are made once, and only if a test needs them.)"""
        start, end, inside = self._tests or self._compile()
        if start is not None and start(s) is not None:
            return True
        backward = folded = None
        if end is not None and end(backward := s[::-1]) is not None:
            return True
        if inside is not None and inside(folded := fold(s)) is not None:
            return True
        for group in self._together:
            for g_start, g_end, g_inside in group:
                if g_start is not None and g_start(s) is not None:
                    continue
                if g_end is not None:
                    if backward is None:
                        backward = s[::-1]
                    if g_end(backward) is not None:
                        continue
                if g_inside is not None:
                    if folded is None:
                        folded = fold(s)
                    if g_inside(folded) is not None:
                        continue
                break  # a test of the group fails: the group cannot fire
            else:
                return True
        return False


def gate(*any_of: re.Pattern[str], all_of: Iterable[tuple[re.Pattern[str], ...]] = ()) -> Gate:
    """A gate over ``any_of`` (each a way of firing on its own) and ``all_of`` (ways that need several)."""
    return Gate(any_of, all_of)


__all__ = ["Gate", "Need", "fold", "gate", "need"]
