#!/usr/bin/env python3
"""Sharded scoring against plain in-process scoring of the same generations, paired and interleaved.

    .venv/bin/python benchmarks/bench_parallel.py --dataset lctg [--items 200000] [--rounds 3] [--cleaner rule]

Paths (each produces the same counts, checked before timing):

- ``in-process``: ``ShardScorer(refs).counts`` over all items at once (the floor: no sharding at all);
- ``Dataset.map, num_proc=1`` and ``num_proc=2``: the README recipe (batched, 1,000 rows per batch), then
  ``finalize``;
- ``Ray Data, pandas batches`` (when ``ray`` is installed): ``ray.data.from_items(...).map_batches(scorer,
  batch_format="pandas")`` on a local Ray already started (start-up is reported apart, once).

Items are varied toy generations (``lctg_metrics.sample.generate``: item i is row i mod N, sample i div N). Each
path's median over the rounds is divided by the in-process median: above 1 is slower than not sharding at all.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default=str(ROOT / "lctg"))
    ap.add_argument("--items", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cleaner", default="rule")
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

    import datasets

    from lctg_metrics.api import ShardScorer
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.sample import generate

    datasets.disable_progress_bars()
    rows = read_rows(args.dataset)
    n = len(rows)
    args.items = -(-args.items // n) * n
    batch = {
        "id": [rows[i % n]["id"] for i in range(args.items)],
        "generation": [generate(rows[i % n], i // n) for i in range(args.items)],
        "sample": [i // n for i in range(args.items)],
    }
    scorer = ShardScorer([r["constraint"] for r in rows], cleaner=args.cleaner)
    cache = tempfile.mkdtemp(prefix="lctg-bench-parallel-")
    gens = datasets.Dataset.from_dict(batch)
    expected = scorer.finalize(scorer.counts(batch)).flat()

    def mapped(num_proc: int) -> dict:
        parts = gens.map(
            scorer,
            batched=True,
            batch_size=1000,
            num_proc=num_proc,
            remove_columns=gens.column_names,
            load_from_cache_file=False,
            cache_file_name=os.path.join(cache, f"p{num_proc}-{time.time_ns()}.arrow"),
        )
        return scorer.finalize(parts).flat()

    paths = {
        "in-process": lambda: scorer.finalize(scorer.counts(batch)).flat(),
        "Dataset.map, num_proc=1": lambda: mapped(1),
        "Dataset.map, num_proc=2": lambda: mapped(2),
    }
    try:
        import ray
    except ImportError:
        ray = None
        print("ray is not installed: the Ray path is skipped (pip install ray)")
    if ray is not None:
        t0 = time.perf_counter()
        ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
        context = ray.data.DataContext.get_current()
        context.enable_progress_bars = False
        logging.getLogger("ray.data").setLevel(logging.ERROR)
        records = [
            {"id": i, "generation": g, "sample": s}
            for i, g, s in zip(batch["id"], batch["generation"], batch["sample"])
        ]
        print(f"ray.init: {time.perf_counter() - t0:.1f} s (once, not in the table)")

        def on_ray() -> dict:
            table = ray.data.from_items(records).map_batches(scorer, batch_format="pandas").to_pandas()
            return scorer.finalize(table.to_dict(orient="list")).flat()

        paths["Ray Data, pandas batches"] = on_ray

    for name, run in paths.items():
        assert run() == expected, f"{name} scores differently"
    walls: dict[str, list[float]] = {name: [] for name in paths}
    names = list(paths)
    for r in range(args.rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            gc.collect()
            t0 = time.perf_counter()
            paths[name]()
            walls[name].append(time.perf_counter() - t0)
    med = {name: statistics.median(w) for name, w in walls.items()}
    base = med["in-process"]
    print(f"\n{args.items:,} items, cleaner={args.cleaner}, {os.cpu_count()} cores, median of {args.rounds} rounds\n")
    print("| path | seconds | ÷ in-process |\n|---|---|---|")
    for name in names:
        print(f"| {name} | {med[name]:.2f} | {med[name] / base:.2f}× |")
    if ray is not None:
        ray.shutdown()
    shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
