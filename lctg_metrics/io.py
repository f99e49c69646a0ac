"""Reading generations and datasets, writing results: the only I/O of the scoring side.

Generations files are JSONL, CSV or parquet (UTF-8, a leading BOM allowed) with ``id``, ``generation``,
optional ``sample`` (int) and optional ``cleaned``; other fields (``prompt``, ``model``…) are ignored. A file
without any ``sample`` numbers them as the Python API does: the k-th generation of an id is sample k (0-based).
Outputs are written through :mod:`lctg_metrics.outputs`, so a failed run leaves nothing partial.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from lctg_metrics.outputs import write_all
from lctg_metrics.schema import Generation, ScoringError

GENERATION_FIELDS = ("id", "generation", "sample", "cleaned")
MANIFEST = "manifest.json"
#: UTF-16 surrogate code points: a JSON "\ud800" escape decodes to one, and no UTF-8 file can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")


def read_generations(path: str | os.PathLike[str]) -> list[Generation]:
    """Read a generations file (format by extension: .jsonl/.json/.ndjson, .csv, .parquet)."""
    p = Path(path)
    if not p.is_file():
        raise ScoringError(f"generations file {p} does not exist or is not a file")
    suffix = p.suffix.lower()
    try:
        if suffix in (".jsonl", ".json", ".ndjson"):
            rows = list(_jsonl_rows(p, read_text(p)))
        elif suffix == ".csv":
            rows = list(_csv_rows(p, read_text(p)))
        elif suffix == ".parquet":
            rows = list(_parquet_rows(p))
        else:
            raise ScoringError(f"{p}: unknown generations format {suffix!r}; use .jsonl, .csv or .parquet")
    except OSError as e:
        raise ScoringError(f"{p}: cannot read ({e.strerror or e})") from None
    if not rows:
        raise ScoringError(f"{p}: no generations (the file is empty)")
    return _generations(rows)


def read_text(p: Path) -> str:
    """The file as text: UTF-8, a leading BOM dropped; invalid bytes are an error naming line and column."""
    data = p.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise ScoringError(f"{p}:{line}: not UTF-8 text ({e.reason} at byte {e.start}, column {column})") from None
    return text[1:] if text.startswith("\ufeff") else text


class _DuplicateKey(Exception):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _jsonl_rows(p: Path, text: str) -> Iterator[tuple[str, Any]]:
    for n, line in enumerate(text.split("\n"), start=1):  # "\n" only: U+2028 and friends may sit inside strings
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


def _csv_rows(p: Path, text: str) -> Iterator[tuple[str, Any]]:
    """Rows with their line (line 1 is the header; a record spanning lines is named by its first line)."""
    reader = csv.reader(io.StringIO(text, newline=""))
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
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(p)
    except Exception as e:  # pyarrow raises several types for unreadable files
        raise ScoringError(f"{p}: not a readable parquet file ({e})") from None
    for i, row in enumerate(table.to_pylist()):
        yield f"{p}:row {i}", row


def _generations(rows: Sequence[tuple[str, Any]]) -> list[Generation]:
    """Generations of the rows; without any ``sample``, the k-th row of an id is sample k."""
    for where, row in rows:
        if not isinstance(row, Mapping):
            raise ScoringError(f"{where}: expected an object with 'id' and 'generation', got {type(row).__name__}")
    given = [row.get("sample") is not None for _, row in rows]
    if any(given) and not all(given):
        first, lacking = rows[given.index(True)][0], rows[given.index(False)][0]
        raise ScoringError(f"{lacking}: no 'sample', but {first} has one; give 'sample' on every line or on none "
                           "(then the k-th generation of an id is sample k)")
    seen: dict[Any, int] = {}
    out = []
    for where, row in rows:
        if any(given):
            sample = row["sample"]
        else:
            rid = row.get("id")
            key = rid if isinstance(rid, str) else repr(rid)
            sample = seen.get(key, 0)
            seen[key] = sample + 1
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
    """Base text of every prompt id of every prompt config (the quality judge shows it to the judge model)."""
    import pyarrow.parquet as pq

    manifest = _manifest(Path(dataset))
    files = sorted({f for c in manifest["configs"].values() for f in c["files"] if "/templates/" not in f})
    out: dict[str, str] = {}
    for f in files:
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


# ------------------------------------------------------------------------------------------ output


def json_text(obj: Any) -> str:
    """What :func:`write_json` writes."""
    return json.dumps(obj, ensure_ascii=False, indent=2) + "\n"


def jsonl_text(records: Iterable[Mapping[str, Any]]) -> str:
    """What :func:`write_jsonl` writes: one JSON object per line."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def atomic_write(path: str | os.PathLike[str], write: Callable[[Any], None], *, mode: str = "w") -> None:
    """Write through ``write(fileobj)`` into a temp file beside ``path``, then move it into place."""
    buffer: Any = io.BytesIO() if "b" in mode else io.StringIO(newline="")
    write(buffer)
    write_all([(path, buffer.getvalue())])


def write_jsonl(path: str | os.PathLike[str], records: Iterable[Mapping[str, Any]]) -> None:
    atomic_write(path, lambda f: f.write(jsonl_text(records)))


def write_json(path: str | os.PathLike[str], obj: Any) -> None:
    atomic_write(path, lambda f: f.write(json_text(obj)))
