"""Words written in pieces a reader joins (checkers 2.8): letters spelled out with a mark between them, and a word
mixing hiragana and katakana letters.

- **Spelled out** (``joined``): a word written one letter at a time (kana one or two letters at a time, a kanji or a
  Latin letter one at a time) with the same mark between every piece is the word to a reader, whatever the mark is:
  any punctuation or symbol but a blank (ス/マ/ホ, ス-マ-ホ, ス．マ．ホ, ス＊マ＊ホ, べ・ん・きょ・う, 勉/強, P/C). Kana
  pieces need the mark twice (three pieces, as no list of words is written so); single kanji are joined when the
  whole run is one word to the analyser (勉/強 is 勉強; 大/中/小 holds no 中小); a run of single Latin letters needs
  the mark once (P/C, A*I). Blanks are read by ``variants`` (分かち書き puts them between short words), not
  here.
- **One mark** (``one_mark_spans``, 2.8): a kana keyword in two pieces with one mark between them (スマ/ホ), where a
  piece is no word of its own; two words (あり/なし) stay a list of two.
- **Mixed kana** (``mixed_kana_spans``): a keyword in kana found with its letters written partly in the other kana
  script (りンゴ, リんご for リンゴ) where the keyword, put in its place, is a whole word to the analyser
  (食べたい|ケーキ holds no イケ: the keyword would end inside ケーキ).
"""

from __future__ import annotations

import regex

from lctg_metrics.instructions import morph

_KANA = r"[ぁ-ゖァ-ヺー]"
#: A mark between pieces: any punctuation or symbol, not a letter, digit, blank or combining mark.
_MARK = r"[^\p{L}\p{N}\p{M}\s]"
_PIECE = rf"{_KANA}{{1,2}}"
#: Only the marks are dropped, so the first and last pieces may run on (ス/マ/ホばかり); the middle ones are single
#: letters (or two kana), which a list of words never is (東京/大阪/名古屋, ミルク・ティー・ケーキ).
_SPELLED = regex.compile(rf"{_PIECE}({_MARK})(?:{_PIECE}\1)+{_PIECE}")
#: Single kanji with one mark between them, joined only when the whole run is one word (勉/強; 大/中/小 stays three).
_SPELLED_KANJI = regex.compile(r"(?<!\p{Han})\p{Han}(" + _MARK + r")(?:\p{Han}\1)*\p{Han}(?!\p{Han})")
_SPELLED_LATIN = regex.compile(rf"(?<![A-Za-z]){'[A-Za-z]'}({_MARK})(?:[A-Za-z]\1)*[A-Za-z](?![A-Za-z])")


def joined(text: str) -> tuple[str, list[int]]:
    """``text`` without the marks between the pieces of a spelled-out word, and the offset in ``text`` of each
    character kept."""
    dropped = marks(text)
    where = [i for i in range(len(text)) if i not in dropped]
    return "".join(text[i] for i in where), where


def marks(text: str) -> set[int]:
    """The offsets of the marks between the pieces of the spelled-out words in ``text``."""
    dropped: set[int] = set()
    for pattern in (_SPELLED, _SPELLED_LATIN, _SPELLED_KANJI):
        for m in pattern.finditer(text):
            mark = m.group(1)
            if pattern is _SPELLED_KANJI and len(morph.analyze(m.group().replace(mark, ""))) != 1:
                continue
            dropped.update(i for i in range(m.start(), m.end()) if text[i] == mark)
    return dropped


_HIRAGANA = regex.compile(r"[ぁ-ゖ]")
_KATAKANA = regex.compile(r"[ァ-ヺ]")
_KANA_KEY = regex.compile(r"[ぁ-ゖァ-ヺー]{2,}")


def mixed_kana_spans(text: str, key: str) -> list[tuple[int, int]]:
    """Where a kana keyword is written with hiragana and katakana letters mixed (りンゴ for リンゴ): the span mixes
    both scripts, and the text with the keyword in its place reads the keyword as whole words."""
    if not _KANA_KEY.fullmatch(key):
        return []
    said, target, found = morph.to_katakana(text), morph.to_katakana(key), []
    at = said.find(target)
    while at >= 0:
        end = at + len(key)
        piece = text[at:end]
        if piece != key and _HIRAGANA.search(piece) and _KATAKANA.search(piece):
            trial = text[:at] + key + text[end:]
            edges = {a for a, _, _ in morph.spans(trial)} | {b for _, b, _ in morph.spans(trial)}
            if at in edges and end in edges:
                found.append((at, end))
        at = said.find(target, at + 1)
    return found


def _not_a_word(piece: str) -> bool:
    """A kana piece that is no word of its own: one letter, a symbol to the analyser, or more than one morpheme."""
    words = morph.analyze(piece)
    return len(piece) == 1 or len(words) != 1 or words[0].pos1 in ("記号", "補助記号")


def one_mark_spans(text: str, key: str) -> list[tuple[int, int]]:
    """Where a kana keyword is written in two pieces with one mark between them (スマ/ホ for スマホ, 2.8): one piece
    is no word of its own (``_not_a_word``: ホ is one letter), and the keyword in the span's place is a whole word to
    the analyser, and a katakana keyword touches no other katakana letter. Two pieces that are words each (あり/なし,
    はい/いいえ) are a list of two, not one word."""
    if not _KANA_KEY.fullmatch(key):
        return []
    found = []
    for k in range(1, len(key)):
        head, tail = key[:k], key[k:]
        if not (_not_a_word(head) or _not_a_word(tail)):
            continue
        for m in regex.finditer(regex.escape(head) + _MARK + regex.escape(tail), text):
            trial = text[: m.start()] + key + text[m.end() :]
            edges = {a for a, _, _ in morph.spans(trial)} | {b for _, b, _ in morph.spans(trial)}
            around = text[m.start() - 1 : m.start()] + text[m.end() : m.end() + 1]
            touches = _KATAKANA.search(around)
            if m.start() in edges and m.start() + len(key) in edges and not (touches and _KATAKANA.match(key)):
                found.append(m.span())
    return found


__all__ = ["joined", "marks", "mixed_kana_spans", "one_mark_spans"]
