"""長さ指定 checkers: characters, sentences, lines, paragraphs; and the positional paragraph rule."""

from __future__ import annotations

import re
from typing import Any, Mapping

from lctg_metrics.instructions.registry import MAX, MIN, Param, bounds, instruction
from lctg_metrics.verdict import Verdict
from lctg_metrics.instructions.text import nfkc, paragraphs, split_sentences

#: Paragraph separators: blank lines (the default) or markdown rule lines ``***`` (M-IFEval's prompts).
SEPARATOR = Param("separator", "str", "paragraph separator: blank_line or ***", default="blank_line")
#: Opening brackets and decoration skipped before a paragraph's first word (「オリンピック」は… starts with it).
_LEADING = "「『（(【\"'“*#>-・ \u3000"


@instruction("length:chars", "長さ指定", "number of characters within [min, max]", MIN, MAX,
             Param("count_blanks", "bool", "whether spaces and line breaks count as characters", default=True))
def chars(response: str, kw: Mapping[str, Any]) -> Verdict:
    text = response if kw["count_blanks"] else "".join(ch for ch in response if not ch.isspace())
    return bounds(len(text), kw["min"], kw["max"], "chars" if kw["count_blanks"] else "non-blank chars")


@instruction("length:sentences", "長さ指定",
             "number of sentences (split at 。！？, ellipses at line end and line breaks; quotes kept whole)",
             MIN, MAX)
def sentences(response: str, kw: Mapping[str, Any]) -> Verdict:
    return bounds(len(split_sentences(response)), kw["min"], kw["max"], "sentences")


@instruction("length:lines", "長さ指定", "number of non-blank lines", MIN, MAX)
def line_count(response: str, kw: Mapping[str, Any]) -> Verdict:
    return bounds(sum(1 for line in response.splitlines() if line.strip()), kw["min"], kw["max"], "lines")


@instruction("length:paragraphs", "長さ指定", "number of paragraphs (blank-line or *** separated)",
             MIN, MAX, SEPARATOR)
def paragraph_count(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["separator"] == "***":  # an empty paragraph between two separators (***\n\n***) is a broken layout
        filled = [bool(part.strip()) for part in re.split(r"(?<!\*)\*{3}(?!\*)", response)]
        if True in filled and not all(filled[filled.index(True):len(filled) - filled[::-1].index(True)]):
            return Verdict(False, "an empty paragraph between two *** separators")
    found = paragraphs(response, kw["separator"])
    return bounds(len(found), kw["min"], kw["max"], f"paragraphs ({kw['separator']}-separated)")


@instruction("rule:nth_paragraph_first_word", "ルール指定(非一般)",
             "the n-th paragraph (blank-line separated) starts with a word; optionally exactly k paragraphs",
             Param("nth", "int", "which paragraph, 1-based", required=True),
             Param("first_word", "str", "the word the paragraph starts with", required=True),
             Param("num_paragraphs", "int", "exact number of paragraphs, if required"), SEPARATOR)
def nth_paragraph_first_word(response: str, kw: Mapping[str, Any]) -> Verdict:
    found = paragraphs(response, kw["separator"])
    nth, word, total = kw["nth"], kw["first_word"], kw["num_paragraphs"]
    if nth < 1:
        raise ValueError(f"rule:nth_paragraph_first_word: nth must be >= 1, got {nth}")
    if total is not None and len(found) != total:
        return Verdict(False, f"{len(found)} paragraphs, expected {total}")
    if len(found) < nth:
        return Verdict(False, f"only {len(found)} paragraphs, no paragraph {nth}")
    start = found[nth - 1].lstrip(_LEADING)
    if start.startswith(word) or nfkc(start).startswith(nfkc(word)):
        return Verdict(True, f"paragraph {nth} starts with 「{word}」")
    return Verdict(False, f"paragraph {nth} starts with 「{start[:len(word) + 5]}」, not 「{word}」")
