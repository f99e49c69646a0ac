"""Write a build into a dataset folder: parquet files, card, validation, changelog, extra files, manifest.

Everything is written into a temporary sibling folder first; ``out`` is replaced only at the end, by rename,
so a failure leaves any previous build untouched and nothing partial behind. Which folders may be replaced
is decided in :mod:`lctg_dataset.output`.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

import datasets

from lctg_dataset.build import BuildResult
from lctg_dataset.constants import (
    CORRECTED_VERSION,
    DATASET_VERSION,
    SOURCE_FILES,
    TASKS,
    UPSTREAM_COMMIT,
    UPSTREAM_REPO,
    package_version,
)
from lctg_dataset.digest import sha256_file
from lctg_dataset.errors import OutputError
from lctg_dataset.layout import CARD, CHANGELOG, MANIFEST, PROTOCOL_PROMPTS, VALIDATION
from lctg_dataset.output import check_out, remove_stale, remove_temp, replace_folder, temp_prefix


def write_dataset(result: BuildResult, out: Path, *, extra_files: Mapping[str, bytes] | None = None) -> dict[str, Any]:
    """Write ``result`` into the folder ``out`` atomically and return its manifest.

    ``extra_files`` (relative POSIX path → bytes, e.g. the evaluate metric module) are written into the
    folder too and listed in the manifest like every other file. ``out`` must be new, empty, or a previous
    lctg build holding nothing but what its manifest lists, and outside the source (else ``OutputError``).
    """
    extra = _checked_extra(result, extra_files or {})
    out = Path(out).resolve()
    check_out(out, source_root=result.source.root)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        remove_stale(out)
        tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=temp_prefix(out)))
    except OSError as e:
        raise OutputError(
            f"--output {out}: cannot write in {out.parent} ({e.strerror or e}); choose a folder you can write to"
        ) from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        tmp.chmod(0o777 & ~umask)  # mkdtemp makes 0700; the dataset folder should be readable like any other
        manifest = write_folder(result, tmp, extra)
        old_manifest = check_out(out, source_root=result.source.root)  # again: the folder may have changed meanwhile
        replace_folder(tmp, out, old_manifest)
        return manifest
    except BaseException:
        remove_temp(tmp)
        raise


def build_files(result: BuildResult) -> dict[str, str]:
    """The text files a build writes besides parquet and the manifest (relative path → text)."""
    files = {VALIDATION: _json([f.to_dict() for f in result.findings])}
    if result.changes is not None:
        files[CHANGELOG] = _json({"version": CORRECTED_VERSION, "changes": [c.to_dict() for c in result.changes]})
    files[CARD] = result.card
    return files


def _checked_extra(result: BuildResult, extra: Mapping[str, bytes]) -> dict[str, bytes]:
    taken = set(build_files(result)) | {MANIFEST, PROTOCOL_PROMPTS} | {f for c in result.configs for f in c.files}
    for rel in extra:
        parts = PurePosixPath(rel).parts
        if (
            not rel
            or rel.startswith("/")
            or "\\" in rel
            or any(p in ("", ".", "..") for p in parts)
            or rel != "/".join(parts)
        ):
            raise OutputError(
                f"extra file {rel!r}: expected a relative POSIX path inside the folder (e.g. 'lctg_ctg/README.md')"
            )
        if rel in taken or any("/".join(parts[:i]) in taken for i in range(1, len(parts))):
            raise OutputError(f"extra file {rel!r} would replace a file the build writes; choose another path")
    return dict(extra)


def write_folder(result: BuildResult, root: Path, extra_files: Mapping[str, bytes]) -> dict[str, Any]:
    """Write every file of the build into the (new, empty) folder ``root``; returns the manifest."""
    written: dict[str, Sequence[Mapping[str, Any]]] = {}
    features_of: dict[str, datasets.Features] = {}
    for config in result.configs:
        for rel, rows in config.rows.items():
            if rel in written:
                continue
            written[rel], features_of[rel] = rows, config.features
    for rel in sorted(written):
        _write_parquet(written[rel], features_of[rel], root / rel)
    if result.protocol is not None and result.source.protocol_path is not None:
        shutil.copyfile(result.source.protocol_path, root / PROTOCOL_PROMPTS)
    for rel, data in extra_files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    for rel, text in build_files(result).items():
        (root / rel).write_text(text, encoding="utf-8")
    manifest = _manifest(result, root)
    (root / MANIFEST).write_text(_json(manifest), encoding="utf-8")
    return manifest


def _write_parquet(rows: Sequence[Mapping[str, Any]], features: datasets.Features, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    ds = datasets.Dataset.from_list([dict(r) for r in rows], features=features)
    progress = datasets.utils.logging.is_progress_bar_enabled()
    datasets.disable_progress_bars()
    try:
        ds.to_parquet(str(path))
    finally:
        if progress:
            datasets.enable_progress_bars()


def _json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def _manifest(result: BuildResult, root: Path) -> dict[str, Any]:
    import pyarrow

    files = {
        p.relative_to(root).as_posix(): sha256_file(p)
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.relative_to(root).as_posix() != MANIFEST
    }
    return {
        "name": "lctg",
        "version": DATASET_VERSION,
        "source": {
            "repository": UPSTREAM_REPO,
            "commit": UPSTREAM_COMMIT,
            "location": result.source.location,
            "verified": result.source.verified,
            "files": {
                SOURCE_FILES[t]: {"sha256": result.source.sha256[t], "records": len(result.records[t])} for t in TASKS
            },
            "protocol_prompts_sha256": result.source.protocol_sha256,
        },
        "build": {
            "parameters": dict(result.parameters),
            "builder": f"lctg {package_version()}",
            "python": platform.python_version(),
            "datasets": datasets.__version__,
            "pyarrow": pyarrow.__version__,
        },
        "configs": {c.name: {"version": c.version, "files": list(c.files), "rows": c.n_rows} for c in result.configs},
        "findings": len(result.findings),
        "files": files,
    }
