"""Letters drawn alike read by their place: a katakana letter a font draws like a kanji, standing in a kanji word, is
that kanji to a reader (協カ is 協力, ロ in 人ロ is 口); katakana ヘ with hiragana beside it and no katakana is hiragana
(こちらヘどうぞ), hiragana へ between two katakana is katakana (アへン), and so is へ starting a katakana word of three
letters or more (へルメット: the particle へ starts no word); the particle へ after a katakana word stays.

The script checkers (kanji caps, no kanji, hiragana or katakana only) read the text through ``as_letters``
(both directions), so a kanji cap is not met by writing 協カ for 協力, nor 「no katakana」 by writing 二一卜
for ニート. A look-alike is read as the kanji only when it is not part of a katakana word (no
katakana letter or ー beside it: カメラ, ロボット and エンジニア stay katakana) and, with the kanji put in, either

- the analyser reads it inside one dictionary word with a kanji beside it (協力して, 人口, 工場, 力強い, 統一; a proper
  noun does not count), or
- it is a numeral look-alike (ニ ハ ー) beside a kanji numeral, after 第 or 毎, or before a counter (第ニ回, ハ月,
  ー日).

The kana rows and their names stay kana: カ行, ハ行, タ段, ト書き, ハ長調, 変ロ長調 and the counter カ of 3カ月 and
数カ所 form no word with their neighbour.

The other way (``as_katakana``), kanji drawn like katakana are read as katakana where they stand in a katakana word:
beside a katakana letter (口ボット), or as a run that reads as one katakana word and as no kanji word (二一卜 is ニート,
工口 is エロ; 一口 and 一夕 stay; from checkers 2.2).
"""

from __future__ import annotations

import re
from functools import lru_cache

from lctg_metrics.instructions import morph

#: Katakana letters a font draws like a kanji (by shape, as in the usual confusion tables of Japanese OCR).
KANJI_LOOKALIKES = {
    "カ": "力",
    "ロ": "口",
    "エ": "工",
    "ニ": "二",
    "ハ": "八",
    "ト": "卜",
    "タ": "夕",
    "ー": "一",
    "ヒ": "匕",
    "メ": "乂",
    "ム": "厶",
    "ヌ": "又",
    "チ": "千",
    "オ": "才",
}
#: Look-alikes of kanji numerals, and what makes them numerals: a kanji numeral beside them, 第 or 毎 before them, a
#: counter after them.
_NUMERALS = {"ニ": "二", "ハ": "八", "ー": "一"}
_KANJI_NUMERALS = "〇一二三四五六七八九十百千万"
_COUNTERS = "月日人回度年番時分秒歳個枚本件階週期位次等重倍通号冊台匹羽杯着足軒組"
#: What follows a kana row's name (カ行, ハ段): the look-alike is the kana itself.
_KANA_ROW = "行段"
#: Kana with a twin in the other script drawn the same (hiragana, katakana).
KANA_TWINS = (("へ", "ヘ"), ("べ", "ベ"), ("ぺ", "ペ"))
_KATAKANA_LETTER = re.compile(r"[ァ-ヺー]")
_HIRAGANA_LETTER = re.compile(r"[ぁ-ゖ]")


def _is_kanji(ch: str) -> bool:
    return "一" <= ch <= "鿿" or "㐀" <= ch <= "䶿" or "豈" <= ch <= "﫿" or ch in "々〆"


def _in_a_word(text: str, i: int) -> bool:
    """Whether the analyser reads the letter at ``i`` inside one dictionary word holding another kanji (not a name)."""
    lo, hi = max(0, i - 3), min(len(text), i + 4)
    window, at, position = text[lo:hi], i - lo, 0
    for m in morph.analyze(window):
        start = window.find(m.surface, position) if m.surface else -1
        if start < 0:
            return False
        position = start + len(m.surface)
        if start <= at < position:
            return (
                len(m.surface) > 1
                and m.pos2 != "固有名詞"
                and m.pos1 not in ("補助記号", "記号")
                and any(_is_kanji(ch) for k, ch in enumerate(m.surface) if start + k != at)
            )
    return False


def _numeral(text: str, i: int) -> bool:
    before, after = text[i - 1 : i], text[i + 1 : i + 2]
    return bool(before and before in _KANJI_NUMERALS + "第毎") or bool(after and after in _KANJI_NUMERALS + _COUNTERS)


def _among(before: str, after: str, script: re.Pattern[str], other: re.Pattern[str]) -> bool:
    """A letter of ``script`` beside it and none of the ``other`` script (こちらヘ。 is こちらへ)."""
    return (bool(script.match(before or " ")) or bool(script.match(after or " "))) and not (
        other.match(before or " ") or other.match(after or " ")
    )


