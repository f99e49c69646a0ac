"""What the API's inputs become: predictions aligned with their references as generation columns, the expected
references by id (constraint dicts as given, or row ids read from a built folder or a Hub dataset with every row of
their tasks), and the dataset folder a run reads with where it came from (for the signature)."""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import repeat
from operator import is_
from pathlib import Path
from typing import Any

from lctg_metrics.api.modules import other_module
from lctg_metrics.compute_inputs import check_samples, checked_texts, references_from, references_list
from lctg_metrics.schema import kind
from lctg_metrics.scoring import GenerationColumns, Reference, ScoringError


def occurrence_samples(ids: Sequence[str]) -> list[int]:
    """Sample index of each prediction: the k-th prediction for an id is sample k (0-based)."""
    seen: dict[str, int] = defaultdict(int)
    out = []
    for rid in ids:
        out.append(seen[rid])
        seen[rid] += 1
    return out


def aligned_columns(
    predictions: Any, references: Iterable[Any], cleaned: Any, samples: Any, dataset: Any, config: str | None = None
) -> tuple[GenerationColumns, dict[str, Any]]:
    """Aligned predictions/references as generation columns and the expected references by id, validated: the
    distinct references given, or for row ids every row of the tasks they come from, in their config (the run, as
    ``lctg score --task T`` reads it: what is missing is found by ``missing=``); ``config``: the one config row ids
    are read from (None: any of :data:`ID_CONFIGS`). Every input is checked for its documented type (nothing is
    coerced); references are constraint dicts or row ids."""
    refs = references_list(references)
    if refs and type(refs[0]) is str:
        ids, plain = checked_texts(refs, "references", what="a row id (as references[0] is)")
        unique, run = _constraints_of(ids, dataset, config)
    else:
        refs = references_from(refs)
        ids = list(map(dict.get, refs, repeat("id")))
        if not set(map(type, ids)) <= {str}:
            i = next(k for k, rid in enumerate(ids) if type(rid) is not str)
            raise ScoringError(f"references[{i}]: constraint field 'id' must be a string, got {kind(ids[i])}")
        plain, run = True, {}
        unique = dict(zip(ids, refs))
        if not all(map(is_, map(unique.__getitem__, ids), refs)) and not all(  # the same dict object: no compare
            unique[rid] is r or unique[rid] == r for rid, r in zip(ids, refs)
        ):
            i = next(k for k, (rid, r) in enumerate(zip(ids, refs)) if unique[rid] != r)
            raise ScoringError(f"references[{i}]: id {ids[i]!r} appears with two different constraints")
    checked: dict[str, Reference] = {}
    for rid, d in unique.items():  # validated once; the error names the first index, looked up only on failure
        try:
            checked[rid] = Reference.from_mapping(d, where="reference")
        except ScoringError:
            Reference.from_mapping(d, where=f"references[{ids.index(rid)}] (id {rid!r})")
            raise
    preds, plain_preds = checked_texts(predictions, "predictions", ids, what="generation")
    plain = plain and plain_preds
    if len(preds) != len(ids):
        raise ScoringError(f"got {len(preds)} predictions but {len(ids)} references; they must be aligned one to one")
    if cleaned is not None:
        cleaned, plain_cleaned = checked_texts(cleaned, "cleaned", ids, what="cleaned text", nullable=True)
        plain = plain and plain_cleaned
        if len(cleaned) != len(preds):
            raise ScoringError(f"got {len(cleaned)} cleaned texts but {len(preds)} predictions")
    if samples is not None:
        samples = check_samples(samples)
        if len(samples) != len(preds):
            raise ScoringError(f"got {len(samples)} sample indices but {len(preds)} predictions")
    sample_ids = samples if samples is not None else occurrence_samples(ids)
    return GenerationColumns(ids, preds, sample_ids, cleaned, checked=plain), {**run, **checked}


#: Configs where row ids are looked up, in order: the faithful rows, then the configs with ids of their own (the
#: corrected config reuses the faithful ids; score it with its constraint dicts).
ID_CONFIGS = ("all", "variants", "multi")


