"""ペルソナ・言語指定 checkers: response language, scripts (hiragana/katakana only, no kanji, …), kanji
counts, 漢数字 and ふりがな."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from lctg_metrics.instructions import forms
from lctg_metrics.instructions.lookalike import as_letters
from lctg_metrics.instructions.registry import MAX, MIN, Param, bounds, instruction
from lctg_metrics.instructions.text import is_hiragana, is_kanji, is_katakana, is_letter
from lctg_metrics.verdict import Verdict

LANGDETECT_HINT = "response-language detection needs langdetect: pip install 'lctg[ja]'"
#: Furigana: a run of kanji followed by its reading in hiragana in full- or half-width parentheses.
_KANJI_RUN = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff々〆〇ヶ]+")
_READINGS = {"full": re.compile(r"（[ぁ-ゖー・\s]+）"), "any": re.compile(r"[（(][ぁ-ゖー・\s]+[）)]")}


@functools.lru_cache(maxsize=1)
def _detector() -> Callable[[str], str]:
    try:
        import langdetect  # noqa: PLC0415 - optional extra
    except ImportError as error:
        raise ImportError(f"{LANGDETECT_HINT} ({error})") from None
    langdetect.DetectorFactory.seed = 0  # deterministic: langdetect samples at random otherwise
    return langdetect.detect


def _letters(text: str) -> list[str]:
    return [ch for ch in text if is_letter(ch)]


@instruction(
    "script:language",
    "ペルソナ・言語指定",
    "the response is written in a language (ISO 639-1 code)",
    Param("language", "str", "ISO 639-1 code, e.g. fr", required=True),
)
def language(response: str, kw: Mapping[str, Any]) -> Verdict:
    want = kw["language"]
    letters = _letters(response)
    if not letters:
        return Verdict(False, "no letters to identify a language")
    detect = _detector()  # a missing extra is its install hint, never a failed answer
    try:
        got = detect(response)
    except Exception as error:  # langdetect raises its own exception type on featureless text
        return Verdict(False, f"language not detectable ({type(error).__name__})")
    return Verdict(got == want, f"detected {got}" + ("" if got == want else f", expected {want}"))


def _only(response: str, allowed: Callable[[str], bool], name: str) -> Verdict:
    response = as_letters(response)
    bad = [ch for ch in response if is_letter(ch) and not allowed(ch)]
    if bad:
        return Verdict(False, f"{len(bad)} letters other than {name}, e.g. 「{''.join(dict.fromkeys(bad))[:8]}」")
    if not any(allowed(ch) for ch in response):
        return Verdict(False, f"no {name} at all")
    return Verdict(True, f"only {name} letters (punctuation and digits ignored)")


def _none(response: str, forbidden: Callable[[str], bool], name: str) -> Verdict:
    response = as_letters(response)
    bad = [ch for ch in response if forbidden(ch)]
    if bad:
        return Verdict(False, f"{len(bad)} {name}, e.g. 「{''.join(dict.fromkeys(bad))[:8]}」")
    return Verdict(True, f"no {name}")


@instruction(
    "script:hiragana_only",
    "ペルソナ・言語指定",
    "every letter is hiragana (ー ｰ, ゝ, ゔ, ゟ included); digits are numbers, not letters of a script, and are "
    "allowed (漢数字 are kanji and are not); a katakana letter drawn like a kanji inside a kanji word (協カ) "
    "is that kanji",
    needs_morph=True,
)
def hiragana_only(response: str, kw: Mapping[str, Any]) -> Verdict:
    return _only(response, is_hiragana, "hiragana")


@instruction(
    "script:katakana_only",
    "ペルソナ・言語指定",
    "every letter is katakana (ー, ・, ヴ, ヶ, half-width included); digits are allowed; a katakana letter drawn "
    "like a kanji inside a kanji word (協カ) is that kanji",
    needs_morph=True,
)
def katakana_only(response: str, kw: Mapping[str, Any]) -> Verdict:
    return _only(response, is_katakana, "katakana")


@instruction(
    "script:no_hiragana",
    "ペルソナ・言語指定",
    "no hiragana (へ べ ぺ among katakana are read as katakana)",
    needs_morph=True,
)
def no_hiragana(response: str, kw: Mapping[str, Any]) -> Verdict:
    return _none(response, lambda ch: "ぁ" <= ch <= "ゖ" or ch in "ゝゞ", "hiragana")


#: Katakana-block characters that are no katakana to a reader: the long-vowel mark and middle dot, full- or half-width
#: (used with every script), and ヶ ヵ, abbreviations of 箇 read か/が/こ in counters and names (3ヶ月, 霞ヶ関).
NOT_KATAKANA = "ー・ｰ･ヶヵ"


@instruction(
    "script:no_katakana",
    "ペルソナ・言語指定",
    "no katakana (ー ｰ, ・ ･ and the counter ヶ/ヵ as in 3ヶ月 are not "
    "katakana; a katakana letter drawn like a kanji inside a kanji word, 協カ, is that kanji, and kanji drawn "
    "like katakana letters in a katakana word, 口ボット or 二一卜, are katakana)",
    needs_morph=True,
)
def no_katakana(response: str, kw: Mapping[str, Any]) -> Verdict:
    return _none(response, lambda ch: is_katakana(ch) and ch not in NOT_KATAKANA, "katakana")


@instruction(
    "script:no_kanji",
    "ペルソナ・言語指定",
    "no kanji (a katakana letter drawn like a kanji inside a kanji word, 協カ or 人ロ, is that kanji)",
    needs_morph=True,
)
def no_kanji(response: str, kw: Mapping[str, Any]) -> Verdict:
    return _none(response, is_kanji, "kanji")


@instruction(
    "script:kanji_count",
    "ペルソナ・言語指定",
    "number of kanji characters (々 included) within [min, max]; a "
    "katakana letter drawn like a kanji inside a kanji word (協カ, 人ロ, 第ニ回) counts as that kanji",
    MIN,
    MAX,
    needs_morph=True,
)
def kanji_count(response: str, kw: Mapping[str, Any]) -> Verdict:
    return bounds(sum(map(is_kanji, as_letters(response))), kw["min"], kw["max"], "kanji")


def _arabic_numeral(ch: str) -> bool:
    """A digit in any script (0-9, ０-９, ٣ …), a sign drawn with digits (㋉ for 10月, ½, a keycap 🔟), a
    circled/parenthesised number (①, ⑴, ⒈) or a letter-like numeral (Roman Ⅲ ⅳ); not kansuuji (〇 and the kanji
    numerals)."""
    if ch.isdigit() or any(c.isdigit() for c in unicodedata.normalize("NFKC", ch)):  # ㋉ is 10月, ㏠ 1日, ½ 1⁄2
        return True
    category = unicodedata.category(ch)
    if category == "So" and unicodedata.name(ch, "").startswith("KEYCAP "):  # 🔟 (KEYCAP TEN)
        return True
    if category == "Nl":
        return ch != "〇" and not is_kanji(ch)
    return category == "No" and "NUMBER" in unicodedata.name(ch, "") and not is_kanji(ch)


#: A Roman numeral spelled in Latin letters, one case throughout (XII, iv), standing apart from other Latin letters
#: and digits, and well formed (IIII, VX and initials such as DVD are none).
_LATIN_ROMAN = re.compile(r"(?<![A-Za-z0-9])(?:[IVXLCDM]+|[ivxlcdm]+)(?![A-Za-z0-9])")
_WELL_FORMED_ROMAN = re.compile(r"M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
#: What follows a number and nothing else: counters of parts, ranks, types and reigns (第XII章, IV期, II型, ルイXIV世).
#: 世 is a reign only when no word goes on from it (X世代, 世界 are words).
_ROMAN_COUNTER = re.compile(
    r"[ \u3000]?(?:世紀|楽章|段階|[章部巻編期幕話条項節相型度級類種号位次]|世(?![代界間帯論話辞]))"
)


def _latin_roman(text: str) -> list[str]:
    """Roman numerals spelled in Latin letters (or letters drawn as them: ``forms.standard``) where a number stands
    (round 22): after 第 (第XII章, 第V部), or, two letters or more, before a counter (IV期, ルイXIV世, XXI世紀). A lone
    letter before a counter is a type or a size (X線, C型肝炎, Lサイズ) and initials elsewhere are initials (MC, CD, IV
    for a drip)."""
    found = []
    for m in _LATIN_ROMAN.finditer(forms.standard(text)):
        if not _WELL_FORMED_ROMAN.fullmatch(m.group().upper()):
            continue
        after_dai = text[: m.start()].rstrip(" \u3000").endswith("第")
        if after_dai or (len(m.group()) > 1 and _ROMAN_COUNTER.match(text, m.end())):
            found.append(text[m.start() : m.end()])
    markers = [m.group(1) for m in _ROMAN_MARKER.finditer(text) if _WELL_FORMED_ROMAN.fullmatch(m.group(1).upper())]
    return found + (markers if len(markers) >= 2 else [])  # i. ii. iii. numbering a list (round 27)


#: A Roman numeral numbering a line: at its start, with a dot or bracket after it and text after that (i. 着替え).
_ROMAN_MARKER = re.compile(r"^[ \t\u3000]*[(（]?([IVXivx]+)[.)．）][ \t\u3000]*\S", re.MULTILINE)


#: Latin letters drawn as the digits 1 and 0 (l, I, O, o), two or more, both drawn, standing apart as a number before
#: a counter (lO人 is 10人, IOO円 100円: round 23; IO時 10時, lO倍 10倍: round 38, 時 not before 代 or 計); OL, IoT and
#: lot hold a letter drawn as no digit.
_LETTER_DIGITS = re.compile(
    r"(?<![A-Za-z0-9])(?=[lIOo]*[lI])(?=[lIOo]*[Oo])[lIOo]{2,}"
    r"(?=[人個円回年月日歳本枚件分秒階台匹冊名点度号位倍週杯軒番章巻頭羽周]|時(?![代計]))"
)


@instruction(
    "script:kansuuji",
    "ペルソナ・言語指定",
    "numbers only in 漢数字: no digits (ASCII or full-width ０-９), no ① ⑴ style and no Roman numbers (Ⅲ, or XII "
    "in Latin letters after 第 or before a counter: 第XII章, IV期)",
    needs_morph=True,
)
def kansuuji(response: str, kw: Mapping[str, Any]) -> Verdict:
    roman = _latin_roman(as_letters(response)) + _LETTER_DIGITS.findall(as_letters(response))
    if roman:
        return Verdict(False, f"{len(roman)} numbers in Latin letters, e.g. 「{roman[0]}」")
    return _none(response, _arabic_numeral, "non-kanji numerals")


@instruction(
    "script:furigana",
    "ペルソナ・言語指定",
    "every run of kanji (々 〆 〇 ヶ included) is followed by a hiragana reading in （） (or () too) with at least one "
    "kana per kanji; whether the reading is the right one is not checked; a katakana letter drawn like a kanji "
    "inside a kanji word (協カ) is that kanji",
    Param("brackets", "str", "full: full-width （） only; any: （） or ()", default="full"),
    needs_morph=True,
)
def furigana(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["brackets"] not in _READINGS:
        raise ValueError(f"script:furigana: brackets must be one of {', '.join(_READINGS)}, got {kw['brackets']!r}")
    reading = _READINGS[kw["brackets"]]
    response = as_letters(response)
    runs = list(_KANJI_RUN.finditer(response))
    if not runs:
        return Verdict(True, "no kanji")
    bare = [m.group() for m in runs if not reading.match(response, m.end())]
    if bare:
        return Verdict(False, f"{len(bare)}/{len(runs)} kanji runs without （reading）, e.g. 「{bare[0]}」")
    short = [
        f"{m.group()}{r.group()}"
        for m in runs
        if (r := reading.match(response, m.end())) and sum("ぁ" <= ch <= "ゖ" for ch in r.group()) < len(m.group())
    ]
    if short:
        return Verdict(
            False, f"{len(short)} readings shorter than their kanji (one kana per kanji at least), e.g. 「{short[0]}」"
        )
    return Verdict(True, f"all {len(runs)} kanji runs have a （reading）")
