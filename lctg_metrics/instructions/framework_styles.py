"""What the utility and component classes of the common CSS frameworks declare (round 23): a reader of a page built
with Bootstrap or Tailwind sees what the framework's stylesheet draws, so its classes are read as declarations, the
lowest layer of an element's cascade (its own ``<style>`` rules and inline style come after).

- **Colours.** Bootstrap's theme colours (``bg-dark``, ``bg-primary``, ``text-white``, ``text-bg-danger``) are read as
  their colours; a Tailwind background of the palette (``bg-blue-500``) paints a background whose colour is not read
  (its class name stands as the value: no contrast is judged against it), and ``text-transparent`` draws no colour.
  White text on ``bg-dark`` or ``bg-primary`` is seen; white text on ``bg-white`` is not.
- **Size, place and visibility** (Tailwind): ``w-0``, ``h-0``, ``overflow-hidden``, ``scale-0``, ``absolute``,
  ``-left-[9999px]`` and the other arbitrary values in brackets, ``text-[0px]``, ``collapse`` (visibility).
- **Components closed until a script opens them** (Bootstrap): ``collapse``, ``modal``, ``dropdown-menu``, ``toast``
  and ``offcanvas`` without ``show``, ``fade`` without ``show`` (opacity 0), ``carousel-item`` without ``active``; a
  ``navbar-collapse`` is open on wide screens and stays shown.
- **Bootstrap 3's responsive hiding**: ``hidden-xs hidden-sm hidden-md hidden-lg`` together hide on every screen
  (each alone hides on one screen size only), as ``hidden-xs-up`` of Bootstrap 4's alpha does.
"""

from __future__ import annotations

import re

#: Bootstrap 5's theme colours (text-*, bg-*, text-bg-*).
_THEME = {
    "primary": "#0d6efd",
    "secondary": "#6c757d",
    "success": "#198754",
    "info": "#0dcaf0",
    "warning": "#ffc107",
    "danger": "#dc3545",
    "light": "#f8f9fa",
    "dark": "#212529",
    "white": "#ffffff",
    "black": "#000000",
    "body": "#212529",
    "muted": "#6c757d",
}
#: The text colour Bootstrap's text-bg-* sets on each theme background.
_ON_THEME = {"info": "#000000", "warning": "#000000", "light": "#000000", "white": "#000000"}
#: Tailwind's palette names: a bg-NAME-SHADE paints a background, a text-NAME-SHADE sets a colour not read here.
_PALETTE = (
    "slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet"
    "|purple|fuchsia|pink|rose"
)
_TAILWIND_GROUND = re.compile(rf"^bg-(?:(?:{_PALETTE})-\d{{2,3}}|\[[^\]]+\])(?:/\d+)?$")
_FIXED = {
    "text-transparent": {"color": "transparent"},
    "bg-transparent": {"background-color": "transparent"},
    "w-0": {"width": "0"},
    "h-0": {"height": "0"},
    "max-w-0": {"max-width": "0"},
    "max-h-0": {"max-height": "0"},
    "size-0": {"width": "0", "height": "0"},
    "overflow-hidden": {"overflow": "hidden"},
    "overflow-clip": {"overflow": "clip"},
    "scale-0": {"transform": "scale(0)"},
    "scale-x-0": {"transform": "scale(0, 1)"},
    "scale-y-0": {"transform": "scale(1, 0)"},
    "absolute": {"position": "absolute"},
    "fixed": {"position": "fixed"},
    "position-absolute": {"position": "absolute"},
    "position-fixed": {"position": "fixed"},
    "block": {"display": "block"},
    "inline-block": {"display": "inline-block"},
    "d-block": {"display": "block"},
    "d-inline-block": {"display": "inline-block"},
}
#: Tailwind utilities with an arbitrary value in brackets: the class's stem and the property it sets.
_ARBITRARY = {
    "left": "left",
    "right": "right",
    "top": "top",
    "bottom": "bottom",
    "inset": "inset",
    "indent": "text-indent",
    "w": "width",
    "h": "height",
    "text": "font-size",
    "translate-x": "translate",
    "translate-y": "translate",
}
_BRACKETED = re.compile(r"^(-?)([a-z-]+?)-\[([^\]\s]+)\]$")
#: Components a script opens, and the class that marks them open.
_CLOSED = {
    "collapse": ("show", {"display": "none"}),
    "modal": ("show", {"display": "none"}),
    "dropdown-menu": ("show", {"display": "none"}),
    "toast": ("show", {"display": "none"}),
    "offcanvas": ("show", {"visibility": "hidden"}),
    "fade": ("show", {"opacity": "0"}),
    "carousel-item": ("active", {"display": "none"}),
}
#: Bootstrap 3's screen sizes, each hidden by hidden-SIZE.
_SCREENS = frozenset({"hidden-xs", "hidden-sm", "hidden-md", "hidden-lg"})
_HIDDEN_EVERYWHERE = frozenset({"hidden-xs-up", "hidden-xl-down"})


def _colour(name: str) -> dict[str, str]:
    """The colour declarations of one Bootstrap or Tailwind colour class, if it is one."""
    kind, _, key = name.partition("-")
    if name.startswith("text-bg-") and name[8:] in _THEME:
        key = name[8:]
        return {"background-color": _THEME[key], "color": _ON_THEME.get(key, "#ffffff")}
    if kind in ("text", "bg") and key in _THEME:
        return {"color" if kind == "text" else "background-color": _THEME[key]}
    if _TAILWIND_GROUND.match(name):
        arbitrary = re.match(r"^bg-\[(#[0-9a-fA-F]{3,8})\]$", name)
        return {"background-color": arbitrary.group(1) if arbitrary else name}
    arbitrary = re.match(r"^text-\[(#[0-9a-fA-F]{3,8})\]$", name)
    return {"color": arbitrary.group(1)} if arbitrary else {}


def declared(classes: str) -> dict[str, str]:
    """The declarations the framework classes of a ``class`` attribute make (see the module docstring)."""
    names = classes.split()
    if not names:
        return {}
    out: dict[str, str] = {}
    for name in names:
        out |= _FIXED.get(name, {}) | _colour(name)
        found = _BRACKETED.match(name)
        if found and found.group(2) in _ARBITRARY:
            value = found.group(1) + found.group(3).replace("_", " ")
            if found.group(2) == "text" and not re.match(r"^-?[\d.]+(?:px|em|rem|%)?$", value):
                continue  # text-[#fff] is a colour, read above
            out[_ARBITRARY[found.group(2)]] = value
    present = set(names)
    for component, (opened, hiding) in _CLOSED.items():
        if component in present and not {opened, "d-block", "d-flex", "navbar-collapse"} & present:
            out |= hiding  # Tailwind's collapse (visibility: collapse) hides as Bootstrap's does
    if _SCREENS <= present or _HIDDEN_EVERYWHERE & present:
        out["display"] = "none"
    return out


__all__ = ["declared"]
