"""A numbered saying recited after an answer (checkers 2.8, round 19): a sentence that is only a run of items each
led by the next kanji numeral (一富士二鷹三茄子、四扇五煙草六座頭。 一に○○、二に△△、三に□□) and holds no predicate
is a saying said for its shape. A reader does not count it toward a minimum length, unless the text speaks of it as
a saying (ことわざ, 言葉, 縁起, 初夢, 〜と言われます: NAMES_LANGUAGE and ``_SPOKEN_OF``): then it is what the answer
says, and counts."""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.foreign import NAMES_LANGUAGE

_NUMERALS = "一二三四五六七八九十"
_ITEM = re.compile(rf"([{_NUMERALS}])([^{_NUMERALS}]{{1,5}})")
_MIN_ITEMS = 3
#: The text speaks of a saying: its occasion, its luck, or that it is said.
_SPOKEN_OF = re.compile(r"初夢|縁起|言い伝え|言われ|いわれ|とされ|呼ばれ|唱え|教え|順位|順番|ランキング")


def recited_saying(sentence: str, text: str) -> bool:
    """Whether ``sentence`` of ``text`` is a numbered saying recited past the answer (see the module docstring)."""
    bare = re.sub(r"[\s。、，,．！!・]", "", unicodedata.normalize("NFKC", sentence))
    items = _ITEM.findall(bare)
    if len(items) < _MIN_ITEMS or "".join(a + b for a, b in items) != bare:
        return False
    if [n for n, _ in items] != list(_NUMERALS[: len(items)]):
        return False
    if any(m.pos1 in ("動詞", "形容詞", "助動詞") for m in morph.analyze(sentence)):
        return False
    rest = unicodedata.normalize("NFKC", text.replace(sentence, ""))
    return not (NAMES_LANGUAGE.search(rest) or _SPOKEN_OF.search(rest))


__all__ = ["recited_saying"]
