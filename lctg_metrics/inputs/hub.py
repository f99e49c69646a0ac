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
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lctg_dataset.digest import sha256_file
from lctg_dataset.layout import MANIFEST
from lctg_dataset.loader import DEFAULT_REVISION, fetch_snapshot, is_repo_id
from lctg_dataset.output import BUILD_NAME
from lctg_metrics.schema import ScoringError

#: Hex digits of the manifest digest shown in the signature (48 bits: enough to tell builds apart by eye).
DIGEST_CHARS = 12
#: A revision: a commit (7 to 40 hex digits) or a git ref name (git check-ref-format: components of letters, digits
#: and ``._-+@``, not starting with ``.`` or ``-``, none ``..`` or ending in ``.lock``; e.g. ``v1.0.0``, ``main``,
#: ``refs/pr/1``). Anything else (``../x``, ``a b``, ``~``, ``:``) is refused before the Hub cache is looked at.
_REF_PART = re.compile(r"[A-Za-z0-9_+@][A-Za-z0-9_.+@-]*")
#: The longest revision accepted.
MAX_REVISION = 255
#: A short commit (git's abbreviations: 7 hex digits or more, fewer than the full 40): resolved to the one commit of
#: the Hugging Face cache it begins, else by the Hub, else refused with the reason.
_SHORT_COMMIT = re.compile(r"[0-9a-fA-F]{7,39}")


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
        raise ScoringError(
            f"dataset {folder}: a revision ({revision!r}) applies to a Hub repo id (ORG/NAME), "
            "not to a local folder; drop the revision or give the repo id"
        )
    if not folder.is_dir():
        raise ScoringError(
            f"dataset {folder}: no such folder, and not a Hub dataset repo id (ORG/NAME); "
            "build one with `python build_dataset.py` or give a repo id such as your-org/lctg"
        )
    if not (folder / MANIFEST).is_file():
        raise ScoringError(
            f"dataset {folder}: no {MANIFEST}; point it at a folder written by build_dataset.py "
            "or at a Hub dataset repo id (ORG/NAME)"
        )
    return ResolvedDataset(folder, digest=manifest_digest(folder))


def check_revision(repo_id: str, revision: str) -> None:
    """Raise unless ``revision`` is a git commit or ref name (see :data:`_REF_PART`)."""
    parts = revision.split("/")
    ok = (
        0 < len(revision) <= MAX_REVISION
        and revision.isascii()
        and all(_REF_PART.fullmatch(p) and ".." not in p and not p.endswith((".", ".lock")) for p in parts)
    )
    if not ok:
        raise ScoringError(
            f"Hub dataset {repo_id}: revision {revision!r} is not a git tag, branch or commit (letters, "
            "digits and ._-+@ in '/'-separated parts, no '..'); give one such as v1.0.0, main or a "
            "commit hash"
        )


def _from_hub(repo_id: str, revision: str | None) -> ResolvedDataset:
    check_folder_vars(HUB_VARS)  # a cache folder that is a file: named, not blamed on the network
    if revision is not None:
        check_revision(repo_id, revision)
    fetch = _full_commit(repo_id, revision) if revision is not None and _SHORT_COMMIT.fullmatch(revision) else revision
    folder = fetch_snapshot(repo_id, fetch, error=ScoringError)
    where = f"Hub dataset {repo_id}@{revision or DEFAULT_REVISION}"
    commit = folder.name if folder.parent.name == "snapshots" else None
    if revision is not None and _SHORT_COMMIT.fullmatch(revision) and not (commit or "").startswith(revision.lower()):
        raise ScoringError(
            f"{where}: the Hub read {revision!r} as a branch or tag (commit {str(commit)[:12]}), not "
            "as the short commit it looks like; give the full 40-hex commit"
        )
    _check_build(folder, where)
    return ResolvedDataset(folder, repo_id, revision or DEFAULT_REVISION, manifest_digest(folder), commit)


def cached_commits(repo_id: str) -> list[str]:
    """The commits of the dataset repo ``repo_id`` held in the Hugging Face cache (``snapshots/<commit>``)."""
    from huggingface_hub import constants
    from huggingface_hub.file_download import repo_folder_name

    snapshots = Path(constants.HF_HUB_CACHE) / repo_folder_name(repo_id=repo_id, repo_type="dataset") / "snapshots"
    return sorted(p.name for p in snapshots.iterdir() if p.is_dir()) if snapshots.is_dir() else []


