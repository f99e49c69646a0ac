"""What a regular expression must put into the text it matches: strings read from the pattern's parse tree.

:func:`read_seq` reads strings one of which every match contains (``(?:以下|下記)``: either), :func:`read_end`
strings one of which every match starts or ends with (``…ました[。！]*$``: 「ました」, then only 。！), from the
tree :mod:`.syntax` reads. The reading is conservative: an unknown construct (``.``, ``\\d``, a negated class, a
back-reference) says nothing, and what can be said about a sequence is said about its best part. :mod:`.gates`
builds on it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lctg_metrics.cleaners.rule import syntax
from lctg_metrics.cleaners.rule.syntax import MAXREPEAT, REPEATS, At, Category, Op

#: Largest finite language kept exactly while reading a pattern (concatenations multiply).
_MAX_EXACT = 512
#: Largest character class read as a set of one-character strings.
_MAX_CLASS = 24
_STARTS = (At.BEGINNING, At.BEGINNING_STRING)
_ENDS = (At.END, At.END_STRING)


class _Info:
    """What a piece of a pattern can match: ``exact`` (every string it matches, when few), and ``factors``
    (strings one of which every match contains; ``None`` when nothing can be said)."""

    __slots__ = ("exact", "factors")

    def __init__(self, exact: frozenset[str] | None, factors: frozenset[str] | None) -> None:
        self.exact = exact
        self.factors = factors

    def need(self) -> frozenset[str] | None:
        """The factor set of this piece: its exact language if known, without the empty string."""
        if self.exact is not None:
            return None if "" in self.exact else self.exact
        return self.factors


_EMPTY = _Info(frozenset({""}), None)
_UNKNOWN = _Info(None, None)


def _weight(s: str) -> int:
    """How telling a string is: a kana counts 1, a kanji, katakana or letter 2, a mark or digit 0."""
    return sum(1 if "\u3040" <= ch <= "\u309f" else 2 if ch.isalpha() else 0 for ch in s)


def score(strings: frozenset[str], anchored: bool) -> tuple[int, int]:
    """Rank of a set of strings: the weight of its weakest string (+3 when anchored to an end), then fewer."""
    return min(map(_weight, strings)) + (3 if anchored else 0), -len(strings)


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more telling of two factor sets."""
    if a is None:
        return b
    if b is None:
        return a
    return a if score(a, False) >= score(b, False) else b


def _class(items: list) -> _Info:
    chars: set[str] = set()
    for op, arg in items:
        if op is Op.LITERAL:
            chars.add(chr(arg))
        elif op is Op.RANGE and arg[1] - arg[0] < _MAX_CLASS:
            chars.update(chr(i) for i in range(arg[0], arg[1] + 1))
        else:  # NEGATE, CATEGORY, wide ranges: too many characters to name
            return _UNKNOWN
    return _Info(frozenset(chars), None) if len(chars) <= _MAX_CLASS else _UNKNOWN


def _join(run: frozenset[str], part: frozenset[str], keep_tail: bool = False) -> tuple[frozenset[str], bool]:
    """``run`` followed by ``part``: the exact product when small (True), else ``run`` followed by the shortest
    prefixes of ``part`` that keep it small (False: every match still contains one of them). ``keep_tail``: cut
    ``run`` to its last characters instead (the strings then still end every match)."""
    if len(run) * len(part) <= _MAX_EXACT:
        return frozenset(a + b for a in run for b in part), True
    if keep_tail:
        k = max(
            (
                n
                for n in range(max(map(len, run)) + 1)
                if len({a[max(0, len(a) - n) :] if n else "" for a in run}) * len(part) <= _MAX_EXACT
            ),
            default=0,
        )
        return frozenset((a[max(0, len(a) - k) :] if k else "") + b for a in run for b in part), False
    k = max(
        (n for n in range(max(map(len, part)) + 1) if len(run) * len({b[:n] for b in part}) <= _MAX_EXACT), default=0
    )
    return frozenset(a + b[:k] for a in run for b in part), False


