"""A hyphenated English keyword in its Japanese spelling (round 16): T-shirt is Tシャツ, e-sports eスポーツ, e-mail
Eメール. Japanese keeps the letter and writes the word after the hyphen as a katakana loan; the analyser files the
loan under its English source (シャツ-shirt, スポーツ-sport), so the letter (any case or width) followed by a loan of
that source (a plural s aside) is the keyword. Only a one-letter head is read so: a longer head (Wi-Fi, check-in) is
written in katakana whole and has a source of its own.
"""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions import morph

_KEY = re.compile(r"([a-z])-([a-z]+)")


def spans(text: str, key: str) -> list[tuple[int, int]]:
    """Where ``text`` writes the hyphenated keyword ``key`` as its letter and a katakana loan (Tシャツ for T-shirt)."""
    found = _KEY.fullmatch(unicodedata.normalize("NFKC", key).lower())
    if found is None:
        return []
    letter, word = found.groups()
    cut = morph.spans(text)
    out = []
    for (a, _, first), (_, d, second) in zip(cut, cut[1:], strict=False):
        source = second.lemma.partition("-")[2].lower()
        same_letter = unicodedata.normalize("NFKC", first.surface).lower() == letter
        if same_letter and re.fullmatch(r"[ァ-ヺー]+", second.surface) and source and word in (source, source + "s"):
            out.append((a, d))
    return out


__all__ = ["spans"]
