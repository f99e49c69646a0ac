"""Latin words as a reader reads them (checkers 2.7, round 10): a letter with a diacritic reads as its base letter
(Tōkyō is Tokyo, café is cafe, naïve is naive), and a Latin keyword that spells a Japanese word in romaji is met by
another romanisation of it: long vowels marked, written out or left short (Tokyo, Tōkyō, Toukyou and Tokyou are one
word to a reader of romaji; ``romaji.fold_long``)."""

from __future__ import annotations

import functools
import re
import unicodedata

from lctg_metrics.instructions import morph, romaji

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


#: The fewest letters of a romaji word read as a keyword written in kanji (round 17): SUSHI for 寿司, not ie.
MIN_ROMAJI_LETTERS = 4


def romaji_spans(text: str, word: str, reading: str = "") -> list[tuple[int, int]]:
    """Latin tokens of ``text`` that are the Latin keyword ``word`` in another romanisation of the same Japanese word
    (Toukyou or Tōkyō for Tokyo): both read as romaji (``romaji.to_kana``) and are one reading once long vowels are
    folded. A keyword that reads as no romaji (Python, Excel) matches only as spelled. A keyword in Japanese script
    is met by its ``reading`` (katakana) written in romaji, in words of ``MIN_ROMAJI_LETTERS`` or more (SUSHI is
    寿司: round 17)."""
    latin = word.isascii() and word.isalpha()
    target = romaji.to_kana(word.lower()) if latin else reading
    if not target:
        return []
    wanted = romaji.fold_long(target)
    return [
        span
        for span, letters, kana, long_folded, english in _tokens(text)
        if (latin or (letters >= MIN_ROMAJI_LETTERS and not english))
        and kana
        and (kana != target or not latin)
        and long_folded == wanted
    ]


@functools.lru_cache(maxsize=64)
def _tokens(text: str) -> tuple[tuple[tuple[int, int], int, str, str, bool], ...]:
    """Each Latin word of ``text`` once, for every keyword checked against it: its span, its length, its reading as
    romaji (empty when it reads as none), that reading with long vowels folded, and whether it stands in an English
    sentence (``_in_english``)."""
    tokens = list(romaji.TOKEN.finditer(text))
    kana = [romaji.to_kana(token.group().lower()) or "" for token in tokens]
    return tuple(
        (
            token.span(),
            len(token.group()),
            kana[at],
            romaji.fold_long(kana[at]) if kana[at] else "",
            _in_english(text, tokens, kana, at),
        )
        for at, token in enumerate(tokens)
    )


#: A keyword's reading is read only from content words (寿司), never from particles or marks.
_FUNCTION_POS = ("助詞", "助動詞", "接尾辞", "補助記号", "空白")
_KANJI = re.compile(r"[\u3400-\u9fff々]")
_KATAKANA = re.compile(r"[ァ-ヺー]{2,}")


def kanji_reading(word: str) -> str:
    """The katakana reading of a keyword holding a kanji, read wholly as content words (寿司 is スシ), for its
    romaji (``romaji_spans``); empty otherwise."""
    key = morph.analyze(word) if _KANJI.search(word) else ()
    if not key or any(m.pos1 in _FUNCTION_POS for m in key):
        return ""
    reading = "".join(morph.to_katakana(m.reading) for m in key)
    return reading if _KATAKANA.fullmatch(reading) else ""


def _in_english(text: str, tokens: list[re.Match[str]], kana: list[str], at: int) -> bool:
    """Whether a Latin word stands beside (a blank apart) a Latin word that reads as no romaji (its ``kana`` empty): a
    word of an English sentence (for the sake of), not romaji standing for Japanese (Kinou wa SUSHI wo tabemashita)."""
    return any(
        not kana[other]
        for other in (at - 1, at + 1)
        if 0 <= other < len(tokens)
        and not text[
            min(tokens[other].end(), tokens[at].end()) : max(tokens[other].start(), tokens[at].start())
        ].strip()
    )


__all__ = ["MIN_ROMAJI_LETTERS", "folded", "kanji_reading", "romaji_spans"]
