"""The response's own ``<style>`` blocks read as a browser cascades them onto an element: which declarations an
element (or its ``::before``, ``::after`` or ``::marker``) gets, and the text its generated ``content`` draws.

Selectors are resolved on the element alone: a selector's last compound of a type (``span``, ``*``), classes and an
id (``span.note#a``); combinators only bound that compound (``div > .note`` is read as ``.note``). A compound with a
pseudo-class (:hover, :nth-child()) cannot be resolved on the element and is skipped (a whole-compound :is() or
:where() is read as its list); 2.8: attribute selectors (``[data-x]``, ``[lang="ja"]``, ``~=``, ``^=``, ``$=``,
``*=``) and ``:not()`` of a compound of these are resolved on the element's own attributes (round 7), and
:first-child, :last-child and :only-child on its place among its siblings (``siblings``, round 17),
and rules for html, body and :root are the page's own (``PAGE``: what it passes on, what its ::before and ::after
draw). Rules cascade by specificity, then
order; the inline style comes last. Rules inside ``@media`` other than screen or all apply on some screens only
(``media_blocks``); ``@media print`` and other at-rules with blocks (``@keyframes``, ``@font-face``) are skipped.
The ``<style>`` text is raw text: HTML entities in it are not decoded (a browser does not either), CSS escapes are.
Declarations written as attributes (SVG presentation attributes, ``<font color>``) come first (``presentational``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from lctg_metrics.instructions.css import declarations, important, split_outside, unescape
from lctg_metrics.instructions.siblings import as_attributes

_STYLE_BLOCK = re.compile(r"<style\b[^<>]*>(.*?)(?:</style\s*>|\Z)", re.DOTALL | re.IGNORECASE)
_COMPOUND = re.compile(r"^(\*|[A-Za-z][A-Za-z0-9-]*)?((?:[.#]-?[_A-Za-z][-_A-Za-z0-9]*)*)$")
_PSEUDO_ELEMENT = re.compile(r"::?(before|after|marker)$", re.IGNORECASE)
#: The type a rule for the page itself (html, body, :root) gets: its ::before and ::after are drawn at the page's
#: start and end, whether or not the response writes an html or body element.
PAGE = ":page"
#: SVG elements whose presentation attributes style their text, and the attributes read as declarations.
_SVG_TAGS = frozenset({"svg", "g", "text", "tspan", "textpath", "switch", "foreignobject"})
_SVG_PROPERTIES = ("opacity", "display", "visibility", "font-size", "transform", "width", "height", "clip-path")
#: The parts of a ``content`` value that draw text: strings, attr(name), open-quote and close-quote.
_CONTENT_PART = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'|attr\(\s*([-\w]+)[^()]*\)|(open|close)-quote")
#: What ``content: open-quote`` draws in a Japanese page (the UA stylesheet's quotes for ja).
_QUOTES = ("「", "」")


@dataclass(frozen=True)
class Rule:
    """One selector of a style rule: the compound it matches, the pseudo-element ('', 'before', 'after'), its
    specificity (ids, classes, types), its place in the sheet, its declarations, and its ``@media`` block (0 for
    rules that always apply)."""

    tag: str
    classes: frozenset[str]
    id: str
    pseudo: str
    specificity: tuple[int, int, int]
    order: int
    declarations: Mapping[str, str]
    media: int = 0
    important: Mapping[str, str] = field(default_factory=dict)

    #: Attribute conditions (name, operator, value) and ``:not()`` compounds (2.8).
    attributes: tuple[tuple[str, str, str], ...] = ()
    negated: tuple[Compound, ...] = ()

    def matches(self, tag: str, classes: frozenset[str], id_: str, attrs: Mapping[str, str] | None = None) -> bool:
        own = Compound(self.tag, self.classes, self.id, self.attributes)
        return own.matches(tag, classes, id_, attrs or {}) and not any(
            n.matches(tag, classes, id_, attrs or {}) for n in self.negated
        )


@dataclass(frozen=True)
class Compound:
    """A simple compound selector: type, classes, id and attribute conditions."""

    tag: str
    classes: frozenset[str]
    id: str
    attributes: tuple[tuple[str, str, str], ...] = ()

    def matches(self, tag: str, classes: frozenset[str], id_: str, attrs: Mapping[str, str]) -> bool:
        own = (self.tag in ("", "*", tag)) and self.classes <= classes and self.id in ("", id_)
        return own and all(_attribute_holds(attrs, *condition) for condition in self.attributes)


_ATTRIBUTE = re.compile(r"\[\s*([-\w]+)\s*(?:([~^$*|]?=)\s*(?:\"([^\"]*)\"|'([^']*)'|([-\w]+)))?\s*(?:[is]\s*)?\]")
_NOT = re.compile(r":not\(([^()]*)\)", re.IGNORECASE)


def _attribute_holds(attrs: Mapping[str, str], name: str, operator: str, value: str) -> bool:
    found = {k.lower(): v for k, v in attrs.items()}.get(name.lower())
    if found is None:
        return False
    tests = {
        "": True,
        "=": found == value,
        "~=": value in found.split(),
        "^=": bool(value) and found.startswith(value),
        "$=": bool(value) and found.endswith(value),
        "*=": bool(value) and value in found,
        "|=": found == value or found.startswith(value + "-"),
    }
    return tests[operator]


def _compound(text: str) -> Compound | None:
    """A compound of type, classes, id and attribute selectors, None when it holds anything else."""
    conditions = tuple(
        (m.group(1), m.group(2) or "", next((g for g in m.groups()[2:] if g is not None), ""))
        for m in _ATTRIBUTE.finditer(text)
    )
    m = _COMPOUND.match(_ATTRIBUTE.sub("", text.strip()))
    if not m:
        return None
    names = re.findall(r"([.#])(-?[_A-Za-z][-_A-Za-z0-9]*)", m.group(2))
    ids = [name for mark, name in names if mark == "#"]
    if len(ids) > 1:
        return None
    classes = frozenset(name for mark, name in names if mark == ".")
    return Compound((m.group(1) or "").lower(), classes, ids[0] if ids else "", conditions)


def _block_end(css: str, brace: int) -> int:
    depth, quote = 0, ""
    for i in range(brace, len(css)):
        ch = css[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(css)


def _selector(text: str) -> tuple[Compound, str, tuple[Compound, ...]] | None:
    """(compound, pseudo-element, ``:not()`` compounds) of a selector's last compound, None when it cannot be
    resolved."""
    parts = re.split(r"\s*[>+~]\s*|\s+(?![^\[]*\])", as_attributes(text.strip()))
    last = parts[-1] if parts else ""
    pseudo = _PSEUDO_ELEMENT.search(last)
    last = last[: pseudo.start()] if pseudo else last
    kind = pseudo.group(1).lower() if pseudo else ""
    if last.lower() in ("html", "body", ":root"):
        return (Compound(PAGE, frozenset(), ""), kind, ())
    negated = [_compound(inner) for inner in _NOT.findall(last)]
    own = _compound(_NOT.sub("", last))
    if not last or own is None or None in negated:
        return None
    return (own, kind, tuple(n for n in negated if n is not None))


def _expanded(prelude: str) -> list[str]:
    """A rule's selectors, a whole-compound ``:is(…)`` or ``:where(…)`` (after combinators too) read as its list (r7:
    ``:is(b, i)`` is ``b, i``)."""
    out: list[str] = []
    for selector in split_outside(prelude, ","):
        m = re.fullmatch(r"(.*?)(?:^|(?<=[\s>+~])):(?:is|where)\((.*)\)\s*", selector.strip(), re.IGNORECASE)
        out += [m.group(1) + inner.strip() for inner in split_outside(m.group(2), ",")] if m else [selector]
    return out


def _parse(css: str, media: int, rules: list[Rule], counter: list[int]) -> None:
    position = 0
    while True:
        brace = css.find("{", position)
        if brace < 0:
            return
        end = _block_end(css, brace)
        prelude, body = css[position:brace].rsplit(";", 1)[-1].strip(), css[brace + 1 : end]
        position = end + 1
        if prelude.startswith("@"):
            name, _, condition = prelude.partition(" ")
            name, condition = name.lower(), condition.strip().lower()
            if name == "@media" and not re.search(r"\b(?:print|speech)\b", condition):
                always = re.fullmatch(r"(?:only\s+)?(?:screen|all)", condition) is not None
                counter[1] += 0 if always else 1
                _parse(body, media if always else counter[1], rules, counter)
            elif name in ("@supports", "@layer", "@scope"):
                _parse(body, media, rules, counter)
            continue
        found, weighty = declarations(body), important(body)
        for selector in _expanded(prelude):
            parsed = _selector(selector)
            if parsed is None:
                continue
            own, pseudo, negated = parsed
            counter[0] += 1
            specificity = (0, 0, 0)
            for c in (own, *negated):
                specificity = (
                    specificity[0] + (1 if c.id else 0),
                    specificity[1] + len(c.classes) + len(c.attributes),
                    specificity[2] + (1 if c.tag not in ("", "*") else 0),
                )
            rule = Rule(own.tag, own.classes, own.id, pseudo, specificity, counter[0], found, media, weighty)
            rules.append(dataclasses.replace(rule, attributes=own.attributes, negated=negated))


@lru_cache(maxsize=256)
def rules(text: str) -> tuple[Rule, ...]:
    """Every resolvable rule of the ``<style>`` blocks of ``text``, in order (see the module docstring)."""
    found: list[Rule] = []
    counter = [0, 0]
    for block in _STYLE_BLOCK.finditer(text):
        _parse(unescape(block.group(1)), 0, found, counter)
    return tuple(found)


def computed(
    sheet: tuple[Rule, ...], tag: str, attrs: Mapping[str, str], pseudo: str = "", media: int = 0
) -> dict[str, str]:
    """The declarations an element (or its pseudo-element) gets from ``sheet``'s rules that always apply and those of
    the ``@media`` block ``media``, by specificity and order, then its inline style; ``!important`` ones last, in the
    same order."""
    if not sheet:
        return {} if pseudo else declarations(attrs.get("style", ""))
    classes, id_ = frozenset(attrs.get("class", "").split()), attrs.get("id", "")
    matching = sorted(
        (r for r in sheet if r.pseudo == pseudo and r.media in (0, media) and r.matches(tag, classes, id_, attrs)),
        key=lambda r: (r.specificity, r.order),
    )
    out: dict[str, str] = {}
    for rule in matching:
        out.update(rule.declarations)
    inline = "" if pseudo else attrs.get("style", "")
    out.update(declarations(inline))
    for rule in matching:
        out.update(rule.important)
    out.update(important(inline))
    return out


def media_blocks(sheet: tuple[Rule, ...], tag: str, attrs: Mapping[str, str]) -> frozenset[int]:
    """The ``@media`` blocks with a rule for this element: each is a screen where its look may differ."""
    classes, id_ = frozenset(attrs.get("class", "").split()), attrs.get("id", "")
    return frozenset(r.media for r in sheet if r.media and not r.pseudo and r.matches(tag, classes, id_, attrs))


def presentational(tag: str, attrs: dict[str, str]) -> dict[str, str]:
    """Declarations written as attributes: SVG presentation attributes (fill is the text's colour, a unitless size
    is in px) and the colour of a ``<font>``; any style declaration overrides them."""
    if tag == "font":
        return {"color": attrs["color"]} if "color" in attrs else {}
    if tag not in _SVG_TAGS:
        return {}
    out = {name: attrs[name] for name in _SVG_PROPERTIES if name in attrs}
    for name in ("font-size", "width", "height"):
        if re.fullmatch(r"[-+]?(?:\d+\.?\d*|\.\d+)", out.get(name, "x")):
            out[name] += "px"
    fill, fill_opacity = attrs.get("fill", "").strip().lower(), attrs.get("fill-opacity", "1").strip()
    if fill in ("none", "transparent") or re.fullmatch(r"0*\.?0*%?", fill_opacity):
        out["color"] = "transparent"
    elif fill:
        out["color"] = fill
    if attrs.get("stroke", "none").strip().lower() not in ("none", "transparent"):
        out["-webkit-text-stroke"] = attrs.get("stroke-width", "1") + "px"
    return out


def quote_marks(element: Mapping[str, str]) -> tuple[str, str]:
    """The open and close quotes an element's ``quotes`` declaration sets (its first pair), else the page's 「」."""
    found = re.findall(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'", element.get("quotes", ""))
    return (found[0][0] or found[0][1], found[1][0] or found[1][1]) if len(found) >= 2 else _QUOTES


def generated(
    decls: Mapping[str, str],
    attrs: Mapping[str, str],
    element: Mapping[str, str] | None = None,
    tag: str = "",
    pseudo: str = "",
) -> str:
    """The text a ``content`` declaration draws: its strings, attr() values and quotes (counters and images draw no
    text). From round 21 the quotes are the element's ``quotes`` pair, and a ``<q>`` whose ``quotes`` are set draws
    them before and after itself as the UA's q::before and q::after do (<q></q> with quotes:"スマ" "ホ" shows
    スマホ)."""
    value = decls.get("content", "").strip()
    element = element or {}
    if not value and tag == "q" and pseudo in ("before", "after") and "quotes" in element:
        value = "open-quote" if pseudo == "before" else "close-quote"
    if value.lower() in ("", "none", "normal"):
        return ""
    out = []
    for m in re.finditer(
        r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'|attr\(\s*([-\w]+)[^()]*\)|(open|close)-quote", value
    ):
        if m.group(3):
            out.append(attrs.get(m.group(3).lower(), ""))
        elif m.group(4):
            out.append(quote_marks(element)[m.group(4) == "close"])
        else:
            out.append(m.group(1) if m.group(1) is not None else m.group(2))
    return "".join(out)


__all__ = ["PAGE", "Rule", "computed", "generated", "media_blocks", "presentational", "rules"]
