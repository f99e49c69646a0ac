"""KEYWORD and P-WORD: the cleaned answer uses the keyword / avoids the prohibited word (substring match)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from lctg_metrics.aspects.base import Aspect, Constraint, Texts, Verdict, new, register
from lctg_metrics.aspects.text import contains
from lctg_metrics.options import INVALID_MARKER, ScoringOptions


def check_keyword(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff the keyword occurs in the cleaned text (plain substring by default)."""
    word = constraint.keyword
    if not word:
        raise ValueError(f"keyword check needs a non-empty keyword, got {word!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    if contains(cleaned, word, options.normalization):
        return new(Verdict, (True, f"contains keyword 「{word}」"))
    return new(Verdict, (False, f"missing keyword 「{word}」"))


def check_prohibited_word(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff the prohibited word does not occur in the cleaned text."""
    word = constraint.prohibited_word
    if not word:
        raise ValueError(f"prohibited_word check needs a non-empty word, got {word!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    if contains(cleaned, word, options.normalization):
        return new(Verdict, (False, f"uses prohibited word 「{word}」"))
    return new(Verdict, (True, f"avoids prohibited word 「{word}」"))


def _needs_word(aspect: str, field: str) -> Callable[[Mapping[str, Any]], str | None]:
    def validate(constraint: Mapping[str, Any]) -> str | None:
        value = constraint.get(field)
        if not isinstance(value, str) or not value:
            return f"{aspect} needs a non-empty string {field!r}, got {value!r}"
        return None

    return validate


KEYWORD = register(Aspect("keyword", check_keyword, heading="KEYWORD", column="Keyword", fields=("keyword",),
                          validate=_needs_word("keyword", "keyword")))
PROHIBITED_WORD = register(Aspect("prohibited_word", check_prohibited_word, heading="P-WORD", column="P-word",
                                  fields=("prohibited_word",), validate=_needs_word("prohibited_word", "prohibited_word")))
