"""What every command says about the files it wrote: one ``wrote PATH`` line on stderr per file (standard output
keeps the results, so that it can be piped), after the set is in place."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from lctg_metrics.outputs.targets import is_stdout


def say_wrote(paths: Iterable[Any], detail: str = "") -> None:
    """``wrote PATH`` (with `` (detail)`` on the first line) on stderr for every path but standard output (``-``)."""
    for k, path in enumerate(p for p in paths if p is not None and not is_stdout(p)):
        print(f"wrote {path}" + (f" ({detail})" if detail and k == 0 else ""), file=sys.stderr)
