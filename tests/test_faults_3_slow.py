"""The fault matrix, third round, slow rows: two processes contending for one output or one answer cache, and runs
under a capped address space. Every server is started by the test on 127.0.0.1 and stopped by it; every process a
test starts is waited for (or killed) by it.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_bad_inputs import GOOD, SUMMARY_IDS, _jsonl

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
#: The command, with renames slowed by ``LCTG_TEST_SLOW_RENAME`` seconds (widening every read-merge-rename window)
#: and, with ``LCTG_TEST_AS_LIMIT`` bytes, a capped address space.
RUNNER = """
import os, resource, sys, time
limit = int(os.environ.get("LCTG_TEST_AS_LIMIT", "0"))
if limit:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
delay = float(os.environ.get("LCTG_TEST_SLOW_RENAME", "0"))
if delay:
    real = os.replace
    def slow(a, b):
        time.sleep(delay)
        return real(a, b)
    os.replace = slow
from lctg_metrics.cli import main
sys.exit(main(sys.argv[1:]))
"""
#: Single-threaded numerics and few malloc arenas: the address space then measures the data, not thread reserves.
QUIET = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "MALLOC_ARENA_MAX": "2"}


def _env(workdir: Path, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        **QUIET,
        "PYTHONPATH": str(ROOT),
        "HF_HUB_OFFLINE": "1",
        "OPENAI_API_KEY": "x",
        "LCTG_CACHE_DIR": str(workdir / "cache"),
    }
    env.update(extra)
    return env


def _start(workdir: Path, argv: list[str], **extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", RUNNER, *argv],
        cwd=workdir,
        env=_env(workdir, **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _finish(p: subprocess.Popen, timeout: float = 120) -> tuple[int, str, str]:
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        raise AssertionError(f"pid {p.pid} did not finish in {timeout} s; stderr: {err[-2000:]}") from None
    return p.returncode, out, err


@pytest.fixture
def workdir(built_dataset: Path, tmp_path: Path) -> Path:
    shutil.copytree(built_dataset, tmp_path / "lctg")
    return tmp_path


SCORE = ["score", "g.jsonl", "--dataset", "lctg", "--task", "summary", "--missing", "skip", "--no-progress"]


# ---------------------------------------------------------------------------- shared outputs


@pytest.mark.parametrize("round_", range(3))
def test_two_runs_into_one_csv_dir_keep_both_models(workdir: Path, round_: int) -> None:
    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    runs = [
        _start(workdir, [*SCORE, "--csv-dir", "c", "--model-name", name], LCTG_TEST_SLOW_RENAME="2.0")
        for name in ("model-a", "model-b")
    ]
    for p in runs:
        code, _, err = _finish(p)
        assert code == 0, err
    rows = list(csv.reader(io.StringIO((workdir / "c" / "summary" / "all_scores.csv").read_text(encoding="utf-8"))))
    assert sorted(r[0] for r in rows[1:]) == ["model-a", "model-b"], rows


def test_two_runs_with_the_same_json_and_details_leave_one_run_s_set(workdir: Path) -> None:
    """Each run scores a different file (four generations, or two); whatever lands, the JSON and the details are of
    the same run."""
    sizes = {"four": 4, "two": 2}
    for name, n in sizes.items():
        (workdir / f"{name}.jsonl").write_text(_jsonl(GOOD[:n]), encoding="utf-8")
    for _ in range(3):
        runs = [
            _start(
                workdir,
                ["score", f"{name}.jsonl", *SCORE[2:], "--json", "r.json", "--details", "d.jsonl"],
                LCTG_TEST_SLOW_RENAME="0.4",
            )
            for name in sizes
        ]
        codes = []
        for p in runs:
            code, _, err = _finish(p)
            # a run that finds the outputs written by the other while it waited is refused, writing nothing
            assert code == 0 or (code == 2 and "was written by another run" in err), err
            codes.append(code)
        assert 0 in codes
        result = json.loads((workdir / "r.json").read_text(encoding="utf-8"))
        details = (workdir / "d.jsonl").read_text(encoding="utf-8").splitlines()
        total = sum(per["total"] for task in result["counts"].values() for per in task.values())
        assert total == len(details) in sizes.values(), (result["counts"], len(details))


# ---------------------------------------------------------------------------- the answer cache


def _distinct(n: int) -> str:
    return _jsonl([{"id": SUMMARY_IDS[k % 4], "sample": k // 4, "generation": f"回答その{k}です。"} for k in range(n)])


def _llm(server, *extra: str) -> list[str]:  # noqa: ANN001
    return [
        *SCORE,
        "--cleaner",
        "llm",
        "--llm-base-url",
        server.base_url,
        "--llm-model",
        "m",
        "--llm-concurrency",
        "4",
        *extra,
    ]


def test_a_stopped_run_s_claims_are_taken_over(workdir: Path, serve) -> None:  # noqa: ANN001
    """Run A claims every answer and is stopped (SIGSTOP, as Ctrl-Z); run B takes the claims over at once, instead of
    waiting for A's lease, and both end with every answer."""
    server = serve(lambda body: "テスト文章です。", latency=1.0)
    (workdir / "g.jsonl").write_text(_distinct(8), encoding="utf-8")
    a = _start(workdir, _llm(server, "--json", "a.json"))
    try:
        deadline = time.monotonic() + 60
        while server.total < 1 and time.monotonic() < deadline:  # A has claimed its first keys and is calling
            time.sleep(0.05)
        assert server.total >= 1, "run A never called"
        os.kill(a.pid, signal.SIGSTOP)
        started = time.monotonic()
        code, _, err = _finish(_start(workdir, _llm(server, "--json", "b.json")), timeout=60)
        took = time.monotonic() - started
        assert code == 0, err
        assert took < 45, f"run B waited {took:.0f} s for a stopped run's claims"
    finally:
        os.kill(a.pid, signal.SIGCONT)
    code, _, err = _finish(a)
    assert code == 0, err
    counts = [json.loads((workdir / f"{n}.json").read_text(encoding="utf-8"))["counts"] for n in "ab"]
    assert counts[0] == counts[1]


