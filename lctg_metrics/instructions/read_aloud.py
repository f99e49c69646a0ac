"""A sentence followed by its reading (round 29): what a reader counts toward a minimum length is what is said, and a
sentence's reading in kana or romaji written after it in brackets says it again.

富士山は日本一高い山です。（ふじさんはにほんいちたかいやまです。） counts the sentence once, and so does the same
sentence with its romaji in brackets, with both readings one after the other, or with the reading before the 。
(…山です（ふじさんは…です）。). The unbracketed reading written as a sentence of its own is ``filler``'s (a claim
written with kanji and said again in kana or romaji). The bracket is dropped when it holds no kanji and reads, word
for word, as a whole sentence with kanji before it (``filler.reads_as``), a sentence with a predicate: a word's
reading given in brackets (富士山（ふじさん）は…, ruby for a young reader) is no sentence said again and counts. A
bracket that says more (（ふじさんは静岡県にあります。）, a translation into English) is text of its own.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.filler import reads_as
from lctg_metrics.instructions.text import split_sentences

#: A bracketed aside (full- or half-width round brackets, none nested inside).
_ASIDE = re.compile(r"[（(]([^（）()]*)[）)]")
_KANJI = re.compile(r"[\u3400-\u9fff々]")
#: Where one reading ends and another begins inside a bracket: a slash or bar, or kana giving way to romaji.
_BETWEEN = re.compile(r"[／/|｜]|(?<=[ぁ-ゖァ-ヺー。、])[ \t\u3000]*(?=[A-Za-z])")
_PREDICATE = ("動詞", "形容詞", "助動詞")


def _sentence(written: str) -> bool:
    """Whether a span with kanji is a sentence, holding a predicate (山です, 高い), not a word or a name (富士山)."""
    return _KANJI.search(written) is not None and any(m.pos1 in _PREDICATE for m in morph.analyze(written))


def is_reading(text: str, before: list[str]) -> bool:
    """Whether ``text``, without kanji, is only readings of sentences of ``before``: each bracketed piece of it and
    what lies outside them, where it holds a letter, reads as one of them (（かな）（romaji） after the sentence; two
    readings in one bracket split at ／ or where romaji follows kana)."""
    if _KANJI.search(text):
        return False
    pieces = [part for piece in [*_ASIDE.findall(text), _ASIDE.sub(" ", text)] for part in _BETWEEN.split(piece)]
    said = [piece for piece in pieces if any(ch.isalnum() for ch in piece)]
    written = [s for s in before if _sentence(s)]
    return bool(said) and all(any(reads_as(w, piece) for w in written) for piece in said)


def without_readings(text: str) -> str:
    """``text`` without each bracketed aside that is only the reading of a sentence written before it."""
    kept: list[str] = []
    at = 0
    for aside in _ASIDE.finditer(text):
        before = "".join(kept) + text[at : aside.start()]
        if is_reading(aside.group(1), split_sentences(before)):
            kept.append(text[at : aside.start()])
            at = aside.end()
    return "".join(kept) + text[at:]


__all__ = ["is_reading", "without_readings"]
