"""Text helpers the aspect checks share: blank deletion, <think> stripping, counting and normalization."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from typing import Any

import regex
import unicodedata2

from lctg_metrics.options import UPSTREAM_BLANKS

_GRAPHEME = regex.compile(r"\X")
#: The reasoning tags models write: <think> (Qwen3, DeepSeek-R1), <thinking>, <thought>, <reasoning>.
_NAMES = r"(?:think|thinking|thought|reasoning)"
_OPEN_TAG, _CLOSE_TAG = rf"<\s*{_NAMES}(?:\s[^<>]*)?>", rf"<\s*/\s*{_NAMES}\s*>"
_THINK_BLOCK = regex.compile(rf"{_OPEN_TAG}.*?{_CLOSE_TAG}", regex.DOTALL | regex.IGNORECASE)
_OPEN = regex.compile(_OPEN_TAG, regex.IGNORECASE)
_CLOSE = regex.compile(_CLOSE_TAG, regex.IGNORECASE)
_ANY_TAG = regex.compile(rf"{_OPEN_TAG}|{_CLOSE_TAG}", regex.IGNORECASE)


def delete_blanks(text: str) -> str:
    """Remove the upstream blank characters (space, ideographic space, newline, tab)."""
    for blank in UPSTREAM_BLANKS:
        if blank in text:  # a search is cheaper than a copy, and most texts lack most blanks
            text = text.replace(blank, "")
    return text


def delete_blanks_each(texts: Sequence[str]) -> list[str]:
    """:func:`delete_blanks` of each text."""
    out = texts if isinstance(texts, list) else list(texts)
    for blank in UPSTREAM_BLANKS:
        out = list(map(str.replace, out, repeat(blank), repeat("")))
    return out


def strip_think(text: str) -> str:
    """``--think strip``: remove reasoning blocks (tags in any case): every ``<think>…</think>``; an unmatched
    ``</think>`` drops everything before it; an unclosed ``<think>`` drops everything after it. Text without think
    tags is returned unchanged."""
    if "<" not in text or not _ANY_TAG.search(text):
        return text
    text = _THINK_BLOCK.sub("", text)
    closes = list(_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end() :]
    opened = _OPEN.search(text)
    if opened:
        text = text[: opened.start()]
    return text.strip()


#: What ``--think auto`` found in a text.
NO_THINK, STRIPPED, UNFINISHED, NO_ANSWER, MALFORMED = "none", "stripped", "unfinished", "no_answer", "malformed"
#: Reason given on every aspect of a generation that ends inside its reasoning block.
UNFINISHED_REASON = "unfinished reasoning: <think> without </think>"
#: Reason given on every aspect of a generation with nothing after its reasoning block.
NO_ANSWER_REASON = "no answer after reasoning: nothing follows </think>"
#: Start of the reason given on every aspect of a generation whose think tags do not make one leading block.
MALFORMED_REASON = "malformed reasoning"
#: Think tags as ``--think auto`` reads them: <think>, <thinking>, <thought> or <reasoning>, any case, attributes
#: on the opening tag, blanks inside the brackets (``< think >``, ``</ think>``).
_AUTO_TAG = regex.compile(rf"<\s*(/)?\s*{_NAMES}(?(1)\s*|(?:\s[^<>]*)?)>", regex.IGNORECASE)
#: What may precede a leading reasoning block: blanks and invisible format characters (a BOM, zero-width spaces).
_LEADING = regex.compile(r"[\s\p{Cf}]*")
#: Something a reader can see: an answer made only of blanks and invisible characters is no answer.
_VISIBLE = regex.compile(r"[^\s\p{Cf}\p{Mn}\p{Me}]")


def auto_think(text: str) -> tuple[str, str]:
    """``--think auto``: remove a *leading* reasoning block, also when only its closing tag is there (chat templates
    of Qwen3 / DeepSeek-R1 put ``<think>`` in the prompt). Returns (text, state), state one of

    - NO_THINK: no think tag; the text unchanged;
    - STRIPPED: the answer after the block (blocks nested inside it, or several leading blocks, are part of it);
    - UNFINISHED: a leading ``<think>`` never closed (the text unchanged; every aspect fails);
    - NO_ANSWER: nothing but blanks after the closing tag (also ``answer</think>``: without its opening tag the text
      before ``</think>`` is reasoning, so there is no answer; every aspect fails);
    - MALFORMED: tags that do not make one leading block (a tag after the answer began, a closing tag too many,
      a nested block never closed, ``<think>`` after answer text); the text unchanged, every aspect fails with
      :func:`malformed_reason` rather than guessing which part is the answer.
    """
    out, state, _ = _read_think(text)
    return out, state


def malformed_reason(text: str) -> str:
    """The reason every aspect of a MALFORMED text fails with: which tag breaks the layout, and where."""
    return f"{MALFORMED_REASON}: {_read_think(text)[2]}"


def _read_think(text: str) -> tuple[str, str, str]:
    """(text, state, what is malformed) of :func:`auto_think`."""
    if "<" not in text:
        return text, NO_THINK, ""
    tags = list(_AUTO_TAG.finditer(text))
    if not tags:
        return text, NO_THINK, ""
    opening = [t.group(1) is None for t in tags]
    start = _LEADING.match(text).end()
    if not opening[0]:  # the template case: everything before the first </think> is reasoning
        end, k = tags[0].end(), 1
    elif tags[0].start() != start:
        return (
            text,
            MALFORMED,
            f"{_shown(tags[0])} at character {tags[0].start() + 1}, after answer text "
            "(only a leading block is reasoning)",
        )
    else:  # one or more leading blocks (blocks nested in a block are part of it)
        pos, k = start, 0
        while k < len(tags) and opening[k] and tags[k].start() == pos:
            depth = 0
            while k < len(tags):
                depth += 1 if opening[k] else -1
                k += 1
                if depth == 0:
                    break
            if depth and all(opening):
                return text, UNFINISHED, ""
            if depth:
                return (
                    text,
                    MALFORMED,
                    f"a nested <think> is never closed ({sum(opening)} <think>, {len(tags) - sum(opening)} </think>)",
                )
            end = tags[k - 1].end()
            pos = _LEADING.match(text, end).end()
    if k < len(tags):
        return text, MALFORMED, f"{_shown(tags[k])} at character {tags[k].start() + 1}, after the answer began"
    answer = text[end:].strip()
    return (answer, STRIPPED, "") if _VISIBLE.search(answer) else (text, NO_ANSWER, "")


def _shown(tag: Any) -> str:
    return tag.group() if len(tag.group()) <= 30 else tag.group()[:27] + "…>"


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


def contains_each(texts: Sequence[str], words: Sequence[str], normalization: str) -> list[bool]:
    """:func:`contains` of each (text, word) pair."""
    if normalization == "none":
        return list(map(operator.contains, texts, words))
    return list(map(contains, texts, words, repeat(normalization)))


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
