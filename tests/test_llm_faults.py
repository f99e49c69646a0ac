"""Failing endpoints fail the run, loudly and fast: a table of faults against the loopback server.

Each row runs 3 distinct requests at concurrency 1 (so call counts are exact) with 1 retry and a circuit
breaker of 2 failed calls in a row, and asserts the outcome (the answers, or the one-line error), the
number of requests the server received, and that the API key appears nowhere: not in the error, the
logs, stderr, or any file of the cache.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.llm.client import LLMConfig, run_chat
from lctg_metrics.llm.errors import LLMEndpointError, LLMRunError
from tests.fake_openai_server import Failure, FakeOpenAIServer, fail_always, fail_first

KEY_ENV = "LCTG_TEST_FAULT_KEY"
N = 3


def msgs(i: int) -> list[dict[str, str]]:
    return [{"role": "system", "content": "テスト"}, {"role": "user", "content": f"項目 {i}"}]


def config_for(base_url: str, tmp_path: Path, **overrides: Any) -> LLMConfig:
    values: dict[str, Any] = {
        "base_url": base_url,
        "model": "fake",
        "api_key_env": KEY_ENV,
        "concurrency": 1,
        "max_retries": 1,
        "timeout": 0.5,
        "connect_timeout": 0.5,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
        "max_consecutive_failures": 2,
        "cache_path": str(tmp_path / "cache.sqlite"),
    }
    values.update(overrides)
    return LLMConfig(**values)


@dataclass(frozen=True)
class Row:
    """A fault, what the run must end with, and how many requests the server must have received."""

    name: str
    script: Any  # fake server script, or None
    outcome: str  # "answers", "endpoint" (LLMEndpointError) or "breaker" (LLMRunError)
    calls: int
    says: str = ""  # text the error (or the first failure reason) must contain
    server: dict[str, Any] | None = None


ROWS = [
    Row("401 wrong key", None, "endpoint", 1, "HTTP 401", {"require_key": "sk-the-right-one"}),
    Row("403 forbidden", fail_always(Failure("status", 403)), "endpoint", 1, "HTTP 403"),
    Row("404 model not found", fail_always(Failure("status", 404)), "endpoint", 1, "--llm-model"),
    Row("429 with Retry-After", fail_first(1, Failure("status", 429, retry_after="0.2")), "answers", 2 * N),
    Row("429 without Retry-After", fail_first(1, Failure("status", 429)), "answers", 2 * N),
    Row("500 transient", fail_first(1, Failure("status", 500)), "answers", 2 * N),
    Row("503 transient", fail_first(1, Failure("status", 503)), "answers", 2 * N),
    Row("500 permanent", fail_always(Failure("status", 500)), "breaker", 4, "HTTP 500"),
    Row("503 permanent", fail_always(Failure("status", 503)), "breaker", 4, "HTTP 503"),
    Row("429 permanent (quota)", fail_always(Failure("status", 429)), "breaker", 4, "HTTP 429"),
    Row("slow-drip body once", fail_first(1, Failure("drip", delay=0.05)), "answers", 2 * N),
    Row("slow-drip body always", fail_always(Failure("drip", delay=0.05)), "breaker", 4, "timeout after 0.5s"),
    Row("truncated body once", fail_first(1, Failure("truncated")), "answers", 2 * N),
    Row("truncated JSON once", fail_first(1, Failure("malformed", body='{"choices": [{"mess')), "answers", 2 * N),
    Row("truncated JSON always", fail_always(Failure("malformed", body='{"choices"')), "breaker", 4, "malformed"),
    Row("HTML instead of JSON once", fail_first(1, Failure("html")), "answers", 2 * N),
    Row("HTML instead of JSON always", fail_always(Failure("html")), "breaker", 4, "content-type text/html"),
    Row("400 bad request (no retry)", fail_always(Failure("status", 400)), "breaker", 2, "HTTP 400"),
    Row("connection refused", None, "breaker", 0, "connection error", {"closed": True}),
]


@pytest.mark.parametrize("row", ROWS, ids=[row.name for row in ROWS])
def test_fault(row: Row, tmp_path, monkeypatch, caplog, capsys):
    key = "sk-lctg-" + secrets.token_hex(16)
    monkeypatch.setenv(KEY_ENV, key)
    caplog.set_level(logging.DEBUG, logger="lctg.llm")
    options = dict(row.server or {})
    closed = options.pop("closed", False)
    server = FakeOpenAIServer(script=row.script, **{"require_key": key, **options})
    if closed:
        server.stop()  # nothing listens on that port any more
    else:
        server.start()
    try:
        config = config_for(server.base_url, tmp_path)
        start = time.monotonic()
        error: BaseException | None = None
        try:
            results = run_chat(config, [(msgs(i), {}) for i in range(N)], progress=False)
        except (LLMEndpointError, LLMRunError) as exc:
            error = exc
        elapsed = time.monotonic() - start
    finally:
        if not closed:
            server.stop()
    assert elapsed < 10  # bounded: nothing hangs
    if row.outcome == "answers":
        assert error is None
        assert [r.text for r in results] == [f"echo:項目 {i}" for i in range(N)]
    else:
        expected = LLMEndpointError if row.outcome == "endpoint" else LLMRunError
        assert isinstance(error, expected), error
        message = str(error)
        assert "\n" not in message and f"fake@127.0.0.1:{server.port}" in message
        assert row.says in message
        if row.outcome == "breaker":
            assert "2 failed calls in a row" in message and error.total == N
            assert row.says in error.reason
    assert server.total == row.calls
    out = capsys.readouterr()
    for shown in (caplog.text, out.out, out.err, str(error), repr(getattr(error, "stats", None))):
        assert key not in shown
    for path in tmp_path.iterdir():  # cache file and its -wal / -shm companions
        assert key.encode() not in path.read_bytes(), path.name


def test_retry_after_is_waited_for(serve, tmp_path):
    server = serve(script=fail_first(1, Failure("status", 429, retry_after="0.3")))
    config = config_for(server.base_url, tmp_path, backoff_base=0.0, backoff_max=5.0)
    assert run_chat(config, [(msgs(0), {})], progress=False)[0].ok
    (t0, _), (t1, _) = server.received
    assert t1 - t0 >= 0.3


def test_the_deadline_bounds_a_dripping_attempt_not_each_read(serve, tmp_path):
    # ~250 bytes at 0.05 s each would take 12 s; every read gets a byte in time, the deadline ends it
    server = serve(script=fail_always(Failure("drip", delay=0.05)))
    config = config_for(server.base_url, tmp_path, timeout=0.4, max_retries=0)
    start = time.monotonic()
    (result,) = run_chat(config, [(msgs(0), {})], progress=False)
    assert time.monotonic() - start < 3
    assert "timeout after 0.4s" in result.error and server.total == 1


def test_a_run_stopped_midway_resumes_with_only_the_missing_calls(serve, tmp_path):
    broken = {"after": 5}  # answers 5 requests, then fails every request until repaired
    answered = []
    lock = threading.Lock()

    def script(body: dict[str, Any], seen: int) -> Failure | None:
        with lock:  # the server answers from several threads
            if broken["after"] is not None and len(answered) >= broken["after"]:
                return Failure("status", 503)
            answered.append(1)
            return None

    server = serve(script=script)
    n = 20
    config = config_for(server.base_url, tmp_path, concurrency=2)
    requests = [(msgs(i), {}) for i in range(n)]
    with pytest.raises(LLMRunError) as info:
        run_chat(config, requests, progress=False)
    assert info.value.failed == n - 5 and info.value.stats.calls_made < n
    first = server.total
    broken["after"] = None
    results = run_chat(config, requests, progress=False)
    assert [r.text for r in results] == [f"echo:項目 {i}" for i in range(n)]
    assert results.stats.cache_hits == 5 and results.stats.calls_made == n - 5
    assert server.total == first + n - 5


def test_the_breaker_counts_failures_in_a_row_only(serve, tmp_path):
    odd = {json.dumps(msgs(i), ensure_ascii=False) for i in range(1, 8, 2)}
    server = serve(
        script=lambda body, seen: (
            Failure("status", 500) if json.dumps(body["messages"], ensure_ascii=False) in odd else None
        )
    )
    config = config_for(server.base_url, tmp_path)  # breaker at 2, concurrency 1: fail, ok, fail, ok ...
    results = run_chat(config, [(msgs(i), {}) for i in range(8)], progress=False)
    assert [r.ok for r in results] == [True, False] * 4
    assert results.failed == (1, 3, 5, 7) and results.stats.errors == 4
