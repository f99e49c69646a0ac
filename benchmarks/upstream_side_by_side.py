#!/usr/bin/env python3
"""Print the agreement of ``lctg score`` with upstream's own scripts on seeded generations (one run).

    .venv/bin/python benchmarks/upstream_side_by_side.py [--seed 0] [--source DIR] [--keep DIR]

Both pipelines run against loopback fake LLM servers with identical, prompt-determined answers
(tests/upstream_pipeline.py). Needs ``pandas<2.3``, ``openai>=1.30,<2``, ``tqdm``, ``python-dotenv``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.upstream_pipeline import REQUIRED_BRANCHES, side_by_side  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=0, help="seed of the generations (default 0)")
    p.add_argument(
        "--source",
        type=Path,
        default=Path(os.environ.get("LCTG_SOURCE", ROOT.parent / "shared" / "upstream" / "lctg-bench-v1")),
    )
    p.add_argument("--keep", type=Path, help="work in this (new) folder and keep it, instead of a temporary one")
    p.add_argument("--project-root", type=Path, default=ROOT, help="folder with build_dataset.py (default: this one)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="lctg-side-by-side-") as tmp:
        work = args.keep or Path(tmp)
        start = time.perf_counter()
        run = side_by_side(args.source, work, seed=args.seed, project_root=args.project_root)
        elapsed = time.perf_counter() - start
    print(f"seed {args.seed}: {len(run.items)} generations, both pipelines in {elapsed:.1f} s")
    print(run.agreement.table())
    up, lc = run.cleaner_prompts
    print(f"distinct cleaner prompts: upstream {len(up)}, lctg {len(lc)}, identical sets: {up == lc}")
    up, lc = run.judge_prompts
    print(f"distinct judge prompts: upstream {len(up)}, lctg {len(lc)}, identical sets: {up == lc}")
    up, lc = run.request_params
    print(f"request parameters besides the messages: upstream {sorted(up)}, lctg {sorted(lc)}")
    print("branches: " + ", ".join(f"{b} {run.branches[b]}" for b in REQUIRED_BRANCHES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
