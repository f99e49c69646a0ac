"""The OpenAI-compatible client: retries, cache, dedup, dry run, secrecy of the key, kill and resume.

Every test talks to a loopback fake server it starts and stops itself; timeouts and backoffs are
tiny so the file runs in seconds.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import os
import secrets
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lctg_metrics.llm.body import retry_after as _retry_after
from lctg_metrics.llm.client import (
    DRY_RUN_ERROR,
    ChatResult,
    LLMConfig,
    ResultList,
    RunStats,
    chat_endpoint,
    describe,
    describe_params,
    request_key,
    run_chat,
)
from lctg_metrics.llm.errors import LLMEndpointError
from lctg_metrics.llm.requests import frame_messages as _frame_messages
from lctg_metrics.llm.transport import read_key as _read_key

try:
    from fake_openai_server import (
        Failure,
        FakeOpenAIServer,
        fail_always,
        fail_first,
        prompt_hash,
    )
except ImportError:  # tests/ imported as a package
    from tests.fake_openai_server import (
        Failure,
        FakeOpenAIServer,
        fail_always,
        fail_first,
        prompt_hash,
    )

KEY_ENV = "LCTG_TEST_API_KEY"
ROOT = Path(__file__).resolve().parent.parent


def config_for(server: FakeOpenAIServer, tmp_path: Path, **overrides: Any) -> LLMConfig:
    values: dict[str, Any] = {
        "base_url": server.base_url,
        "model": "fake-judge",
        "api_key_env": KEY_ENV,
        "concurrency": 4,
        "max_retries": 3,
        "timeout": 2.0,
        "backoff_base": 0.01,
        "backoff_max": 0.05,
        "cache_path": str(tmp_path / "cache.sqlite"),
    }
    values.update(overrides)
    return LLMConfig(**values)


def msgs(i: object) -> list[dict[str, str]]:
    return [{"role": "system", "content": "テスト用"}, {"role": "user", "content": f"質問 {i}"}]


def reqs(n: int) -> list[tuple[list[dict[str, str]], dict[str, Any]]]:
    return [(msgs(i), {}) for i in range(n)]


def run(config: LLMConfig, requests: list, **kwargs: Any) -> ResultList[ChatResult]:
    kwargs.setdefault("progress", False)
    return run_chat(config, requests, **kwargs)


# -- answers, order, stats ------------------------------------------------------------------------


def test_answers_come_back_in_request_order_with_token_counts(serve, tmp_path):
    server = serve(latency=0.01, usage=(7, 3))
    results = run(config_for(server, tmp_path), reqs(20))
    assert [r.text for r in results] == [f"echo:質問 {i}" for i in range(20)]
    assert all(r.error is None and not r.cached for r in results)
    assert (results[0].prompt_tokens, results[0].completion_tokens) == (7, 3)
    s = results.stats
    assert (s.requests, s.calls_needed, s.calls_made, s.cache_hits, s.deduplicated) == (
        20,
        20,
        20,
        0,
        0,
    )
    assert (s.retries, s.errors, s.prompt_tokens, s.completion_tokens) == (0, 0, 140, 60)
    assert server.total == 20


def test_concurrency_is_bounded(serve, tmp_path):
    server = serve(latency=0.05)
    results = run(config_for(server, tmp_path, concurrency=4), reqs(24))
    assert all(r.ok for r in results)
    assert 2 <= server.max_in_flight <= 4


def test_server_and_client_handle_32_concurrent_connections(serve, tmp_path):
    server = serve(latency=0.05)
    results = run(config_for(server, tmp_path, concurrency=32), reqs(96))
    assert [r.text for r in results] == [f"echo:質問 {i}" for i in range(96)]
    assert results.stats.retries == 0
    assert 8 < server.max_in_flight <= 32


# -- retries --------------------------------------------------------------------------------------


def test_always_500_gives_an_error_after_max_retries_plus_one_attempts(serve, tmp_path):
    server = serve(script=fail_always(Failure("status", 500)))
    results = run(config_for(server, tmp_path, max_retries=3), [(msgs(0), {})])
    (result,) = results
    assert result.text is None and not result.ok
    assert "gave up after 4 attempts" in result.error and "HTTP 500" in result.error
    assert server.calls(msgs(0)) == 4
    assert (results.stats.retries, results.stats.errors, results.stats.calls_made) == (3, 1, 1)


def test_max_retries_zero_means_one_attempt(serve, tmp_path):
    server = serve(script=fail_always(Failure("status", 503)))
    (result,) = run(config_for(server, tmp_path, max_retries=0), [(msgs(0), {})])
    assert "gave up after 1 attempt:" in result.error
    assert server.calls(msgs(0)) == 1


@pytest.mark.parametrize("status", [500, 502, 503, 504, 429, 408])
def test_retryable_statuses_are_retried_until_success(serve, tmp_path, status):
    server = serve(script=fail_first(2, Failure("status", status)))
    results = run(config_for(server, tmp_path), reqs(3))
    assert [r.text for r in results] == [f"echo:質問 {i}" for i in range(3)]
    assert [server.calls(msgs(i)) for i in range(3)] == [3, 3, 3]
    assert results.stats.retries == 6 and results.stats.errors == 0


@pytest.mark.parametrize("status", [400, 422])  # 401/403/404 stop the run: tests/test_llm_faults.py
def test_other_4xx_fail_at_once_without_retry(serve, tmp_path, status):
    server = serve(script=fail_always(Failure("status", status)))
    results = run(config_for(server, tmp_path), [(msgs(0), {})])
    assert results[0].error.startswith(f"HTTP {status}:")
    assert server.calls(msgs(0)) == 1 and results.stats.retries == 0


def test_retry_after_is_honoured(serve, tmp_path):
    # backoff_base=0 makes the jittered backoff 0 s: any wait comes from Retry-After.
    server = serve(script=fail_first(1, Failure("status", 429, retry_after="0.3")))
    config = config_for(server, tmp_path, backoff_base=0.0, backoff_max=5.0)
    (result,) = run(config, [(msgs(0), {})])
    assert result.ok
    (t0, _), (t1, _) = server.received
    assert t1 - t0 >= 0.3


def test_a_retry_after_past_the_cap_fails_the_call_and_says_so(serve, tmp_path):
    """The hour a server asks for is not waited (nor silently cut to a shorter wait): the call fails at once,
    naming the ask and the cap."""
    server = serve(script=fail_first(1, Failure("status", 429, retry_after="3600")))
    config = config_for(server, tmp_path, backoff_base=0.0, backoff_max=0.05, retry_after_max=10)
    (result,) = run(config, [(msgs(0), {})])
    assert not result.ok and server.calls(msgs(0)) == 1
    assert "the server asks to wait 3600 s (Retry-After), more than LLMConfig.retry_after_max=10 s" in result.error


def test_a_retry_after_within_the_cap_is_waited_in_full_and_said(serve, tmp_path, caplog):
    server = serve(script=fail_first(1, Failure("status", 429, retry_after="1.2")))
    config = config_for(server, tmp_path, backoff_base=0.0, backoff_max=0.05, retry_after_max=5)
    with caplog.at_level("WARNING", logger="lctg.llm"):
        (result,) = run(config, [(msgs(0), {})])
    assert result.ok and server.calls(msgs(0)) == 2
    (t0, _), (t1, _) = server.received
    assert t1 - t0 >= 1.2  # more than backoff_max: the server's ask wins up to retry_after_max
    assert "waiting 1 s before retry 1, as the server asks (Retry-After" in caplog.text


@pytest.mark.parametrize(
    "headers, expected",
    [
        ({"retry-after": "2"}, 2.0),
        ({"retry-after": "0.25"}, 0.25),
        ({"retry-after-ms": "1500", "retry-after": "9"}, 1.5),
        ({"retry-after": "-3"}, 0.0),
        ({"retry-after": "soon"}, None),
        ({"retry-after": "nan"}, None),
        ({}, None),
    ],
)
def test_retry_after_parsing(headers, expected):
    assert _retry_after(headers) == expected


def test_retry_after_as_http_date():
    future = email.utils.formatdate(time.time() + 30, usegmt=True)
    assert 20 < _retry_after({"retry-after": future}) <= 31


def test_timeout_is_retried(serve, tmp_path):
    server = serve(script=fail_first(1, Failure("delay", delay=1.0)))
    results = run(config_for(server, tmp_path, timeout=0.2), [(msgs(0), {})])
    assert results[0].text == "echo:質問 0"
    assert server.calls(msgs(0)) == 2 and results.stats.retries == 1


def test_a_server_that_never_answers_in_time_gives_a_timeout_error(serve, tmp_path):
    server = serve(script=fail_always(Failure("delay", delay=2.0)))
    (result,) = run(config_for(server, tmp_path, timeout=0.1, max_retries=1), [(msgs(0), {})])
    assert "gave up after 2 attempts" in result.error and "timeout" in result.error
    assert server.calls(msgs(0)) == 2


def test_connection_refused_is_an_error_not_a_hang(tmp_path):
    server = FakeOpenAIServer()
    url = server.base_url
    server.stop()  # nothing listens on that port any more
    config = LLMConfig(
        base_url=url,
        model="m",
        max_retries=2,
        backoff_base=0.0,
        backoff_max=0.0,
        timeout=1.0,
        cache_path=str(tmp_path / "c.sqlite"),
    )
    (result,) = run(config, [(msgs(0), {})])
    assert "gave up after 3 attempts" in result.error and "connection error" in result.error


@pytest.mark.parametrize(
    "body",
    [
        "{not json",
        "[]",
        '{"choices": []}',
        '{"choices": [{"message": {"content": null}}]}',
        '{"choices": [{"message": {"content": 12}}]}',
        '{"error": "oops"}',
    ],
)
def test_malformed_responses_are_retried(serve, tmp_path, body):
    server = serve(script=fail_first(2, Failure("malformed", body=body)))
    results = run(config_for(server, tmp_path), [(msgs(0), {})])
    assert results[0].text == "echo:質問 0"
    assert server.calls(msgs(0)) == 3 and results.stats.retries == 2


def test_always_malformed_gives_an_error(serve, tmp_path):
    server = serve(script=fail_always(Failure("malformed")))
    (result,) = run(config_for(server, tmp_path, max_retries=2), [(msgs(0), {})])
    assert "gave up after 3 attempts: malformed response" in result.error
    assert server.calls(msgs(0)) == 3


def test_failed_requests_do_not_fail_the_others(serve, tmp_path):
    bad = prompt_hash(msgs(2))
    server = serve(script=lambda body, seen: Failure("status", 500) if prompt_hash(body["messages"]) == bad else None)
    results = run(config_for(server, tmp_path, max_retries=1), reqs(5))
    assert [r.ok for r in results] == [True, True, False, True, True]
    assert results.stats.errors == 1


# -- cache and dedup ------------------------------------------------------------------------------


def test_rerun_is_served_from_the_cache_with_zero_calls(serve, tmp_path):
    server = serve()
    config = config_for(server, tmp_path)
    first = run(config, reqs(10))
    assert server.total == 10
    second = run(config, reqs(10))
    assert server.total == 10  # no new calls
    assert [r.text for r in second] == [r.text for r in first]
    assert all(r.cached for r in second)
    assert (second[0].prompt_tokens, second[0].completion_tokens) == (10, 2)
    s = second.stats
    assert (s.cache_hits, s.calls_made, s.calls_needed, s.prompt_tokens) == (10, 0, 0, 0)
    with sqlite3.connect(config.cache_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_errors_are_not_cached(serve, tmp_path):
    server = serve(script=fail_first(1, Failure("status", 400)))
    config = config_for(server, tmp_path)
    assert not run(config, [(msgs(0), {})])[0].ok
    again = run(config, [(msgs(0), {})])
    assert again[0].ok and not again[0].cached
    assert server.calls(msgs(0)) == 2


@pytest.mark.parametrize(
    "change",
    [
        {"model": "other-model"},
        {"temperature": 0.7},
        {"max_tokens": 64},
        {"seed": 3},
        {"top_p": 0.5},
        {"temperature": 0.0},  # sending temperature=0 differs from sending none
        {"base_url_port_path": "/v2"},
    ],
)
def test_cache_key_covers_model_params_and_endpoint(serve, tmp_path, change):
    server = serve()
    config = config_for(server, tmp_path)
    run(config, reqs(3))
    if "base_url_port_path" in change:
        changed = config_for(server, tmp_path, base_url=f"http://127.0.0.1:{server.port}/v2")
    else:
        changed = config_for(server, tmp_path, **change)
    results = run(changed, reqs(3))
    assert results.stats.cache_hits == 0 and server.total == 6


def test_request_params_are_part_of_the_key_and_sent(serve, tmp_path):
    server = serve()
    config = config_for(server, tmp_path)
    results = run(config, [(msgs(0), {}), (msgs(0), {"seed": 1}), (msgs(0), {"seed": 1})])
    assert results.stats.calls_made == 2 and results.stats.deduplicated == 1
    sent = sorted(body.get("seed", -1) for _, body in server.received)
    assert sent == [-1, 1]
    # upstream sends model and messages only: no temperature unless the config says so
    assert all(body["model"] == "fake-judge" for _, body in server.received)
    assert [sorted(body) for _, body in server.received if "seed" not in body] == [["messages", "model"]]


@pytest.mark.parametrize(
    "fields, sent, shown",
    [
        ({}, {}, "params:none"),
        ({"temperature": 0.0}, {"temperature": 0.0}, "params:temp=0"),
        ({"temperature": 0, "max_tokens": 512}, {"temperature": 0, "max_tokens": 512}, "params:temp=0,max_tokens=512"),
        ({"seed": 7, "top_p": 0.9}, {"seed": 7, "top_p": 0.9}, "params:seed=7,top_p=0.9"),
        ({"temperature": 0.7}, {"temperature": 0.7}, "params:temp=0.7"),
    ],
)
def test_config_params_are_sent_exactly_and_described(serve, tmp_path, fields, sent, shown):
    server = serve()
    config = config_for(server, tmp_path, **fields)
    assert run(config, reqs(1))[0].ok
    ((_, body),) = server.received
    assert {k: v for k, v in body.items() if k not in ("model", "messages")} == sent
    assert describe_params(config) == shown


def test_identical_requests_in_a_run_are_called_once(serve, tmp_path):
    server = serve(latency=0.02)
    order = [0, 1, 0, 0, 2, 1]
    results = run(config_for(server, tmp_path), [(msgs(i), {}) for i in order])
    assert [r.text for r in results] == [f"echo:質問 {i}" for i in order]
    assert [server.calls(msgs(i)) for i in range(3)] == [1, 1, 1]
    s = results.stats
    assert (s.requests, s.calls_made, s.deduplicated) == (6, 3, 3)
    assert s.requests == s.cache_hits + s.deduplicated + s.calls_needed


def test_equivalent_endpoints_share_cache_keys():
    a = LLMConfig(base_url="HTTP://Example.COM:80/v1/", model="m")
    b = LLMConfig(base_url="http://example.com/v1", model="m")
    c = LLMConfig(base_url="http://example.com/v1/chat/completions", model="m")
    keys = {request_key(x, msgs(0), {}) for x in (a, b, c)}
    assert len(keys) == 1
    assert request_key(b, msgs(0), {}) != request_key(b, msgs(1), {})


_message = st.dictionaries(
    st.sampled_from(["role", "content", "name", "x"]),
    st.one_of(st.text(max_size=6), st.integers(), st.lists(st.text(max_size=2), max_size=2)),
    min_size=1,
)


@given(st.lists(_message, min_size=1, max_size=3), st.lists(_message, min_size=1, max_size=3))
def test_message_framing_is_injective(a, b):
    assert (_frame_messages(a) == _frame_messages(b)) == (a == b)


def test_two_runs_writing_one_cache_at_once(serve, tmp_path):
    server = serve(latency=0.01)
    config = config_for(server, tmp_path)
    outputs: dict[int, ResultList[ChatResult]] = {}

    def worker(n: int) -> None:
        outputs[n] = run(config, reqs(30)[n * 10 :] + reqs(10))

    threads = [threading.Thread(target=worker, args=(n,)) for n in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r.ok for out in outputs.values() for r in out)
    with sqlite3.connect(config.cache_path) as db:
        assert db.execute("SELECT COUNT(*) FROM answers").fetchone()[0] == 30


# -- dry run --------------------------------------------------------------------------------------


def test_dry_run_counts_the_calls_a_run_would_make(serve, tmp_path):
    server = serve()
    config = config_for(server, tmp_path)
    run(config, reqs(4))  # 0..3 cached
    plan = [(msgs(i), {}) for i in [0, 1, 4, 5, 5, 6]]
    results = run(config, plan, dry_run=True)
    assert server.total == 4  # nothing sent
    s = results.stats
    assert s.dry_run and (s.calls_needed, s.cache_hits, s.deduplicated, s.calls_made) == (
        3,
        2,
        1,
        0,
    )
    assert [r.cached for r in results] == [True, True, False, False, False, False]
    assert [r.error for r in results[2:]] == [DRY_RUN_ERROR] * 4
    assert "would make 3 calls" in s.summary()


def test_dry_run_creates_no_cache_file(tmp_path):
    config = LLMConfig(base_url="http://127.0.0.1:9/v1", model="m", cache_path=str(tmp_path / "none.sqlite"))
    results = run(config, reqs(3), dry_run=True)
    assert results.stats.calls_needed == 3
    assert not (tmp_path / "none.sqlite").exists()


# -- the key never leaks --------------------------------------------------------------------------


def test_api_key_is_sent_but_never_logged_cached_or_shown(serve, tmp_path, monkeypatch, caplog, capsys):
    key = "sk-lctg-" + secrets.token_hex(16)
    monkeypatch.setenv(KEY_ENV, key)
    caplog.set_level(logging.DEBUG, logger="lctg.llm")
    good = serve(require_key=key, script=fail_first(1, Failure("status", 500)))
    config = config_for(good, tmp_path)
    results = run(config, reqs(5), progress=True)
    assert all(r.ok for r in results)
    assert set(good.auth_headers) == {f"Bearer {key}"}  # the key was used
    # A server that rejects the key and echoes the Authorization header back in its error body.
    other = serve(require_key="sk-something-else")
    with pytest.raises(LLMEndpointError) as info:
        run(config_for(other, tmp_path), reqs(2))
    rejected = str(info.value)
    assert f"${KEY_ENV}" in rejected and "***" in rejected and "\n" not in rejected
    assert f"fake-judge@127.0.0.1:{other.port}" in rejected
    assert set(other.counts.values()) == {1}  # no retry
    out = capsys.readouterr()
    shown = [
        caplog.text,
        out.out,
        out.err,
        repr(config),
        describe(config),
        repr(results),
        rejected,
        repr(info.value.args),
        results.stats.summary(),
    ]
    assert "Bearer" in rejected  # the echoed header is there, redacted
    assert "retry 1" in caplog.text and "HTTP 401" in caplog.text  # logs were written and checked
    assert not [text for text in shown if key in text]
    for path in tmp_path.iterdir():  # cache file and its -wal / -shm companions
        assert key.encode() not in path.read_bytes(), path.name


def test_an_unusable_key_is_refused_without_echoing_it(monkeypatch):
    key = "sk-broken\nheader-injection"
    monkeypatch.setenv(KEY_ENV, key)
    config = LLMConfig(base_url="http://127.0.0.1:9/v1", model="m", api_key_env=KEY_ENV)
    with pytest.raises(ValueError) as info:
        _read_key(config)
    assert KEY_ENV in str(info.value) and "sk-broken" not in str(info.value)


def test_credentials_in_base_url_are_refused_without_echoing_them():
    with pytest.raises(ValueError) as info:
        LLMConfig(base_url="https://user:hunter2@api.example.com/v1", model="m")
    assert "hunter2" not in str(info.value) and "api_key_env" in str(info.value)


def test_no_key_sends_no_authorization_header(serve, tmp_path, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    server = serve()
    assert run(config_for(server, tmp_path), reqs(1))[0].ok
    assert server.auth_headers == [None]


# -- kill midway, resume --------------------------------------------------------------------------

_WORKER = """
import json, sys
from lctg_metrics.llm.client import LLMConfig, run_chat
base_url, cache, out, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
config = LLMConfig(base_url=base_url, model="fake-judge", concurrency=2, cache_path=cache, timeout=5.0)
requests = [([{"role": "user", "content": f"item {i}"}], {}) for i in range(n)]
results = run_chat(config, requests, progress=False)
json.dump({"texts": [r.text for r in results], "calls_made": results.stats.calls_made,
           "cache_hits": results.stats.cache_hits}, open(out, "w"))
