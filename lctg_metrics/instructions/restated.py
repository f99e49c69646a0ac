"""A sentence said again in romaji (checkers 2.7, round 10): 「答えは赤です。Kotae wa aka desu.」 says one thing twice,
and a reader counts it once toward a minimum length. A run of Latin letters that reads to its end as romaji
(``romaji.to_kana``) and says a Japanese sentence of the same text over again (the same reading, long vowels folded,
は・へ・を read as said, and the copula です・だ aside) is not counted.

The same sentence said again in English is a known gap: telling a translation from other English needs a dictionary.
A second answer in another language that names what the first names (``translated``, round 15) is the first again.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph, romaji

#: Fewest morae a restated sentence's reading has (a word glossed in romaji, 東京（Tōkyō）, is no sentence said again).
_MIN_MORAE = 5
#: A sentence in Latin letters: letters, with ASCII marks and blanks between (clusters hold no blanks), ended by a
#: mark, a Japanese letter or the end.
_LATIN_SENTENCE = re.compile(r"[A-Za-zāīūēōâîûêô'][A-Za-zāīūēōâîûêô',]*(?:[.!?]+|(?=[^A-Za-zāīūēōâîûêô',.!?])|$)")
_JAPANESE_SENTENCE = re.compile(r"[^。！？!?.\nA-Za-zāīūēōâîûêô]+")
#: Kana read as said: the particles は, へ, を (written ハ, ヘ, ヲ in the dictionary's reading, wa, e, o in romaji).
_AS_SAID = str.maketrans("ハヘヲ", "ワエオ")
#: The polite copula anywhere (a sentence said again may drop it: 「京都です。」, 「Kyōto.」), the plain one at the
#: end.
_COPULA = re.compile(r"デス|デアル|ダ$")


def _said(kana: str) -> str:
    return romaji.fold_long(_COPULA.sub("", kana.translate(_AS_SAID)))


def romaji_repeats(clusters: list[str]) -> set[int]:
    """Indices of the clusters of each romaji sentence that says a Japanese sentence of the text again."""
    line = "".join(c if len(c) == 1 else "\x00" for c in clusters)
    latin = []
    for m in _LATIN_SENTENCE.finditer(line):
        kana = romaji.to_kana(re.sub(r"[^A-Za-zāīūēōâîûêô']", "", m.group()).lower())
        if kana and romaji.morae(kana) >= _MIN_MORAE:
            latin.append((m.start(), m.end(), _said(kana)))
    if not latin:
        return set()
    said = {_said(morph.reading(m.group())) for m in _JAPANESE_SENTENCE.finditer(line) if m.group().strip("\x00")}
    return {i for start, end, kana in latin if kana in said for i in range(start, end)}


_LATIN_LETTERS = re.compile(r"[^A-Za-zāīūēōâîûêô']")
_JAPANESE = re.compile(r"[ぁ-ゖァ-ヺ一-鿿々]")


_KANJI = re.compile(r"[一-鿿々]")
_KANA_ONLY = re.compile(r"[ぁ-ゖァ-ヺー]+")
#: Fewest morae a whole answer read aloud has to be compared by its reading (一 is no answer said again in romaji).
_ANSWER_MORAE = 2


def same_in_romaji(a: str, b: str) -> bool:
    """Whether one answer is the other written in romaji (「京都です。」 and 「Kyouto desu.」, round 10; from round 37 a
    word alone too: 大阪 and Osaka) or, the other holding kanji, in kana alone (京都 and キョート): one answer twice,
    read as ``romaji_repeats`` reads a sentence (は・へ・を read as said, long vowels folded; kana compared folded
    only where they write a long vowel with ー, so おばさん and お祖母さん stay two)."""
    for spelled, japanese in ((a, b), (b, a)):
        kana_only = _KANA_ONLY.fullmatch(_marks_out(spelled)) is not None
        if kana_only and _KANJI.search(japanese):
            kana = morph.to_katakana(_marks_out(spelled))
            folded = "ー" in kana
        elif not _JAPANESE.search(spelled) and _JAPANESE.search(japanese):
            kana, folded = romaji.to_kana(_LATIN_LETTERS.sub("", spelled).lower()) or "", True
        else:
            continue
        reading = morph.reading(_marks_out(japanese))
        if romaji.morae(kana) >= _ANSWER_MORAE and _read(kana, folded) == _read(reading, folded):
            return True
    return False


def _read(kana: str, folded: bool) -> str:
    said = _COPULA.sub("", kana.translate(_AS_SAID))
    return romaji.fold_long(said) if folded else said


#: A word in Latin capitals first (a name: Nara, Tokyo) and a run of Latin words (a sentence in another language).
_NAME = re.compile(r"\b[A-Z][a-zāīūēōâîûêô]{2,}\b")
_LATIN_WORDS = re.compile(r"[A-Za-z]+(?:[^A-Za-z\n]+[A-Za-z]+){2,}")


def translated(a: str, b: str) -> bool:
    """Whether one text is in another language and names what the other names (round 15: 「おすすめは奈良です。」 and
    "I recommend Nara."): a text with no Japanese letter, a sentence of Latin words, holding a name that reads as a
    noun of the Japanese text (Nara as 奈良's ナラ, long vowels folded). Two answers in two languages about different
    things (奈良 and "Kyoto is nice too.") stay two answers."""
    for latin, japanese in ((a, b), (b, a)):
        if _JAPANESE.search(latin) or not _JAPANESE.search(japanese) or not _LATIN_WORDS.search(latin):
            continue
        nouns = {
            romaji.fold_long(morph.to_katakana(m.reading))
            for m in morph.analyze(japanese)
            if m.pos1 == "名詞" and m.reading and romaji.morae(morph.to_katakana(m.reading)) >= 2
        }
        names = (romaji.to_kana(m.group().lower()) for m in _NAME.finditer(latin))
        if any(kana and romaji.fold_long(kana) in nouns for kana in names):
            return True
    return False


def _marks_out(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())


__all__ = ["romaji_repeats", "same_in_romaji"]
