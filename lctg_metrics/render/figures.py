"""Figures of the reports (PNG bytes): score bars and heat map, placement among published models, settings
matrices. Each is drawn through :mod:`.plotting` (matplotlib loaded lazily, the install hint without it, Japanese
labels in an installed font or ASCII stand-ins)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics import aspects
from lctg_metrics.render.plotting import PLOT_HINT, figure_label, load_matplotlib, png, with_fonts
from lctg_metrics.render.table import AVERAGE, columns, heading
from lctg_metrics.render.texts import METRIC_NAMES

#: Short ASCII task names for figure labels.
TASK_LABELS: dict[str, str] = {"summary": "summary", "ad_text": "ad_text", "pros_and_cons": "pros_cons"}

SERIES_COLORS: dict[str, str] = {"ctg": "#0072B2", "qual": "#E69F00"}


@with_fonts
def bars_figure(data: Mapping[str, Any]) -> bytes:
    """One panel per task: the four aspects and the average, CTG (and Qual) with CI error bars."""
    Figure, _ = load_matplotlib()
    scores = data["scores"]
    tasks = [t for t in TASKS if f"{t}/average" in scores["ctg"]]
    metrics = [m for m in ("ctg", "qual") if m in scores]
    fig = Figure(figsize=(4.0 * len(tasks) + 0.6, 4.0), layout="constrained")
    axes = fig.subplots(1, len(tasks), sharey=True, squeeze=False)[0]
    width = 0.8 / len(metrics)
    for ax, task in zip(axes, tasks):
        for k, metric in enumerate(metrics):
            xs, ys, lo, hi = [], [], [], []
            for j, col in enumerate(columns()):
                iv = scores[metric].get(f"{task}/{col}")
                if iv is None or not math.isfinite(iv["estimate"]):
                    continue
                xs.append(j + (k - (len(metrics) - 1) / 2) * width)
                ys.append(iv["estimate"])
                lo.append(iv["estimate"] - iv["low"])
                hi.append(iv["high"] - iv["estimate"])
            ax.bar(
                xs,
                ys,
                width * 0.92,
                yerr=[lo, hi],
                capsize=3,
                color=SERIES_COLORS[metric],
                error_kw={"elinewidth": 1, "ecolor": "#222222"},
                label=METRIC_NAMES[metric],
            )
            for x, y, h in zip(xs, ys, hi):
                ax.text(x, y + h + 0.015, f"{y:.2f}", ha="center", va="bottom", fontsize=7)
        ax.axvline(len(aspects.names()) - 0.5, color="#999999", linestyle=":", linewidth=1)
        ax.set_xticks(range(len(columns())), [heading(c) for c in columns()], fontsize=8)
        ax.set_ylim(0, 1.12)
        ax.set_title(task, fontsize=11)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("score")
    if len(metrics) > 1:
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower center", ncols=len(metrics), fontsize=8, frameon=False)
    ci = data["ci"]
    fig.suptitle(
        f"{figure_label(data['model'], 'your model')}: scores with {ci['level']:.0%} bootstrap CIs "
        f"({ci['n_resamples']} resamples of prompts)",
        fontsize=11,
    )
    return png(fig)


@with_fonts
def heatmap_figure(data: Mapping[str, Any]) -> bytes:
    """Task × (aspects + average) heat map per metric, each cell annotated with the score and its CI."""
    Figure, _ = load_matplotlib()
    import numpy as np

    scores = data["scores"]
    metrics = [m for m in ("ctg", "qual") if m in scores]
    tasks = [t for t in TASKS if f"{t}/average" in scores["ctg"]]
    fig = Figure(figsize=(6.4 * len(metrics), 1.1 * len(tasks) + 1.4), layout="constrained")
    axes = fig.subplots(1, len(metrics), squeeze=False)[0]
    image = None
    for ax, metric in zip(axes, metrics):
        grid = np.full((len(tasks), len(columns())), np.nan)
        for i, task in enumerate(tasks):
            for j, col in enumerate(columns()):
                iv = scores[metric].get(f"{task}/{col}")
                if iv is not None and math.isfinite(iv["estimate"]):
                    grid[i, j] = iv["estimate"]
                    text_color = "white" if iv["estimate"] < 0.55 else "black"
                    ax.text(
                        j,
                        i,
                        f"{iv['estimate']:.3f}\n[{iv['low']:.2f}, {iv['high']:.2f}]",
                        ha="center",
                        va="center",
                        fontsize=8,
                        color=text_color,
                    )
        image = ax.imshow(np.ma.masked_invalid(grid), cmap="viridis", vmin=0, vmax=1, aspect="auto")
        ax.set_xticks(range(len(columns())), [heading(c) for c in columns()], fontsize=8)
        ax.set_yticks(range(len(tasks)), tasks, fontsize=9)
        ax.set_title(f"{METRIC_NAMES[metric]} (score [95% CI])", fontsize=10)
    fig.colorbar(image, ax=list(axes), shrink=0.9, label="score")
    return png(fig)


#: Marker shapes cycled over published models (with colour, so paired tab20 colours stay distinct).
PLACEMENT_MARKERS: tuple[str, ...] = ("o", "s", "^", "v")
#: Horizontal offset of the user's marker in each column of the placement figure.
USER_OFFSET = 0.3


@with_fonts
def placement_figure(data: Mapping[str, Any], block_index: Sequence[int]) -> bytes:
    """Rows = metric, columns = task: each published model a coloured dot (same colour in every panel),
    the user's model a black diamond with its CI."""
    Figure, _ = load_matplotlib()
    blocks = [data["published"][i] for i in block_index]
    models = list(dict.fromkeys(m for b in blocks for c in b["cells"].values() for m in c["published"]))
    import matplotlib
    import matplotlib.lines

    cmap = matplotlib.colormaps["tab20"] if len(models) > 10 else matplotlib.colormaps["tab10"]
    colors = {m: cmap(i % cmap.N) for i, m in enumerate(models)}
    markers = {m: PLACEMENT_MARKERS[i % len(PLACEMENT_MARKERS)] for i, m in enumerate(models)}
    # published models spread over the left of each column, the user's model to their right
    offsets = {m: -0.34 + i * (0.46 / max(1, len(models) - 1)) for i, m in enumerate(models)}
    tasks = [t for t in TASKS if f"{t}/{AVERAGE}" in data["scores"]["ctg"]]
    ncols = len(tasks)  # legend columns: long model names need about 4 inches each
    fig = Figure(
        figsize=(
            max(4.1 * len(tasks) + 0.4, 4.6 * ncols),
            3.3 * len(blocks) + 0.9 + 0.22 * math.ceil((len(models) + 1) / ncols),
        ),
        layout="constrained",
    )
    axes = fig.subplots(len(blocks), len(tasks), sharey=True, squeeze=False)
    you = figure_label(data["model"], "your model")
    for r, block in enumerate(blocks):
        metric_name = "CTG" if block["metric"] == "ctg" else "Qual"
        for c, task in enumerate(tasks):
            ax = axes[r][c]
            ax.set_title(f"{task} - {metric_name} ({block['code']})", fontsize=10)
            ax.set_ylim(-0.04, 1.06)
            ax.set_xlim(-0.6, len(columns()) - 0.4)
            ax.set_xticks(range(len(columns())), [heading(col) for col in columns()], fontsize=8)
            ax.grid(axis="y", alpha=0.3)
            ax.axvline(len(aspects.names()) - 0.5, color="#999999", linestyle=":", linewidth=1)
            if task not in block["tasks_published"]:
                ax.text(
                    len(columns()) / 2 - 0.5,
                    0.5,
                    "not in this paper",
                    ha="center",
                    va="center",
                    fontsize=9,
                    color="#666666",
                )
                continue
            for j, col in enumerate(columns()):
                cell = block["cells"].get(f"{task}/{col}")
                if cell is None:
                    continue
                for m, v in cell["published"].items():
                    ax.plot(j + offsets[m], v, markers[m], ms=4.5, color=colors[m], alpha=0.9)
                yerr = [[cell["value"] - cell["low"]], [cell["high"] - cell["value"]]]
                ax.errorbar(
                    j + USER_OFFSET,
                    cell["value"],
                    yerr=yerr,
                    fmt="D",
                    ms=7,
                    color="black",
                    mfc="white",
                    mew=1.6,
                    capsize=4,
                    zorder=5,
                )
        axes[r][0].set_ylabel("score")
    handles = [matplotlib.lines.Line2D([], [], marker=markers[m], ls="", color=colors[m], label=m) for m in models]
    handles.append(
        matplotlib.lines.Line2D([], [], marker="D", ls="", color="black", mfc="white", mew=1.6, label=f"{you} (95% CI)")
    )
    fig.legend(handles=handles, loc="outside lower center", ncols=ncols, fontsize=8, frameon=False)
    return png(fig)


