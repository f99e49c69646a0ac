"""Ctrl-C while a command is still loading its modules: one line and exit 130, as once it runs.

:func:`lctg_metrics.cli.main` turns Ctrl-C into one line from its first statement; the imports before it (tens to
hundreds of milliseconds on a busy machine) would otherwise end in a KeyboardInterrupt traceback. :func:`guard`
installs a handler for that window, in a command's own process only (the main thread, Python's default handler,
not an interactive session): importing this module does it, as the first import of ``lctg_metrics.cli``, whose
last line calls :func:`release` to put the default back before ``main`` runs. Nothing has been written yet while
modules load, so the line says so.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any


def _interrupted(signum: int, frame: Any) -> None:
    command = [a for a in sys.argv[1:2] if a[:1].isalpha() and a.replace("-", "").isalpha() and a.islower()]
    try:
        sys.stderr.write(f"{' '.join(['lctg', *command])}: interrupted; nothing written\n")
        sys.stderr.flush()
    finally:
        os._exit(130)


def guard() -> Any:
    """Install the quiet handler for the imports that follow; the handler to restore (None: nothing installed)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or hasattr(sys, "ps1")
        or "IPython" in sys.modules
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        return None
    return signal.signal(signal.SIGINT, _interrupted)


def release(previous: Any = None) -> None:
    """Put back the handler :func:`guard` replaced (Ctrl-C is then a KeyboardInterrupt that ``main`` catches)."""
    previous = previous if previous is not None else LOADING
    if previous is not None and signal.getsignal(signal.SIGINT) is _interrupted:
        signal.signal(signal.SIGINT, previous)


#: The handler replaced while ``lctg_metrics.cli`` loads (None where :func:`guard` left Ctrl-C alone).
LOADING = guard()
