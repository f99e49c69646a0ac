"""A built dataset folder read for scoring: its manifest (shape checked, every path inside the folder), each file
read verified against its sha256 there (hashed once per process while unchanged), the rows of a config, the base
texts and the protocol prompts. Every error is one line naming the folder, file or manifest key."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.schema import ScoringError

MANIFEST = "manifest.json"


#: A sha256 as the manifest writes it.
_SHA256 = re.compile(r"[0-9a-f]{64}")
#: sha256 of files already verified in this process, by (real path, size, mtime, inode): a file read twice in one
#: run is hashed once, and a file changed since is hashed again.
_VERIFIED: dict[tuple[str, int, int, int], str] = {}


def read_manifest(root: Path) -> dict[str, Any]:
    """The folder's manifest, its shape checked: ``configs`` (name → {"files": [paths]}) and ``files`` (path →
    sha256), every path relative and inside the folder. Anything else is one line naming the manifest and key."""
    path = root / MANIFEST
    if not path.is_file():
        raise ScoringError(f"--dataset {root}: no {MANIFEST}; point it at a folder written by build_dataset.py")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise ScoringError(f"{path}: unreadable ({type(e).__name__}: {e}); rebuild the dataset folder") from None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("configs"), dict):
        raise ScoringError(f"{path}: not an lctg build manifest (no 'configs'); rebuild the dataset folder")
    files = manifest.get("files")
    if not isinstance(files, dict):
        raise ScoringError(
            f"{path}: key 'files' (the sha256 of every file) is missing or not an object; rebuild the "
            "dataset folder with build_dataset.py"
        )
    for rel, digest in files.items():
        _inside_folder(path, "files", rel)
        if not isinstance(digest, str) or not _SHA256.fullmatch(digest):
            raise ScoringError(f"{path}: key 'files.{rel}' must be a sha256 (64 hex digits), got {digest!r}")
    for name, config in manifest["configs"].items():
        listed = config.get("files") if isinstance(config, dict) else None
        if not isinstance(listed, list) or not all(isinstance(f, str) for f in listed):
            raise ScoringError(
                f"{path}: key 'configs.{name}.files' must be a list of paths, got "
                f"{type(listed).__name__ if isinstance(config, dict) else type(config).__name__}"
            )
        for rel in listed:
            _inside_folder(path, f"configs.{name}.files", rel)
    return manifest


def _inside_folder(manifest: Path, key: str, rel: Any) -> None:
    """Refuse a manifest path that could name a file outside the folder (absolute, ``..``, a drive, a backslash)."""
    parts = rel.split("/") if isinstance(rel, str) else []
    if (
        not parts
        or rel.startswith("/")
        or "\\" in rel
        or ":" in rel
        or "\0" in rel
        or any(p in ("", ".", "..") for p in parts)
    ):
        raise ScoringError(
            f"{manifest}: key {key!r} lists {rel!r}, which is not a path inside the dataset folder; "
            "rebuild the dataset folder"
        )


def verify_files(root: Path, rels: Sequence[str], manifest: Mapping[str, Any] | None = None) -> list[Path]:
    """The files ``rels`` of a dataset folder, each checked against its sha256 in the manifest (a changed, missing
    or unlisted file is one line naming it); a file unchanged since this process last verified it is not hashed
    again."""
    from lctg_dataset.digest import sha256_file

    manifest = read_manifest(root) if manifest is None else manifest
    out = []
    for rel in rels:
        f = root / rel
        if not f.is_file():
            raise ScoringError(
                f"--dataset {root}: {rel} is listed in {MANIFEST} but missing; rebuild the dataset folder"
            )
        expected = manifest["files"].get(rel)
        if expected is None:
            raise ScoringError(
                f"--dataset {root}: {rel} has no sha256 in {MANIFEST} ('files'), so it cannot be "
                "verified; rebuild the dataset folder"
            )
        st = f.stat()
        key = (os.path.realpath(f), st.st_size, st.st_mtime_ns, st.st_ino)
        digest = _VERIFIED.get(key)
        if digest is None:
            try:
                digest = sha256_file(f)
            except OSError as e:
                raise ScoringError(f"--dataset {root}: {rel}: cannot read ({e.strerror or e})") from None
        if digest != expected:
            raise ScoringError(
                f"--dataset {root}: {rel} differs from its sha256 in {MANIFEST} (the file changed "
                "after the build: damaged or edited); rebuild the dataset folder"
            )
        _VERIFIED[key] = digest
        out.append(f)
    return out


def dataset_files(dataset: str | os.PathLike[str], config: str = "all") -> list[Path]:
    """The parquet files of a config of a built dataset folder (from its manifest), each verified against its
    sha256 there."""
    root = Path(dataset)
    manifest = read_manifest(root)
    configs = manifest["configs"]
    if config not in configs:
        raise ScoringError(f"--dataset {root}: unknown config {config!r}; valid: {', '.join(configs)}")
    return verify_files(root, configs[config]["files"], manifest)


def read_rows(
    dataset: str | os.PathLike[str], config: str = "all", *, tasks: Sequence[str] | None = None
) -> list[dict[str, Any]]:
    """Rows of a config (optionally only some tasks), straight from parquet."""
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = []
    for f in dataset_files(dataset, config):
        try:  # one file's reader (pq.read_table goes through pyarrow.dataset, which imports pandas)
            rows += pq.ParquetFile(f).read().to_pylist()
            continue
        except Exception:
            pass
        try:  # what read_table makes of a file the file reader cannot read (the error it has always named)
            rows += pq.read_table(f).to_pylist()
        except Exception as e:  # pyarrow raises several types for unreadable files
            raise ScoringError(f"{f}: not a readable parquet file ({e}); rebuild the dataset folder") from None
    if tasks:
        from lctg_dataset.constants import TASKS

        bad = [t for t in tasks if t not in TASKS]
        if bad:
            raise ScoringError(f"unknown task(s) {bad}; valid: {', '.join(TASKS)}")
        present = sorted({r["task"] for r in rows})
        rows = [r for r in rows if r["task"] in tasks]
        if not rows and present:
            raise ScoringError(
                f"--dataset {dataset} --config {config}: no rows of task(s) {', '.join(tasks)}; this "
                f"config holds {', '.join(present)} (drop --task, or give --config all)"
            )
    if not rows:
        raise ScoringError(
            f"--dataset {dataset} --config {config}: the config has no rows; rebuild the dataset folder "
            "or give another --config"
        )
    if "constraint" not in rows[0]:
        raise ScoringError(
            f"--dataset {dataset} --config {config}: this config holds no LCTG prompts; give --config all or a "
            "task config (the instructions config is scored by lctg if-score, story_endings by lctg ifsm)"
        )
    return rows


def base_texts(dataset: str | os.PathLike[str]) -> dict[str, str]:
    """Base text of every prompt id of every LCTG prompt config (the quality judge shows it to the judge model).
    Only configs whose rows are LCTG prompts (a ``constraint`` column) count: ``story_endings`` has no base texts."""
    import pyarrow.parquet as pq

    manifest = read_manifest(Path(dataset))
    files = sorted({f for c in manifest["configs"].values() for f in c["files"] if "/templates/" not in f})
    out: dict[str, str] = {}
    for f in verify_files(Path(dataset), files, manifest):
        try:
            if not {"id", "base_text", "constraint"} <= set(pq.read_schema(f).names):
                continue  # not an LCTG prompt config (instructions, story_endings)
            table = pq.read_table(f, columns=["id", "base_text"])
        except Exception as e:  # pyarrow raises several types for unreadable files
            raise ScoringError(f"{f}: not a readable parquet file ({e}); rebuild the dataset folder") from None
        out.update(zip(table.column("id").to_pylist(), table.column("base_text").to_pylist()))
    return out


def read_protocol(dataset: str | os.PathLike[str]) -> dict[str, Any]:
    """The protocol prompts the build carried into the dataset folder (for the LLM cleaner and judge)."""
    from lctg_metrics.llm.judge import load_protocol

    path = Path(dataset) / "protocol_prompts.json"
    if not path.is_file():
        raise ScoringError(
            f"{path} is missing: rebuild the dataset from a source that has protocol_prompts.json "
            "(the shared copy or $LCTG_SOURCE); the LLM cleaner and judge need it"
        )
    verify_files(Path(dataset), [path.name])
    return load_protocol(path)
