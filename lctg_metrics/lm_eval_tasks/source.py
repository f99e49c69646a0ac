"""Where lm-evaluation-harness task files read their rows: a local build folder (by a path relative to the task
folder), a Hub repo id at a revision pinned to its commit, or a local build said to be published under a repo id
(checked to be that build when the repo can be read)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from lctg_dataset.layout import MANIFEST
from lctg_metrics.schema import ScoringError


def relative_folder(root: Path, out_dir: Path) -> str:
    """The build folder as seen from the task folder (absolute only where no relative path exists)."""
    try:
        return Path(os.path.relpath(root.resolve(), out_dir.resolve())).as_posix()
    except ValueError:  # another drive
        return str(root.resolve())


def task_source(
    dataset: str | os.PathLike[str], dataset_path: str | None, revision: str | None, notes: list[str] | None = None
) -> tuple[Path, dict[str, str] | None, str | None]:
    """The build folder to read, and (for a Hub repo id) what the task files load (repo, commit, manifest digest)
    and the signature's dataset source (``repo@revision=commit#digest``)."""
    from lctg_dataset.loader import DEFAULT_REVISION, REPO_ID, is_repo_id
    from lctg_metrics.inputs.hub import ResolvedDataset, manifest_digest, resolve_dataset

    if is_repo_id(dataset):
        if dataset_path is not None and dataset_path != dataset:
            raise ScoringError(f"--dataset-path {dataset_path!r}: the task files of Hub dataset {dataset} load it")
        resolved = resolve_dataset(dataset, revision)
        pinned = resolved.commit or resolved.revision or DEFAULT_REVISION
        return (
            resolved.path,
            {"lctg_repo": str(dataset), "lctg_revision": pinned, "lctg_digest": resolved.digest or ""},
            resolved.source(),
        )
    root = Path(dataset)
    manifest_configs(root)  # a build folder, or the one-line error
    if dataset_path is not None and REPO_ID.fullmatch(dataset_path) and not Path(dataset_path).exists():
        published = published_build(root, dataset_path, revision, notes) or ResolvedDataset(
            root, dataset_path, revision or DEFAULT_REVISION, manifest_digest(root)
        )
        return (
            root,
            {
                "lctg_repo": dataset_path,
                "lctg_revision": published.commit or published.revision or DEFAULT_REVISION,
                "lctg_digest": published.digest or "",
            },
            published.source(),
        )
    if revision is not None:
        raise ScoringError(f"revision {revision!r} applies to a Hub repo id (--dataset or --dataset-path ORG/NAME)")
    return root, None, None


def published_build(root: Path, repo: str, revision: str | None, notes: list[str] | None) -> Any:
    """The snapshot of ``repo`` at ``revision`` where a local build is said to be published, checked to be that build
    (same manifest digest); None, with a note, when it cannot be read now (not cached and no Hub to ask)."""
    from lctg_dataset.loader import DEFAULT_REVISION
    from lctg_metrics.inputs.hub import manifest_digest, resolve_dataset

    where = f"--dataset-path {repo}@{revision or DEFAULT_REVISION}"
    try:
        resolved = resolve_dataset(repo, revision)
    except ScoringError as e:
        if notes is not None:
            notes.append(
                f"{where} was not checked against --dataset {root} (cannot read it now: {e}); the task files "
                "refuse another build when they load it"
            )
        return None
    mine = manifest_digest(root)
    if resolved.digest != mine:
        raise ScoringError(
            f"{where} holds another build (manifest digest {str(resolved.digest)[:12]}, --dataset {root} has "
            f"{mine[:12]}); publish this build there, give --dataset {repo} to write tasks for the build it holds, "
            "or drop --dataset-path"
        )
    return resolved


def manifest_configs(root: Path) -> dict[str, Any]:
    manifest = root / MANIFEST
    if not manifest.is_file():
        raise ScoringError(f"--dataset {root}: no {MANIFEST}; point it at a folder written by build_dataset.py")
    try:
        return dict(json.loads(manifest.read_text(encoding="utf-8"))["configs"])
    except (ValueError, KeyError, TypeError) as e:
        raise ScoringError(f"{manifest}: not a build manifest ({e})") from None


__all__ = ["manifest_configs", "published_build", "relative_folder", "task_source"]
