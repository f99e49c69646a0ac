"""Reading a details file for the analysis commands (``report``, ``compare``, ``substitutability``), with the path
as given kept in every error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: Another family's details file, told apart by the fields of its first line: (fields, what it is, what reads it).
OTHER_DETAILS = (
    (("instruction_id", "strict", "loose"), "an lctg if-score details file (one verdict per instruction)", "if-score"),
    (("hit", "choice"), "an lctg ifsm details file (one item per story ending)", "ifsm"),
)


def read_details_file(path: str, read: Any) -> Any:
    """``read(path)`` (the details reader), with the path as given kept in its errors: a folder, a missing file, or
    another family's details file is one line saying which, and what to give instead."""
    p = Path(path)
    if p.is_dir():
        found = sorted(p.rglob("*.jsonl"))[:1]
        example = f", e.g. {found[0]}" if found else ""
        raise ValueError(f"{path} is a folder; give a details file (the --details output of lctg score){example}")
    if not p.exists():
        raise ValueError(
            f"details file {path} does not exist (write one with: lctg score GENERATIONS --dataset DIR "
            f"--details {path})"
        )
    try:
        return read(path)
    except ValueError:
        first = _first_record(p)
        for fields, what, command in OTHER_DETAILS:
            if all(f in first for f in fields):
                raise ValueError(
                    f"{path}: {what}, not the --details output of lctg score; lctg {command} summarises its own run "
                    f"(its --json output), and report/compare read LCTG Bench details"
                ) from None
        raise


def _first_record(p: Path) -> dict[str, Any]:
    """The first line of a JSONL file as an object ({} when it is not one)."""
    try:
        with open(p, encoding="utf-8-sig") as f:
            record = json.loads(f.readline())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    return record if isinstance(record, dict) else {}


__all__ = ["OTHER_DETAILS", "read_details_file"]
