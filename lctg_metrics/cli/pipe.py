"""A generations file that is a pipe (``lctg score <(cat g.jsonl)``, a named FIFO): read once into a temp file that
the command then reads as often as it needs (a pipe gives its bytes once), removed when the command ends."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

#: Suffixes the readers know; a pipe without one (``/dev/fd/63``) is read as JSONL.
KNOWN = (".jsonl", ".json", ".ndjson", ".csv", ".parquet")


def is_pipe(path: str) -> bool:
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


@contextlib.contextmanager
def read_once(args: argparse.Namespace) -> Iterator[None]:
    """``args.generations``, when it is a pipe, replaced by a temp copy of what it gave for the command's run."""
    path = getattr(args, "generations", None)
    if not isinstance(path, str) or not is_pipe(path):
        yield
        return
    folder = Path(tempfile.mkdtemp(prefix="lctg-pipe-"))
    try:
        name = Path(path).name + ("" if Path(path).suffix.lower() in KNOWN else ".jsonl")
        with open(path, "rb") as source, open(folder / name, "wb") as copy:
            shutil.copyfileobj(source, copy)
        args.generations = str(folder / name)
        yield
    finally:
        shutil.rmtree(folder, ignore_errors=True)
