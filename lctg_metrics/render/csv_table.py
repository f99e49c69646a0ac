"""CSV view: upstream's ``{task}/all_scores.csv`` layout (scripts/get_scores.py), one file per scored task."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.outputs.write import atomic_write
from lctg_metrics.render.table import Table
from lctg_metrics.render.tables import all_scores_table
from lctg_metrics.scoring import ScoreResult


def render(table: Table) -> str:
    """A table as CSV text (``\\n`` line ends, as upstream's pandas writes)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(table.header)
    writer.writerows(table.text_rows())
    return buf.getvalue()


def all_scores_csv(result: ScoreResult, task: str, model: str) -> str:
    """One task's scores in upstream's all_scores.csv layout: an unnamed index column with the model, then
    ``Format-ctg, Format-qual, C-count-ctg, …, Avg-ctg, Avg-qual`` (qual columns only when judged), 3 decimals."""
    return render(all_scores_table(result, task, model))


def write_all_scores(result: ScoreResult, directory: str | os.PathLike[str], model: str) -> list[Path]:
    """Write ``{directory}/{task}/all_scores.csv`` for every scored task, as upstream lays them out."""
    written = []
    for task in TASKS:
        if task not in result.scores:
            continue
        path = Path(directory) / task / "all_scores.csv"
        text = all_scores_csv(result, task, model)
        atomic_write(path, _text_writer(text))
        written.append(path)
    return written


def _text_writer(text: str) -> Callable[[Any], None]:
    """A writer of ``text`` for :func:`atomic_write` (bound now, whatever the caller's loop does next)."""
    return lambda f: f.write(text)
