#!/usr/bin/env python3
"""Build LCTG Bench as a versioned Hugging Face dataset folder (default ./lctg), with the evaluate metric module.

    python build_dataset.py [--source DIR_OR_URL] [--out PATH]

The options and the pipeline are in ``lctg_dataset.cli``; ``python build_dataset.py --help`` lists them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lctg_dataset.cli import main
from lctg_dataset.errors import BuildError
from lctg_dataset.layout import METRIC_MODULE_DIR

#: The evaluate metric module's files, kept in the repository's ``lctg_ctg/`` folder.
METRIC_MODULE_FILES = ("lctg_ctg.py", "README.md")


def metric_module_files(root: Path = Path(__file__).resolve().parent / "lctg_ctg") -> dict[str, bytes]:
    """The metric module's files as they go into a built folder (``lctg_ctg/<name>`` → bytes)."""
    missing = [name for name in METRIC_MODULE_FILES if not (root / name).is_file()]
    if missing:
        raise BuildError(f"metric module file {root / missing[0]} not found; run build_dataset.py from the repository")
    return {f"{METRIC_MODULE_DIR}/{name}": (root / name).read_bytes() for name in METRIC_MODULE_FILES}


def run(argv: list[str] | None = None) -> int:
    """``build_dataset.py ARGS``: the dataset CLI with the metric module added to the folder."""
    try:
        files = metric_module_files()
    except BuildError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return main(argv, extra_files=files)


if __name__ == "__main__":
    sys.exit(run())
