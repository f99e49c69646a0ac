#!/usr/bin/env python3
"""Build LCTG Bench as a versioned Hugging Face dataset folder (default ./lctg), with the evaluate metric module.

    python build_dataset.py [--source DIR_OR_URL] [-o PATH]

Same as ``lctg build``; the options and the pipeline are in ``lctg_dataset.cli`` (``--help`` lists them). Run by a
Python without the project's dependencies, it says which one is missing and how to install them, in one line.
"""

from __future__ import annotations

# the C module under ``signal``: setting the handler runs no Python code a Ctrl-C could land in (``signal``'s
# wrapper does, and its enums take milliseconds to build)
import _signal  # type: ignore[import-not-found,unused-ignore]
import sys


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl-C while the modules load (before the build's own handling starts): one line, exit 130."""
    import os

    sys.stderr.write("build_dataset.py: interrupted; nothing written\n")
    sys.stderr.flush()
    os._exit(130)


if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _interrupted)  # GUARD: from here on, Ctrl-C is one line

#: The oldest Python the project supports (pyproject ``requires-python``).
MIN_PYTHON = (3, 10)
#: Our own packages: a missing module of theirs is a broken checkout, not a missing dependency.
OURS = ("lctg_metrics", "lctg_dataset")
INSTALL = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python build_dataset.py"


def _missing(error: ModuleNotFoundError) -> str | None:
    """The one-line hint for a dependency that is not installed (None: one of our own modules is missing)."""
    name = (error.name or "").partition(".")[0]
    if not name or name in OURS:
        return None
    return (
        f"build_dataset.py: the package {name!r} is not installed in this Python ({sys.executable}); install "
        f"the project's dependencies first, from this folder: {INSTALL}"
    )


def run(argv: list[str]) -> int | str:
    """The build's exit status, or the one-line message ``sys.exit`` prints to stderr (exit status 1)."""
    if sys.version_info < MIN_PYTHON:
        return (
            f"build_dataset.py: needs Python {'.'.join(map(str, MIN_PYTHON))} or newer, this is "
            f"{sys.version.split()[0]} ({sys.executable})"
        )
    try:
        from lctg_metrics.cli import main

        if _signal.getsignal(_signal.SIGINT) is _interrupted:  # from here the build says what it leaves, and cleans up
            _signal.signal(_signal.SIGINT, _signal.default_int_handler)
        return main(["build", *argv], prog="build_dataset.py")
    except ModuleNotFoundError as e:
        hint = _missing(e)
        if hint is None:
            raise
        return hint


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
