"""A small OpenAI-compatible ``/v1/chat/completions`` server for tests and benchmarks (loopback only).

Answers come from a function of the request body; failures can be scripted per request (429 with
Retry-After, 5xx, a delay past the client's timeout, a malformed body, a body dripped byte by byte, a
truncated body, an HTML page). Every request is counted per
prompt hash so tests can assert exact call counts. Use it as a context manager::

    with FakeOpenAIServer(answer=lambda body: "適切", latency=0.01) as server:
        config = LLMConfig(base_url=server.base_url, model="fake")

Run ``python tests/fake_openai_server.py --latency 0.05`` to serve from another process (benchmarks):
it prints ``PORT <n>`` and serves until stdin closes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = Callable[[dict[str, Any]], str]


@dataclass(frozen=True)
class Failure:
    """What the server does instead of answering one request.

    ``kind``: ``"status"`` (reply ``status`` with an error body, and ``Retry-After`` if given),
    ``"delay"`` (sleep ``delay`` seconds, then answer normally: a client with a shorter timeout
    gives up first), ``"malformed"`` (HTTP 200 with a body that is not the expected JSON),
    ``"drip"`` (HTTP 200, then the real answer one byte every ``delay`` seconds), ``"truncated"``
    (HTTP 200 announcing the whole answer, half of it sent, then the connection closed), ``"html"``
    (HTTP 200 with ``Content-Type: text/html`` and an HTML page, as a captive proxy sends).
    """

    kind: str
    status: int = 500
    retry_after: str | None = None
    delay: float = 0.0
    body: str = "{not json"


# (request body, how many earlier requests had the same prompt hash) -> a failure or None (answer).
Script = Callable[[dict[str, Any], int], "Failure | None"]


def prompt_hash(messages: Sequence[Mapping[str, Any]]) -> str:
    """Identity of a prompt: sha256 of its messages as canonical JSON."""
    blob = json.dumps(list(messages), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def echo_last_user(body: dict[str, Any]) -> str:
    """Default answer: ``echo:`` plus the last user message."""
    users = [m["content"] for m in body.get("messages", []) if m.get("role") == "user"]
    return "echo:" + (users[-1] if users else "")


def lctg_answer(body: dict[str, Any]) -> str:
    """A deterministic sloppy model for LCTG prompts: a slice of the prompt's text whose length, preamble and
    quoted 「word」 (used or not) depend on the prompt's hash, so some answers pass each aspect and some fail it."""
    users = [m["content"] for m in body.get("messages", []) if m.get("role") == "user"]
    prompt = users[-1] if users else ""
    h = int(hashlib.sha256(prompt.encode("utf-8")).hexdigest(), 16)
    text = prompt.rsplit("]\n", 1)[-1].replace("\n", "")
    start = (h >> 8) % 7
    answer = text[start : start + 15 + (h >> 16) % 120]
    head = prompt.split("]\n", 2)[1] if prompt.count("]\n") >= 2 else ""  # the [条件] section
    if "「" in head and "」" in head and (h >> 4) % 2:
        answer += head.split("「", 1)[1].split("」", 1)[0]
    return ("承知しました。以下が回答です。\n\n" + answer) if h % 3 == 0 else answer


def fail_first(n: int, failure: Failure) -> Script:
    """A script that fails the first ``n`` attempts of every prompt, then answers."""
    return lambda body, seen: failure if seen < n else None


def fail_always(failure: Failure) -> Script:
    return lambda body, seen: failure


class _LoopbackServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # listen backlog: 32+ clients may connect at once (default is 5)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up mid-answer (a run that stops after failures closes its connections) is no server
        error: socketserver would print a traceback to the test's stderr, which the tests read for lctg's one line."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


class FakeOpenAIServer:
    """Threaded loopback server; ``counts[prompt_hash]`` is the number of requests received."""

    def __init__(
        self,
        answer: Answer = echo_last_user,
        *,
        latency: float = 0.0,
        script: Script | None = None,
        require_key: str | None = None,
        usage: tuple[int, int] = (10, 2),
        port: int = 0,
        finish_reason: str = "stop",
    ) -> None:
        self.answer = answer
        self.latency = latency
        self.script = script
        self.require_key = require_key
        self.usage = usage
        self.finish_reason = finish_reason
        self.counts: Counter[str] = Counter()
        self.answered = 0  # requests answered with HTTP 200 and a well-formed body
        self.auth_headers: list[str | None] = []
        self.received: list[tuple[float, dict[str, Any]]] = []  # (monotonic time, body), in arrival order
        self.in_flight = 0
        self.answer_errors: list[str] = []  # exceptions raised by the answer function
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._httpd = _LoopbackServer(("127.0.0.1", port), _handler_for(self))
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------------
    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()  # wakes handlers sleeping in a scripted delay
        if self._thread is not None:  # shutdown() waits for serve_forever, which must be running
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- counting --------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        with self._lock:
            return sum(self.counts.values())

    def calls(self, messages: Sequence[Mapping[str, Any]]) -> int:
        with self._lock:
            return self.counts[prompt_hash(messages)]

    def user_prompts(self) -> list[str]:
        """The last user message of every request received, in arrival order."""
        with self._lock:
            bodies = [body for _, body in self.received]
        return [[m["content"] for m in body.get("messages", []) if m.get("role") == "user"][-1] for body in bodies]

    def _register(self, body: dict[str, Any], auth: str | None) -> int:
        key = prompt_hash(body.get("messages", []))
        with self._lock:
            seen = self.counts[key]
            self.counts[key] += 1
            self.auth_headers.append(auth)
            self.received.append((time.monotonic(), body))
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        return seen

    def _done(self) -> None:
        with self._lock:
            self.in_flight -= 1

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stop.wait(seconds)


