"""One spelling rule for where a response starts and ends (checkers 2.8, round 17): a start or end phrase is met by
the same token in another script, as a keyword is (``words.reading_spans``): 初めまして for はじめまして, 宜しくお願い
します for よろしくおねがいします. Only where one of the two spellings is in kanji: kana against kana is a homophone
more often than the word (デモ is no でも, マス no ます), and the kana variants of a phrase are the analyser's
(``phrases.spelled_start``)."""

from __future__ import annotations

from lctg_metrics.instructions import wordforms, words


def _kanji_once(found: str, word: str) -> bool:
    return bool(wordforms.KANJI.search(found)) != bool(wordforms.KANJI.search(word))


def reading_start(text: str, word: str) -> int | None:
    """Where ``word`` ends in ``text`` when ``text`` opens with it in another script (see the module docstring), or
    None."""
    ends = [end for start, end in words.reading_spans(text, word) if start == 0 and _kanji_once(text[:end], word)]
    return max(ends) if ends else None


def reading_end(text: str, word: str) -> int | None:
    """Where ``word`` starts in ``text`` when ``text`` closes with it in another script, or None."""
    found = words.reading_spans(text, word)
    starts = [start for start, end in found if end == len(text) and _kanji_once(text[start:], word)]
    return min(starts) if starts else None


__all__ = ["reading_end", "reading_start"]
