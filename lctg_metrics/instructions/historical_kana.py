"""Historical kana spelling (歴史的仮名遣い, round 19) read as the modern spelling of the same word, for word
identity: ありがたう is ありがとう, さう is そう, ゐなか is いなか. A forbidden word written the old way is still that
word to a reader.

Only the one-for-one changes are read, so offsets hold: a kana of the あ row followed by う is the お row's (the long
vowel au written before 1946: たう is とう, かう こう, やう よう), and ゐ ゑ are い え. A verb whose plain form ends in
that う (買う かう, 舞う まう, 歌う うたう) is a modern word and stays as written. A pair is read the modern way only
when a word holds it: the analyser reads it inside one word as written (さう, ありがたう) or, read the modern way,
inside one word of three letters or more (おはやう is おはよう); a pair it cuts into sounds (がまう, ま|う) stays.
Changes of more than one letter (でせう for でしょう, けふ for きょう) are not read.
"""

from __future__ import annotations

from functools import lru_cache

from lctg_metrics.instructions import morph

#: The あ-row kana and the お-row kana each is read as before う.
_AU = dict(zip("かさたなはまやらわがざだばぱ", "こそとのほもよろおごぞどぼぽ", strict=True))
_OLD_LETTERS = {"ゐ": "い", "ゑ": "え", "ヰ": "イ", "ヱ": "エ"}


def _words(text: str) -> list[tuple[int, int, morph.Morpheme]]:
    """The analyser's words of ``text`` with their offsets."""
    found, at = [], 0
    for m in morph.analyze(text):
        start = text.find(m.surface, at) if m.surface else -1
        if start >= 0:
            at = start + len(m.surface)
            found.append((start, at, m))
    return found


def _held(words: list[tuple[int, int, morph.Morpheme]], i: int, fewest: int) -> bool:
    """Whether one word of ``fewest`` letters or more, no verb ending at the pair's う, holds letters ``i`` and
    ``i + 1``."""
    return any(
        start <= i and i + 2 <= end and end - start >= fewest and not (m.pos1 == "動詞" and end == i + 2)
        for start, end, m in words
    )


@lru_cache(maxsize=2048)
def modern(text: str) -> str:
    """``text`` with historical kana spellings read in the modern way (see the module docstring); same length."""
    pairs = [i for i in range(len(text) - 1) if text[i] in _AU and text[i + 1] == "う"]
    if not pairs and not any(ch in _OLD_LETTERS for ch in text):
        return text
    chars = [_OLD_LETTERS.get(ch, ch) for ch in text]
    if not pairs:
        return "".join(chars)
    trial = "".join(_AU[ch] if i in pairs else ch for i, ch in enumerate(chars))
    written, read = _words(text), _words(trial)
    for i in pairs:
        if _held(written, i, 2) or _held(read, i, 3):
            chars[i] = _AU[text[i]]
    return "".join(chars)


__all__ = ["modern"]
