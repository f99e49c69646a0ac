"""A span drawn, not written (round 37): a kaomoji with what decorates it (ヽ(・∀・)ノ, Σ(ﾟДﾟ), ☆ﾐ(o*･ω･)ﾉ) holds
letters, but each is a stroke of the drawing (ω a mouth, ノ an arm, Д a face), not a word a reader reads.
A format that checks a container for content finds none in it. Read by the form: at least one face, a bracket whose
letters stand one by one between drawing marks (no two letters in a row, no digit), and outside the faces only marks
and single letters that draw a hand or a sparkle (ノ, ヽ, σ, v). A word beside the face (はい(^^),
ありがとう(´・ω・`)ノ) is said; a letter in brackets with no mark ((A), (笑)) is no face.
"""

from __future__ import annotations

import re
import unicodedata

_FACE = re.compile(r"[(（]([^()（）]{1,24})[)）]")
#: Letters drawn beside a face: arms and hands (ノ, ヽ, ゞ, σ, m), sparkles and a wink (ミ, 彡, ☆ミ's ミ), and letters
#: of other scripts that kaomoji borrow as strokes (Greek, Cyrillic, Thai, Kannada, Georgian ...).
_HANDS = frozenset("ノヽヾゝゞシツっッミ彡σvVmbdoOcCuUwWyY")


def _letters(text: str) -> list[str]:
    """The runs of letters in ``text`` (NFKC, combining marks aside: ﾟ and ﾞ are strokes)."""
    folded = "".join(ch for ch in unicodedata.normalize("NFKC", text) if unicodedata.category(ch) not in ("Mn", "Me"))
    runs, run = [], ""
    for ch in folded:
        if unicodedata.category(ch)[0] == "L":
            run += ch
            continue
        runs += [run] if run else []
        run = ""
    return runs + ([run] if run else [])


def _face(inside: str) -> bool:
    folded = unicodedata.normalize("NFKC", inside)  # ﾟ is a combining mark here: a stroke, no letter
    marks = [ch for ch in folded if not ch.isspace() and unicodedata.category(ch)[0] not in "LN"]
    numbers = any(unicodedata.category(ch)[0] == "N" for ch in folded)
    return bool(marks) and not numbers and all(len(run) == 1 for run in _letters(inside))


def _drawn(letter: str) -> bool:
    if letter in _HANDS:
        return True
    name = unicodedata.name(letter, "")
    return not name.startswith(("LATIN", "HIRAGANA", "KATAKANA", "CJK"))


def drawing_only(text: str) -> bool:
    """Whether ``text`` is a kaomoji and its decoration only (see the module docstring)."""
    faces = [m for m in _FACE.finditer(text) if _face(m.group(1))]
    if not faces:
        return False
    rest = _FACE.sub(lambda m: " " if _face(m.group(1)) else m.group(), text)
    return all(len(run) == 1 and _drawn(run) for run in _letters(rest))


__all__ = ["drawing_only"]
