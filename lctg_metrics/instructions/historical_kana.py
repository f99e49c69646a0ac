"""Historical kana spelling (歴史的仮名遣い, round 19) read as the modern spelling of the same word, for word
identity: ありがたう is ありがとう, さう is そう, ゐなか is いなか. A forbidden word written the old way is still that
word to a reader.

Only the one-for-one changes are read, so offsets hold: a kana of the あ row followed by う is the お row's (the long
vowel au written before 1946: たう is とう, かう こう, やう よう), and ゐ ゑ are い え. A verb whose plain form ends in
that う (買う かう, 舞う まう, 歌う うたう, 叶う かなう) is a modern word and stays as written. A pair is read the
modern way only when a word holds it: the analyser reads it inside one word that is no verb (さう, ありがたう), or
leaves its う as a stray sound and, read the modern way, finds it inside one word of three letters or more (おはやう
is おはよう); a pair it cuts into two sounds with no such word (がまう, ま|う) and a pair across a particle
(それは|うたう) stay. Changes of more than one letter (でせう for でしょう, けふ for きょう) are not read.
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


def _at(words: list[tuple[int, int, morph.Morpheme]], i: int) -> tuple[int, int, morph.Morpheme] | None:
    return next((word for word in words if word[0] <= i < word[1]), None)


def _held(written: list[tuple[int, int, morph.Morpheme]], read: list[tuple[int, int, morph.Morpheme]], i: int) -> bool:
    """Whether the pair at ``i`` is a word's long vowel: one word that is no verb holds both letters as written (さう,
    ありがたう), or the analyser left the う as a stray sound (an interjection or a symbol) after a letter of no
    particle, and read the modern way the pair is inside one word of three letters or more (おはやう)."""
    first, second = _at(written, i), _at(written, i + 1)
    if first is None or second is None:
        return False
    if first is second:
        return first[2].pos1 != "動詞"
    stray = second[2].pos1 in ("感動詞", "記号", "補助記号") and first[2].pos1 not in ("助詞", "動詞")
    modern_word = _at(read, i)
    return (
        stray
        and modern_word is not None
        and modern_word[0] <= i
        and i + 2 <= modern_word[1]
        and (modern_word[1] - modern_word[0] >= 3)
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
        if _held(written, read, i):
            chars[i] = _AU[text[i]]
    return "".join(chars)


__all__ = ["modern"]
