"""One-call loading of a built LCTG dataset folder, or of a Hub dataset repo at a revision, for notebooks.

A Hub repo is fetched with ``huggingface_hub.snapshot_download`` into the Hugging Face cache (``HF_HUB_OFFLINE``,
``HF_ENDPOINT`` and the stored token are honoured) and then read like a local build folder.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from lctg_dataset.env_paths import env_value, user_path
from lctg_dataset.layout import MANIFEST, SPLIT

if TYPE_CHECKING:
    import datasets

#: Where :func:`load` looks when no path is given: ``$LCTG_DATASET``, then ``./lctg``.
DEFAULT_FOLDER = "lctg"
#: The revision a Hub repo is read at when none is given (the Hub's default branch).
DEFAULT_REVISION = "main"
#: ``owner/name`` as the Hub spells repo ids (letters, digits, ``-``, ``_``, ``.``).
REPO_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*")


def dataset_path(path: str | os.PathLike[str] | None = None) -> str:
    """The dataset location to use: ``path``, ``$LCTG_DATASET``, ``./lctg`` — or ``path`` as a Hub repo id."""
    if path is not None:
        return str(path)
    env = env_value("LCTG_DATASET")
    if env:
        return user_path(env)
    if Path(DEFAULT_FOLDER, MANIFEST).is_file():
        return str(Path(DEFAULT_FOLDER).resolve())
    raise FileNotFoundError(
        "no LCTG dataset found: pass path=..., set $LCTG_DATASET, or build one with "
        "`python build_dataset.py` (writes ./lctg)"
    )


def is_repo_id(spec: str | os.PathLike[str]) -> bool:
    """True if ``spec`` names a Hub repo (``owner/name``) rather than an existing local folder."""
    return isinstance(spec, str) and not Path(spec).exists() and REPO_ID.fullmatch(spec) is not None


def fetch_snapshot(repo_id: str, revision: str | None = None, *, error: type[Exception] = ValueError) -> Path:
    """The local folder of the Hub dataset repo ``repo_id`` at ``revision`` (from the HF cache or downloaded).

    Every failure is ``error`` with one line naming the repo and revision and what to do; the token is never shown.
    """
    from huggingface_hub import constants, snapshot_download
    from huggingface_hub import errors as hf

    where = f"Hub dataset {repo_id}@{revision or DEFAULT_REVISION}"
    try:
        return Path(snapshot_download(repo_id, repo_type="dataset", revision=revision))
    except hf.RevisionNotFoundError:
        why = "the Hub has no such revision; give a tag (e.g. v1.0.0), a branch or a commit of that repo"
    except hf.GatedRepoError:
        why = "the repo is gated; accept its conditions on the Hub and log in (`hf auth login` or $HF_TOKEN)"
    except hf.RepositoryNotFoundError:
        why = "the Hub has no such dataset repo (a private one needs $HF_TOKEN or `hf auth login`)"
    except hf.IncompleteSnapshotError:
        why = "the cached copy is incomplete and the Hub cannot be reached; download it again with network access"
    except hf.LocalEntryNotFoundError:
        reach = (
            "downloads are off (HF_HUB_OFFLINE is set)"
            if constants.HF_HUB_OFFLINE
            else f"the Hub cannot be reached at {constants.ENDPOINT}"
        )
        why = (
            f"not in the Hugging Face cache ({constants.HF_HUB_CACHE}) and {reach}; download it once with network "
            "access, or pass a local folder written by build_dataset.py"
        )
    except hf.HFValidationError:
        why = "not a valid Hub repo id or revision (a repo id looks like ORG/NAME)"
    except hf.HfHubHTTPError as e:
        status = getattr(getattr(e, "response", None), "status_code", "?")
        why = f"the Hub answered HTTP {status}{_said(e)}; try again later or check the repo id"
    except Exception as e:  # connection refused, DNS, TLS, proxy: any transport failure is "cannot reach"
        why = (
            f"the Hub cannot be reached at {constants.ENDPOINT} ({type(e).__name__}); check the network or HF_ENDPOINT"
        )
    raise error(f"{where}: {why}")


def _said(e: Exception) -> str:
    message = (getattr(e, "server_message", None) or "").strip().splitlines()
    return f" ({message[0][:200]})" if message else ""


def configs(path: str | os.PathLike[str]) -> list[str]:
    """Config names of a local build (from its manifest)."""
    manifest = json.loads(Path(path, MANIFEST).read_text(encoding="utf-8"))
    return list(manifest["configs"])


def load(
    config: str = "all", *, path: str | os.PathLike[str] | None = None, split: str = SPLIT, revision: str | None = None
) -> datasets.Dataset:
    """``load("summary")`` → the summary prompts of the dataset folder as a ``datasets.Dataset`` (split ``test``):
    ``path``, else ``$LCTG_DATASET``, else ./lctg.

    ``path`` may also be a Hub dataset repo id (``load("summary", path="your-org/lctg", revision="v1.0.0")``).
    """
    import datasets

    if not isinstance(config, str):
        raise TypeError(f"config: expected a config name (str, e.g. 'summary' or 'all'), got {type(config).__name__}")
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path: expected a dataset folder or a Hub repo id (str or path), got {type(path).__name__}")
    location = dataset_path(path)
    if is_repo_id(location):
        location = str(fetch_snapshot(location, revision))
    elif not Path(location).exists():  # a local path (not ORG/NAME): never asked of the Hub
        raise FileNotFoundError(
            f"dataset {location}: no such folder, and not a Hub dataset repo id (ORG/NAME); build one with "
            "`python build_dataset.py` or give a repo id such as your-org/lctg"
        )
    elif not Path(location).is_dir():
        raise NotADirectoryError(f"dataset {location} is a file; give the dataset folder (it holds {MANIFEST})")
    elif revision is not None:
        raise ValueError(f"revision={revision!r} applies to a Hub repo id, but {location} is a local folder")
    if Path(location, MANIFEST).is_file():
        valid = configs(location)
        if config not in valid:
            raise ValueError(f"unknown config {config!r} in {location}; valid: {', '.join(valid)}")
    return datasets.load_dataset(location, config, split=split)
