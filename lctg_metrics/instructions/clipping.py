"""Whether CSS clipping cuts an element's text to nothing (``clip``, ``clip-path``) or a flip shows its hidden back
(``faces_away``), and the small readers of CSS
values ``unseen`` shares with it."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import TypeVar

from lctg_metrics.instructions.css import DIMENSION, FUNCTION, length_px, split_outside

_T = TypeVar("_T")


#: Angle units in degrees.
ANGLE = {"deg": 1.0, "rad": 180 / math.pi, "grad": 0.9, "turn": 360.0}


def faces_away(decls: Mapping[str, str]) -> bool:
    """A box turned past a quarter turn about the x or y axis (rotateY(180deg)) whose back is hidden
    (backface-visibility:hidden): the reader sees its back, which is not drawn (round 17)."""
    hidden = decls.get("backface-visibility", decls.get("-webkit-backface-visibility", ""))
    if hidden.strip().lower() != "hidden":
        return False
    facing = 1.0
    for name, args in FUNCTION.findall(decls.get("transform", "")):
        found = value(args.strip()) if name.lower() in ("rotatex", "rotatey") else None
        if found and found[1] in ANGLE:
            facing *= math.cos(math.radians(found[0] * ANGLE[found[1]]))
    return facing < 0


#: The line height a browser takes for line-height:normal, in fonts.
_NORMAL_LINE = 1.2


def lines_shown(decls: Mapping[str, str], font: float = 16.0) -> int | None:
    """How many lines a box with its overflow cut shows, or None when it shows all: a line clamp
    (display:-webkit-box with -webkit-line-clamp:N) or, from round 17, a fixed height (height or max-height in
    lengths) of N line heights, at least one (height:1.5em with line-height:1.5em shows one line)."""
    if not re.search("hidden|clip", decls.get("overflow", "") + decls.get("overflow-y", "")):
        return None
    clamp = (decls.get("-webkit-line-clamp") or decls.get("line-clamp") or "").strip()
    if clamp.isdigit() and int(clamp) >= 1:
        boxed = "-webkit-box" in decls.get("display", "").lower() or "line-clamp" in decls
        return int(clamp) if boxed else None
    height = min(
        (px for name in ("height", "max-height") if (px := length_px(decls.get(name, ""))) is not None), default=None
    )
    found = value(decls.get("line-height", "normal"))
    number, unit = found if found else (_NORMAL_LINE, "")
    line = number * font if unit in ("", "em") else number * font / 100 if unit == "%" else length_px(f"{number}{unit}")
    if height is None or not line:
        return None
    return max(1, int(height / line + 0.01))


#: The custom property through which a box that cuts its overflow at a fixed height passes that height (in px) on
#: to its descendants (``clip_height``, ``aligned_out``).
CLIP_HEIGHT = "--reader-clip-height"


def clip_height(decls: Mapping[str, str]) -> dict[str, str]:
    """What a box with its overflow cut at a fixed height passes on: that height, for ``aligned_out``; else nothing."""
    if lines_shown(decls) is None or (height := length_px(decls.get("height") or decls.get("max-height", ""))) is None:
        return {}
    return {CLIP_HEIGHT: f"{height}px"}


def aligned_out(decls: Mapping[str, str]) -> bool:
    """Whether an inline box is moved by ``vertical-align`` further than the height of an ancestor that cuts its
    overflow (vertical-align:-300px inside a one-line box with overflow hidden: round 17); super, sub and small
    shifts stay inside it."""
    shift, height = length_px(decls.get("vertical-align", "")), length_px(decls.get(CLIP_HEIGHT, ""))
    return shift is not None and height is not None and abs(shift) >= height


def value(length: str) -> tuple[float, str] | None:
    """A CSS dimension as (number, unit in lower case), or None."""
    m = DIMENSION.match(length.strip())
    return (float(m.group(1)), m.group(2).lower()) if m else None


def sides(values: Sequence[_T]) -> tuple[_T, _T, _T, _T]:
    """(top, right, bottom, left) of a 1-4 value box shorthand (margin, inset, clip-path inset)."""
    top = values[0]
    right = values[1] if len(values) > 1 else top
    bottom = values[2] if len(values) > 2 else top
    return top, right, bottom, values[3] if len(values) > 3 else right


def clipped(decls: Mapping[str, str]) -> bool:
    """Whether ``clip`` or ``clip-path`` cuts an element to nothing: a clip rect of no height or width, clip-path
    inset(≥ 50% from both sides), circle(0), ellipse(0), a polygon of no area; a pixel inset of a box of unknown
    size is read as shown."""
    rect = re.match(r"rect\((.*)\)", decls.get("clip", "").strip(), re.IGNORECASE)
    if rect:
        edges = [length_px(v) if v.lower() != "auto" else None for v in re.split(r"[,\s]+", rect.group(1).strip())]
        if len(edges) == 4:
            top, right, bottom, left = edges
            if (top is not None and bottom is not None and bottom - top <= 1) or (
                left is not None and right is not None and right - left <= 1
            ):
                return True
    path = re.match(r"([a-z]+)\((.*)\)", decls.get("clip-path", "").strip(), re.IGNORECASE | re.DOTALL)
    if not path:
        return False
    shape, args = path.group(1).lower(), path.group(2)
    if shape == "inset":
        values = [value(v) for v in re.split(r"\s+round\s+", args)[0].split()][:4]
        percents = [v[0] for v in values if v is not None and (v[1] == "%" or v[0] == 0)]
        if not values or len(percents) != len(values):
            return False  # a pixel inset of a box of unknown size is read as shown
        above, right_side, below, left_side = sides(percents)
        return above + below >= 100 or left_side + right_side >= 100
    if shape in ("circle", "ellipse"):
        for radius in re.split(r"\s+at\s+", args)[0].split():
            found, px = value(radius), length_px(radius)
            if (found is not None and found[0] <= 0) or (px is not None and px <= 0.5):
                return True
        return False
    if shape == "polygon":
        points = []
        for pair in split_outside(args, ","):
            coords = pair.split()
            if coords and coords[0].lower() in ("nonzero", "evenodd"):
                continue
            if len(coords) != 2:
                return False
            xy = [(value(c) or (math.nan, ""))[0] if c.endswith("%") else length_px(c) for c in coords]
            x, y = xy
            if x is None or y is None or math.isnan(x) or math.isnan(y):
                return False
            points.append((x, y))
        area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True))
        return abs(area) / 2 < 1
    return False


__all__ = [
    "ANGLE",
    "CLIP_HEIGHT",
    "aligned_out",
    "clip_height",
    "clipped",
    "faces_away",
    "lines_shown",
    "sides",
    "value",
]
