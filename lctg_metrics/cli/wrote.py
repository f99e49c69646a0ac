"""What every command says about the files it wrote: one ``wrote PATH`` line on stderr per file (standard output
keeps the results, so that it can be piped), after the set is in place; and the one rule for the human table when a
machine output (``--json -``, ``--details -``) takes standard output: the table goes to stderr, without its legend."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from lctg_metrics.outputs.targets import is_stdout


def say_wrote(paths: Iterable[Any], detail: str = "") -> None:
    """``wrote PATH`` (with `` (detail)`` on the first line) on stderr for every path but standard output (``-``)."""
    for k, path in enumerate(p for p in paths if p is not None and not is_stdout(p)):
        print(f"wrote {path}" + (f" ({detail})" if detail and k == 0 else ""), file=sys.stderr)


def machine_stdout(*paths: Any) -> bool:
    """Whether one of a command's outputs is standard output (then stdout holds that output alone)."""
    return any(is_stdout(p) for p in paths if p is not None)


@contextlib.contextmanager
def human_output(*paths: Any) -> Iterator[bool]:
    """Print the human table inside this: on stderr when one of ``paths`` is standard output, else on stdout. It
    yields whether the legend is printed (not when a machine output takes stdout)."""
    if not machine_stdout(*paths):
        yield True
        return
    with contextlib.redirect_stdout(sys.stderr):
        yield False
