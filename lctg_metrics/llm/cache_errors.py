"""What an sqlite error on the answer cache means: one CacheError line naming the file, the real cause (a full
disk, a lock held too long, a file that is not a cache, no permission) and the remedy — never deleting the file,
which holds paid answers."""

from __future__ import annotations

import os
import shutil
import sqlite3

from lctg_metrics.llm.errors import CacheError

#: Seconds a run waits for the write lock held by another run before giving up with a CacheError.
BUSY_TIMEOUT = 30.0


class Guard:
    """Turns any sqlite error into one CacheError line: the file, the real cause, the remedy (never deleting the file:
    it holds paid answers)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if isinstance(exc, sqlite3.Error):
            raise CacheError(f"LLM cache {self.path}: {_cause(self.path, exc)}") from None


#: Below this many free bytes on the cache's disk, an sqlite I/O error is reported as a full disk.
_LOW_SPACE = 16 * 1024 * 1024
_KEEP = "the answers it holds are kept: do not delete it"


def _cause(path: str, exc: BaseException) -> str:
    """What an sqlite error means for the cache file, and what to do."""
    text = str(exc)
    try:
        free = shutil.disk_usage(os.path.dirname(os.path.abspath(path)) or ".").free
    except OSError:
        free = None
    if "full" in text or (("I/O" in text or "disk" in text) and free is not None and free < _LOW_SPACE):
        return (
            f"the disk is full ({text}; {free if free is not None else '?'} bytes free); free some space and "
            f"re-run ({_KEEP}), or pass --llm-cache FILE on another disk"
        )
    if "locked" in text or "busy" in text:
        return (
            f"locked by another run for more than {BUSY_TIMEOUT:.0f} s ({text}); wait for it to finish, or pass "
            "--llm-cache OTHER"
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return (
            f"not a readable answer cache ({text}); move it aside (it may still hold answers) or pass "
            "--llm-cache OTHER (LLMConfig.cache_path)"
        )
    if "unable to open" in text and _no_descriptors():
        import resource

        return (
            f"cannot be opened: this process ran out of file descriptors ({text}; the limit is "
            f"{resource.getrlimit(resource.RLIMIT_NOFILE)[0]}); lower --llm-concurrency or raise the limit (ulimit -n)"
        )
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return (
            f"cannot be opened for writing ({text}); check the permissions of the file and its folder and the "
            "open-file limit (ulimit -n), or pass --llm-cache OTHER"
        )
    return (
        f"not usable ({text}); check the disk and the file ({_KEEP}), or pass --llm-cache OTHER (LLMConfig.cache_path)"
    )


def _no_descriptors() -> bool:
    """Whether this process cannot open one more file (EMFILE/ENFILE)."""
    import errno

    try:
        os.close(os.open(os.devnull, os.O_RDONLY))
    except OSError as e:
        return e.errno in (errno.EMFILE, errno.ENFILE)
    return False
