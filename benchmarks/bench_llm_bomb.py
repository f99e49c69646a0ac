"""Memory of one LLM call against a decompression bomb: a loopback server answers with ~1 MB of gzip that inflates
to 1 GiB; the client (default config, max_response_bytes 8 MiB) must refuse it holding a few MB.

    python benchmarks/bench_llm_bomb.py [--inflated-mib 1024]

Prints the compressed size, the call's outcome, the peak Python allocation during the call (tracemalloc) and the
process's peak resident memory before and after the call (ru_maxrss).
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import threading
import time
import tracemalloc
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lctg_metrics.llm.client import LLMConfig, run_chat  # noqa: E402


def bomb(inflated: int) -> bytes:
    c, out, block = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS), [], bytes(1 << 20)
    for _ in range(inflated // len(block)):
        out.append(c.compress(block))
    out.append(c.flush())
    return b"".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inflated-mib", type=int, default=1024)
    args = parser.parse_args()
    body = bomb(args.inflated_mib << 20)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:
                pass

        def log_message(self, *a: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as tmp:
        config = LLMConfig(
            base_url=f"http://127.0.0.1:{server.server_address[1]}/v1",
            model="m",
            api_key_env="LCTG_BENCH_NO_KEY",
            max_retries=0,
            cache_path=f"{tmp}/c.sqlite",
        )
        rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        tracemalloc.start()
        start = time.perf_counter()
        (result,) = run_chat(config, [([{"role": "user", "content": "x"}], {})], progress=False)
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    server.shutdown()
    print(
        f"bomb: {len(body) / 2**20:.2f} MiB gzip inflating to {args.inflated_mib} MiB; limit "
        f"{config.max_response_bytes / 2**20:.0f} MiB"
    )
    print(f"outcome: {'answer' if result.ok else 'refused: ' + result.error}")
    print(
        f"call: {seconds:.2f} s; peak Python allocation during the call {peak / 2**20:.1f} MiB; "
        f"peak RSS {rss_before / 1024:.0f} MiB before the call, {rss_after / 1024:.0f} MiB after "
        f"(+{(rss_after - rss_before) / 1024:.0f} MiB)"
    )


if __name__ == "__main__":
    main()
