"""Kanji drawn alike, read as the keyword they spell (issue 32): 末定 is 未定 to a reader who glances, 利已 利己.

``GROUPS`` is a table written by hand: kanji a reader confuses at a glance because one stroke's length, a stroke's
end or one dot tells them apart (未/末, 己/已/巳, 土/士, 千/干, 人/入, 日/曰 …), as Japanese teachers list them for
pupils who mix them up. The Unicode confusables data holds no such pairs (each is a letter of its own), so the
table is the project's own; it names only pairs a reader takes for each other in running text, not every kanji
that shares a part.

A span of the response is read as a kanji keyword of two letters or more (``spans``) where it is the keyword with
one letter or more swapped for a look-alike in ``GROUPS``, one letter at least kept, and:

- the span as written is no word of its own: the analyser reads it as no one dictionary word (人口 stays 人口 for
  入口, 玉子 stays 玉子 for 王子);
- no dictionary word of the text as written reaches across the span's edges (週末来る holds 末来 across 週末|来る,
  年末定例 末定 across 年末|定例, 弁護士地元 士地 across 士|地元: no 未来, 未定 or 土地); a string the analyser knows
  no word for (已的 in 利已的) does not count as a word. Unless the clause reads far worse as written than with the
  keyword put in (round 36): 士曜日 is no Japanese though 曜日 reaches across 士曜, and 土曜日 costs the analyser
  (``straddles.path_cost``) 14,012 less in 明日は士曜日です; the swap is read when the keyword's clause is cheaper by
  ``MARGIN`` or more, which honest text where a word crosses the span never was (税理士台帳 3,503 at most);
- the text with the keyword put in reads the keyword on word edges.

The swap counts both ways, as the other look-alike readings do (``lookalike``: 口ボット is ロボット for a keyword asked
for as for a forbidden one): the reader who reads 末定 as 未定 reads it so in either prompt.
"""

from __future__ import annotations

import functools

from lctg_metrics.instructions import morph, straddles

#: How much cheaper (in the analyser's path cost of the clause, ``straddles.path_cost``) the text with the keyword
#: put in must be than the text as written for a swap to be read where a word of the text reaches across its edges.
#: Measured: 明日は士曜日です 14,012 cheaper as 土曜日, 毎週士曜日の 9,709, 曰本人の 12,969, 曰曜日は 12,428; honest
#: 税理士台帳 3,503 cheaper as 税理土台帳, 弁護士台帳 2,972, 弁護士器用 2,869, 税理士地元 1,761, 弁護士地元 1,230,
#: while 週末来る, 年末定例, 若干円安, 購入口数 and 年末来日 are dearer with the keyword (5,831 to 12,343).
MARGIN = 6000
#: Kanji drawn alike (each string a group of letters taken for one another at a glance).
GROUPS = (
    "未末",
    "己已巳",
    "土士",
    "千干于",
    "人入",
    "刀力刃",
    "日曰",
    "天夭",
    "牛午",
    "大犬太",
    "王玉",
    "貝見",
    "休体",
    "木本",
    "田由甲",
    "白自",
    "目且",
    "矢失",
    "住往",
    "微徴",
    "積績",
    "侍待持",
    "崇祟",
    "栽裁",
    "壁璧",
    "鳥烏",
    "官宮",
    "治冶",
    "卯卵",
    "爪瓜",
    "斤斥",
    "戊戌戍",
    "氷永",
    "綱網",
    "析折",
    "撤徹",
    "侯候",
    "史吏",
    "今令",
    "汗汁",
    "丸九",
)
#: Each kanji of ``GROUPS`` and the kanji drawn like it.
ALIKE: dict[str, frozenset[str]] = {}
for _group in GROUPS:
    for _letter in _group:
        ALIKE[_letter] = ALIKE.get(_letter, frozenset()) | frozenset(_group.replace(_letter, ""))


def _swaps(piece: str, key: str) -> bool:
    """Whether ``piece`` is ``key`` with one letter or more swapped for a look-alike and one letter at least kept."""
    swapped = [a != b for a, b in zip(piece, key, strict=True)]
    return (
        any(swapped)
        and not all(swapped)
        and all(a == b or a in ALIKE.get(b, ()) for a, b in zip(piece, key, strict=True))
    )


def _a_word(m: morph.Morpheme) -> bool:
    """A dictionary word (the analyser gives a word's origin only to what its dictionary holds: 已的 has none)."""
    return bool(m.goshu)


@functools.lru_cache(maxsize=1024)
def spans(text: str, key: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` spells the kanji keyword ``key`` with look-alike kanji swapped in (see the module docstring);
    nothing to do unless the keyword has a letter of ``GROUPS`` and the text one of its look-alikes."""
    if len(key) < 2:
        return ()
    drawn = set().union(*(ALIKE.get(ch, ()) for ch in key))
    if not drawn or not drawn & set(text):
        return ()
    tokens = morph.spans(text)
    found = []
    for start in range(len(text) - len(key) + 1):
        end = start + len(key)
        if not _swaps(text[start:end], key):
            continue
        inside = [m for a, b, m in tokens if start <= a and b <= end]
        trial = text[:start] + key + text[end:]
        crossed = any((a < start < b or a < end < b) and _a_word(m) for a, b, m in tokens)
        if crossed and straddles.path_cost(text, start, end) - straddles.path_cost(trial, start, end) < MARGIN:
            continue  # 週末|来る holds 末来; 士|曜日 reads far worse than 土曜日
        if len(inside) == 1 and (start, end) in {(a, b) for a, b, _ in tokens} and _a_word(inside[0]):
            continue  # 人口 is a word: no 入口
        edges = {edge for a, b, _ in morph.spans(trial) for edge in (a, b)}
        if start in edges and end in edges:
            found.append((start, end))
    return tuple(found)


__all__ = ["ALIKE", "GROUPS", "MARGIN", "spans"]
