"""Romaji read as kana: a whole Latin token in Hepburn, kunrei-shiki or wāpuro romanisation, as katakana.

``to_kana("sumaho") == "スマホ"``, ``to_kana("benkyō") == "ベンキョウ"``, ``to_kana("hijouni") == "ヒジョウニ"``. A
token that does not read as romaji to its last letter (``moment``, ``street``: consonants left over) is ``None``. Long
vowels with a macron or circumflex are written out (ō → ou, ē → ei, ā → aa); ``fold_long`` reads a long vowel and the
same vowel written short alike (benkyo, benkyou and benkyō are one word to a reader of romaji).
"""

from __future__ import annotations

import re

_VOWELS = "aiueo"
#: The kana table by consonant (the v row is digraphs, read through _SPECIAL); transcribed reads it too.
KANA_ROWS = {
    "": "アイウエオ",
    "k": "カキクケコ",
    "g": "ガギグゲゴ",
    "s": "サシスセソ",
    "z": "ザジズゼゾ",
    "t": "タチツテト",
    "d": "ダヂヅデド",
    "n": "ナニヌネノ",
    "h": "ハヒフヘホ",
    "b": "バビブベボ",
    "p": "パピプペポ",
    "m": "マミムメモ",
    "y": "ヤ\0ユ\0ヨ",
    "r": "ラリルレロ",
    "w": "ワヰ\0ヱヲ",
    "v": "ヴァヴィヴヴェヴォ",
}
#: Syllables whose spelling is not consonant + vowel (Hepburn and wāpuro), longest first when read.
_SPECIAL = {
    "shi": "シ",
    "chi": "チ",
    "tsu": "ツ",
    "fu": "フ",
    "ji": "ジ",
    "si": "シ",
    "ti": "チ",
    "tu": "ツ",
    "hu": "フ",
    "zi": "ジ",
    "di": "ヂ",
    "du": "ヅ",
    "wo": "ヲ",
    "fa": "ファ",
    "fi": "フィ",
    "fe": "フェ",
    "fo": "フォ",
    "ja": "ジャ",
    "ju": "ジュ",
    "jo": "ジョ",
    "je": "ジェ",
    "she": "シェ",
    "che": "チェ",
    "ye": "イェ",
    "va": "ヴァ",
    "vi": "ヴィ",
    "vu": "ヴ",
    "ve": "ヴェ",
    "vo": "ヴォ",
    "thi": "ティ",
    "dhi": "ディ",
}
_SMALL = {"a": "ャ", "u": "ュ", "o": "ョ"}
#: Two-letter y-sounds (kya, sha, cha, …): the consonant part and the kana of its i-column.
_PALATAL = {
    "ky": "キ",
    "gy": "ギ",
    "sy": "シ",
    "sh": "シ",
    "zy": "ジ",
    "jy": "ジ",
    "ty": "チ",
    "ch": "チ",
    "cy": "チ",
    "dy": "ヂ",
    "ny": "ニ",
    "hy": "ヒ",
    "by": "ビ",
    "py": "ピ",
    "my": "ミ",
    "ry": "リ",
}
_LONG_MARKS = str.maketrans(
    {"ā": "aa", "ī": "ii", "ū": "uu", "ē": "ei", "ō": "ou", "â": "aa", "î": "ii", "û": "uu", "ê": "ei", "ô": "ou"}
)
#: A whole romaji token: Latin letters (macron and circumflex vowels included) and the apostrophe of n'.
TOKEN = re.compile(
    r"(?<![A-Za-z0-9āīūēōâîûêô'])[A-Za-zāīūēōâîûêôĀĪŪĒŌÂÎÛÊÔ][A-Za-zāīūēōâîûêô']*(?![A-Za-z0-9āīūēōâîûêô])"
)


def _syllable(token: str, i: int) -> tuple[str, int] | None:
    """The kana of the syllable starting at ``i`` and its length in letters, or None."""
    for size in (3, 2):
        piece = token[i : i + size]
        if piece in _SPECIAL:
            return _SPECIAL[piece], size
    head, vowel = token[i : i + 2], token[i + 2 : i + 3]
    if head in _PALATAL and vowel in _SMALL:
        return _PALATAL[head] + _SMALL[vowel], 3
    ch = token[i]
    if ch in _VOWELS:
        return KANA_ROWS[""][_VOWELS.index(ch)], 1
    nxt = token[i + 1 : i + 2]
    if ch in KANA_ROWS and nxt in _VOWELS and nxt:
        kana = KANA_ROWS[ch][_VOWELS.index(nxt)] if ch != "v" else _SPECIAL["v" + nxt]
        return (kana, 2) if kana != "\0" else None
    return None


def to_kana(token: str) -> str | None:
    """``token`` (one romaji word) in katakana, or None when it does not read as romaji to its last letter."""
    token = token.lower().translate(_LONG_MARKS)
    out, i = [], 0
    while i < len(token):
        ch, nxt = token[i], token[i + 1 : i + 2]
        if ch == "n" and (not nxt or nxt not in _VOWELS + "y"):  # ん: n', wāpuro nn, n before a consonant or at the end
            after = token[i + 2 : i + 3]
            out.append("ン")
            i += 2 if nxt == "'" or (nxt == "n" and (not after or after not in _VOWELS + "y")) else 1
            continue
        if ch == "m" and nxt in ("b", "p", "m"):  # Hepburn shimbun, sampo
            out.append("ン")
            i += 1
            continue
        if ch == nxt and ch not in _VOWELS + "n" or (ch == "t" and nxt == "c"):  # gakkou, matcha: っ
            out.append("ッ")
            i += 1
            continue
        syllable = _syllable(token, i)
        if syllable is None:
            return None
        out.append(syllable[0])
        i += syllable[1]
    return "".join(out) or None


#: Vowel column of each katakana (for long vowels): ア column, イ column, …
_COLUMNS = {
    v: "".join(row[k] for row in KANA_ROWS.values() if row[k] != "\0") + extra
    for k, (v, extra) in enumerate(zip(_VOWELS, ("ャァヮ", "ィ", "ュゥ", "ェ", "ョォ")))
}


def vowel(kana: str) -> str:
    """The vowel a katakana letter ends in (``a``, ``i``, ``u``, ``e``, ``o``), or empty."""
    return next((v for v, column in _COLUMNS.items() if kana in column), "")


def fold_long(kana: str) -> str:
    """Katakana with long vowels written short: ー, a repeated vowel, and ou / ei (コウコウ → ココ,
    センセイ → センセ)."""
    out: list[str] = []
    for ch in kana:
        before = vowel(out[-1]) if out else ""
        if ch == "ー" and out:
            continue
        if before and (
            (ch in "アイウエオ" and vowel(ch) == before)
            or (ch == "ウ" and before == "o")
            or (ch == "イ" and before == "e")
        ):
            continue
        out.append(ch)
    return "".join(out)


#: Katakana that do not start a mora of their own (small kana): a mora count skips them.
_NOT_A_MORA = "ャュョァィゥェォヮ"


def morae(kana: str) -> int:
    """Morae of a katakana word (small kana belong to the letter before them; ン, ッ and ー count)."""
    return sum(ch not in _NOT_A_MORA for ch in kana)


__all__ = ["TOKEN", "fold_long", "morae", "to_kana", "vowel"]
