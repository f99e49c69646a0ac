"""A kanji keyword read across two words is not the keyword (round 27): 京都 in 東京都 (東京|都), 本当 in 日本当局
(日本|当局), 社会 in 会社会議 (会社|会議). A reader reads the words the text is made of; a keyword of two kanji or more
whose occurrence begins inside a word of the text and runs on into the next one, ending inside that word or taking
it whole only when it is one letter (東京|都, 大学|生), is in none of them. An occurrence inside one word (雨 in 大雨),
from a word's start (日本 in 日本|人, 東京都 in 東京|都庁: the analyser's cut of a compound read from its start), or
ending on a whole word of two letters or more after a word it cuts (関東京都 read 関東|京都 still shows 東京都: a
stray letter before a keyword does not hide it) stays.

Where the analyser's own cut puts the keyword on its edges beside a kanji on either side, its next best cuts are read
too (round 33): 今日本屋 is cut 今|日本|屋, while a reader reads 今日|本屋, the analyser's second cut, a little dearer.
The keyword is in no word when a cut within ``MARGIN`` of the best one (in the analyser's path cost) reads it across
two words of two letters or more, each holding a letter outside it and each a word the dictionary counts common
(``WORD_COST``): 今日|本屋, 毎日|本屋, 今日|本館, 大学|校舎. Measured: those cuts cost 1,606 to 2,056 more than the
best; the honest 全日本人 (全日|本人, 4,874 more), 元日本代表 (元日|本人 at 4,251) and 新日本 stay read as 日本, and so
does 今日本人 (今日|本人 at 2,883), which a reader may read either way. The cut 同時|間帯 of 同時間帯 is as near as
今日|本屋, but 間帯 is a rare word: 時間 stays. A cut leaving one letter (昨日|本, 前日|本|代表) is not read:
前日本代表 is a former representative of Japan.

A keyword starting with a one-letter prefix and ending inside the word the prefix binds to is in neither (round 38):
大人気 (大|人気) and 大人数 (大|人数) hold no 大人; 大人向け (大人|向け) does."""

from __future__ import annotations

import functools
import re
import struct
from pathlib import Path
from typing import Any

from lctg_metrics.instructions import morph

