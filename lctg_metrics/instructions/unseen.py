"""The styles that leave an element's text unseen: what ``hidden`` asks of an element's computed declarations.

Text is unseen when the element is taken out (display:none, visibility:hidden, content-visibility:hidden); drawn too
small to read (font size times scale, zoom, matrix or an edge-on rotateX/rotateY below ``MIN_READABLE_PX``); (nearly)
transparent (text colour below, opacity or filter opacity at or below ``MIN_ALPHA``, blurred past reading; a
brightness filter scaling the text's colour to its background's, round 12); the colour of its background, its own or
the one a parent paints behind it (contrast below ``MIN_CONTRAST`` and colours less than ``MAX_DELTA_E`` apart: two
hues of one lightness are still told apart; greys by contrast alone, 2.8); moved off screen (an offset, margin,
text-indent or translate of ``OFFSCREEN_PX`` left or up, or ``-100%``, or ``FAR_RIGHT_PX`` right; a placed box by a
letter's width, ``pushed_out``); clipped to nothing (a clip rect of no height or width, clip-path inset(≥ 50% from
both sides), circle(0), ellipse(0), a polygon of no area); boxed to nothing (zero width or height; a box under
``MIN_READABLE_PX`` wide or high with overflow hidden); or its letters drawn on one another (letter-spacing of -0.8em
or less). Text that is transparent or of its background's colour is still seen when a text-shadow or a text stroke
draws it, or a background gradient is clipped to it (gradient headings). Where nothing paints a background the page
is white (2.6: white text on no background is unseen); a reader's dark theme, a background image and clip-path inset
in pixels (the box's size is unknown) are not read. A box of line-height 0 with its overflow cut shows nothing (2.6).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import lru_cache

from lctg_metrics.instructions.clipping import ANGLE as _ANGLE
from lctg_metrics.instructions.clipping import aligned_out, faces_away
from lctg_metrics.instructions.clipping import clipped as _clipped
from lctg_metrics.instructions.clipping import sides as _sides
from lctg_metrics.instructions.clipping import value as _value
from lctg_metrics.instructions.css import (
    FONT_PX,
    FUNCTION,
    colour,
    contrast,
    fraction,
    length_px,
    split_outside,
)
from lctg_metrics.instructions.css_colours import delta_e
from lctg_metrics.instructions.drawn import element_alpha
from lctg_metrics.instructions.shown import fades_in, keyword_on_itself, masked, pushed_out

#: Text drawn smaller than this (font size times scale) is not read: honest small print (6pt, x-small, a footnote
#: mark) is 8px and more; a kanji under 8px beside 16px text is a smudge (round 11: 5.0; checkers 2.8: 8.0).
MIN_READABLE_PX = 8.0
#: Alpha (opacity, filter opacity; a text colour's below it) at or below which text is not seen (round 12: the floor
#: itself is unseen, and nested opacities multiply: ``hidden``).
MIN_ALPHA = 0.1
#: WCAG contrast under which text fades into its background (#e8e8e8 on white 1.22, #d3d3d3 1.50); honest grey text
#: keeps 2.8 (#999) or more (round 11: 1.2; 2.8: 1.5, with ``MAX_DELTA_E`` for a channel gap: greys by contrast).
MIN_CONTRAST = 1.5
#: The CIE76 difference (``delta_e``) from which text under ``MIN_CONTRAST`` is told apart by hue (#ffff99 on white 51).
MAX_DELTA_E = 20.0
#: An offset this far left or up puts the text off screen (the classic -9999px). From round 11 -50px: a short word
#: (three letters of 16px) placed there is wholly off the page; a hanging indent or bracket (-0.5em to -3em) is not.
OFFSCREEN_PX = 50.0
#: An offset this far right is past the widest common screen.
FAR_RIGHT_PX = 3000.0
_LEFT_OR_UP = (
    *("left", "top", "right", "bottom", "margin-left", "margin-top", "text-indent"),
    *("inset-inline-start", "inset-block-start", "margin-inline-start", "margin-block-start"),
)
_RIGHTWARD = ("left", "margin-left", "text-indent", "inset-inline-start", "margin-inline-start")


def _indented_out(decls: Mapping[str, str]) -> bool:
    """A first line indented by 100% of its box or more, or by the box's width or more (text-indent: 100%; width:
    40px with text-indent: 40px), kept on that line (white-space: nowrap or pre)."""
    indent = decls.get("text-indent", "")
    found, px, width = _value(indent), length_px(indent), length_px(decls.get("width", ""))
    far = (found is not None and found[1] == "%" and found[0] >= 100) or (
        px is not None and width is not None and width > 0 and px >= width
    )
    return far and decls.get("white-space", "").strip() in ("nowrap", "pre")


def _off_screen(value: str, rightward: bool) -> bool:
    """An offset that puts a line of text off screen: px ≤ -``OFFSCREEN_PX`` (any unit converted), -100% or less,
    far right."""
    found = _value(value)
    if found is not None and found[1] == "%":
        return found[0] <= -100
    px = length_px(value)
    return px is not None and (px <= -OFFSCREEN_PX or (rightward and px >= FAR_RIGHT_PX))


def _transform(decls: Mapping[str, str]) -> tuple[float, float, float, float]:
    """(scale x, scale y, translate x, translate y in px; a translate percentage counts as ``-OFFSCREEN_PX`` at
    -100%, so translate(-50%) centring stays on the page)."""
    sx = sy = 1.0
    tx = ty = 0.0

    def shift(value: str) -> float:
        found = _value(value)
        if found and found[1] == "%":
            return found[0] * OFFSCREEN_PX / 100
        return length_px(value) or 0.0

    for name, args in FUNCTION.findall(decls.get("transform", "")):
        name, values = name.lower(), [a.strip() for a in re.split(r"[,\s]+", args.strip()) if a.strip()]
        numbers = [fraction(v) for v in values]
        if name in ("scale", "scale3d") and numbers and numbers[0] is not None:
            sx *= abs(numbers[0])
            sy *= abs(numbers[1] if len(numbers) > 1 and numbers[1] is not None else numbers[0])
        elif name in ("scalex", "scaley") and numbers and numbers[0] is not None:
            sx, sy = (sx * abs(numbers[0]), sy) if name == "scalex" else (sx, sy * abs(numbers[0]))
        elif name in ("rotatex", "rotatey") and values:
            found = _value(values[0])
            if found and found[1] in _ANGLE:
                factor = abs(math.cos(math.radians(found[0] * _ANGLE[found[1]])))
                sx, sy = (sx, sy * factor) if name == "rotatex" else (sx * factor, sy)
        elif name in ("matrix", "matrix3d") and len(numbers) in (6, 16) and all(n is not None for n in numbers):
            m = [float(n or 0) for n in numbers]
            a, b, c, d, e, f = m if len(m) == 6 else (m[0], m[1], m[4], m[5], m[12], m[13])
            sx, sy, tx, ty = sx * math.hypot(a, b), sy * math.hypot(c, d), tx + e, ty + f
        elif name in ("translate", "translate3d", "translatex", "translatey") and values:
            x, y = (
                (values[0], values[1] if len(values) > 1 else "0")
                if name in ("translate", "translate3d")
                else ((values[0], "0") if name == "translatex" else ("0", values[0]))
            )
            tx, ty = tx + shift(x), ty + shift(y)
    scale = [fraction(v) for v in decls.get("scale", "").split()]
    if scale and all(s is not None for s in scale):
        sx, sy = sx * abs(scale[0]), sy * abs(scale[1] if len(scale) > 1 else scale[0])  # type: ignore[arg-type]
    translate = decls.get("translate", "").split()
    if translate:
        tx, ty = tx + shift(translate[0]), ty + (shift(translate[1]) if len(translate) > 1 else 0.0)
    zoom = fraction(decls.get("zoom", "")) if decls.get("zoom") else None
    if zoom:  # zoom:0 is read as 1 by browsers
        sx, sy = sx * zoom, sy * zoom
    return sx, sy, tx, ty


def _font_px(decls: Mapping[str, str]) -> float:
    """The element's font size in px (font-size, or the size in the ``font`` shorthand; a percentage of 16px)."""
    size = decls.get("font-size")
    if size is None and "font" in decls:
        size = next(
            (t.split("/")[0] for t in decls["font"].split() if length_px(t.split("/")[0], FONT_PX) is not None), None
        )
    px = length_px(size, FONT_PX) if size else None
    return FONT_PX if px is None else px


