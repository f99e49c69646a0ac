"""matplotlib for the report figures, loaded lazily: the plot extra's install hint (:class:`PlotDependencyError`
without it), a figure as PNG bytes (Agg canvas, no pyplot), and labels drawn in the first installed Japanese font of
:mod:`.fonts` (before matplotlib's own) or, without one, ASCII stand-ins for labels that are not ASCII, said once on
stderr."""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from typing import Any

from lctg_metrics.render.fonts import figure_font, warn_no_cjk_font

#: Install hint for the plotting extra (pyproject ``[project.optional-dependencies] plot``).
PLOT_HINT = "pip install 'lctg[plot]'"


class PlotDependencyError(ImportError, ValueError):
    """matplotlib is not installed. A ValueError too, so the CLI prints the hint instead of a traceback."""


def load_matplotlib() -> tuple[Any, Any]:
    """``(Figure, FigureCanvasAgg)``, imported lazily; no pyplot, so no global backend state."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as e:
        raise PlotDependencyError(
            f"plots need matplotlib, which is not installed ({e}); install the plot extra: {PLOT_HINT}"
        ) from None
    return Figure, FigureCanvasAgg


def png(fig: Any) -> bytes:
    """The figure drawn on an Agg canvas, as PNG bytes (110 dpi)."""
    _, canvas = load_matplotlib()
    canvas(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    return buf.getvalue()


def figure_label(text: str, fallback: str) -> str:
    """Figure-safe label: the text if it is printable ASCII or a Japanese font is installed, else ``fallback``."""
    if text and text.isprintable() and (text.isascii() or figure_font() is not None):
        return text
    if text and not text.isascii():
        warn_no_cjk_font()
    return fallback


def with_fonts(draw: Callable[..., bytes]) -> Callable[..., bytes]:
    """Draw a figure with the installed Japanese font first in matplotlib's sans-serif list (nothing changes
    outside the call: ``rc_context``)."""

    @functools.wraps(draw)
    def drawn(*args: Any, **kwargs: Any) -> bytes:
        load_matplotlib()
        import matplotlib

        font = figure_font()
        if font is None:
            return draw(*args, **kwargs)
        with matplotlib.rc_context(
            {"font.family": "sans-serif", "font.sans-serif": [font, *matplotlib.rcParams["font.sans-serif"]]}
        ):
            return draw(*args, **kwargs)

    return drawn