_KANJI_KEY = re.compile(r"[々〆ヵヶ\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")
_KANJI = re.compile(r"[々〆ヵヶ\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: How much dearer than the analyser's best cut (its path cost) a reader's cut may be and still be read.
MARGIN = 2500
#: The dearest word (the dictionary's own cost of the word, lower for a commoner one) a reader's cut may hold: 本屋
#: costs 7,440, 本館 7,000, while the 間帯 of a cut 同時|間帯 (同|時間帯, the same time slot) costs 9,166.
WORD_COST = 8000
#: Cuts read, and letters of context either side of the keyword (within its clause) given to the analyser.
_CUTS, _CONTEXT = 30, 10
_CLAUSE = re.compile(r"[^\s、。，．,.!?！？「」『』（）()・：:；;]+")


def across_words(text: str, start: int, end: int, key: str) -> bool:
    """Whether ``text[start:end]``, an occurrence of the kanji ``key``, begins inside a word of ``text`` and runs
    across the edge between two of its words, in the analyser's cut or in a reader's cut near it."""
    if not _KANJI_KEY.fullmatch(key) or end - start != len(key):
        return False
    found = morph.spans(text)
    edges = {edge for a, b, _ in found for edge in (a, b)}
    if start in edges:
        return _prefix_across(found, start, end, edges) or _read_across(text, start, end)
    if not any(start < edge < end for edge in edges):
        return False
    last = next((b - a for a, b, _ in found if a < end <= b), 0)
    return end not in edges or last == 1


def _prefix_across(found: tuple[tuple[int, int, morph.Morpheme], ...], start: int, end: int, edges: set[int]) -> bool:
    """A keyword starting with a one-letter prefix and ending inside the word the prefix binds to (大|人気 holds no
    大人, 大|人数 neither; round 38): the prefix belongs to that word, as 全 to 日本 in 全日本."""
    first = next((m for a, b, m in found if a == start and b == start + 1), None)
    return first is not None and first.pos1 == "接頭辞" and end not in edges


def _read_across(text: str, start: int, end: int) -> bool:
    """A keyword on the analyser's edges with a kanji either side: whether a cut within ``MARGIN`` of the best reads
    it across two words, each of two letters or more and holding a letter outside it."""
    if not (start and end < len(text) and _KANJI.match(text[start - 1]) and _KANJI.match(text[end])):
        return False
    clause = next((m for m in _CLAUSE.finditer(text) if m.start() <= start and end <= m.end()), None)
    if clause is None:
        return False
    a, b = max(clause.start(), start - _CONTEXT), min(clause.end(), end + _CONTEXT)
    window = text[a:b]
    for cut in _near_cuts(window):
        first = next(((x, y) for x, y in cut if x < start - a < y), None)
        second = next(((x, y) for x, y in cut if x < end - a < y), None)
        if first and second and all(_word_cost(window[x:y]) <= WORD_COST for x, y in (first, second)):
            return True
    return False


@functools.lru_cache(maxsize=1)
def _cost_tagger() -> tuple[Any, str]:
    """A tagger writing each word as its surface, left and right context ids and word cost, and the dictionary."""
    morph._tagger()  # the analyser's install hint when it is missing
    import fugashi  # noqa: PLC0415
    import unidic_lite  # noqa: PLC0415

    node = "-F '%m\\t%phl\\t%phr\\t%c\\n' -U '%m\\t%phl\\t%phr\\t%c\\n'"
    return fugashi.GenericTagger(f"-d {unidic_lite.DICDIR} -r /dev/null -O '' {node} -E 'EOS\\n'"), unidic_lite.DICDIR


@functools.lru_cache(maxsize=1)
def _matrix() -> tuple[int, bytes]:
    """The dictionary's connection costs (matrix.bin: the numbers of left and right ids, then a cost per pair)."""
    data = (Path(_cost_tagger()[1]) / "matrix.bin").read_bytes()
    return struct.unpack_from("<H", data)[0], data


def _connection(right_of_left: int, left_of_right: int) -> int:
    size, data = _matrix()
    return int(struct.unpack_from("<h", data, 4 + 2 * (right_of_left + size * left_of_right))[0])


@functools.lru_cache(maxsize=1024)
def _word_cost(word: str) -> float:
    """The dictionary's cost of ``word`` as one word (infinite when the analyser reads it as several)."""
    words = [line.split("\t") for line in _cost_tagger()[0].parse(word).splitlines() if "\t" in line]
    return int(words[0][3]) if len(words) == 1 else float("inf")


@functools.lru_cache(maxsize=512)
def _cut_costs(text: str, cuts: int) -> dict[tuple[tuple[int, int], ...], int]:
    """The analyser's ``cuts`` best cuts of ``text`` (word spans), each with its path cost: each word's cost and the
    connection cost from the word before, as the analyser sums them."""
    costs: dict[tuple[tuple[int, int], ...], int] = {}
    cut: list[tuple[int, int]] = []
    cost, right, at = 0, 0, 0
    for line in _cost_tagger()[0].nbest(text, cuts).splitlines():
        if line == "EOS":
            cost += _connection(right, 0)
            costs[tuple(cut)] = min(costs.get(tuple(cut), cost), cost)
            cut, cost, right, at = [], 0, 0, 0
            continue
        surface, left_id, right_id, word_cost = line.split("\t")
        cost += _connection(right, int(left_id)) + int(word_cost)
        right = int(right_id)
        cut.append((at, at + len(surface)))
        at += len(surface)
    return costs


def path_cost(text: str, start: int, end: int) -> int:
    """The path cost of the analyser's best cut of the clause of ``text`` holding ``text[start:end]`` (of the whole
    text when no one clause holds it): lower for text that reads as common words well joined."""
    clause = next((m for m in _CLAUSE.finditer(text) if m.start() <= start and end <= m.end()), None)
    piece = text[clause.start() : clause.end()] if clause else text
    return min(_cut_costs(piece, 1).values(), default=0)


def _near_cuts(text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The analyser's cuts of ``text`` whose path cost is within ``MARGIN`` of its best cut's."""
    costs = _cut_costs(text, _CUTS)
    best = min(costs.values(), default=0)
    return tuple(c for c, value in costs.items() if value - best <= MARGIN)


__all__ = ["MARGIN", "WORD_COST", "across_words", "path_cost"]
