"""Katakana a font draws alike, read as the keyword they spell (round 14): メロソ is メロン to a reader, パソコソ
パソコン. A katakana run of the response that is no dictionary word to the analyser (メロソ is メロ|ソ, a melody and the
Soviet Union) and that turns into a katakana keyword when some of its letters are swapped for their look-alikes
(``PAIRS``: ソ/ン, シ/ツ, ク/タ, ワ/ウ, ル/レ …) spells that keyword; a run that is a word as written (ソース, ツール,
シール) stays that word. In hiragana (``HIRAGANA_PAIRS``: ぬがね for めがね) a span spells the keyword where it is no
word of its own (ほし is 星 and stays) and the keyword put in its place reads whole. ``toward`` gives the text with
such letters swapped, letter for letter, so that the keyword matching of ``words`` (edges, counts) reads it as it
reads the keyword written plainly.

One katakana letter drawn as two (``TWO_AS_ONE``, issue 32: ノレ for ル, ノヽ for ハ, a ring for the handakuten,
ハ° for パ, which the reader's view turns to ハ。) is read as that letter by ``two_letter_spans`` where the two
letters stand in one piece of the text (no word edge of the analyser between them: ナノ|レベル holds no ナル), the
katakana run as written is no dictionary word (モノレール stays; ツーノレ is ツー|ノレ) and the text with the keyword
put in reads the keyword on word edges.
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


#: One katakana letter and the two letters it is drawn as: ル as its two strokes ノ and レ, ハ as ノ and the mark ヽ,
#: and the handakuten drawn as a ring (° ˚ ゜ read as 。 in the reader's view: ハ。 for パ), before a katakana letter.
TWO_AS_ONE = {"ノレ": "ル", "ノヽ": "ハ"} | {
    f"{plain}。": ring for plain, ring in zip("ハヒフヘホ", "パピプペポ", strict=True)
}
_TWO = re.compile("|".join(TWO_AS_ONE))


def _cut(text: str, drawn: re.Match[str], tokens: tuple[tuple[int, int, morph.Morpheme], ...]) -> bool:
    """Whether the two letters of a drawing belong to two words: an edge of the analyser between them (ナノ|レベル), or,
    for a ring (read as 。, always a token of its own), a katakana word ending on the letter before it (マッハ。)."""
    if not drawn.group().endswith("。"):
        return any(x == drawn.start() + 1 for x, _, _ in tokens)
    run = re.search(r"[ァ-ヺー]+$", text[: drawn.start() + 1])
    if not re.match(r"[ァ-ヺ]", text[drawn.end() : drawn.end() + 1]):  # a ring ending the word: ヘルフ。 (round 35)
        return not run or len(run.group()) < 2 or _known(run.group())
    return bool(run and len(run.group()) > 1 and _a_word(run.group()))


def _known(run: str) -> bool:
    """Whether the run ends on a word the dictionary holds (チーフ, ミート|ローフ), not on a foreign name it only
    guesses (ヘルフ-外国) nor on a letter alone (グルー|フ)."""
    last = morph.analyze(run)[-1].surface
    return len(last) > 1 and _not_guessed(last)


def _not_guessed(run: str) -> bool:
    """A dictionary word (``_a_word``) that is no foreign name the analyser only guesses (ヘルフ-外国)."""
    return _a_word(run) and not morph.analyze(run)[-1].lemma.endswith("-外国")


def two_letter_spans(text: str, key: str) -> list[tuple[int, int]]:
    """Where the katakana ``key`` is written with a letter of it drawn as two (``TWO_AS_ONE``; see the docstring)."""
    if not _KEY.fullmatch(key) or not any(one in key for one in TWO_AS_ONE.values()) or not _TWO.search(text):
        return []
    folded, where = "", []  # the text with each drawing read as its letter, and each letter's offset in ``text``
    at = 0
    for m in _TWO.finditer(text):
        if m.group().endswith("。") and _cut(text, m, ()):  # 。 ending a word of its own ends a sentence
            continue
        folded += text[at : m.start()] + TWO_AS_ONE[m.group()]
        where += [*range(at, m.start()), m.start()]
        at = m.end()
    folded += text[at:]
    where += [*range(at, len(text)), len(text)]
    tokens = morph.spans(text)
    found, start = [], folded.find(key)
    while start >= 0:
        a, b = where[start], where[start + len(key)]
        drawn = [m for m in _TWO.finditer(text, a, b) if m.end() <= b]
        runs = [r for r in _KATAKANA.finditer(text) if r.start() <= a < r.end()]
        trial = text[:a] + key + text[b:]
        edges = {edge for x, y, _ in morph.spans(trial) for edge in (x, y)}
        if (
            drawn
            and not any(_cut(text, m, tokens) for m in drawn)  # ナノ|レベル
            and not (runs and _not_guessed(runs[0].group()))  # モノレール
            and a in edges
            and a + len(key) in edges
        ):
            found.append((a, b))
        start = folded.find(key, start + 1)
    return found


__all__ = ["PAIRS", "TWO_AS_ONE", "toward", "two_letter_spans"]