def read_seq(items: Iterable) -> _Info:
    """A concatenation: the exact product while small; otherwise the best factor set of its runs and parts.

    A run of adjacent exact parts is joined into longer strings; a part that is not exact ends the run (the next
    run starts after it, or with the last copy of a repeated exact part)."""
    best: frozenset[str] | None = None
    run: frozenset[str] = frozenset({""})  # the exact language of the current run of adjacent exact parts
    whole = True  # whether ``run`` is still the exact language of everything so far

    def close(candidate: frozenset[str]) -> None:
        nonlocal best
        if "" not in candidate:
            best = _better(best, candidate)

    for op, arg in items:
        part = _node(op, arg)
        if part.exact is not None:
            run, exact = _join(run, part.exact)
            if not exact:
                whole = False
                close(run)
                run = part.exact
            continue
        whole = False
        repeated = _repeated_exact(op, arg)
        if repeated is not None:  # X{n,}: one copy of X joins the run, the last copy starts the next
            run, _ = _join(run, repeated)
            close(run)
            run = repeated
            continue
        close(run)
        need = part.need()
        if need is not None:
            best = _better(best, need)
        run = frozenset({""})
    if whole:
        return _Info(run, None)
    close(run)
    return _Info(None, best)


def _repeated_exact(op, arg) -> frozenset[str] | None:
    """The exact language of X in a repeat X{n,m} with n >= 1 (``None`` if not such a repeat)."""
    if op in REPEATS and arg[0] >= 1:
        inner = read_seq(arg[2])
        return inner.exact
    return None


def _node(op, arg) -> _Info:
    if op is Op.LITERAL:
        return _Info(frozenset({chr(arg)}), None)
    if op is Op.IN:
        return _class(arg)
    if op is Op.SUBPATTERN:
        return read_seq(arg[-1])
    if op is Op.BRANCH:
        parts = [read_seq(branch) for branch in arg[1]]
        exacts = [p.exact for p in parts if p.exact is not None]
        if len(exacts) == len(parts) and sum(len(e) for e in exacts) <= _MAX_EXACT:
            return _Info(frozenset().union(*exacts), None)
        needs = [n for n in (p.need() for p in parts) if n is not None]
        return _Info(None, None if len(needs) < len(parts) else frozenset().union(*needs))
    if op in REPEATS:
        lo, hi, body = arg
        inner = read_seq(body)
        if lo == 0:
            if hi == 1 and inner.exact is not None:
                return _Info(inner.exact | {""}, None)
            return _EMPTY if hi == 0 else _UNKNOWN
        if lo == hi == 1:
            return inner
        return _Info(None, inner.need())
    if op in (Op.AT, Op.ASSERT, Op.ASSERT_NOT):
        return _EMPTY  # zero-width: ignoring what it asserts only widens the gate
    if op is Op.ATOMIC_GROUP:
        return read_seq(arg)
    return _UNKNOWN  # ANY, NOT_LITERAL, CATEGORY, GROUPREF, ...