def _full_commit(repo_id: str, short: str) -> str:
    """The full commit a short one names: the one cached commit it begins; with none cached, the short commit
    itself when the Hub can be asked (it resolves it, and the caller checks the answer); else a one-line refusal."""
    from huggingface_hub import constants

    where = f"Hub dataset {repo_id}@{short}"
    matches = [c for c in cached_commits(repo_id) if c.startswith(short.lower())]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ScoringError(
            f"{where}: the short commit matches {len(matches)} cached commits "
            f"({', '.join(m[:12] for m in matches[:4])}); give more hex digits or the full commit"
        )
    if constants.HF_HUB_OFFLINE:
        raise ScoringError(
            f"{where}: a short commit is resolved against the commits in the Hugging Face cache "
            f"({constants.HF_HUB_CACHE}), and none begins with {short!r} while downloads are off "
            "(HF_HUB_OFFLINE is set); give the full 40-hex commit, a tag or a branch, or download it "
            "once with network access"
        )
    return short


def _check_build(folder: Path, where: str) -> None:
    """Raise unless ``folder`` holds an lctg build whose files all match its manifest (extra files are allowed:
    the Hub adds ``.gitattributes``)."""
    manifest = _manifest(folder, where)
    from lctg_metrics.inputs.folder import read_manifest as checked_manifest

    checked_manifest(folder)  # its shape, and every path inside the folder
    for rel, expected in manifest["files"].items():
        path = folder / rel
        if not path.is_file():
            raise ScoringError(
                f"{where}: {rel} is listed in {MANIFEST} but missing; the upload is incomplete "
                "(publish the build again with `lctg publish`)"
            )
        if sha256_file(path) != expected:
            raise ScoringError(
                f"{where}: {rel} differs from its sha256 in {MANIFEST}; the repo was changed after "
                "the build (publish an unmodified build, or pin another revision)"
            )


def _manifest(folder: Path, where: str) -> dict[str, Any]:
    remedy = "not an lctg build; publish a folder written by build_dataset.py (`lctg publish`)"
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScoringError(f"{where}: no {MANIFEST}, so {remedy}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ScoringError(f"{where}: {MANIFEST} is unreadable ({type(e).__name__}), so {remedy}") from None
    if not (
        isinstance(manifest, dict)
        and manifest.get("name") == BUILD_NAME
        and "configs" in manifest
        and isinstance(manifest.get("files"), dict)
    ):
        raise ScoringError(f"{where}: {MANIFEST} is not an lctg build manifest, so {remedy}")
    return manifest


# The environment variables that name a folder (the Hugging Face cache, lctg's caches): one that is a file, or lies
# under one, is one line naming the variable and what it is, never blamed on the network or left for a silent
# fallback to another folder. The Hub reader checks HUB_VARS; IFSM's cache and the LLM answer cache the ones they use.
#: Folders huggingface_hub reads and writes (the dataset snapshots lctg reads from the Hub).
HUB_VARS = ("HF_HOME", "HF_HUB_CACHE")
#: Folders lctg writes into (its caches): they must also be writable. ``LCTG_IFSM_CACHE=off`` turns IFSM's off.
LCTG_VARS = ("LCTG_CACHE_DIR", "LCTG_IFSM_CACHE")


def check_folder_vars(names: Iterable[str] = (*HUB_VARS, *LCTG_VARS)) -> None:
    """Refuse, naming it, each variable of ``names`` that is set to a path that cannot be a folder (a file, under a
    file, or a folder that cannot be created: ``/proc/nope``), or for lctg's own folders, one that cannot be
    written."""
    for name in names:
        value = os.environ.get(name, "").strip()
        if not value or (name == "LCTG_IFSM_CACHE" and value.lower() == "off"):
            continue
        problem = folder_problem(Path(value), writable=name in LCTG_VARS)
        if problem:
            raise ScoringError(f"{name}={value} {problem}; point {name} at a folder (or unset it)")


def folder_problem(path: Path, *, writable: bool) -> str | None:
    """Why ``path`` cannot be used as a folder to write into, or None."""
    if path.exists() and not path.is_dir():
        return "is a file, not a folder"
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        return f"lies under {existing}, which is a file, not a folder"
    if writable and not os.access(existing, os.W_OK | os.X_OK):
        return f"cannot be written ({existing}: permission denied)"
    if not path.exists():  # a probe folder of its own made in the nearest folder that exists, then removed (the
        # folder itself is never made and removed: another run may be making it): /proc/nope cannot be created
        import tempfile

        try:
            os.rmdir(tempfile.mkdtemp(prefix=".lctg-probe-", dir=existing))
        except OSError as e:
            return f"cannot be created ({e.strerror or type(e).__name__})"
    return None
