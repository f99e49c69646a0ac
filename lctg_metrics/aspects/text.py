"""Text helpers the aspect checks share: blank deletion, <think> stripping, counting and normalization."""

from __future__ import annotations

from typing import Any, Callable, Mapping

import regex
import unicodedata2

from lctg_metrics.options import UPSTREAM_BLANKS

_GRAPHEME = regex.compile(r"\X")
_THINK_BLOCK = regex.compile(r"<think>.*?</think>", regex.DOTALL | regex.IGNORECASE)
_OPEN = regex.compile(r"<think>", regex.IGNORECASE)
_CLOSE = regex.compile(r"</think>", regex.IGNORECASE)
_ANY_TAG = regex.compile(r"</?think>", regex.IGNORECASE)


def delete_blanks(text: str) -> str:
    """Remove the upstream blank characters (space, ideographic space, newline, tab)."""
    for blank in UPSTREAM_BLANKS:
        if blank in text:  # a search is cheaper than a copy, and most texts lack most blanks
            text = text.replace(blank, "")
    return text


def strip_think(text: str) -> str:
    """``--think strip``: remove reasoning blocks (tags in any case): every ``<think>…</think>``; an unmatched
    ``</think>`` drops everything before it; an unclosed ``<think>`` drops everything after it. Text without think
    tags is returned unchanged."""
    if "<" not in text or not _ANY_TAG.search(text):
        return text
    text = _THINK_BLOCK.sub("", text)
    closes = list(_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end():]
    opened = _OPEN.search(text)
    if opened:
        text = text[:opened.start()]
    return text.strip()


#: What ``--think auto`` found in a text.
NO_THINK, STRIPPED, UNFINISHED = "none", "stripped", "unfinished"
#: Reason given on every aspect of a generation that ends inside its reasoning block.
UNFINISHED_REASON = "unfinished reasoning: <think> without </think>"


def auto_think(text: str) -> tuple[str, str]:
    """``--think auto``: remove a *leading* reasoning block, also when only its closing tag is there (chat templates
    of Qwen3 / DeepSeek-R1 put ``<think>`` in the prompt). Returns (text, NO_THINK | STRIPPED | UNFINISHED);
    a text without a leading block is returned unchanged."""
    if "<" not in text:
        return text, NO_THINK
    lead = text.lstrip()
    close = _CLOSE.search(text)
    if _OPEN.match(lead):
        if close is None:
            return text, UNFINISHED
        return text[close.end():].strip(), STRIPPED
    if close is not None and not _OPEN.search(text, 0, close.start()):
        return text[close.end():].strip(), STRIPPED
    return text, NO_THINK


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
