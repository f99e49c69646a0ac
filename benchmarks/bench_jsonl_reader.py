"""Speed of the JSONL generations reader (lctg_metrics.inputs.generations.read_generations) on 1M lines.

    python benchmarks/bench_jsonl_reader.py [--lines 1000000]

Writes a temp file of ``--lines`` generation lines (id, sample, a Japanese generation; every 20th line carries an
ASCII colon in its text, which takes the exact duplicate-key re-check) and prints seconds per read (best of 3) and
lines per second; with --compare, also the time of plain ``json.loads`` per line with ``object_pairs_hook`` (the
reader's former duplicate-key check) and without any check, and the ratios.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lctg_metrics.inputs.generations import read_generations  # noqa: E402


def _hook(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(k)
        out[k] = v
    return out


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.jsonl"
        with open(path, "w", encoding="utf-8") as f:
            for i in range(args.lines):
                text = "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。" + (
                    "時刻: 9:00" if i % 20 == 0 else ""
                )
                f.write(
                    json.dumps(
                        {"id": f"summary/{i % 480}/format", "sample": i // 480, "generation": text}, ensure_ascii=False
                    )
                    + "\n"
                )
        reader = best(lambda: read_generations(path))
        print(f"read_generations: {reader:.2f} s for {args.lines} lines ({args.lines / reader:,.0f} lines/s)")
        if args.compare:
            lines = path.read_text(encoding="utf-8").splitlines()
            hook = best(lambda: [json.loads(x, object_pairs_hook=_hook) for x in lines])
            plain = best(lambda: [json.loads(x) for x in lines])
            print(
                f"json.loads per line: with object_pairs_hook {hook:.2f} s, plain {plain:.2f} s "
                f"(hook / plain = {hook / plain:.2f})"
            )


if __name__ == "__main__":
    main()