def test_a_waiting_run_says_what_it_waits_for(workdir: Path, serve) -> None:  # noqa: ANN001
    server = serve(lambda body: "テスト文章です。", latency=8.0)
    (workdir / "g.jsonl").write_text(_distinct(4), encoding="utf-8")
    a = _start(workdir, _llm(server, "--json", "a.json"))
    deadline = time.monotonic() + 60
    while server.total < 4 and time.monotonic() < deadline:  # A holds a claim on every answer
        time.sleep(0.05)
    b = _start(workdir, _llm(server, "--json", "b.json"))
    (code_a, _, err_a), (code_b, _, err_b) = _finish(a), _finish(b)
    assert code_a == 0 and code_b == 0, err_a + err_b
    waiting = [line for line in err_b.splitlines() if line.startswith("lctg: waiting for")]
    assert waiting and f"pid {a.pid}" in waiting[0] and "llm_cache.sqlite" in waiting[0], err_b
    assert server.total == 4  # B made no call of its own: it waited for A's answers


# ---------------------------------------------------------------------------- capped memory

#: The declared bound: these runs end (an error naming the limit) within this address space.
AS_LIMIT = 1 << 30


@pytest.mark.parametrize("lines, missing", [(100_000, "error"), (100_000, "skip"), (3_000_000, "skip")])
def test_one_id_on_many_lines_is_refused_within_the_memory_bound(workdir: Path, lines: int, missing: str) -> None:
    with open(workdir / "g.jsonl", "w", encoding="utf-8") as f:
        line = '{"id":"summary/1614/format","generation":"a"}\n'
        for _ in range(lines // 10_000):
            f.write(line * 10_000)
    argv = ["score", "g.jsonl", "--dataset", "lctg", "--missing", missing, "--no-progress"]
    code, _, err = _finish(_start(workdir, argv, LCTG_TEST_AS_LIMIT=str(AS_LIMIT)), timeout=300)
    assert code == 2, err[-3000:]
    assert "Traceback" not in err and len(err.splitlines()) == 1, err[-3000:]
    assert "over the limit of 5,000,000 (lctg_metrics.scoring.limits.MAX_EXPECTED)" in err


def test_huge_resamples_are_refused_within_the_memory_bound(workdir: Path) -> None:
    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    argv = [*SCORE, "--ci", "--ci-resamples", "1000000000"]
    code, _, err = _finish(_start(workdir, argv, LCTG_TEST_AS_LIMIT=str(AS_LIMIT)))
    assert code == 2 and len(err.splitlines()) == 1, err[-3000:]
    assert "--ci-resamples 1,000,000,000 is over the limit" in err


def test_the_resample_limit_itself_fits_the_memory_bound(workdir: Path) -> None:
    """An honest run at the declared limit of resamples ends with intervals inside the same bound."""
    from lctg_metrics.stats.bootstrap import MAX_RESAMPLES

    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    argv = [*SCORE, "--ci", "--ci-resamples", str(MAX_RESAMPLES), "--json", "r.json"]
    code, _, err = _finish(_start(workdir, argv, LCTG_TEST_AS_LIMIT=str(AS_LIMIT)), timeout=300)
    assert code == 0, err[-3000:]
    assert json.loads((workdir / "r.json").read_text(encoding="utf-8"))["ci"]["resamples"] == MAX_RESAMPLES
