"""Publish a built dataset folder to the Hugging Face Hub (a supported, documented step).

The folder is checked against its manifest first (every file's sha256), uploaded as one commit, and the
commit is tagged ``v<version>`` so users can pin ``revision="v1.0.0"``. The token is passed through,
never printed, logged or written.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from lctg_dataset.build import MANIFEST


class PublishError(ValueError):
    """The folder is not a complete, unmodified build."""


def verify_folder(folder: Path) -> dict[str, Any]:
    """The manifest, after checking that every file it lists is present and unchanged."""
    manifest_path = folder / MANIFEST
    if not manifest_path.is_file():
        raise PublishError(f"{folder} has no {MANIFEST}; publish a folder written by build_dataset.py")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    for rel, digest in manifest["files"].items():
        path = folder / rel
        if not path.is_file():
            raise PublishError(f"{path} is listed in {MANIFEST} but missing; rebuild before publishing")
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            raise PublishError(f"{path} differs from its sha256 in {MANIFEST}; rebuild before publishing")
    extra = sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p.name != MANIFEST and p.relative_to(folder).as_posix() not in manifest["files"]
    )
    if extra:
        raise PublishError(f"{folder} has files not in {MANIFEST}: {extra[:5]}; rebuild into a clean folder")
    return manifest


def publish(folder: Path, repo_id: str, *, token: str, private: bool = False, tag: bool = True, api: Any = None) -> str:
    """Upload ``folder`` to the dataset repo ``repo_id``; returns the repo URL."""
    manifest = verify_folder(folder)
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi()
    version = manifest["version"]
    repo = api.create_repo(repo_id=repo_id, repo_type="dataset", private=private, exist_ok=True, token=token)
    api.upload_folder(
        folder_path=str(folder),
        repo_id=repo_id,
        repo_type="dataset",
        commit_message=f"LCTG Bench {version} (source commit {manifest['source']['commit'][:7]})",
        token=token,
    )
    if tag:
        api.create_tag(repo_id=repo_id, repo_type="dataset", tag=f"v{version}", token=token, exist_ok=True)
    return str(getattr(repo, "url", repo) or f"https://huggingface.co/datasets/{repo_id}")
