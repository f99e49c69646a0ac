"""KEYWORD: the cleaned answer uses the keyword (substring match, as upstream)."""

from __future__ import annotations

from lctg_metrics.aspects.base import Aspect, Constraint, Texts, register
from lctg_metrics.verdict import Verdict, new
from lctg_metrics.aspects.text import contains, needs_word
from lctg_metrics.options import INVALID_MARKER, ScoringOptions


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


KEYWORD = register(Aspect("keyword", check_keyword, heading="KEYWORD", column="Keyword", fields=("keyword",),
                          validate=needs_word("keyword", "keyword")))
