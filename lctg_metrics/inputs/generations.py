"""A generations file read and checked: its format by extension, read whole or in chunks.

Generations files are JSONL, CSV or parquet (UTF-8, a leading BOM allowed) with ``id``, ``generation``,
optional ``sample`` (int) and optional ``cleaned``; other fields (``prompt``, ``model``…) are ignored. A file
without any ``sample`` numbers them as the Python API does: the k-th generation of an id is sample k (0-based).
Lines are decoded, JSONL parsed and rows made generations by :mod:`lctg_metrics.inputs.parse`.
"""

from __future__ import annotations

import csv
import io
import itertools
import os
import re
from collections.abc import Generator, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.inputs.parse import Numbering, decoded_lines, jsonl_chunks
from lctg_metrics.schema import Generation, ScoringError

#: Generations per chunk when a file is read in chunks (:func:`iter_generations`): bounds the memory of a run.
CHUNK_SIZE = 50_000
#: The longest CSV field read (characters): past it a field is an error naming the line (the csv module's own
#: default, 131,072, is too small for long generations).
CSV_FIELD_LIMIT = 16 * 1024 * 1024
#: A sample number in a CSV cell: ASCII digits (as JSON numbers), optionally signed.
_CSV_INT = re.compile(r"[+-]?[0-9]+")


def read_generations(path: str | os.PathLike[str]) -> list[Generation]:
    """Read a generations file (format by extension: .jsonl/.json/.ndjson, .csv, .parquet)."""
    return [g for chunk in iter_generations(path) for g in chunk]


def iter_generations(
    path: str | os.PathLike[str], chunk_size: int = CHUNK_SIZE
) -> Generator[Sequence[Generation], None, None]:
    """The generations of a file in chunks of ``chunk_size``, read as they are consumed (a line, a parquet batch at a
    time); any chunk size gives the same generations. Errors name the first bad line in file order."""
    p = Path(path)
    if not p.is_file():
        raise ScoringError(f"generations file {p} does not exist or is not a file")
    suffix = p.suffix.lower()
    if suffix not in (".jsonl", ".json", ".ndjson", ".csv", ".parquet"):
        raise ScoringError(f"{p}: unknown generations format {suffix!r}; use .jsonl, .csv or .parquet")
    number = Numbering()
    try:
        if suffix == ".parquet" or suffix == ".csv":
            rows = _parquet_rows(p) if suffix == ".parquet" else _csv_rows(p, _lines(p, split_cr=True))
            while chunk := list(itertools.islice(rows, chunk_size)):
                generations, chunk = number(chunk), []  # the rows are not kept while the chunk is scored
                yield generations
        else:
            yield from jsonl_chunks(p, chunk_size, number)
    except OSError as e:
        raise ScoringError(f"{p}: cannot read ({e.strerror or e})") from None
    if number.given is None:
        raise ScoringError(
            f"{p}: no generations (the file is empty{' or holds only its header' if suffix == '.csv' else ''})"
        )


def _lines(p: Path, *, split_cr: bool = False) -> Iterator[str]:
    r"""The file's lines (ending in "\n") one at a time: UTF-8, a leading BOM dropped, invalid bytes an error naming
    line and column; ``split_cr`` also ends lines at a lone "\r" (as ``csv`` expects of ``newline=""``)."""
    with open(p, "rb") as f:
        yield from decoded_lines(p, f, split_cr=split_cr)


def read_text(p: Path) -> str:
    """The file as text: UTF-8, a leading BOM dropped; invalid bytes are an error naming line and column."""
    return "".join(_lines(p))


def _csv_rows(p: Path, text: str | Iterable[str]) -> Iterator[tuple[str, Any]]:
    """Rows with their line (line 1 is the header; a record spanning lines is named by its first line), of a text
    or of an iterable of lines. Strict: a quote never closed, or stray text after a closing quote, is an error
    naming the line where the record starts; so is a field past :data:`CSV_FIELD_LIMIT` characters."""
    reader = csv.reader(io.StringIO(text, newline="") if isinstance(text, str) else text, strict=True)
    limit = csv.field_size_limit(CSV_FIELD_LIMIT)
    start = 1
    try:
        header = next(reader, None)
        if header is None or "id" not in header or "generation" not in header:
            raise ScoringError(
                f"{p}:1: CSV header must include 'id' and 'generation', got {header}; name your "
                "columns with --id-field and --text-field (lctg score)"
            )
        twice = sorted({h for h in header if header.count(h) > 1})
        if twice:
            raise ScoringError(f"{p}:1: CSV header names {twice} more than once")
        start = reader.line_num + 1
        for rec in reader:
            where, start = f"{p}:{start}", reader.line_num + 1
            if not rec:
                continue
            if len(rec) != len(header):
                raise ScoringError(f"{where}: {len(rec)} fields but the header has {len(header)}")
            row: dict[str, Any] = dict(zip(header, rec))
            if row.get("sample", "") == "":
                row.pop("sample", None)
            elif _CSV_INT.fullmatch(row["sample"].strip()):
                digits = len(row["sample"].strip().lstrip("+-"))
                if digits > 25:  # past 2**63 for sure, and int() of thousands of digits is refused by Python
                    raise ScoringError(
                        f"{where}: 'sample' for id {row['id']!r} must be a non-negative integer below "
                        f"2**63, got a number of {digits} digits"
                    )
                row["sample"] = int(row["sample"])
            if row.get("cleaned", "") == "":
                row.pop("cleaned", None)  # CSV cannot tell an empty cleaned text from an absent one
            yield where, row
    except csv.Error as e:
        if "field larger than field limit" in str(e):
            raise ScoringError(
                f"{p}:{start}: a field is longer than {CSV_FIELD_LIMIT:,} characters "
                "(inputs.CSV_FIELD_LIMIT); no generation is that long: is a quote left open above "
                "it?"
            ) from None
        why = (
            "a quoted field is never closed (a missing '\"'): it runs to the end of the file"
            if "unexpected end of data" in str(e)
            else str(e)
        )
        raise ScoringError(f"{p}:{start}: invalid CSV ({why})") from None
    finally:
        csv.field_size_limit(limit)


def _parquet_rows(p: Path) -> Iterator[tuple[str, Any]]:
    """Rows of a parquet file, one record batch in memory at a time."""
    import pyarrow.parquet as pq

    k = itertools.count()
    try:
        for batch in pq.ParquetFile(p).iter_batches(batch_size=CHUNK_SIZE):
            yield from ((f"{p}:row {next(k)}", row) for row in batch.to_pylist())
    except Exception as e:  # pyarrow raises several types for unreadable files
        raise ScoringError(f"{p}: not a readable parquet file ({e})") from None


def generations_from(records: Iterable[Any], name: str = "generations") -> list[Generation]:
    """Generation records as a file holds them (``{"id", "generation"}`` dicts, optional ``sample``), checked as a
    file's lines are; errors name ``name[i]``."""
    return _generations([(f"{name}[{i}]", r) for i, r in enumerate(records)])


def _generations(rows: Sequence[tuple[str, Any]]) -> list[Generation]:
    """Generations of the rows; without any ``sample``, the k-th row of an id is sample k."""
    return Numbering()(rows)
