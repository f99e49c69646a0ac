#!/usr/bin/env python3
"""Build LCTG Bench as a versioned Hugging Face dataset folder (default ./lctg).

    python build_dataset.py [--source DIR_OR_URL] [--out PATH]

See ``lctg_dataset.build`` for the pipeline; ``python build_dataset.py --help`` for options.
"""

import sys

from lctg_dataset.build import main

if __name__ == "__main__":
    sys.exit(main())
