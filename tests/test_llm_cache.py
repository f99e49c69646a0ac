"""The answer cache: checksummed rows, corrupt files named in one line, old files upgraded, and two
processes sharing one cache without making the same call twice."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.llm.cache import AnswerCache, CachedAnswer, checksum
from lctg_metrics.llm.client import LLMConfig, request_key, run_chat
from lctg_metrics.llm.errors import CacheError

ROOT = Path(__file__).resolve().parent.parent


def msgs(i: int) -> list[dict[str, str]]:
    return [{"role": "user", "content": f"問 {i}"}]


def reqs(n: int) -> list[tuple[list[dict[str, str]], dict[str, Any]]]:
    return [(msgs(i), {}) for i in range(n)]


def config_for(server: Any, path: Path, **overrides: Any) -> LLMConfig:
    values: dict[str, Any] = {
        "base_url": server.base_url,
        "model": "fake",
        "concurrency": 2,
        "timeout": 5.0,
        "max_retries": 0,
        "cache_path": str(path),
    }
    values.update(overrides)
    return LLMConfig(**values)


def test_a_row_failing_its_checksum_is_ignored_counted_and_fetched_again(serve, tmp_path):
    server = serve()
    config = config_for(server, tmp_path / "c.sqlite")
    run_chat(config, reqs(3), progress=False)
    with sqlite3.connect(config.cache_path) as db:  # bit rot, or a hand edit
        db.execute("UPDATE answers SET text = 'tampered' WHERE key = ?", (request_key(config, msgs(1), {}),))
    again = run_chat(config, reqs(3), progress=False)
    assert [r.text for r in again] == [f"echo:問 {i}" for i in range(3)]
    assert (again.stats.corrupt_rows, again.stats.cache_hits, again.stats.calls_made) == (1, 2, 1)
    assert "1 corrupt cache rows re-fetched" in again.stats.summary()
    third = run_chat(config, reqs(3), progress=False)  # the row was replaced by a good one
    assert (third.stats.corrupt_rows, third.stats.cache_hits, server.total) == (0, 3, 4)


@pytest.mark.parametrize("damage", ["garbage file", "broken page"])
def test_a_corrupt_cache_file_is_one_line_with_its_path_and_a_remedy(serve, tmp_path, damage):
    server = serve()
    path = tmp_path / "c.sqlite"
    config = config_for(server, path)
    if damage == "garbage file":
        path.write_bytes(b"this is not an SQLite file\n" * 200)
    else:
        run_chat(config, reqs(50), progress=False)  # closing checkpoints the WAL into the file
        data = bytearray(path.read_bytes())
        page = int.from_bytes(data[16:18], "big")
        data[page : page + 64] = b"\xff" * 64  # the b-tree header of page 2
        path.write_bytes(bytes(data))
    with pytest.raises(CacheError) as info:
        run_chat(config, reqs(50), progress=False)
    message = str(info.value)
    assert "\n" not in message and str(path) in message and "move it aside" in message and "pass --llm-cache" in message
    assert info.value.__cause__ is None and info.value.__suppress_context__  # no sqlite traceback chained
    assert isinstance(info.value, ValueError)  # reported like any bad input file


def test_a_version_1_cache_is_upgraded_and_its_answers_kept(serve, tmp_path):
    server = serve()
    path = tmp_path / "old.sqlite"
    config = config_for(server, path)
    with sqlite3.connect(path) as db:  # the layout of lctg's first cache
        db.execute(
            "CREATE TABLE answers (key TEXT PRIMARY KEY, text TEXT NOT NULL, prompt_tokens INTEGER NOT NULL,"
            " completion_tokens INTEGER NOT NULL, model TEXT NOT NULL, created REAL NOT NULL)"
        )
        db.execute("INSERT INTO answers VALUES (?, 'from v1', 4, 1, 'fake', 0)", (request_key(config, msgs(0), {}),))
        db.execute("PRAGMA user_version=1")
    plan = run_chat(config, reqs(2), progress=False, dry_run=True)  # read as it is, not upgraded
    assert (plan.stats.cache_hits, plan.stats.calls_needed, plan[0].text) == (1, 1, "from v1")
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
    results = run_chat(config, reqs(2), progress=False)
    assert [r.text for r in results] == ["from v1", "echo:問 1"] and server.total == 1
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 2


def test_claims_bind_live_runs_only(tmp_path):
    path = tmp_path / "c.sqlite"
    with AnswerCache(path, owner="a") as a, AnswerCache(path, owner="b") as b:
        assert a.claim(["k", "j"], lease=60) == (["k", "j"], [], {})
        assert b.claim(["k", "i"], lease=60) == (["i"], ["k"], {})  # a is alive (this very process)
        a.release("k")
        assert b.claim(["k"], lease=60) == (["k"], [], {})
        b.put("k", CachedAnswer("answer", 1, 2), model="m")
        assert a.claim(["k"], lease=60) == ([], [], {"k": CachedAnswer("answer", 1, 2)})  # answered meanwhile
        assert a.claim(["x"], lease=-1) == (["x"], [], {})  # an expired claim ...
        assert b.claim(["x"], lease=60) == (["x"], [], {})  # ... is taken over
    with AnswerCache(path, owner="c") as c:
        c._db.execute("INSERT INTO pending VALUES ('dead', 'gone', 2147483646, ?, ?)", (c.host, time.time() + 999))
        assert c.claim(["dead"], lease=60) == (["dead"], [], {})  # its process is gone
    with sqlite3.connect(path) as db:  # closing a cache drops its run's claims
        assert db.execute("SELECT COUNT(*) FROM pending").fetchone()[0] == 0
    assert checksum("k", CachedAnswer("answer", 1, 2)) != checksum("k", CachedAnswer("answer", 1, 3))


_WORKER = """
import json, sys
from lctg_metrics.llm.client import LLMConfig, run_chat
base_url, cache, out, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
config = LLMConfig(base_url=base_url, model="fake", concurrency=3, cache_path=cache, timeout=10.0)
sys.stdin.readline()  # start together
results = run_chat(config, [([{"role": "user", "content": f"item {i}"}], {}) for i in range(n)], progress=False)
s = results.stats
json.dump({"texts": [r.text for r in results], "calls_made": s.calls_made, "cache_hits": s.cache_hits,
           "elsewhere": s.answered_elsewhere}, open(out, "w"))
