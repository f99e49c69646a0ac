"""A word and a productive tail the dictionary lists as one compound (round 33): 猫好き is 猫 + 好き.

The dictionary lists some compounds whole (猫好き, 本好き, 酒好き) that are a word followed by a tail the analyser
reads as 好き after any other noun (野球好き is cut in two). A reader asked to use the word 猫 sees it in 猫好き, so
under ``match="word"`` the place between such a head and its tail is a word edge.

The cut is read only where the compound's reading is the head's reading followed by the tail's, voicing aside
(ネコズキ is ネコ + スキ): 音楽 (オンガク) holds no 音 (オト) though 楽 after a noun is a word of its own. A compound of
two nouns (猫舌, 猫背: idioms) and a prefix before a word (子猫) are not cut; neither is a head that is no noun of its
own. Strict and loose modes read the same edges.
"""

from __future__ import annotations

import functools

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.whole_readings import _unvoiced

#: A noun the analyser knows well, put before a tail to see how the tail is read after any noun.
FRAME = "野球"
#: How the analyser files a productive tail after a noun: 好き・ずき (an adjectival noun). Its nominal suffixes are left
#: out: they hold compounds a reader does not cut (手紙 is no 手 and 紙, 水色 no 水).
TAIL_PARTS = frozenset({("形状詞", "一般")})


@functools.lru_cache(maxsize=2048)
def _productive_tail(tail: str) -> bool:
    read = morph.analyze(FRAME + tail)
    if len(read) != 2 or read[0].surface != FRAME or read[1].surface != tail:
        return False
    return (read[1].pos1, read[1].pos2) in TAIL_PARTS


@functools.lru_cache(maxsize=2048)
def _split(compound: str, reading: str, at: int) -> bool:
    head, tail = compound[:at], compound[at:]
    alone = morph.analyze(head)
    if len(alone) != 1 or alone[0].pos1 != "名詞" or not alone[0].reading or not _productive_tail(tail):
        return False
    tail_read = morph.analyze(tail)
    tail_reading = "".join(m.reading for m in tail_read)
    return _unvoiced(reading) == _unvoiced(morph.to_katakana(alone[0].reading + tail_reading))


def cut_at(text: str, position: int) -> bool:
    """Whether ``position`` falls inside one morpheme of ``text`` between a word and a productive tail (see the
    module docstring)."""
    for start, end, m in morph.spans(text):
        if start < position < end:
            return m.pos1 in ("名詞", "形状詞") and bool(m.reading) and _split(m.surface, m.reading, position - start)
    return False


__all__ = ["FRAME", "TAIL_PARTS", "cut_at"]
