"""Quantities said again in another notation (checkers 2.8, round 19), which a reader does not count toward a
minimum length: a sentence whose quantities were all given before, written another way (三千七百七十六メートル,
さんぜんななひゃくななじゅうろくメートル, 3,776m, 約3.8km after 3776メートル), and whose other words are only words
the text has said (富士山の高さ after 富士山の標高: 高さ shares its kanji with 標高), a pronoun (それ) or the copula,
tells the reader nothing new.

One quantity is a value and a unit family: kanji numerals, kana readings and digits with or without grouping commas
are one number; a metric prefix (km, cm, キロ) scales the same unit, and a rounded value (3.8km, 約4000m) is the same
quantity within half its last shown place. A value in another system (約12,388フィート after 3776メートル: the
answer converts, as a prompt may ask) is another unit and counts, and so does any sentence that adds a word of its
own (フィートに直すと…, 2位の北岳は3193メートルです)."""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from lctg_metrics.instructions import morph


class Quantity(NamedTuple):
    value: float
    unit: str  # the unit family ("" for a bare number)
    margin: float  # half the last place shown, in the family's base unit
    written: str  # the number and its unit as written (NFKC)


#: Units by family and scale (base unit first); the longest spelling is tried first.
_UNITS = {
    "キロメートル": (1000.0, "m"), "km": (1000.0, "m"), "キロ": (1000.0, "m"), "メートル": (1.0, "m"), "m": (1.0, "m"),
    "センチメートル": (0.01, "m"), "センチ": (0.01, "m"), "cm": (0.01, "m"), "ミリメートル": (0.001, "m"),
    "mm": (0.001, "m"), "キログラム": (1000.0, "g"), "kg": (1000.0, "g"), "グラム": (1.0, "g"), "g": (1.0, "g"),
    "トン": (1e6, "g"), "t": (1e6, "g"), "リットル": (1.0, "l"), "l": (1.0, "l"), "ミリリットル": (0.001, "l"),
    "ml": (0.001, "l"), "億円": (1e8, "円"), "万円": (1e4, "円"), "円": (1.0, "円"), "万人": (1e4, "人"),
    "人": (1.0, "人"),
}  # fmt: skip
_UNIT = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))
_OTHER_UNIT = r"[ァ-ヺ][ァ-ヺー]+|[\u4e00-\u9fff]"
#: Kana readings of numerals: digits, then the multipliers and the myriads (with their sound changes).
_KANA_DIGITS = {
    "いち": 1, "いっ": 1, "に": 2, "さん": 3, "よん": 4, "よ": 4, "し": 4, "ご": 5, "ろく": 6, "ろっ": 6, "なな": 7,
    "しち": 7, "はち": 8, "はっ": 8, "きゅう": 9, "く": 9,
}  # fmt: skip
_KANA_TENS = {
    "じゅう": 10, "じゅっ": 10, "じっ": 10, "ひゃく": 100, "びゃく": 100, "ぴゃく": 100, "せん": 1000, "ぜん": 1000,
}  # fmt: skip
_KANA_MYRIADS = {"まん": 10**4, "おく": 10**8}
_KANA_TOKEN = "|".join(sorted({**_KANA_DIGITS, **_KANA_TENS, **_KANA_MYRIADS}, key=len, reverse=True))
_KANJI_VALUES = {**dict(zip("〇一二三四五六七八九", range(10))), "零": 0}
_KANJI_TENS = {"十": 10, "百": 100, "千": 1000}
_KANJI_MYRIADS = {"万": 10**4, "億": 10**8}
_NUMBER = re.compile(
    r"(?P<mixed>[0-9]+[億万千百十](?:[0-9]+[億万千百十]|(?<=[千百十])[億万])*[0-9]*)|"
    rf"(?P<digits>[0-9]{{1,3}}(?:,[0-9]{{3}})+(?:\.[0-9]+)?|[0-9]+(?:\.[0-9]+)?)"
    r"|(?P<kanji_decimal>[〇一二三四五六七八九十百千]+)(?:・|点)(?P<decimals>[〇一二三四五六七八九]+)"
    rf"|(?P<kanji>[〇零一二三四五六七八九十百千万億]{{2,}})|(?P<kana>(?:{_KANA_TOKEN}){{2,}})"
)
_ABOUT = re.compile(r"(?:約|およそ|おおよそ|ほぼ)$")
_AFTER_ABOUT = re.compile(r"^(?:ほど|くらい|ぐらい|程度|前後|強|弱)")
#: Calendar and clock notations (round 21): an era year is its Western year (令和8年 is 2026年), 西暦 names the
#: Western count, 午後 adds twelve hours (午後3時 is 15時), and a clock time on the hour (15:00) is that hour.
_ERAS = {"令和": 2018, "平成": 1988, "昭和": 1925, "大正": 1911, "明治": 1867}
_LEAD = re.compile(r"(?:西暦|令和|平成|昭和|大正|明治|午前|午後)$")
_CLOCK = re.compile(r"(?<![0-9:])([0-9]{1,2}):00(?![0-9:])")


