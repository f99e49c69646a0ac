"""Table builders: a score result, a report's data, a comparison or prompt variants as :class:`Table` values
that every renderer (terminal, Markdown, CSV, HTML) draws."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics import aspects
from lctg_metrics.render.table import AVERAGE, Cell, Table, columns, csv_stem, heading, score, text
from lctg_metrics.scoring import ScoreResult

#: The across-task row of CI mappings and report scores.
OVERALL = "overall"

CIs = Mapping[str, Mapping[str, tuple[float, float]]]


def _blanks() -> list[Cell]:
    return [text("")] * len(aspects.names())


def score_table(result: ScoreResult, cis: CIs | None = None) -> Table:
    """``lctg score``'s table: tasks × aspects + average, Qual rows when judged, overall, prompt-level."""
    cols, cis = columns(), cis or {}
    rows: list[list[Cell]] = []
    for task in TASKS:
        if task not in result.scores:
            continue
        per = result.scores[task]
        rows.append([text(task), *(score(per.get(c), cis.get(task, {}).get(c)) for c in cols)])
        if task in result.coverage.get("by_task", {}):  # a partial run: prompts scored / prompts of each cell
            cells = result.coverage["by_task"][task]
            rows.append(
                [
                    text("  prompts"),
                    *(text(f"{cells[c]['prompts']}/{cells[c]['of']}" if c in cells else "") for c in cols),
                ]
            )
        if result.quality and task in result.quality:
            rows.append([text("  qual"), *(score(result.quality[task].get(c)) for c in cols)])
    if result.overall_average is not None:
        rows.append([text(OVERALL), *_blanks(), score(result.overall_average, cis.get(OVERALL, {}).get(AVERAGE))])
    if result.prompt_level:
        rows.append([text("prompt-level"), *_blanks(), text("")])
        rows += [[text(f"  {task}"), *_blanks(), score(v)] for task, v in result.prompt_level.items()]
    return Table(["task", *(heading(c) for c in cols)], rows, ci_sep=",")


def variants_table(variants: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> Table:
    """Spread of each aspect's score across prompt variants, and the share of consistent verdicts."""
    rows = [
        [
            text(f"{task}/{aspect}"),
            text(str(v["n_variants"])),
            *(score(v[k]) for k in ("mean", "min", "max", "std", "consistency")),
        ]
        for task, per in variants.items()
        for aspect, v in per.items()
    ]
    return Table(["task/aspect", "variants", "mean", "min", "max", "std", "consistency"], rows)


def all_scores_table(result: ScoreResult, task: str, model: str) -> Table:
    """One task in upstream's all_scores.csv layout: the model, then ``Format-ctg, Format-qual, …, Avg-qual``
    (qual columns only when judged), with upstream's rounding chain (see ``aggregate.upstream_chain``)."""
    judged = result.quality is not None
    chain = result.summary.upstream_rounding or {}
    per, qual = chain.get("scores", {}).get(task, {}), (chain.get("quality") or {}).get(task, {})
    header, row = [""], [text(model)]
    for c in columns():
        header.append(f"{csv_stem(c)}-ctg")
        row.append(score(per.get(c)))
        if judged:
            header.append(f"{csv_stem(c)}-qual")
            row.append(score(qual.get(c)))
    return Table(header, [row])


def _interval(iv: Mapping[str, float] | None) -> Cell:
    return Cell() if iv is None else score(iv["estimate"], (iv["low"], iv["high"]))


def report_scores_table(scores: Mapping[str, Mapping[str, Mapping[str, float]]]) -> Table:
    """A report's scores with CIs: one row per task (and its Qual), then overall when every task is there.
    ``scores`` is ``{"ctg" | "qual": {"task/column": {"estimate", "low", "high"}}}``."""
    cols = columns()
    rows: list[list[Cell]] = []
    for task in TASKS:
        for metric in ("ctg", "qual"):
            per = scores.get(metric)
            if per is None or f"{task}/{AVERAGE}" not in per:
                continue
            label = task if metric == "ctg" else f"{task} (Qual)"
            rows.append([text(label), *(_interval(per.get(f"{task}/{c}")) for c in cols)])
    for metric in ("ctg", "qual"):
        per = scores.get(metric)
        key = f"{OVERALL}/{AVERAGE}"
        if per is not None and key in per and all(f"{t}/{AVERAGE}" in per for t in TASKS):
            rows.append([text(OVERALL if metric == "ctg" else f"{OVERALL} (Qual)"), *_blanks(), _interval(per[key])])
    return Table(["task", *(heading(c) for c in cols)], rows)


def placement_table(block: Mapping[str, Any]) -> Table:
    """Where the model falls among one paper's published models, per setting."""
    rows = []
    for key, c in block["cells"].items():
        task, _, col = key.partition("/")
        rank = f"{c['rank']} of {c['n_models']}"
        if (c["rank_best"], c["rank_worst"]) != (c["rank"], c["rank"]):
            rank += f" ({c['rank_best']}–{c['rank_worst']})"
        above = f"{c['above'][0]} {c['above'][1]:.3f}" if c["above"] else "(none: you are first)"
        below = f"{c['below'][0]} {c['below'][1]:.3f}" if c["below"] else "(none: you are last)"
        rows.append(
            [
                text(f"{task}/{heading(col)}"),
                score(c["value"], (c["low"], c["high"])),
                text(rank),
                text(above),
                text(below),
                text(f"{c['min']:.3f} / {c['median']:.3f} / {c['max']:.3f}"),
            ]
        )
    header = [
        "setting",
        "you [95% CI]",
        "rank (CI range)",
        "nearest above",
        "nearest below",
        "published min / median / max",
    ]
    return Table(header, rows, numeric=(1, 2, 5))


def worst_table(cell: Mapping[str, Any]) -> Table:
    """The worst-failing items of one task × aspect, with their reasons and a generation."""
    rows = [
        [
            text(w["id"] + ("" if w["variant"] is None else f" (variant {w['variant']})"), "code"),
            text(f"{w['failed']}/{w['samples']}"),
            text(" / ".join(w["reasons"])),
            text(f"[sample {w['sample']}] {w['generation']}", "gen"),
        ]
        for w in cell["worst"]
    ]
    return Table(["id", "failed", "reasons", "generation"], rows, numeric=(1,))


def comparison_table(
    metric: str, per: Mapping[str, Mapping[str, Any]], name_a: str, name_b: str, show_p: Callable[[float], str]
) -> Table:
    """One metric of a paired comparison: scores, difference, its CI, p and Holm-adjusted p."""
    rows = [
        [
            text(k),
            text(f"{c['score_a']:.3f}"),
            text(f"{c['score_b']:.3f}"),
            text(f"{c['diff']:+.3f}"),
            text(f"[{c['ci_low']:+.3f}, {c['ci_high']:+.3f}]"),
            text(show_p(c["p_value"])),
            text(show_p(c["p_holm"])),
            text("*" if c["significant"] else ""),
        ]
        for k, c in per.items()
    ]
    return Table([metric, name_a, name_b, "diff", "CI of diff", "p", "p (Holm)", ""], rows)
