"""Publish a built dataset folder to the Hugging Face Hub (a supported, documented step).

The folder is checked against its manifest first (every file's sha256), uploaded as one commit, and the
commit is tagged (``v<version>`` by default) so users can pin ``revision="v1.0.0"``. The token comes from
``$HF_TOKEN`` or ``huggingface-cli login``; it is passed through, never printed, logged or written.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lctg_dataset.layout import MANIFEST
from lctg_dataset.output import build_manifest, foreign_entries


class PublishError(ValueError):
    """The folder is not a complete, unmodified build, or no token is available."""


@dataclass(frozen=True)
class UploadPlan:
    """What an upload would do: the repo, the tag and every file with its size."""

    repo_id: str
    tag: str | None
    files: tuple[tuple[str, int], ...]
    version: str

    def lines(self) -> list[str]:
        total = sum(size for _, size in self.files)
        out = [f"repo: {self.repo_id} (dataset)", f"tag: {self.tag or '(none)'}", f"version: {self.version}",
               f"files: {len(self.files)}, {total:,} bytes"]
        out += [f"  {size:>12,}  {rel}" for rel, size in self.files]
        return out


def verify_folder(folder: Path) -> dict[str, Any]:
    """The manifest, after checking that every file it lists is present and unchanged and nothing else is there."""
    folder = Path(folder)
    manifest = build_manifest(folder)
    if manifest is None:
        raise PublishError(f"{folder} has no lctg {MANIFEST}; publish a folder written by build_dataset.py")
    for rel in manifest["files"]:
        if not (folder / rel).is_file():
            raise PublishError(f"{folder / rel} is listed in {MANIFEST} but missing; rebuild before publishing")
    foreign = foreign_entries(folder, manifest["files"])
    if foreign:
        raise PublishError(f"{folder} holds what the build did not write: {', '.join(foreign[:5])}; rebuild into a clean folder")
    return manifest


def plan(folder: Path, repo_id: str, *, tag: str | None = "default") -> UploadPlan:
    """The upload a :func:`publish` call would make (``tag="default"`` means ``v<version>``)."""
    if "/" not in repo_id or repo_id.startswith("/") or repo_id.endswith("/"):
        raise PublishError(f"repo id {repo_id!r} must look like ORG/NAME")
    manifest = verify_folder(folder)
    version = manifest["version"]
    files = tuple(
        (p.relative_to(folder).as_posix(), p.stat().st_size) for p in sorted(folder.rglob("*")) if p.is_file()
    )
    return UploadPlan(repo_id, f"v{version}" if tag == "default" else tag, files, version)


def hub_token(env: str = "HF_TOKEN") -> str:
    """The Hub token from ``$HF_TOKEN`` (or the named variable), else from ``huggingface-cli login``."""
    token = os.environ.get(env)
    if not token:
        try:
            from huggingface_hub import get_token

            token = get_token()
        except Exception:  # an unreadable token file is the same as none
            token = None
    if not token:
        raise PublishError(f"no Hugging Face token: set ${env} or run `huggingface-cli login` (nothing was uploaded)")
    return token


def publish(folder: Path, repo_id: str, *, token: str, private: bool = False, tag: str | None = "default",
            api: Any = None) -> str:
    """Upload ``folder`` to the dataset repo ``repo_id`` and tag it; returns the repo URL."""
    the_plan = plan(folder, repo_id, tag=tag)
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi()
    repo = api.create_repo(repo_id=repo_id, repo_type="dataset", private=private, exist_ok=True, token=token)
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    api.upload_folder(
        folder_path=str(folder),
        repo_id=repo_id,
        repo_type="dataset",
        commit_message=f"LCTG Bench {the_plan.version} (source commit {manifest['source']['commit'][:7]})",
        token=token,
    )
    if the_plan.tag:
        api.create_tag(repo_id=repo_id, repo_type="dataset", tag=the_plan.tag, token=token, exist_ok=True)
    return str(getattr(repo, "url", repo) or f"https://huggingface.co/datasets/{repo_id}")
