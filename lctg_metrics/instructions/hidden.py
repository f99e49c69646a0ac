"""What markup hides and draws: HTML comments, the elements a rendered page does not show, and the text CSS draws or
turns round, found the way a browser finds them.

An element is hidden when it is one whose content is never shown (script, style, template, head, noscript, the
``rp`` fallback of a ruby, which every ruby-aware renderer hides, and the fallback text of an embedded element or of
a ``<progress>`` or ``<meter>``, drawn as a bar: round 22), carries a ``hidden`` attribute (``aria-hidden``
hides from screen readers only: a sighted reader sees the text), carries one of the conventional hiding classes of the
common CSS frameworks (``HIDING_CLASSES``: Bootstrap's sr-only, visually-hidden, d-none and invisible, Tailwind's
hidden and sr-only, WordPress's screen-reader-text, …) without a responsive class showing it on some screen
(``d-none d-md-block``), or when its declarations (its SVG presentation attributes, the response's own ``<style>``
rules for it, cascaded as ``stylesheet`` reads them, then its inline style, with what it inherits from the elements
around it: colour, size, visibility, and the background they paint behind it) leave its text unseen (``unseen``:
display:none, a size or scale too small to read, a transparent colour or the background's own colour, off screen,
clipped to nothing, …) and no ``@media`` rule shows it on some screen. Attribute values are read with their HTML
entities decoded (``display:&#110;one`` is display:none), as a browser reads them. The whole element goes, nested
elements of the same name included (an element left open hides the rest of the text, as a browser does), but for the
descendants that set again what hid it by inheritance (visibility:visible inside visibility:hidden, a colour inside a
transparent one, 16px inside font-size:0). Of a closed ``<details>`` only its ``<summary>`` shows (2.6), as of a
closed ``<dialog>`` nothing. Of an ``<svg>`` only its text elements and ``<foreignObject>`` draw characters (round
22). An element's opacity multiplies its descendants' (0.3 inside 0.3 is 0.09; round 12), and a line-clamped box
(display:-webkit-box, -webkit-line-clamp:N, overflow cut) shows its first N lines, counted by explicit line breaks
only (round 12).

What a shown element draws is put in: the generated ``content`` of its ``::before`` and ``::after`` rules (strings,
attr(), quotes; those of html, body and :root at the page's start and end), a list item's ``::marker`` content or
string ``list-style-type``, a text box's value (or its placeholder while empty), and the letters of a
``<bdo dir="rtl">`` or of an element with ``direction: rtl`` (or dir="rtl") and ``unicode-bidi: bidi-override``,
shown in reverse order (``<bdo dir="rtl">ホマス</bdo>`` reads スマホ).
"""

from __future__ import annotations

import html
import re

import regex

from lctg_metrics.instructions.clipping import clip_height, lines_shown
from lctg_metrics.instructions.css import DIMENSION, FONT_PX, colour, declarations, fraction, length_px
from lctg_metrics.instructions.elements import element_end, svg_drawn
from lctg_metrics.instructions.framework_styles import declared
from lctg_metrics.instructions.frameworks import HIDING_CLASSES, SHOWN_SOMEWHERE
from lctg_metrics.instructions.siblings import place
from lctg_metrics.instructions.stylesheet import PAGE, Rule, computed, generated, media_blocks, presentational, rules
from lctg_metrics.instructions.unseen import unseen

