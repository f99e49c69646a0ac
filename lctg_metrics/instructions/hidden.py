"""What markup hides: HTML comments and the elements a rendered page does not show, found the way a browser finds them.

An element is hidden when it is one whose content is never shown (script, style, template, head, noscript, and the
``rp`` fallback of a ruby, which every ruby-aware renderer hides), carries a ``hidden`` attribute (``aria-hidden``
hides from screen readers only: a sighted reader sees the text), has an inline style that hides it, carries one of the
conventional hiding classes of the common CSS frameworks (``HIDING_CLASSES``: Bootstrap's sr-only, visually-hidden,
d-none and invisible, Tailwind's hidden and sr-only, WordPress's screen-reader-text, …) without a responsive class
showing it on some screen (``d-none d-md-block``), or has a class, id or element name that a ``<style>`` block of the
response hides. A style hides when it takes the element out (display:none, visibility:hidden), makes its text
invisible (font-size:0, opacity:0, color:transparent, zero width or height, a 1px clipped box) or moves it off screen
(a large negative offset or text-indent, clip:rect(0…), clip-path:inset(50%), transform:scale(0)). The whole element
goes, nested elements of the same name included; an element left open hides the rest of the text, as a browser does.
"""

from __future__ import annotations

import re

#: HTML comments, also one left open at the end.
COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
#: Declarations that hide an element's text (see the module docstring).
HIDING_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|color\s*:\s*transparent"
    r"|(?<![-\w])(?:font-size|opacity|(?:max-)?(?:width|height))\s*:\s*0(?![.\d]*[1-9])"
    r"|(?:left|right|top|bottom|margin-left|margin-top|text-indent)\s*:\s*-\s*\d{3,}"
    r"|clip\s*:\s*rect\(\s*0|clip-path\s*:\s*(?:inset\(\s*50%|circle\(\s*0)|transform\s*:[^;\"']*scale\(\s*0\s*\)"
    r"|transform\s*:[^;\"']*translate[XY]?\(\s*-\s*\d{3,}",
    re.IGNORECASE,
)
#: The screen-reader box (width:1px; height:1px; overflow:hidden) of every sr-only class.
_ONE_PIXEL = re.compile(r"(?<![-\w])(?:width|height)\s*:\s*1px", re.IGNORECASE)
_OVERFLOW_HIDDEN = re.compile(r"overflow\s*:\s*hidden", re.IGNORECASE)
#: Class names the common CSS frameworks and CMSs define as hidden (Bootstrap 3-5, Tailwind, Foundation, Bulma,
#: WordPress, Drupal, jQuery UI, HTML5 Boilerplate, Bulma, UIkit, GOV.UK, USWDS, Angular CDK): no stylesheet is needed
#: to know what they do.
HIDING_CLASSES = frozenset(
    {
        "sr-only",
        "sr-only-focusable",
        "visually-hidden",
        "visually-hidden-focusable",
        "visuallyhidden",
        "hidden-visually",
        "is-visually-hidden",
        "u-visually-hidden",
        "screen-reader-only",
        "screen-reader-text",
        "screenreader-only",
        "screenreader",
        "show-for-sr",
        "element-invisible",
        "element-hidden",
        "offscreen",
        "off-screen",
        "a11y-hidden",
        "assistive-text",
        "ui-helper-hidden",
        "ui-helper-hidden-accessible",
        "hidden",
        "hide",
        "is-hidden",
        "u-hidden",
        "d-none",
        "display-none",
        "invisible",
        "is-invisible",
        "opacity-0",
        "hide-text",
        "text-hide",
        "sr-text",
        "is-sr-only",
        "uk-hidden",
        "slds-assistive-text",
        "govuk-visually-hidden",
        "usa-sr-only",
        "cdk-visually-hidden",
        "nhsuk-u-visually-hidden",
        "visuallyHidden",
        "srOnly",
        "sr_only",
        "a11y-only",
        "hidden-text",
        "hide-visually",
        "vh",
        "visually-hidden-text",
        "screen-reader",
        "hidden-accessible",
    }
)
#: A responsive class that shows an element on some screens (Bootstrap d-md-block, Tailwind md:block): not hidden.
_SHOWN_SOMEWHERE = re.compile(
    r"^(?:d-(?:sm|md|lg|xl|xxl)-(?!none)\w|(?:sm|md|lg|xl|2xl):(?!hidden|sr-only|invisible)"
    r"|not-sr-only$|visible-)"
)
_ALWAYS_HIDDEN_TAGS = frozenset({"script", "style", "template", "head", "noscript", "rp"})
_VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)
_OPEN_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)\b([^<>]*)>")
_ATTRIBUTE = re.compile(r"""([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_STYLE_BLOCK = re.compile(r"<style\b[^<>]*>(.*?)(?:</style\s*>|\Z)", re.DOTALL | re.IGNORECASE)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_SELECTOR_NAME = re.compile(r"([.#])(-?[_a-zA-Z][-_a-zA-Z0-9]*)")


def hides(style: str) -> bool:
    """Whether CSS declarations hide the element's text (see the module docstring)."""
    return bool(HIDING_STYLE.search(style)) or (
        len(_ONE_PIXEL.findall(style)) >= 2 and bool(_OVERFLOW_HIDDEN.search(style))
    )


def _attributes(attrs: str) -> dict[str, str]:
    return {
        m.group(1).lower(): next((g for g in m.groups()[1:] if g is not None), "") for m in _ATTRIBUTE.finditer(attrs)
    }


_TYPE_SELECTOR = re.compile(r"[A-Za-z][A-Za-z0-9-]*")


def stylesheet_hidden(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Classes, ids and element names that a ``<style>`` block of ``text`` hides: each selector's last compound
    (``.note``, ``span.note``, ``#aside``, ``div .note``, a bare ``span``) whose rule hides (CSS comments
    read through)."""
    classes: set[str] = set()
    ids: set[str] = set()
    tags: set[str] = set()
    for block in _STYLE_BLOCK.finditer(text):
        css = re.sub(r"/\*.*?\*/", "", block.group(1), flags=re.DOTALL)
        for rule in _RULE.finditer(css):
            if not hides(rule.group(2)):
                continue
            for selector in rule.group(1).split(","):
                parts = selector.strip().split()
                last = re.sub(r"::?[-\w]+(?:\([^()]*\))?", "", parts[-1]) if parts else ""
                for mark, name in _SELECTOR_NAME.findall(last):
                    (classes if mark == "." else ids).add(name)
                if _TYPE_SELECTOR.fullmatch(last) and last.lower() not in ("html", "body"):
                    tags.add(last.lower())
    return frozenset(classes), frozenset(ids), frozenset(tags)


def _is_hidden(
    tag: str, attrs: dict[str, str], classes: frozenset[str], ids: frozenset[str], tags: frozenset[str]
) -> bool:
    if tag in _ALWAYS_HIDDEN_TAGS or tag in tags or "hidden" in attrs:
        return True
    if hides(attrs.get("style", "")) or attrs.get("id", "") in ids:
        return True
    names = attrs.get("class", "").split()
    if any(_SHOWN_SOMEWHERE.match(name) for name in names):
        return any(
            name in classes for name in names
        )  # shown by its framework on some screens, unless the page hides it
    return any(name in HIDING_CLASSES or name in classes for name in names)


def _element_end(text: str, tag: str, after: int) -> int:
    """Where the element opened just before ``after`` ends: after its balancing close tag, or at the end of the text."""
    depth = 1
    for m in re.finditer(rf"<(/?){re.escape(tag)}\b[^<>]*?(/?)>", text[after:], re.IGNORECASE):
        if m.group(1):
            depth -= 1
        elif not m.group(2):
            depth += 1
        if depth == 0:
            return after + m.end()
    return len(text)


def without_hidden(text: str) -> str:
    """``text`` without HTML comments and without every hidden element (see the module docstring)."""
    text = COMMENT.sub("", text)
    if "<" not in text:
        return text
    classes, ids, tags = stylesheet_hidden(text)
    out, position = [], 0
    for m in _OPEN_TAG.finditer(text):
        if m.start() < position:
            continue
        tag = m.group(1).lower()
        if (
            tag in _VOID_TAGS
            or m.group(2).rstrip().endswith("/")
            or not _is_hidden(tag, _attributes(m.group(2)), classes, ids, tags)
        ):
            continue
        out.append(text[position : m.start()])
        position = _element_end(text, tag, m.end())
    return "".join(out) + text[position:]


__all__ = ["COMMENT", "HIDING_CLASSES", "HIDING_STYLE", "hides", "stylesheet_hidden", "without_hidden"]
