"""Forms with nothing said in them (round 16), for the format checkers that count content:

- a run of one syllable said again (ハハハハハ, あははは, うふふふ, ドドドド): laughter or a sound, no quotation;
  a word said three times (コーヒーコーヒーコーヒー) is a word;
  a quotation that says something after it (「ははは、それは面白いね」) is said;
- a table row whose cells are one number each, all the same (| 1 | 1 |, | 2 | 2 |): the row only repeats its own
  number, no value; a row of different numbers (| 2020 | 120 |) holds values.
"""

from __future__ import annotations

import re
import unicodedata

_MARKS = re.compile(r"[\s〜~っッ！!？?。．.、，,…‥・♪☆★]+")
_RUN = re.compile(r"[ぁ-ゖァ-ヺ]{0,2}?([ぁ-ゖァ-ヺ]ー?)\1{2,}[ぁ-ゖァ-ヺー]?")


def syllable_run(text: str) -> bool:
    """Whether ``text`` holds only one syllable said again three times or more (see above)."""
    bare = _MARKS.sub("", text)
    return bool(bare) and _RUN.fullmatch(bare) is not None


def counting_row(row: list[str]) -> bool:
    """Whether a table row's cells are two numbers or more, all one number (| 1 | 1 |; see above)."""
    cells = [unicodedata.normalize("NFKC", c).strip() for c in row if c.strip()]
    return len(cells) >= 2 and all(re.fullmatch(r"\d+(?:[.,]\d+)?", c) for c in cells) and len(set(cells)) == 1


__all__ = ["counting_row", "syllable_run"]
