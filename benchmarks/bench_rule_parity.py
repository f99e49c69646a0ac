#!/usr/bin/env python3
"""The rule cleaner against rule@1.2 as released (tests/frozen_rule_1_2) on 1,000,000 varied toy generations.

    .venv/bin/python benchmarks/bench_rule_parity.py --dataset DIR [--items 1000000]

Item i is ``lctg_metrics.sample.generate(row i mod 1680, sample i div 1680)``: every item has its own seed, so
lengths, keywords, preambles and closings vary. Prints how many items differ (cleaned text or recorded cuts;
must be 0), how many were changed by the cleaner, and the time of each cleaner over the same items.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", required=True, help="a built dataset folder (build_dataset.py -o DIR)")
    ap.add_argument("--items", type=int, default=1_000_000)
    args = ap.parse_args()

    from lctg_metrics.cleaners.rule import clean, explain
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.sample import generate
    from tests import frozen_rule_1_2 as frozen

    rows = read_rows(args.dataset)
    n = len(rows)
    t_new = t_old = 0.0
    differ = changed = 0
    chunk = 20_000
    for start in range(0, args.items, chunk):
        items = [
            (generate(rows[i % n], i // n), rows[i % n]["task"]) for i in range(start, min(args.items, start + chunk))
        ]
        t0 = time.perf_counter()
        new = [clean(t, task) for t, task in items]
        t1 = time.perf_counter()
        old = [frozen.clean(t, task) for t, task in items]
        t2 = time.perf_counter()
        t_new += t1 - t0
        t_old += t2 - t1
        for (text, task), a, b in zip(items, new, old):
            changed += b != text
            if a != b or (
                [(r.side, r.rule, r.text) for r in explain(text, task)]
                != [(r.side, r.rule, r.text) for r in frozen.explain(text, task)]
            ):
                differ += 1
                if differ <= 5:
                    print(f"DIFFERS ({task}): {text!r}\n  new: {a!r}\n  old: {b!r}")
    print(f"{args.items:,} items: {differ} differ from rule@1.2 as released; {changed:,} changed by the cleaner")
    print(
        f"time: new {t_new:.1f} s ({t_new / args.items * 1e6:.1f} µs/item), released {t_old:.1f} s "
        f"({t_old / args.items * 1e6:.1f} µs/item), {t_old / t_new:.1f}x"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
