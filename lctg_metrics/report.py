"""Human and machine views of a :class:`ScoreResult`: the terminal table and upstream's all_scores.csv."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import Any, Mapping

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_metrics.io import atomic_write
from lctg_metrics.scoring import ScoreResult

#: Column headings of upstream scripts/get_scores.py (all_scores.csv), per aspect.
UPSTREAM_COLUMNS: dict[str, str] = {
    "format": "Format",
    "char_count": "C-count",
    "keyword": "Keyword",
    "prohibited_word": "P-word",
    "average": "Avg",
}
#: Short headings for the terminal table (the papers' names).
TABLE_HEADINGS: dict[str, str] = {
    "format": "FORMAT",
    "char_count": "C-COUNT",
    "keyword": "KEYWORD",
    "prohibited_word": "P-WORD",
    "average": "Avg",
}


def _fmt(value: float | None, ci: tuple[float, float] | None = None) -> str:
    if value is None:
        return "-"
    text = f"{value:.3f}"
    if ci is not None:
        text += f" [{ci[0]:.3f},{ci[1]:.3f}]"
    return text


def format_table(result: ScoreResult, *, cis: Mapping[str, Mapping[str, tuple[float, float]]] | None = None) -> str:
    """Tasks × aspects + average, CTG (and Qual when judged), with the signature underneath."""
    cols = [*ASPECTS, "average"]
    header = ["task", *(TABLE_HEADINGS[c] for c in cols)]
    rows: list[list[str]] = []
    for task in TASKS:
        if task not in result.scores:
            continue
        per = result.scores[task]
        rows.append([task, *(_fmt(per.get(c), (cis or {}).get(task, {}).get(c)) for c in cols)])
        if result.quality and task in result.quality:
            q = result.quality[task]
            rows.append(["  qual", *(_fmt(q.get(c)) for c in cols)])
    if result.overall_average is not None:
        rows.append(["overall", *([""] * len(ASPECTS)), _fmt(result.overall_average, (cis or {}).get("overall", {}).get("average"))])
    if result.prompt_level:
        rows.append(["prompt-level", *([""] * len(ASPECTS)), ""])
        for task, v in result.prompt_level.items():
            rows.append([f"  {task}", *([""] * len(ASPECTS)), _fmt(v)])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths)))]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))))
    cov = result.coverage
    lines.append("")
    lines.append(
        f"coverage: {cov['scored']}/{cov['expected']} generations ({cov['ratio']:.1%}), "
        f"{cov['prompts']} prompts × {len(cov['samples'])} sample(s)"
        + (f", {cov['missing']} missing counted as failures" if cov["missing"] else "")
    )
    if result.quality_counts:
        unparseable = sum(c["unparseable"] for per in result.quality_counts.values() for c in per.values())
        lines.append(f"quality judge: {unparseable} unparseable answer(s) excluded from the Qual denominators")
    if result.variants:
        lines.append("")
        lines.append(format_variants(result.variants))
    for note in result.notes:
        lines.append(f"note: {note}")
    lines.append(result.signature)
    return "\n".join(lines)


def format_variants(variants: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> str:
    header = ["task/aspect", "variants", "mean", "min", "max", "std", "consistency"]
    rows = []
    for task, per in variants.items():
        for aspect, v in per.items():
            rows.append([f"{task}/{aspect}", str(v["n_variants"]), _fmt(v["mean"]), _fmt(v["min"]), _fmt(v["max"]),
                         _fmt(v["std"]), _fmt(v["consistency"])])
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = ["  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths)))]
    out += ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows]
    return "\n".join(out)


def all_scores_csv(result: ScoreResult, task: str, model: str) -> str:
    """One task's scores in upstream's all_scores.csv layout: an unnamed index column with the model, then
    ``Format-ctg, Format-qual, C-count-ctg, …, Avg-ctg, Avg-qual`` (qual columns only when judged), 3 decimals."""
    judged = result.quality is not None
    header = [""]
    values: list[str] = [model]
    per = result.scores.get(task, {})
    qual = (result.quality or {}).get(task, {})
    for aspect in ASPECTS:
        header.append(f"{UPSTREAM_COLUMNS[aspect]}-ctg")
        values.append(_fmt(per.get(aspect)))
        if judged:
            header.append(f"{UPSTREAM_COLUMNS[aspect]}-qual")
            values.append(_fmt(qual.get(aspect)))
    header.append("Avg-ctg")
    values.append(_fmt(per.get("average")))
    if judged:
        header.append("Avg-qual")
        values.append(_fmt(qual.get("average")))
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerow(values)
    return buf.getvalue()


def write_all_scores(result: ScoreResult, directory: str | os.PathLike[str], model: str) -> list[Path]:
    """Write ``{directory}/{task}/all_scores.csv`` for every scored task, as upstream lays them out."""
    written = []
    for task in TASKS:
        if task not in result.scores:
            continue
        path = Path(directory) / task / "all_scores.csv"
        text = all_scores_csv(result, task, model)
        atomic_write(path, lambda f, text=text: f.write(text))
        written.append(path)
    return written
