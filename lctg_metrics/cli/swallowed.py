"""A Ctrl-C that Python swallowed while a command runs, delivered again.

Python cannot raise KeyboardInterrupt inside a weakref callback: the import machinery's module-lock callbacks are
ones, and a Ctrl-C landing there is printed as "Exception ignored in: …" and lost, so a build went on to the end.
:func:`redelivered` is the ``sys.unraisablehook`` ``main`` sets for its command: it sends the interrupt to the main
thread again, from another thread a moment later, where ``main`` turns it into one line and 130.
"""

from __future__ import annotations

import _thread
from collections.abc import Callable
from typing import Any

#: Whether a Ctrl-C Python swallowed may still be delivered (True while ``main`` runs its command), under a lock.
_OPEN = [False]
_LOCK = _thread.allocate_lock()


def _again() -> None:
    import time  # noqa: PLC0415

    time.sleep(0.01)
    with _LOCK:
        if _OPEN[0]:
            _thread.interrupt_main()


def redelivered(hook: Callable[[Any], object]) -> Callable[[Any], object]:
    """``sys.unraisablehook`` for a running command: a Ctrl-C that lands where Python cannot raise it (a weakref
    callback of the import machinery's module locks prints "Exception ignored in: …" and the build went on to the
    end) is delivered again to the main thread, from another thread a moment later (raised in this hook it would be
    swallowed again), where ``main`` turns it into one line and 130; anything else goes to ``hook``."""
    _OPEN[0] = True

    def swallowed(unraisable: Any) -> object:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
            _thread.start_new_thread(_again, ())
            return None
        return hook(unraisable)

    return swallowed


def settle() -> None:
    """End :func:`redelivered`'s window as ``main`` returns: a Ctrl-C not yet delivered is dropped (the command's
    work is whole), one delivered is raised here, where ``main`` expects it."""
    with _LOCK:
        _OPEN[0] = False


__all__ = ["redelivered", "settle"]
