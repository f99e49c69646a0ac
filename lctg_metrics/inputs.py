"""The input layer: generations files, dataset folders and their manifests, read and checked in one place.

Generations files are JSONL, CSV or parquet (UTF-8, a leading BOM allowed) with ``id``, ``generation``,
optional ``sample`` (int) and optional ``cleaned``; other fields (``prompt``, ``model``…) are ignored. A file
without any ``sample`` numbers them as the Python API does: the k-th generation of an id is sample k (0-based).
Outputs are written by :mod:`lctg_metrics.outputs`.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import re
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

from lctg_metrics.dataset_folder import (MANIFEST, base_texts, dataset_files, read_protocol, read_rows,  # noqa: F401
                                        verify_files)
from lctg_metrics.schema import Generation, ScoringError

GENERATION_FIELDS = ("id", "generation", "sample", "cleaned")
#: Generations per chunk when a file is read in chunks (:func:`iter_generations`): bounds the memory of a run.
CHUNK_SIZE = 50_000
#: UTF-16 surrogate code points: a JSON "\ud800" escape decodes to one, and no UTF-8 file can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: The longest CSV field read (characters): past it a field is an error naming the line (the csv module's own
#: default, 131,072, is too small for long generations).
CSV_FIELD_LIMIT = 16 * 1024 * 1024
#: Sample numbers are below this (they are counted in 64-bit integers).
SAMPLE_LIMIT = 2**63
#: A sample number in a CSV cell: ASCII digits (as JSON numbers), optionally signed.
_CSV_INT = re.compile(r"[+-]?[0-9]+")


def read_generations(path: str | os.PathLike[str]) -> list[Generation]:
    """Read a generations file (format by extension: .jsonl/.json/.ndjson, .csv, .parquet)."""
    return [g for chunk in iter_generations(path) for g in chunk]


def iter_generations(path: str | os.PathLike[str], chunk_size: int = CHUNK_SIZE) -> Iterator[list[Generation]]:
    """The generations of a file in chunks of ``chunk_size``, read as they are consumed (a line, a parquet batch at a
    time); any chunk size gives the same generations. Errors name the first bad line in file order."""
    p = Path(path)
    if not p.is_file():
        raise ScoringError(f"generations file {p} does not exist or is not a file")
    suffix = p.suffix.lower()
    if suffix not in (".jsonl", ".json", ".ndjson", ".csv", ".parquet"):
        raise ScoringError(f"{p}: unknown generations format {suffix!r}; use .jsonl, .csv or .parquet")
    rows = (_parquet_rows(p) if suffix == ".parquet" else _csv_rows(p, _lines(p, split_cr=True)) if suffix == ".csv"
            else _jsonl_rows(p, _lines(p)))
    number = _Numbering()
    try:
        while chunk := list(itertools.islice(rows, chunk_size)):
            generations, chunk = number(chunk), []  # the rows are not kept while the chunk is scored
            yield generations
    except OSError as e:
        raise ScoringError(f"{p}: cannot read ({e.strerror or e})") from None
    if number.given is None:
        raise ScoringError(f"{p}: no generations (the file is empty{' or holds only its header' if suffix == '.csv' else ''})")


def _lines(p: Path, *, split_cr: bool = False) -> Iterator[str]:
    r"""The file's lines (ending in "\n") one at a time: UTF-8, a leading BOM dropped, invalid bytes an error naming
    line and column; ``split_cr`` also ends lines at a lone "\r" (as ``csv`` expects of ``newline=""``)."""
    offset = 0
    with open(p, "rb") as f:
        for n, raw in enumerate(f, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ScoringError(f"{p}:{n}: not UTF-8 text ({e.reason} at byte {offset + e.start}, column "
                                   f"{e.start + 1})") from None
            offset += len(raw)
            line = line[1:] if n == 1 and line.startswith("\ufeff") else line
            yield from io.StringIO(line, newline="") if split_cr and "\r" in line else (line,)


def read_text(p: Path) -> str:
    """The file as text: UTF-8, a leading BOM dropped; invalid bytes are an error naming line and column."""
    return "".join(_lines(p))


class _DuplicateKey(Exception):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _jsonl_rows(p: Path, text: str | Iterable[str]) -> Iterator[tuple[str, Any]]:
    """Objects of a JSONL text, one per line. A field twice in one object is an error; it is looked for (with a
    second, exact parse) only when the line has more ``:`` than the object has keys — every key/value pair needs
    one, so a line with exactly as many cannot hold a repeated key, nor any nested object."""
    lines = text.split("\n") if isinstance(text, str) else text  # lines end at "\n" only (U+2028 may sit in strings)
    loads = json.loads
    for n, line in enumerate(lines, start=1):
        line = line[:-1] if line.endswith("\n") else line
        if not line.strip():
            continue
        try:
            obj = loads(line)
            if type(obj) is not dict or line.count(":") != len(obj):
                obj = loads(line, object_pairs_hook=_object)
        except json.JSONDecodeError as e:
            raise ScoringError(f"{p}:{n}: {_json_problem(line, n, e)}") from None
        except ValueError as e:  # Python's limit on the digits of an integer (4300 by default)
            raise ScoringError(f"{p}:{n}: invalid JSON ({e})") from None
        except RecursionError:
            raise ScoringError(f"{p}:{n}: JSON nested too deeply to read (brackets inside brackets past Python's "
                               "limit); a generation line is one flat object") from None
        except _DuplicateKey as e:
            raise ScoringError(f"{p}:{n}: field {e.args[0]!r} appears twice in one object (which one is meant?)") from None
        if not isinstance(obj, dict):
            hint = ("; is the file one pretty-printed JSON array? give one JSON object per line (JSONL)"
                    if n == 1 and isinstance(obj, list) else "")
            raise ScoringError(f"{p}:{n}: expected a JSON object, got {type(obj).__name__}{hint}")
        yield f"{p}:{n}", obj


def _json_problem(line: str, n: int, e: json.JSONDecodeError) -> str:
    """Why a line is not a JSON object, with the likely cause when the file is not JSONL at all."""
    at = f"({e.msg} at column {e.colno})"
    cr = line.find("\r")
    if 0 <= cr < len(line) - 1:
        return (f"invalid JSON {at}: the line holds a carriage return (CR) not followed by a line feed — lines "
                "that end in CR alone (old Mac line endings) are not JSONL; convert them to LF or CRLF")
    if n == 1 and line.strip() in ("[", "{"):
        return (f"invalid JSON {at}: {line.strip()!r} alone on the first line looks like pretty-printed JSON (a "
                "document over several lines); generations files hold one JSON object per line (JSONL)")
    return f"invalid JSON {at}"


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
            raise ScoringError(f"{p}:1: CSV header must include 'id' and 'generation', got {header}; name your "
                              "columns with --id-field and --text-field (lctg score)")
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
                    raise ScoringError(f"{where}: 'sample' for id {row['id']!r} must be a non-negative integer below "
                                       f"2**63, got a number of {digits} digits")
                row["sample"] = int(row["sample"])
            if row.get("cleaned", "") == "":
                row.pop("cleaned", None)  # CSV cannot tell an empty cleaned text from an absent one
            yield where, row
    except csv.Error as e:
        if "field larger than field limit" in str(e):
            raise ScoringError(f"{p}:{start}: a field is longer than {CSV_FIELD_LIMIT:,} characters "
                               "(inputs.CSV_FIELD_LIMIT); no generation is that long: is a quote left open above "
                               "it?") from None
        why = ("a quoted field is never closed (a missing '\"'): it runs to the end of the file"
               if "unexpected end of data" in str(e) else str(e))
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


def _generations(rows: Sequence[tuple[str, Any]]) -> list[Generation]:
    """Generations of the rows; without any ``sample``, the k-th row of an id is sample k."""
    return _Numbering()(rows)


class _Numbering:
    """Generations of rows that come in chunks: ``sample`` is given on every row or on none (then the k-th row of an
    id is sample k, counted over every chunk so far)."""

    def __init__(self) -> None:
        self.given: tuple[bool, str] | None = None  # whether the first row has a sample, and where it is
        self.seen: dict[Any, int] = {}

    def __call__(self, rows: Sequence[tuple[str, Any]]) -> list[Generation]:
        for where, row in rows:
            if not isinstance(row, Mapping):
                raise ScoringError(f"{where}: expected an object with 'id' and 'generation', got {type(row).__name__}")
            given = row.get("sample") is not None
            if self.given is None:
                self.given = (given, where)
            elif given != self.given[0]:
                first, lacking = (self.given[1], where) if self.given[0] else (where, self.given[1])
                raise ScoringError(f"{lacking}: no 'sample', but {first} has one; give 'sample' on every line or on "
                                   "none (then the k-th generation of an id is sample k)")
        out = []
        for where, row in rows:
            if self.given[0]:  # type: ignore[index]
                sample = row["sample"]
            else:
                rid = row.get("id")
                key = rid if isinstance(rid, str) else repr(rid)
                sample = self.seen.get(key, 0)
                self.seen[key] = sample + 1
            out.append(_generation(row, where, sample))
        return out


def _generation(row: Mapping[str, Any], where: str, sample: Any) -> Generation:
    if "id" not in row:
        raise ScoringError(f"{where}: missing field 'id'")
    rid = row["id"]
    if not isinstance(rid, str):
        shown = repr(rid) if len(repr(rid)) <= 60 else repr(rid)[:57] + "…"
        raise ScoringError(f"{where}: field 'id' must be a string, got {type(rid).__name__} {shown}")
    if "generation" not in row:
        raise ScoringError(f"{where}: missing field 'generation' for id {rid!r}")
    if type(sample) is int and not -SAMPLE_LIMIT <= sample < SAMPLE_LIMIT:  # a negative one is refused where scored
        raise ScoringError(f"{where}: 'sample' for id {rid!r} must be a non-negative integer below 2**63, got "
                           f"{sample if abs(sample) < 10**30 else f'a number of about {int(sample.bit_length() * 0.30103) + 1} digits'}")
    for name in ("id", "generation", "cleaned"):
        value = row.get(name)
        m = _SURROGATE.search(value) if isinstance(value, str) else None
        if m:
            raise ScoringError(f"{where}: field {name!r} holds a lone surrogate (U+{ord(m.group()):04X} at character "
                               f"{m.start() + 1}), which is not Unicode text")
    return Generation(id=row["id"], text=row["generation"], sample=sample, cleaned=row.get("cleaned"), where=where)
