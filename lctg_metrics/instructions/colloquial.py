"""Colloquial sound changes read back to the word (round 14): a forbidden or required word written as it is said
casually is that word to a reader. The changes are regular, so they are written as rules read backwards, not as a list
of slang: each kana span of the response is turned back into the standard forms it may come from, and a form counts
only when it is the word's reading and the response with the word put in its place reads the word there as its own
morphemes (``variants.reads_as``). The rules, read backwards:

- **a clipped adjective** — the final い dropped and a small っ written (さむっ, いたっ, すごっ), or the stem's last
  vowel drawn out instead (さむー, すごー, さむぅ): ``Xっ`` and ``Xー`` from ``Xい``;
- **ai, oi, ui said ee** — the last two vowels merged into a long e (いてぇ, すげー, うるせえ, しらねえ): an e-row mora
  lengthened by え, ぇ or ー from the a-, o- or u-row mora and い;
- **ui said ii** — (さみー, さみい): an i-row mora lengthened from the u-row mora and い;
- **ai said ee inside a word** (ごぜえます for ございます);
- **inserted gemination or length** inside the word (いってぇ, すっげー): っ and ー taken out;
- **mi said i or n before an m-row mora** (すいません, すんません): み put back;
- **です and ます said っす** (いいっす, そうっす): ``Xっす`` from ``Xです`` and ``Xます``;
- **an r-row mora said ん** before the next mora and **a long o's う dropped** at the end (あんがと for ありがとう,
  わかんない for わからない; round 15);
- **くさい clipped** (めんどい for めんどくさい; round 21): ``Xい`` from ``Xくさい`` after a stem of three morae or
  more (あおい stays 青い, not 青くさい);
- **a set phrase clipped** to two or three of its morae and っす (あざっす, おつっす for ありがとうございます and
  おつかれさまです): a polite phrase of six morae or more ending in ます or です, whose first mora the clipped form
  keeps and whose other morae it keeps in order.

A word with a kanji stem is also met by the stem with its kana ending said so (寒っ, 知らねえ, 痛ってぇ). A kana
span the analyser reads alone or in the text as one other word (もっと is no もと, with its っ taken out) is no
occurrence, and the word must read whole there when put back.
"""

from __future__ import annotations

import functools
import re

from lctg_metrics.instructions import morph, variants

_ROWS = (
    "アイウエオ",
    "カキクケコ",
    "ガギグゲゴ",
    "サシスセソ",
    "ザジズゼゾ",
    "タチツテト",
    "ダヂヅデド",
    "ナニヌネノ",
    "ハヒフヘホ",
    "バビブベボ",
    "パピプペポ",
    "マミムメモ",
    "ラリルレロ",
)
#: Each mora's row and vowel index (0 a, 1 i, 2 u, 3 e, 4 o).
_PLACE = {kana: (row, vowel) for row in _ROWS for vowel, kana in enumerate(row)}
_KANA_RUN = re.compile(r"[ぁ-ゖァ-ヺー〜～]+")
#: Letters that lengthen an e or i merged from two vowels.
_LONG_E, _LONG_I = "エェー〜～", "イィー〜～"
#: Most letters a colloquial form adds to the word's reading (さむっ is one shorter, いってぇ one longer).
_SLACK = 4


def _shift(mora: str, vowel: int) -> str:
    row, _ = _PLACE.get(mora, ("", 0))
    return row[vowel] if row else ""


def _endings(kana: str) -> set[str]:
    """The standard endings ``kana`` may be said for (see the module docstring), ``kana`` itself among them."""
    out = {kana}
    clipped = kana.rstrip("ッ")
    if clipped != kana and clipped:
        out.add(clipped + "イ")  # さむっ
    drawn = re.fullmatch("(.+?)[ー〜～ァィゥェォ]+", kana)
    if drawn:
        out.add(drawn.group(1) + "イ")  # さむー, すごー, さむぅ
    merged = re.fullmatch(f"(.*?)(.)([{_LONG_E}]+|[{_LONG_E}]*ッ)", kana)
    if merged and _PLACE.get(merged.group(2), ("", -1))[1] == 3:
        out |= {merged.group(1) + _shift(merged.group(2), v) + "イ" for v in (0, 2, 4)}  # いてぇ, すげー, うるせえ
    for inner in re.finditer(f"(?=(.)[{_LONG_E}])", kana[:-2]):  # ごぜえます: ai said ee inside the word
        at = inner.start()
        if _PLACE.get(kana[at], ("", -1))[1] == 3:
            out |= {kana[:at] + _shift(kana[at], v) + "イ" + kana[at + 2 :] for v in (0, 2, 4)}
    long_i = re.fullmatch(f"(.*?)(.)([{_LONG_I}]+)", kana)
    if long_i and _PLACE.get(long_i.group(2), ("", -1))[1] == 1:
        out.add(long_i.group(1) + _shift(long_i.group(2), 2) + "イ")  # さみー
    polite = re.fullmatch("(.+?)ッ?ス", kana)
    if polite:
        out |= {polite.group(1) + "デス", polite.group(1) + "マス"}  # いいっす
    if re.fullmatch("[ァ-ヺー]{3,}イ", kana):
        out.add(kana[:-1] + "クサイ")  # めんどい: くさい clipped after a stem of three morae or more (round 21)
    if _PLACE.get(kana[-1:], ("", -1))[1] == 4:
        out.add(kana + "ウ")  # ありがと: the long o's ウ dropped (round 15)
    return out


