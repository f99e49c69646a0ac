"""Letters the reader's view keeps as written that a reader reads as a Latin letter beside one (round 19): the Roman
numerals and the circled letters (``visible`` keeps them, as numbers and enclosed signs are one character each), each
of which NFKC folds to one Latin letter. Beside a Latin letter or another look-alike of one they spell a word:
ⅮⲬ (Roman Ⅾ, Coptic Ⲭ) is DX, ⓐⓘ is ai. The class is taken from the Unicode database: every character of those
blocks whose NFKC form is exactly one ASCII letter (Ⅻ, three letters, and ⑫, a number, are none).
"""

from __future__ import annotations

import unicodedata

#: The blocks ``visible`` keeps as written: Number Forms (Roman numerals) and Enclosed Alphanumerics.
_KEPT_BLOCKS = (range(0x2160, 0x2189), range(0x2460, 0x2500))
#: Each kept character and the Latin letter NFKC folds it to.
LATIN_KEPT = {
    chr(code): folded
    for block in _KEPT_BLOCKS
    for code in block
    if len(folded := unicodedata.normalize("NFKC", chr(code))) == 1 and folded.isascii() and folded.isalpha()
}

__all__ = ["LATIN_KEPT"]