"""


@pytest.mark.slow
def test_a_killed_run_loses_nothing_and_the_rerun_makes_only_the_missing_calls(serve, tmp_path):
    n, concurrency = 40, 2
    server = serve(latency=0.03)
    script = tmp_path / "worker.py"
    script.write_text(_WORKER, encoding="utf-8")
    cache, out = tmp_path / "cache.sqlite", tmp_path / "out.json"
    argv = [sys.executable, str(script), server.base_url, str(cache), str(out), str(n)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    proc = subprocess.Popen(argv, env=env)
    deadline = time.monotonic() + 60
    while server.answered < 10 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the worker finished before it could be killed"
    assert not out.exists()
    first_calls = server.total
    with sqlite3.connect(cache) as db:
        kept = db.execute("SELECT COUNT(*) FROM answers").fetchone()[0]
    assert 10 - concurrency <= kept < n
    assert first_calls - kept <= concurrency  # only the requests in flight at the kill are lost

    subprocess.run(argv, env=env, check=True, timeout=60)
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["texts"] == [f"echo:item {i}" for i in range(n)]
    assert summary["cache_hits"] == kept
    assert summary["calls_made"] == n - kept
    assert server.total == first_calls + (n - kept)


# -- small pieces ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "base_url, expected",
    [
        ("https://api.openai.com/v1", "gpt-4@api.openai.com"),
        ("https://API.OpenAI.com/v1/", "gpt-4@api.openai.com"),
        ("http://127.0.0.1:8000/v1?api-version=2024-02-01", "gpt-4@127.0.0.1:8000"),
        ("http://[::1]:8080/v1", "gpt-4@[::1]:8080"),
    ],
)
def test_describe_has_model_and_host_only(base_url, expected):
    assert describe(LLMConfig(base_url=base_url, model="gpt-4")) == expected


@pytest.mark.parametrize(
    "base_url, expected",
    [
        ("https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"),
        ("https://api.openai.com:443/v1/", "https://api.openai.com/v1/chat/completions"),
        ("http://localhost:8000/v1/chat/completions", "http://localhost:8000/v1/chat/completions"),
        (
            "http://h/openai/deployments/x?api-version=1",
            "http://h/openai/deployments/x/chat/completions?api-version=1",
        ),
    ],
)
def test_chat_endpoint(base_url, expected):
    assert chat_endpoint(base_url) == expected


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"base_url": "ftp://x/v1"}, "http(s) URL"),
        ({"base_url": "not a url"}, "http(s) URL"),
        ({"model": ""}, "model"),
        ({"concurrency": 0}, "concurrency"),
        ({"max_retries": -1}, "max_retries"),
        ({"timeout": 0}, "timeout"),
        ({"max_tokens": 0}, "max_tokens"),
        ({"temperature": 2.5}, "temperature"),
        ({"temperature": True}, "temperature"),
        ({"top_p": 0}, "top_p"),
        ({"seed": "1"}, "seed"),
        ({"connect_timeout": 0}, "connect_timeout"),
        ({"max_consecutive_failures": 0}, "max_consecutive_failures"),
    ],
)
def test_config_validation(kwargs, message):
    values = {"base_url": "http://127.0.0.1:9/v1", "model": "m", **kwargs}
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        LLMConfig(**values)


@pytest.mark.parametrize(
    "request_, message",
    [
        ("just a string", "expected \\(messages, params\\)"),
        (([], {}), "non-empty list"),
        (([{"role": "user"}], {}), "str 'content'"),
        (([{"role": "user", "content": "x"}], {"model": "y"}), "may not set \\['model'\\]"),
        (([{"role": "user", "content": "x"}], {"stop": object()}), "JSON-serializable"),
    ],
)
def test_malformed_requests_are_refused_with_their_index(request_, message, tmp_path):
    config = LLMConfig(base_url="http://127.0.0.1:9/v1", model="m", cache_path=str(tmp_path / "c.sqlite"))
    with pytest.raises(ValueError, match=f"request 1: .*{message}|{message}"):
        run(config, [(msgs(0), {}), request_], dry_run=True)


def test_run_stats_add_up():
    a = RunStats(requests=3, calls_needed=2, calls_made=2, retries=1, prompt_tokens=5)
    b = RunStats(requests=1, cache_hits=1, dry_run=True)
    total = a + b
    assert (
        total.requests,
        total.calls_made,
        total.cache_hits,
        total.retries,
        total.prompt_tokens,
    ) == (4, 2, 1, 1, 5)
    assert total.dry_run


def test_run_chat_works_inside_a_running_event_loop(serve, tmp_path):
    server = serve()
    config = config_for(server, tmp_path)

    async def notebook_cell() -> list[str | None]:
        return [r.text for r in run(config, reqs(2))]  # sync call with a loop running, as in Jupyter

    assert asyncio.run(notebook_cell()) == ["echo:質問 0", "echo:質問 1"]


@pytest.mark.parametrize("library", ["httpx", "tenacity"])
def test_missing_httpx_gives_the_install_hint_unless_everything_is_cached(serve, tmp_path, monkeypatch, library):
    server = serve()
    config = config_for(server, tmp_path)
    run(config, reqs(2))
    monkeypatch.setitem(sys.modules, library, None)  # importing it now raises ImportError
    assert [r.cached for r in run(config, reqs(2))] == [True, True]
    with pytest.raises(ImportError, match=r"pip install 'lctg\[llm\]'"):
        run(config, reqs(3))


def test_progress_bar_is_labelled_on_a_terminal_only(serve, tmp_path, capsys, monkeypatch):
    pytest.importorskip("tqdm")
    server = serve()
    run_chat(config_for(server, tmp_path), reqs(3), progress="judging")
    assert "judging" not in capsys.readouterr().err  # captured stderr is no terminal: no bar
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    run_chat(config_for(server, tmp_path), reqs(6), progress="judging")
    assert "judging" in capsys.readouterr().err


@given(st.text(), st.text())
def test_message_framing_fast_path_matches_the_general_path(role, content):
    fast = _frame_messages([{"role": role, "content": content}])
    general = _frame_messages([{"role": role, "content": content, "x": 1}])
    assert fast == f"2|7:contents{len(content)}:{content}4:roles{len(role)}:{role}"
    assert general == f"3|7:contents{len(content)}:{content}4:roles{len(role)}:{role}1:xj1:1"
