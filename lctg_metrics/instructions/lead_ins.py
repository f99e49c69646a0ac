"""Stock lead-ins that only announce the answer (checkers 2.8, round 19): 結論から申し上げますと、, 端的に言うと、,
ずばり申しますと、 at the start of a sentence, before the answer it opens. A reader counts the answer, not the
announcement that it comes, toward a minimum length, as with a sentence that only says お答えいたします (``filler``).
The phrase quoted (「結論から申し上げますと」という前置きは…) or anywhere but a sentence's start is what the text says,
and counts."""

from __future__ import annotations

import re

_SAY = (
    r"(?:申し上げますと|申し上げると|申し上げれば|申しますと|言いますと|言うと|言えば|述べますと|述べると"
    r"|お伝えしますと|お伝えすると|お答えしますと|お答えすると)"
)
_LEAD_IN = re.compile(
    r"(?:(?<=^)|(?<=[。．！？!?\n]))[ \u3000]*"
    r"(?:(?:結論|答え|回答|要点|結果)(?:から|を)(?:先に|まず)?|(?:率直|端的|簡単|手短|正直|簡潔|一言)に|ずばり|ズバリ|一言で)"
    rf"{_SAY}[、，,](?=[^。．！？!?\n]*[^\W\d_])"
)


def without_lead_ins(text: str) -> str:
    """``text`` without the stock lead-ins that open its sentences (see the module docstring)."""
    return _LEAD_IN.sub("", text)


__all__ = ["without_lead_ins"]
