"""The environment variables that name a folder (the Hugging Face cache, lctg's caches): one that is a file, or lies
under one, is one line naming the variable and what it is — never blamed on the network or left for a silent
fallback to another folder. Every command checks them before it runs; the Hub reader and IFSM's cache check the
ones they use."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from lctg_metrics.schema import ScoringError

#: Folders huggingface_hub reads and writes (the dataset snapshots lctg reads from the Hub).
HUB_VARS = ("HF_HOME", "HF_HUB_CACHE")
#: Folders lctg writes into (its caches): they must also be writable. ``LCTG_IFSM_CACHE=off`` turns IFSM's off.
LCTG_VARS = ("LCTG_CACHE_DIR", "LCTG_IFSM_CACHE")


def check_folder_vars(names: Iterable[str] = (*HUB_VARS, *LCTG_VARS)) -> None:
    """Refuse, naming it, each variable of ``names`` that is set to a path that cannot be a folder (a file, or under
    a file), or for lctg's own folders, one that cannot be written."""
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
    return None
