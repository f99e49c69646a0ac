"""A count the text says it counts (checkers 2.8, round 19): counting words quoted in order (「いち、に、さん、し、ご、
ろく、しち、はち」) and followed by と, their own number and a verb of counting (と八つ数えて, と8回数えます) are the
count the answer describes (a drill's call, a game's count). A reader counts them as written, so ``orders.recited``
leaves them whole. A count quoted without its number (「いち、に、…」と数えます) or with another one is read as
``orders`` reads any recital."""

from __future__ import annotations

import re

#: The counting words from one to ten, each in its spellings.
_COUNT = (
    "いち|一|1",
    "に|二|2",
    "さん|三|3",
    "し|よん|四|4",
    "ご|五|5",
    "ろく|六|6",
    "しち|なな|七|7",
    "はち|八|8",
    "く|きゅう|九|9",
    "じゅう|とお|十|10",
)
_NUMBER_WORD = ("", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十")
_QUOTE = re.compile(r"「([^「」]+)」")
_MIN_ITEMS = 3


def said_counts(clusters: list[str]) -> set[int]:
    """Indices of the clusters inside each quoted count that the text says it counts (see the module docstring)."""
    line = "".join(c if len(c) == 1 else "\x00" for c in clusters)
    out: set[int] = set()
    for m in _QUOTE.finditer(line):
        items = [item for item in re.split(r"[、，,・\s]+", m[1]) if item]
        n = len(items)
        if n < _MIN_ITEMS or n > len(_COUNT):
            continue
        if not all(re.fullmatch(_COUNT[i], item) for i, item in enumerate(items)):
            continue
        number = rf"(?:{_NUMBER_WORD[n]}|{n})(?:つ|回|拍|カウント)?"
        if re.match(rf"と[、，]?{number}(?:を)?(?:数え|かぞえ|カウントし)", line[m.end() :]):
            out.update(range(m.start(1), m.end(1)))
    return out


__all__ = ["said_counts"]
