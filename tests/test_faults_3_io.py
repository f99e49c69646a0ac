"""The fault matrix, third round: what the environment and the far end do — standard output closed or unable to
encode, an endpoint sending a lone surrogate, no file descriptor left, a full disk under the answer cache, broken
batch lines, a download that drips, never ends or is corrupt gzip, a build into a folder it cannot write, and the
temp folders of interrupted builds. Servers are started on 127.0.0.1 by the test and stopped by it."""

from __future__ import annotations

import errno
import gzip
import io
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.test_bad_inputs import GOOD, SCORE, _jsonl, _run, _tree, workdir  # noqa: F401 (workdir: fixture)

# ---------------------------------------------------------------------------- standard output


def test_closed_stdout_is_one_line_before_any_work(workdir: Path, capsys, monkeypatch) -> None:  # noqa: ANN001
    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    before = _tree(workdir)
    monkeypatch.setattr(sys, "stdout", None)
    code, _, err = _run([*SCORE, "--json", "r.json"], capsys)
    assert (
        code == 2
        and err.strip()
        == "lctg score: error: standard output is closed; run the command with standard output open (e.g. > FILE)"
    ), err
    assert _tree(workdir) == before


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_stdout_that_cannot_print_japanese_is_refused_before_the_outputs(
    workdir: Path,
    capsys,
    monkeypatch,  # noqa: ANN001
    encoding: str,
) -> None:
    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    before = _tree(workdir)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding=encoding))
    code, _, err = _run([*SCORE, "--json", "r.json"], capsys)
    assert code == 2 and len(err.splitlines()) == 1, err
    assert f"standard output encodes {encoding}, which cannot print the results" in err and "PYTHONIOENCODING" in err
    assert _tree(workdir) == before  # not written, then failed


def test_utf8_stdout_still_prints(workdir: Path, capsys, monkeypatch) -> None:  # noqa: ANN001
    """The honest case: a UTF-8 standard output prints the table, exit 0."""
    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    buffer = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(buffer, encoding="utf-8"))
    code, _, err = _run(SCORE, capsys)
    sys.stdout.flush()
    assert code == 0, err
    shown = buffer.getvalue().decode("utf-8")
    assert "FORMAT" in shown and "summary" in shown, shown


@pytest.mark.slow
@pytest.mark.parametrize("how", ["broken pipe", "full device"])
def test_a_failed_write_to_stdout_is_one_line(workdir: Path, how: str) -> None:
    import subprocess

    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "HF_HUB_OFFLINE": "1"}
    code = "import sys; from lctg_metrics.cli import main; sys.exit(main(sys.argv[1:]))"
    if how == "broken pipe":
        p = subprocess.Popen(
            [sys.executable, "-c", code, *SCORE], cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        p.stdout.close()  # the reader is gone before the table is printed
        err = p.stderr.read().decode("utf-8")
        rc = p.wait(timeout=120)
        expected = "standard output was closed by its reader (broken pipe)"
    else:
        if not os.path.exists("/dev/full"):
            pytest.skip("no /dev/full here")
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [sys.executable, "-c", code, *SCORE],
                cwd=workdir,
                env=env,
                stdout=full,
                stderr=subprocess.PIPE,
                timeout=120,
            )
        rc, err = done.returncode, done.stderr.decode("utf-8")
        expected = "standard output: cannot write (No space left on device)"
    assert rc == 2, err
    assert "Traceback" not in err and "Exception ignored" not in err and len(err.splitlines()) == 1, err
    assert expected in err


# ---------------------------------------------------------------------------- the endpoint and the cache


