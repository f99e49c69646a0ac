"""KEYWORD: the cleaned answer uses the keyword (substring match, as upstream)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from lctg_metrics.aspects.base import Aspect, Constraint, Texts, one_by_one, register
from lctg_metrics.aspects.text import contains, contains_each, needs_word
from lctg_metrics.options import INVALID_MARKER
from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.verdict import Verdict, new


def check_keyword(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff the keyword occurs in the cleaned text (plain substring by default)."""
    word = constraint.keyword
    if not word:
        raise ValueError(f"keyword check needs a non-empty keyword, got {word!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    norm = options.normalization  # the upstream case inline: this check runs once per generation
    if (word in cleaned) if norm == "none" else contains(cleaned, word, norm):
        return new(Verdict, (True, f"contains keyword 「{word}」"))
    return new(Verdict, (False, f"missing keyword 「{word}」"))


def passes_keyword(
    raws: Sequence[str], cleaned: Sequence[str], constraints: Sequence[Constraint], options: ScoringOptions
) -> list[bool]:
    """:func:`check_keyword`'s ``passed`` of many items."""
    words = list(map(attrgetter("keyword"), constraints))
    if not all(words):
        return one_by_one(check_keyword, raws, cleaned, constraints, options)  # raises naming the constraint
    out = contains_each(cleaned, words, options.normalization)
    if INVALID_MARKER in cleaned:
        out = [ok and c != INVALID_MARKER for ok, c in zip(out, cleaned)]
    return out


KEYWORD = register(
    Aspect(
        "keyword",
        check_keyword,
        heading="KEYWORD",
        column="Keyword",
        fields=("keyword",),
        validate=needs_word("keyword", "keyword"),
        passes=passes_keyword,
    )
)
