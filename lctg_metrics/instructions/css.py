"""CSS values read as a browser reads them, for the reader's view: escapes and comments, declaration blocks, lengths
in any unit (converted with ``FONT_PX`` to the em and the largest common screen ``VIEWPORT`` for vw and vh, so a size
counts as small only when it is small on every screen) and their calc(), min(), max() and clamp(), colours in every
notation and their contrast. What cannot be resolved (a percentage of an unknown box, an unknown unit or function)
is None, and the caller reads it as shown; var() is put in by ``unseen.substituted``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lctg_metrics.instructions.css_colours import NAMED_COLOURS

#: Browsers' default font size: 1em = 1rem = 16px, and a percentage font size is of it.
FONT_PX = 16.0
#: The largest common screen in CSS pixels, for vw, vh, vmin and vmax.
VIEWPORT = (1920.0, 1080.0)

_UNITS = {
    "px": 1.0,
    "em": FONT_PX,
    "rem": FONT_PX,
    "ex": FONT_PX / 2,
    "ch": FONT_PX / 2,
    "cap": FONT_PX * 0.7,
    "ic": FONT_PX,
    "lh": FONT_PX * 1.2,
    "rlh": FONT_PX * 1.2,
    "pt": 4 / 3,
    "pc": 16.0,
    "in": 96.0,
    "cm": 96 / 2.54,
    "mm": 96 / 25.4,
    "q": 96 / 101.6,
    "vw": VIEWPORT[0] / 100,
    "vh": VIEWPORT[1] / 100,
    "vmin": min(VIEWPORT) / 100,
    "vmax": max(VIEWPORT) / 100,
}
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
DIMENSION = re.compile(rf"^({_NUMBER})([a-z%]*)$", re.IGNORECASE)
_ESCAPE = re.compile(r"\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(.))", re.DOTALL)
_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL)
FUNCTION = re.compile(r"([-a-z0-9]+)\(([^()]*)\)", re.IGNORECASE)


def unescape(css: str) -> str:
    """CSS escapes decoded (``\\6e one`` is ``none``) and comments out, as the CSS parser reads them."""

    def one(m: re.Match[str]) -> str:
        if m.group(1):
            code = int(m.group(1), 16)
            return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"
        return m.group(2)

    return _ESCAPE.sub(one, _COMMENT.sub("", css))


def split_outside(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside quotes and parentheses."""
    parts, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def declarations(style: str) -> dict[str, str]:
    """``property: value`` pairs of a declaration block, lower-cased property names; the last one of a property wins
    unless an earlier one is ``!important``."""
    return {name: value for name, (value, _) in weighed(style).items()}


def important(style: str) -> dict[str, str]:
    """The ``!important`` declarations of a block (they win over any normal one in the cascade, inline ones too)."""
    return {name: value for name, (value, weight) in weighed(style).items() if weight}


@lru_cache(maxsize=4096)
def weighed(style: str) -> dict[str, tuple[str, bool]]:
    """Each property's value and whether it is ``!important`` (cached: read it, do not change it)."""
    found: dict[str, tuple[str, bool]] = {}
    for part in split_outside(unescape(style), ";"):
        name, colon, value = part.partition(":")
        name = name.strip().lower()
        if not colon or not name:
            continue
        value = value.strip()
        important = bool(re.search(r"!\s*important\s*$", value, re.IGNORECASE))
        value = re.sub(r"!\s*important\s*$", "", value, flags=re.IGNORECASE).strip()
        if name in found and found[name][1] and not important:
            continue
        found[name] = (value, important)
    return found


def length_px(value: str, percent_of: float | None = None) -> float | None:
    """A CSS length in px (``0`` without a unit too, calc(), min(), max() and clamp() of lengths); a percentage of
    ``percent_of`` (None: unknown); None when the value is no length."""
    if _MATH.match(value.strip()):
        return _Math(value, percent_of, lengths=True).result()
    m = DIMENSION.match(value.strip())
    if not m:
        return None
    number, unit = float(m.group(1)), m.group(2).lower()
    if unit == "%":
        return None if percent_of is None else number * percent_of / 100
    if not unit:
        return number if number == 0 else None
    return number * _UNITS[unit] if unit in _UNITS else None


def fraction(value: str) -> float | None:
    """A number or percentage as a fraction (``0.5``, ``50%``, calc() of them)."""
    if _MATH.match(value.strip()):
        return _Math(value, 1.0, lengths=False).result()
    m = DIMENSION.match(value.strip())
    if not m or m.group(2) not in ("", "%"):
        return None
    return float(m.group(1)) / (100 if m.group(2) else 1)


_MATH = re.compile(r"(?:calc|min|max|clamp)\(", re.IGNORECASE)
_MATH_TOKEN = re.compile(rf"\s*(?:(calc|min|max|clamp)\(|({_NUMBER})([a-z%]*)|([-+*/(),]))", re.IGNORECASE)


