"""A kanji keyword written in kana under another reading of the same word (round 34): わたし is 私.

The analyser reads a kanji alone in one reading (私 as ワタクシ), so matching by reading misses the word written in
kana in its other reading (わたし, ワタシ). The dictionary names each kana word's lemma in kanji (わたし: 私), so a
morpheme written in kana whose lemma is the keyword's own lemma, with the same part of speech, is the keyword:
わたし and わたくし are 私, こと is 事, あなた is 貴方. The lemma's homograph tag (私-代名詞) is read aside; the part of
speech tells homographs apart. Only a keyword of one morpheme written with a kanji, of a part of speech that does
not inflect, is read this way (a keyword in kana is matched by its reading already), and only whole morphemes,
not one after a particle the analyser cut out of a kana word (か|いしゃ in かいしゃに holds no 医者: ``stray``).
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph, stray

_KANA = re.compile(r"[ぁ-ゖァ-ヺー]+")
_KANJI = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々]")
#: Parts of speech whose kana spelling is only a spelling. Verbs and adjectives are left to the readings: written in
#: kana they are often the auxiliary use a reader tells apart (食べてみる is no 見る, してほしい no 欲しい).
_WORDS = frozenset({"代名詞", "名詞", "副詞", "形状詞", "感動詞", "接続詞", "連体詞"})


def _base(lemma: str) -> str:
    return lemma.split("-", 1)[0]


def spans(text: str, word: str) -> list[tuple[int, int]]:
    """Spans of whole morphemes of ``text`` written in kana whose lemma is ``word``'s (see the module docstring)."""
    if not _KANJI.search(word):
        return []
    key = morph.analyze(word)
    if len(key) != 1 or not key[0].lemma or key[0].pos1 not in _WORDS:
        return []
    lemma, part = _base(key[0].lemma), key[0].pos1
    tokens = morph.spans(text)
    return [
        (start, end)
        for i, (start, end, m) in enumerate(tokens)
        if _KANA.fullmatch(m.surface)
        and m.pos1 == part
        and _base(m.lemma) == lemma
        and not stray.particle_before(tokens, i)  # か|いしゃ in かいしゃに: a kana word cut wrongly, no 医者
    ]


__all__ = ["spans"]
