"""Reading JSONL with errors that name the file and line (shared by the build, the scorer and the tools)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any


def read_jsonl(
    path: str | os.PathLike[str], *, error: type[Exception] = ValueError
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for every non-blank line; a line that is not a JSON object raises ``error``
    naming ``path:line``."""
    with open(path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                raise error(f"{path}:{line_no}: invalid JSON ({e.msg} at column {e.colno})") from None
            if not isinstance(obj, dict):
                raise error(f"{path}:{line_no}: expected a JSON object, got {type(obj).__name__}")
            yield line_no, obj
