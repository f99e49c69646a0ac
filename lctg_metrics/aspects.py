"""Aspect checks: one pure function per controllability aspect, in a registry by name.

Each check is ``(texts, constraint, options) -> Verdict``. ``texts`` carries the raw generation and
its cleaned version (explanatory text before/after the answer removed); only ``format`` looks at the
raw text, the other aspects are checked on the cleaned text, as in upstream ``scripts/eval_ctg.py``.
"""

from __future__ import annotations

from typing import Callable, Mapping, NamedTuple

import regex
import unicodedata2

from lctg_metrics.options import INVALID_MARKER, UPSTREAM_BLANKS, ScoringOptions

_GRAPHEME = regex.compile(r"\X")
_THINK_BLOCK = regex.compile(r"<think>.*?</think>", regex.DOTALL)


class Verdict(NamedTuple):
    """Whether one generation satisfies one aspect, and why, in words a person can check.

    (NamedTuples rather than dataclasses here: a million of them are made per large run.)"""

    passed: bool
    reason: str


#: ``_new(Verdict, (passed, reason))`` builds a Verdict without NamedTuple's Python-level ``__new__``
#: (about half the cost; the checks below make one per generation).
_new = tuple.__new__


class Texts(NamedTuple):
    """The raw generation and its cleaned version (after the header/footer cleaner). The checks read it as a
    ``(raw, cleaned)`` pair, so any 2-tuple works (the scorer passes plain tuples in its hot loop)."""

    raw: str
    cleaned: str


class Constraint(NamedTuple):
    """What one prompt asks for. Fields an aspect does not use may be ``None``."""

    task: str
    min_chars: int | None = None
    max_chars: int | None = None
    keyword: str | None = None
    prohibited_word: str | None = None


Check = Callable[[Texts, Constraint, ScoringOptions], Verdict]


def delete_blanks(text: str) -> str:
    """Remove the upstream blank characters (space, ideographic space, newline, tab)."""
    for blank in UPSTREAM_BLANKS:
        if blank in text:  # a search is cheaper than a copy, and most texts lack most blanks
            text = text.replace(blank, "")
    return text


def strip_think(text: str) -> str:
    """Remove reasoning blocks: ``<think>…</think>``; an unmatched ``</think>`` drops everything before it;
    an unclosed ``<think>`` drops everything after it. Text without think tags is returned unchanged."""
    if "<think>" not in text and "</think>" not in text:
        return text
    text = _THINK_BLOCK.sub("", text)
    if "</think>" in text:
        text = text.rsplit("</think>", 1)[1]
    if "<think>" in text:
        text = text.split("<think>", 1)[0]
    return text.strip()


def count_chars(text: str, counting: str) -> int:
    """Length of ``text`` under a counting mode (see ``options.COUNTING_MODES``)."""
    if counting == "codepoints":
        return len(text)
    if counting == "graphemes":
        return len(_GRAPHEME.findall(text))
    if counting == "nonblank":
        return sum(1 for ch in text if not ch.isspace())
    raise ValueError(f"unknown counting {counting!r}; valid: codepoints, graphemes, nonblank")


def normalize(text: str, normalization: str) -> str:
    """Text as compared by keyword/prohibited_word under a normalization mode."""
    if normalization == "none":
        return text
    if normalization == "nfkc":
        return unicodedata2.normalize("NFKC", text)
    if normalization == "nfkc_casefold":
        return unicodedata2.normalize("NFKC", text).casefold()
    raise ValueError(f"unknown normalization {normalization!r}; valid: none, nfkc, nfkc_casefold")


def _preview(text: str) -> str:
    return "「" + text + "」"


def _contains(text: str, word: str, normalization: str) -> bool:
    if normalization == "none":  # upstream: plain, case-sensitive substring
        return word in text
    return normalize(word, normalization) in normalize(text, normalization)


