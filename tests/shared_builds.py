"""Builds that several test modules read and none writes, made once per test process (a module fixture builds
once per module; these cost a whole build each).

Each is keyed by the arguments that make it; the first caller's session temp folder holds it for the session.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.build import build
from lctg_dataset.write import write_dataset

_MADE: dict[tuple[str, str], Path] = {}


def stories_build(source_dir: Path, stories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``build(source, stories=True, stories_source=stories)`` written to a folder, once per process."""
    key = (str(source_dir), str(stories))
    if key not in _MADE:
        out = tmp_path_factory.mktemp("stories_build") / "lctg"
        write_dataset(build(str(source_dir), stories=True, stories_source=stories), out)
        _MADE[key] = out
    return _MADE[key]
