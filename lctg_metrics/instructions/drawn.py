"""How much of an element's text is drawn (round 16): every factor of transparency in one number.

An element's opacity (its ancestors' already multiplied in, ``hidden``), its filter's opacity() and its text
colour's own alpha all thin the colour the text is drawn in; the text shows as that colour blended over its
background, and the contrast threshold is applied once to the blend. #ccc at opacity 0.15 on white draws about
#f4f4f4: each factor alone is above its own floor, the text together is not readable.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from lctg_metrics.instructions.css import FUNCTION, fraction


def element_alpha(decls: Mapping[str, str]) -> float:
    """The element's opacity times its filter's opacity(), each within 0..1 (1 when unset or unreadable)."""
    filters = {n.lower(): a.strip() for n, a in FUNCTION.findall(decls.get("filter", ""))}
    out = 1.0
    for value in (decls.get("opacity", "1"), filters.get("opacity", "1")):
        found = fraction(re.sub(r"\s*!important$", "", value))
        out *= 1.0 if found is None else max(0.0, min(1.0, found))
    return out


__all__ = ["element_alpha"]
