"""HTML view: the self-contained report page (images embedded as base64 PNG), from the jinja2 template
``templates/report.html.j2``. jinja2 is part of the plot extra and imported only here, when a page is drawn."""

from __future__ import annotations

import base64
from collections.abc import Mapping
from importlib import resources
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.render import tables
from lctg_metrics.render.fonts import css_font_family
from lctg_metrics.render.plotting import PLOT_HINT, PlotDependencyError
from lctg_metrics.render.table import Table
from lctg_metrics.render.texts import ci_text, coverage_text, failure_heading, metric_heading

TEMPLATE = "report.html.j2"
STYLESHEET = "report.css"


def environment() -> Any:
    try:
        import jinja2
    except ImportError as e:
        raise PlotDependencyError(
            f"the HTML report needs jinja2, which is not installed ({e}); install the plot extra: {PLOT_HINT}"
        ) from None
    folder = resources.files("lctg_metrics.render") / "templates"
    return jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: (folder / name).read_text(encoding="utf-8")),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def _cells(table: Table) -> dict[str, Any]:
    """A table as the template reads it: header and rows of {text, numeric, style}."""
    rows = [
        [{"text": table.show(c), "numeric": table.is_numeric(i), "style": c.style} for i, c in enumerate(r)]
        for r in table.rows
    ]
    return {"header": list(table.header), "rows": rows}


def render_report(data: Mapping[str, Any], figures: Mapping[str, bytes]) -> str:
    """The report page; ``figures`` maps figure names to PNG bytes (see ``render.figures.report_figures``)."""
    env = environment()
    shown: set[str] = set()
    blocks = []
    for block in data["published"]:
        blocks.append(
            {
                "first": block["code"] not in shown,
                "source": block["source"],
                "code": block["code"],
                "metric": metric_heading(block["metric"]),
                "missing": ", ".join(t for t in TASKS if t not in block["tasks_published"]),
                "table": _cells(tables.placement_table(block)),
            }
        )
        shown.add(block["code"])
    prompt_level = data.get("prompt_level")
    return env.get_template(TEMPLATE).render(
        css=f"body{{font-family:{css_font_family()}}}\n"
        + (resources.files("lctg_metrics.render") / "templates" / STYLESHEET).read_text(encoding="utf-8"),
        model=data["model"],
        details_path=data["details_path"],
        coverage=coverage_text(data),
        signature=data["signature"],
        notes=data["notes"],
        scores=_cells(tables.report_scores_table(data["scores"])),
        ci_text=ci_text(data),
        prompt_level=", ".join(f"{t} {v:.3f}" for t, v in prompt_level.items()) if prompt_level else "",
        figures={name: base64.b64encode(png).decode("ascii") for name, png in figures.items()},
        published_notes=data["published_notes"],
        published=blocks,
        worst=data["worst"],
        failures=[
            {
                "task": c["task"],
                "aspect": c["aspect"],
                "heading": failure_heading(c),
                "table": _cells(tables.worst_table(c)),
            }
            for c in data["failures"]
        ],
    )
