"""The Markdown the dataset card is written in: a table from a header and its rows (used by the card and by the
sections the configs write for it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any


def md_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A Markdown table: the header, its rule, one line per row (each value as ``str`` gives it)."""
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(v) for v in row) + " |" for row in rows]
    return "\n".join(out)
