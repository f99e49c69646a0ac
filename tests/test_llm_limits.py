"""Replies the client bounds and names: a body past ``max_response_bytes`` (plain, declared, or a gzip bomb that
must never inflate in memory), redirects named with their Location, an encoding it cannot decode, and a slow
endpoint that gets a warning line. A loopback server serves each reply; every request loop is bounded."""

from __future__ import annotations

import gzip
import json
import logging
import threading
import time
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.llm.client import LLMConfig, run_chat
from lctg_metrics.llm.errors import LLMEndpointError

Reply = Callable[[BaseHTTPRequestHandler], None]
MSGS = [{"role": "user", "content": "要約して"}]


def answer_body(text: str) -> bytes:
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}]}, ensure_ascii=False).encode()


def gzip_bomb(inflated: int) -> bytes:
    """A gzip stream of ``inflated`` zero bytes (about 1000 times smaller), made without holding them."""
    c, out, block = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS), [], bytes(1 << 20)
    for _ in range(inflated // len(block)):
        out.append(c.compress(block))
    out.append(c.flush())
    return b"".join(out)


def send(status: int, body: bytes, **headers: str) -> Reply:
    def reply(h: BaseHTTPRequestHandler) -> None:
        h.send_response(status)
        h.send_header("Content-Type", headers.pop("content_type", "application/json"))
        if "content_length" not in headers:
            h.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            h.send_header(name.replace("_", "-"), value)
        h.end_headers()
        h.wfile.write(body)

    return reply


@pytest.fixture
def endpoint() -> Iterator[Callable[[Reply], tuple[str, list[int]]]]:
    servers: list[ThreadingHTTPServer] = []

    def start(reply: Reply) -> tuple[str, list[int]]:
        seen: list[int] = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                seen.append(1)
                try:
                    reply(self)
                except OSError:  # the client hung up (limit reached, timeout)
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/v1", seen

    yield start
    for s in servers:
        s.shutdown()
        s.server_close()


def config(url: str, tmp_path: Path, **kw: Any) -> LLMConfig:
    values = {
        "base_url": url,
        "model": "m",
        "api_key_env": "LCTG_TEST_NO_KEY",
        "concurrency": 1,
        "max_retries": 1,
        "timeout": 5.0,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
        "cache_path": str(tmp_path / "c.sqlite"),
        "max_response_bytes": 64 * 1024,
    }
    values.update(kw)
    return LLMConfig(**values)


@pytest.mark.parametrize(
    "name, reply, says, calls",
    [
        ("plain body past the limit", send(200, answer_body("長" * 40_000)), "larger than the limit of 65536 bytes", 1),
        ("declared length past the limit", send(200, answer_body("x" * 70_000)), "(Content-Length) is larger", 1),
        ("chunked body past the limit", lambda h: _chunked(h, answer_body("y" * 100_000)), "larger than the limit", 1),
        (
            "gzip bomb",
            send(200, gzip_bomb(64 << 20), Content_Encoding="gzip"),
            "decoded (LLMConfig.max_response_bytes)",
            1,
        ),
        ("encoding it cannot decode", send(200, b"\x00" * 10, Content_Encoding="br"), "content-encoding 'br'", 1),
        ("broken gzip", send(200, b"\x1f\x8b\x08garbage", Content_Encoding="gzip"), "not valid gzip", 2),
        ("empty 4xx body", send(418, b""), "HTTP 418 (empty body)", 1),
    ],
)
def test_bounded_or_named_failures(endpoint, tmp_path, name, reply, says, calls):
    url, seen = endpoint(reply)
    (result,) = run_chat(config(url, tmp_path), [(MSGS, {})], progress=False)
    assert not result.ok and says in result.error, result.error
    assert len(seen) == calls  # a too-large answer is not asked again


def _chunked(h: BaseHTTPRequestHandler, body: bytes) -> None:
    h.send_response(200)
    h.send_header("Content-Type", "application/json")
    h.send_header("Transfer-Encoding", "chunked")
    h.end_headers()
    for i in range(0, len(body), 8192):
        piece = body[i : i + 8192]
        h.wfile.write(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
    h.wfile.write(b"0\r\n\r\n")


@pytest.mark.parametrize(
    "reply",
    [
        send(200, gzip.compress(answer_body("圧縮された答え")), Content_Encoding="gzip"),
        send(200, zlib.compress(answer_body("圧縮された答え")), Content_Encoding="deflate"),
        send(200, answer_body("圧縮された答え")),
    ],
)
def test_compressed_answers_within_the_limit_are_read(endpoint, tmp_path, reply):
    url, _ = endpoint(reply)
    (result,) = run_chat(config(url, tmp_path), [(MSGS, {})], progress=False)
    assert result.text == "圧縮された答え"


@pytest.mark.slow  # 2.7 s: 256 MiB inflated and refused
def test_a_gzip_bomb_never_inflates_in_memory(endpoint, tmp_path):
    """256 MiB of zeros in ~256 KB of gzip, against the default 8 MiB limit: the call holds a few MB at most."""
    url, _ = endpoint(send(200, gzip_bomb(256 << 20), Content_Encoding="gzip"))
    tracemalloc.start()
    try:
        (result,) = run_chat(config(url, tmp_path, max_response_bytes=8 << 20), [(MSGS, {})], progress=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert not result.ok and "larger than the limit of 8388608 bytes decoded" in result.error
    assert peak < 40 << 20, f"peak {peak / 2**20:.1f} MiB"  # the limit plus its join, never the inflated size


@pytest.mark.parametrize(
    "location, shown",
    [
        ("https://api.example.com/v1/chat/completions", "'https://api.example.com/v1/chat/completions'"),
        (None, "(no Location header)"),
    ],
)
def test_a_redirect_stops_the_run_naming_its_location(endpoint, tmp_path, location, shown):
    url, seen = endpoint(send(302, b"", **({"Location": location} if location else {})))
    with pytest.raises(LLMEndpointError) as info:
        run_chat(config(url, tmp_path), [(MSGS, {})], progress=False)
    message = str(info.value)
    assert f"HTTP 302, a redirect to {shown}" in message and "--llm-base-url" in message and "\n" not in message
    assert len(seen) == 1


def test_a_slow_endpoint_gets_a_warning_line(endpoint, tmp_path, caplog):
    def slow(h: BaseHTTPRequestHandler) -> None:
        time.sleep(0.6)
        send(200, answer_body("遅い答え"))(h)

    url, _ = endpoint(slow)
    with caplog.at_level(logging.WARNING, logger="lctg.llm"):
        (result,) = run_chat(config(url, tmp_path, slow_warning=0.2), [(MSGS, {})], progress=False)
    assert result.text == "遅い答え"
    warnings = [r.getMessage() for r in caplog.records if "still no answer after" in r.getMessage()]
    assert len(warnings) == 1 and "each attempt may take up to 5 s, 2 attempts" in warnings[0]


def test_a_fast_endpoint_gets_no_warning(endpoint, tmp_path, caplog):
    url, _ = endpoint(send(200, answer_body("速い")))
    with caplog.at_level(logging.WARNING, logger="lctg.llm"):
        run_chat(config(url, tmp_path, slow_warning=5), [(MSGS, {})], progress=False)
    assert "still no answer" not in caplog.text


@pytest.mark.parametrize(
    "field, value",
    [("max_response_bytes", 10), ("max_response_bytes", 1.5e6), ("retry_after_max", -1), ("slow_warning", 0)],
)
def test_limits_are_checked(field, value):
    with pytest.raises(ValueError, match=f"LLMConfig.{field}"):
        LLMConfig(base_url="http://127.0.0.1:1/v1", model="m", **{field: value})
