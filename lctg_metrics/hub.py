"""Where the dataset comes from: a local build folder, or a Hub dataset repo id at a revision, resolved to a folder.

``resolve_dataset("lctg")`` is the local folder as it is; ``resolve_dataset("your-org/lctg", "v1.0.0")`` fetches
the repo through the Hugging Face cache (``HF_HUB_OFFLINE``, ``HF_ENDPOINT`` and the stored token honoured),
checks that it is a complete, unmodified lctg build (every file against ``manifest.json``) and names it for the
signature: ``your-org/lctg@v1.0.0#<first 12 hex of the manifest's sha256>``.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lctg_dataset.layout import MANIFEST
from lctg_dataset.loader import DEFAULT_REVISION, fetch_snapshot, is_repo_id
from lctg_dataset.output import BUILD_NAME
from lctg_dataset.digest import sha256_file
from lctg_metrics.schema import ScoringError

#: Hex digits of the manifest digest shown in the signature (48 bits: enough to tell builds apart by eye).
DIGEST_CHARS = 12
#: A revision: a commit (7 to 40 hex digits) or a git ref name (git check-ref-format: components of letters, digits
#: and ``._-+@``, not starting with ``.`` or ``-``, none ``..`` or ending in ``.lock``; e.g. ``v1.0.0``, ``main``,
#: ``refs/pr/1``). Anything else (``../x``, ``a b``, ``~``, ``:``) is refused before the Hub cache is looked at.
_REF_PART = re.compile(r"[A-Za-z0-9_+@][A-Za-z0-9_.+@-]*")
#: The longest revision accepted.
MAX_REVISION = 255


@dataclass(frozen=True)
class ResolvedDataset:
    """A dataset folder ready to read, and where it came from (``repo_id`` is None for a local folder)."""

    path: Path
    repo_id: str | None = None
    revision: str | None = None
    digest: str | None = None
    commit: str | None = None

    def source(self) -> str | None:
        """``"your-org/lctg@v1.0.0=0123456789ab#3f2a…"`` for the signature: the revision asked for, the commit it
        resolved to (a tag or branch can move; 12 hex, alone when the revision was that commit) and the manifest
        digest (12 hex); None for a local folder."""
        if self.repo_id is None:
            return None
        suffix = f"#{self.digest[:DIGEST_CHARS]}" if self.digest else ""
        revision = self.revision or DEFAULT_REVISION
        if self.commit:
            short = self.commit[:DIGEST_CHARS]
            revision = short if self.commit.startswith(revision.lower()) else f"{revision}={short}"
        return f"{self.repo_id}@{revision}{suffix}"


def manifest_digest(folder: Path) -> str:
    """sha256 of the folder's ``manifest.json`` (which holds the sha256 of every other file)."""
    return sha256_file(folder / MANIFEST)


def resolve_dataset(spec: str | os.PathLike[str], revision: str | None = None) -> ResolvedDataset:
    """The folder ``spec`` names: an existing local folder, else (a string ``owner/name``) a Hub dataset repo id."""
    if is_repo_id(spec):
        return _from_hub(str(spec), revision)
    folder = Path(spec)
    if revision is not None:
        raise ScoringError(f"dataset {folder}: a revision ({revision!r}) applies to a Hub repo id (ORG/NAME), "
                           "not to a local folder; drop the revision or give the repo id")
    if not folder.is_dir():
        raise ScoringError(f"dataset {folder}: no such folder, and not a Hub dataset repo id (ORG/NAME); "
                           "build one with `python build_dataset.py` or give a repo id such as your-org/lctg")
    if not (folder / MANIFEST).is_file():
        raise ScoringError(f"dataset {folder}: no {MANIFEST}; point it at a folder written by build_dataset.py "
                           "or at a Hub dataset repo id (ORG/NAME)")
    return ResolvedDataset(folder, digest=manifest_digest(folder))


def check_revision(repo_id: str, revision: str) -> None:
    """Raise unless ``revision`` is a git commit or ref name (see :data:`_REF_PART`)."""
    parts = revision.split("/")
    ok = (0 < len(revision) <= MAX_REVISION and revision.isascii()
          and all(_REF_PART.fullmatch(p) and ".." not in p and not p.endswith((".", ".lock")) for p in parts))
    if not ok:
        raise ScoringError(f"Hub dataset {repo_id}: revision {revision!r} is not a git tag, branch or commit (letters, "
                           "digits and ._-+@ in '/'-separated parts, no '..'); give one such as v1.0.0, main or a "
                           "commit hash")


def _from_hub(repo_id: str, revision: str | None) -> ResolvedDataset:
    if revision is not None:
        check_revision(repo_id, revision)
    folder = fetch_snapshot(repo_id, revision, error=ScoringError)
    where = f"Hub dataset {repo_id}@{revision or DEFAULT_REVISION}"
    _check_build(folder, where)
    commit = folder.name if folder.parent.name == "snapshots" else None
    return ResolvedDataset(folder, repo_id, revision or DEFAULT_REVISION, manifest_digest(folder), commit)


def _check_build(folder: Path, where: str) -> None:
    """Raise unless ``folder`` holds an lctg build whose files all match its manifest (extra files are allowed:
    the Hub adds ``.gitattributes``)."""
    manifest = _manifest(folder, where)
    from lctg_metrics.dataset_folder import read_manifest as checked_manifest

    checked_manifest(folder)  # its shape, and every path inside the folder
    for rel, expected in manifest["files"].items():
        path = folder / rel
        if not path.is_file():
            raise ScoringError(f"{where}: {rel} is listed in {MANIFEST} but missing; the upload is incomplete "
                               "(publish the build again with `lctg publish`)")
        if sha256_file(path) != expected:
            raise ScoringError(f"{where}: {rel} differs from its sha256 in {MANIFEST}; the repo was changed after "
                               "the build (publish an unmodified build, or pin another revision)")


def _manifest(folder: Path, where: str) -> dict[str, Any]:
    remedy = "not an lctg build; publish a folder written by build_dataset.py (`lctg publish`)"
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScoringError(f"{where}: no {MANIFEST}, so {remedy}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ScoringError(f"{where}: {MANIFEST} is unreadable ({type(e).__name__}), so {remedy}") from None
    if not (isinstance(manifest, dict) and manifest.get("name") == BUILD_NAME and "configs" in manifest
            and isinstance(manifest.get("files"), dict)):
        raise ScoringError(f"{where}: {MANIFEST} is not an lctg build manifest, so {remedy}")
    return manifest
