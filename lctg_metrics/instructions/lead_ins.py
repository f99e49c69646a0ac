"""Stock lead-ins that only announce the answer (checkers 2.8, round 19): 結論から申し上げますと、, 端的に言うと、,
ずばり申しますと、 at the start of a sentence, before the answer it opens. The clause is read apart from the answer
after it as a stock formula (``formulas``): it counts toward a minimum only as far as the answer's other text does,
so a one-line answer wrapped in a lead-in and a closing (結論から申し上げますと、…です。以上、よろしくご査収ください。)
is no longer for them, and an answer of some length that opens with 端的に言うと、 counts whole. The phrase quoted
(「結論から申し上げますと」という前置きは…) or anywhere but a sentence's start is what the text says. From round 21 a
clause naming the matter asked about may come first (ご質問いただいた件について、結論から先にお答えいたしますと、), and
いたしますと is a polite say-verb too."""

from __future__ import annotations

import re

_SAY = (
    r"(?:申し上げますと|申し上げると|申し上げれば|申しますと|言いますと|言うと|言えば|述べますと|述べると"
    r"|お伝えしますと|お伝えすると|お答えしますと|お答えすると|(?:お答え|お伝え|ご説明|説明)(?:いたしますと|致しますと))"
)
#: A clause naming what is asked before the lead-in (ご質問いただいた件について、; round 21): part of the lead-in.
_TOPIC = r"(?:[^、。，,！？!?\n]{1,20}(?:について|に関して|につきまして|に関しまして)[、，,][ \u3000]*)?"
_PHRASE = re.compile(
    rf"[ \u3000]*{_TOPIC}"
    r"(?:(?:結論|答え|回答|要点|結果)(?:から|を)(?:先に|まず)?|(?:率直|端的|簡単|手短|正直|簡潔|一言)に|ずばり|ズバリ|一言で)"
    rf"{_SAY}[、，,]"
)


def is_lead_in(text: str) -> bool:
    """Whether ``text`` is a stock lead-in alone (see the module docstring)."""
    return _PHRASE.fullmatch(text) is not None


def lead_ins_apart(sentences: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``sentences`` (start, end, sentence) with the stock lead-in opening a sentence, before more letters, read as
    a sentence of its own."""
    out = []
    for start, end, sentence in sentences:
        m = _PHRASE.match(sentence)
        if m and any(ch.isalnum() for ch in sentence[m.end() :]):
            out += [(start, start + m.end(), sentence[: m.end()]), (start + m.end(), end, sentence[m.end() :])]
        else:
            out.append((start, end, sentence))
    return out


__all__ = ["is_lead_in", "lead_ins_apart"]
