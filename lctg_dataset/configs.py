"""The dataset's configs: which rows each one holds, in which parquet file, with which features and version.

``rows ──► configs``: the card's YAML header, the manifest and the writer all read this one list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import datasets

from lctg_dataset.constants import CORRECTED_VERSION, DATASET_VERSION, MULTI_VERSION, TASKS, variants_version
from lctg_dataset.layout import data_file
from lctg_dataset.rows import INSTRUCTION_FEATURES, ROW_FEATURES, STORY_FEATURES, TEMPLATE_FEATURES, VARIANT_FEATURES

Rows = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class Config:
    """One dataset config: its name, rows, features and a one-line description for the card."""

    name: str
    description: str
    files: tuple[str, ...]  # data files (relative) the config reads
    rows: Mapping[str, Rows]  # file -> rows written there
    features: datasets.Features
    default: bool = False
    version: str = DATASET_VERSION

    @property
    def n_rows(self) -> int:
        return sum(len(r) for r in self.rows.values())


def _single(name: str, description: str, rows: Rows, features: datasets.Features, version: str) -> Config:
    return Config(name, description, (data_file(name),), {data_file(name): rows}, features, version=version)


def faithful_configs(rows: Mapping[str, Rows], templates: Rows) -> list[Config]:
    """The 1.0.0 configs: ``all`` (default), one per task, and ``templates``."""
    task_files = {t: data_file(t) for t in TASKS}
    configs = [
        Config(
            "all",
            "all 1,680 prompts of the three tasks (upstream v1, unchanged)",
            tuple(task_files[t] for t in TASKS),
            {task_files[t]: rows[t] for t in TASKS},
            ROW_FEATURES,
            default=True,
        )
    ]
    for t in TASKS:
        configs.append(Config(t, f"the {t} prompts only", (task_files[t],), {task_files[t]: rows[t]}, ROW_FEATURES))
    configs.append(
        _single(
            "templates",
            "one row per distinct recovered condition template per (task, aspect)",
            templates,
            TEMPLATE_FEATURES,
            DATASET_VERSION,
        )
    )
    return configs


def corrected_config(rows: Mapping[str, Rows]) -> Config:
    """``corrected`` (1.1.0): every prompt, the rows of all tasks in one file."""
    return _single(
        "corrected",
        f"{CORRECTED_VERSION}: all prompts, conditions re-filled to state the scored values",
        [r for t in TASKS for r in rows[t]],
        ROW_FEATURES,
        CORRECTED_VERSION,
    )


def variants_config(rows: Rows, k: int, seed: int) -> Config:
    """``variants``: K rewordings of every non-format prompt (version records K and the seed)."""
    version = variants_version(k, seed)
    return _single("variants", f"{version}: {k} rewordings of every non-format prompt", rows, VARIANT_FEATURES, version)


def multi_config(rows: Rows) -> Config:
    """``multi``: one prompt per base text with all four conditions."""
    return _single(
        "multi",
        f"{MULTI_VERSION}: one prompt per base text with all four conditions",
        rows,
        ROW_FEATURES,
        MULTI_VERSION,
    )


def instructions_config(rows: Rows, version: str) -> Config:
    """``instructions``: LCTG base texts and tasks with 1–3 verifiable Japanese instructions (seeded)."""
    return _single(
        "instructions",
        f"{version}: base texts and tasks with 1–3 verifiable instructions each",
        rows,
        INSTRUCTION_FEATURES,
        version,
    )


def story_config(rows: Rows, version: str, with_contexts: bool) -> Config:
    """``story_endings``: Possible Stories questions as story-ending instructions (IFSM)."""
    what = "with the ROCStories contexts" if with_contexts else "contexts left empty (filled from a local copy)"
    return _single(
        "story_endings",
        f"{version}: Possible Stories dev+test questions for IFSM, {what}",
        rows,
        STORY_FEATURES,
        version,
    )
