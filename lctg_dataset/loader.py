"""One-call loading of a built LCTG dataset folder (or a Hub repo) for notebooks."""

from __future__ import annotations

import json
import os
from pathlib import Path

import datasets

from lctg_dataset.layout import MANIFEST, SPLIT

#: Where :func:`load` looks when no path is given: ``$LCTG_DATASET``, then ``./lctg``.
DEFAULT_FOLDER = "lctg"


def dataset_path(path: str | os.PathLike[str] | None = None) -> str:
    """The dataset location to use: ``path``, ``$LCTG_DATASET``, ``./lctg`` — or ``path`` as a Hub repo id."""
    if path is not None:
        return str(path)
    env = os.environ.get("LCTG_DATASET")
    if env:
        return env
    if Path(DEFAULT_FOLDER, MANIFEST).is_file():
        return str(Path(DEFAULT_FOLDER).resolve())
    raise FileNotFoundError(
        "no LCTG dataset found: pass path=..., set $LCTG_DATASET, or build one with `python build_dataset.py` (writes ./lctg)"
    )


def configs(path: str | os.PathLike[str]) -> list[str]:
    """Config names of a local build (from its manifest)."""
    manifest = json.loads(Path(path, MANIFEST).read_text(encoding="utf-8"))
    return list(manifest["configs"])


def load(config: str = "all", *, path: str | os.PathLike[str] | None = None, split: str = SPLIT) -> datasets.Dataset:
    """``load("summary")`` → the summary prompts of ./lctg as a ``datasets.Dataset`` (split ``test``)."""
    location = dataset_path(path)
    if Path(location, MANIFEST).is_file():
        valid = configs(location)
        if config not in valid:
            raise ValueError(f"unknown config {config!r} in {location}; valid: {', '.join(valid)}")
    return datasets.load_dataset(location, config, split=split)