def _colour_of(value: str, current: tuple[float, ...] | None) -> tuple[float, ...] | None:
    """The colour among a shorthand's tokens (``background: #fff no-repeat``), None when none or an image is there."""
    if re.search(r"url\(|gradient\(|image\(", value, re.IGNORECASE):
        return None
    for token in split_outside(re.sub(r"\s+", " ", value.strip()), " "):
        found = colour(token, current)  # type: ignore[arg-type]
        if found is not None:
            return found
    return None


def _drawn_anyway(decls: Mapping[str, str]) -> bool:
    """A shadow or stroke of a seen colour, or a background image clipped to the text, draws the letters."""
    shadow = decls.get("text-shadow", "none").strip().lower()
    if shadow not in ("", "none"):
        for one in split_outside(shadow, ","):
            tokens = split_outside(one.strip(), " ")
            shade = next((colour(t) for t in tokens if colour(t) is not None), None)
            offsets = [px for px in map(length_px, tokens) if px is not None]
            if shade is not None and shade[3] >= MIN_ALPHA and all(abs(o) < OFFSCREEN_PX for o in offsets):
                return True
    stroke = decls.get("-webkit-text-stroke", "") or decls.get("-webkit-text-stroke-width", "")
    if stroke and any((length_px(t) or 0) > 0 for t in stroke.split()):
        return True
    clip = decls.get("background-clip", "") + decls.get("-webkit-background-clip", "")
    image = decls.get("background", "") + decls.get("background-image", "")
    return "text" in clip.lower() and bool(re.search(r"url\(|gradient\(", image, re.IGNORECASE))


