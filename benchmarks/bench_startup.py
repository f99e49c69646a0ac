"""Start-up of ``lctg --help`` against ``lctg score --help`` (its floor): whole processes, paired, in one run.

    .venv/bin/python benchmarks/bench_startup.py [--runs 9]

Each round runs both commands in turn (the order alternating between rounds), after one warm-up of each; prints
each one's median wall time and the median of the per-round ratios against the target (<= 2x), with the load
average before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LCTG = "import sys; from lctg_metrics.cli import main; sys.exit(main())"
COMMANDS = {"lctg --help": ["--help"], "lctg score --help": ["score", "--help"]}
TARGET = 2.0


def _wall(argv: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", LCTG, *argv], env=env, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args(argv)
    before = os.getloadavg()[0]
    for command in COMMANDS.values():
        _wall(command)
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for round_ in range(args.runs):
        for name in list(COMMANDS) if round_ % 2 == 0 else list(reversed(COMMANDS)):
            walls[name].append(_wall(COMMANDS[name]))
    ratios = [a / b for a, b in zip(*walls.values())]
    print(
        f"{args.runs} paired rounds, python {sys.version.split()[0]}, load average {before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after"
    )
    for name, values in walls.items():
        print(f"{name:>20}: median {statistics.median(values):.3f} s (min {min(values):.3f}, max {max(values):.3f})")
    ratio = statistics.median(ratios)
    print(
        f"lctg --help / lctg score --help: {ratio:.2f} (per-round min {min(ratios):.2f}, max {max(ratios):.2f}); "
        f"target <= {TARGET}: {'ok' if ratio <= TARGET else 'ABOVE'}"
    )


if __name__ == "__main__":
    main()
