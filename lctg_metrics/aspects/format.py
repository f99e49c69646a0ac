"""FORMAT: the model output only the answer (cleaning left its first and last N characters unchanged)."""

from __future__ import annotations

from itertools import repeat
from operator import attrgetter, eq, gt
from typing import Sequence

from lctg_metrics.aspects.base import Aspect, Constraint, Texts, register
from lctg_metrics.verdict import Verdict, new
from lctg_metrics.aspects.text import delete_blanks, delete_blanks_each, quoted
from lctg_metrics.options import INVALID_MARKER, ScoringOptions


def check_format(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff cleaning left the first and last N characters (blanks deleted) unchanged."""
    raw_text, cleaned_text = texts
    if cleaned_text == INVALID_MARKER:
        return new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    n = options.affix_length[constraint.task]
    raw = delete_blanks(raw_text)
    cleaned = raw if cleaned_text == raw_text else delete_blanks(cleaned_text)
    if len(cleaned) <= n:
        if options.short_text == "exact":
            if raw == cleaned:
                return new(Verdict, (True, f"short text ({len(cleaned)} chars) unchanged by cleaning"))
            return new(Verdict, (False, f"short text ({len(cleaned)} chars) changed by cleaning"))
        return new(Verdict, (False, f"cleaned text has {len(cleaned)} chars <= {n} (too short to compare)"))
    if raw[:n] != cleaned[:n]:
        return new(Verdict, (False, f"text added before the answer: starts {quoted(raw[:n])}, "
                                    f"answer {quoted(cleaned[:n])}"))
    if raw[-n:] != cleaned[-n:]:
        return new(Verdict, (False, f"text added after the answer: ends {quoted(raw[-n:])}, "
                                    f"answer {quoted(cleaned[-n:])}"))
    return new(Verdict, (True, f"first and last {n} chars unchanged by cleaning"))


def _affixes_kept(raw: str, cleaned: str, n: int, exact: bool) -> bool:
    """:func:`check_format`'s ``passed`` on texts with their blanks deleted."""
    if len(cleaned) <= n:
        return exact and raw == cleaned
    return raw[:n] == cleaned[:n] and raw[-n:] == cleaned[-n:]


def passes_format(raws: Sequence[str], cleaned: Sequence[str], constraints: Sequence[Constraint],
                  options: ScoringOptions) -> list[bool]:
    """:func:`check_format`'s ``passed`` of many items."""
    ns = list(map(options.affix_length.__getitem__, map(attrgetter("task"), constraints)))
    exact = options.short_text == "exact"
    raw = delete_blanks_each(raws)
    if cleaned is raws or all(map(eq, cleaned, raws)):  # nothing cleaned away: each text is compared with itself
        out = [True] * len(ns) if exact else list(map(gt, map(len, raw), ns))
    else:
        out = list(map(_affixes_kept, raw, delete_blanks_each(cleaned), ns, repeat(exact)))
    if INVALID_MARKER in cleaned:
        out = [ok and c != INVALID_MARKER for ok, c in zip(out, cleaned)]
    return out


FORMAT = register(Aspect("format", check_format, heading="FORMAT", column="Format", passes=passes_format))