#: The page a response is shown on when nothing paints a background (2.6): white, as a browser's default page and
#: most chat interfaces are; white text on it is unseen. A reader's dark theme is not known and not read.
_PAGE = (255.0, 255.0, 255.0, 1.0)


#: The text colour where none is set, as chat interfaces draw it (a near black, #0d0d0d to #333): what a brightness
#: filter scales (round 12).
_DEFAULT_TEXT = "#1a1a1a"


def _brightened(text: tuple[float, ...], decls: Mapping[str, str]) -> tuple[float, ...]:
    """The text colour through a brightness() filter (each channel times the factor, at most 255): brightness(100)
    turns dark text white."""
    filters = dict((n.lower(), a.strip()) for n, a in FUNCTION.findall(decls.get("filter", "")))
    factor = fraction(filters.get("brightness", "1"))
    if factor is None or factor == 1 or factor < 0:  # brightness(-1): invalid, the declaration is dropped
        return text
    return (*(min(255.0, max(0.0, channel * factor)) for channel in text[:3]), text[3])


def _invisible_colour(decls: Mapping[str, str]) -> bool:
    text_value = decls.get("-webkit-text-fill-color") or decls.get("color")
    if not text_value and "brightness(" in decls.get("filter", "").lower():
        text_value = _DEFAULT_TEXT
    if not text_value:
        return False
    if keyword_on_itself(text_value, decls.get("background-color") or decls.get("background") or ""):
        return not _drawn_anyway(decls)
    text = colour(text_value)
    if text is None:
        return False
    text = _brightened(text, decls)
    background = decls.get("background-color") or decls.get("background")
    painted = background or decls.get("background-image")
    ground = _colour_of(background, text) if background else None if painted else _PAGE
    if ground is not None and ground[3] >= 0.9:
        alpha = text[3] * element_alpha(decls)  # colour alpha × opacity × filter opacity, blended once (round 16)
        seen = tuple(alpha * t + (1 - alpha) * g for t, g in zip(text[:3], ground[:3], strict=True))
        if contrast(seen, ground) < MIN_CONTRAST and delta_e(seen, ground) < MAX_DELTA_E:
            return not _drawn_anyway(decls)
    return text[3] < MIN_ALPHA and not _drawn_anyway(decls)


#: Displays that make a box whose overflow can be cut (an inline element's overflow is not).
_BOXES = ("block", "inline-block", "flex", "inline-flex", "grid", "inline-grid", "flow-root", "list-item", "table")


def _no_line_box(decls: Mapping[str, str], font: float) -> bool:
    """A box with no height of its own whose line height is below ``MIN_READABLE_PX`` (line-height:0): its height is
    that of its line, so it shows nothing when its overflow is cut."""
    found = _value(decls.get("line-height", ""))
    if found is None or "height" in decls or decls.get("display", "").strip().lower() not in _BOXES:
        return False
    number, unit = found
    line = number * font if unit in ("", "em") else number * font / 100 if unit == "%" else length_px(f"{number}{unit}")
    return line is not None and line < MIN_READABLE_PX


