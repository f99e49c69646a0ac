"""Elements as the HTML parser pairs them, and what an ``<svg>`` draws (round 22): an element's end is the close tag
that balances it (a close tag with nothing open is ignored, as a browser ignores it); SVG draws characters only
inside its text elements and a ``<foreignObject>``, and of those only the ones inside what it shows (``svg_view``,
round 23)."""

from __future__ import annotations

import re
from functools import lru_cache

from lctg_metrics.instructions.svg_view import within_view

#: Any start or end tag: (1) "/" for an end tag, (2) the name, (3) "/" for a self-closing one.
ANY_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)\b[^<>]*?(/?)>")


def element_end(text: str, tag: str, after: int) -> tuple[int, int]:
    """Where the element opened just before ``after`` ends: (start, end) of its balancing close tag, or the end of the
    text twice."""
    return _balanced(text).get(after, (len(text), len(text)))


@lru_cache(maxsize=64)
def _balanced(text: str) -> dict[int, tuple[int, int]]:
    """Each open tag's end, paired with the (start, end) of the close tag that balances it (one pass, a stack per
    element name; a close tag with nothing open is ignored, as a browser ignores it)."""
    stacks: dict[str, list[int]] = {}
    pairs: dict[int, tuple[int, int]] = {}
    for m in ANY_TAG.finditer(text):
        name = m.group(2).lower()
        if m.group(1):
            if stacks.get(name):
                pairs[stacks[name].pop()] = (m.start(), m.end())
        elif not m.group(3):
            stacks.setdefault(name, []).append(m.end())
    return pairs


#: SVG draws characters only inside a text element (``<text>``, with its ``<tspan>`` and ``<textPath>``) or as the
#: HTML of a ``<foreignObject>``; characters loose in an ``<svg>``, a ``<g>`` or a shape are never drawn (round 22).
_SVG_OPEN = re.compile(r"<svg\b[^<>]*>", re.IGNORECASE)
_SVG_DRAWS = frozenset({"text", "foreignobject"})
#: HTML start tags that end SVG content where they stand (the HTML parser's breakout from foreign content): what
#: follows is HTML and is shown.
_BREAKOUT = frozenset(
    {"b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "head", "hr"}
    | {"i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span"}
    | {"strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var", "h1", "h2", "h3", "h4", "h5", "h6"}
)


def svg_drawn(text: str) -> str:
    """``text`` with the characters an ``<svg>`` element holds outside its text elements removed (``_SVG_DRAWS``);
    an ``<svg>`` left open, and what follows an HTML tag that breaks out of it, are left as written."""
    if not _SVG_OPEN.search(text):
        return text
    out, position = [], 0
    for m in _SVG_OPEN.finditer(text):
        if m.start() < position or m.group().rstrip(">").rstrip().endswith("/"):
            continue
        close, end = element_end(text, "svg", m.end())
        if close == end:  # never closed
            continue
        out.append(text[position : m.end()] + _drawn_in_svg(within_view(m.group(), text[m.end() : close])))
        position = close
    return "".join(out) + text[position:]


def _drawn_in_svg(inner: str) -> str:
    out, position, depth = [], 0, 0
    for m in ANY_TAG.finditer(inner):
        name = m.group(2).lower()
        loose = inner[position : m.start()]
        out.append(loose if depth or not loose.strip() else "")
        if depth == 0 and not m.group(1) and name in _BREAKOUT:
            return "".join(out) + inner[m.start() :]
        out.append(m.group())
        if name in _SVG_DRAWS and not m.group(3):
            depth += -1 if m.group(1) else 1
            depth = max(depth, 0)
        position = m.end()
    tail = inner[position:]
    return "".join(out) + (tail if depth or not tail.strip() else "")


__all__ = ["ANY_TAG", "element_end", "svg_drawn"]
