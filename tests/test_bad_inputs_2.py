"""The fault matrix, second round: special files as outputs, stray reasoning tags, unverified dataset folders, CSV
edges, unbounded numbers and nesting. One table row each: the outcome class (a correct result with exit 0, or ONE
line on stderr with exit 2 and no traceback), and nothing changed — every regular file under the working folder is
hashed before and after, and every special file (FIFO, socket, device node, symlink) keeps its kind and target.

Special files are made inside the test's temp folder only (never /dev): FIFOs and sockets always, a character
device with ``os.mknod`` when the process may (root in most containers), else that row is skipped with the reason.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_bad_inputs import (  # noqa: F401 (workdir: the shared fixture)
    CSV_HEAD,
    GOOD,
    SCORE,
    SUMMARY_IDS,
    _both,
    _dir,
    _edit_dataset,
    _jsonl,
    _run,
    _text,
    _tree,
    workdir,
)

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
        from lctg_metrics.outputs.targets import _host

        path = root / (
            f".{name}.abcd1234.tmp" if legacy else f".lctg-tmp-{_host()}-{pid or _dead_pid()}-{name}.abcd1234.tmp"
        )
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
    check: Callable[[Path], None] | None = None  # more asserts on a successful run's outputs


def _think(expected: dict) -> Callable[[Path], None]:
    """The result JSON's ``think`` entry is ``expected`` (mode auto)."""

    def check(root: Path) -> None:
        got = json.loads((root / "r.json").read_text(encoding="utf-8"))["think"]
        assert got == {"mode": "auto", **expected}, got

    return check


def _gen(rid: str, text: str, **extra: object) -> str:
    return json.dumps({"id": rid, "sample": 0, "generation": text, **extra}, ensure_ascii=False) + "\n"


def _deep(n: int) -> str:
    return '{"id": ' + "[" * n + "]" * n + ', "generation": "a"}\n'


