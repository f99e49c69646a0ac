"""The marks of a markdown layout, which a reader sees as layout and not as characters of the text (round 27).

The reader's view (``visible``) keeps the block structure so that the sentence, paragraph and heading rules see it: a
heading's ``#``, a list's bullet (``-``, ``*``, ``+``), a quotation's ``>``, rules (``---``, ``***``, a heading's
``===`` underline) and a table's pipes and alignment row. Rendered, none of them is a character of the text: the
heading is drawn large, the bullet as a dot, the quotation as a bar, the table as cells. A count of characters
(``length:chars``) reads the text without them. A numbered list's 1. 2. is drawn as written and counts, and so do the
marks written as text: the middle dot ・ of a Japanese list, ■ or ※ before a line, # glued to a word (#旅行).
"""

from __future__ import annotations

import re

_HEADING = re.compile(r"^([ \t]{0,3})#{1,6}(?=[ \t]|$)(.*?)(?:[ \t]+#+)?[ \t]*$", re.MULTILINE)
_BULLET = re.compile(r"^([ \t]*)[-*+](?=[ \t]+\S)", re.MULTILINE)
_QUOTE = re.compile(r"^([ \t]{0,3})(?:>[ \t]?)+", re.MULTILINE)
_RULE = re.compile(r"^[ \t]{0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|=+)[ \t]*$", re.MULTILINE)
_ALIGNMENT = re.compile(r"^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?$", re.MULTILINE)


def without_layout_marks(text: str) -> str:
    """``text`` without the markdown layout marks a renderer draws as layout (see the module docstring)."""
    tabled = _ALIGNMENT.search(text) is not None
    text = _RULE.sub("", _ALIGNMENT.sub("", text))
    text = _HEADING.sub(r"\1\2", text)
    for _ in range(3):  # a bullet inside a quotation inside a bullet
        text = _BULLET.sub(r"\1", _QUOTE.sub(r"\1", text))
    if tabled:
        text = "\n".join(line.replace("|", " ") if "|" in line else line for line in text.split("\n"))
    return text


__all__ = ["without_layout_marks"]
