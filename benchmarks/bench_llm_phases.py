"""Where a run of the LLM client goes at one concurrency: its phases and the waits inside them, against the floor.

    .venv/bin/python benchmarks/bench_llm_phases.py [--calls 1280] [--concurrency 64] [--repeats 5]

Against the lean loopback endpoint (``llm_endpoint.py``, 50 ms per call), each repeat runs the client (a fresh cache
file) and then the floor client of ``bench_llm.py`` (one keep-alive socket per worker, the bodies built before its
clock starts, no cache), and prints per repeat, wall and CPU (this process, both threads) in ms:

- ``start``: from ``run_chat`` to the first claim (keys, opening the cache file, looking the keys up);
- ``calls``: ``calls.Run.call_all`` (claims, calls, commits);
- ``end``: from the last answer to ``run_chat``'s return (closing connections, the writer and the cache);
- the floor's wall and CPU.

Then the medians over all repeats of the waits measured inside the client: opening the cache file, a claim (on the
event loop), a group commit (in the writer thread), and a worker's wait from handing over its answer to its commit.
At concurrency 64 the calls go in rounds of 64 answers that arrive together, so what the event loop spends per
answer is paid 64 times per round by the last worker served.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_llm  # noqa: E402

from lctg_metrics.llm import cache, cache_writer, calls  # noqa: E402
from lctg_metrics.llm.client import LLMConfig  # noqa: E402

WAITS: dict[str, list[float]] = {}


def _timed(owner: Any, name: str, label: str, is_async: bool = False) -> None:
    """Wrap ``owner.name`` so that each call's wall time is added to ``WAITS[label]``."""
    original: Callable[..., Any] = getattr(owner, name)
    if is_async:

        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                WAITS.setdefault(label, []).append(time.perf_counter() - start)

    else:

        def wrapper(*args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
            start = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                WAITS.setdefault(label, []).append(time.perf_counter() - start)

    setattr(owner, name, wrapper)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1280)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    marks: list[tuple[float, float]] = []
    call_all = calls.Run.call_all

    async def marked(self: Any, todo: list[str], progress: bool | str) -> None:
        marks.append((time.perf_counter(), bench_llm._cpu()))
        try:
            await call_all(self, todo, progress)
        finally:
            marks.append((time.perf_counter(), bench_llm._cpu()))

    calls.Run.call_all = marked  # type: ignore[method-assign]
    _timed(cache.AnswerCache, "__init__", "opening the cache file")
    _timed(cache.AnswerCache, "claim", "a claim (event loop)")
    _timed(cache.AnswerCache, "put_many", "a group commit (writer thread)")
    _timed(cache_writer.CacheWriter, "put", "answer handed over -> committed", is_async=True)

    server = subprocess.Popen(
        [sys.executable, str(bench_llm.SERVERS["lean"]), "--latency", "0.05"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    rows = []
    try:
        line = server.stdout.readline() if server.stdout else ""
        if not line.startswith("PORT "):
            raise SystemExit(f"fake server did not start: {line!r}")
        port = int(line.split()[1])
        base_url = f"http://127.0.0.1:{port}/v1"
        requests = bench_llm.make_requests(args.calls)
        print(
            f"{args.calls} calls at concurrency {args.concurrency}, 50 ms each (ideal "
            f"{args.calls / args.concurrency * 0.05:.2f} s), load average {os.getloadavg()[0]:.2f}\n"
        )
        with tempfile.TemporaryDirectory() as tmp:
            warm = LLMConfig(base_url=base_url, model="fake", concurrency=args.concurrency, cache_path=f"{tmp}/w")
            bench_llm.timed(warm, requests[: args.concurrency])  # imports and first connections out of the way
            WAITS.clear()
            for r in range(args.repeats):
                config = LLMConfig(
                    base_url=base_url, model="fake", concurrency=args.concurrency, cache_path=f"{tmp}/c{r}.sqlite"
                )
                marks.clear()
                start, cpu = time.perf_counter(), bench_llm._cpu()
                bench_llm.timed(config, requests)
                end, cpu_end = time.perf_counter(), bench_llm._cpu()
                (t0, c0), (t1, c1) = marks
                floor_cpu = bench_llm._cpu()
                floor = bench_llm.floor_client(port, requests, args.concurrency)
                floor_cpu = bench_llm._cpu() - floor_cpu
                rows.append((t0 - start, c0 - cpu, t1 - t0, c1 - c0, end - t1, cpu_end - c1, floor, floor_cpu))
    finally:
        server.kill()
    print("| repeat | start wall / CPU | calls wall / CPU | end wall / CPU | client wall | floor wall / CPU |")
    print("|---|---|---|---|---|---|")
    for r, (sw, sc, cw, cc, ew, ec, fw, fc) in enumerate(rows, 1):
        ms = 1000
        print(
            f"| {r} | {sw * ms:.0f} / {sc * ms:.0f} | {cw * ms:.0f} / {cc * ms:.0f} | {ew * ms:.0f} / {ec * ms:.0f} | "
            f"{(sw + cw + ew) * ms:.0f} | {fw * ms:.0f} / {fc * ms:.0f} |"
        )
    client_wall = statistics.median(r[0] + r[2] + r[4] for r in rows)
    floor_wall = statistics.median(r[6] for r in rows)
    per_call = statistics.median((r[1] + r[3] + r[5]) for r in rows) / args.calls * 1000
    floor_call = statistics.median(r[7] for r in rows) / args.calls * 1000
    print(
        f"\nmedian wall: client {client_wall:.3f} s, floor {floor_wall:.3f} s ({client_wall / floor_wall:.2f}x); "
        f"CPU per call: client {per_call:.3f} ms, floor {floor_call:.3f} ms"
    )
    for label, values in WAITS.items():
        values = sorted(values)
        print(
            f"{label}: {len(values) / args.repeats:.0f} per run, median {values[len(values) // 2] * 1000:.2f} ms, "
            f"90th percentile {values[int(len(values) * 0.9)] * 1000:.2f} ms"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
