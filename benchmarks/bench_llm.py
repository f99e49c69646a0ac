"""Throughput of the LLM client against a loopback fake server with a fixed latency per call.

A full LCTG judge pass is 5,040 calls (1,680 prompts x 3 samples). This times that many distinct
synthetic judge requests at concurrency 1, 8, 32 and 64 (each with a fresh temporary cache), then a
re-run that finds everything in the cache, and prints ratios measured in this one run:

    efficiency(c) = (wall(1) / wall(c)) / c      target >= 0.9 up to c = 64
    cached speedup = wall(top) / wall(cached)    target >= 50 (top: the highest level run)

Each level is also run by the floor client (``floor_client``: one keep-alive socket per worker, the same request
bytes, the answer's JSON parsed, nothing else: no cache, keys, retries or deadlines) against the same server, and
each line prints the client's wall against the floor's: what the server and this machine allow at that level.
Levels above 1 are short, so they are repeated (``--repeats``, fresh cache each time) and the median is used.

The server runs in its own process so it does not compete with the client for the GIL: by default the lean
asyncio endpoint (``llm_endpoint.py``); ``--server tests`` uses the tests' threaded server, whose own costs cap
even the floor client near 0.9 at concurrency 64.
``--failing STATUS`` instead times a run against an endpoint that answers every request with STATUS,
with the default LLMConfig (retries, backoff, circuit breaker): how long until the run stops.

    python benchmarks/bench_llm.py            # full run (concurrency 1 alone takes ~4.5 min)
    python benchmarks/bench_llm.py --calls 500
    python benchmarks/bench_llm.py --calls 1280 --concurrency 1,32,64           # the target's run (~2.5 min)
    python benchmarks/bench_llm.py --calls 1280 --concurrency 1,32,64 --httpx   # the httpx transport, to compare
    python benchmarks/bench_llm.py --failing 503
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lctg_metrics.llm import transport
from lctg_metrics.llm.client import LLMConfig, RunStats, run_chat
from lctg_metrics.llm.errors import LLMError

ROOT = Path(__file__).resolve().parent.parent
#: The endpoints: the lean one (``llm_endpoint.py``, the default) and the tests' threaded server (``--server tests``).
SERVERS = {"lean": ROOT / "benchmarks" / "llm_endpoint.py", "tests": ROOT / "tests" / "fake_openai_server.py"}
PROMPTS, SAMPLES = (
    1680,
    3,
)  # 420 records x 4 aspects' worth of prompts in LCTG Bench v1, 3 generations each
#: The cached re-run takes ~0.1 s, so it is repeated and the median reported.
CACHED_REPEATS = 3
#: Calls the floor client makes at concurrency 1 (each call is sequential there: its wall scales with the calls).
FLOOR_AT_1 = 320
#: Client CPU seconds (this process) of the last timed run at each concurrency.
CPU: dict[int, float] = {}
#: Synthetic judge prompt body (~ the size of a real quality-check prompt); not an upstream text.
_FILLER = "これはベンチマーク用の合成テキストです。" * 20


def make_requests(n: int) -> list[tuple[list[dict[str, str]], dict[str, object]]]:
    """``n`` distinct judge-like requests."""
    return [
        (
            [
                {"role": "system", "content": "synthetic system prompt"},
                {
                    "role": "user",
                    "content": f"prompt {i // SAMPLES} sample {i % SAMPLES}\n{_FILLER}",
                },
            ],
            {},
        )
        for i in range(n)
    ]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(config: LLMConfig, requests: list) -> tuple[float, RunStats]:
    gc.collect()  # start each measurement from the same heap, as timeit does
    start, cpu = time.perf_counter(), _cpu()
    results = run_chat(config, requests, progress=False)
    wall = time.perf_counter() - start
    CPU[config.concurrency] = _cpu() - cpu
    failed = [r.error for r in results if not r.ok]
    if failed:
        raise SystemExit(f"{len(failed)} calls failed, e.g. {failed[0]}")
    return wall, results.stats


async def _floor_worker(port: int, head: bytes, bodies: list[bytes]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while bodies:
            body = bodies.pop()
            writer.write(head + b"Content-Length: %d\r\n\r\n" % len(body) + body)
            await writer.drain()
            answer = await reader.readuntil(b"\r\n\r\n")
            lines = answer.lower().split(b"\r\n")
            length = next(int(line[15:]) for line in lines if line.startswith(b"content-length:"))
            json.loads(await reader.readexactly(length))["choices"][0]["message"]["content"]
    finally:
        writer.close()


def floor_client(port: int, requests: list, concurrency: int) -> float:
    """Wall seconds of the cheapest client: ``concurrency`` keep-alive sockets sending the same bodies."""
    head = b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    bodies = [
        json.dumps({"model": "fake", "messages": m, **p}, ensure_ascii=False).encode("utf-8") for m, p in requests
    ][::-1]

    async def run() -> None:
        await asyncio.gather(*(_floor_worker(port, head, bodies) for _ in range(min(concurrency, len(bodies)))))

    gc.collect()
    start = time.perf_counter()
    asyncio.run(run())
    return time.perf_counter() - start


def time_failing_run(base_url: str, requests: list, status: int) -> None:
    """Wall time until a default-configured run against an always-failing endpoint stops, and how."""
    with tempfile.TemporaryDirectory() as tmp:
        config = LLMConfig(base_url=base_url, model="fake", cache_path=str(Path(tmp) / "cache.sqlite"))
        start = time.perf_counter()
        try:
            results = run_chat(config, requests, progress=False)
            outcome = f"returned with {results.stats.errors} errors"
        except LLMError as exc:
            outcome = f"{type(exc).__name__}: {exc}"
        wall = time.perf_counter() - start
    print(f"{len(requests)} calls against an endpoint answering HTTP {status} to everything, default settings")
    print(f"stopped after {wall:.1f} s: {outcome}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--calls",
        type=int,
        default=PROMPTS * SAMPLES,
        help="number of distinct calls (default 5040)",
    )
    parser.add_argument("--latency", type=float, default=0.05, help="server latency per call in seconds")
    parser.add_argument("--concurrency", default="1,8,32,64", help="comma-separated concurrency levels")
    parser.add_argument(
        "--server", choices=sorted(SERVERS), default="lean", help="the endpoint: lean asyncio (default) or the tests'"
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per level above 1 (the median is used)")
    parser.add_argument(
        "--httpx", action="store_true", help="send every call through httpx (no plain HTTP/1.1 path), to compare"
    )
    parser.add_argument(
        "--failing", type=int, metavar="STATUS", help="time a run against an endpoint that always answers STATUS"
    )
    args = parser.parse_args(argv)
    levels = [int(c) for c in args.concurrency.split(",")]
    transport.PLAIN_HTTP = not args.httpx
    requests = make_requests(args.calls)
    fail = ["--fail-status", str(args.failing)] if args.failing else []

    server = subprocess.Popen(
        [sys.executable, str(SERVERS[args.server]), "--latency", str(args.latency), *fail],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline() if server.stdout else ""
        if not line.startswith("PORT "):
            raise SystemExit(f"fake server did not start: {line!r}")
        base_url = f"http://127.0.0.1:{int(line.split()[1])}/v1"
        if args.failing:
            return time_failing_run(base_url, requests, args.failing)
        print(
            f"{args.calls} distinct calls, server latency {args.latency * 1000:.0f} ms, "
            f"python {sys.version.split()[0]}, "
            f"{'httpx for every call' if args.httpx else 'plain HTTP/1.1 path'}, {args.server} server, load average "
            f"{os.getloadavg()[0]:.2f}"
        )
        walls: dict[int, float] = {}
        floors: dict[int, float] = {}
        port = int(line.split()[1])
        with tempfile.TemporaryDirectory() as tmp:
            for c in levels:
                repeats = 1 if c == 1 else args.repeats
                runs, floor_runs = [], []
                for r in range(repeats):  # the client and the floor interleaved, so both see the same load
                    config = LLMConfig(
                        base_url=base_url,
                        model="fake",
                        concurrency=c,
                        timeout=10.0,
                        cache_path=str(Path(tmp) / f"cache_c{c}_{r}.sqlite"),
                    )
                    wall, stats = timed(config, requests)
                    assert stats.calls_made == args.calls and stats.cache_hits == 0, stats
                    runs.append(wall)
                    if c == 1:  # sequential calls: the floor's per-call time from a part of them
                        part = requests[:FLOOR_AT_1]
                        floor_runs.append(floor_client(port, part, 1) * args.calls / len(part))
                    else:
                        floor_runs.append(floor_client(port, requests, c))
                walls[c], floors[c] = statistics.median(runs), statistics.median(floor_runs)
                shown = "" if repeats == 1 else f", median of {', '.join(f'{w:.2f}' for w in runs)}"
                print(
                    f"concurrency {c:>3}: {walls[c]:8.2f} s  ({args.calls / walls[c]:7.1f} calls/s, "
                    f"{stats.retries} retries, client CPU {1000 * CPU[c] / args.calls:.3f} ms/call, "
                    f"ideal {args.calls * args.latency / c:.2f} s, floor client {floors[c]:.2f} s{shown})"
                )
            top = max(levels)
            cached_config = LLMConfig(
                base_url=base_url,
                model="fake",
                concurrency=top,
                cache_path=str(Path(tmp) / f"cache_c{top}_0.sqlite"),
            )
            reruns = []
            for _ in range(CACHED_REPEATS):
                wall, stats = timed(cached_config, requests)
                assert stats.calls_made == 0 and stats.cache_hits == args.calls, stats
                reruns.append(wall)
            cached_wall = statistics.median(reruns)
            shown = ", ".join(f"{w:.3f}" for w in reruns)
            print(f"cached re-run:   {cached_wall:8.3f} s  (median of {shown}; {stats.cache_hits} cache hits, 0 calls)")
        base = min(levels)
        print(f"\nefficiency = (wall(c={base}) / wall(c)) / (c / {base}); the floor client's own efficiency beside it")
        for c in levels:
            speedup = walls[base] / walls[c]
            ratio = speedup / (c / base)
            floor_ratio = floors[base] / floors[c] / (c / base)
            verdict = "ok" if ratio >= 0.9 else "BELOW TARGET"
            print(
                f"speedup c={c:<3} vs c={base}: {speedup:6.2f}x   / {c // base:<3} = {ratio:.2f}  "
                f"(target >= 0.90: {verdict});  floor client {floor_ratio:.2f}, "
                f"client wall / floor wall {walls[c] / floors[c]:.2f}x"
            )
        cached = walls[top] / cached_wall
        print(f"cached re-run vs c={top}: {cached:8.1f}x  (target >= 50: {'ok' if cached >= 50 else 'BELOW TARGET'})")
        print(f"cached re-run vs c={base}: {walls[base] / cached_wall:8.1f}x")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        if server.stdin:
            server.stdin.close()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