#: Hyphens and minus signs a reader reads as the hyphen between two Latin letters or digits (Wi‑Fi, Ｗｉ－Ｆｉ as an IME
#: types it, r7), and the dashes read as the long-vowel mark ー between two katakana letters (メ―ル, セ－ル), with
#: the Hangul vowel ㅡ drawn as one bar (U+3161, its NFKC form U+1173 and half-width U+FFDA: コㅡヒㅡ, round 10).
_LATIN_HYPHENS = "\u2010\u2011\u2012\u2013\u2212\uff0d\ufe63"
_KATAKANA_DASHES = _LATIN_HYPHENS + "-\u2014\u2015\u2500\u2501\ufe58\u3161\u1173\uffda"
_LATIN_OR_DIGIT = re.compile(r"[A-Za-z0-9]")


def _dash_read(ch: str, before: str, after: str) -> str:
    """The hyphen or ー a dash look-alike is read as between two letters of one script, else the dash itself."""
    if ch in _LATIN_HYPHENS and _LATIN_OR_DIGIT.match(before or " ") and _LATIN_OR_DIGIT.match(after or " "):
        return "-"
    if ch in _KATAKANA_DASHES and _KATAKANA_LETTER.match(before or " ") and _KATAKANA_LETTER.match(after or " "):
        return "ー"
    return ch


def _starts_katakana_word(text: str, i: int, katakana: str) -> bool:
    """Whether a hiragana twin (へ) before a katakana run is that run's first letter, wherever it stands
    (では|へルメット, round 12): in katakana the run is one dictionary word, and without it the rest is none (ルメット);
    the particle before a katakana word keeps its place (ここへメモを: ヘメモ is no word, メモ is). The rest read as a
    name only (ルメット, the director Lumet) is no word for this."""
    run = _KATAKANA_RUN.match(text, i + 1)
    if run is None or len(run.group()) < 2:
        return False
    rest = morph.analyze(run.group())
    return _one_word(katakana + run.group()) and not (_one_word(run.group()) and rest[0].pos2 != "固有名詞")


_KATAKANA_RUN = re.compile(r"[ァ-ヺー]+")


@lru_cache(maxsize=2048)
def as_read(text: str) -> str:
    """``text`` with each look-alike read as the letter a reader reads there (see the module docstring)."""
    chars = list(text)
    for i, ch in enumerate(text):
        before, after = text[i - 1 : i], text[i + 1 : i + 2]
        if ch in _KATAKANA_DASHES:
            chars[i] = _dash_read(ch, before, after)
            continue
        if ch in KANJI_LOOKALIKES:
            if (
                _KATAKANA_LETTER.match(before or " ")
                or _KATAKANA_LETTER.match(after or " ")
                or (after and after in _KANA_ROW)
            ):
                continue
            if not (_is_kanji(before or " ") or _is_kanji(after or " ")):
                continue
            trial = text[:i] + KANJI_LOOKALIKES[ch] + text[i + 1 :]
            if _in_a_word(trial, i) or (ch in _NUMERALS and _numeral(trial, i)):
                chars[i] = KANJI_LOOKALIKES[ch]
            continue
        for hiragana, katakana in KANA_TWINS:
            if ch == katakana and _among(before, after, _HIRAGANA_LETTER, _KATAKANA_LETTER):
                chars[i] = hiragana
            elif (
                ch == hiragana
                and _KATAKANA_LETTER.match(after or " ")
                and (
                    _KATAKANA_LETTER.match(before or " ")
                    or (not before.isalnum() and _KATAKANA_LETTER.match(text[i + 2 : i + 3] or " "))
                )
            ):  # アへン, and へルメット starting a word (the particle へ never starts one)
                chars[i] = katakana
            elif ch == hiragana and _starts_katakana_word(text, i, katakana):  # では|へルメット (round 12)
                chars[i] = katakana
    return "".join(chars)


#: Hangul letters drawn like a katakana letter (round 15: ㅁ ロ, ㅏ ト, ㄴ レ; each as typed, as NFKC and as half-width
#: write it): メㅁン is メロン, a look-alike run that reads as one katakana word.
_HANGUL_ALIKE = {"ロ": "\u3141\u1106\uffb1", "ト": "\u314f\u1161\uffc2", "レ": "\u3134\u1102\uffa4"}
#: Kanji a font draws like a katakana letter (the reverse of ``KANJI_LOOKALIKES``), and the kanji components drawn
#: like one that no katakana letter in a kanji word is read as (round 12: 彐 the snout radical for ヨ, 儿 the legs
#: radical for ル, 丿 for ノ, 乚 for レ): 彐ーグルト is ヨーグルト, ホテ儿 ホテル.
KATAKANA_LOOKALIKES = (
    {kanji: kana for kana, kanji in KANJI_LOOKALIKES.items()}
    | {
        "彐": "ヨ",
        "儿": "ル",
        "丿": "ノ",
        "乚": "レ",
    }
    | {jamo: kana for kana, drawn in _HANGUL_ALIKE.items() for jamo in drawn}
)
_KATAKANA_WORD_LETTER = re.compile(r"[ァ-ヴヷ-ヺー]")  # katakana letters and ー, not the counters ヵ ヶ


#: A run of look-alike kanji and katakana letters: a candidate katakana word drawn (partly) in kanji (二一卜, 力口リー).
_RUN = re.compile(f"[{''.join(KATAKANA_LOOKALIKES)}ァ-ヴヷ-ヺー]{{2,}}")


