"""Where IFSM keeps what it computes once (attack tables, encodings, per item constants), a digest of its own code
that every key holds, and the atomic write every file of it takes (temp file then rename).

Where: ``$LCTG_IFSM_CACHE`` (a folder; ``off`` turns the cache off), else ``$LCTG_CACHE_DIR/ifsm_attacks``, else
``~/.cache/lctg/ifsm_attacks``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import IO, Any

#: The environment variable naming the folder (``off`` turns the cache off).
ENV = "LCTG_IFSM_CACHE"
OFF = "off"
FOLDER = "ifsm_attacks"


def cache_dir() -> Path | None:
    """The folder of cached attack tables (None: turned off, or no usable home to put it under); a variable naming a
    folder that cannot be one is an error naming it."""
    from lctg_metrics.inputs.hub import check_folder_vars

    own = os.environ.get(ENV, "").strip()
    if own:
        if own.lower() == OFF:
            return None
        check_folder_vars([ENV])  # never a silent fallback to another folder
        return Path(own)
    base = os.environ.get("LCTG_CACHE_DIR", "").strip()
    if base:
        check_folder_vars(["LCTG_CACHE_DIR"])
        return Path(base) / FOLDER
    home = os.environ.get("HOME", "")
    if not home.strip() or not os.path.isabs(home):
        return None  # never a cache in / or the working folder
    return Path(home) / ".cache" / "lctg" / FOLDER


@cache
def code_digest() -> str:
    """Digest of the IFSM package's own source and data files: a change to the reader, guard, attacks or validity code
    gets new tables even where a version string was not bumped."""
    h = hashlib.sha256()
    here = Path(__file__).parent
    for path in sorted([*here.glob("*.py"), *here.glob("data/*")]):
        if path.is_file():
            h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def write_atomic(path: Path, write: Callable[[IO[Any]], object], mode: str = "w") -> None:
    """Write ``path`` by ``write(file)`` into a temp file of its folder, then rename it into place; a failure to
    write leaves nothing behind and is not an error (what is kept is only ever a shortcut)."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".tmp")
        with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if not isinstance(exc, OSError):
            raise