def check_format(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff cleaning left the first and last N characters (blanks deleted) unchanged."""
    raw_text, cleaned_text = texts
    if cleaned_text == INVALID_MARKER:
        return _new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    n = options.affix_length[constraint.task]
    raw = delete_blanks(raw_text)
    cleaned = raw if cleaned_text == raw_text else delete_blanks(cleaned_text)
    if len(cleaned) <= n:
        if options.short_text == "exact":
            if raw == cleaned:
                return _new(Verdict, (True, f"short text ({len(cleaned)} chars) unchanged by cleaning"))
            return _new(Verdict, (False, f"short text ({len(cleaned)} chars) changed by cleaning"))
        return _new(Verdict, (False, f"cleaned text has {len(cleaned)} chars <= {n} (too short to compare)"))
    if raw[:n] != cleaned[:n]:
        return _new(Verdict, (False, f"text added before the answer: starts {_preview(raw[:n])}, "
                                     f"answer {_preview(cleaned[:n])}"))
    if raw[-n:] != cleaned[-n:]:
        return _new(Verdict, (False, f"text added after the answer: ends {_preview(raw[-n:])}, "
                                     f"answer {_preview(cleaned[-n:])}"))
    return _new(Verdict, (True, f"first and last {n} chars unchanged by cleaning"))


def check_char_count(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff min <= length(cleaned) <= max (code points by default)."""
    lo, hi = constraint.min_chars, constraint.max_chars
    if lo is None or hi is None:
        raise ValueError(f"char_count needs min_chars and max_chars, got min={lo!r} max={hi!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return _new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    n = count_chars(cleaned, options.counting)
    if n < lo:
        return _new(Verdict, (False, f"{n} chars < min {lo}"))
    if n > hi:
        return _new(Verdict, (False, f"{n} chars > max {hi}"))
    return _new(Verdict, (True, f"{n} chars in [{lo}, {hi}]"))


def check_keyword(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff the keyword occurs in the cleaned text (plain substring by default)."""
    word = constraint.keyword
    if not word:
        raise ValueError(f"keyword check needs a non-empty keyword, got {word!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return _new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    if _contains(cleaned, word, options.normalization):
        return _new(Verdict, (True, f"contains keyword 「{word}」"))
    return _new(Verdict, (False, f"missing keyword 「{word}」"))


def check_prohibited_word(texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Valid iff the prohibited word does not occur in the cleaned text."""
    word = constraint.prohibited_word
    if not word:
        raise ValueError(f"prohibited_word check needs a non-empty word, got {word!r}")
    cleaned = texts[1]
    if cleaned == INVALID_MARKER:
        return _new(Verdict, (False, f"cleaner failed ({INVALID_MARKER!r})"))
    if _contains(cleaned, word, options.normalization):
        return _new(Verdict, (False, f"uses prohibited word 「{word}」"))
    return _new(Verdict, (True, f"avoids prohibited word 「{word}」"))


#: The registry: aspect name -> check. Adding an aspect = one function here + one test table.
ASPECT_CHECKS: Mapping[str, Check] = {
    "format": check_format,
    "char_count": check_char_count,
    "keyword": check_keyword,
    "prohibited_word": check_prohibited_word,
}


def get_check(aspect: str) -> Check:
    try:
        return ASPECT_CHECKS[aspect]
    except KeyError:
        raise ValueError(f"unknown aspect {aspect!r}; valid: {', '.join(ASPECT_CHECKS)}") from None


def check(aspect: str, texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Apply one aspect's check, honouring the empty-generation policy that acts on every aspect.

    ``<think>`` stripping happens earlier, before cleaning (see ``scoring.prepare_texts``)."""
    fn = get_check(aspect)
    if options.empty == "fail" and not texts[0].strip():
        return _new(Verdict, (False, "empty generation"))
    return fn(texts, constraint, options)


__all__ = [
    "ASPECT_CHECKS",
    "Constraint",
    "Texts",
    "Verdict",
    "check",
    "check_char_count",
    "check_format",
    "check_keyword",
    "check_prohibited_word",
    "count_chars",
    "delete_blanks",
    "get_check",
    "normalize",
    "strip_think",
]
