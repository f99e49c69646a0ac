"""The fault matrix, second round: special files as outputs, stray reasoning tags, unverified dataset folders, CSV
edges, unbounded numbers and nesting. One table row each: the outcome class (a correct result with exit 0, or ONE
line on stderr with exit 2 and no traceback), and nothing changed — every regular file under the working folder is
hashed before and after, and every special file (FIFO, socket, device node, symlink) keeps its kind and target.

Special files are made inside the test's temp folder only (never /dev): FIFOs and sockets always, a character
device with ``os.mknod`` when the process may (root in most containers), else that row is skipped with the reason.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lctg_metrics.cli import main
from tests.test_bad_inputs import CSV_HEAD, GOOD, SCORE, SUMMARY_IDS, _both, _bytes, _dir, _edit_dataset, _jsonl, _text

G = _text("g.jsonl", _jsonl(GOOD))
CSV = ["score", "g.csv", "--dataset", "lctg", "--task", "summary", "--missing", "fail", "--no-progress"]


def _fifo(name: str) -> Callable[[Path], None]:
    return lambda root: os.mkfifo(root / name)


def _socket(name: str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        cwd = os.getcwd()
        os.chdir(root)  # a relative name keeps the address short
        try:
            s.bind(name)
        finally:
            os.chdir(cwd)
        s.close()  # the socket file stays
    return setup


def _chardev(name: str) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        try:
            os.mknod(root / name, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # the null device's numbers, in tmp
        except (PermissionError, OSError) as e:
            pytest.skip(f"cannot make a device node here ({e.strerror or e})")
    return setup


def _symlink(name: str, to: str) -> Callable[[Path], None]:
    return lambda root: os.symlink(to, root / name)


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def _stale(name: str, *, pid: int | None = None, legacy: bool = False, age: float = 0) -> Callable[[Path], None]:
    """A temp file an interrupted run left: ours (host tag, dead pid) or an older version's ``.<name>.<rand>.tmp``."""
    def setup(root: Path) -> None:
        from lctg_metrics.outputs import _host

        path = root / (f".{name}.abcd1234.tmp" if legacy else
                       f".lctg-tmp-{_host()}-{pid or _dead_pid()}-{name}.abcd1234.tmp")
        path.write_bytes(b"x" * 1000)
        if age:
            t = time.time() - age
            os.utime(path, (t, t))
    return setup


def _flip(path: Path, at: int = 200) -> None:
    """Flip one bit of a file (a damaged copy)."""
    data = bytearray(path.read_bytes())
    data[at] ^= 0x01
    path.write_bytes(bytes(data))


@dataclass
class Row:
    name: str
    argv: list[str]
    message: str  # regex the one stderr line must match (exit 2), or that stderr must match (exit 0)
    setup: Callable[[Path], None] = G
    code: int = 2
    outputs: tuple[str, ...] = field(default=())  # files a successful run may create or replace
    removed: tuple[str, ...] = field(default=())  # stale temp files a run must remove
    stdout: str | None = None  # regex standard output must match (exit 0)


def _manifest_edit(edit: Callable[[dict], None]) -> Callable[[Path], None]:
    def setup(d: Path) -> None:
        m = json.loads((d / "manifest.json").read_text(encoding="utf-8"))
        edit(m)
        (d / "manifest.json").write_text(json.dumps(m), encoding="utf-8")
    return _edit_dataset(setup)


