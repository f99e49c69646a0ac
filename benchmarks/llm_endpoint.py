"""A lean OpenAI-compatible endpoint for the client benchmark: one asyncio loop, a fixed latency per call.

``tests/fake_openai_server.py`` (a thread per connection, ``http.server``'s parsing) is the tests' server: it can
script failures and count requests, but at 64 connections its own CPU and GIL hand-offs add milliseconds to every
call, so even the cheapest client stays near 0.87-0.92 of the ideal against it (``benchmarks/llm_client.md``). This
one answers like it (``echo:`` plus the last user message, the same JSON shape and usage) with only the work a
request needs, so a benchmark against it measures the client. Run as ``bench_llm.py`` does::

    python benchmarks/llm_endpoint.py --latency 0.05       # prints "PORT <n>", serves until stdin closes
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys


def reply(body: bytes, usage: tuple[int, int] = (10, 2)) -> bytes:
    """The chat completion answering ``body`` (the tests' server's default answer)."""
    request = json.loads(body)
    users = [m["content"] for m in request.get("messages", []) if m.get("role") == "user"]
    answer = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "model": request.get("model"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": "echo:" + (users[-1] if users else "")},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)},
    }
    return json.dumps(answer, ensure_ascii=False).encode("utf-8")


async def serve(latency: float, fail_status: int | None) -> None:
    async def connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                length = 0
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                body = await reader.readexactly(length)
                await asyncio.sleep(latency)
                if fail_status:
                    status, data = fail_status, b'{"error": {"message": "scripted failure"}}'
                else:
                    status, data = 200, reply(body)
                writer.write(
                    b"HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                    % (status, len(data), data)
                )
                await writer.drain()
        finally:
            writer.close()

    server = await asyncio.start_server(connection, "127.0.0.1", 0, backlog=256)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # serve until the parent closes our stdin
    server.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--fail-status", type=int, help="answer every request with this HTTP status")
    args = parser.parse_args(argv)
    asyncio.run(serve(args.latency, args.fail_status))


if __name__ == "__main__":
    main()
