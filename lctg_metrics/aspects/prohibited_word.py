"""P-WORD: the cleaned answer avoids the prohibited word (substring match, as upstream)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter, not_

from lctg_metrics.aspects.base import Aspect, Constraint, Texts, one_by_one, register
from lctg_metrics.aspects.text import contains, contains_each, needs_word
from lctg_metrics.options import INVALID_MARKER
from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.verdict import Verdict, new


def check_prohibited_word(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff the prohibited word does not occur in the cleaned text."""
    word = constraint.prohibited_word
    if not word:
        raise ValueError(f"prohibited_word check needs a non-empty word, got {word!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    norm = options.normalization  # the upstream case inline: this check runs once per generation
    if (word in cleaned) if norm == "none" else contains(cleaned, word, norm):
        return new(Verdict, (False, f"uses prohibited word 「{word}」"))
    return new(Verdict, (True, f"avoids prohibited word 「{word}」"))


def passes_prohibited_word(
    raws: Sequence[str], cleaned: Sequence[str], constraints: Sequence[Constraint], options: ScoringOptions
) -> list[bool]:
    """:func:`check_prohibited_word`'s ``passed`` of many items."""
    words = list(map(attrgetter("prohibited_word"), constraints))
    if not all(words):
        return one_by_one(check_prohibited_word, raws, cleaned, constraints, options)  # raises naming the constraint
    out = list(map(not_, contains_each(cleaned, words, options.normalization)))
    if INVALID_MARKER in cleaned:
        out = [ok and c != INVALID_MARKER for ok, c in zip(out, cleaned)]
    return out


PROHIBITED_WORD = register(
    Aspect(
        "prohibited_word",
        check_prohibited_word,
        heading="P-WORD",
        column="P-word",
        fields=("prohibited_word",),
        validate=needs_word("prohibited_word", "prohibited_word"),
        passes=passes_prohibited_word,
    )
)
