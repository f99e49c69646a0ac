"""``lctg score`` on a generations file read in chunks: memory bounded by a chunk (plus the counts), not the file.

Used for our own file format with a cleaner that does not work over the whole run (``whole_run`` in its registry
entry: the LLM cleaner batches, deduplicates and caches over the run, so it reads the whole file) and no judge.
``--task`` filtering, the implicit sample numbering and the default cleaner give what reading the whole file gives
(the default is decided before scoring, reading only until a generation without ``cleaned``); per-item details are
written chunk by chunk into a temp file that is placed with the other outputs only when the whole run succeeded.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from typing import Any

from lctg_metrics.cleaners import CleanerEntry
from lctg_metrics.cli.dataset import CLIError
from lctg_metrics.inputs.generations import iter_generations
from lctg_metrics.outputs.write import Staged, jsonl_text
from lctg_metrics.schema import Generation
from lctg_metrics.scoring import ScoreResult, index_references
from lctg_metrics.scoring.stream import score_chunks

#: Generations per chunk while the default cleaner is decided (most files tell on their first line).
PEEK_CHUNK = 1_000


def streams(args: argparse.Namespace, chosen: CleanerEntry | None) -> bool:
    """Whether this run reads its generations in chunks (``chosen``: the registry entry of the cleaner named)."""
    return (
        args.from_format == "lctg"
        and args.id_field is None
        and args.text_field is None
        and not (chosen and chosen.whole_run)
        and not args.judge
        and not args.dry_run
    )


def score_stream(
    args: argparse.Namespace,
    rows: Sequence[Any],
    others: set[str],
    options: Any,
    dataset_source: str | None,
    progress: bool,
) -> tuple[ScoreResult, Staged | None, list[str]]:
    """The result, the staged details file (or None; the caller places or discards it) and the notes to print
    (``others``: the ids of the config's tasks that ``--task`` leaves out)."""
    from lctg_metrics.cleaners import get_cleaner
    from lctg_metrics.inputs import generations

    refs = index_references(r["constraint"] for r in rows)
    name = args.cleaner or _default_cleaner(args.generations, others)
    skipped = [0]
    chunks = _kept(iter_generations(args.generations, generations.CHUNK_SIZE), others, skipped, args)
    details = Staged(args.details) if args.details else None
    try:
        result = score_chunks(
            chunks,
            refs,
            options=options,
            cleaner=get_cleaner(name),
            missing=args.missing,
            dataset_source=dataset_source,
            progress=progress,
            on_items=_writer(details) if details else None,
            first_at=lambda rid, s: _first_at(args.generations, rid, s),
        )
    except BaseException:
        if details is not None:
            details.discard()
        raise
    notes = (
        [f"note: scoring only {', '.join(args.task)}: skipped {skipped[0]} generations of the other tasks"]
        if skipped[0]
        else []
    )
    return result, details, notes


def _default_cleaner(path: Any, others: set[str]) -> str:
    """The registry's default cleaner for this file, decided before scoring: generations are read (a small chunk at a
    time) only until one without ``cleaned``, so a file without the field is read for one chunk, never twice whole
    for a wrong guess."""
    from lctg_metrics.cleaners import default_cleaner

    chunks = iter_generations(path, PEEK_CHUNK)
    try:
        return default_cleaner(g.cleaned for chunk in chunks for g in chunk if g.id not in others)
    finally:
        chunks.close()


def _kept(
    chunks: Iterator[Sequence[Generation]], others: set[str], skipped: list[int], args: argparse.Namespace
) -> Iterator[Sequence[Generation]]:
    """The chunks without the generations of the config's tasks that ``--task`` leaves out (counted in
    ``skipped``); an error when none is left."""
    kept = 0
    for chunk in chunks:
        mine = [g for g in chunk if g.id not in others] if others else chunk
        skipped[0] += len(chunk) - len(mine)
        kept += len(mine)
        if mine:
            yield mine
    if args.task and not kept:
        raise CLIError(f"{args.generations}: no generations of task(s) {', '.join(args.task)}")


def _writer(details: Staged) -> Any:
    """Per-item verdicts as details lines (as ``--details`` writes them when a run is scored at once)."""
    return lambda items, signature: details.write(jsonl_text(dict(it.to_dict(), signature=signature) for it in items))


def _first_at(path: Any, rid: str, sample: int) -> str:
    """Where the first generation of (id, sample) is (read again: only an error needs it)."""
    return next(g.label() for chunk in iter_generations(path) for g in chunk if g.id == rid and g.sample == sample)