def _spoken_value(tokens: list[str], digits: dict[str, int], tens: dict[str, int], myriads: dict[str, int]) -> int:
    total = section = 0
    current: int | None = None
    for token in tokens:
        if token in digits:
            current = digits[token]
        elif token in tens:
            section += (current or 1) * tens[token]
            current = None
        else:
            total += (section + (current or 0) or 1) * myriads[token]
            section, current = 0, None
    return total + section + (current or 0)


def _kana_value(run: str) -> int | None:
    tokens = re.findall(_KANA_TOKEN, run)
    if "".join(tokens) != run or not any(t in _KANA_TENS or t in _KANA_MYRIADS for t in tokens):
        return None  # a number said in kana names a ten, a hundred or more (に, し, ご alone are particles)
    return _spoken_value(tokens, _KANA_DIGITS, _KANA_TENS, _KANA_MYRIADS)


def _kanji_value(run: str) -> int:
    if all(ch in _KANJI_VALUES for ch in run):  # 三七七六 read digit by digit
        return int("".join(str(_KANJI_VALUES[ch]) for ch in run))
    return _spoken_value(list(run), _KANJI_VALUES, _KANJI_TENS, _KANJI_MYRIADS)


def _mixed_value(run: str) -> int:
    total = section = 0
    for digits, mark in re.findall(r"([0-9]*)([億万千百十]?)", run):
        number = int(digits or 0)
        if mark in _KANJI_TENS:
            section += number * _KANJI_TENS[mark]
        elif mark:
            total, section = total + (section + number) * _KANJI_MYRIADS[mark], 0
        else:
            section += number
    return total + section


def _hiragana(text: str) -> str:
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text)


