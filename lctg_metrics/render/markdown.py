"""Markdown view: tables, and the report page (``lctg report --out report.md``) with images beside it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.render import tables
from lctg_metrics.render.table import Table
from lctg_metrics.render.texts import ci_text, coverage_text, failure_heading, metric_heading


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\r", "").replace("\n", " ⏎ ")


def render(table: Table) -> list[str]:
    """A pipe table and a blank line."""
    out = ["| " + " | ".join(_cell(h) for h in table.header) + " |", "|" + "---|" * len(table.header)]
    out += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in table.text_rows()]
    return out + [""]


def render_report(data: Mapping[str, Any], images: Mapping[str, str]) -> str:
    """The report as Markdown; ``images`` maps figure names to paths relative to the .md file."""
    lines = [
        f"# LCTG Bench report: {data['model']}",
        "",
        f"details: `{data['details_path']}` · {coverage_text(data)}",
        "",
        f"`{data['signature'] or '(no signature)'}`",
        "",
    ]
    lines += [f"note: {n}  " for n in data["notes"]] + ([""] if data["notes"] else [])
    lines += ["## Scores", "", *render(tables.report_scores_table(data["scores"])), ci_text(data), ""]
    if data.get("prompt_level"):
        lines += ["prompt-level: " + ", ".join(f"{t} {v:.3f}" for t, v in data["prompt_level"].items()), ""]
    lines += [
        f"![scores per task]({images['scores_bars.png']})",
        "",
        "## Task × aspect",
        "",
        f"![task x aspect heat map]({images['scores_heatmap.png']})",
        "",
        "## Among the published models",
        "",
    ]
    lines += ["\n>\n".join(f"> {n}" for n in data["published_notes"]), ""]
    shown: set[str] = set()
    for block in data["published"]:
        if block["code"] not in shown:
            shown.add(block["code"])
            image = images["published_" + block["code"] + ".png"]
            lines += [f"### {block['source']}", "", f"![placement]({image})", ""]
        lines += [f"#### {metric_heading(block['metric'])}", ""]
        missing = [t for t in TASKS if t not in block["tasks_published"]]
        if missing:
            lines += [f"this paper publishes no {', '.join(missing)} scores", ""]
        lines += render(tables.placement_table(block))
    if data["failures"]:
        lines += [f"## Worst-failing items (up to {data['worst']} per task × aspect)", ""]
        for cell in data["failures"]:
            lines += [f"### {cell['task']} / {cell['aspect']}", "", failure_heading(cell), ""]
            if cell["worst"]:
                lines += render(tables.worst_table(cell))
    lines += ["## How these numbers were computed", "", ci_text(data), ""]
    return "\n".join(lines)
