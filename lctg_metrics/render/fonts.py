"""The reports' fonts: one stack of Japanese-capable fonts for the HTML page (CSS) and the figures (matplotlib).

The stack names the CJK fonts common on Linux (Noto CJK, IPAex), macOS (Hiragino) and Windows (Yu Gothic, Meiryo),
so Japanese text never falls back to a Latin font's missing glyphs (tofu). The figures use the first one installed;
without any, they keep ASCII labels and say so once.
"""

from __future__ import annotations

import functools
import sys

#: Japanese-capable fonts in order of preference (Linux: Noto CJK / Noto JP / IPAex / IPA / Takao / VL; macOS:
#: Hiragino; Windows: Yu Gothic, Meiryo, MS Gothic).
CJK_FONTS: tuple[str, ...] = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Hiragino Sans",
    "Hiragino Kaku Gothic ProN",
    "Yu Gothic",
    "YuGothic",
    "Meiryo",
    "IPAexGothic",
    "IPAGothic",
    "TakaoGothic",
    "VL Gothic",
    "MS Gothic",
)
#: The line printed (once) when the figures find none of them.
NO_CJK_FONT = (
    "lctg: warning: no Japanese font found for the figures (looked for {fonts}); Japanese labels are "
    "replaced by ASCII (install e.g. fonts-noto-cjk)"
)


def css_font_family() -> str:
    """The CSS ``font-family`` value: the system UI font, then every CJK font, then ``sans-serif``."""
    return ",".join(["system-ui", "-apple-system", *(f'"{f}"' for f in CJK_FONTS), "sans-serif"])


@functools.cache
def figure_font() -> str | None:
    """The first installed CJK font matplotlib knows, or None."""
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    return next((f for f in CJK_FONTS if f in installed), None)


@functools.cache
def warn_no_cjk_font() -> None:
    """Print :data:`NO_CJK_FONT` (one line, once per process): a Japanese label met no font to draw it."""
    print(NO_CJK_FONT.format(fonts=", ".join(CJK_FONTS[:4]) + ", …"), file=sys.stderr)