ROWS: list[Row] = [
    # outputs: special files are refused before any work, symlinks written through, - is standard output
    Row("json is a FIFO", [*SCORE, "--json", "f"], r"--json f is a FIFO \(named pipe\), not a regular file", _both(G, _fifo("f"))),
    Row("details is a FIFO", [*SCORE, "--details", "f"], r"--details f is a FIFO", _both(G, _fifo("f"))),
    Row("json is a socket", [*SCORE, "--json", "s"], r"--json s is a socket, not a regular file", _both(G, _socket("s"))),
    Row("json is a device node", [*SCORE, "--json", "dev"], r"--json dev is a character device, not a regular file",
        _both(G, _chardev("dev"))),
    Row("json links to a FIFO", [*SCORE, "--json", "l"], r"--json l \(a symlink to .*/f\) is a FIFO",
        _both(G, _fifo("f"), _symlink("l", "f"))),
    Row("csv-dir file is a FIFO", [*SCORE, "--csv-dir", "c"], r"--csv-dir c/summary/all_scores\.csv is a FIFO",
        _both(G, _dir("c/summary"), _fifo("c/summary/all_scores.csv"))),
    Row("prompts output is a FIFO", ["prompts", "--dataset", "lctg", "-o", "f"], r"--output f is a FIFO", _fifo("f")),
    Row("sample output is a device node", ["sample", "--dataset", "lctg", "-o", "dev"], r"--output dev is a character device",
        _chardev("dev")),
    Row("compare json is a FIFO", ["compare", "g.jsonl", "g.jsonl", "--json", "f"], r"--json f is a FIFO", _both(G, _fifo("f"))),
    Row("json and details both stdout", [*SCORE, "--json", "-", "--details", "-"], r"--json - and --details - both write to standard output"),
    Row("csv-dir is stdout", [*SCORE, "--csv-dir", "-"], r"--csv-dir -: standard output takes one file, not a folder"),
    Row("json through a symlink", [*SCORE, "--json", "l"], r"^note: --json l is a symlink: writing through to .*/r\.json",
        _both(G, _text("r.json", "old\n"), _symlink("l", "r.json")), code=0, outputs=("r.json",)),
    Row("json is stdout", [*SCORE, "--json", "-"], r"FORMAT", code=0, stdout=r'^\{\n  "signature": "lctg\|'),
    Row("details is stdout", [*SCORE, "--details", "-"], r"FORMAT", code=0, stdout=r'^\{"id": "summary/1614/format"'),
    Row("prompts to stdout", ["prompts", "--dataset", "lctg", "--task", "summary", "-o", "-"], r"^wrote \d+ prompts to -",
        setup=lambda root: None, code=0, stdout=r'^\{"id": "summary/'),
    Row("stale temp files removed", [*SCORE, "--json", "r.json", "--details", "d.jsonl"],
        r"^note: removed 2 temp file\(s\) left by interrupted runs", code=0, outputs=("r.json", "d.jsonl"),
        setup=_both(G, _stale("r.json"), _stale("d.jsonl", legacy=True, age=3600)),
        removed=("DEAD", ".d.jsonl.abcd1234.tmp")),
    # the dataset folder: every file read is checked against the manifest, whose paths stay inside the folder
    Row("a flipped byte in a parquet file", SCORE, r"--dataset lctg: data/summary/test-00000-of-00001\.parquet differs from its sha256",
        _both(G, _edit_dataset(lambda d: _flip(d / "data/summary/test-00000-of-00001.parquet")))),
    Row("a flipped bit near the end (--config summary)", [*SCORE[:4], "--config", "summary"], r"data/summary/test-00000-of-00001\.parquet differs",
        _both(G, _edit_dataset(lambda d: _flip(d / "data/summary/test-00000-of-00001.parquet", at=-100)))),
    Row("manifest path outside the folder", SCORE, r"key 'configs\.all\.files' lists '\.\./x\.parquet', which is not a path inside",
        _both(G, _manifest_edit(lambda m: m["configs"]["all"]["files"].append("../x.parquet")))),
    Row("manifest absolute path", SCORE, r"lists '/etc/passwd', which is not a path inside",
        _both(G, _manifest_edit(lambda m: m["files"].update({"/etc/passwd": "0" * 64})))),
    Row("manifest without file digests", SCORE, r"manifest\.json: key 'files' \(the sha256 of every file\) is missing",
        _both(G, _manifest_edit(lambda m: m.pop("files")))),
    Row("manifest config not an object", SCORE, r"key 'configs\.all\.files' must be a list of paths, got int",
        _both(G, _manifest_edit(lambda m: m["configs"].update({"all": 5})))),
    Row("manifest files not a list", SCORE, r"key 'configs\.all\.files' must be a list of paths, got str",
        _both(G, _manifest_edit(lambda m: m["configs"]["all"].update({"files": "data"})))),
    Row("manifest digest not hex", SCORE, r"key 'files\.README\.md' must be a sha256",
        _both(G, _manifest_edit(lambda m: m["files"].update({"README.md": 5})))),
    Row("parquet without a digest", SCORE, r"data/summary/test-00000-of-00001\.parquet has no sha256 in manifest\.json",
        _both(G, _manifest_edit(lambda m: m["files"].pop("data/summary/test-00000-of-00001.parquet")))),
    Row("manifest nested too deep", SCORE, r"manifest\.json: unreadable \(RecursionError",
        _both(G, _edit_dataset(lambda d: (d / "manifest.json").write_text("[" * 100000, encoding="utf-8")))),
    Row("revision climbing out of the cache", ["score", "g.jsonl", "--dataset", "me/lctg", "--revision", "../../../../x"],
        r"revision '\.\./\.\./\.\./\.\./x' is not a git tag, branch or commit"),
    Row("prompts from a damaged folder", ["prompts", "--dataset", "lctg", "-o", "p.jsonl"], r"data/ad_text/test-00000-of-00001\.parquet differs",
        _edit_dataset(lambda d: _flip(d / "data/ad_text/test-00000-of-00001.parquet"))),
    Row("live and fresh temp files kept", [*SCORE, "--json", "r.json"], r"^$", code=0, outputs=("r.json",),
        setup=_both(G, _stale("r.json", pid=1), _stale("d.jsonl", legacy=True))),
]