"""


@pytest.mark.slow
def test_two_processes_sharing_a_cache_never_make_the_same_call_twice(serve, tmp_path):
    n = 60
    server = serve(latency=0.03)
    script = tmp_path / "worker.py"
    script.write_text(_WORKER, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cache = tmp_path / "shared.sqlite"
    outs = [tmp_path / f"out{i}.json" for i in range(2)]
    procs = [
        subprocess.Popen(
            [sys.executable, str(script), server.base_url, str(cache), str(out), str(n)],
            env=env,
            stdin=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for out in outs
    ]
    time.sleep(1.0)  # both have imported everything
    for proc in procs:
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err[-2000:]
    summaries = [json.loads(out.read_text(encoding="utf-8")) for out in outs]
    expected = [f"echo:item {i}" for i in range(n)]
    assert all(s["texts"] == expected for s in summaries)
    assert server.total == n and set(server.counts.values()) == {1}  # every prompt asked exactly once
    assert sum(s["calls_made"] for s in summaries) == n
    for s in summaries:  # what one run did not call, it found cached or waited for
        assert s["calls_made"] + s["cache_hits"] + s["elsewhere"] == n
    with sqlite3.connect(cache) as db:
        assert db.execute("SELECT COUNT(*) FROM pending").fetchone()[0] == 0


def test_a_group_commit_stores_each_answer_and_its_truncation_mark(tmp_path):
    path = tmp_path / "c.sqlite"
    items = [
        ("a", CachedAnswer("一", 1, 2), False),
        ("b", CachedAnswer("二", 3, 4), True),
        ("c", CachedAnswer("", 0, 0), False),
    ]
    with AnswerCache(path, owner="run") as cache:
        cache.put_many(items, model="m")
        assert cache.get_many(["a", "b", "c", "d"]) == {k: a for k, a, _ in items}
        assert cache.truncated_keys(["a", "b", "c"]) == {"b"}
        cache.put_many([("b", CachedAnswer("二 whole", 3, 9), False)], model="m")  # answered again, not cut
        assert cache.truncated_keys(["a", "b", "c"]) == set()
    with sqlite3.connect(path) as db:  # every row carries its own checksum, as a single put writes it
        rows = db.execute("SELECT key, text, prompt_tokens, completion_tokens, checksum FROM answers ORDER BY key")
        assert [(k, d) for k, *_, d in rows] == [
            ("a", checksum("a", CachedAnswer("一", 1, 2))),
            ("b", checksum("b", CachedAnswer("二 whole", 3, 9))),
            ("c", checksum("c", CachedAnswer("", 0, 0))),
        ]


def test_a_commit_that_fails_stops_the_run_in_one_line_and_keeps_the_answers_before_it(serve, tmp_path, monkeypatch):
    server = serve()
    config = config_for(server, tmp_path / "c.sqlite", concurrency=1)
    real, commits = AnswerCache.put_many, []

    def put_many(self: AnswerCache, items: Any, *, model: str) -> None:
        commits.append(len(items))
        if len(commits) == 3:
            raise CacheError(f"LLM cache {self.path}: the disk is full (database or disk is full)")
        real(self, items, model=model)

    monkeypatch.setattr(AnswerCache, "put_many", put_many)
    with pytest.raises(CacheError, match="the disk is full"):
        run_chat(config, reqs(6), progress=False)
    monkeypatch.setattr(AnswerCache, "put_many", real)
    kept = sum(commits[:2])  # concurrency 1: one answer per commit
    again = run_chat(config, reqs(6), progress=False)
    assert [r.text for r in again] == [f"echo:問 {i}" for i in range(6)]
    assert (again.stats.cache_hits, again.stats.calls_made) == (kept, 6 - kept) == (2, 4)
