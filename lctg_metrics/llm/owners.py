"""Whether the run that holds an answer-cache claim still runs: not expired (its heartbeat renews it), and on
this host a process that exists and is not stopped (Ctrl-Z, SIGSTOP) or a zombie."""

from __future__ import annotations

import os


def alive(pid: int, host: str, expires: float, *, here: str, now: float) -> bool:
    """Whether a claim still binds: not expired, and its process is running, not stopped (checked on this host
    only; elsewhere a stopped run's claims expire once its heartbeat stops)."""
    if expires <= now:
        return False
    if host != here:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by another user
        pass
    return not stopped(pid)


def stopped(pid: int) -> bool:
    """Whether a process of this host is stopped (Ctrl-Z, SIGSTOP), traced to a halt, or a zombie (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            state = f.read().rsplit(b")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state in (b"T", b"t", b"Z", b"X")
