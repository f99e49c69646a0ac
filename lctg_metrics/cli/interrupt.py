"""Ctrl-C while a command is still loading its modules: one line and exit 130, as once it runs.

:func:`lctg_metrics.cli.main` turns Ctrl-C into one line from its first statement; the imports before it (tens to
hundreds of milliseconds on a busy machine) would otherwise end in a KeyboardInterrupt traceback. :func:`guard`
installs a handler for that window (in the main thread, over Python's default handler, not in an interactive
session): importing this module does it, as the first import of ``lctg_metrics.cli`` (a few lines: the parser is in
``cli.entry``, imported after the guard, so that compiling it without a bytecode cache is no window). A program
that imports the CLI has Python's handler back when the import returns (the package's last line); the console
script keeps the guard until ``main`` puts it back inside its ``try``. Nothing has been written yet while modules
load, so the line says so.
"""

from __future__ import annotations

# the C module under ``signal``: ``signal`` itself builds its enums at import (milliseconds, a window of their own)
import _signal  # type: ignore[import-not-found,unused-ignore]
import os
import sys


def _interrupted(signum: int, frame: object) -> None:
    command = [a for a in sys.argv[1:2] if a[:1].isalpha() and a.replace("-", "").isalpha() and a.islower()]
    try:
        sys.stderr.write(f"{' '.join(['lctg', *command])}: interrupted; nothing written\n")
        sys.stderr.flush()
    finally:
        os._exit(130)


def guard() -> object:
    """Install the quiet handler for the imports that follow; the handler to restore (None: nothing installed)."""
    interactive = hasattr(sys, "ps1") or "IPython" in sys.modules
    if interactive or _signal.getsignal(_signal.SIGINT) is not _signal.default_int_handler:
        return None
    try:  # only the main thread may set a handler (threading is not imported: it would load before the guard)
        return _signal.signal(_signal.SIGINT, _interrupted)
    except ValueError:
        return None


def release(previous: object = None) -> None:
    """Put back the handler :func:`guard` replaced (Ctrl-C is then a KeyboardInterrupt that ``main`` catches)."""
    previous = previous if previous is not None else LOADING
    if previous is not None and _signal.getsignal(_signal.SIGINT) is _interrupted:
        _signal.signal(_signal.SIGINT, previous)


def console_script() -> bool:
    """Whether this process is the ``lctg`` console script, whose ``__main__`` imports the CLI only to call ``main``
    at once: then ``main`` puts the default handler back inside its own ``try`` (a Ctrl-C between the end of the
    imports and that ``try`` would otherwise be a traceback), not the package's last line."""
    path = getattr(sys.modules.get("__main__"), "__file__", None) or ""
    return os.path.basename(path) in ("lctg", "lctg.exe", "lctg-script.py")


#: The handler replaced while ``lctg_metrics.cli`` loads (None where :func:`guard` left Ctrl-C alone).
LOADING = guard()