def _refuse_other_config(folder: Path, config: str, i: int, rid: str) -> None:
    """``rid`` (``references[i]``), not a row of ``config``, found in another config of the dataset: one line naming
    the ``config=`` that reads it (as ``lctg score`` names ``--config``)."""
    from lctg_metrics.inputs.folder import read_rows

    for other in (c for c in (*ID_CONFIGS, "corrected") if c != config):
        try:
            rows = read_rows(folder, other)
        except ScoringError:  # a build without that config
            continue
        if any(row["id"] == rid for row in rows):
            raise ScoringError(
                f"references[{i}]: id {rid!r} is a row of the dataset's {other} config, not of {config}: "
                f"pass config={other!r}"
            )


def dataset_folder(dataset: Any) -> Path:
    """A built dataset folder as it is; a Hub dataset repo id (``owner/name``) fetched by
    :mod:`lctg_metrics.inputs.hub`."""
    if not isinstance(dataset, (str, os.PathLike)):
        raise ScoringError(f"dataset: expected a dataset folder or a Hub dataset repo id (str), got {kind(dataset)}")
    if Path(dataset).is_dir():
        return Path(dataset)
    from lctg_metrics.inputs.hub import resolve_dataset

    return Path(resolve_dataset(dataset, None).path)


def _constraints_of(
    ids: Sequence[str], dataset: Any, config: str | None = None
) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The constraint of every distinct row id, read once from the dataset's parquet files, and the constraints of
    every row of the tasks those ids come from in their configs (the run they are part of: a row id names its config
    and task, not which of the task's prompts the run meant to leave out). ``config`` given: its rows alone, an id of
    another config refused naming it (as ``lctg score`` names ``--config``)."""
    if dataset is None:
        raise ScoringError(
            f"references[0]: expected a constraint dict (the dataset's 'constraint' column), or row ids "
            f"with dataset=<the built dataset folder or Hub repo id>; got row id {ids[0]!r} without "
            "dataset"
        )
    from lctg_metrics.inputs.folder import read_rows

    folder = dataset_folder(dataset)
    wanted = dict.fromkeys(ids)
    found: dict[str, dict[str, Any]] = {}
    run: dict[str, dict[str, Any]] = {}
    present: list[str] = []
    for name in ID_CONFIGS if config is None else (config,):
        if len(found) == len(wanted):
            break
        try:
            rows = read_rows(folder, name)
        except ScoringError:  # a build without that config
            if config is not None:
                raise
            continue
        present.append(name)
        mine = {row["id"]: row for row in rows if row["id"] in wanted and row["id"] not in found}
        if mine:
            found.update((rid, row["constraint"]) for rid, row in mine.items())
            tasks = {row["task"] for row in mine.values()}
            run.update((row["id"], row["constraint"]) for row in rows if row["task"] in tasks)
    if len(found) != len(wanted):
        i = next(k for k, rid in enumerate(ids) if rid not in found)
        if config is not None:
            _refuse_other_config(folder, config, i, ids[i])
        other = other_module(ids[i], "lctg_ctg")
        raise ScoringError(
            f"references[{i}]: {ids[i]!r} is not a row id of dataset {dataset} (configs "
            f"{', '.join(present) or 'none of ' + ', '.join(ID_CONFIGS)}); "
            + (other or "ids look like 'summary/1614/char_count'")
        )
    return {rid: found[rid] for rid in wanted}, run


def dataset_and_source(dataset: Any, revision: str | None) -> tuple[Any, str | None]:
    """The dataset folder (a Hub repo id fetched at ``revision``) and where it came from for the signature."""
    if dataset is None:
        if revision is not None:
            raise ScoringError(f"revision={revision!r} applies to dataset=<a Hub repo id>; no dataset was given")
        return None, None
    if not isinstance(dataset, (str, os.PathLike)):
        raise ScoringError(f"dataset: expected a dataset folder or a Hub dataset repo id (str), got {kind(dataset)}")
    if revision is None and Path(dataset).is_dir():  # a local folder as it is (the standalone module has no hub)
        return Path(dataset), None
    from lctg_metrics.inputs.hub import resolve_dataset

    resolved = resolve_dataset(dataset, revision)
    return resolved.path, resolved.source()
