"""HTTP/1.1 over a plain keep-alive socket for the client's hot path: a POST as one write, the answer read with
asyncio's streams.

Used for ``http://`` endpoints reached without a proxy (a local vLLM or llama.cpp server, where a run makes
thousands of small calls); ``https://`` and proxied endpoints go through httpx. Measured in
``benchmarks/llm_client.md``: at concurrency 64 the httpx transport costs ~1.1 ms of client CPU per call, which caps
the run below the endpoint's throughput on a 2-core machine; this path is a few times cheaper.

Errors are httpx's own types (``ConnectError``, ``ConnectTimeout``, ``ReadError``, ``WriteError``,
``RemoteProtocolError``), so the caller's retry policy is the same on both paths; a kept-alive connection the server
closed while idle is reopened once, as httpcore does, before the call counts as failed.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator, Mapping
from typing import Any
from urllib.parse import urlsplit

#: Bytes read per step of a body (read_bounded stops a body past the limit between steps).
STEP = 1 << 16
#: Largest status line plus headers accepted.
MAX_HEAD = 1 << 16


class PlainConnection:
    """One keep-alive HTTP/1.1 connection to ``url`` (``http://``, no proxy); ``post`` has
    :meth:`lctg_metrics.llm.transport.Connection.post`'s contract."""

    def __init__(self, url: str, headers: Mapping[str, str], connect_timeout: float, limit: int, httpx: Any) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "localhost", parts.port or 80
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        netloc = parts.netloc.rpartition("@")[2]
        lines = [f"POST {path} HTTP/1.1", f"Host: {netloc}", *(f"{k}: {v}" for k, v in headers.items())]
        self.head = ("\r\n".join(lines) + "\r\n").encode("latin-1")
        self.connect_timeout, self.limit, self.httpx = connect_timeout, limit, httpx
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self._http10 = False

    def sibling(self) -> PlainConnection:
        """A new, unopened connection with this one's settings."""
        twin = copy.copy(self)
        twin.reader = twin.writer = None
        twin._http10 = False
        return twin

    async def post(self, body: bytes) -> tuple[int, Mapping[str, str], bytes]:
        from lctg_metrics.llm.body import read_bounded

        request = self.head + b"Content-Length: %d\r\n\r\n" % len(body) + body
        reused = self.writer is not None
        try:
            try:
                status, headers = await self._exchange(request)
            except _Stale:
                if not reused:
                    raise self.httpx.RemoteProtocolError("Server disconnected without sending a response.") from None
                self.close()
                status, headers = await self._exchange(request)  # the server closed the idle connection: once more
            content = await read_bounded(headers, self._body(status, headers), self.limit)
        except _Stale:
            self.close()
            raise self.httpx.RemoteProtocolError("Server disconnected without sending a response.") from None
        except BaseException:
            self.close()  # a half-read answer leaves the connection unusable (timeouts and cancels too)
            raise
        if "close" in headers.get("connection", "").lower() or self._http10:
            self.close()
        return status, headers, content

    async def _exchange(self, request: bytes) -> tuple[int, dict[str, str]]:
        if self.writer is None:
            await self._connect()
        assert self.reader is not None and self.writer is not None
        try:
            self.writer.write(request)
            await self.writer.drain()
        except OSError as exc:
            raise _Stale() if isinstance(exc, ConnectionError) else self.httpx.WriteError(str(exc)) from exc
        while True:
            try:
                head = await self.reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError as exc:
                if not exc.partial:
                    raise _Stale() from None
                raise self.httpx.RemoteProtocolError(
                    "server closed the connection in the middle of its headers"
                ) from None
            except asyncio.LimitOverrunError:
                raise self.httpx.RemoteProtocolError(f"response headers longer than {MAX_HEAD} bytes") from None
            except ConnectionError as exc:
                raise _Stale() from exc
            except OSError as exc:
                raise self.httpx.ReadError(str(exc)) from exc
            status, headers = self._parse_head(head)
            if not 100 <= status < 200:  # an interim 1xx answer is followed by the real one
                return status, headers

    def _parse_head(self, head: bytes) -> tuple[int, dict[str, str]]:
        lines = head.decode("latin-1").split("\r\n")
        version, _, rest = lines[0].partition(" ")
        code = rest[:3]
        if not version.startswith("HTTP/1.") or not code.isdigit():
            raise self.httpx.RemoteProtocolError(f"malformed status line {lines[0][:80]!r}")
        self._http10 = version == "HTTP/1.0"
        headers: dict[str, str] = {}
        for line in lines[1:]:
            if not line:
                continue
            name, sep, value = line.partition(":")
            if not sep:
                raise self.httpx.RemoteProtocolError(f"malformed header line {line[:80]!r}")
            key = name.strip().lower()
            headers[key] = f"{headers[key]}, {value.strip()}" if key in headers else value.strip()
        if self._http10 and "keep-alive" not in headers.get("connection", "").lower():
            headers.setdefault("connection", "close")
        return int(code), headers

    async def _body(self, status: int, headers: Mapping[str, str]) -> AsyncIterator[bytes]:
        reader = self.reader
        assert reader is not None
        try:
            if status in (204, 304):
                return
            if "chunked" in headers.get("transfer-encoding", "").lower():
                while True:
                    size_line = await reader.readuntil(b"\r\n")
                    try:
                        size = int(size_line.split(b";", 1)[0].strip(), 16)
                    except ValueError:
                        raise self.httpx.RemoteProtocolError(f"malformed chunk size {size_line[:40]!r}") from None
                    if size == 0:
                        while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers
                            pass
                        return
                    while size:
                        piece = await reader.readexactly(min(size, STEP))
                        size -= len(piece)
                        yield piece
                    await reader.readexactly(2)
            elif "content-length" in headers:
                declared = headers["content-length"].strip()
                if not declared.isdigit():
                    raise self.httpx.RemoteProtocolError(f"malformed Content-Length {declared[:40]!r}")
                left = int(declared)
                while left:
                    piece = await reader.readexactly(min(left, STEP))
                    left -= len(piece)
                    yield piece
            else:  # the body runs to the end of the connection
                while piece := await reader.read(STEP):
                    yield piece
                self.close()
        except asyncio.IncompleteReadError:
            raise self.httpx.RemoteProtocolError(
                "server closed the connection before the whole body was sent"
            ) from None
        except asyncio.LimitOverrunError:
            raise self.httpx.RemoteProtocolError("malformed chunked body") from None
        except OSError as exc:
            raise self.httpx.ReadError(str(exc)) from exc

    async def _connect(self) -> None:
        try:
            self.reader, self.writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port, limit=MAX_HEAD), self.connect_timeout
            )
        except (asyncio.TimeoutError, TimeoutError):
            raise self.httpx.ConnectTimeout(
                f"no connection to {self.host}:{self.port} within {self.connect_timeout} s"
            ) from None
        except OSError as exc:
            raise self.httpx.ConnectError(str(exc)) from exc
        self._http10 = False

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def aclose(self) -> None:
        writer = self.writer
        self.close()
        if writer is not None:
            try:
                await writer.wait_closed()
            except (OSError, asyncio.CancelledError):
                pass


class _Stale(Exception):
    """The connection was closed before any byte of an answer arrived."""
