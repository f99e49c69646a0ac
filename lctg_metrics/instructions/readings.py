"""The readings a written span may have besides the analyser's first choice (round 27).

The analyser picks one reading for each morpheme; a reader of a name or a compound knows others the same characters
take (富士山 is フジ|ヤマ to its first choice, フジ|サン as every reader says it). Its next best analyses hold them:
``span_readings`` gathers, for each span of the text, the readings its best ``_PARSES`` analyses give that span.
A text said again in kana or romaji (``filler.reads_as``) is matched against these, so that the sentence read as a
reader reads it is found again, while a span keeps only readings the dictionary gives those characters.
"""

from __future__ import annotations

import functools

from lctg_metrics.instructions import morph

#: How many analyses are read: enough for a suffix read on (山 サン, ザン) beside the noun (山 ヤマ).
_PARSES = 8


@functools.lru_cache(maxsize=1024)
def span_readings(text: str) -> tuple[tuple[int, int, frozenset[str]], ...]:
    """Each span (start, end) some analysis of ``text`` cuts, with the katakana readings those analyses give it."""
    found: dict[tuple[int, int], set[str]] = {}
    for parse in morph._tagger().nbest(text, _PARSES).split("EOS"):
        at = 0
        for line in parse.strip("\n").splitlines():
            fields = line.split("\t")
            start = text.find(fields[0], at) if fields[0] else -1
            if start < 0 or len(fields) < 3:
                continue
            at = start + len(fields[0])
            found.setdefault((start, at), set()).add(fields[2] or fields[0])
    return tuple((start, end, frozenset(kana)) for (start, end), kana in sorted(found.items()))


def readings_at(text: str, start: int, end: int) -> frozenset[str]:
    """The readings some analysis of ``text`` gives the span ``text[start:end]`` (empty if none cuts it so)."""
    return next((kana for s, e, kana in span_readings(text) if (s, e) == (start, end)), frozenset())


__all__ = ["readings_at", "span_readings"]
