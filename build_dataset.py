#!/usr/bin/env python3
"""Build LCTG Bench as a versioned Hugging Face dataset folder (default ./lctg), with the evaluate metric module.

    python build_dataset.py [--source DIR_OR_URL] [--out PATH]

Same as ``lctg build``; the options and the pipeline are in ``lctg_dataset.cli`` (``--help`` lists them).
"""

from __future__ import annotations

import sys

from lctg_metrics.cli import main

if __name__ == "__main__":
    sys.exit(main(["build", *sys.argv[1:]], prog="build_dataset.py"))
