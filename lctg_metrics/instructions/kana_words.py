"""When a kana span with a keyword's sound is that word, for ``words`` (round 26): three places where a reader hears
the sound and still reads another word.

- **A reading in brackets right after a word is that word's ruby** (``ruby_of_word_before``): in お酒（おさけ） or
  紙（かみ） the kana are the reading of the word before them, not a word of their own, so they are no 鮭 and no 神;
  the keyword written there (神（かみ）) is counted by its spelling. Kana in brackets that are no reading of the word
  before (果物（りんご）, an example) stay a word.
- **A kana word is a kanji keyword only where it can be that word** (``can_be``): where the analyser reads the span
  as whole words, their last content word is of the keyword's part of speech or its lemma (the verb かき of 手紙を
  かきました is no 柿, まつ in 駅でまつ no 松; かき in 庭のかき is).
- **A kana word is not the keyword inside a longer word** (``in_longer_word``): where the analyser cuts a kana word
  the dictionary knows whole only when written with its kanji (ねこ|じゃ|らし, みず|ぎ), the span is read with its
  kanji (its own noun's, or the kana keyword's) put in; if it then falls inside a longer word (猫じゃらし, 水着: a grass, a swimsuit), it names no cat and no
  water. A kana word the analyser keeps apart with its kanji too (ねこさがし, 猫|さがし) is the keyword.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

_KANA = re.compile(r"[ぁ-ゖァ-ヺー]+")
_KANJI = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々]")
_BRACKET = re.compile(r"[（(]([ぁ-ゖァ-ヺー]+)[)）]")
_SENTENCE_START = re.compile(r"[。！？!?\n「『（(]")
#: Parts of speech that carry no content of their own (a span's last content word decides its part of speech).
_FUNCTION = ("助詞", "助動詞", "接尾辞", "補助記号", "空白")


def ruby_of_word_before(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` lies in a bracket of kana alone that is the reading of the word just before it: the
    morphemes ending there, one or more, from one holding a kanji, sound as the bracket's kana (お酒（おさけ）)."""
    for m in _BRACKET.finditer(text, max(0, start - 40), min(len(text), end + 40)):
        if not (m.start(1) <= start and end <= m.end(1)) or not _KANJI.match(text[m.start() - 1 : m.start()] or " "):
            continue
        head = max((s.end() for s in _SENTENCE_START.finditer(text, 0, m.start())), default=0)
        heard, target, kanji = "", morph.to_katakana(m.group(1)), False
        for piece in reversed(morph.analyze(text[head : m.start()])):
            heard, kanji = morph.to_katakana(piece.reading) + heard, kanji or bool(_KANJI.search(piece.surface))
            if heard == target and kanji:
                return True
            if len(heard) >= len(target):
                return False
    return False


def _words(text: str) -> list[tuple[int, int, morph.Morpheme]]:
    out, position = [], 0
    for m in morph.analyze(text):
        at = text.find(m.surface, position) if m.surface else -1
        at = position if at < 0 else at
        position = at + len(m.surface)
        out.append((at, position, m))
    return out


def can_be(text: str, start: int, end: int, key: morph.Morpheme) -> bool:
    """Whether the kana ``text[start:end]`` can be the word whose last morpheme is ``key``: where the analyser reads
    the span as whole words, their last content word has the key's part of speech or lemma."""
    words = _words(text)
    inside = [m for a, b, m in words if start <= a and b <= end]
    if {start, end} - {edge for a, b, _ in words for edge in (a, b)} or not inside:
        return True  # cut across: the analyser's reading of this span is no guide
    content = [m for m in inside if m.pos1 not in _FUNCTION] or inside
    return content[-1].pos1 == key.pos1 or content[-1].lemma == key.lemma


def _noun(word: tuple[morph.Morpheme, ...], heard: str) -> str:
    """The kanji of a one-noun reading of the kana ``heard`` (猫 for ねこ), or ""."""
    lemma = word[0].lemma.partition("-")[0] if len(word) == 1 and word[0].pos1 == "名詞" else ""
    same = lemma and morph.to_katakana(word[0].reading) == morph.to_katakana(heard)
    return lemma if same and all(_KANJI.match(ch) for ch in lemma) else ""


def in_longer_word(text: str, start: int, end: int, key: str) -> bool:
    """Whether the kana ``text[start:end]``, a noun to the analyser there or as the keyword ``key`` alone, falls
    inside a longer word once written with its kanji (ねこじゃらし is 猫じゃらし, one word)."""
    if not _KANA.fullmatch(text[start:end]):
        return False
    one = tuple(m for a, b, m in _words(text) if a == start and b == end)
    lemma = _noun(one, text[start:end]) or (_noun(morph.analyze(key), text[start:end]) if _KANA.fullmatch(key) else "")
    if not lemma:
        return False
    head = max((s.end() for s in _SENTENCE_START.finditer(text, 0, start)), default=0)
    tail = next((s.start() for s in _SENTENCE_START.finditer(text, end)), len(text))
    written = text[head:start] + lemma + text[end:tail]
    at, to = start - head, start - head + len(lemma)
    return any(a < to and at < b and (a < at or b > to) for a, b, _ in _words(written))


__all__ = ["can_be", "in_longer_word", "ruby_of_word_before"]
