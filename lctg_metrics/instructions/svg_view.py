"""SVG text placed outside what its ``<svg>`` shows (round 23): an inline ``<svg>`` clips what it draws to its
viewport, so a ``<text>`` whose letters all lie outside the part of the user space the viewport shows is never seen.

The part shown is the ``viewBox`` scaled into the element's ``width`` and ``height`` as ``xMidYMid meet`` does (the
widest part any ``preserveAspectRatio`` shows), or, with no viewBox, ``0 0 width height``. A text element is judged
only where nothing can move it that is not read here: numeric ``x`` and ``y`` on it, none on its ``<tspan>``s, no
``transform``, ``<textPath>``, nested ``<svg>`` or ``<use>`` anywhere in the ``<svg>``, and no ``overflow`` set on
the ``<svg>`` (``overflow="visible"`` draws outside it). Its letters are taken to reach a font size above and below
the baseline and the text's length in font sizes (every letter a full square) either side of ``x``, whatever its
anchor; a text whose box so drawn still misses the part shown is dropped.
"""

from __future__ import annotations

import html
import re

_TEXT = re.compile(r"<text\b([^<>]*)>(.*?)</text\s*>", re.IGNORECASE | re.DOTALL)
_NUMBER = re.compile(r"^\s*(-?\d+(?:\.\d+)?)(?:px)?\s*$")
_MOVED = re.compile(r"\btransform\b|<textpath\b|<svg\b|<use\b", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")


def _attribute(attrs: str, name: str) -> str | None:
    found = re.search(rf"""(?:^|\s){name}\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""", attrs, re.IGNORECASE)
    return None if not found else next(g for g in found.groups() if g is not None)


def _number(value: str | None) -> float | None:
    found = _NUMBER.match(value or "")
    return float(found.group(1)) if found else None


def _shown_part(svg_attrs: str) -> tuple[float, float, float, float] | None:
    """The part of the user space the ``<svg>`` shows (left, top, right, bottom), or None when not known."""
    if _attribute(svg_attrs, "overflow") is not None or "overflow" in (_attribute(svg_attrs, "style") or ""):
        return None
    width, height = _number(_attribute(svg_attrs, "width")), _number(_attribute(svg_attrs, "height"))
    box = [_number(v) for v in re.split(r"[\s,]+", (_attribute(svg_attrs, "viewbox") or "").strip()) if v]
    if len(box) != 4 or None in box:
        return None if width is None or height is None else (0.0, 0.0, width, height)
    left, top, w, h = (float(v) for v in box)  # type: ignore[arg-type]
    if w <= 0 or h <= 0 or width is None or height is None or width <= 0 or height <= 0:
        return None
    scale = min(width / w, height / h)
    half_w, half_h = width / scale / 2, height / scale / 2
    return (left + w / 2 - half_w, top + h / 2 - half_h, left + w / 2 + half_w, top + h / 2 + half_h)


def _outside(m: re.Match[str], part: tuple[float, float, float, float]) -> bool:
    attrs, inner = m.group(1), m.group(2)
    x, y = _number(_attribute(attrs, "x")), _number(_attribute(attrs, "y"))
    if x is None or y is None or re.search(r"<tspan\b[^<>]*\s(?:x|y|dx|dy)\s*=", inner, re.IGNORECASE):
        return False
    style = _attribute(attrs, "style") or ""
    found = re.search(r"font-size\s*:\s*([^;]+)", style)
    size = _number(_attribute(attrs, "font-size")) or _number(found.group(1) if found else None) or 16.0
    reach = len(html.unescape(_TAG.sub("", inner)).strip()) * size
    left, top, right, bottom = part
    return x + reach <= left or x - reach >= right or y + size <= top or y - size >= bottom


def within_view(svg_open: str, inner: str) -> str:
    """``inner``, the content of the ``<svg>`` opened by ``svg_open``, without the text elements placed outside the
    part it shows (see the module docstring)."""
    part = _shown_part(svg_open[4:-1])
    if part is None or _MOVED.search(inner):
        return inner
    return _TEXT.sub(lambda m: "" if _outside(m, part) else m.group(0), inner)


__all__ = ["within_view"]
