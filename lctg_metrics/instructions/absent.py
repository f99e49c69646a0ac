"""Text about other text that is not there (checkers 2.8, round 17): a table of contents naming sections the response
does not hold (目次：一、結論　二、理由　三、補足) describes text, and is no text toward a minimum length. A table of
contents whose sections follow is the response's own outline and counts."""

from __future__ import annotations

import re

#: A table of contents at the start of a sentence or line, and its separator.
_CONTENTS = re.compile(r"\s*(?:目次|もくじ|章立て|構成|contents|table of contents)\s*[:：]?\s*", re.IGNORECASE)
#: Numbering and separators between the items (一、 2. ③ 第1章).
_NUMBERING = re.compile(r"^(?:第?[一二三四五六七八九十\d]+[章節部]?|[①-⑳]|[IVX]+)[、.．)）:：]?")
_SEPARATORS = re.compile(r"[\s\u3000、,，/／・|｜→＞>]+")


def _items(listing: str) -> list[str]:
    found = []
    for token in _SEPARATORS.split(listing):
        item = _NUMBERING.sub("", token).strip("。.")
        if item:
            found.append(item)
    return found


def absent_contents(sentence: str, text: str) -> bool:
    """Whether ``sentence`` is a table of contents of two items or more, most of which (half or more) appear nowhere
    else in ``text``: the sections it lists are not there."""
    opening = _CONTENTS.match(sentence)
    if opening is None:
        return False
    items = _items(sentence[opening.end() :])
    rest = text.replace(sentence, "", 1)
    missing = sum(item not in rest for item in items)
    return len(items) >= 2 and 2 * missing >= len(items)


__all__ = ["absent_contents"]
