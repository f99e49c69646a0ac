"""List marks the item patterns of ``text`` leave out (round 23), in the forms a list is written in today:

- a pictograph (an emoji: ✅, 🔹, 👉, 📌) opening a line and followed by a blank is the line's bullet, as ● or ✔ is
  (「✅ 水を多めに飲む」); glued to the text (「😊今日は楽しかった」) it is decoration of a sentence;
- a keycap digit (1️⃣ 2️⃣ 3️⃣, #️⃣; 🔟) opening a line is its number;
- a line numbered with a kanji numeral and 、 (一、 二、 三、) is an item when the lines before it number the list in
  sequence, even when its text opens with a numeral too (「三、三分待つ」 after 「二、」); a line whose text opens
  with the next number (「一、二年前に」, 「二、三日で」) reads as a range, one or two years, and is no item (the item
  pattern's own guard, kept in a sequence too).
"""

from __future__ import annotations

import re

#: A pictograph bullet: one emoji (with its variation selector) and a blank.
EMOJI_BULLET = r"[\u2600-\u27bf\u2b50\u2b55\U0001f300-\U0001faff]\ufe0f?(?=[ \t\u3000])"
#: A keycap number: a digit or # with the keycap mark, or the keycap ten.
KEYCAP = r"(?:[0-9#*]\ufe0f?\u20e3)+|\U0001f51f"

_KANJI_DIGITS = "一二三四五六七八九"
#: A line opening with a kanji numeral and 、 ． or . and some text.
_KANJI_ITEM = re.compile(r"^\s*([一二三四五六七八九十]+)[、．.]\s*\S")
_NUMERAL = re.compile(r"[一二三四五六七八九十]+")


def _value(numeral: str) -> int:
    """一 … 九十九 as an integer (0 when the numeral is not one)."""
    tens, _, ones = numeral.rpartition("十")
    if "十" not in numeral:
        return _KANJI_DIGITS.index(numeral) + 1 if len(numeral) == 1 else 0
    high = 1 if tens == "" else (_KANJI_DIGITS.index(tens) + 1 if len(tens) == 1 and tens in _KANJI_DIGITS else 0)
    low = 0 if ones == "" else (_KANJI_DIGITS.index(ones) + 1 if len(ones) == 1 and ones in _KANJI_DIGITS else -99)
    return max(high * 10 + low, 0)


def _range(numeral: str, text: str) -> bool:
    """Whether 「numeral、text」 reads as a range: the text opens with the next number (一、二年前, 二、三日)."""
    following = _NUMERAL.match(text.strip())
    return following is not None and _value(following.group(0)) == _value(numeral) + 1


def kanji_sequence(lines: list[str]) -> set[int]:
    """Indices of ``lines`` numbered 一、 二、 三、 … in sequence: each numeral one more than the last numbered line's,
    the first (一) when the next numbered line is 二."""
    numbered = [
        (i, _value(m.group(1)))
        for i, line in enumerate(lines)
        if (m := _KANJI_ITEM.match(line)) and not _range(m.group(1), line[m.end(1) + 1 :])
    ]
    found: set[int] = set()
    for (i, n), (j, following) in zip(numbered, numbered[1:]):
        if n and following == n + 1:
            found.update((i, j))
    return found


def kanji_item(line: str) -> tuple[str, str] | None:
    """The numeral and the text of a line numbered 一、 (``None`` for any other line)."""
    found = _KANJI_ITEM.match(line)
    return (found.group(1), line[found.end(1) + 1 :].strip()) if found else None


__all__ = ["EMOJI_BULLET", "KEYCAP", "kanji_item", "kanji_sequence"]
