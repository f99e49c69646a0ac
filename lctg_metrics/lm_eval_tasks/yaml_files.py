"""The YAML texts of the LCTG task files, in the harness's task-config fields: a subtask (docs, generation, per-doc
metrics, metadata) and a group (its children and the unweighted mean of their metrics)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from lctg_dataset.layout import SPLIT

#: The filter name of every task: the harness keys metrics ``{metric},{filter}``, so the key is ``acc,none`` for one
#: sample per prompt (the harness's own default filter) and for ``repeats`` > 1 (``take_first_k`` under this name).
FILTER = "none"


def harness_version(version: str) -> float:
    """The number the harness shows as a task's version: the dataset version's major.minor (``1.1.0+multi`` ->
    1.1); the full version is ``metadata.dataset_version``."""
    major, minor = (version.split("+")[0].split(".") + ["0"])[:2]
    return float(f"{int(major)}.{int(minor)}")


def _q(value: Any) -> str:
    """A YAML scalar or flow collection (JSON is YAML)."""
    return json.dumps(value, ensure_ascii=False)


def _metric_lines(metrics: list[str]) -> str:
    return "".join(f"  - metric: {m}\n    aggregation: mean\n    higher_is_better: true\n" for m in metrics)


def task_yaml(
    name: str,
    path: str,
    config: str,
    docs: str,
    metrics: list[str],
    gen: Mapping[str, Any],
    repeats: int,
    version: str,
    signature: str,
    hub: Mapping[str, str] | None = None,
) -> str:
    filters = (
        ""
        if repeats == 1
        else f"filter_list:\n  - name: {FILTER}\n    filter:\n      - function: take_first_k\n        k: {repeats}\n"
    )
    source = (
        "custom_dataset: !function utils.load_local\n"
        f"dataset_kwargs: {_q({'lctg_folder': path, 'lctg_config': config})}\n"
        if hub is None
        else f"custom_dataset: !function utils.load_docs\ndataset_kwargs: {_q({**hub, 'lctg_config': config})}\n"
    )
    return (
        f"task: {name}\n"
        f"dataset_path: {_q(path)}\n"
        f"dataset_name: {_q(config)}\n"
        f"{source}"
        f"test_split: {SPLIT}\n"
        f"process_docs: !function utils.{docs}\n"
        "output_type: generate_until\n"
        "doc_to_text: prompt\n"
        "doc_to_target: condition\n"
        f"generation_kwargs: {_q(dict(gen))}\n"
        f"repeats: {repeats}\n"
        f"{filters}"
        "process_results: !function utils.process_results\n"
        f"metric_list:\n{_metric_lines(metrics)}"
        f"metadata:\n  version: {harness_version(version)}\n  dataset_version: {_q(version)}\n"
        f"  signature: {_q(signature)}\n"
    )


def group_yaml(name: str, children: list[str], metrics: list[str], repeats: int, version: str) -> str:
    aggregate = "".join(
        f"  - metric: {m}\n    filter_list: [{FILTER}]\n    aggregation: mean\n    weight_by_size: false\n"
        for m in metrics
    )
    return (
        f"group: {name}\n"
        "task:\n" + "".join(f"  - {c}\n" for c in children) + f"aggregate_metric_list:\n{aggregate}"
        f"metadata:\n  version: {harness_version(version)}\n  dataset_version: {_q(version)}\n"
    )
