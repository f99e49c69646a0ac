"""Generations of another config of the same dataset (multi generations scored without ``--config multi``, LCTG ids
with it): one line naming the flag to add or drop, before any scoring, since the id is in the dataset."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import Any

from lctg_metrics.cli.dataset import CLIError

#: The configs whose ids ``lctg score`` reads, and the one it reads by default.
ID_CONFIGS = ("all", "multi", "variants", "corrected")
DEFAULT_CONFIG = "all"


def _config_flag(config: str, other: str) -> str:
    if other == DEFAULT_CONFIG:
        return f"drop --config {config}"
    if config == DEFAULT_CONFIG:
        return f"add --config {other}"
    return f"give --config {other} instead of --config {config}"


def refuse_other_config(
    generations: Iterable[Any], rows: Sequence[Any], folder: Any, args: argparse.Namespace, others: set[str]
) -> None:
    """The first generation whose id is not a row of ``args.config`` (``others``: ids ``--task`` leaves out): when
    another config of the dataset holds it, one line naming the flag to add or drop."""
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.schema import ScoringError

    known = {r["id"] for r in rows}
    stray = next((g for g in generations if g.id not in known and g.id not in others), None)
    if stray is None:
        return
    for other in ID_CONFIGS:
        if other == args.config:
            continue
        try:
            ids = {r["id"] for r in read_rows(folder, other)}
        except ScoringError:  # a build without that config
            continue
        if stray.id in ids:
            raise CLIError(
                f"{stray.label()}: id {stray.id!r} is a row of the dataset's {other} config, not of {args.config}: "
                f"{_config_flag(args.config, other)}"
            )
