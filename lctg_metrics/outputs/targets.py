"""Output targets: what a path names (standard output, a regular file, a special file, a symlink) and the temp
files a command leaves beside its targets, named so that any later run removes those of a process that is gone.

Temp files are named ``.lctg-tmp-<host>-<pid>-<target>.<random>.tmp`` (and ``.bak`` for a replaced file held back
until the set lands); :func:`remove_stale` removes those of a dead process (or older than :data:`STALE_AFTER`)
beside a command's targets, and the ``.<target>.<random>.tmp`` files of older versions.

:func:`locked` serialises runs sharing an output: two runs writing the same ``--json``/``--details`` write their
sets one after the other (the last lands whole, never the JSON of one with the details of the other), and a
read-merge-write of a shared file (``all_scores.csv`` in ``--csv-dir``) holds it from the read to the rename. It is
``flock`` on the folders themselves (nothing is created; the nearest existing folder for one about to be made),
taken in one order, re-entrant within a process; a file system that cannot lock is written without.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import stat
import sys
import threading
import time
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no flock; runs are not serialised there
    fcntl = None  # type: ignore[assignment]

#: The path that means standard output (``--json -``, ``--details -``, ``-o -``).
STDOUT = "-"
#: Temp files of this package start with this.
TMP_PREFIX = ".lctg-tmp-"
#: A temp file not touched for this many seconds is stale whatever its process (a crashed run on another host).
STALE_AFTER = 24 * 3600
#: Temp files of versions that named them ``.<target>.<8 random>.tmp``: removed once this many seconds old.
LEGACY_STALE_AFTER = 600
#: The random part ``tempfile.mkstemp`` puts in a name.
_RANDOM = r"[a-z0-9_]{8}"


def is_stdout(path: Any) -> bool:
    """Whether an output path means standard output."""
    return isinstance(path, (str, os.PathLike)) and os.fspath(path) == STDOUT


def _host() -> str:
    return f"{zlib.crc32(socket.gethostname().encode('utf-8', 'replace')):08x}"


def tmp_prefix(target: Path) -> str:
    return f"{TMP_PREFIX}{_host()}-{os.getpid()}-{target.name}."


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is (None for a regular file)."""
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else "not a regular file"


def real_target(path: Any) -> Path:
    """Where writing ``path`` lands: the file a symlink (chain) points to, else the path itself."""
    p = Path(path)
    if p.is_symlink():
        return Path(os.path.realpath(p))
    return p


def special_kind(path: Path) -> str | None:
    """Why an existing ``path`` (after symlinks) cannot be replaced by a file, or None."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as e:
        return f"cannot be examined ({e.strerror or e})"
    return _kind(mode)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def remove_stale(folders: Iterable[Any], names: Iterable[str] = ()) -> list[Path]:
    """Remove this package's temp files that no running process owns from ``folders``: ours of a process that is
    gone (same host) or untouched for :data:`STALE_AFTER`, and the legacy ``.<name>.<random>.tmp`` of ``names``
    once :data:`LEGACY_STALE_AFTER` old. A ``.bak`` whose target is missing is put back (the run was stopped
    between the two renames). Returns what was removed or restored; says so on stderr."""
    ours = re.compile(re.escape(TMP_PREFIX) + r"([0-9a-f]{8})-(\d+)-(.+)\." + _RANDOM + r"\.(tmp|bak)")
    legacy = [re.compile(re.escape(f".{n}.") + _RANDOM + r"\.(tmp|bak)") for n in set(names)]
    now, host = time.time(), _host()
    done: list[Path] = []
    removed: list[Path] = []
    for folder in {Path(f) for f in folders}:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not entry.name.startswith("."):
                continue
            m = ours.fullmatch(entry.name)
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                continue
            age = now - st.st_mtime
            if m:
                mine = m.group(1) == host and int(m.group(2)) == os.getpid()
                gone = m.group(1) == host and not _pid_alive(int(m.group(2)))
                if mine or not (gone or age > STALE_AFTER):
                    continue
                target, kind = Path(folder) / m.group(3), m.group(4)
            elif any(p.fullmatch(entry.name) for p in legacy) and age > LEGACY_STALE_AFTER:
                target, kind = Path(folder) / entry.name[1:-13], entry.name[-3:]
            else:
                continue
            path = Path(entry.path)
            try:
                if kind == "bak" and not os.path.lexists(target):
                    os.replace(path, target)
                    print(f"note: {target} restored from {path.name}, left by an interrupted run", file=sys.stderr)
                else:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
            done.append(path)
    if removed:
        shown = ", ".join(str(p) for p in removed[:3]) + (", …" if len(removed) > 3 else "")
        print(f"note: removed {len(removed)} temp file(s) left by interrupted runs: {shown}", file=sys.stderr)
    return done


#: Seconds a run waits quietly for another run's lock before saying what it waits for.
LOCK_WAIT_NOTE = 2.0

_held: dict[str, int] = {}  # real folder -> depth, in this process
_mutex = threading.Lock()


def _nearest(folder: Any) -> str:
    p = Path(os.path.abspath(folder))
    while not p.exists() and p != p.parent:
        p = p.parent
    return os.path.realpath(p)


def _acquire(folder: str) -> int | None:
    """flock ``folder`` (waiting, and saying so after :data:`LOCK_WAIT_NOTE` seconds); its fd, or None if it cannot."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    return flock_waiting(fd, f"into {folder}", LOCK_WAIT_NOTE)


def flock_waiting(fd: int, writing: str, note_after: float) -> int | None:
    """Take an exclusive flock on ``fd``, waiting while another run holds it and saying once, after ``note_after``
    seconds, what it waits for ("lctg: waiting for another run writing {writing} to finish"); ``fd``, or None (and
    ``fd`` closed) on a file system without locks."""
    start, said = time.monotonic(), False
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if not said and time.monotonic() - start > note_after:
                print(f"lctg: waiting for another run writing {writing} to finish", file=sys.stderr, flush=True)
                said = True
            time.sleep(0.05)
        except OSError:  # no locks on this file system
            os.close(fd)
            return None


@contextlib.contextmanager
def locked(folders: Iterable[Any]) -> Iterator[None]:
    """Hold an exclusive lock on each folder (the nearest existing one) for the block."""
    if fcntl is None:
        yield
        return
    wanted = sorted({_nearest(f) for f in folders})
    taken: list[tuple[str, int | None]] = []
    try:
        for folder in wanted:
            with _mutex:
                if folder in _held:
                    _held[folder] += 1
                    taken.append((folder, None))
                    continue
            fd = _acquire(folder)
            with _mutex:
                _held[folder] = 1
            taken.append((folder, fd))
        yield
    finally:
        for folder, fd in reversed(taken):
            with _mutex:
                _held[folder] -= 1
                if _held[folder] == 0:
                    del _held[folder]
            if fd is not None:
                os.close(fd)  # releases the flock
