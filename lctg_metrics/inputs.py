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

from lctg_metrics.schema import Generation, ScoringError

GENERATION_FIELDS = ("id", "generation", "sample", "cleaned")
MANIFEST = "manifest.json"
#: Generations per chunk when a file is read in chunks (:func:`iter_generations`): bounds the memory of a run.
CHUNK_SIZE = 50_000
#: UTF-16 surrogate code points: a JSON "\ud800" escape decodes to one, and no UTF-8 file can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")


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
        raise ScoringError(f"{p}: no generations (the file is empty)")


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
    lines = text.split("\n") if isinstance(text, str) else text  # lines end at "\n" only (U+2028 may sit in strings)
    for n, line in enumerate(lines, start=1):
        line = line[:-1] if line.endswith("\n") else line
        if not line.strip():
            continue
        try:
            obj = json.loads(line, object_pairs_hook=_object)
        except json.JSONDecodeError as e:
            raise ScoringError(f"{p}:{n}: invalid JSON ({e.msg} at column {e.colno})") from None
        except _DuplicateKey as e:
            raise ScoringError(f"{p}:{n}: field {e.args[0]!r} appears twice in one object (which one is meant?)") from None
        if not isinstance(obj, dict):
            raise ScoringError(f"{p}:{n}: expected a JSON object, got {type(obj).__name__}")
        yield f"{p}:{n}", obj


def _csv_rows(p: Path, text: str | Iterable[str]) -> Iterator[tuple[str, Any]]:
    """Rows with their line (line 1 is the header; a record spanning lines is named by its first line), of a text
    or of an iterable of lines."""
    reader = csv.reader(io.StringIO(text, newline="") if isinstance(text, str) else text)
    header = next(reader, None)
    if header is None or "id" not in header or "generation" not in header:
        raise ScoringError(f"{p}:1: CSV header must include 'id' and 'generation', got {header}")
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
        elif str(row["sample"]).strip().lstrip("-").isdigit():
            row["sample"] = int(row["sample"])
        if row.get("cleaned", "") == "":
            row.pop("cleaned", None)  # CSV cannot tell an empty cleaned text from an absent one
        yield where, row


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
    if "generation" not in row:
        raise ScoringError(f"{where}: missing field 'generation' for id {row['id']!r}")
    for name in ("id", "generation", "cleaned"):
        value = row.get(name)
        m = _SURROGATE.search(value) if isinstance(value, str) else None
        if m:
            raise ScoringError(f"{where}: field {name!r} holds a lone surrogate (U+{ord(m.group()):04X} at character "
                               f"{m.start() + 1}), which is not Unicode text")
    return Generation(id=row["id"], text=row["generation"], sample=sample, cleaned=row.get("cleaned"), where=where)


# ----------------------------------------------------------------------------------------- dataset


def _manifest(root: Path) -> dict[str, Any]:
    path = root / MANIFEST
    if not path.is_file():
        raise ScoringError(f"--dataset {root}: no {MANIFEST}; point it at a folder written by build_dataset.py")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ScoringError(f"{path}: unreadable ({type(e).__name__}: {e}); rebuild the dataset folder") from None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("configs"), dict):
        raise ScoringError(f"{path}: not an lctg build manifest (no 'configs'); rebuild the dataset folder")
    return manifest


def dataset_files(dataset: str | os.PathLike[str], config: str = "all") -> list[Path]:
    """The parquet files of a config of a built dataset folder (from its manifest)."""
    root = Path(dataset)
    configs = _manifest(root)["configs"]
    if config not in configs:
        raise ScoringError(f"--dataset {root}: unknown config {config!r}; valid: {', '.join(configs)}")
    files = [root / f for f in configs[config]["files"]]
    for f in files:
        if not f.is_file():
            raise ScoringError(f"--dataset {root}: {f.relative_to(root)} is listed in {MANIFEST} but missing; "
                               "rebuild the dataset folder")
    return files


def read_rows(dataset: str | os.PathLike[str], config: str = "all", *, tasks: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Rows of a config (optionally only some tasks), straight from parquet."""
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = []
    for f in dataset_files(dataset, config):
        try:
            rows += pq.read_table(f).to_pylist()
        except Exception as e:  # pyarrow raises several types for unreadable files
            raise ScoringError(f"{f}: not a readable parquet file ({e}); rebuild the dataset folder") from None
    if tasks:
        from lctg_dataset.constants import TASKS

        bad = [t for t in tasks if t not in TASKS]
        if bad:
            raise ScoringError(f"unknown task(s) {bad}; valid: {', '.join(TASKS)}")
        rows = [r for r in rows if r["task"] in tasks]
    if rows and "constraint" not in rows[0]:
        raise ScoringError(f"config {config!r} of {dataset} has no prompts (no 'constraint' column)")
    return rows


def base_texts(dataset: str | os.PathLike[str]) -> dict[str, str]:
    """Base text of every prompt id of every LCTG prompt config (the quality judge shows it to the judge model).
    Only configs whose rows are LCTG prompts (a ``constraint`` column) count: ``story_endings`` has no base texts."""
    import pyarrow.parquet as pq

    manifest = _manifest(Path(dataset))
    files = sorted({f for c in manifest["configs"].values() for f in c["files"] if "/templates/" not in f})
    out: dict[str, str] = {}
    for f in files:
        if not {"id", "base_text", "constraint"} <= set(pq.read_schema(Path(dataset) / f).names):
            continue
        table = pq.read_table(Path(dataset) / f, columns=["id", "base_text"])
        out.update(zip(table.column("id").to_pylist(), table.column("base_text").to_pylist()))
    return out


def read_protocol(dataset: str | os.PathLike[str]) -> dict[str, Any]:
    """The protocol prompts the build carried into the dataset folder (for the LLM cleaner and judge)."""
    from lctg_metrics.llm.judge import load_protocol

    path = Path(dataset) / "protocol_prompts.json"
    if not path.is_file():
        raise ScoringError(f"{path} is missing: rebuild the dataset from a source that has protocol_prompts.json "
                           "(the shared copy or $LCTG_SOURCE); the LLM cleaner and judge need it")
    return load_protocol(path)
