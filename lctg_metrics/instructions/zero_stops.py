"""Zero digits of other scripts where 。 stands (round 19): the zero of most scripts is drawn as a small dot or ring
(Arabic ٠, Persian ۰, Devanagari ०, Myanmar ၀ …), and one standing alone after a Japanese sentence that ends in a
predicate's final form or a final particle (「今日は晴れです۰明日は…」), or in a noun said of a topic (明日は晴れ۰),
closes that sentence to a reader: it is 。.

The class is every decimal digit zero that Unicode files outside ASCII and that NFKC does not fold to 0 (so not the
full-width or mathematical zeros, which are digits to a reader), taken from the Unicode database, not typed by hand.
A zero inside a number of its script (۲۰۲۶) follows a digit, not a Japanese letter, and stays; one after a particle or
after a noun with no topic before it (「ゼロは۰と書きます」, 「ペルシア語のゼロは۰」) names the digit and stays too.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

#: Every decimal zero of another script (not folded to 0 by NFKC).
ZEROS = "".join(
    chr(code)
    for code in range(0x80, 0x20000)
    if unicodedata.category(chr(code)) == "Nd"
    and unicodedata.decimal(chr(code)) == 0
    and unicodedata.normalize("NFKC", chr(code)) != "0"
)
_ALONE = re.compile(rf"(?<=[ぁ-ゖァ-ヺー一-鿿々])[{ZEROS}](?![{ZEROS}\d])")
_SENTENCE_END = re.compile(r"[。！？!?\n]")


def _says_of_topic(before: str, morph: Any) -> bool:
    """A noun-final sentence saying something of a topic (明日は晴れ۰), as for the circles of ``roles``."""
    words = morph.content_tail(before)
    return morph.ends_nominally(before) and any(m.surface in ("は", "が") and m.pos1 == "助詞" for m in words[1:-1])


@lru_cache(maxsize=2048)
def read_zeros(text: str) -> str:
    """``text`` with each zero of another script in the role of 。 read as 。 (see the module docstring)."""
    if not any(ch in ZEROS for ch in text):
        return text
    from lctg_metrics.instructions import morph  # noqa: PLC0415 - the analyser only when such a zero is there

    chars = list(text)
    for m in _ALONE.finditer(text):
        before = _SENTENCE_END.split(text[: m.start()])[-1]
        if morph.ends_finally(before) or _says_of_topic(before, morph):
            chars[m.start()] = "。"
    return "".join(chars)


__all__ = ["ZEROS", "read_zeros"]
