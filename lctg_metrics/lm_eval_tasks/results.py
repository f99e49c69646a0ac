"""Score an lm-evaluation-harness run of the LCTG tasks from its one ``--log_samples`` output folder, whatever groups
it ran (``--tasks lctg,lctg_multi``): each ``samples_<task>_<date>.jsonl`` file belongs to the config its task reads
(``lctg_multi_*`` -> ``multi``, every other ``lctg_*`` -> ``all``), and each config is scored on its own, by row id
against the dataset, as ``lctg score`` scores one config. One result per config: the configs' ids and tasks never mix.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lctg_metrics.api import score_predictions_result
from lctg_metrics.formats import lm_eval_sample_files, read_generations_from
from lctg_metrics.lm_eval_tasks.writer import GROUP, MULTI
from lctg_metrics.schema import ScoringError

#: ``samples_<task>_<date>.jsonl`` as the harness names a task's log (the date: ``2024-06-01T12-00-00.123456``; the
#: task is everything before the last underscore, so a file renamed with another stamp is read as well).
_SAMPLES = re.compile(r"samples_(?P<task>.+)_[^_]+\.jsonl")


def task_of(path: Path) -> str:
    """The task a harness samples file logs, from its name."""
    found = _SAMPLES.fullmatch(path.name)
    if not found:
        raise ScoringError(f"{path}: not named as the harness names a samples file (samples_<task>_<date>.jsonl)")
    return found.group("task")


def config_of(task: str, where: Path) -> str:
    """The dataset config an LCTG task reads: ``multi`` for ``lctg_multi_*``, ``all`` for every other ``lctg_*``."""
    if task.startswith(f"{GROUP}_{MULTI}_"):
        return MULTI
    if task.startswith(f"{GROUP}_"):
        return "all"
    raise ScoringError(f"{where}: task {task!r} is not an LCTG task (lctg_…); score only the LCTG tasks' samples")


def sample_files_by_config(output: str | os.PathLike[str]) -> dict[str, list[Path]]:
    """The samples files of a run's output folder (or one file), by the config their task reads."""
    out: dict[str, list[Path]] = {}
    for f in lm_eval_sample_files(Path(output)):
        out.setdefault(config_of(task_of(f), f), []).append(f)
    return out


def files_of_config(output: str | os.PathLike[str], config: str, say: Callable[[str], Any] = print) -> list[Path]:
    """The samples files of a run's output folder that read ``config``; ``say`` names the run's other configs and
    how to score them. A run without that config's tasks is an error naming the configs it holds."""
    by_config = sample_files_by_config(output)
    if config not in by_config:
        raise ScoringError(
            f"{output}: this lm-eval run holds the tasks of config(s) {', '.join(sorted(by_config))}, "
            f"not {config!r}; score it with " + " or ".join(f"--config {c}" for c in sorted(by_config))
        )
    others = sorted(set(by_config) - {config})
    if others:
        say(
            f"note: scoring the {config!r} config's tasks of this run; it also holds "
            + ", ".join(f"{c!r} (score it with --config {c})" for c in others)
        )
    return by_config[config]


def score_run(
    output: str | os.PathLike[str], dataset: Any, *, revision: str | None = None, **options: Any
) -> dict[str, Any]:
    """``{config: ScoreResult}`` for every config the run's tasks read; ``options`` as ``score_predictions_result``
    takes them (e.g. ``cleaner="rule"``, the tasks' default)."""
    results = {}
    for config, files in sample_files_by_config(output).items():
        gens = [g for f in files for g in read_generations_from(f, "lm-eval")]
        results[config] = score_predictions_result(
            [g.text for g in gens],
            [g.id for g in gens],
            samples=[g.sample for g in gens],
            dataset=dataset,
            revision=revision,
            **options,
        )
    return results
