"""Two runs writing the same output at once (``lctg build -o C`` twice, ``lctg report … -o x.md`` twice): the later
one waits for the earlier to finish, then is refused if the earlier one wrote that output meanwhile — never both
saying "wrote" with one set lost. Every command's outputs are claimed when :mod:`lctg_metrics.cli.outside` checks
them (the build's folder by ``cmd_build``), for the rest of the run; only runs sharing an output wait for each other.

A claim is an ``flock`` on a lock file named after the output's real path, in the system's temp folder (the output's
own folder is left untouched); a file system that cannot lock is written without."""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.outputs.targets import flock_waiting
from lctg_metrics.schema import ScoringError

try:
    import fcntl
except ImportError:  # Windows: runs are not serialised there
    fcntl = None  # type: ignore[assignment]

#: Seconds a run waits quietly for another run's claim before saying what it waits for.
WAIT_NOTE = 2.0

_run: contextlib.ExitStack | None = None  # the command being run (claims last until it ends)
_claimed: set[str] = set()


@contextlib.contextmanager
def run_claims() -> Iterator[None]:
    """The span of one command: the claims taken inside it are released when it ends."""
    global _run
    outer, _run = _run, contextlib.ExitStack()
    try:
        with _run:
            yield
    finally:
        _run = outer
        if outer is None:
            _claimed.clear()


#: Outputs that merge what several runs write (``--csv-dir``: one row per model, read and replaced under the lock of
#: its folder): runs sharing one do not claim it.
MERGED = ("--csv-dir",)


def claim(outputs: Iterable[tuple[str, Any]], files: Iterable[Any] = ()) -> None:
    """Claim each ``(flag, path)`` for the running command: wait while another run holds it, then refuse it if that
    run changed it since this call began (``files``: for a folder output, the files in it the run writes, compared
    instead of the folder; outside a command, from Python: nothing)."""
    if _run is None or fcntl is None:
        return
    inside = list(files)
    for flag, path in outputs:
        real = os.path.realpath(os.path.abspath(path))
        if real in _claimed or flag in MERGED:
            continue
        watched = [f for f in inside if Path(os.path.abspath(f)).is_relative_to(os.path.abspath(path))] or [path]
        seen = [state(f) for f in watched]
        fd = _lock(real, path)
        if fd is None:
            continue
        _run.callback(os.close, fd)
        _claimed.add(real)
        if [state(f) for f in watched] != seen:
            raise ScoringError(
                f"{flag} {path} was written by another run while this one waited for it; nothing written "
                "(run again to replace that output)"
            )


def state(path: Any) -> tuple[Any, ...]:
    """What tells one write of ``path`` from another: the file's (or a built folder's manifest's) inode, size and
    modification time; () when absent."""
    from lctg_metrics.inputs.folder import MANIFEST

    out: list[Any] = []
    for p in (Path(path), Path(path) / MANIFEST):
        try:
            st = os.stat(p)
        except OSError:
            continue
        out.append((st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


def _lock(real: str, shown: Any) -> int | None:
    """flock the lock file of ``real`` (waiting, and saying so after :data:`WAIT_NOTE` seconds); its fd or None."""
    name = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    try:
        fd = os.open(os.path.join(tempfile.gettempdir(), f"lctg-claim-{name}.lock"), os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:
        return None
    return flock_waiting(fd, str(shown), WAIT_NOTE)


def claimed_build(argv: Sequence[str], prog: str, build: Callable[[], int]) -> int:
    """``build()`` with its ``-o`` folder claimed: a second build into the same folder at the same time waits, then
    is refused in one line (``prog: error: …``, exit code 2) when the first wrote it."""
    import argparse

    where = argparse.ArgumentParser(add_help=False)
    where.add_argument("-o", "--output", dest="out", default="lctg")  # the builder's own default
    out = where.parse_known_args(list(argv))[0].out
    with run_claims():
        try:
            claim([("--output", out)])
        except ScoringError as e:
            print(f"{prog}: error: {e}", file=sys.stderr)
            return 2
        return build()
