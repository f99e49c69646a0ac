"""Katakana a font draws alike, read as the keyword they spell (round 14): メロソ is メロン to a reader, パソコソ
パソコン. A katakana run of the response that is no dictionary word to the analyser (メロソ is メロ|ソ, a melody and the
Soviet Union) and that turns into a katakana keyword when some of its letters are swapped for their look-alikes
(``PAIRS``: ソ/ン, シ/ツ, ク/タ, ワ/ウ, ル/レ …) spells that keyword; a run that is a word as written (ソース, ツール,
シール) stays that word. In hiragana (``HIRAGANA_PAIRS``: ぬがね for めがね) a span spells the keyword where it is no
word of its own (ほし is 星 and stays) and the keyword put in its place reads whole. ``toward`` gives the text with
such letters swapped, letter for letter, so that the keyword matching of ``words`` (edges, counts) reads it as it
reads the keyword written plainly.
"""

from __future__ import annotations

import functools
import re

from lctg_metrics.instructions import morph

#: Katakana pairs drawn alike in common fonts (the stroke angle or length tells them apart): ソ/ン, シ/ツ, ク/タ,
#: ワ/ウ, ル/レ, ス/ヌ, コ/ユ, チ/テ, ナ/メ, フ/ヲ, ノ/メ, and the voiced forms of the first pairs (ジ/ヅ, グ/ダ).
PAIRS = ("ソン", "シツ", "クタ", "ワウ", "ルレ", "スヌ", "コユ", "チテ", "ナメ", "フヲ", "ノメ", "ジヅ", "グダ")
#: Hiragana pairs drawn alike (ぬ/め, わ/ね/れ, は/ほ, る/ろ, い/り, さ/ち, あ/お).
HIRAGANA_PAIRS = ("ぬめ", "わね", "ねれ", "われ", "はほ", "るろ", "いり", "さち", "あお")
_ALIKE: dict[str, set[str]] = {a: set() for pair in PAIRS + HIRAGANA_PAIRS for a in pair}
for _pair in PAIRS + HIRAGANA_PAIRS:
    _ALIKE[_pair[0]].add(_pair[1])
    _ALIKE[_pair[1]].add(_pair[0])
_KATAKANA = re.compile(r"[ァ-ヺー]{2,}")
_KEY = re.compile(r"[ァ-ヺー]{2,}")
_HIRAGANA = re.compile(r"[ぁ-ゖー]{2,}")


@functools.lru_cache(maxsize=2048)
def _a_word(run: str) -> bool:
    """Whether the analyser reads a katakana run as one dictionary word (ソース is ソース-sauce; メロソ is two)."""
    found = morph.analyze(run)
    return len(found) == 1 and (found[0].lemma != run or found[0].pos1 not in ("名詞", ""))


def _spells(window: str, key: str) -> bool:
    """Whether ``window`` is ``key`` with one letter or more swapped for its look-alike, and no other change."""
    swapped = 0
    for written, wanted in zip(window, key, strict=True):
        if written != wanted:
            if written not in _ALIKE.get(wanted, ()):
                return False
            swapped += 1
    return swapped > 0


@functools.lru_cache(maxsize=1024)
def toward(text: str, key: str) -> str:
    """``text`` with the look-alike letters of each katakana run that is no word and spells ``key`` swapped for the
    letters of ``key``, or of each hiragana span that spells it (``text`` itself when there is none)."""
    if not _KEY.fullmatch(key) or not any(ch in _ALIKE for ch in key):
        return _hiragana_toward(text, key)
    chars = list(text)
    for run in _KATAKANA.finditer(text):
        if len(run.group()) < len(key) or _a_word(run.group()):
            continue
        for i in range(len(run.group()) - len(key) + 1):
            if _spells(run.group()[i : i + len(key)], key):
                chars[run.start() + i : run.start() + i + len(key)] = key
    return _hiragana_toward("".join(chars), key)


def _hiragana_toward(text: str, key: str) -> str:
    """``text`` with the look-alike letters of a hiragana span that spells a hiragana ``key`` swapped for its letters,
    where the span is no word of its own to the analyser, alone or in ``text`` (ほし is 星, いろ 色: they stay), and
    the text with ``key`` put in reads ``key`` there as its own morphemes."""
    if not _HIRAGANA.fullmatch(key) or not any(ch in _ALIKE for ch in key):
        return text
    from lctg_metrics.instructions import variants  # noqa: PLC0415 - variants reads words through this module's views

    chars = list(text)
    for run in _HIRAGANA.finditer(text):
        for i in range(run.start(), run.end() - len(key) + 1):
            if _spells(text[i : i + len(key)], key) and not variants.another_word(text, i, i + len(key), key):
                if variants.reads_as(text, i, i + len(key), key):
                    chars[i : i + len(key)] = key
    return "".join(chars)


__all__ = ["PAIRS", "toward"]
