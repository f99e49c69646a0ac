"""Build LCTG Bench as a versioned Hugging Face dataset (templates, filled conditions, base texts).

``build → write_dataset`` make the folder; :func:`load` reads it back in one call. The package's names are imported
when first used: importing a light module of it (``lctg_dataset.constants``) does not load ``datasets``.
"""

from __future__ import annotations

import importlib
from typing import Any

from lctg_dataset.constants import ASPECTS, DATASET_VERSION, TASKS

#: The package's names that live in a module importing ``datasets``, and that module.
_LAZY = {"build": "lctg_dataset.build", "load": "lctg_dataset.loader", "write_dataset": "lctg_dataset.write"}

__all__ = ["ASPECTS", "DATASET_VERSION", "TASKS", "build", "load", "write_dataset"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