def report_figures(data: Mapping[str, Any]) -> dict[str, bytes]:
    """PNG bytes by file name: bars, heat map, one placement figure per published source."""
    figs = {"scores_bars.png": bars_figure(data), "scores_heatmap.png": heatmap_figure(data)}
    by_source: dict[str, list[int]] = defaultdict(list)
    for i, block in enumerate(data["published"]):
        by_source[block["code"]].append(i)
    for code, idx in by_source.items():
        figs[f"published_{code}.png"] = placement_figure(data, idx)
    return figs


def _setting_label(setting: str) -> str:
    """``summary/prohibited_word:ctg`` -> ``summary P-WORD ctg`` (ASCII, short)."""
    task_aspect, _, metric = setting.partition(":")
    task, _, aspect = task_aspect.partition("/")
    return f"{TASK_LABELS.get(task, task)} {heading(aspect)} {metric}".strip()


@with_fonts
def matrix_figure(
    matrix: Sequence[Sequence[float | None]],
    settings: Sequence[str],
    *,
    title: str,
    vmin: float,
    vmax: float,
    cmap: str,
    cbar_label: str,
) -> bytes:
    """A labelled heat map of a settings × settings matrix; undefined cells grey with 'n/a'."""
    Figure, _ = load_matplotlib()
    import matplotlib
    import numpy as np

    n = len(settings)
    grid = np.array([[np.nan if v is None else v for v in row] for row in matrix], dtype=float)
    size = max(5.0, (0.42 if n <= 12 else 0.5) * n + 2.6)
    fig = Figure(figsize=(size + 1.2, size), layout="constrained")
    ax = fig.subplots()
    colormap = matplotlib.colormaps[cmap].with_extremes(bad="#dddddd")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=colormap, vmin=vmin, vmax=vmax)
    labels = [_setting_label(s) for s in settings]
    ax.set_xticks(range(n), labels, rotation=60, ha="right", rotation_mode="anchor", fontsize=8)
    ax.set_yticks(range(n), labels, fontsize=8)
    fontsize = 7 if n <= 12 else 6.5
    metrics = [st.partition(":")[2] for st in settings]
    for k in range(1, n):  # separate the ctg block from the qual block
        if metrics[k] != metrics[k - 1]:
            ax.axhline(k - 0.5, color="black", linewidth=1.2)
            ax.axvline(k - 0.5, color="black", linewidth=1.2)
    for i in range(n):
        for j in range(n):
            v = grid[i, j]
            if np.isnan(v):
                ax.text(j, i, "n/a", ha="center", va="center", fontsize=fontsize, color="#777777")
            else:
                rgba = colormap((v - vmin) / (vmax - vmin) if vmax > vmin else 0.5)
                dark = 0.299 * rgba[0] + 0.587 * rgba[1] + 0.114 * rgba[2] < 0.5
                ax.text(
                    j, i, f"{v:.2f}", ha="center", va="center", fontsize=fontsize, color="white" if dark else "black"
                )
    ax.set_title(title, fontsize=10)
    fig.colorbar(image, ax=ax, shrink=0.8, label=cbar_label)
    return png(fig)


def similarity_range(matrices: Sequence[Sequence[Sequence[float | None]]]) -> tuple[float, float]:
    """Colour range of the 1 - JSD heat maps: from the smallest value (rounded down to 0.1) to 1, so the
    usually small differences stay visible; the colour bar shows the range."""
    values = [v for m in matrices for row in m for v in row if v is not None]
    low = math.floor(min(values, default=0.0) * 10) / 10
    return (min(low, 0.9), 1.0)


__all__ = [
    "PLOT_HINT",  # the commands' help names the extra as figures.PLOT_HINT
    "bars_figure",
    "heatmap_figure",
    "load_matplotlib",
    "matrix_figure",
    "placement_figure",
    "report_figures",
    "similarity_range",
]