PRETTY = json.dumps(GOOD, ensure_ascii=False, indent=2) + "\n"
RESULT = '{\n  "signature": "lctg|profile:upstream",\n  "scores": {}\n}\n'
LLM = ["--cleaner", "llm", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-model", "m"]


def _manifest_edit(edit: Callable[[dict], None]) -> Callable[[Path], None]:
    def setup(d: Path) -> None:
        m = json.loads((d / "manifest.json").read_text(encoding="utf-8"))
        edit(m)
        (d / "manifest.json").write_text(json.dumps(m), encoding="utf-8")

    return _edit_dataset(setup)


ROWS: list[Row] = [
    # outputs: special files are refused before any work, symlinks written through, - is standard output
    Row(
        "json is a FIFO",
        [*SCORE, "--json", "f"],
        r"--json f is a FIFO \(named pipe\), not a regular file",
        _both(G, _fifo("f")),
    ),
    Row("details is a FIFO", [*SCORE, "--details", "f"], r"--details f is a FIFO", _both(G, _fifo("f"))),
    Row(
        "json is a socket", [*SCORE, "--json", "s"], r"--json s is a socket, not a regular file", _both(G, _socket("s"))
    ),
    Row(
        "json is a device node",
        [*SCORE, "--json", "dev"],
        r"--json dev is a character device, not a regular file",
        _both(G, _chardev("dev")),
    ),
    Row(
        "json links to a FIFO",
        [*SCORE, "--json", "l"],
        r"--json l \(a symlink to .*/f\) is a FIFO",
        _both(G, _fifo("f"), _symlink("l", "f")),
    ),
    Row(
        "csv-dir file is a FIFO",
        [*SCORE, "--csv-dir", "c"],
        r"--csv-dir c/summary/all_scores\.csv is a FIFO",
        _both(G, _dir("c/summary"), _fifo("c/summary/all_scores.csv")),
    ),
    Row("prompts output is a FIFO", ["prompts", "--dataset", "lctg", "-o", "f"], r"--output f is a FIFO", _fifo("f")),
    Row(
        "sample output is a device node",
        ["sample", "--dataset", "lctg", "-o", "dev"],
        r"--output dev is a character device",
        _chardev("dev"),
    ),
    Row(
        "compare json is a FIFO",
        ["compare", "g.jsonl", "g.jsonl", "--json", "f"],
        r"--json f is a FIFO",
        _both(G, _fifo("f")),
    ),
    Row(
        "json and details both stdout",
        [*SCORE, "--json", "-", "--details", "-"],
        r"--json - and --details - both write to standard output",
    ),
    Row("csv-dir is stdout", [*SCORE, "--csv-dir", "-"], r"--csv-dir -: standard output takes one file, not a folder"),
    Row(
        "json through a symlink",
        [*SCORE, "--json", "l"],
        r"^note: --json l is a symlink: writing through to .*/r\.json",
        _both(G, _text("r.json", '{"signature": "lctg|old"}\n'), _symlink("l", "r.json")),  # a previous result
        code=0,
        outputs=("r.json",),
    ),
    Row("json is stdout", [*SCORE, "--json", "-"], r"FORMAT", code=0, stdout=r'^\{\n  "signature": "lctg\|'),
    Row("details is stdout", [*SCORE, "--details", "-"], r"FORMAT", code=0, stdout=r'^\{"id": "summary/1614/format"'),
    Row(
        "prompts to stdout",
        ["prompts", "--dataset", "lctg", "--task", "summary", "-o", "-"],
        r"^wrote \d+ prompts to standard output",
        setup=lambda root: None,
        code=0,
        stdout=r'^\{"id": "summary/',
    ),
    Row(
        "stale temp files removed",
        [*SCORE, "--json", "r.json", "--details", "d.jsonl"],
        r"^note: removed 2 temp file\(s\) left by interrupted runs",
        code=0,
        outputs=("r.json", "d.jsonl"),
        setup=_both(G, _stale("r.json"), _stale("d.jsonl", legacy=True, age=3600)),
        removed=("DEAD", ".d.jsonl.abcd1234.tmp"),
    ),
    # the dataset folder: every file read is checked against the manifest, whose paths stay inside the folder
    Row(
        "a flipped byte in a parquet file",
        SCORE,
        r"--dataset lctg: data/summary/test-00000-of-00001\.parquet differs from its sha256",
        _both(G, _edit_dataset(lambda d: _flip(d / "data/summary/test-00000-of-00001.parquet"))),
    ),
    Row(
        "a flipped bit near the end (--config summary)",
        [*SCORE[:4], "--config", "summary"],
        r"data/summary/test-00000-of-00001\.parquet differs",
        _both(G, _edit_dataset(lambda d: _flip(d / "data/summary/test-00000-of-00001.parquet", at=-100))),
    ),
    Row(
        "manifest path outside the folder",
        SCORE,
        r"key 'configs\.all\.files' lists '\.\./x\.parquet', which is not a path inside",
        _both(G, _manifest_edit(lambda m: m["configs"]["all"]["files"].append("../x.parquet"))),
    ),
    Row(
        "manifest absolute path",
        SCORE,
        r"lists '/etc/passwd', which is not a path inside",
        _both(G, _manifest_edit(lambda m: m["files"].update({"/etc/passwd": "0" * 64}))),
    ),
    Row(
        "manifest without file digests",
        SCORE,
        r"manifest\.json: key 'files' \(the sha256 of every file\) is missing",
        _both(G, _manifest_edit(lambda m: m.pop("files"))),
    ),
    Row(
        "manifest config not an object",
        SCORE,
        r"key 'configs\.all\.files' must be a list of paths, got int",
        _both(G, _manifest_edit(lambda m: m["configs"].update({"all": 5}))),
    ),
    Row(
        "manifest files not a list",
        SCORE,
        r"key 'configs\.all\.files' must be a list of paths, got str",
        _both(G, _manifest_edit(lambda m: m["configs"]["all"].update({"files": "data"}))),
    ),
    Row(
        "manifest digest not hex",
        SCORE,
        r"key 'files\.README\.md' must be a sha256",
        _both(G, _manifest_edit(lambda m: m["files"].update({"README.md": 5}))),
    ),
    Row(
        "parquet without a digest",
        SCORE,
        r"data/summary/test-00000-of-00001\.parquet has no sha256 in manifest\.json",
        _both(G, _manifest_edit(lambda m: m["files"].pop("data/summary/test-00000-of-00001.parquet"))),
    ),
    Row(
        "manifest nested too deep",
        SCORE,
        r"manifest\.json: unreadable \(RecursionError",
        _both(G, _edit_dataset(lambda d: (d / "manifest.json").write_text("[" * 100000, encoding="utf-8"))),
    ),
    Row(
        "revision climbing out of the cache",
        ["score", "g.jsonl", "--dataset", "me/lctg", "--revision", "../../../../x"],
        r"revision '\.\./\.\./\.\./\.\./x' is not a git tag, branch or commit",
    ),
    Row(
        "prompts from a damaged folder",
        ["prompts", "--dataset", "lctg", "-o", "p.jsonl"],
        r"data/ad_text/test-00000-of-00001\.parquet differs",
        _edit_dataset(lambda d: _flip(d / "data/ad_text/test-00000-of-00001.parquet")),
    ),
    # reasoning tags (--think auto): stripped when they make one leading block; otherwise every aspect fails, counted
    Row(
        "think: an answer then a stray </think>",
        [*SCORE, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[3], "ヤンキースに勝利した試合の要約です。</think>")),
        check=_think({"stripped": 0, "unfinished": 0, "no_answer": 1}),
    ),
    Row(
        "think: a BOM before the block",
        [*SCORE, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[0], "\ufeff<think>推論</think>要約です。")),
        check=_think({"stripped": 1, "unfinished": 0}),
    ),
    Row(
        "think: a nested block",
        [*SCORE, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[0], "<think>外<think>内</think>外</think>要約です。")),
        check=_think({"stripped": 1, "unfinished": 0}),
    ),
    Row(
        "think: two closing tags",
        [*SCORE, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[0], "<think>推論</think>要約です。</think>後")),
        check=_think({"stripped": 0, "unfinished": 0, "malformed": 1}),
    ),
    Row(
        "think: nothing after the block",
        [*SCORE, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[2], '<think type="x">推論</think>\n')),
        check=_think({"stripped": 0, "unfinished": 0, "no_answer": 1}),
    ),
    # generations files: strict CSV, bounded numbers, string ids, deep nesting, files that are not JSONL
    Row(
        "CSV unclosed quote",
        CSV,
        r"g\.csv:2: invalid CSV \(a quoted field is never closed",
        setup=_text("g.csv", CSV_HEAD + 'summary/1614/format,0,"abc\nsummary/1614/keyword,0,def\n'),
    ),
    Row(
        "CSV text after a closing quote",
        CSV,
        r"g\.csv:3: invalid CSV \(',' expected after '\"'\)",
        setup=_text("g.csv", CSV_HEAD + 'summary/1614/format,0,a\nsummary/1614/keyword,0,"b"c\n'),
    ),
    Row(
        "CSV 200k-character cell",
        [*CSV, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.csv", CSV_HEAD + 'summary/1614/format,0,"' + "長" * 200_000 + '"\n'),
    ),
    Row(
        "CSV full-width digit sample",
        CSV,
        r"g\.csv:2: 'sample' for id 'summary/1614/format' must be a non-negative integer, got '０'",
        setup=_text("g.csv", CSV_HEAD + "summary/1614/format,０,a\n"),
    ),
    Row(
        "CSV Arabic-Indic digit sample",
        CSV,
        r"g\.csv:2: 'sample' .* got '٣'",
        setup=_text("g.csv", CSV_HEAD + "summary/1614/format,٣,a\n"),
    ),
    Row(
        "CSV superscript sample",
        CSV,
        r"g\.csv:2: 'sample' .* got '²'",
        setup=_text("g.csv", CSV_HEAD + "summary/1614/format,²,a\n"),
    ),
    Row(
        "CSV sample 2**63",
        CSV,
        r"g\.csv:2: 'sample' for id 'summary/1614/format' must be a non-negative integer below 2\*\*63, "
        r"got 9223372036854775808",
        setup=_text("g.csv", CSV_HEAD + f"summary/1614/format,{2**63},a\n"),
    ),
    Row(
        "CSV sample of 5000 digits",
        CSV,
        r"g\.csv:2: 'sample' .* below 2\*\*63, got a number of 5000 digits",
        setup=_text("g.csv", CSV_HEAD + "summary/1614/format," + "9" * 5000 + ",a\n"),
    ),
    Row(
        "CR-only CSV",
        [*CSV, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text(
            "g.csv", (CSV_HEAD + "".join(f"{g['id']},0,{g['generation']}\n" for g in GOOD)).replace("\n", "\r")
        ),
    ),
    Row(
        "sample 2**63",
        SCORE,
        r"g\.jsonl:1: 'sample' for id 'summary/1614/format' must be a non-negative integer below 2\*\*63",
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[0], "a").replace('"sample": 0', f'"sample": {2**63}')),
    ),
    Row(
        "sample of 5000 digits",
        SCORE,
        r"g\.jsonl:1: invalid JSON \(Exceeds the limit \(4300 digits\)",
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[0], "a").replace('"sample": 0', '"sample": ' + "9" * 5000)),
    ),
    Row(
        "list id with --task",
        SCORE,
        r"g\.jsonl:1: field 'id' must be a string, got list \['summary/1614/format'\]",
        setup=_text("g.jsonl", '{"id": ["summary/1614/format"], "generation": "a"}\n'),
    ),
    Row(
        "dict id with --task",
        SCORE,
        r"g\.jsonl:1: field 'id' must be a string, got dict",
        setup=_text("g.jsonl", '{"id": {"k": "summary/1614/format"}, "generation": "a"}\n'),
    ),
    Row(
        "null id",
        SCORE,
        r"g\.jsonl:1: field 'id' must be a string, got NoneType None",
        setup=_text("g.jsonl", '{"id": null, "generation": "a"}\n'),
    ),
    Row(
        "list id without --task",
        ["score", "g.jsonl", "--dataset", "lctg"],
        r"g\.jsonl:1: field 'id' must be a string, got list",
        setup=_text("g.jsonl", '{"id": [1], "generation": "a"}\n'),
    ),
    Row("100k nested brackets", SCORE, r"g\.jsonl:1: JSON nested too deeply", setup=_text("g.jsonl", _deep(100_000))),
    Row(
        "CR-only JSONL",
        SCORE,
        r"g\.jsonl:1: invalid JSON .*carriage return \(CR\) not followed by a line feed",
        setup=_text("g.jsonl", _jsonl(GOOD).replace("\n", "\r")),
    ),
    Row(
        "pretty-printed JSON array",
        ["score", "g.json", *SCORE[2:]],
        r"g\.json:1: invalid JSON .*looks like pretty-printed JSON",
        setup=_text("g.json", PRETTY),
    ),
    Row(
        "JSON array on one line",
        SCORE,
        r"g\.jsonl:1: expected a JSON object, got list; is the file one pretty-printed JSON array",
        setup=_text("g.jsonl", json.dumps(GOOD) + "\n"),
    ),
    Row(
        "a nested field twice",
        SCORE,
        r"g\.jsonl:1: field 'k' appears twice",
        setup=_text("g.jsonl", '{"id": "summary/1614/format", "generation": "a", "meta": {"k": 1, "k": 2}}\n'),
    ),
    Row(
        "colons in the text",
        [*SCORE, "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.jsonl", _gen(SUMMARY_IDS[0], "時刻: 9:00、場所: 京都")),
    ),
    # misuse
    Row(
        "compare given a result JSON",
        ["compare", "r.json", "g.jsonl"],
        r"r\.json: a result JSON \(the --json output of lctg score\), not a details file",
        setup=_both(G, _text("r.json", RESULT)),
    ),
    Row(
        "prompts a billion samples",
        ["prompts", "--dataset", "lctg", "--samples", "1000000000", "-o", "p.jsonl"],
        r"--samples 1000000000 is more than 10,000 per prompt",
        setup=lambda root: None,
    ),
    Row(
        "sample a billion samples",
        ["sample", "--dataset", "lctg", "--samples", "1000000000", "-o", "s.jsonl"],
        r"--samples 1000000000 is more than 10,000 per prompt",
        setup=lambda root: None,
    ),
    Row(
        "llm cache inside the dataset",
        [*SCORE, *LLM, "--llm-cache", "lctg/c.sqlite"],
        r"--llm-cache lctg/c\.sqlite is inside the dataset folder lctg",
    ),
    Row("llm cache is a FIFO", [*SCORE, *LLM, "--llm-cache", "f"], r"--llm-cache f is a FIFO", _both(G, _fifo("f"))),
    Row(
        "llm cache is the input",
        [*SCORE, *LLM, "--llm-cache", "g.jsonl"],
        r"--llm-cache g\.jsonl would overwrite the input GENERATIONS",
    ),
    Row(
        "live and fresh temp files kept",
        [*SCORE, "--json", "r.json"],
        r"^$",
        code=0,
        outputs=("r.json",),
        setup=_both(G, _stale("r.json", pid=1), _stale("d.jsonl", legacy=True)),
    ),
]