def _tree(root: Path) -> dict[str, str]:
    """Every entry under root: a regular file by its sha256, a symlink by its target, anything else by its kind."""
    out = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if p.is_symlink():
            out[rel] = "link:" + os.readlink(p)
            continue
        mode = p.lstat().st_mode
        if stat.S_ISREG(mode):
            out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
        elif not stat.S_ISDIR(mode):
            out[rel] = f"special:{stat.S_IFMT(mode):o}:{p.lstat().st_rdev}"
    return out


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as e:  # argparse usage errors
        code = int(e.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def workdir(built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    shutil.copytree(built_dataset, tmp_path / "lctg")
    return tmp_path


def test_matrix_size() -> None:
    assert len(ROWS) >= 15 and len({r.name for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_fault(row: Row, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row.setup(workdir)
    before = _tree(workdir)
    code, out, err = _run(row.argv, capsys)
    after = _tree(workdir)
    assert code == row.code, err
    assert "Traceback" not in err, err
    removed = {k for k in before if k not in after}
    expected_gone = {k for k in before if any(k == r or (r == "DEAD" and k.startswith(".lctg-tmp-")) for r in row.removed)}
    assert removed == expected_gone, f"removed {sorted(removed)}, expected {sorted(expected_gone)}"
    changed = sorted(k for k in before if k in after and after[k] != before[k] and k not in row.outputs)
    created = sorted(set(after) - set(before) - set(row.outputs))
    assert changed == [] and created == [], f"files changed {changed}, left behind {created}"
    if row.code == 0:
        assert re.search(row.message, err, re.M), err
        if row.stdout is not None:
            assert re.search(row.stdout, out), out[:300]
        return
    assert len(err.splitlines()) == 1, err
    assert re.search(row.message, err), err


def test_json_to_stdout_is_the_file_it_would_write(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    G(workdir)
    code, out, _ = _run([*SCORE, "--json", "-"], capsys)
    assert code == 0
    code, _, err = _run([*SCORE, "--json", "r.json"], capsys)
    assert code == 0, err
    assert json.loads(out)["counts"] == json.loads((workdir / "r.json").read_text(encoding="utf-8"))["counts"]


def test_symlinked_output_keeps_its_link_and_updates_its_target(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    G(workdir)
    (workdir / "real").mkdir()
    (workdir / "real" / "r.json").write_text("old\n", encoding="utf-8")
    os.symlink("real/r.json", workdir / "l.json")
    code, _, err = _run([*SCORE, "--json", "l.json"], capsys)
    assert code == 0, err
    assert (workdir / "l.json").is_symlink() and os.readlink(workdir / "l.json") == "real/r.json"
    assert json.loads((workdir / "real" / "r.json").read_text(encoding="utf-8"))["signature"].startswith("lctg|")
    assert sorted(p.name for p in (workdir / "real").iterdir()) == ["r.json"]  # no temp file left beside the target


def test_a_killed_streamed_run_leaves_a_temp_file_the_next_run_removes(workdir: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """SIGKILL while the details are staged: the staged file stays (nothing can remove it then); the next run of
    any command writing beside it does."""
    G(workdir)
    script = ("import os, signal, sys\n"
              "from lctg_metrics.outputs import Staged\n"
              "s = Staged('d.jsonl'); s.write('x' * 100000); s.file.flush()\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    proc = subprocess.run([sys.executable, "-c", script], cwd=workdir)
    assert proc.returncode == -9
    left = [p.name for p in workdir.iterdir() if p.name.startswith(".lctg-tmp-")]
    assert len(left) == 1 and "-d.jsonl." in left[0]
    code, _, err = _run(["sample", "--dataset", "lctg", "--task", "summary", "-o", "d.jsonl"], capsys)
    assert code == 0, err
    assert "removed 1 temp file(s)" in err
    assert not [p for p in workdir.iterdir() if p.name.startswith(".lctg-tmp-")]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_flipped_bit_of_a_parquet_file_is_refused(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory,
                                                      data: st.DataObject) -> None:
    """Before, a third of single-bit flips read without error but with altered data; now every one is refused."""
    from lctg_metrics.inputs import read_rows
    from lctg_metrics.schema import ScoringError

    folder = tmp_path_factory.mktemp("flip") / "lctg"
    shutil.copytree(built_dataset, folder)
    rel = "data/summary/test-00000-of-00001.parquet"
    raw = bytearray((folder / rel).read_bytes())
    at, bit = data.draw(st.integers(0, len(raw) - 1)), data.draw(st.integers(0, 7))
    raw[at] ^= 1 << bit
    (folder / rel).write_bytes(bytes(raw))
    with pytest.raises(ScoringError, match=re.escape(f"{rel} differs from its sha256")):
        read_rows(folder, "summary")
    shutil.rmtree(folder.parent)
