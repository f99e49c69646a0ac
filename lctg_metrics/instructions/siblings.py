"""An element's place among its siblings, for the structural pseudo-classes of the response's own stylesheet
(checkers 2.8, round 17): ``:first-child``, ``:last-child`` and ``:only-child`` are read as attributes the renderer
gives each element (``place``), so ``p span:last-child{display:none}`` hides the last span of a paragraph. Text
between elements is no sibling, as in CSS; other structural pseudo-classes (``:nth-child()``) stay unresolved."""

from __future__ import annotations

import re

#: The attribute each structural pseudo-class is read as (``stylesheet`` rewrites the selector to it).
PSEUDO_CLASS = {"first-child": "reader-first-child", "last-child": "reader-last-child"}
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^<>]*?(/?)>")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


def _opens(found: re.Match[str]) -> bool:
    return not found.group(1) and not found.group(3) and found.group(2).lower() not in _VOID


def place(text: str, start: int, end: int) -> dict[str, str]:
    """The structural attributes of the element written from ``start`` to ``end`` in ``text``: first child when the
    tag before it opens its parent (or there is none), last child when the tag after it closes its parent."""
    before = [found for found in _TAG.finditer(text, 0, start) if found.end() <= start]
    after = _TAG.search(text, end)
    out = {}
    if not before or _opens(before[-1]):
        out[PSEUDO_CLASS["first-child"]] = ""
    if after is None or after.group(1):
        out[PSEUDO_CLASS["last-child"]] = ""
    return out


def as_attributes(selector: str) -> str:
    """``selector`` with :first-child, :last-child and :only-child written as the attributes ``place`` gives."""
    selector = re.sub(r":only-child\b", ":first-child:last-child", selector, flags=re.IGNORECASE)
    return re.sub(
        r":(first-child|last-child)\b", lambda m: f"[{PSEUDO_CLASS[m.group(1).lower()]}]", selector, flags=re.I
    )


__all__ = ["PSEUDO_CLASS", "as_attributes", "place"]
