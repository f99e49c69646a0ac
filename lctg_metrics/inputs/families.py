"""The input layer's readers for the metric families: a generations file scored one output per id, the generations
of several samples per prompt split by sample (each one output per id), and the rows of any config of a built
dataset folder. They read through :mod:`.generations` and :mod:`.folder` (the one reader of generations files,
dataset folders and manifests) and add only the families' checks."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.inputs.folder import dataset_files
from lctg_metrics.inputs.generations import read_generations
from lctg_metrics.schema import Generation, ScoringError, check_generation


def read_one_per_id(path: str | os.PathLike[str], family: str) -> list[Generation]:
    """The generations of a file for a family that scores one output per id (``family`` names it in errors): each
    checked as the scorer checks one, and a second generation for an id is an error naming both places."""
    first: dict[str, str] = {}
    out: list[Generation] = []
    for g in read_generations(path):
        check_generation(g)
        if g.id in first:
            raise ScoringError(
                f"{g.label()}: id {g.id!r} appears again (first at {first[g.id]}); {family} scores one "
                "generation per id"
            )
        if g.sample != 0:
            raise ScoringError(
                f"{g.label()}: id {g.id!r} has sample {g.sample}; {family} scores one generation per id (sample 0)"
            )
        first[g.id] = g.label()
        out.append(g)
    return out


def read_config_table(
    dataset: str | os.PathLike[str], config: str, columns: Sequence[str]
) -> list[tuple[str, dict[str, Any]]]:
    """``(where, row)`` of every row of any config of a built dataset folder (files from its manifest; ``where`` is
    ``file: row N``), each file checked to have ``columns``; the caller validates the rows themselves."""
    import pyarrow.parquet as pq

    rows: list[tuple[str, dict[str, Any]]] = []
    for f in dataset_files(dataset, config):
        try:
            table = pq.read_table(f)
        except Exception as e:  # pyarrow raises several types for unreadable files
            raise ScoringError(f"{f}: not a readable parquet file ({e}); rebuild the dataset folder") from None
        missing = [c for c in columns if c not in table.column_names]
        if missing:
            raise ScoringError(f"{f}: missing column {missing[0]!r} (config {config!r} needs {', '.join(columns)})")
        rows += [(f"{f}: row {number}", row) for number, row in enumerate(table.to_pylist())]
    return rows


def split_samples(generations: Sequence[Generation], family: str) -> list[list[Generation]]:
    """The generations of each sample index, in order: every sample 0..N-1 holds each id once and the same ids as
    sample 0 (an lm-eval ``--repeats N`` output numbered by the input layer); anything else is an error naming the
    generation."""
    by_sample: dict[int, list[Generation]] = {}
    first: dict[tuple[str, int], str] = {}
    for g in generations:
        check_generation(g)
        key = (g.id, g.sample)
        if key in first:
            raise ScoringError(
                f"{g.label()}: id {g.id!r} sample {g.sample} appears again (first at {first[key]}); {family} scores "
                "one generation per id and sample"
            )
        first[key] = g.label()
        by_sample.setdefault(g.sample, []).append(g)
    if not by_sample:
        return [[]]
    numbers = sorted(by_sample)
    gap = next((n for n in range(len(numbers)) if n not in by_sample), None)
    if gap is not None:
        g = by_sample[numbers[-1]][0]
        raise ScoringError(f"{g.label()}: id {g.id!r} has sample {g.sample} but the run has no sample {gap}")
    ids = {g.id: g for g in by_sample[0]}
    for number in numbers[1:]:
        have = {g.id for g in by_sample[number]}
        extra = next((g for g in by_sample[number] if g.id not in ids), None)
        if extra is not None:
            raise ScoringError(f"{extra.label()}: id {extra.id!r} has sample {number} but no sample 0")
        missing = next((g for rid, g in ids.items() if rid not in have), None)
        if missing is not None:
            raise ScoringError(
                f"{missing.label()}: id {missing.id!r} has sample 0 but no sample {number} (the run has samples "
                f"0-{numbers[-1]}; {family} needs each of them for every id)"
            )
    return [by_sample[n] for n in numbers]


def refuse_other_config(
    generations: Sequence[Generation], rows: Sequence[Any], folder: Any, config: str, read: Any
) -> None:
    """The first generation whose id is not a row of ``config``, found in another config of the same build (read
    with the family's own reader ``read(folder, config)``): one line naming the ``config=`` that reads it, as
    ``lctg score`` names ``--config`` (multi generations scored without ``config="multi"``)."""
    from lctg_metrics.inputs.folder import read_manifest

    known = {r.get("id") for r in rows}
    stray = next((g for g in generations if g.id not in known), None)
    if stray is None:
        return
    for other in read_manifest(Path(folder))["configs"]:
        if other == config:
            continue
        try:
            ids = {r.get("id") for r in read(folder, other)}
        except (ScoringError, KeyError, ValueError, TypeError, OSError):  # a config this family does not read
            continue
        if stray.id in ids:
            raise ScoringError(
                f"{stray.label()}: id {stray.id!r} is a row of the dataset's {other} config, not of {config}: "
                f"pass config={other!r}"
            )
