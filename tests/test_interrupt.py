"""Ctrl-C (SIGINT) anywhere: one line, exit 130, no traceback, nothing half-written, no temp file left."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT
from tests.fake_openai_server import FakeOpenAIServer

LCTG = "import sys; from lctg_metrics.cli import main; sys.exit(main())"
BUILD = str(PROJECT_ROOT / "build_dataset.py")


def _start(argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """Start a command as a terminal would: with Ctrl-C's default action, even where this process was started with
    SIGINT ignored (a background job of a non-interactive shell), which the child would otherwise inherit."""
    full_env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    return subprocess.Popen(
        argv,
        cwd=PROJECT_ROOT,
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _wait_for(condition, proc: subprocess.Popen[str], what: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if proc.poll() is not None:
            out, err = proc.communicate()
            pytest.fail(f"the command ended (exit {proc.returncode}) before {what}; make the run longer\n{err}")
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def _interrupt(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    assert proc.poll() is None, "the command ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out, err


def _assert_one_line_interrupted(code: int, err: str, command: str) -> None:
    assert code == 130, err
    lines = [line for line in err.splitlines() if line.strip() and " note: " not in line]
    assert len(lines) == 1, f"expected one line on stderr, got:\n{err}"
    assert lines[0].startswith(f"{command}: interrupted;"), lines[0]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.mark.slow
def test_sigint_during_score_writes_nothing(built_dataset: Path, tmp_path: Path) -> None:
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.sample import generate

    rows = read_rows(built_dataset)
    gens = tmp_path / "in" / "g.jsonl"
    gens.parent.mkdir()
    with open(gens, "w", encoding="utf-8") as f:  # 1,680 prompts × 100 samples: seconds of scoring
        for k in range(100):
            for row in rows:
                f.write(
                    json.dumps({"id": row["id"], "sample": k, "generation": generate(row, k)}, ensure_ascii=False)
                    + "\n"
                )
    before = gens.read_bytes()
    out = tmp_path / "out"
    out.mkdir()
    proc = _start(
        [
            sys.executable,
            "-c",
            LCTG,
            "score",
            str(gens),
            "--dataset",
            str(built_dataset),
            "--json",
            str(out / "r.json"),
            "--details",
            str(out / "d.jsonl"),
        ]
    )
    _wait_for(lambda: any(out.iterdir()), proc, "the details file was staged")  # the run is under way
    time.sleep(0.5)
    code, _, err = _interrupt(proc)
    _assert_one_line_interrupted(code, err, "lctg score")
    assert "nothing written" in err
    assert _files(out) == set(), f"left behind: {_files(out)}"
    assert gens.read_bytes() == before


class _DripHandler(BaseHTTPRequestHandler):
    """Serves every file slowly (one byte every 50 ms): a build downloading from it is interrupted mid-download."""

    requests: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        type(self).requests.append(self.path)
        self.send_response(200)
        self.send_header("Content-Length", "100000")
        self.end_headers()
        try:
            for _ in range(200):
                self.wfile.write(b"{")
                self.wfile.flush()
                time.sleep(0.05)
        except OSError:
            pass

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.slow
def test_sigint_during_build_download_leaves_no_partial_file(tmp_path: Path) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _DripHandler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        cache, out = tmp_path / "cache", tmp_path / "lctg"
        _DripHandler.requests = []
        proc = _start(
            [
                sys.executable,
                BUILD,
                "--source",
                f"http://127.0.0.1:{server.server_address[1]}/release",
                "--cache-dir",
                str(cache),
                "--output",
                str(out),
            ],
            env={"LCTG_SOURCE": ""},
        )
        _wait_for(lambda: bool(_DripHandler.requests), proc, "the download started")
        time.sleep(0.3)
        code, _, err = _interrupt(proc)
    finally:
        server.shutdown()
        server.server_close()
    _assert_one_line_interrupted(code, err, "build_dataset.py")
    assert not out.exists()
    left = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert left == [], f"partial files left: {left}"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], list(tmp_path.iterdir())


@pytest.mark.slow
def test_sigint_during_llm_run_keeps_the_cache_and_writes_no_result(built_dataset: Path, tmp_path: Path) -> None:
    pytest.importorskip("httpx")
    from lctg_metrics.inputs.folder import read_rows

    rows = read_rows(built_dataset)[:40]
    gens = tmp_path / "g.jsonl"
    gens.write_text(
        "".join(
            json.dumps({"id": r["id"], "sample": 0, "generation": "テスト" * 10}, ensure_ascii=False) + "\n"
            for r in rows
        ),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    out.mkdir()
    with FakeOpenAIServer(answer=lambda body: "テスト" * 10, latency=1.0) as server:
        proc = _start(
            [
                sys.executable,
                "-c",
                LCTG,
                "score",
                str(gens),
                "--dataset",
                str(built_dataset),
                "--task",
                "summary",
                "--cleaner",
                "llm",
                "--llm-base-url",
                server.base_url,
                "--llm-model",
                "fake",
                "--llm-concurrency",
                "2",
                "--llm-cache",
                str(tmp_path / "cache.sqlite"),
                "--json",
                str(out / "r.json"),
            ],
            env={"OPENAI_API_KEY": "sk-test"},
        )
        _wait_for(lambda: server.total >= 1, proc, "the first LLM request arrived")
        time.sleep(0.2)
        code, _, err = _interrupt(proc)
    _assert_one_line_interrupted(code, err, "lctg score")
    assert "answer cache" in err
    assert _files(out) == set()
