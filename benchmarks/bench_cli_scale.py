#!/usr/bin/env python3
"""`lctg score` on 1,000,000 and 5,000,000 generations: time and peak memory per item, and how they grow.

    .venv/bin/python benchmarks/bench_cli_scale.py [--dataset lctg] [--sizes 1000000 5000000] [--details]

Each generations file cycles through the real dataset's 1,680 prompts with toy generations (lctg sample), the
sample index growing by one per cycle. `lctg score FILE --json --missing fail` (rule cleaner; ``--details`` also writes
the per-item details) runs as a subprocess under ``/usr/bin/time -v``; printed per size: wall time and peak RSS, both
per item, then the ratios of the largest size to the smallest (linear time gives the size ratio; a streamed run's
memory grows far slower: only its counts grow with the number of samples). Without ``--dataset`` the dataset is
built into a temp folder with build_dataset.py. Run it alone: it is meant to own the machine while it measures.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Toy generations per prompt (samples cycle through them): a text repeats only every 201,600 lines, far beyond
#: what the rule cleaner's memos hold (16,384 units each), so they meet repeated sentences as in
#: bench_throughput.py, not repeated texts (with 3 variants a 1M run took a fifth of the time).
VARIANTS = 120


def write_generations(rows: list[dict], n: int, path: Path) -> None:
    """``n`` lines: line i is prompt i mod 1680, sample i div 1680, one of a few toy generations of that prompt."""
    from lctg_metrics.sample import generate

    lines = [
        [
            json.dumps({"id": r["id"], "sample": 0, "generation": generate(r, v)}, ensure_ascii=False)
            for v in range(VARIANTS)
        ]
        for r in rows
    ]
    marker = '"sample": 0,'
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            sample, k = divmod(i, len(rows))
            f.write(lines[k][sample % VARIANTS].replace(marker, f'"sample": {sample},', 1) + "\n")


def measure(argv: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS in bytes of one run of ``argv`` (under /usr/bin/time -v)."""
    t0 = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-v", *argv], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(argv)}\n{proc.stderr[-3000:]}")
    peak_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr).group(1))
    return wall, peak_kb * 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", help="a built dataset folder (default: build one into a temp folder)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[1_000_000, 5_000_000])
    ap.add_argument("--details", action="store_true", help="also write --details (the per-item lines)")
    ap.add_argument(
        "--lctg",
        default=str(Path(sys.executable).parent / "lctg"),
        help="the lctg command to run (split like a shell line, e.g. to time another checkout)",
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="lctg_scale_") as tmp:
        work = Path(tmp)
        dataset = args.dataset
        if dataset is None:
            dataset = str(work / "lctg")
            subprocess.run(
                [sys.executable, str(ROOT / "build_dataset.py"), "--out", dataset],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        from lctg_metrics.inputs.folder import read_rows

        rows = read_rows(dataset)
        results = []
        for n in args.sizes:
            gens = work / f"g{n}.jsonl"
            write_generations(rows, n, gens)
            argv = [
                *shlex.split(args.lctg),
                "score",
                str(gens),
                "--dataset",
                dataset,
                "--json",
                str(work / "r.json"),
                "--no-progress",
                "--missing",
                "fail",
            ]  # the last cycle of prompts is not complete
            if args.details:
                argv += ["--details", str(work / "d.jsonl")]
            wall, peak = measure(argv)
            gens.unlink()
            (work / "d.jsonl").unlink(missing_ok=True)
            results.append((n, wall, peak))
            print(
                f"{n:>10,} generations: {wall:8.1f} s ({wall / n * 1e6:6.1f} µs/item), peak RSS "
                f"{peak / 2**20:8.1f} MiB ({peak / n:7.1f} B/item)",
                flush=True,
            )
    (n0, w0, p0), (n1, w1, p1) = results[0], results[-1]
    print(
        f"{n1:,} / {n0:,} = {n1 / n0:.1f}x items: time {w1 / w0:.2f}x, peak RSS {p1 / p0:.2f}x "
        f"(per item: time {(w1 / n1) / (w0 / n0):.2f}x, memory {(p1 / n1) / (p0 / n0):.2f}x)"
    )
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus")


if __name__ == "__main__":
    main()
