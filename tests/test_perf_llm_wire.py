"""The client's plain HTTP/1.1 path (``lctg_metrics.llm.wire``): what servers send that the fake server does not
(chunked and gzip bodies, HTTP/1.0 bodies that run to the end of the connection, a kept-alive connection the server
closes while idle), read the same as httpx reads them; and which endpoints take the path."""

from __future__ import annotations

import asyncio
import gzip
import json

import pytest

pytest.importorskip("httpx")

from lctg_metrics.llm import transport  # noqa: E402
from lctg_metrics.llm.config import LLMConfig  # noqa: E402
from lctg_metrics.llm.transport import Connection  # noqa: E402

ANSWER = json.dumps(
    {
        "choices": [{"message": {"content": "はい、できます"}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 3, "completion_tokens": 2},
    }
).encode()


def _chunked(data: bytes, size: int = 7) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(data[i : i + size]), data[i : i + size]) for i in range(0, len(data), size)]
    return b"".join(parts) + b"0\r\nX-Trailer: 1\r\n\r\n"


RESPONSES = {
    "length": b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
    % (len(ANSWER), ANSWER),
    "chunked-gzip": (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + _chunked(gzip.compress(ANSWER))
    ),
    "http10": b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n" + ANSWER,
    "interim": (
        b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: %d\r\nX-A: 1\r\nx-a: 2\r\n\r\n%s"
        % (len(ANSWER), ANSWER)
    ),
}


async def _serve(kind: str, close_after_each: bool, seen: list[bytes]):
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                break
            length = int(
                next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
            )
            seen.append(head + await reader.readexactly(length))
            writer.write(RESPONSES[kind])
            await writer.drain()
            if close_after_each or kind == "http10":
                break
        writer.close()

    return await asyncio.start_server(handle, "127.0.0.1", 0)


def _post_twice(kind: str, close_after_each: bool = False, plain: bool = True) -> tuple[list, list[bytes], object]:
    seen: list[bytes] = []

    async def main() -> tuple[list, object]:
        server = await _serve(kind, close_after_each, seen)
        port = server.sockets[0].getsockname()[1]
        transport.PLAIN_HTTP = plain
        try:
            conn = Connection(LLMConfig(base_url=f"http://127.0.0.1:{port}/v1", model="m"), "sk-test")
        finally:
            transport.PLAIN_HTTP = True
        out = []
        for _ in range(2):
            out.append(await conn.post(b'{"model": "m"}'))
            await asyncio.sleep(0.05)  # the server closes (when it does) while the connection is idle
        await conn.aclose()
        server.close()
        return out, conn.plain

    out, used = asyncio.run(main())
    return out, seen, used


@pytest.mark.parametrize("kind", sorted(RESPONSES))
def test_bodies_read_like_httpx(kind: str) -> None:
    plain, seen, used = _post_twice(kind)
    via_httpx, _, none = _post_twice(kind, plain=False)
    assert used is not None and none is None
    for (status, headers, content), (h_status, h_headers, h_content) in zip(plain, via_httpx):
        assert (status, content) == (h_status, h_content) == (200, ANSWER)
        assert headers.get("content-type") == h_headers.get("content-type")
    if kind == "interim":
        assert plain[0][1]["x-a"] == "1, 2" == via_httpx[0][1].get("x-a")
    request = seen[0].decode()
    assert request.startswith("POST /v1/chat/completions HTTP/1.1\r\n") and "Authorization: Bearer sk-test" in request
    assert request.endswith('\r\n\r\n{"model": "m"}') and "Content-Length: 14\r\n" in request


def test_a_connection_closed_while_idle_is_reopened_once() -> None:
    answers, seen, _ = _post_twice("length", close_after_each=True)
    assert [a[0] for a in answers] == [200, 200] and len(seen) == 2


def test_only_plain_http_without_a_proxy_takes_the_path(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Connection(LLMConfig(base_url="http://127.0.0.1:9/v1", model="m"), None).plain is not None
    assert Connection(LLMConfig(base_url="https://api.example.com/v1", model="m"), None).plain is None
    monkeypatch.setenv("http_proxy", "http://proxy.example:3128")
    monkeypatch.setenv("no_proxy", "")
    assert Connection(LLMConfig(base_url="http://10.1.2.3:8000/v1", model="m"), None).plain is None


def test_a_refused_connection_is_httpx_s_connect_error() -> None:
    import httpx

    async def main() -> None:
        conn = Connection(LLMConfig(base_url="http://127.0.0.1:9/v1", model="m"), None)
        with pytest.raises(httpx.ConnectError):
            await conn.post(b"{}")

    asyncio.run(main())
