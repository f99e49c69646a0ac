"""Text helpers the aspect checks share: blank deletion, <think> stripping, counting and normalization."""

from __future__ import annotations

from typing import Any, Callable, Mapping

import regex
import unicodedata2

from lctg_metrics.options import UPSTREAM_BLANKS

_GRAPHEME = regex.compile(r"\X")
_THINK_BLOCK = regex.compile(r"<think>.*?</think>", regex.DOTALL)


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


def contains(text: str, word: str, normalization: str) -> bool:
    """Whether ``word`` occurs in ``text`` (plain, case-sensitive substring under ``none``, as upstream)."""
    if normalization == "none":
        return word in text
    return normalize(word, normalization) in normalize(text, normalization)


def quoted(text: str) -> str:
    return "「" + text + "」"


def needs_word(aspect: str, field: str) -> Callable[[Mapping[str, Any]], str | None]:
    """A constraint validator: ``field`` must be a non-empty string."""

    def validate(constraint: Mapping[str, Any]) -> str | None:
        value = constraint.get(field)
        if not isinstance(value, str) or not value:
            return f"{aspect} needs a non-empty string {field!r}, got {value!r}"
        return None

    return validate