@pytest.fixture
def llm_env(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LCTG_CACHE_DIR", str(workdir / "cache"))
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    (workdir / "g.jsonl").write_text(_jsonl(GOOD), encoding="utf-8")
    return workdir


def test_a_lone_surrogate_in_an_answer_names_the_endpoint_and_the_cleaner(llm_env: Path, serve, capsys) -> None:  # noqa: ANN001
    from tests.fake_openai_server import Failure, fail_always

    body = '{"choices": [{"message": {"role": "assistant", "content": "a\\ud800b"}, "finish_reason": "stop"}]}'
    server = serve(script=fail_always(Failure("malformed", body=body)))
    code, _, err = _run(
        [*SCORE, "--cleaner", "llm", "--llm-base-url", server.base_url, "--llm-model", "m", "--llm-max-retries", "0"],
        capsys,
    )
    assert code == 2, err
    line = err.strip().splitlines()[-1]
    assert line.startswith("lctg score: error: LLM cleaner:") and "Traceback" not in err
    assert f"m@127.0.0.1:{server.port}" in line and "lone surrogate (U+D800" in line


def test_running_out_of_file_descriptors_is_not_a_connection_error(
    llm_env: Path,
    serve,
    capsys,  # noqa: ANN001
    monkeypatch,
) -> None:
    import httpx

    from lctg_metrics.llm import transport

    async def no_fd(self, body):  # noqa: ANN001, ARG001
        try:
            raise OSError(errno.EMFILE, "Too many open files")
        except OSError as e:
            raise httpx.ConnectError("[Errno 24] Too many open files") from e

    monkeypatch.setattr(transport.Connection, "post", no_fd)
    server = serve(lambda body: "テスト")
    code, _, err = _run([*SCORE, "--cleaner", "llm", "--llm-base-url", server.base_url, "--llm-model", "m"], capsys)
    assert code == 2, err
    line = err.strip().splitlines()[-1]
    assert "ran out of file descriptors" in line and "--llm-concurrency" in line and "ulimit -n" in line, line
    assert "connection error" not in line
    assert server.total == 0


@pytest.mark.parametrize(
    "message, free, expected",
    [
        ("database or disk is full", 10 << 30, "the disk is full"),
        ("disk I/O error", 1 << 20, "the disk is full"),
        ("disk I/O error", 10 << 30, "not usable (disk I/O error); check the disk"),
        ("database is locked", 10 << 30, "locked by another run for more than 30 s"),
        ("file is not a database", 10 << 30, "move it aside"),
    ],
)
def test_cache_errors_name_the_cause_and_never_advise_deleting_paid_answers(
    tmp_path: Path,
    monkeypatch,  # noqa: ANN001
    message: str,
    free: int,
    expected: str,
) -> None:
    import shutil

    from lctg_metrics.llm.cache_errors import Guard
    from lctg_metrics.llm.errors import CacheError

    monkeypatch.setattr(shutil, "disk_usage", lambda p: shutil._ntuple_diskusage(100 << 30, 100 << 30, free))
    with pytest.raises(CacheError) as info:
        with Guard(str(tmp_path / "c.sqlite")):
            raise sqlite3.OperationalError(message)
    text = str(info.value)
    assert expected in text and str(tmp_path / "c.sqlite") in text, text
    assert "delete it or" not in text and "delete the file" not in text


def test_broken_batch_lines_are_named_under_every_policy(workdir: Path, capsys) -> None:  # noqa: ANN001
    good = {
        "custom_id": "summary/1614/format#0",
        "response": {
            "status_code": 200,
            "body": {"choices": [{"message": {"content": "テスト"}, "finish_reason": "stop"}]},
        },
    }
    bad = {"custom_id": "summary/1614/keyword#0", "error": {"message": "quota exceeded"}}
    (workdir / "out.jsonl").write_text(_jsonl([good, bad]), encoding="utf-8")
    for missing, said in (
        ("error", "out.jsonl:2: custom_id 'summary/1614/keyword#0' failed: quota exceeded"),
        ("skip", "note: 1 batch line(s) got no answer and are left out (--missing skip): "),
        ("fail", "note: 1 batch line(s) got no answer: missing generations, counted as failures (--missing fail): "),
    ):
        code, _, err = _run(
            [
                "score",
                "out.jsonl",
                "--dataset",
                "lctg",
                "--task",
                "summary",
                "--from",
                "openai-batch",
                "--missing",
                missing,
                "--no-progress",
            ],
            capsys,
        )
        assert code == (2 if missing == "error" else 0), err
        assert said in err and "out.jsonl:2" in err and "quota exceeded" in err, (missing, err)


# ---------------------------------------------------------------------------- downloads of the build


def _serve_http(handler: Callable[[BaseHTTPRequestHandler], None]) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            try:
                handler(self)
            except OSError:  # the client gave up
                pass

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def _drip(h: BaseHTTPRequestHandler) -> None:
    h.send_response(200)
    h.end_headers()
    for _ in range(400):  # bounded: 400 bytes over up to 20 s; the client's deadline (1 s) cuts it first
        h.wfile.write(b"x")
        h.wfile.flush()
        time.sleep(0.05)


def _endless(h: BaseHTTPRequestHandler) -> None:
    h.send_response(200)
    h.end_headers()
    for _ in range(4096):  # bounded: 64 MB at most; the client's cap (256 KB) cuts it first
        h.wfile.write(b"y" * 16384)


def _corrupt_gzip(h: BaseHTTPRequestHandler) -> None:
    data = bytearray(gzip.compress(b'{"a": 1}\n' * 1000))
    data[20:40] = b"\x00" * 20
    h.send_response(200)
    h.send_header("Content-Encoding", "gzip")
    h.send_header("Content-Length", str(len(data)))
    h.end_headers()
    h.wfile.write(bytes(data))


@pytest.mark.parametrize(
    "handler, expected",
    [
        (_drip, r"took longer than 1 s \(source\.DOWNLOAD_DEADLINE_S\)"),
        (_endless, r"is larger than 262,144 bytes \(source\.MAX_DOWNLOAD_BYTES\)"),
        (_corrupt_gzip, r"sent gzip-compressed data that is corrupt"),
    ],
)
def test_a_download_is_bounded_and_named(tmp_path: Path, monkeypatch, handler, expected: str) -> None:  # noqa: ANN001
    import re

    from lctg_dataset import download
    from lctg_dataset.errors import SourceError

    monkeypatch.setattr(download, "DOWNLOAD_DEADLINE_S", 1)
    monkeypatch.setattr(download, "MAX_DOWNLOAD_BYTES", 256 * 1024)
    for url in _serve_http(handler):
        started = time.monotonic()
        with pytest.raises(SourceError) as info:
            download.download(url, tmp_path / "cache", verify=True)
        assert time.monotonic() - started < 15
    text = str(info.value)
    assert re.search(expected, text) and "\n" not in text and "download failed: http://127.0.0.1:" in text, text
    assert not any(p.is_file() for p in (tmp_path / "cache").rglob("*"))  # nothing landed in the cache


def test_an_honest_gzip_download_is_inflated(tmp_path: Path) -> None:
    from lctg_dataset.download import _get

    payload = "".join(f'{{"n": {i}}}\n' for i in range(5000)).encode()

    def send(h: BaseHTTPRequestHandler) -> None:
        data = gzip.compress(payload)
        h.send_response(200)
        h.send_header("Content-Encoding", "gzip")
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    for url in _serve_http(send):
        assert _get(url + "x.jsonl") == payload


# ---------------------------------------------------------------------------- the build's folders


def test_a_build_into_an_unwritable_folder_names_the_folder_not_a_temp_path(
    tmp_path: Path,
    monkeypatch,  # noqa: ANN001
    source_dir: Path,
) -> None:
    import tempfile

    from lctg_dataset.build import build
    from lctg_dataset.errors import OutputError
    from lctg_dataset.write import write_dataset

    def refused(*args, **kwargs):  # noqa: ANN002, ANN003
        raise PermissionError(errno.EROFS, "Read-only file system", str(tmp_path / ".lctg-tmp-xyz"))

    result = build(str(source_dir))
    monkeypatch.setattr(tempfile, "mkdtemp", refused)
    with pytest.raises(OutputError) as info:
        write_dataset(result, tmp_path / "lctg")
    text = str(info.value)
    assert f"--output {tmp_path / 'lctg'}: cannot write in {tmp_path} (Read-only file system)" in text, text
    assert "-tmp-" not in text


def test_stale_build_temp_folders_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    import subprocess

    from lctg_dataset.output import _host, remove_stale, temp_prefix

    out = tmp_path / "lctg"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    made = {
        "dead": tmp_path / f".lctg-tmp-{_host()}-{dead.pid}-abcd1234",
        "mine": Path(f"{tmp_path / temp_prefix(out)}abcd1234"),
        "other host": tmp_path / f".lctg-tmp-00000000-{dead.pid}-abcd1234",
        "legacy old": tmp_path / ".lctg-tmp-abcd1234",
        "legacy new": tmp_path / ".lctg-tmp-efgh5678",
        "other out": tmp_path / f".other-tmp-{_host()}-{dead.pid}-abcd1234",
    }
    for folder in made.values():
        (folder / "data").mkdir(parents=True)
        (folder / "data" / "x.parquet").write_bytes(b"x")
    hour_ago = time.time() - 3600
    os.utime(made["legacy old"], (hour_ago, hour_ago))
    removed = remove_stale(out)
    assert sorted(removed) == sorted([made["dead"], made["legacy old"]])
    assert all(made[k].is_dir() for k in ("mine", "other host", "legacy new", "other out"))


def test_an_interrupted_swap_is_put_back(tmp_path: Path) -> None:
    from lctg_dataset.output import remove_stale

    aside = tmp_path / ".lctg-old-0123456789ab"
    (aside / "data").mkdir(parents=True)
    (aside / "manifest.json").write_text("{}", encoding="utf-8")
    remove_stale(tmp_path / "lctg")
    assert (tmp_path / "lctg" / "manifest.json").is_file() and not aside.exists()


@pytest.mark.parametrize("home", ["", None, "relative"])
def test_a_download_without_a_usable_home_names_home(monkeypatch, home) -> None:  # noqa: ANN001
    from lctg_dataset.errors import SourceError
    from lctg_dataset.source import default_cache_dir

    monkeypatch.delenv("LCTG_CACHE_DIR", raising=False)
    if home is None:
        monkeypatch.delenv("HOME", raising=False)
    else:
        monkeypatch.setenv("HOME", home)
    with pytest.raises(SourceError, match=r"^HOME is .*: a download has no cache folder .*LCTG_CACHE_DIR"):
        default_cache_dir()


# ---------------------------------------------------------------------------- answer-cache claims


def test_a_claim_renewed_by_its_heartbeat_binds_and_a_lapsed_one_is_taken_over(tmp_path: Path) -> None:
    from lctg_metrics.llm.cache import AnswerCache

    path = tmp_path / "c.sqlite"
    with AnswerCache(path, owner="a") as a, AnswerCache(path, owner="b") as b:
        a.host = b.host = "here"  # claims of this host are also checked for their process: keep them alive
        assert a.claim(["k", "j"], lease=1.5) == (["k", "j"], [], {})  # long enough for a loaded machine to renew
        a.renew(60)  # the heartbeat
        time.sleep(1.6)
        assert b.claim(["k"], lease=60)[1] == ["k"]  # renewed: still bound
        with AnswerCache(path, owner="c") as c:
            c.host = "elsewhere"  # a run on another host that stopped renewing
            c._db.execute(
                "UPDATE pending SET owner = 'c', host = 'elsewhere', expires = ? WHERE key = 'j'", (time.time() - 1,)
            )
        assert b.claim(["j"], lease=60)[0] == ["j"]  # lapsed: taken over
        held = b.holders(["k"])
        assert [(pid, host) for pid, host, _ in held] == [(os.getpid(), "here")] and 50 < held[0][2] <= 60


def test_a_stopped_process_does_not_hold_its_claims(tmp_path: Path) -> None:
    import signal
    import subprocess

    from lctg_metrics.llm.owners import alive, stopped

    p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        here, now = "h", time.time()
        assert alive(p.pid, "h", now + 60, here=here, now=now) and not stopped(p.pid)
        os.kill(p.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 10
        while not stopped(p.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert stopped(p.pid) and not alive(p.pid, "h", now + 60, here=here, now=now)
        assert alive(p.pid, "elsewhere", now + 60, here=here, now=now)  # another host's claim: its lease decides
        os.kill(p.pid, signal.SIGCONT)
        deadline = time.monotonic() + 10
        while stopped(p.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert alive(p.pid, "h", now + 60, here=here, now=now)
    finally:
        p.kill()
        p.wait()
