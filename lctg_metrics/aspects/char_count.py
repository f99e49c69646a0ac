"""C-COUNT: the cleaned answer's length lies in the prompt's [min_chars, max_chars] range."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import repeat
from operator import attrgetter, gt, lt, not_, or_
from typing import Any, TypeGuard

from lctg_metrics.aspects.base import Aspect, Constraint, Texts, one_by_one, register
from lctg_metrics.aspects.text import count_chars
from lctg_metrics.options import INVALID_MARKER
from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.verdict import Verdict, new


def check_char_count(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff min <= length(cleaned) <= max (code points by default)."""
    lo, hi = constraint.min_chars, constraint.max_chars
    if lo is None or hi is None:
        raise ValueError(f"char_count needs min_chars and max_chars, got min={lo!r} max={hi!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    n = len(cleaned) if options.counting == "codepoints" else count_chars(cleaned, options.counting)
    if n < lo:
        return new(Verdict, (False, f"{n} chars < min {lo}"))
    if n > hi:
        return new(Verdict, (False, f"{n} chars > max {hi}"))
    return new(Verdict, (True, f"{n} chars in [{lo}, {hi}]"))


def passes_char_count(
    raws: Sequence[str], cleaned: Sequence[str], constraints: Sequence[Constraint], options: ScoringOptions
) -> list[bool]:
    """:func:`check_char_count`'s ``passed`` of many items."""
    lo, hi = list(map(attrgetter("min_chars"), constraints)), list(map(attrgetter("max_chars"), constraints))
    if None in lo or None in hi:
        return one_by_one(check_char_count, raws, cleaned, constraints, options)  # raises naming the constraint
    n = list(
        map(len, cleaned) if options.counting == "codepoints" else map(count_chars, cleaned, repeat(options.counting))
    )
    out = list(map(not_, map(or_, map(lt, n, lo), map(gt, n, hi))))  # the check's order: n < lo, then n > hi
    if INVALID_MARKER in cleaned:
        out = [ok and c != INVALID_MARKER for ok, c in zip(out, cleaned)]
    return out


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def validate(constraint: Mapping[str, Any]) -> str | None:
    lo, hi = constraint.get("min_chars"), constraint.get("max_chars")
    if not (_is_int(lo) and _is_int(hi)):
        return f"char_count needs integer min_chars and max_chars, got {lo!r}, {hi!r}"
    if lo < 0 or lo > hi:
        return f"char_count range [{lo}, {hi}] is malformed (need 0 <= min <= max)"
    return None


CHAR_COUNT = register(
    Aspect(
        "char_count",
        check_char_count,
        heading="C-COUNT",
        column="C-count",
        fields=("min_chars", "max_chars"),
        validate=validate,
        passes=passes_char_count,
    )
)