def unseen(decls: Mapping[str, str]) -> bool:
    """Whether an element with these declarations shows no readable text (see the module docstring); custom
    properties (``--size: 0``) are put in where var() names them."""
    if not decls:
        return False
    if any("var(" in value for value in decls.values()):
        decls = substituted(decls)
    return _unseen(frozenset(decls.items()))


_VAR = re.compile(r"var\(\s*(--[-\w]+)\s*(?:,\s*((?:[^()]|\([^()]*\))*))?\)", re.IGNORECASE)


def substituted(decls: Mapping[str, str]) -> dict[str, str]:
    """Declarations with each var(--name, fallback) replaced by the custom property's value (or the fallback, or
    nothing: an unresolved var() makes the declaration unset), nested ones too."""
    out = dict(decls)
    for _ in range(8):
        changed = False
        for name, value in out.items():
            if "var(" in value:
                new = _VAR.sub(lambda m: out.get(m.group(1).lower(), (m.group(2) or "").strip()), value)
                changed, out[name] = changed or new != value, new
        if not changed:
            break
    return {name: value for name, value in out.items() if value.strip() and "var(" not in value}


@lru_cache(maxsize=4096)
def _unseen(items: frozenset[tuple[str, str]]) -> bool:
    decls = dict(items)
    if decls.get("display", "").lower() == "none" or decls.get("content-visibility", "").lower() == "hidden":
        return True
    if decls.get("visibility", "").lower() in ("hidden", "collapse"):
        return True
    opacity = fraction(decls.get("opacity", "1"))
    filters = dict((n.lower(), a.strip()) for n, a in FUNCTION.findall(decls.get("filter", "")))
    faded = fraction(filters.get("opacity", "1"))
    if (opacity is not None and opacity <= MIN_ALPHA) or (faded is not None and faded <= MIN_ALPHA):
        return not fades_in(decls)
    sx, sy, tx, ty = _transform(decls)
    font = _font_px(decls)
    if font * min(sx, sy) < MIN_READABLE_PX or (length_px(filters.get("blur", "0")) or 0) >= font / 2:
        return True
    if tx <= -OFFSCREEN_PX or ty <= -OFFSCREEN_PX or tx >= FAR_RIGHT_PX:
        return True
    offsets = {name: decls[name] for name in _LEFT_OR_UP if name in decls}
    for shorthand, (first, second) in (("margin", ("margin-top", "margin-left")), ("inset", ("top", "left"))):
        if shorthand in decls:
            parts = decls[shorthand].split()
            if parts:
                top, _, _, left = _sides(parts)
                offsets[first], offsets[second] = top, left
    if (
        any(_off_screen(value, name in _RIGHTWARD) for name, value in offsets.items())
        or pushed_out(decls, font)
        or masked(decls)
        or faces_away(decls)  # rotateY(180deg) with its back hidden (round 17)
        or aligned_out(decls)  # vertical-align:-300px out of a box that cuts its one line (round 17)
    ):
        return True
    boxes = [decls[name] for name in ("width", "height", "max-width", "max-height") if name in decls]
    if any((_value(v) or (1.0, ""))[0] == 0 or length_px(v) == 0 for v in boxes):
        return True
    overflow = decls.get("overflow", "") + decls.get("overflow-x", "") + decls.get("overflow-y", "")
    if _indented_out(decls) and re.search("hidden|clip", overflow):
        return True  # the image-replacement trick: indented by the box's width or more, on one line, cut (round 8)
    sizes = [length_px(decls.get(name, "")) for name in ("width", "height", "max-width", "max-height")]
    if any(p is not None and p < MIN_READABLE_PX for p in sizes) and re.search("hidden|clip", overflow):
        return True  # a box too narrow or too low to show a letter, its overflow cut
    if _no_line_box(decls, font) and re.search("hidden|clip", overflow):
        return True  # a box whose one line has no height (line-height:0), its overflow cut (2.6)
    spacing = length_px(decls.get("letter-spacing", "0"), None)
    if spacing is not None and spacing <= -0.8 * font:
        return True  # the letters drawn on top of each other
    return _invisible_colour(decls) or _clipped(decls)


__all__ = [
    "FAR_RIGHT_PX",
    "MAX_DELTA_E",
    "MIN_ALPHA",
    "MIN_CONTRAST",
    "MIN_READABLE_PX",
    "OFFSCREEN_PX",
    "substituted",
    "unseen",
]