def test_matrix_size() -> None:
    assert len(ROWS) >= 60 and len({r.name for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_fault(row: Row, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row.setup(workdir)
    before = _tree(workdir)
    code, out, err = _run(row.argv, capsys)
    after = _tree(workdir)
    assert code == row.code, err
    assert "Traceback" not in err, err
    removed = {k for k in before if k not in after}
    expected_gone = {
        k for k in before if any(k == r or (r == "DEAD" and k.startswith(".lctg-tmp-")) for r in row.removed)
    }
    assert removed == expected_gone, f"removed {sorted(removed)}, expected {sorted(expected_gone)}"
    changed = sorted(k for k in before if k in after and after[k] != before[k] and k not in row.outputs)
    created = sorted(set(after) - set(before) - set(row.outputs))
    assert changed == [] and created == [], f"files changed {changed}, left behind {created}"
    if row.code == 0:
        assert re.search(row.message, err, re.M), err
        if row.stdout is not None:
            assert re.search(row.stdout, out), out[:300]
        if row.check is not None:
            row.check(workdir)
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


def test_symlinked_output_keeps_its_link_and_updates_its_target(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    G(workdir)
    (workdir / "real").mkdir()
    (workdir / "real" / "r.json").write_text('{"signature": "lctg|old"}\n', encoding="utf-8")  # a previous result
    os.symlink("real/r.json", workdir / "l.json")
    code, _, err = _run([*SCORE, "--json", "l.json"], capsys)
    assert code == 0, err
    assert (workdir / "l.json").is_symlink() and os.readlink(workdir / "l.json") == "real/r.json"
    assert json.loads((workdir / "real" / "r.json").read_text(encoding="utf-8"))["signature"].startswith("lctg|")
    assert sorted(p.name for p in (workdir / "real").iterdir()) == ["r.json"]  # no temp file left beside the target


def test_a_killed_streamed_run_leaves_a_temp_file_the_next_run_removes(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SIGKILL while the details are staged: the staged file stays (nothing can remove it then); the next run of
    any command writing beside it does."""
    G(workdir)
    script = (
        "import os, signal, sys\n"
        "from lctg_metrics.outputs.write import Staged\n"
        "s = Staged('d.jsonl'); s.write('x' * 100000); s.file.flush()\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
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
def test_any_flipped_bit_of_a_parquet_file_is_refused(
    built_dataset: Path, tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    """Before, a third of single-bit flips read without error but with altered data; now every one is refused."""
    from lctg_metrics.inputs.folder import read_rows
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


def test_a_csv_field_past_the_limit_is_one_line(
    workdir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from lctg_metrics.inputs import generations as inputs

    monkeypatch.setattr(inputs, "CSV_FIELD_LIMIT", 1000)
    _text("g.csv", CSV_HEAD + "summary/1614/format,0,a\nsummary/1614/keyword,0," + "x" * 1001 + "\n")(workdir)
    code, _, err = _run(CSV, capsys)
    assert code == 2 and len(err.splitlines()) == 1
    assert re.search(r"g\.csv:3: a field is longer than 1,000 characters \(inputs\.CSV_FIELD_LIMIT\)", err), err


def test_the_csv_field_limit_is_restored(tmp_path: Path) -> None:
    import csv

    from lctg_metrics.inputs.generations import read_generations

    before = csv.field_size_limit()
    _text("g.csv", CSV_HEAD + "summary/1614/format,0,a\n")(tmp_path)
    read_generations(tmp_path / "g.csv")
    assert csv.field_size_limit() == before
