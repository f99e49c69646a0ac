"""A kanji keyword read across two words is not the keyword (round 27): 京都 in 東京都 (東京|都), 本当 in 日本当局
(日本|当局), 社会 in 会社会議 (会社|会議). A reader reads the words the text is made of; a keyword of two kanji or more
whose occurrence begins inside a word of the text and runs on into the next one, ending inside that word or taking
it whole only when it is one letter (東京|都, 大学|生), is in none of them. An occurrence inside one word (雨 in 大雨),
from a word's start (日本 in 日本|人, 東京都 in 東京|都庁: the analyser's cut of a compound read from its start), or
ending on a whole word of two letters or more after a word it cuts (関東京都 read 関東|京都 still shows 東京都: a
stray letter before a keyword does not hide it) stays."""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

_KANJI_KEY = re.compile(r"[々〆ヵヶ\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")


def across_words(text: str, start: int, end: int, key: str) -> bool:
    """Whether ``text[start:end]``, an occurrence of the kanji ``key``, begins inside a word of ``text`` and runs
    across the edge between two of its words."""
    if not _KANJI_KEY.fullmatch(key) or end - start != len(key):
        return False
    found = morph.spans(text)
    edges = {edge for a, b, _ in found for edge in (a, b)}
    if start in edges or not any(start < edge < end for edge in edges):
        return False
    last = next((b - a for a, b, _ in found if a < end <= b), 0)
    return end not in edges or last == 1


__all__ = ["across_words"]