def _one_word(text: str) -> bool:
    """Whether the analyser reads ``text`` as one dictionary word (not a symbol, not a number)."""
    found = morph.analyze(text)
    return len(found) == 1 and found[0].pos1 not in ("補助記号", "記号") and found[0].pos2 != "数詞"


def _with_neighbour(before: str, word: str, kana: str, after: str) -> bool:
    """Whether a run of look-alikes beside a kanji reads, with that kanji, as one dictionary word in katakana that
    is none as written (大卜口 is 大トロ; 加工口 stays: 加エロ is no word)."""
    pairs = [(before + kana, before + word)] if _is_kanji(before or " ") else []
    pairs += [(kana + after, word + after)] if _is_kanji(after or " ") else []
    return any(_one_word(read) and not _one_word(written) for read, written in pairs)


def _katakana_runs(text: str) -> str:
    """Runs drawn with look-alike kanji read as the katakana word a reader sees: the run, put in katakana, is one
    dictionary word and, as written, is none (二一卜 is ニート, 力口リー is カロリー, 工口 is エロ; 一口, 一夕 and 人口
    stay kanji words). A run of look-alikes alone beside a kanji is part of a kanji compound (加工口) and stays (one
    with a katakana letter in it, 力口リー控えめ, does not); a run of numerals alone (八一, 二一) is read as the number
    it is written as."""
    chars = list(text)
    for run in _RUN.finditer(text):
        word, start, end = run.group(), run.start(), run.end()
        if not any(ch in KATAKANA_LOOKALIKES for ch in word) or all(ch in _NUMERALS.values() for ch in word):
            continue
        alone = all(ch in KATAKANA_LOOKALIKES for ch in word)
        kana = "".join(KATAKANA_LOOKALIKES.get(ch, ch) for ch in word)
        before, after = text[start - 1 : start], text[end : end + 1]
        if alone and (_is_kanji(before or " ") or _is_kanji(after or " ")):
            if _with_neighbour(before, word, kana, after):  # 大卜口 is 大トロ (round 8)
                chars[start:end] = kana
            continue
        if kana[0] != "ー" and _one_word(kana) and not _one_word(word):
            chars[start:end] = kana
    return "".join(chars)


@lru_cache(maxsize=2048)
def as_katakana(text: str) -> str:
    """``text`` with each kanji drawn like a katakana letter read as that letter where it stands in a katakana word:
    a run of look-alikes that reads as one katakana word (``_katakana_runs``: 二一卜 is ニート), or a katakana
    letter beside it and no kanji (口ボット is ロボット, 力メラ is カメラ, ス一パー is スーパー); a numeral
    (一 二 八) only after a katakana letter, so 二ページ, 一クラス and 一ヶ月 keep their numbers."""
    text = _katakana_runs(text)
    chars = list(text)
    for i, ch in enumerate(text):
        if ch not in KATAKANA_LOOKALIKES:
            continue
        before, after = text[i - 1 : i], text[i + 1 : i + 2]
        beside = [c for c in (before, after) if c]
        numeral = ch in _NUMERALS.values()  # 二ページ, 一クラス: a numeral before a katakana word is a number
        if (
            _KATAKANA_WORD_LETTER.match(before or " ") or (not numeral and _KATAKANA_WORD_LETTER.match(after or " "))
        ) and not any(_is_kanji(c) or c in "ヵヶ" for c in beside):
            chars[i] = KATAKANA_LOOKALIKES[ch]
    return "".join(chars)


_HIRAGANA_ONE = re.compile(r"[ぁ-ゖ]+一[ぁ-ゖ一]*")


@lru_cache(maxsize=2048)
def long_marks(text: str) -> str:
    """``text`` with each 一 drawn for the long-vowel mark in a loanword spelled in hiragana read as ー (round 27:
    ら一めん is らーめん): after a hiragana letter, where the hiragana run with ー for it is, in katakana, a loanword
    to the analyser (ラーメン-Rahmen). だい一 (第一) is no loanword and keeps its numeral."""
    if "一" not in text:
        return text
    chars = list(text)
    for run in _HIRAGANA_ONE.finditer(text):
        spelled = morph.to_katakana(run.group().replace("一", "ー"))
        for a, b, m in morph.spans(spelled):
            if "ー" in m.surface and re.search(r"-[A-Za-z]", m.lemma):
                for i in range(a, b):
                    if text[run.start() + i] == "一":
                        chars[run.start() + i] = "ー"
    return "".join(chars)


def as_letters(text: str) -> str:
    """``text`` with look-alikes read both ways by their place: kanji drawn like katakana in a katakana word first
    (``as_katakana``: 二一卜 is ニート; 一 for ー in a hiragana loanword, ``long_marks``), then katakana drawn like
    kanji in a kanji word (``as_read``: 協カ is 協力). What the script checkers read."""
    return as_read(long_marks(as_katakana(text)))


__all__ = [
    "KANA_TWINS",
    "KANJI_LOOKALIKES",
    "KATAKANA_LOOKALIKES",
    "as_katakana",
    "as_letters",
    "as_read",
    "long_marks",
]
