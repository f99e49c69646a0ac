"""Laughter written as marks (round 19), for the format checkers that count content: a run of ｗ (the first letter of
warau, typed full or half width, any case: ｗｗｗ, wwww) or of 笑, with or without brackets ((笑), （ｗ）) and marks,
says nothing; it is a reaction, like a run of one syllable (ははは, ``hollow.syllable_run``). Half-width www and WWW
exactly are also the web's prefix and are left as written (「www」 may name it); a quotation that says something
beside the marks (「ｗｗｗ、それは面白い」) is said.
"""

from __future__ import annotations

import re
import unicodedata

_MARKS = re.compile(r"[\s（）()「」〜~！!？?。．.、，,…‥・♪☆★]+")
#: w, 笑 and their net forms 爆笑, 草 and 大草原 (round 21).
_LAUGHTER = re.compile(r"(?:w+|笑+|爆笑|草+|大草原)+", re.IGNORECASE)
_WEB = frozenset({"www", "WWW"})


def marks_only(text: str) -> bool:
    """Whether ``text`` holds only laughter marks (see the module docstring)."""
    bare = _MARKS.sub("", text)
    if not bare or bare in _WEB:
        return False
    return _LAUGHTER.fullmatch(unicodedata.normalize("NFKC", bare)) is not None


__all__ = ["marks_only"]