def required(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Strings one of which every match of ``pattern`` contains (``None``: none can be named)."""
    return read_seq(syntax.parse(pattern)).need()


#: Character categories a skipped run may hold, as written in a character class.
_CATEGORIES = {Category.SPACE: "\\s", Category.DIGIT: "\\d"}


def _single_chars(op, arg, least: int = 0) -> frozenset[str] | None:
    """The members of X in ``X*`` (``least=1``: ``X+``) where X is one character: characters, and ``\\s`` or
    ``\\d`` for a category (written as in a class); ``None`` if not such a repeat."""
    if not (op in REPEATS and arg[0] == least and arg[1] == MAXREPEAT and len(arg[2]) == 1):
        return None
    ((kind, body),) = arg[2]
    if kind is Op.LITERAL:
        return frozenset({chr(body)})
    if kind is not Op.IN:
        return None
    members: set[str] = set()
    for op2, arg2 in body:
        if op2 is Op.LITERAL:
            members.add(chr(arg2))
        elif op2 is Op.CATEGORY and arg2 in _CATEGORIES:
            members.add(_CATEGORIES[arg2])
        elif op2 is Op.RANGE and arg2[1] - arg2[0] < _MAX_CLASS:
            members.update(chr(i) for i in range(arg2[0], arg2[1] + 1))
        else:
            return None
    return frozenset(members)


def read_end(items: list, backward: bool) -> tuple[frozenset[str], frozenset[str]] | None:
    """Strings one of which a match starts with (``backward``: ends with), after the characters of a leading
    (trailing) ``[…]*``; ``None`` if the first (last) parts can match nothing."""
    parts = list(reversed(items)) if backward else list(items)
    skip: set[str] = set()
    while parts and (chars := _single_chars(*parts[0])) is not None:
        skip |= chars
        parts.pop(0)
    run = frozenset({""})
    # [！!]+ at the end: one, then skipped
    if parts and (chars := _single_chars(parts[0][0], parts[0][1], least=1)) is not None:
        skip |= chars
        run = chars
        parts.pop(0)
    for i, (op, arg) in enumerate(parts):
        part = _node(op, arg)
        body = part.exact if part.exact is not None else _repeated_exact(op, arg)
        if body is None and not skip and run == frozenset({""}) and op in REPEATS and arg[:2] == (0, 1):
            # (?:X)? first: a match starts (ends) with X's start (end) or with what comes after it.
            inner = _group_end(op, (1, 1, arg[2]), backward)
            after = read_end(list(reversed(parts[i + 1 :])) if backward else parts[i + 1 :], backward)
            if inner is not None and after is not None and not inner[1] and not after[1]:
                run = inner[0] | after[0]
            break
        if body is None:
            group = _group_end(op, arg, backward)
            # A group too large to list: its alternatives' ends, then nothing more. Characters they skip at their
            # own end can join the pattern's only at the very end.
            if group is not None and (not group[1] or run == frozenset({""})):
                run, _ = _join(group[0], run, keep_tail=True) if backward else _join(run, group[0])
                skip |= group[1]
            break
        run, exact = _join(body, run, keep_tail=True) if backward else _join(run, body)
        if not exact or part.exact is None:  # truncated, or X{n,}: nothing after it is adjacent for sure
            break
    if "" in run:
        return None
    return run, frozenset(skip)


def _group_end(op, arg, backward: bool) -> tuple[frozenset[str], frozenset[str]] | None:
    """For a group, an alternation or a repeat ``X{n,}`` (n >= 1): strings one of which each of its alternatives
    (the first or last copy of X) starts (ends) with, and the characters it may skip on that side."""
    if op in REPEATS and arg[0] >= 1:
        alts = alternatives(arg[2])
    elif op is Op.BRANCH or op is Op.SUBPATTERN:
        alts = alternatives([(op, arg)])
    else:
        return None
    ends: set[str] = set()
    skip: set[str] = set()
    for alt in alts:
        end = read_end(alt, backward)
        if end is None:  # an alternative that can start (end) with anything
            return None
        ends |= end[0]
        skip |= end[1]
    return frozenset(ends), frozenset(skip)


def alternatives(parsed) -> list[list]:
    """The top-level alternatives of a parsed pattern (one, unless the whole pattern is an alternation)."""
    items = list(parsed)
    if len(items) == 1 and items[0][0] is Op.BRANCH:
        return [alt for branch in items[0][1][1] for alt in alternatives(branch)]
    if len(items) == 1 and items[0][0] is Op.SUBPATTERN and not items[0][1][1] and not items[0][1][2]:
        return alternatives(items[0][1][-1])
    return [items]


def parse(pattern: re.Pattern[str]) -> list:
    """The top-level items of ``pattern``'s parse tree."""
    return list(syntax.parse(pattern))


def is_start(item) -> bool:
    """Whether a parse item is ``^`` (start of the text)."""
    return item[0] is Op.AT and item[1] in _STARTS


def is_end(item) -> bool:
    """Whether a parse item is ``$`` (end of the text, or before a final line break)."""
    return item[0] is Op.AT and item[1] in _ENDS


__all__ = ["alternatives", "is_end", "is_start", "parse", "read_end", "read_seq", "required", "score"]
