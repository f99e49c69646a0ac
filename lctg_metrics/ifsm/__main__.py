"""``python -m lctg_metrics.ifsm``: the ``lctg ifsm`` command (same options, same outputs, same exit codes).

    python -m lctg_metrics.ifsm generations.jsonl --reader embedding
    python -m lctg_metrics.ifsm generations.jsonl --reader llm --llm-base-url http://127.0.0.1:8000/v1 --llm-model m
"""

from __future__ import annotations

import sys

from lctg_metrics.cli.ifsm import main

if __name__ == "__main__":
    sys.exit(main())
