"""Sentences in another language than a Japanese answer's, which a reader does not count toward a Japanese minimum
length (checkers 2.8, round 14), read by script and grammar rather than by a list of phrases:

- a sentence without kana written in a script Japanese does not use (Hangul, Cyrillic, Greek, Arabic, Hebrew, Thai,
  Devanagari …: 답은 파란색입니다。) or in Latin of three words or more with an English function word or a full stop
  (The answer is blue. La respuesta es azul.; not a name in capitals, a product name without a stop, code, or
  Japanese in romaji: Ichigo ichie to yomimasu.);
- English written in katakana: a sentence of katakana only whose words, as the analyser reads them or as they split
  into known loanwords, hold an English function word (アンサーイズブルー, ジアンサーイズブルー, ディスイズアペン;
  メリークリスマス holds none and is a Japanese greeting);
- never where the answer names a language, a translation, a reading or a wording it quotes (英語では…, 韓国語訳,
  ハングル, 原文, 好きな言葉, 名言, という意味です): there the other language is what the answer says. Nor in an
  answer without a sentence holding hiragana: that answer is not in Japanese. A Latin name or term inside a Japanese
  sentence (Excel で集計します) is part of that sentence.

The sentence is no padding check of its own: it only leaves the count (``filler.counted_text``), like the Chinese
restatement of round 13 (``selfnotes``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from lctg_metrics.instructions import morph, romaji
from lctg_metrics.instructions.abbreviations import sentence_parts

_HIRAGANA = re.compile(r"[ぁ-ゖ]")
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々]")
_KATAKANA_ONLY = re.compile(r"[ァ-ヺー・･\s、。，．,.！？!?「」『』]+")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_CODE = re.compile(r"[(){}\[\]=;<>/_`#$@\\]")
#: The answer speaks of a language, a translation or a reading: another language is its subject.
NAMES_LANGUAGE = re.compile(
    r"[ァ-ヶー]{2,}語|[英韓独仏露伊西葡蘭梵希羅]語|(?:中国|韓国|外国|母国|朝鮮|台湾|広東|北京)語|英文|英訳|和訳|翻訳|訳す|訳し"
    r"|訳文|直訳|意訳|原文|言語|ハングル|キリル|ローマ字|外来語|カタカナ語|発音|読み方|english|korean|chinese|russian"
    r"|french|german|spanish|translat|language"
    # the answer is about a wording it quotes (好きな言葉, 名言, 歌詞, という意味です)
    r"|意味|言葉|名言|格言|ことわざ|諺|歌詞|引用|台詞|セリフ|原題|フレーズ|標語|モットー|スローガン|quote",
    re.IGNORECASE,
)
#: English function words, as the analyser glosses a loanword (イズ-is, ザ-the, ユー-you) …
_FUNCTION = frozenset(
    "is are was were be been the a an of and or to with for it you i me my your we our they he she his her this that "
    "in on at by from not can will do does am".split()
)
#: … and as they are written in katakana, for a run the analyser does not know as one word (ジアンサーイズブルー).
_FUNCTION_KANA = frozenset(
    "ザ ジ ア アン イズ ワズ アー オブ トゥ トゥー アンド ウィズ フォー イット ユー アイ ディス ザット マイ ユア "
    "ウィー ゼイ イン オン アット ビー ノット キャン ウィル ミー ヒー シー ドゥ".split()
)


def _other_script(ch: str) -> bool:
    """Whether a letter is of a script Japanese text does not use (not kana, kanji, Latin, digits)."""
    if not unicodedata.category(ch).startswith("L"):
        return False
    name = unicodedata.name(ch, "")
    return not any(s in name for s in ("CJK", "HIRAGANA", "KATAKANA", "LATIN", "FULLWIDTH", "HALFWIDTH", "IDEOGRAPH"))


@lru_cache(maxsize=4096)
def _loanword(piece: str) -> bool:
    """Whether a katakana piece is one loanword the analyser knows (its lemma carries a gloss: アンサー-answer)."""
    found = morph.analyze(piece)
    return len(found) == 1 and "-" in found[0].lemma and found[0].surface == piece


def _splits_into_english(run: str) -> bool:
    """Whether a katakana run splits into known loanwords and katakana function words, one of them at least."""
    if len(run) > 40:
        return False
    best: list[int | None] = [None] * (len(run) + 1)  # the most function words a split of run[:i] holds
    best[0] = 0
    for i in range(len(run)):
        if best[i] is None:
            continue
        for j in range(i + 1, min(len(run), i + 12) + 1):
            piece = run[i:j]
            word = piece in _FUNCTION_KANA
            if word or _loanword(piece):
                count = best[i] + word  # type: ignore[operator]
                if best[j] is None or count > best[j]:  # type: ignore[operator]
                    best[j] = count
    return bool(best[len(run)])


def _katakana_english(sentence: str) -> bool:
    if not _KATAKANA_ONLY.fullmatch(sentence):
        return False
    letters = [ch for ch in sentence if "ァ" <= ch <= "ヺ" or ch == "ー"]
    if len(letters) < 6:
        return False
    for m in morph.analyze(sentence):
        gloss = m.lemma.partition("-")[2].casefold()
        if gloss in _FUNCTION:
            return True
        if not gloss and len(m.surface) >= 5 and _splits_into_english(m.surface):
            return True
    return False


def foreign_sentence(sentence: str, text: str) -> bool:
    """Whether ``sentence`` of the Japanese answer ``text`` is in another language (see the module docstring); a
    sentence of several, each closed by . ! or ? (The answer is blue.アンサーイズブルー。), when each of them is."""
    if _HIRAGANA.search(sentence) or not _HIRAGANA.search(text.replace(sentence, "")):
        return False
    if NAMES_LANGUAGE.search(unicodedata.normalize("NFKC", text)):
        return False
    parts = [p for p in sentence_parts(sentence) if any(ch.isalnum() for ch in p)]
    return bool(parts) and all(_foreign(p.strip()) for p in parts)


def _foreign(sentence: str) -> bool:
    if _KANJI.search(sentence):
        return False  # kanji without kana: a heading, a name or Chinese (``selfnotes`` reads Chinese)
    if sum(_other_script(ch) for ch in sentence) >= 2:
        return True
    latin = _LATIN_WORD.findall(sentence)
    words = [w for w in latin if len(w) >= 2]  # single letters are labels or marks (A、B、c。)
    if (
        len(latin) >= 3 and len(words) >= 2 and not re.search(r"[ァ-ヺ]", sentence)
    ):  # a title or name in capitals and code are no sentence
        closed = re.search(r"[.!?]\W*$", sentence) is not None  # La respuesta es azul. (a name has no full stop)
        worded = closed or any(w.casefold() in _FUNCTION for w in latin)
        sentence_like = worded and not all(w[0].isupper() for w in latin)
        # Ichigo ichie to yomimasu.; Shiga-ken, its parts each romaji (round 27)
        said_in_romaji = all(romaji.to_kana(p) for w in latin for p in re.split(r"[-'’]", w.casefold()) if p)
        return sentence_like and not said_in_romaji and not _CODE.search(sentence)
    return _katakana_english(sentence)


__all__ = ["NAMES_LANGUAGE", "foreign_sentence"]
