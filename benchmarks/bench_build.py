#!/usr/bin/env python3
"""Build time of the faithful dataset, split into imports and the build itself (target: build <= 5 s).

.venv/bin/python benchmarks/bench_build.py [--source DIR] [--derived] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

TARGET_S = 5.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", help="upstream source (default: $LCTG_SOURCE or ../shared/upstream/lctg-bench-v1)")
    ap.add_argument("--derived", action="store_true", help="also build the corrected, variants (K=5) and multi configs")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    t0 = time.perf_counter()
    from lctg_dataset.build import build  # imports datasets, pyarrow, ...
    from lctg_dataset.write import write_dataset

    imports = time.perf_counter() - t0
    extra = {"corrected": True, "variants": 5, "multi": True} if args.derived else {}
    times = []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            t1 = time.perf_counter()
            result = build(args.source, **extra)
            t2 = time.perf_counter()
            write_dataset(result, Path(tmp) / "lctg")
            t3 = time.perf_counter()
            times.append((t2 - t1, t3 - t2, t3 - t1))
    best = min(times, key=lambda t: t[2])
    rows = sum(sum(len(r) for r in c.rows.values()) for c in result.configs)
    print(f"imports                 {imports:6.2f} s (once per process)")
    print(f"build (records→rows)    {best[0]:6.2f} s")
    print(f"write (parquet, card)   {best[1]:6.2f} s")
    print(
        f"build total             {best[2]:6.2f} s  "
        f"({rows} rows over {len(result.configs)} configs; best of {args.repeat})"
    )
    print(f"ratio to target {TARGET_S:.0f} s:      {best[2] / TARGET_S:.2f} (<= 1 meets the target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
