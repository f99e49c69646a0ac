"""Reading a details file for the analysis commands (``report``, ``compare``, ``substitutability``), with the path
as given kept in every error."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Another family's details file, told apart by the fields of its first line: (fields, what it is, what reads it).
OTHER_DETAILS = (
    (("instruction_id", "strict", "loose"), "an lctg if-score details file (one verdict per instruction)", "if-score"),
    (("hit", "choice"), "an lctg ifsm details file (one item per story ending)", "ifsm"),
)


#: The fields every lm-eval ``--log_samples`` line has (a generations file of ``lctg score --from lm-eval``).
LM_EVAL_FIELDS = ("doc_id", "doc", "resps")


def read_details_file(path: str, read: Any, command: str = "report") -> Any:
    """``read(path)`` (the details reader), with the path as given kept in its errors: a folder, a missing file, an
    lm-eval output, or another family's details file is one line saying which, and what to give instead (``command``:
    the ``lctg`` command reading it, named in the hint)."""
    p = Path(path)
    if p.is_dir():
        found = file_like(p, _is_details)
        if found is None and next(p.rglob("samples_*.jsonl"), None) is not None:
            raise ValueError(_lm_eval_hint(path, command))
        example = f", e.g. {found}" if found else ""
        raise ValueError(f"{path} is a folder; give a details file (the --details output of lctg score){example}")
    if not p.exists():
        raise ValueError(
            f"details file {path} does not exist (write one with: lctg score GENERATIONS --dataset DIR "
            f"--details {shlex.quote(str(path))})"
        )
    try:
        return read(path)
    except ValueError:
        first = _first_record(p)
        if all(f in first for f in LM_EVAL_FIELDS):
            raise ValueError(_lm_eval_hint(path, command)) from None
        for fields, what, owner in OTHER_DETAILS:
            if all(f in first for f in fields):
                raise ValueError(
                    f"{path}: {what}, not the --details output of lctg score; lctg {owner} summarises its own run "
                    f"(its --json output), and lctg {command} reads LCTG Bench details (lctg score --details)"
                ) from None
        raise


def file_like(
    folder: Path, looks: Callable[[dict[str, Any]], bool], suffixes: tuple[str, ...] = (".jsonl",)
) -> Path | None:
    """A file in ``folder`` (a bounded look, not a walk of a home folder) whose first line ``looks`` like what is
    asked for: the example a "this is a folder" error offers, never a file of another kind."""
    from itertools import islice

    candidates = sorted(f for f in islice(folder.rglob("*"), 2000) if f.suffix.lower() in suffixes and f.is_file())
    return next((f for f in candidates if looks(_first_record(f))), None)


def _is_details(record: dict[str, Any]) -> bool:
    """Whether a first line looks like ``lctg score --details`` output (its verdict fields)."""
    return all(f in record for f in ("id", "sample", "aspect", "passed"))


def _lm_eval_hint(path: str, command: str) -> str:
    """An lm-eval output given where a details file goes: the two commands that make one and read it, runnable as
    printed when the dataset is known (``--dataset``'s default rule of :meth:`FamilyEntry.how`)."""
    from lctg_metrics.cli.families import local_build
    from lctg_metrics.family import family_entry

    entry = family_entry("lctg")
    dataset = _run_dataset(Path(path)) or local_build(entry.config)
    score = entry.how(path, dataset).replace(" --dataset", " --from lm-eval --dataset", 1)
    then = f"lctg {command} details.jsonl" if command == "report" else f"give details.jsonl to lctg {command} instead"
    return (
        f"{path} is an lm-eval output (generations, not verdicts); score it with details first: "
        f"{score} --details details.jsonl, then: {then}"
    )


def _run_dataset(path: Path) -> str | None:
    """The dataset an lm-eval run's task files loaded, as its ``results_*.json`` records it (``dataset_kwargs``): the
    Hub repo at its revision, or the build folder when it is found from here (the path recorded is relative to the
    task folder: its name is tried here too); None when the run does not say or the folder is not here."""
    folder = path if path.is_dir() else path.parent
    for results in sorted(folder.rglob("results_*.json"))[:1]:
        try:
            configs = json.loads(results.read_text(encoding="utf-8-sig")).get("configs") or {}
        except (OSError, ValueError, AttributeError):
            return None
        kwargs = next((c.get("dataset_kwargs") or {} for c in configs.values() if isinstance(c, dict)), {})
        if kwargs.get("lctg_repo"):
            revision = kwargs.get("lctg_revision")
            return f"{kwargs['lctg_repo']}" + (f" --revision {revision}" if revision else "")
        recorded = str(kwargs.get("lctg_folder") or "")
        for candidate in (Path(recorded), Path(Path(recorded).name)) if recorded else ():
            if (candidate / "manifest.json").is_file():
                return str(candidate)
    return None


def _first_record(p: Path) -> dict[str, Any]:
    """The first line of a JSONL file as an object ({} when it is not one)."""
    try:
        with open(p, encoding="utf-8-sig") as f:
            record = json.loads(f.readline())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):  # too deep: the reader names it
        return {}
    return record if isinstance(record, dict) else {}


__all__ = ["OTHER_DETAILS", "file_like", "read_details_file"]