def _handler_for(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, like a real API
        disable_nagle_algorithm = True  # headers and body go out in two writes; don't wait for ACKs

        def log_message(self, format: str, *args: Any) -> None:  # silence stderr
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length)
            if not self.path.rstrip("/").endswith("/chat/completions"):
                return self._send(404, {"error": {"message": f"no route {self.path}"}})
            try:
                body = json.loads(raw)
            except ValueError:
                return self._send(400, {"error": {"message": "request body is not JSON"}})
            auth = self.headers.get("Authorization")
            seen = server._register(body, auth)
            try:
                self._answer(body, auth, seen)
            finally:
                server._done()

        def _answer(self, body: dict[str, Any], auth: str | None, seen: int) -> None:
            if server.require_key is not None and auth != f"Bearer {server.require_key}":
                # Echo the header like a careless API would: the client must not leak it.
                return self._send(401, {"error": {"message": f"Incorrect API key provided: {auth}"}})
            failure = server.script(body, seen) if server.script else None
            server._sleep(server.latency)
            if failure is not None:
                if failure.kind == "status":
                    headers = {"Retry-After": failure.retry_after} if failure.retry_after else {}
                    return self._send(failure.status, {"error": {"message": "scripted failure"}}, headers)
                if failure.kind == "malformed":
                    return self._send_raw(200, failure.body.encode("utf-8"))
                if failure.kind == "html":
                    page = b"<html><body>Please sign in</body></html>"
                    return self._send_raw(200, page, content_type="text/html; charset=utf-8")
                if failure.kind == "delay":
                    server._sleep(failure.delay)
                elif failure.kind not in ("drip", "truncated"):
                    raise ValueError(f"unknown failure kind {failure.kind!r}")
            try:
                content = server.answer(body)
            except Exception as exc:  # a bug in a test's answer function: make it visible
                server.answer_errors.append(repr(exc))
                return self._send(500, {"error": {"message": f"answer function failed: {exc!r}"}})
            reply = {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "model": body.get("model"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": server.finish_reason,
                    }
                ],
                "usage": {
                    "prompt_tokens": server.usage[0],
                    "completion_tokens": server.usage[1],
                    "total_tokens": sum(server.usage),
                },
            }
            if failure is not None and failure.kind in ("drip", "truncated"):
                return self._send_broken(failure, json.dumps(reply, ensure_ascii=False).encode("utf-8"))
            if self._send(200, reply):
                with server._lock:
                    server.answered += 1

        def _send_broken(self, failure: Failure, data: bytes) -> None:
            """Announce ``data``, then drip it slowly or send half of it and hang up."""
            self.close_connection = True
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.flush()
                if failure.kind == "truncated":
                    self.wfile.write(data[: len(data) // 2])
                    self.wfile.flush()
                    return
                for i in range(len(data)):  # bounded: the server's stop event ends the sleeps at once
                    if server._stop.is_set():
                        return
                    self.wfile.write(data[i : i + 1])
                    self.wfile.flush()
                    server._sleep(failure.delay)
            except OSError:  # the client gave up and closed the connection
                pass

        def _send(self, status: int, payload: Any, headers: Mapping[str, str] | None = None) -> bool:
            data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
            return self._send_raw(status, data, headers)

        def _send_raw(
            self,
            status: int,
            data: bytes,
            headers: Mapping[str, str] | None = None,
            content_type: str = "application/json",
        ) -> bool:
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
                self.wfile.flush()
                return True
            except OSError:  # the client gave up (timeout) and closed the connection
                self.close_connection = True
                return False

    return Handler


def _main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--fail-status", type=int, help="answer every request with this HTTP status")
    parser.add_argument("--answer", help="answer every request with this text (default: echo the last user message)")
    parser.add_argument("--finish-reason", default="stop", help="finish_reason of every answer")
    parser.add_argument(
        "--usage",
        type=int,
        nargs=2,
        default=(10, 2),
        metavar=("PROMPT", "COMPLETION"),
        help="token counts every answer reports",
    )
    args = parser.parse_args(argv)
    script = fail_always(Failure("status", args.fail_status)) if args.fail_status else None
    answer = echo_last_user if args.answer is None else (lambda body, text=args.answer: text)
    server = FakeOpenAIServer(
        answer,
        latency=args.latency,
        port=args.port,
        script=script,
        finish_reason=args.finish_reason,
        usage=tuple(args.usage),
    )
    with server:
        print(f"PORT {server.port}", flush=True)
        sys.stdin.read()  # serve until the parent closes our stdin (or kills us)
        print(f"SERVED {server.total}", flush=True)


if __name__ == "__main__":
    _main()
