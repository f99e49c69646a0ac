"""One spelling rule for where a response starts and ends (checkers 2.8, round 17): a start or end phrase is met by
the same token in another script, as a keyword is (``words.reading_spans``): 初めまして for はじめまして, 宜しくお願い
します for よろしくおねがいします. Only where one of the two spellings is in kanji: kana against kana is a homophone
more often than the word (デモ is no でも, マス no ます), and the kana variants of a phrase are the analyser's
(``phrases.spelled_start``).

A word of the phrase written in kana where the phrase writes it in kanji, or the other way round (結論からいうと for
結論から言うと, round 23), is the same phrase when it is the same lexeme in the same form: the analyser's lemma, part of
speech, conjugated form and lexeme reading (``morph.lexemes``: 言う read ユウ and いう read イウ are both イウ; 方 read
かた is no 方 read ほう)."""

from __future__ import annotations

from lctg_metrics.instructions import morph, wordforms, words


def _kanji_once(found: str, word: str) -> bool:
    return bool(wordforms.KANJI.search(found)) != bool(wordforms.KANJI.search(word))


def _same_lexemes(text: str, at: int, word: str) -> int | None:
    """Where ``word`` ends in ``text`` when the morphemes of ``text`` from ``at`` are those of ``word`` alone, each as
    written or the same lexeme written once in kanji and once in kana (see the module docstring), or None."""
    key, found = morph.analyze(word), [s for s in morph.spans(text) if s[0] >= at]
    if not key or "".join(m.surface for m in key) != word or len(found) < len(key) or found[0][0] != at:
        return None
    ours = dict(zip((s[0] for s in morph.spans(text)), morph.lexemes(text)))
    for k, lexeme, (start, _, m) in zip(key, morph.lexemes(word), found):
        same = m.lemma == k.lemma and m.pos1 == k.pos1 and m.form == k.form and lexeme == ours.get(start) != ""
        if m.surface != k.surface and not (same and _kanji_once(m.surface, k.surface)):
            return None
    return found[len(key) - 1][1]


def reading_start(text: str, word: str) -> int | None:
    """Where ``word`` ends in ``text`` when ``text`` opens with it in another script (see the module docstring), or
    None."""
    ends = [end for start, end in words.reading_spans(text, word) if start == 0 and _kanji_once(text[:end], word)]
    return max(ends) if ends else _same_lexemes(text, 0, word)


def reading_end(text: str, word: str) -> int | None:
    """Where ``word`` starts in ``text`` when ``text`` closes with it in another script, or None."""
    found = words.reading_spans(text, word)
    starts = [start for start, end in found if end == len(text) and _kanji_once(text[start:], word)]
    if starts:
        return min(starts)
    for start, _, _ in morph.spans(text):  # the same lexemes written once in kanji, once in kana (round 23)
        if start > len(text) - 2 * len(word) and _same_lexemes(text, start, word) == len(text):
            return start
    return None


__all__ = ["reading_end", "reading_start"]
