#!/usr/bin/env python3
"""Scoring throughput and memory on the full benchmark (1,680 prompts × 3 samples of toy generations).

    .venv/bin/python benchmarks/bench_scoring.py [--dataset lctg]

Prints wall time and peak traced memory per path, and ratios measured in this one run:
rule cleaner vs no cleaner, evaluate.compute vs the plain API, CLI end to end vs the plain API.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path


def timed(fn):
    """Wall time of one untraced run, then the peak traced memory of a second run (tracing slows code down)."""
    t0 = time.perf_counter()
    out = fn()
    wall = time.perf_counter() - t0
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return out, wall, peak


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="lctg")
    args = ap.parse_args()
    from lctg_metrics.api import score_predictions
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.sample import sample_generations

    rows = read_rows(args.dataset)
    gens = sample_generations(rows, samples=3)
    by_id = {r["id"]: r["constraint"] for r in rows}
    preds = [g["generation"] for g in gens]
    refs = [by_id[g["id"]] for g in gens]
    samples = [g["sample"] for g in gens]
    print(f"{len(preds)} generations ({len(rows)} prompts × 3 samples)")

    results = {}
    for name, cleaner in (("plain API, cleaner=none", "none"), ("plain API, cleaner=rule", "rule")):
        _, wall, peak = timed(lambda c=cleaner: score_predictions(preds, refs, samples=samples, cleaner=c))
        results[name] = wall
        print(f"{name:<28} {wall:7.3f} s  {len(preds) / wall:9.0f} gen/s  peak {peak / 2**20:6.1f} MiB")

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import evaluate

    metric = evaluate.load(str(Path(__file__).resolve().parent.parent / "lctg_ctg"))
    _, wall, peak = timed(lambda: metric.compute(predictions=preds, references=refs, samples=samples, cleaner="rule"))
    results["evaluate.compute, rule"] = wall
    print(f"{'evaluate.compute, rule':<28} {wall:7.3f} s  {len(preds) / wall:9.0f} gen/s  peak {peak / 2**20:6.1f} MiB")

    with tempfile.TemporaryDirectory() as tmp:
        import json

        path = Path(tmp) / "g.jsonl"
        path.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in gens), encoding="utf-8")
        exe = Path(sys.executable).parent / "lctg"
        t0 = time.perf_counter()
        subprocess.run(
            [
                str(exe),
                "score",
                str(path),
                "--dataset",
                args.dataset,
                "--no-progress",
                "--details",
                str(Path(tmp) / "d.jsonl"),
            ],
            check=True,
            capture_output=True,
        )
        results["CLI end to end (process)"] = time.perf_counter() - t0
        print(
            f"{'CLI end to end (process)':<28} {results['CLI end to end (process)']:7.3f} s  "
            "(includes interpreter start and imports)"
        )

    base = results["plain API, cleaner=rule"]
    print(f"ratio rule/none cleaner:          {base / results['plain API, cleaner=none']:.2f}×")
    print(f"ratio evaluate.compute/plain API: {results['evaluate.compute, rule'] / base:.2f}×")
    print(f"ratio CLI process/plain API:      {results['CLI end to end (process)'] / base:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