def quantities(sentence: str) -> list[tuple[Quantity, int, int]]:
    """The quantities of a sentence with the span each takes (約 before it and its unit included)."""
    text = _hiragana(unicodedata.normalize("NFKC", sentence))
    unit_text = unicodedata.normalize("NFKC", sentence)  # units in katakana stay as written
    found = [(Quantity(float(c[1]), "時", 0.5, c.group()), c.start(), c.end()) for c in _CLOCK.finditer(text)]
    for m in _NUMBER.finditer(text):
        if re.match(r"[:/\-]", text[m.end() : m.end() + 1]) or re.search(r"[:/\-]$", text[: m.start()]):
            continue  # a time, a date or a range (7:35, 3/14) is no amount
        if m["digits"] and re.match(r"0[0-9]", m["digits"]):
            continue  # a leading zero (01, 007) writes a code or a label, no amount
        if m["mixed"]:  # 1億2400万, 36万7千, 2千万: digits with the myriads and multipliers in kanji
            value, place = float(_mixed_value(m["mixed"])), 1.0
        elif m["digits"]:
            raw = m["digits"].replace(",", "")
            value = float(raw)
            places = len(raw.partition(".")[2])
            place = 10.0**-places if places else 10.0 ** (len(raw) - len(raw.rstrip("0")) if value else 0)
        elif m["kanji_decimal"]:  # 三・八, 三点八
            decimals = "".join(str(_KANJI_VALUES[ch]) for ch in m["decimals"])
            value, place = _kanji_value(m["kanji_decimal"]) + float("0." + decimals), 10.0 ** -len(decimals)
        elif m["kanji"]:
            value, place = float(_kanji_value(m["kanji"])), 1.0
        else:
            kana = _kana_value(m["kana"])
            if kana is None:
                continue
            value, place = float(kana), 1.0
        end = m.end()
        unit = re.match(rf"\s?(?:(?P<known>{_UNIT})|(?P<other>{_OTHER_UNIT}))", unit_text[end:], re.IGNORECASE)
        scale, family = 1.0, ""
        if unit and unit["known"]:
            scale, family = _UNITS.get(unit["known"], _UNITS.get(unit["known"].lower(), (1.0, "")))
            end += unit.end()
        elif unit and unit["other"] and not re.match(r"[ぁ-ゖ]", unit["other"]):
            family = unit["other"].lower()
            end += unit.end()
        written = unit_text[m.start() : end].replace(" ", "")
        start = m.start() - (len(about[0]) if (about := _ABOUT.search(text[: m.start()])) else 0)
        if lead := _LEAD.search(text[:start]):
            value += _ERAS.get(lead[0], 0) if family == "年" else 12 if lead[0] == "午後" and value < 12 else 0
            start -= len(lead[0])  # 令和8年 is 2026年, 午後3時 is 15時 (round 21)
        end += len(after[0]) if (after := _AFTER_ABOUT.match(text[end:])) else 0
        found.append((Quantity(value * scale, family, place * scale / 2, written), start, end))
    return sorted(found, key=lambda q: q[1])


def _same(a: Quantity, b: Quantity) -> bool:
    if a.unit != b.unit:  # 3776 alone is no height in metres
        return False
    return a.value > 0 and abs(a.value - b.value) <= max(a.margin, b.margin) + 1e-9


#: Words a restatement may hold without saying anything: the light verbs and the copula's forms.
_LIGHT = frozenset("有る 成る 為る 居る 御座る 事 物 所 程 位 約".split())
_KANJI = re.compile(r"[\u3400-\u9fff々]")


def restated_quantity(sentence: str, before: list[str]) -> bool:
    """Whether ``sentence`` only gives again quantities of the sentences ``before`` it (see the module docstring), one
    of them at least in another notation (a quantity said again as written is a repeat: ``seen`` and the wording
    rule of ``filler`` read it)."""
    own = quantities(sentence)
    said = [q for s in before for q, _, _ in quantities(s)]
    if not own or not said or not all(any(_same(q, old) for old in said) for q, _, _ in own):
        return False
    if all(q.written in {old.written for old in said} for q, _, _ in own):
        return False  # the same notation again: a repeat, read by the rules for repeats and wordings
    text = unicodedata.normalize("NFKC", sentence)
    rest, at = [], 0
    for _, start, end in own:
        rest.append(text[at:start])
        at = end
    rest.append(text[at:])
    earlier = unicodedata.normalize("NFKC", "".join(before))
    lemmas = {m.lemma for s in before for m in morph.analyze(s)}
    for m in morph.analyze(" ".join(rest)):
        if m.pos1 not in ("名詞", "動詞", "形容詞", "形状詞") or m.pos2 == "数詞" or m.lemma.split("-")[0] in _LIGHT:
            continue
        if m.surface in earlier or m.lemma in lemmas or set(_KANJI.findall(m.surface)) & set(earlier):
            continue
        return False  # a word of its own: the sentence says something more
    return True


__all__ = ["Quantity", "quantities", "restated_quantity"]
