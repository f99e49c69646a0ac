"""Details files (what ``lctg score --details`` writes) read into plain values with their counts."""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from lctg_metrics.inputs.parse import decoded_lines, jsonl_rows
from lctg_metrics.schema import check_detail
from lctg_metrics.scoring.counts import Counts
from lctg_metrics.scoring.records import counts_from_records


@dataclass(frozen=True)
class Details:
    """One details file: its records (dicts as written) and the signature its lines carry (None = absent)."""

    path: str
    records: list[dict[str, Any]]
    signature: str | None

    @property
    def has_quality(self) -> bool:
        return any(r.get("quality") is not None for r in self.records)

    @cached_property
    def counts(self) -> Counts:
        """The records' counts, from which every score, interval and comparison is computed."""
        return counts_from_records(self.records, where=f"{self.path} record")


def read_details(path: str | Path) -> Details:
    """Read a details JSONL file, checking each line's fields; errors name the file and line. The lines are read as
    every generations file is (``inputs.parse``: a leading BOM dropped, CRLF line ends)."""
    p = Path(path)
    if not p.is_file():
        raise ValueError(
            f"details file {p} does not exist (write one with: lctg score GENERATIONS --dataset DIR --details "
            f"{shlex.quote(str(p))})"
        )
    records: list[dict[str, Any]] = []
    signatures: dict[str | None, int] = {}
    try:
        with open(p, "rb") as f:
            for where, rec in jsonl_rows(p, _text_lines(p, f)):
                check_detail(rec, where)
                signatures.setdefault(rec.get("signature"), int(where.rpartition(":")[2]))
                records.append(rec)
    except _NotText:
        raise
    except ValueError:
        if _is_result_json(p):
            raise ValueError(
                f"{p}: a result JSON (the --json output of lctg score), not a details file; give the "
                "--details output of the same run (one verdict per line)"
            ) from None
        raise
    if not records:
        raise ValueError(f"{p}: no details lines (is it the --details output of lctg score?)")
    if len(signatures) > 1:
        shown = "; ".join(f"line {n}: {s!r}" for s, n in list(signatures.items())[:3])
        raise ValueError(
            f"{p}: lines carry {len(signatures)} different signatures ({shown}); "
            "a details file must come from one scoring run, so of one config (for several configs, give each "
            "config's details on its own: lctg report once per config)"
        )
    return Details(str(p), records, next(iter(signatures)))


class _NotText(ValueError):
    """A details file that is not UTF-8 text."""


def _text_lines(p: Path, raws: Iterable[bytes]) -> Iterator[str]:
    """The file's lines decoded as every generations file is; bytes that are not UTF-8 name the first such byte."""
    try:
        yield from decoded_lines(p, raws)
    except ValueError:
        data = p.read_bytes()
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _NotText(
                f"{p}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start}): a binary file, not the "
                "--details output of lctg score (one JSON verdict per line)"
            ) from None
        raise


def _is_result_json(p: Path) -> bool:
    """Whether ``p`` is one JSON document with a result's keys (read only when its first line is a lone ``{``)."""
    import json

    with open(p, "rb") as f:
        if f.readline(64).strip().lstrip(b"\xef\xbb\xbf") != b"{":
            return False
    try:
        obj = json.loads(p.read_text(encoding="utf-8-sig"))
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and "signature" in obj and ("scores" in obj or "counts" in obj)


def display_names(paths: Sequence[str], given: Sequence[str] | None) -> list[str]:
    """Display names: ``--names`` if given (one per file, distinct), else the file stems made distinct."""
    if given is not None:
        if len(given) != len(paths):
            raise ValueError(f"--names needs one name per details file: got {len(given)} names for {len(paths)} files")
        if len(set(given)) != len(given):
            raise ValueError(f"--names must be distinct, got {list(given)}")
        from lctg_metrics.outputs.checks import check_label

        for name in given:
            check_label("--names", name)
        return list(given)
    stems = [Path(p).stem for p in paths]
    if len(set(stems)) == len(stems):
        return stems
    return [f"{s}#{i + 1}" for i, s in enumerate(stems)]
