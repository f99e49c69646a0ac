"""Where the LLM answer cache lives: ``--llm-cache``, else ``$LCTG_CACHE_DIR``, else ``~/.cache/lctg`` — never
under an unusable HOME, never inside a built dataset folder."""

from __future__ import annotations

import os
from pathlib import Path

from lctg_dataset.layout import DATA_DIR, MANIFEST
from lctg_metrics.llm.errors import CacheError

#: File name used inside ``$LCTG_CACHE_DIR`` (or ``~/.cache/lctg``).
CACHE_FILE_NAME = "llm_cache.sqlite"


def default_cache_path() -> Path:
    """``$LCTG_CACHE_DIR/llm_cache.sqlite``, else ``~/.cache/lctg/llm_cache.sqlite``; a HOME that is unset, empty
    or relative is a :class:`CacheError` (the cache would land in ``/.cache`` or the working folder)."""
    base = os.environ.get("LCTG_CACHE_DIR")
    if base:
        return Path(base) / CACHE_FILE_NAME
    home = os.environ.get("HOME", "")
    if not home.strip() or not os.path.isabs(home):
        shown = "unset" if "HOME" not in os.environ else f"{home!r}"
        raise CacheError(
            f"HOME is {shown}: the LLM answer cache has no default place (~/.cache/lctg); set "
            "LCTG_CACHE_DIR to a folder or pass --llm-cache FILE (LLMConfig.cache_path)"
        )
    return Path(home) / ".cache" / "lctg" / CACHE_FILE_NAME


#: Files SQLite keeps beside the cache file (write-ahead log, shared memory, rollback journal).
COMPANIONS: tuple[str, ...] = ("-wal", "-shm", "-journal")


def dataset_folder_around(path: str | os.PathLike[str]) -> Path | None:
    """The built dataset folder (a folder holding ``manifest.json`` and ``data/``) that ``path`` lies in, if any."""
    here = Path(os.path.abspath(path)).parent
    for folder in (here, *here.parents):
        if (folder / MANIFEST).is_file() and (folder / DATA_DIR).is_dir():
            return folder
    return None
