"""Latin words as a reader reads them (checkers 2.7, round 10): a letter with a diacritic reads as its base letter
(Tōkyō is Tokyo, café is cafe, naïve is naive), and a Latin keyword that spells a Japanese word in romaji is met by
another romanisation of it: long vowels marked, written out or left short (Tokyo, Tōkyō, Toukyou and Tokyou are one
word to a reader of romaji; ``romaji.fold_long``)."""

from __future__ import annotations

import functools
import re
import unicodedata

from lctg_metrics.instructions import romaji

_ASCII_LETTER = re.compile(r"[A-Za-z]")


@functools.lru_cache(maxsize=2048)
def folded(text: str) -> str:
    """``text`` with each Latin letter carrying a diacritic (ō, é, ï, ñ) as its base letter; same length, so offsets
    hold. Other letters are kept."""
    return "".join(_base(ch) for ch in text)


def _base(ch: str) -> str:
    if ch.isascii() or not ch.isalpha():
        return ch
    base = unicodedata.normalize("NFD", ch)[0]
    return base if _ASCII_LETTER.fullmatch(base) and unicodedata.name(ch, "").startswith("LATIN") else ch


def romaji_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Latin tokens of ``text`` that are the Latin keyword ``word`` in another romanisation of the same Japanese word
    (Toukyou or Tōkyō for Tokyo): both read as romaji (``romaji.to_kana``) and are one reading once long vowels are
    folded. A keyword that reads as no romaji (Python, Excel) matches only as spelled."""
    target = romaji.to_kana(word.lower()) if word.isascii() and word.isalpha() else None
    if not target:
        return []
    wanted = romaji.fold_long(target)
    found = []
    for token in romaji.TOKEN.finditer(text):
        kana = romaji.to_kana(token.group().lower())
        if kana and kana != target and romaji.fold_long(kana) == wanted:
            found.append(token.span())
    return found


__all__ = ["folded", "romaji_spans"]
