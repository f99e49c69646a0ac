"""Latin abbreviations whose dot ends no sentence (checkers 2.8, round 19): Mt. Fuji, Dr. Smith, St. Louis, No. 1,
e.g. and U.S. keep the sentence going, so an English restatement holding one (Mt. Fuji is 3,776 meters high.) is
read as the one English sentence it is (``foreign``)."""

from __future__ import annotations

import re

#: A title or place word with its dot (Mt., Dr., Mrs., St., No., Jr.), a Latin abbreviation (e.g., i.e., vs., cf.)
#: or letters with dots (U.S., A.I.).
_ABBREVIATION = re.compile(
    r"\b(?:Mt|Mts|Mr|Mrs|Ms|Dr|St|Ste|No|Nos|Jr|Sr|Prof|Inc|Ltd|Co|Corp|Ave|Vol|Fig|approx|e\.g|i\.e|vs|cf|etc"
    r"|(?:[A-Za-z]\.)+[A-Za-z])\.$"
)


def sentence_parts(sentence: str) -> list[str]:
    """``sentence`` split after each . ! or ? followed by more text, except after an abbreviation's dot."""
    parts: list[str] = []
    for piece in re.split(r"(?<=[.!?])(?=\s*\S)", sentence):
        if parts and _ABBREVIATION.search(parts[-1].rstrip()):
            parts[-1] += piece
        else:
            parts.append(piece)
    return parts


__all__ = ["sentence_parts"]
