"""FORMAT: the model output only the answer (cleaning left its first and last N characters unchanged)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, repeat
from operator import attrgetter, eq, getitem, gt, not_
from typing import cast

from lctg_metrics.aspects.base import Aspect, Constraint, Texts, register
from lctg_metrics.aspects.text import delete_blanks, delete_blanks_each, quoted
from lctg_metrics.options import INVALID_MARKER
from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.verdict import Verdict, new


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
        return new(
            Verdict, (False, f"text added before the answer: starts {quoted(raw[:n])}, answer {quoted(cleaned[:n])}")
        )
    if raw[-n:] != cleaned[-n:]:
        return new(
            Verdict, (False, f"text added after the answer: ends {quoted(raw[-n:])}, answer {quoted(cleaned[-n:])}")
        )
    return new(Verdict, (True, f"first and last {n} chars unchanged by cleaning"))


def _affixes_kept(raw: str, cleaned: str, n: int, exact: bool) -> bool:
    """:func:`check_format`'s ``passed`` on texts with their blanks deleted."""
    if len(cleaned) <= n:
        return exact and raw == cleaned
    return raw[:n] == cleaned[:n] and raw[-n:] == cleaned[-n:]


def _longer(texts: Sequence[str], ns: list[int]) -> list[bool]:
    """Whether each text has more than its n characters once blanks are deleted: decided on the text's first 2n + 2
    characters (enough unless it is mostly blanks), on the whole text for the few that are not."""
    head = slice(0, 2 * max(ns, default=0) + 2)
    heads = cast("list[str]", list(map(getitem, texts, repeat(head))))
    out = list(map(gt, map(len, delete_blanks_each(heads)), ns))
    unsure = [k for k in compress(range(len(out)), map(not_, out)) if len(texts[k]) > len(heads[k])]
    for k in unsure:
        out[k] = len(delete_blanks(texts[k])) > ns[k]
    return out


def passes_format(
    raws: Sequence[str], cleaned: Sequence[str], constraints: Sequence[Constraint], options: ScoringOptions
) -> list[bool]:
    """:func:`check_format`'s ``passed`` of many items."""
    ns = list(map(options.affix_length.__getitem__, map(attrgetter("task"), constraints)))
    exact = options.short_text == "exact"
    if cleaned is raws or (
        type(cleaned) is type(raws)
        and isinstance(cleaned, (list, tuple))
        and cleaned == raws
        or all(map(eq, cleaned, raws))
    ):  # nothing cleaned away: each text compared with itself
        out = [True] * len(ns) if exact else _longer(raws, ns)
    else:
        out = list(map(_affixes_kept, delete_blanks_each(raws), delete_blanks_each(cleaned), ns, repeat(exact)))
    if INVALID_MARKER in cleaned:
        out = [ok and c != INVALID_MARKER for ok, c in zip(out, cleaned)]
    return out


FORMAT = register(Aspect("format", check_format, heading="FORMAT", column="Format", passes=passes_format))
