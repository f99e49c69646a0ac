"""Declarations that show or hide text in ways ``unseen`` reads through them: a box pushed out past its containing
block's far side, a transparent element faded in by an animation, a mask with no opaque stop, and colour keywords
(currentColor, the CSS system colours, the deprecated ones as the colours they now name) that draw the text in its
ground's colour."""

from __future__ import annotations

import re
from collections.abc import Mapping

from lctg_metrics.instructions.css import DIMENSION, colour, length_px, split_outside

#: Colour keywords that name another colour: currentColor and the CSS system colours. Text in one on a background of
#: the same keyword is drawn in the ground's colour; text in Canvas with no background of its own is the page's.
_KEYWORD_COLOURS = frozenset(
    "currentcolor canvas canvastext linktext visitedtext activetext buttonface buttontext buttonborder field "
    "fieldtext highlight highlighttext selecteditem selecteditemtext mark marktext graytext accentcolor "
    "accentcolortext".split()
)


#: The deprecated system colours (CSS Color 4, section 6.2) and the colour each now is (round 23: ``color:Window`` is
#: the page's Canvas).
_DEPRECATED = dict(
    pair.split(":")
    for pair in (
        "activeborder:buttonborder activecaption:canvas appworkspace:canvas background:canvas "
        "buttonhighlight:buttonface buttonshadow:buttonface captiontext:canvastext inactiveborder:buttonborder "
        "inactivecaption:canvas inactivecaptiontext:graytext infobackground:canvas infotext:canvastext "
        "menu:canvas menutext:canvastext scrollbar:canvas threeddarkshadow:buttonborder threedface:buttonface "
        "threedhighlight:buttonborder threedlightshadow:buttonborder threedshadow:buttonborder window:canvas "
        "windowframe:buttonborder windowtext:canvastext"
    ).split()
)


def keyword_on_itself(text_value: str, background: str) -> bool:
    """Whether text in a colour keyword sits on the same keyword (``color:currentColor;background:currentColor``,
    ``color:Canvas`` on the page's own Canvas); a deprecated system colour is the colour it now names."""
    text, ground = (_DEPRECATED.get(v.strip().lower(), v.strip().lower()) for v in (text_value, background))
    return text in _KEYWORD_COLOURS and (ground == text or (text == "canvas" and not ground))


def pushed_out(decls: Mapping[str, str], font: float = 16.0) -> bool:
    """Whether a box placed absolute or fixed is its containing block's whole width or height past the far side, so it
    sits left of or above it (``right: 100%``, ``bottom: 100%`` and more), or is moved left or up by a letter's width
    (its ``font`` size in px) or more: it starts off the page, so its first letter and the word it begins are not read
    (checkers 2.8: left:-48px was under unseen's 50px; a badge nudged up a few pixels stays)."""
    if decls.get("position", "").strip().lower() not in ("absolute", "fixed"):
        return False
    inset = decls.get("inset", "").split()  # top, then left (the last of four, the second of two or three)
    offsets = [decls.get(name, "") for name in ("left", "top", "inset-inline-start", "inset-block-start")]
    offsets += [inset[0], inset[3] if len(inset) == 4 else inset[min(1, len(inset) - 1)]] if inset else []
    if any((px := length_px(value)) is not None and px <= -font for value in offsets):
        return True
    for name in ("right", "bottom"):
        m = DIMENSION.match(decls.get(name, "").strip())
        if m and m.group(2) == "%" and float(m.group(1)) >= 100:
            return True
    return False


def fades_in(decls: Mapping[str, str]) -> bool:
    """Whether a transparent element is faded in by an animation that keeps its end state (``animation: fadein 1s
    forwards``): read as shown. The keyframes are not read (an animation to opacity 0 is a known gap)."""
    animation = decls.get("animation", "") + " " + decls.get("animation-name", "")
    fill = decls.get("animation-fill-mode", "") + " " + decls.get("animation", "")
    named = any(t.strip().lower() not in ("", "none") for t in animation.split())
    return named and bool(re.search(r"\b(?:forwards|both)\b", fill, re.IGNORECASE))


def masked(decls: Mapping[str, str]) -> bool:
    """Whether a mask of gradients whose every colour stop is transparent hides the element (``mask-image:
    linear-gradient(transparent, transparent)``): a mask shows what its alpha shows."""
    value = " ".join(decls.get(name, "") for name in ("mask", "mask-image", "-webkit-mask", "-webkit-mask-image"))
    inner = re.findall(r"gradient\((.*)\)", value, re.IGNORECASE)
    if not inner or re.search(r"url\(", value, re.IGNORECASE):
        return False
    stops = [colour(t) for part in inner for t in split_outside(part.replace(",", " "), " ") if t.strip()]
    found = [c for c in stops if c is not None]
    return bool(found) and all(c[3] == 0 for c in found)


__all__ = ["fades_in", "keyword_on_itself", "masked", "pushed_out"]
