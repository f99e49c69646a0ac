"""Reading generations and datasets, writing results: the only I/O of the scoring side.

Generations files are JSONL, CSV or parquet with ``id``, ``generation``, optional ``sample`` (int,
default 0) and optional ``cleaned``; other fields (``prompt``, ``model``…) are ignored. Outputs are written to a temporary file and moved into place, so a
failed run leaves nothing partial.
"""

from __future__ import annotations

import csv
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from lctg_dataset.jsonl import read_jsonl
from lctg_metrics.schema import Generation, ScoringError

GENERATION_FIELDS = ("id", "generation", "sample", "cleaned")
MANIFEST = "manifest.json"


def read_generations(path: str | os.PathLike[str]) -> list[Generation]:
    """Read a generations file (format by extension: .jsonl/.json, .csv, .parquet)."""
    p = Path(path)
    if not p.is_file():
        raise ScoringError(f"generations file {p} does not exist or is not a file")
    suffix = p.suffix.lower()
    try:
        if suffix in (".jsonl", ".json", ".ndjson"):
            rows = _jsonl_rows(p)
        elif suffix == ".csv":
            rows = _csv_rows(p)
        elif suffix == ".parquet":
            rows = _parquet_rows(p)
        else:
            raise ScoringError(f"{p}: unknown generations format {suffix!r}; use .jsonl, .csv or .parquet")
        return [_generation(row, where) for where, row in rows]
    except UnicodeDecodeError as e:
        raise ScoringError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise ScoringError(f"{p}: cannot read ({e.strerror or e})") from None


def _jsonl_rows(p: Path) -> Iterator[tuple[str, Any]]:
    for n, obj in read_jsonl(p, error=ScoringError):
        yield f"{p}:{n}", obj


def _csv_rows(p: Path) -> Iterator[tuple[str, Any]]:
    with open(p, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames is None or "id" not in reader.fieldnames or "generation" not in reader.fieldnames:
            raise ScoringError(f"{p}:1: CSV header must include 'id' and 'generation', got {reader.fieldnames}")
        for row in reader:
            row = dict(row)
            if None in row:
                raise ScoringError(f"{p}:{reader.line_num}: more fields than the header has")
            if row.get("sample", "") == "":
                row.pop("sample", None)
            elif str(row["sample"]).strip().lstrip("-").isdigit():
                row["sample"] = int(row["sample"])
            if row.get("cleaned", "") == "":
                row.pop("cleaned", None)  # CSV cannot tell an empty cleaned text from an absent one
            yield f"{p}:{reader.line_num}", row


def _parquet_rows(p: Path) -> Iterator[tuple[str, Any]]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(p)
    except Exception as e:  # pyarrow raises several types for unreadable files
        raise ScoringError(f"{p}: not a readable parquet file ({e})") from None
    for i, row in enumerate(table.to_pylist()):
        yield f"{p}:row {i}", row


def _generation(row: Any, where: str) -> Generation:
    if not isinstance(row, Mapping):
        raise ScoringError(f"{where}: expected an object with 'id' and 'generation', got {type(row).__name__}")
    if "id" not in row:
        raise ScoringError(f"{where}: missing field 'id'")
    if "generation" not in row:
        raise ScoringError(f"{where}: missing field 'generation' for id {row['id']!r}")
    sample = row.get("sample", 0)
    if sample is None:
        sample = 0
    return Generation(id=row["id"], text=row["generation"], sample=sample, cleaned=row.get("cleaned"), where=where)


# ----------------------------------------------------------------------------------------- dataset


def dataset_files(dataset: str | os.PathLike[str], config: str = "all") -> list[Path]:
    """The parquet files of a config of a built dataset folder (from its manifest)."""
    root = Path(dataset)
    manifest_path = root / MANIFEST
    if not manifest_path.is_file():
        raise ScoringError(f"--dataset {root}: no {MANIFEST}; point it at a folder written by build_dataset.py")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    configs = manifest.get("configs", {})
    if config not in configs:
        raise ScoringError(f"--dataset {root}: unknown config {config!r}; valid: {', '.join(configs)}")
    return [root / f for f in configs[config]["files"]]


def read_rows(dataset: str | os.PathLike[str], config: str = "all", *, tasks: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Rows of a config (optionally only some tasks), straight from parquet."""
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = []
    for f in dataset_files(dataset, config):
        rows += pq.read_table(f).to_pylist()
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

    manifest = json.loads((Path(dataset) / MANIFEST).read_text(encoding="utf-8"))
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


def atomic_write(path: str | os.PathLike[str], write: Callable[[Any], None], *, mode: str = "w") -> None:
    """Write through ``write(fileobj)`` into a temp file beside ``path``, then move it into place."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; outputs are ordinary shareable files
    try:
        kwargs = {"encoding": "utf-8", "newline": ""} if "b" not in mode else {}
        with os.fdopen(fd, mode, **kwargs) as f:
            write(f)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_jsonl(path: str | os.PathLike[str], records: Iterable[Mapping[str, Any]]) -> None:
    def write(f: Any) -> None:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

    atomic_write(path, write)


def write_json(path: str | os.PathLike[str], obj: Any) -> None:
    atomic_write(path, lambda f: f.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n"))
