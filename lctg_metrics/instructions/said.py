"""Whether a start or end phrase found at an edge of the response is said there, not mentioned, and is the phrase's
own word, not another word spelled the same (round 14). One test for start and end phrases alike:

- **Mentioned** (``mentioned_after``, ``translated_before``): an utterance (a phrase ending in an interjection, a
  final particle or a predicate in its final form) followed by a quoting particle (と, って, という, とは: 「おはよう
  ございますと言うのが照れくさい」, 「はいって返事」, 「はい、と答えた」) or by の (「おはようございますの挨拶」), or by
  なんて/なんか/など with no pause (「ありがとうなんて言わない」, round 20) is named, not said; so is a phrase a
  translation frame puts after a language (「thank you は日本語でありがとう」, 「関西弁ではおおきに」, 「日本語の
  ありがとう」).
- **Another sense** (``other_sense_start``, ``other_sense_end``), by the analyser's reading in context:
  a phrase ending in a case particle followed by する or なる (はじめに|しては: 初めにしては, "for a first try") is a
  noun phrase governed by the verb, not the heading adverb; an honorific noun phrase right after a noun and が or は
  (お店が|おやすみ: closed) is the sentence's predicate noun, not a greeting (報告は以上 keeps its closing 以上);
  an interjection run on without a pause into a noun it can modify as a dialect adjective (ええ天気: Kansai ええ for
  いい, good) is that adjective, not the reply. The reply followed by a pause (ええ、そうです) and a greeting after a
  pause (お店も閉めます。おやすみ) stay said.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import closings, morph, names

#: What may stand between an utterance and a quoting particle after it (おはよう！と言った, はい、と答えた).
_MARKS = "！!？?…〜ー、, \u3000"
#: A translation frame closing before a phrase: a language or dialect and the particle that says "in it".
_TRANSLATED = re.compile(
    r"(?:(?:語|弁|言葉|ことば)(?:で|では|でいうと|で言うと|でいえば|で言えば|だと|に訳すと|にすると)|(?:語|弁)の)"
    r"[、,\s\u3000]*$"
)
#: Particles that name the utterance before them: quoting と and って, and の making it a noun's modifier
#: (おはようございますの挨拶), and も naming it as one of several things (おはようございますも言えない; round 21).
_QUOTING = ("と", "って", "という", "とは", "との", "とか", "っていう", "て", "の", "も")
#: Particles that name the word right before them, with no pause (ありがとうなんて言わない, おはようなんか; round 20);
#: after a pause なんて is "how" (ありがとう、なんて優しいの), which goes on saying.
_NAMING = ("なんて", "なんか", "など")


#: A report of words begun and not finished (実は、と言いかけて, はい、と言おうとして).
_BROKEN_OFF = re.compile(r"[、,，\s]*(?:と|って)(?:言|い)(?:いかけ|おうと|いよど|い淀)")


def _utterance(phrase: str) -> bool:
    """Whether the phrase, read alone, ends as an utterance: an interjection, an auxiliary, a final particle, or a
    predicate in its final form or the greeting's ウ音便 (こんにちは, よろしくね, おはようございます, おめでとう), or
    a polite te-form greeting (はじめまして, read 始め|まし|て; round 20); a noun or an adverb before と is no
    quotation (私と, ゆっくりと)."""
    alone = [m for m in morph.analyze(phrase) if m.pos1 not in ("補助記号", "空白")]
    if not alone:
        return False
    last = alone[-1]
    return (
        last.pos1 in ("感動詞", "助動詞")
        or last.pos2 == "終助詞"
        or (last.pos1 in ("動詞", "形容詞") and (last.form.startswith(("終止形", "命令形")) or "ウ音便" in last.form))
        or (last.pos2 == "接続助詞" and last.surface == "て" and len(alone) >= 2 and alone[-2].surface == "まし")
    )


def mentioned_after(text: str, end: int, phrase: str) -> bool:
    """Whether the phrase ending at ``end`` in ``text`` is followed by a quoting particle (a mention); a と with a
    comma after it is the conditional (結論から言いますと、…), which goes on saying. Any phrase before 「と言いかけ」
    or 「と言おうと」 (実は、と言いかけて; round 21) is words begun and broken off: reported, not said."""
    if _BROKEN_OFF.match(text, end):
        return True
    if not _utterance(phrase):
        return False
    rest = text[end:].lstrip(_MARKS)
    offset = len(text) - len(rest)
    after = [m for start, _, m in morph.spans(text) if start >= offset][:1]
    conditional = rest.startswith("と") and rest[1:2] in ("、", ",", "，")
    if not after or after[0].pos1 != "助詞" or conditional:
        return False
    return after[0].surface in _QUOTING or (after[0].surface in _NAMING and offset == end)


def translated_before(text: str, start: int) -> bool:
    """Whether a translation frame (日本語で, 英語では) closes right before the phrase starting at ``start``."""
    return _TRANSLATED.search(text[:start]) is not None


def other_sense_start(text: str, end: int, phrase: str) -> bool:
    """Whether the start phrase ending at ``end`` is another word in context: a case particle governed by する/なる
    after it, a reply naming a side with a one-kanji noun (はい派, round 28), or a Kansai adjective modifying the noun
    after it."""
    alone = morph.analyze(phrase)
    if not alone:
        return False
    after = [m for start, _, m in morph.spans(text) if start >= end][:1]
    if not after:
        return False
    if alone[-1].pos2 == "格助詞" and after[0].pos1 == "動詞" and after[0].lemma in ("為る", "成る"):
        return True  # はじめに|しては, 最初に|なって
    if alone[-1].pos1 == "感動詞" and _camp(text, end):
        return True  # はい派が7割: the yes side, a noun
    return len(alone) == 1 and alone[0].pos1 == "感動詞" and _dialect_adjective(phrase, text[end:])


#: A one-kanji noun or noun suffix after a reply, before a particle or the end: the reply names a side (はい派,
#: いいえ側, はい票が; round 28). 今 and the other nouns that can stand as adverbs (はい今から) go on saying.
def _camp(text: str, end: int) -> bool:
    after = [m for start, _, m in morph.spans(text) if start >= end][:2]
    if not after or len(after[0].surface) != 1 or not re.match(r"[\u4e00-\u9fff]", after[0].surface):
        return False
    noun = (after[0].pos1 == "名詞" and after[0].pos3 != "副詞可能") or (
        after[0].pos1 == "接尾辞" and after[0].pos2 == "名詞的"
    )
    return noun and (len(after) == 1 or after[1].pos1 == "助詞")


#: A Kansai long e said for the i of an adjective (ええ for いい, すけえ for すきい): read back as i-row.
_E_TO_I = str.maketrans("えけげせぜてでねへべぺめれ", "いきぎしじちぢにひびぴみり")


def _dialect_adjective(phrase: str, rest: str) -> bool:
    """Whether a kana interjection ending in a long e (ええ) reads as a dialect adjective before the common noun
    after it: the phrase with its e-row read as i-row (いい) is an adjective in its attributive form before it."""
    if not re.fullmatch(r"[ぁ-ゖ]*[えけげせぜてでねへべぺめれ]え", phrase) or not rest[:1].strip():
        return False
    following = morph.analyze(rest[:12])
    if not following or following[0].pos1 != "名詞" or following[0].pos2 != "普通名詞":
        return False
    adjective = phrase[:-2] + phrase[-2:].translate(_E_TO_I)
    read = morph.analyze(adjective + rest[: len(following[0].surface)])
    return (
        len(read) >= 2
        and read[0].surface == adjective
        and read[0].pos1 == "形容詞"
        and read[0].form.startswith("連体形")
    )


def _noun_part(m: morph.Morpheme) -> bool:
    """What an honorific noun is made of after its prefix: a noun, a suffix (様), a verb's stem read as a noun
    (お|休み); a verb in another form makes a request (ご確認|ください), not a noun."""
    return m.pos1 in ("名詞", "接尾辞") or (m.pos1 == "動詞" and m.form.startswith("連用形"))


def other_sense_end(text: str, at: int, phrase: str) -> bool:
    """Whether the end phrase, an honorific noun (お休み, お疲れ様), starts at ``at`` right after a noun and が or
    は: the predicate noun of the sentence (お店がおやすみ: closed), not a greeting said alone (ではおやすみ)."""
    alone = [m for m in morph.analyze(phrase) if m.pos1 not in ("補助記号", "空白")]
    parts = alone[1:]
    if len(alone) < 2 or alone[0].pos1 != "接頭辞" or any(not _noun_part(m) for m in parts):
        return False  # an honorific noun (お休み, お疲れ様): the closing 以上 of 報告は以上 is said
    before = [m for _, stop, m in morph.spans(text) if stop <= at]
    return (
        len(before) >= 2
        and before[-1].pos1 == "助詞"
        and before[-1].surface in ("が", "は")
        and before[-2].pos1 in ("名詞", "代名詞", "接尾辞")  # お店が, not では
    )


def start_unsaid(text: str, end: int, phrase: str) -> str:
    """Why the start phrase ending at ``end`` is not said by ``text`` (mentioned, or another word), or ""."""
    if mentioned_after(text, end, phrase):
        return "named (a quoting particle or の after it), not said"
    if other_sense_start(text, end, phrase):
        return "another word in context (a noun phrase before する/なる, a reply naming a side, or a dialect adjective)"
    if names.latin_name_after(text, end, phrase):  # Hello Kittyのグッズ (round 27)
        return "the start of a name (capitalised words and then a particle or noun), not said"
    return ""


def end_unsaid(text: str, at: int, phrase: str) -> str:
    """Why the end phrase starting at ``at`` is not said by ``text`` (a translation, or another word), or ""."""
    if translated_before(text, at):
        return "only given as a translation, not said"
    if other_sense_end(text, at, phrase):
        return "the predicate noun after が/は, not said alone"
    if closings.bound_noun(text, at):  # 平均以上です (round 16)
        return "its first noun makes one noun phrase with the noun before it, another word"
    return ""


__all__ = [
    "end_unsaid",
    "mentioned_after",
    "other_sense_end",
    "other_sense_start",
    "start_unsaid",
    "translated_before",
]
