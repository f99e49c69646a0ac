"""The one refusal of details files that cannot be analysed together (``compare``, ``substitutability``): one run
given as two models (one file twice, or two files holding the same records) is refused; files that score different
prompts (no id in common: the all and multi configs) are refused whatever the flags, since no re-scoring makes them
comparable; files scored with different settings are refused in one line, its reasons separated by ``;``, unless
``--allow-different-signatures`` (the differences are then listed in the output)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def refuse_not_comparable(
    files: Sequence[Any], names: Sequence[str], command: str, *, allow_different: bool, pairs_checked: bool = False
) -> None:
    """Each file checked against the first (``names``: their display names; ``command``: the one named in the hint).
    ``pairs_checked``: the analysis itself refuses runs sharing no (id, sample) pair, with their counts (compare):
    then only runs that differ in their settings too are refused here for their prompts."""
    _refuse_same_run(files, names, command)
    first, others = files[0], list(zip(files[1:], names[1:]))
    same = "compare two runs" if len(files) == 2 else f"give {command} runs"
    for other, name in others:
        if not _ids(first) & _ids(other) and (not pairs_checked or _blocking(first, other, (names[0], name))):
            raise ValueError(
                f"{names[0]} ({first.path}) and {name} ({other.path}) score different prompts (no id in common, e.g. "
                f"the all and multi configs), which no re-scoring makes comparable; {same} of the same config"
            )
    if allow_different:
        return
    for other, name in others:
        reasons = _blocking(first, other, (names[0], name))
        if reasons:
            raise ValueError(
                f"{names[0]} ({first.path}) and {name} ({other.path}) were scored with different settings "
                f"({reasons}), so their scores are not comparable; {_way_out(command)}"
            )


def _way_out(command: str) -> str:
    """What a user does about runs scored with different settings, in plain words: which flag, on which command."""
    them, verb = ("both", "compare") if command == "compare" else ("them all", "analyse")
    return (
        f"re-score {them} with the same options, or add --allow-different-signatures to this lctg {command} "
        f"command to {verb} them anyway"
    )


def _refuse_same_run(files: Sequence[Any], names: Sequence[str], command: str) -> None:
    """One run given as two models is refused: one file under two paths (or through a link), two files holding the
    same run (identical records, in any order: a copy, or the same run's details written twice), or part of one run
    (every record of one file is a record of the other: its ``--task`` details), which would only compare a model
    with itself."""
    import os

    runs = [_run_key(f) for f in files]
    records = [_records(f) for f in files]
    for i, a in enumerate(files):
        for j, (b, name) in enumerate(zip(files[i + 1 :], names[i + 1 :]), start=i + 1):
            try:
                same_file = os.path.samefile(a.path, b.path)
            except (OSError, TypeError, ValueError):
                same_file = str(a.path) == str(b.path) and str(a.path) != "-"
            # a part of one run (its --task or --config details) holds records of the other, line for line
            part = bool(records[i] and records[j]) and (records[i] <= records[j] or records[j] <= records[i])
            if same_file or runs[i] == runs[j] or part:
                what, why = (
                    ("the same file as", "")
                    if same_file
                    else ("a copy of the same run as", " (identical records)")
                    if runs[i] == runs[j]
                    else ("part of the same run as", " (every record of one is a record of the other)")
                )
                raise ValueError(
                    f"{name} ({b.path}) is {what} {names[i]} ({a.path}){why}: {command} needs each model's own "
                    "details; give each model's own file"
                )


def _run_key(details: Any) -> tuple[Any, str]:
    """What tells one run's details from another's: the signature and the records, in a canonical order."""
    import hashlib

    lines = sorted(_records(details))
    return details.signature, hashlib.sha256("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()


def _records(details: Any) -> set[str]:
    """A run's records, each in a canonical form (generation and verdict included)."""
    import json

    return {json.dumps(r, sort_keys=True, ensure_ascii=False, default=str) for r in details.records}


def _ids(details: Any) -> set[Any]:
    return {r.get("id") for r in details.records}


def _blocking(a: Any, b: Any, names: tuple[str, str]) -> str:
    """The settings that make two runs' scores not comparable, as one ``;``-separated text ("" when none)."""
    from lctg_metrics import signature
    from lctg_metrics.analysis.compare import PAIRED_NOTE_KEYS

    if a.signature is None or b.signature is None:
        return ""  # the analysis layer's own message names a missing signature
    diffs = signature.diff(a.signature, b.signature)
    blocking = [d for d in diffs if d.blocking and d.key not in PAIRED_NOTE_KEYS]  # coverage: compared on shared pairs
    return "; ".join(" ".join(d.describe(names).split()) for d in blocking)