def standard_forms(kana: str) -> frozenset[str]:
    """Every standard katakana form the colloquial katakana ``kana`` may be said for, ``kana`` itself among them."""
    out: set[str] = set()
    for form in _endings(kana):
        inner = form[:1] + re.sub("[ッー〜～]", "", form[1:-1]) + form[-1:] if len(form) > 2 else form
        for base in {form, inner}:
            out.add(base)
            out.add(re.sub("[イン](?=[マミムメモ])", "ミ", base))  # すいません, すんません
            for at in [m.start() for m in re.finditer("ン", base[1:-1])][:2]:  # あんがと, わかんない (round 15)
                out |= {base[: at + 1] + r + base[at + 2 :] for r in "ラリルレロ"}
    return frozenset(out)


def _clipped_phrase(kana: str, target: str) -> bool:
    """Whether ``kana`` clips the polite set phrase ``target`` (あざっす for アリガトウゴザイマス)."""
    found = re.fullmatch("(.+?)ッ?ー?ス", kana)
    if not found or not re.search("(?:マス|デス)$", target) or len(target) < 6:
        return False
    kept = found.group(1).replace("ー", "")
    if not 2 <= len(kept) <= 3 or kept[0] != target[0]:
        return False
    rest = iter(target[1:-2])
    return all(ch in rest for ch in kept[1:])


_STEM = re.compile(r"([^ぁ-ゖァ-ヺー]+)([ぁ-ゖ]*)")
_KANA_TAIL = r"[ぁ-ゖァ-ヺー〜～]*"


def _stem_spans(text: str, word: str, target: str) -> list[tuple[int, int]]:
    """Spans that keep the word's kanji stem and say its kana ending casually (寒っ, 痛ってぇ, 知らねえ): the stem read
    as its part of the word's reading, the ending read backwards as kana spans are."""
    split = _STEM.fullmatch(word)
    if split is None or not target.endswith(morph.to_katakana(split.group(2))):
        return []
    stem, reading = split.group(1), target[: len(target) - len(split.group(2))]
    found = []
    for m in re.finditer(re.escape(stem) + _KANA_TAIL, text):
        tail = morph.to_katakana(m.group()[len(stem) :])
        for j in range(1, min(len(tail), len(split.group(2)) + _SLACK) + 1):
            end = m.start() + len(stem) + j
            if _runs_on(text, end) or target not in standard_forms(reading + tail[:j]):
                continue
            if variants.reads_as(text, m.start(), end, word):
                found.append((m.start(), end))
    return found


def _runs_on(text: str, end: int) -> bool:
    """Whether a span ending in a small っ runs on into a kanji or katakana word (暑っ苦しい is 暑苦しい, no cry)."""
    return text[end - 1 : end] in "っッ" and bool(re.match(r"[一-鿿㐀-䶿々ァ-ヺ]", text[end : end + 1]))


#: The dialect progressive -とる/-とった (-ておる, 見とる for 見ている; round 18) after a one-kanji 一段 stem, which the
#: analyser reads as one compound verb in 取る (見取る, 寝取る): 取る written in kana after the stem is no 取る.
_TORU = re.compile(r"と[らりるれろっ]")


def progressive_spans(text: str, word: str) -> list[tuple[int, int]]:
    """The stems of ``word`` (a verb in る) said with the dialect progressive とる (見とる, 寝とった): a token read as
    a compound in 取る, written with 取る's kana, whose stem and る are the word (看取る, written in kanji, is not
    見る; 写真をとる holds no stem)."""
    key = morph.analyze(word)
    if len(key) != 1 or key[0].pos1 != "動詞" or not word.endswith("る"):
        return []
    found, at = [], 0
    for m in morph.analyze(text):
        start = text.find(m.surface, at) if m.surface else -1
        start = at if start < 0 else start
        at = start + len(m.surface)
        stem = m.lemma.split("-")[0].removesuffix("取る")
        if m.pos1 != "動詞" or stem == m.lemma or not m.surface.startswith(stem) or not stem:
            continue
        if _TORU.match(m.surface, len(stem)) and morph.analyze(stem + "る")[0].lemma == key[0].lemma:
            found.append((start, start + len(stem)))
    return found


@functools.lru_cache(maxsize=512)
def spans(text: str, word: str) -> list[tuple[int, int]]:
    """Kana spans of ``text`` that say ``word`` colloquially, and spans keeping its kanji stem with a casual ending
    (see the module docstring)."""
    target = variants.key_reading(word)
    if len(target) < 2:
        return []
    found = _stem_spans(text, word, target) + progressive_spans(text, word)  # 見とる (round 18)
    for run in _KANA_RUN.finditer(text):
        kana = morph.to_katakana(run.group())
        for i in range(len(kana)):
            if kana[i] != target[0]:
                continue
            for j in range(i + 2, min(len(kana), i + len(target) + _SLACK) + 1):
                written = kana[i:j]
                if written == target:
                    continue
                if target in standard_forms(written) or _clipped_phrase(written, target):
                    start, end = run.start() + i, run.start() + j
                    clipped = target == written[:-1] + "クサイ"  # めんどい: the analyser's own word for it
                    if _runs_on(text, end) or (variants.another_word(text, start, end, word) and not clipped):
                        continue
                    if variants.reads_as(text, start, end, word):
                        found.append((start, end))
    return found


__all__ = ["progressive_spans", "spans", "standard_forms"]
