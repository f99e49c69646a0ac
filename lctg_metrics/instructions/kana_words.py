"""When a kana span with a keyword's sound is that word, for ``words`` (round 26): three places where a reader hears
the sound and still reads another word.

- **A reading in brackets right after a word is that word's ruby** (``ruby_of_word_before``): in 紙（かみ） or
  牡蠣（かき） the kana are the reading of the word before them, not a word of their own, so they are no 神 and no 柿;
  the keyword written there (神（かみ）) is counted by its spelling. Kana in brackets that are no reading of the word
  before (果物（りんご）, an example) stay a word.
- **A kana word is a kanji noun only where it can be a noun** (``can_be``): one verb or adjective to the analyser
  with an ending after it that no noun takes (ます, た, ない, て, ば) is that verb: かき of 手紙をかきました is 書く,
  no 柿; すぎ of 時間がすぎた no 杉. Where the ending would fit a noun too (かき、, なす料理, いぬと), the analyser's
  reading of bare kana is no guide and the word counts (round 26: the verb before a noun, 友だちをまつ時間, stays a
  known gap, as なす料理 is the same shape).
- **A kana word is not the keyword inside a longer word** (``in_longer_word``): where the analyser cuts a kana word
  the dictionary knows whole only when written with its kanji (みず|ぎ, いぬ|かき), the span is read with its
  kanji (its own noun's, or the keyword's) put in; if it then falls inside a longer word (水着, 犬かき: a
  swimsuit, a swimming stroke), it names no water and no dog. A kana word the analyser keeps apart with its kanji too
  (ねこさがし: 猫|さがし) is the keyword.
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
    morphemes ending there, one or more, from one holding a kanji, sound as the bracket's kana (お菓子（おかし））."""
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


#: Endings only a verb or an adjective takes, never a noun: the auxiliaries ます, た, ない, たい, ず, れる, せる, う,
#: and the conjunctive particles て, ば, ながら, たり.
_VERB_ENDINGS = frozenset({"ます", "た", "ない", "たい", "ず", "ぬ", "れる", "られる", "せる", "させる", "う", "よう"})
_VERB_PARTICLES = frozenset({"て", "ば", "ながら", "たり", "つつ"})


def can_be(text: str, start: int, end: int, key: morph.Morpheme) -> bool:
    """Whether the kana ``text[start:end]`` can be the noun ``key``: not where it is one verb or adjective to the
    analyser with an ending only a verb or adjective takes after it (かき|ました, すぎ|た, さけ|て)."""
    words = _words(text)
    at = next((i for i, (a, b, _) in enumerate(words) if a == start and b == end), None)
    if key.pos1 != "名詞" or at is None or at + 1 >= len(words) or words[at][2].pos1 not in ("動詞", "形容詞"):
        return True
    after = words[at + 1][2]
    ending = after.pos1 == "助動詞" and after.lemma in _VERB_ENDINGS
    return not (ending or (after.pos2 == "接続助詞" and after.lemma in _VERB_PARTICLES))


def _noun(word: tuple[morph.Morpheme, ...], heard: str) -> str:
    """The kanji of a one-noun reading of the kana ``heard`` (水 for みず), or ""."""
    lemma = word[0].lemma.partition("-")[0] if len(word) == 1 and word[0].pos1 == "名詞" else ""
    same = lemma and morph.to_katakana(word[0].reading) == morph.to_katakana(heard)
    return lemma if same and all(_KANJI.match(ch) for ch in lemma) else ""


def in_longer_word(text: str, start: int, end: int, key: str) -> bool:
    """Whether the kana ``text[start:end]``, a noun to the analyser there or the keyword ``key`` read alone, falls
    inside a longer word once written with its kanji (みずぎ is 水着, one word)."""
    if not _KANA.fullmatch(text[start:end]):
        return False
    one = tuple(m for a, b, m in _words(text) if a == start and b == end)
    lemma = _noun(one, text[start:end]) or _noun(morph.analyze(key), text[start:end])
    if not lemma:
        return False
    head = max((s.end() for s in _SENTENCE_START.finditer(text, 0, start)), default=0)
    tail = next((s.start() for s in _SENTENCE_START.finditer(text, end)), len(text))
    written = text[head:start] + lemma + text[end:tail]
    at, to = start - head, start - head + len(lemma)
    return any(a < to and at < b and (a < at or b > to) for a, b, _ in _words(written))


__all__ = ["can_be", "in_longer_word", "ruby_of_word_before"]
