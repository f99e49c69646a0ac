"""Loanwords in another katakana spelling (round 12): スマフォ for スマホ, ヴァイオリン for バイオリン, ティーム for
チーム. The spellings the 外来語の表記 (内閣告示, 1991) gives as a pair for one sound, フォ/ホ, ヴァ/バ (ヴィ ヴ ヴェ
ヴォ), ティ/チ and ディ/ジ, read as one where a katakana word of the response, whole, is the keyword but for them, and
the analyser does not know the word as another loanword of its own origin (フォーム, form, is no ホーム, home)."""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: The paired spellings, folded to the plain one.
_PAIRS = (
    ("フォ", "ホ"),
    ("ヴァ", "バ"),
    ("ヴィ", "ビ"),
    ("ヴェ", "ベ"),
    ("ヴォ", "ボ"),
    ("ヴ", "ブ"),
    ("ティ", "チ"),
    ("ディ", "ジ"),
)
_RUN = re.compile(r"[ァ-ヺー]+")


def _folded(word: str) -> str:
    for written, plain in _PAIRS:
        word = word.replace(written, plain)
    return word


def _origin(word: str) -> str:
    found = morph.analyze(word)
    return found[0].lemma.partition("-")[2].lower() if len(found) == 1 else ""


def variant_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Whole katakana words of ``text`` that are the katakana ``word`` (three letters or more) in another spelling of
    the pairs above, and are not a loanword of another origin to the analyser."""
    if len(word) < 3 or not _RUN.fullmatch(word):
        return []
    wanted, origin = _folded(word), _origin(word)
    found = []
    for run in _RUN.finditer(text):
        written = run.group()
        if written == word or _folded(written) != wanted:
            continue
        own = _origin(written)
        if not own or not origin or own == origin:
            found.append(run.span())
    return found


__all__ = ["variant_spans"]