class _Math:
    """calc(), min(), max() and clamp() of lengths (in px) or of numbers and percentages (as fractions); None when
    a term cannot be resolved."""

    def __init__(self, text: str, percent_of: float | None, lengths: bool) -> None:
        self.tokens: list[tuple[str, str, str, str]] = []
        position, text = 0, text.strip()
        while position < len(text):
            m = _MATH_TOKEN.match(text, position)
            if not m or m.end() == position:
                self.tokens = [("", "", "", "!")]
                break
            self.tokens.append((m.group(1) or "", m.group(2) or "", m.group(3) or "", m.group(4) or ""))
            position = m.end()
        self.at, self.percent_of, self.lengths = 0, percent_of, lengths

    def result(self) -> float | None:
        try:
            value = self._sum()
        except (ValueError, IndexError, ZeroDivisionError):
            return None
        return value if self.at == len(self.tokens) else None

    def _take(self, op: str) -> bool:
        if self.at < len(self.tokens) and self.tokens[self.at][3] == op:
            self.at += 1
            return True
        return False

    def _sum(self) -> float:
        value = self._product()
        while self.at < len(self.tokens) and self.tokens[self.at][3] in ("+", "-"):
            value += self._product() if self._take("+") else -self._product() if self._take("-") else 0.0
        return value

    def _product(self) -> float:
        value = self._factor()
        while self.at < len(self.tokens) and self.tokens[self.at][3] in ("*", "/"):
            value = value * self._factor() if self._take("*") else value / self._factor() if self._take("/") else value
        return value

    def _factor(self) -> float:
        function, number, unit, op = self.tokens[self.at]
        self.at += 1
        if op == "(":
            value = self._sum()
        elif op == "-":
            return -self._factor()
        elif function:
            values = [self._sum()]
            while self._take(","):
                values.append(self._sum())
            name = function.lower()
            value = (
                values[0]
                if name == "calc"
                else min(values)
                if name == "min"
                else max(values)
                if name == "max"
                else max(values[0], min(values[1], values[2]))
            )
        elif number:
            return self._number(float(number), unit.lower())
        else:
            raise ValueError(op)
        if not self._take(")"):
            raise ValueError("unclosed")
        return value

    def _number(self, number: float, unit: str) -> float:
        if unit == "%":
            if self.percent_of is None:
                raise ValueError("%")
            return number * self.percent_of / 100
        if not unit:
            return number
        if not self.lengths or unit not in _UNITS:
            raise ValueError(unit)
        return number * _UNITS[unit]


def colour(value: str, current: tuple[float, float, float, float] | None = None) -> tuple[float, ...] | None:
    """A CSS colour as (r, g, b, alpha) with r, g, b in 0-255 and alpha in 0-1 (named, #rgb, #rgba, #rrggbb,
    #rrggbbaa, rgb()/rgba(), hsl()/hsla() with commas or spaces and ``/ alpha``, transparent, currentcolor as
    ``current``); None when unreadable."""
    value = value.strip().lower()
    if value == "transparent":
        return (0.0, 0.0, 0.0, 0.0)
    if value == "currentcolor":
        return current
    value = NAMED_COLOURS.get(value, value) if not value.startswith("#") else value[1:]
    if re.fullmatch(r"[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8}", value):
        if len(value) <= 4:
            value = "".join(ch * 2 for ch in value)
        channels = [int(value[i : i + 2], 16) for i in range(0, len(value), 2)]
        return (*map(float, channels[:3]), channels[3] / 255 if len(channels) == 4 else 1.0)
    m = re.fullmatch(r"(rgba?|hsla?)\((.*)\)", value)
    if not m:
        return None
    parts = [p for p in re.split(r"[\s,/]+", m.group(2).strip()) if p]
    if len(parts) not in (3, 4):
        return None
    alpha = fraction(parts[3]) if len(parts) == 4 else 1.0
    if alpha is None:
        return None
    if m.group(1).startswith("rgb"):
        rgb = [fraction(p) if p.endswith("%") else _byte(p) for p in parts[:3]]
    else:
        hue, sat, light = _number(parts[0].removesuffix("deg")), fraction(parts[1]), fraction(parts[2])
        if hue is None or sat is None or light is None:
            return None
        rgb = _hsl(hue, sat, light)
    known = [c for c in rgb if c is not None]
    if len(known) != 3:
        return None
    return (*(min(max(c, 0.0), 1.0) * 255 for c in known), min(max(alpha, 0.0), 1.0))


def _number(text: str) -> float | None:
    return float(text) if re.fullmatch(_NUMBER, text) else None


def _byte(text: str) -> float | None:
    number = _number(text)
    return None if number is None else number / 255


def _hsl(hue: float, sat: float, light: float) -> list[float | None]:
    def channel(n: float) -> float:
        k = (n + hue / 30) % 12
        return light - sat * min(light, 1 - light) * max(-1.0, min(k - 3, 9 - k, 1.0))

    return [channel(0), channel(8), channel(4)]


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The WCAG 2 contrast ratio of two opaque colours (1 = the same colour, 21 = black on white)."""

    def luminance(c: tuple[float, ...]) -> float:
        linear = [(v / 255 / 12.92) if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


__all__ = [
    "DIMENSION",
    "FONT_PX",
    "FUNCTION",
    "VIEWPORT",
    "colour",
    "contrast",
    "declarations",
    "fraction",
    "important",
    "length_px",
    "split_outside",
    "unescape",
    "weighed",
]