#: HTML comments, also one left open at the end.
COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
#: Elements never shown: the HTML rendering section's hidden elements whole (HTML 15.3.1, 2.8), MathML annotations
#: (r15) and mphantom (blank space, r17), SVG definitions, descriptions, and the fallback of embedded elements.
_ALWAYS_HIDDEN_TAGS = frozenset(
    {"area", "base", "basefont", "datalist", "head", "link", "meta", "noembed", "noframes", "param", "rp"}
    | {"script", "style", "template", "title", "noscript", "annotation", "annotation-xml", "mphantom"}
    | {"defs", "symbol", "clippath", "lineargradient", "radialgradient", "desc", "metadata"}
    | {"mask", "pattern", "marker", "filter"}  # SVG's never-rendered elements: drawn only where referenced (r23)
    | {"iframe", "canvas", "video", "audio"}  # their content is a fallback for browsers without them
    | {"progress", "meter", "fencedframe", "portal"}  # a bar or gauge is drawn, the text inside is a fallback (r22)
)
_VOID_TAGS = frozenset(
    {"area", "base", "basefont", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source"}
    | {"track", "wbr"}
)
_OPEN_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)\b([^<>]*)>")
_ATTRIBUTE = re.compile(r"""([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_TAG = re.compile(r"<[^<>]*>")
_GRAPHEME = regex.compile(r"\X")


def hides(style: str) -> bool:
    """Whether an inline style leaves the element's text unseen (see ``unseen``)."""
    return unseen(declarations(style))


def _attributes(attrs: str) -> dict[str, str]:
    """Attribute names (lower case) and values, entities decoded as a browser decodes them."""
    return {
        m.group(1).lower(): html.unescape(next((g for g in m.groups()[1:] if g is not None), ""))
        for m in _ATTRIBUTE.finditer(attrs)
    }


#: Inherited properties a descendant may set again to show its own text (visibility:visible inside
#: visibility:hidden, a colour inside a transparent one, 16px inside the font-size:0 of the inline-block gap idiom).
_INHERITED = frozenset(
    {"visibility", "color", "-webkit-text-fill-color", "font-size", "font", "text-shadow", "-webkit-text-stroke"}
    | {"letter-spacing", "list-style", "list-style-type"}
)
#: Input types that show their value (or, while empty, their placeholder) as text in the box.
_TEXT_INPUTS = frozenset({"text", "search", "email", "tel", "url", "number", "submit", "button", "reset"})
#: The summary of a ``<details>`` element: all of a closed one that shows.
_SUMMARY = re.compile(r"<summary\b[^>]*>.*?</summary\s*>", re.IGNORECASE | re.DOTALL)
#: A background is not inherited but is painted behind the descendants that have none of their own.
_PAINTED = ("background", "background-color")


def _declared(sheet: tuple[Rule, ...], tag: str, attrs: dict[str, str], media: int = 0) -> dict[str, str]:
    """An element's declarations: its presentation attributes, what its framework classes declare
    (``framework_styles``), then the cascade of ``stylesheet.computed``."""
    return {
        **presentational(tag, attrs),
        **declared(attrs.get("class", "")),
        **computed(sheet, tag, attrs, media=media),
    }


def _hiding(
    tag: str, attrs: dict[str, str], sheet: tuple[Rule, ...], context: dict[str, str], decls: dict[str, str]
) -> str:
    """How an element is hidden: "" (shown), "whole", or "inherited" (only by properties its descendants inherit
    and may set again); ``decls`` are its declarations over ``context``, what it inherits from its parent (and the
    background painted behind it)."""
    if tag in _ALWAYS_HIDDEN_TAGS or "hidden" in attrs or (tag == "dialog" and "open" not in attrs):
        return "whole"
    if tag == "object" and (attrs.get("data", "").strip() or attrs.get("type", "").strip()):
        return "whole"
    if "popover" in attrs:  # r7: a popover is not shown until a script or a button opens it
        return "whole"
    if unseen(decls):
        screens = media_blocks(sheet, tag, attrs)
        if not all(unseen(_passed_on(_declared(sheet, tag, attrs, m), context)) for m in screens):
            return ""  # shown on some screens
        own = {name: value for name, value in decls.items() if not _inherits(name)}
        return "whole" if unseen(own) else "inherited"
    names = attrs.get("class", "").split()
    if any(SHOWN_SOMEWHERE.match(name) for name in names):
        return ""  # shown by its framework on some screens
    return "whole" if any(name in HIDING_CLASSES for name in names) and not _shown_by_sheet(sheet, tag, attrs) else ""


def _passed_on(decls: dict[str, str], inherited: dict[str, str]) -> dict[str, str]:
    """An element's declarations over what it inherits (and the background painted behind it); a relative font size
    (em, %) is of the inherited one, and a transparent background of its own lets the painted one show."""
    own = {
        name: value
        for name, value in decls.items()
        if not (name in _PAINTED and (colour(value) or (0, 0, 0, 1.0))[3] == 0)
    }
    merged = {**inherited, **own}
    above, mine = fraction(inherited.get("opacity", "1")), fraction(own.get("opacity", "1"))
    if above is not None and mine is not None and "opacity" in inherited:  # 0.3 inside 0.3 shows at 0.09 (round 12)
        merged["opacity"] = f"{max(0.0, min(1.0, above)) * max(0.0, min(1.0, mine)):.6g}"
    size, parent = decls.get("font-size", ""), length_px(inherited.get("font-size", ""), FONT_PX)
    found = DIMENSION.match(size.strip())
    if found and parent is not None and found.group(2).lower() in ("em", "%"):
        factor = float(found.group(1)) / (100 if found.group(2) == "%" else 1)
        merged["font-size"] = f"{factor * parent}px"
    return merged


def _reshown(text: str, start: int, end: int, inherited: dict[str, str], sheet: tuple[Rule, ...]) -> str:
    """What shows of ``text[start:end]``, the content of an element hidden only by inherited properties: the
    descendants that set them again (their text as rendered), nothing else."""
    out, position = [], start
    for m in _OPEN_TAG.finditer(text, start, end):
        tag = m.group(1).lower()
        if m.start() < position or tag in _VOID_TAGS or m.group(2).rstrip().endswith("/"):
            continue
        attrs = _attributes(m.group(2))
        close, stop = (min(i, end) for i in element_end(text, tag, m.end()))
        position = stop
        merged = _passed_on(_declared(sheet, tag, attrs), inherited)
        if _hiding(tag, attrs, sheet, inherited, merged) == "whole":
            continue
        if not unseen(merged):
            out.append(_render(text[m.start() : stop], sheet, inherited))
        else:
            out.append(_reshown(text, m.end(), close, _kept(merged), sheet))
    return "".join(out)


def _inherits(name: str) -> bool:
    """Whether a child inherits the property (custom properties, ``--x``, all do)."""
    return name in _INHERITED or name.startswith("--")


def _kept(decls: dict[str, str]) -> dict[str, str]:
    """What an element passes on to its children: the inherited properties, the background painted behind them and
    its opacity, which a child's own multiplies (round 12) and cannot undo."""
    return {name: value for name, value in decls.items() if _inherits(name) or name in _PAINTED or name == "opacity"}


def _shown_by_sheet(sheet: tuple[Rule, ...], tag: str, attrs: dict[str, str]) -> bool:
    """A framework's hiding class that the page's own rule for the element overrides (``.hidden{display:block}``)."""
    decls = computed(sheet, tag, {**attrs, "style": ""})
    return decls.get("display", "").lower() not in ("", "none") and not unseen(decls)


def _overridden_rtl(tag: str, attrs: dict[str, str], decls: dict[str, str]) -> bool:
    rtl = attrs.get("dir", "").lower() == "rtl" or decls.get("direction", "").lower() == "rtl"
    override = tag == "bdo" or decls.get("unicode-bidi", "").lower() in ("bidi-override", "isolate-override")
    return rtl and override


def _reversed(inner: str, sheet: tuple[Rule, ...], context: dict[str, str]) -> str:
    """The letters of an overridden right-to-left element as shown: each line's characters in reverse order."""
    shown = html.unescape(_TAG.sub("", _render(inner, sheet, context)))
    lines = ("".join(reversed(_GRAPHEME.findall(line))) for line in shown.split("\n"))
    return html.escape("\n".join(lines), quote=False)


def _render(text: str, sheet: tuple[Rule, ...], context: dict[str, str] | None = None) -> str:
    """``text`` with hidden elements out and what CSS draws put in; each element is judged with what it inherits
    from the elements around it (``context`` for the outermost ones)."""
    edits: list[tuple[int, int, str]] = []
    open_elements: list[tuple[int, dict[str, str]]] = []  # (where it closes, what it passes on)
    position = 0
    for m in _OPEN_TAG.finditer(text):
        tag = m.group(1).lower()
        if m.start() < position or (tag in _VOID_TAGS and tag != "input") or m.group(2).rstrip().endswith("/"):
            continue
        while open_elements and open_elements[-1][0] <= m.start():
            open_elements.pop()
        here = open_elements[-1][1] if open_elements else context or {}
        attrs = _attributes(m.group(2)) | place(text, m.start(), element_end(text, tag, m.end())[1])  # :last-child
        decls = _passed_on(_declared(sheet, tag, attrs), here)
        if tag == "input":
            if attrs.get("type", "text").lower() in _TEXT_INPUTS and not _hiding(tag, attrs, sheet, here, decls):
                edits.append((m.end(), m.end(), html.escape(attrs.get("value") or attrs.get("placeholder", ""))))
            continue
        hiding = _hiding(tag, attrs, sheet, here, decls)
        close, end = element_end(text, tag, m.end())
        if not hiding and tag == "details" and "open" not in attrs:  # closed: only its summary shows (2.6)
            position = end
            summary = _SUMMARY.search(text, m.end(), close)
            shown = _render(summary.group(), sheet, _kept(decls)) if summary else ""
            edits.append((m.start(), end, m.group() + shown + text[close:end]))
            continue
        if hiding:
            position = end
            shown = _reshown(text, m.end(), close, _kept(decls), sheet) if hiding == "inherited" else ""
            edits.append((m.start(), end, m.group() + shown + text[close:end] if shown else ""))
            continue
        if _overridden_rtl(tag, attrs, decls):
            position = end
            edits.append((m.end(), close, _reversed(text[m.end() : close], sheet, _kept(decls))))
            continue
        cut = _clamped(text, m.end(), close, decls)
        if cut is not None:  # -webkit-line-clamp: the lines after the N-th are not drawn (round 12)
            edits.append((cut, close, ""))
        open_elements.append((close, _kept(decls) | clip_height(decls)))  # its fixed height, if it cuts overflow
        if tag == "li":
            edits.append((m.end(), m.end(), html.escape(_string_marker(decls), quote=False)))
        if tag == "textarea" and not text[m.end() : close].strip():
            edits.append((m.end(), m.end(), html.escape(attrs.get("placeholder", ""), quote=False)))
        for pseudo, at in (("before", m.end()), ("marker", m.end()), ("after", close)):
            if pseudo == "marker" and tag != "li":
                continue
            drawn_by = computed(sheet, tag, attrs, pseudo)
            drawn = "" if unseen(_passed_on(drawn_by, _kept(decls))) else generated(drawn_by, attrs, decls, tag, pseudo)
            if drawn:
                edits.append((at, at, html.escape(drawn, quote=False)))
    out, done = [], 0
    for start, end, replacement in sorted(edits, key=lambda e: e[0]):
        if start < done:
            continue
        out.append(text[done:start] + replacement)
        done = end
    return "".join(out) + text[done:]


#: What ends a line inside a box: a <br>, or the end or start of a block element.
_LINE_END = re.compile(r"<br\b[^>]*>|</?(?:p|div|li|h[1-6]|ul|ol|blockquote|section|article|tr)\b[^>]*>", re.I)


def _clamped(text: str, start: int, close: int, decls: dict[str, str]) -> int | None:
    """Where the drawn text of a line-clamped box ends (display:-webkit-box, -webkit-line-clamp:N, or a fixed height of
    N lines, overflow cut: ``clipping.lines_shown``): after its N-th line, counted by explicit line breaks only (a
    long line's wrapping depends on a width not known, so text on the first N lines always shows), or None."""
    clamp = lines_shown(decls)
    if clamp is None:
        return None
    lines, seen_text = 0, False
    for found in _LINE_END.finditer(text, start, close):
        seen_text = seen_text or bool(re.sub(r"<[^>]*>|\s", "", text[start : found.start()]))
        if seen_text:
            lines += 1
            start, seen_text = found.end(), False
            if lines >= int(clamp):  # keep a closing tag or <br> whole, cut before an opening one
                return found.start() if re.match(r"<(?!br|/)", found.group(), re.I) else found.end()
    return None


def _string_marker(decls: dict[str, str]) -> str:
    """The string a list item's marker draws (``list-style-type: "スマホ"``, inherited from its list)."""
    style = decls.get("list-style-type") or decls.get("list-style", "")
    found = re.search(r"\"([^\"]*)\"|'([^']*)'", style)
    return "" if not found else found.group(1) if found.group(1) is not None else found.group(2)


def without_hidden(text: str) -> str:
    """``text`` without HTML comments and hidden elements, with what CSS draws put in (see the module docstring)."""
    text = COMMENT.sub("", text)
    if "<" not in text:
        return text
    text = svg_drawn(text)
    sheet = rules(text)
    page = [generated(computed(sheet, PAGE, {}, pseudo), {}) for pseudo in ("before", "after")]
    root = _kept(computed(sheet, PAGE, {}))  # what html, body and :root pass on (colours, sizes, custom properties)
    return html.escape(page[0], quote=False) + _render(text, sheet, root) + html.escape(page[1], quote=False)


__all__ = ["COMMENT", "HIDING_CLASSES", "hides", "without_hidden"]
