"""Which word a kana homophone is, where the text says (checkers 2.8, round 6–7): はし that one crosses is 橋, not 箸;
あめ one licks is 飴, not 雨; あつい tea is 熱い, not 暑い.

The analyser reads a kana word as one lemma whatever its sense (はし is always 箸, あめ 飴, あつい 厚い), so a kana word
with a keyword's reading counts as the keyword (``words``). A reader chooses between homophones by the words around
them: the verb the word is the object or subject of, the noun it describes. ``SENSES`` lists, for a few readings that
name common words of different senses, each spelling with the content words (lemmas) that choose it. A kana word is
another word than the kanji keyword only where its sentence holds a cue of another spelling and none of the
keyword's own: 川にかかるはしを渡る is 橋, はしでご飯を食べる 箸; where the sentence says nothing (はしを買った) or
names both, the kana word stays ambiguous and counts as the keyword, so a forbidden 雨 written あめ is still caught.

Strict and loose read senses the same way: loose relaxes the response's form (IFEval's variants), not which word a
kana spelling is, and an ambiguous kana word passing in loose mode would let a forbidden word through written in
kana. The table is small on purpose: a reading enters it with cues a reader would agree name one sense."""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: Reading → spelling → the lemmas (the analyser's, before its ``-`` gloss) that choose that spelling in a sentence.
SENSES: dict[str, dict[str, frozenset[str]]] = {
    "ハシ": {
        "橋": frozenset({"渡る", "掛かる", "架かる", "架ける", "川", "渡す", "鉄橋"}),
        "箸": frozenset({"食べる", "使う", "御飯", "茶碗", "摘まむ", "割る", "箸置き", "料理"}),
    },
    "アメ": {
        "雨": frozenset({"降る", "止む", "傘", "濡れる", "梅雨", "天気", "空", "雲", "予報"}),
        "飴": frozenset({"嘗める", "舐める", "甘い", "舐る", "砂糖", "口", "袋"}),
    },
    "アツイ": {
        "暑い": frozenset({"夏", "気温", "日差し", "天気", "部屋", "季節", "汗", "真夏", "猛暑"}),
        "熱い": frozenset({"茶", "湯", "風呂", "スープ", "コーヒー", "珈琲", "鍋", "火", "味噌汁", "火傷", "冷ます"}),
        "厚い": frozenset({"本", "壁", "雲", "肉", "氷", "布団", "辞書", "板"}),
    },
    "カゼ": {
        "風": frozenset({"吹く", "強い", "冷たい", "窓", "止む", "そよぐ"}),
        "風邪": frozenset({"引く", "治る", "治す", "薬", "熱", "咳", "医者", "病院"}),
    },
    "カミ": {
        "紙": frozenset({"書く", "折る", "破る", "印刷", "鉛筆", "コピー"}),
        "髪": frozenset({"切る", "洗う", "伸びる", "結ぶ", "梳かす", "染める", "床屋", "美容院"}),
    },
}
_SENTENCE = re.compile(r"[^。！？!?\n]+")
_KANA = re.compile(r"[ぁ-ゖァ-ヺー]+")
_CONTENT = ("名詞", "動詞", "形容詞", "形状詞")


def _lemma(m: morph.Morpheme) -> str:
    return m.lemma.partition("-")[0]


def _cues(sentence: str, start: int, end: int) -> set[str]:
    """The content lemmas of ``sentence`` outside ``[start, end)`` (offsets into the sentence)."""
    found, position = set(), 0
    for m in morph.analyze(sentence):
        at = sentence.find(m.surface, position) if m.surface else -1
        at = position if at < 0 else at
        position = at + len(m.surface)
        if (position <= start or at >= end) and m.pos1 in _CONTENT:
            found.add(_lemma(m))
    return found


def other_sense(text: str, start: int, end: int, keyword: str) -> bool:
    """Whether the kana word ``text[start:end]`` is, by its sentence, another word than the kanji ``keyword`` of the
    same reading: its sentence names a cue of another spelling and none of the keyword's own."""
    senses = SENSES.get(morph.to_katakana(text[start:end]))
    if not senses or keyword not in senses:
        return False
    for sentence in _SENTENCE.finditer(text):
        if sentence.start() <= start and end <= sentence.end():
            cues = _cues(sentence.group(), start - sentence.start(), end - sentence.start())
            others = {spelling for spelling, words in senses.items() if spelling != keyword and cues & words}
            return bool(others) and not cues & senses[keyword]
    return False


def kept(text: str, keyword: str, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of ``found`` that are ``keyword``: a kana span its sentence reads as another word is left out."""
    return [(a, b) for a, b in found if not (_KANA.fullmatch(text[a:b]) and other_sense(text, a, b, keyword))]


__all__ = ["SENSES", "kept", "other_sense"]
