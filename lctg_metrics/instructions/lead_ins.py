"""Stock lead-ins that only announce the answer (checkers 2.8, round 19): 結論から申し上げますと、, 端的に言うと、,
ずばり申しますと、 at the start of a sentence, before the answer it opens. The clause is read apart from the answer
after it as a stock formula (``formulas``): it counts toward a minimum only as far as the answer's other text does,
so a one-line answer wrapped in a lead-in and a closing (結論から申し上げますと、…です。以上、よろしくご査収ください。)
is no longer for them, and an answer of some length that opens with 端的に言うと、 counts whole. The phrase quoted
(「結論から申し上げますと」という前置きは…) or anywhere but a sentence's start is what the text says."""

from __future__ import annotations

import re

_SAY = (
    r"(?:申し上げますと|申し上げると|申し上げれば|申しますと|言いますと|言うと|言えば|述べますと|述べると"
    r"|お伝えしますと|お伝えすると|お答えしますと|お答えすると)"
)
_PHRASE = re.compile(
    r"[ \u3000]*"
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
