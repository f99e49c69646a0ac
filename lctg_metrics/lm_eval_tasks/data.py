"""Where the harness reads the LCTG docs: for a task named by Hub repo id, the manifest-checked snapshot at a pinned
revision, through the Hugging Face cache (offline with ``HF_HUB_OFFLINE=1`` once it is cached); for a local build,
the folder at a path relative to the task folder (:func:`local_loader`).

``datasets.load_dataset("org/lctg", …)`` asks the Hub for the repo's files even when a snapshot is cached, so a task
file naming a repo id would fail offline; the task files name this loader instead (``custom_dataset``), with the repo
id, the commit and the manifest digest of the build the task files were written for.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lctg_metrics.schema import ScoringError

#: The ``dataset_kwargs`` of a task file that loads from the Hub (lm-eval passes them, with the task's metadata,
#: to ``custom_dataset`` as keyword arguments).
KWARGS = ("lctg_repo", "lctg_revision", "lctg_config", "lctg_digest")


def load_docs(
    lctg_repo: str, lctg_revision: str, lctg_config: str, lctg_digest: str | None = None, **_metadata: Any
) -> Any:
    """The config's splits (a ``datasets.DatasetDict``) from the snapshot of ``lctg_repo`` at ``lctg_revision``; an
    error when its manifest is not the one the task files were written for."""
    import datasets

    from lctg_metrics.inputs.hub import resolve_dataset

    resolved = resolve_dataset(lctg_repo, lctg_revision)
    if lctg_digest and resolved.digest != lctg_digest:
        raise ScoringError(
            f"Hub dataset {lctg_repo}@{lctg_revision}: its manifest digest {str(resolved.digest)[:12]} is "
            f"not {lctg_digest[:12]}, the build these task files were written for; write them again "
            "with `lctg lm-eval-tasks`"
        )
    return datasets.load_dataset(str(resolved.path), lctg_config)


def local_loader(utils_file: str) -> Callable[..., Any]:
    """``custom_dataset`` of task files that read a local build: ``lctg_folder`` (relative to the task folder, the
    folder of ``utils_file``, or absolute) at config ``lctg_config``; a missing folder is one line naming both."""
    here = Path(utils_file).resolve().parent

    def load_local(lctg_folder: str, lctg_config: str, **_metadata: Any) -> Any:
        import datasets

        folder = Path(lctg_folder)
        folder = folder if folder.is_absolute() else (here / folder).resolve()
        if not (folder / "manifest.json").is_file():
            raise ScoringError(
                f"LCTG task files in {here}: no dataset build at {folder} ({lctg_folder!r} from the "
                "task folder); keep the task folder beside the build, or write them again with "
                "`lctg lm-eval-tasks`"
            )
        return datasets.load_dataset(str(folder), lctg_config)

    return load_local
