"""Compounds read as a whole (熟字訓, round 16): a native word whose kanji are spelling, not words.

今日 is read きょう, not いま + ひ; 今年 is ことし, 今朝 is けさ, 海苔 is のり, 大人 is おとな.
The dictionary files them as native words (語種 和) whose reading holds no reading of the kanji
alone, so a reader asked not to write 今 ("now") or 海 ("sea") does not see those words in them.
A compound read kanji by kanji keeps its kanji: 海辺 (うみべ) holds うみ, 流れ星 (ながれぼし)
holds ほし voiced, and 今週, 今夜 (こんしゅう, こんや) are Sino-Japanese words built on 今
("this"), so they hold 今. Where the kanji alone is read in a Sino-Japanese reading only (一
イチ), its native reading is unknown here and the kanji counts (一人 holds 一). Strict and
loose modes read compounds the same way.
"""

from __future__ import annotations

import unicodedata

from lctg_metrics.instructions import morph


def _unvoiced(reading: str) -> str:
    """A reading with voicing marks dropped: a compound voices its second kanji (流れ星 ながれぼし holds ほし)."""
    return "".join(c for c in unicodedata.normalize("NFD", reading) if c not in "\u3099\u309a")


def read_whole(seen: str, start: int, end: int) -> bool:
    """Whether the one-kanji keyword at ``start:end`` stands inside a native compound read as a whole (今日, 海苔)."""
    kanji = seen[start:end]
    alone = morph.analyze(kanji)
    if len(alone) != 1 or alone[0].goshu != "和" or not alone[0].reading:
        return False
    for a, b, m in morph.spans(seen):
        if a <= start and end <= b and b - a > end - start:
            return m.goshu == "和" and _unvoiced(alone[0].reading) not in _unvoiced(m.reading)
    return False
