"""Bad inputs and misuse of the ``lctg`` command, one table row each: exit code 2, ONE line on stderr naming the
file (and line or field), and nothing written or changed — every file under the working folder is hashed before
and after. A few rows are inputs that must be read correctly (BOM, CRLF, implicit samples)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from lctg_metrics.cli import main

SUMMARY_IDS = ("summary/1614/format", "summary/1614/char_count", "summary/1614/keyword", "summary/1614/prohibited_word")
GOOD = [{"id": rid, "sample": 0, "generation": "テスト文章です。"} for rid in SUMMARY_IDS]


def _jsonl(records: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def _text(name: str, text: str, encoding: str = "utf-8") -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(text.encode(encoding))

    return setup


def _bytes(name: str, data: bytes) -> Callable[[Path], None]:
    return lambda root: (root / name).write_bytes(data)


def _both(*setups: Callable[[Path], None]) -> Callable[[Path], None]:
    def setup(root: Path) -> None:
        for s in setups:
            s(root)

    return setup


def _dir(name: str) -> Callable[[Path], None]:
    return lambda root: (root / name).mkdir(parents=True)


def _edit_dataset(edit: Callable[[Path], None]) -> Callable[[Path], None]:
    return lambda root: edit(root / "lctg")


G = _text("g.jsonl", _jsonl(GOOD))
SCORE = ["score", "g.jsonl", "--dataset", "lctg", "--task", "summary", "--missing", "fail", "--no-progress"]
CSV_HEAD = "id,sample,generation\n"


@dataclass
class Row:
    name: str
    argv: list[str]
    message: str  # regex the one stderr line must match
    setup: Callable[[Path], None] = G
    code: int = 2
    outputs: tuple[str, ...] = field(default=())  # files a successful run may create or replace


ROWS = [
    # outputs that would clobber inputs, the dataset or each other
    Row(
        "json is the input",
        [*SCORE, "--json", "g.jsonl"],
        r"--json g\.jsonl would overwrite the input GENERATIONS g\.jsonl",
    ),
    Row(
        "details is the input",
        [*SCORE, "--details", "./g.jsonl"],
        r"--details g\.jsonl would overwrite the input GENERATIONS g\.jsonl",
    ),
    Row(
        "csv-dir file is the input",
        ["score", "csv/summary/all_scores.csv", "--dataset", "lctg", "--csv-dir", "csv"],
        r"--csv-dir csv/summary/all_scores\.csv would overwrite the input GENERATIONS csv/summary/all_scores\.csv",
        setup=_text("csv/summary/all_scores.csv", CSV_HEAD),
    ),
    Row(
        "json equals details",
        [*SCORE, "--json", "o.json", "--details", "o.json"],
        r"--json o\.json and --details o\.json are the same file",
    ),
    Row(
        "json is a csv-dir file",
        [*SCORE, "--json", "c/summary/all_scores.csv", "--csv-dir", "c"],
        r"--json c/summary/all_scores\.csv and --csv-dir c/summary/all_scores\.csv are the same file",
    ),
    Row(
        "json inside the dataset",
        [*SCORE, "--json", "lctg/r.json"],
        r"--json lctg/r\.json is inside the dataset folder lctg",
    ),
    Row(
        "details is the dataset folder",
        [*SCORE, "--details", "lctg"],
        r"--details lctg is inside the dataset folder lctg",
    ),
    Row(
        "csv-dir inside the dataset",
        [*SCORE, "--csv-dir", "lctg/data"],
        r"--csv-dir lctg/data is inside the dataset folder",
    ),
    Row(
        "csv-dir file with other columns",
        [*SCORE, "--csv-dir", "c"],
        r"--csv-dir: c/summary/all_scores\.csv has other columns than this run writes",
        setup=_both(G, _text("c/summary/all_scores.csv", ",Format-ctg,Format-qual\nm,0.5,0.5\n")),
    ),
    Row(
        "json is a folder",
        [*SCORE, "--json", "out"],
        r"--json out is a folder; give a file path",
        setup=_both(G, _dir("out")),
    ),
    Row("csv-dir is a file", [*SCORE, "--csv-dir", "g.jsonl"], r"--csv-dir g\.jsonl is a file; give a folder"),
    Row(
        "json under a file",
        [*SCORE, "--json", "g.jsonl/r.json"],
        r"--json g\.jsonl/r\.json: .*g\.jsonl is a file, not a folder",
    ),
    Row(
        "json is the llm cache",
        [
            *SCORE,
            "--cleaner",
            "llm",
            "--llm-base-url",
            "http://127.0.0.1:9/v1",
            "--llm-model",
            "m",
            "--llm-cache",
            "c.sqlite",
            "--json",
            "c.sqlite",
        ],
        r"--json c\.sqlite would overwrite the input --llm-cache c\.sqlite",
    ),
    Row(
        "prompts output inside the dataset",
        ["prompts", "--dataset", "lctg", "-o", "lctg/p.jsonl"],
        r"--output lctg/p\.jsonl is inside the dataset folder",
    ),
    Row(
        "prompts output is a folder",
        ["prompts", "--dataset", "lctg", "-o", "out"],
        r"--output out is a folder",
        setup=_dir("out"),
    ),
    Row(
        "prompts model without batch format",
        ["prompts", "--dataset", "lctg", "--model", "m", "-o", "p.jsonl"],
        r"--model names the model of --format openai-batch",
    ),
    Row(
        "prompts zero samples",
        ["prompts", "--dataset", "lctg", "--samples", "0", "-o", "p.jsonl"],
        r"--samples must be a positive integer, got 0",
    ),
    Row(
        "sample output is the manifest",
        ["sample", "--dataset", "lctg", "-o", "lctg/manifest.json"],
        r"--output lctg/manifest\.json is inside the dataset folder",
    ),
    Row(
        "sample zero samples",
        ["sample", "--dataset", "lctg", "--samples", "0", "-o", "s.jsonl"],
        r"--samples must be a positive integer, got 0",
    ),
    Row(
        "sample output under a file",
        ["sample", "--dataset", "lctg", "-o", "g.jsonl/s.jsonl"],
        r"g\.jsonl is a file, not a folder",
    ),
    Row(
        "report out is the details",
        ["report", "g.jsonl", "--format", "html", "--output", "g.jsonl"],
        r"--output g\.jsonl would overwrite the input DETAILS g\.jsonl",
    ),
    Row(
        "report out is the result",
        ["report", "g.jsonl", "--result", "r.json", "--output", "r.json", "--format", "html"],
        r"--output r\.json would overwrite the input --result r\.json",
    ),
    Row(
        "report md folder holds the details",
        ["report", "rep/report.md", "--format", "md", "--output", "rep"],
        r"--output rep/report\.md would overwrite the input DETAILS rep/report\.md",
        setup=_text("rep/report.md", "{}\n"),
    ),
    Row(
        "compare json is details a",
        ["compare", "g.jsonl", "h.jsonl", "--json", "g.jsonl"],
        r"--json g\.jsonl would overwrite the input DETAILS_A g\.jsonl",
    ),
    Row(
        "compare json is details b",
        ["compare", "h.jsonl", "g.jsonl", "--json", "g.jsonl"],
        r"--json g\.jsonl would overwrite the input DETAILS_B g\.jsonl",
    ),
    Row(
        "substitutability out-dir json is an input",
        ["substitutability", "o/substitutability.json", "g.jsonl", "g.jsonl", "--output", "o"],
        r"--output o/substitutability\.json would overwrite the input",
        setup=_both(G, _text("o/substitutability.json", "{}\n")),
    ),
    # files that cannot be read as generations
    Row(
        "missing generations file",
        ["score", "nope.jsonl", "--dataset", "lctg"],
        r"generations file nope\.jsonl does not exist",
    ),
    Row(
        "generations is a folder",
        ["score", "gdir", "--dataset", "lctg"],
        r"generations file gdir does not exist or is not a file",
        setup=_dir("gdir"),
    ),
    Row("empty file", SCORE, r"g\.jsonl: no generations \(the file is empty\)", setup=_text("g.jsonl", "")),
    Row("blank lines only", SCORE, r"g\.jsonl: no generations", setup=_text("g.jsonl", "\n \n\n")),
    Row(
        "CSV header only",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv: no generations \(the file is empty or holds only its header\)",
        setup=_text("g.csv", "id,generation\n"),
    ),
    Row(
        "invalid UTF-8",
        SCORE,
        r"g\.jsonl:2: not UTF-8 text .*column 33",
        setup=_bytes("g.jsonl", _jsonl(GOOD[:1]).encode() + b'{"id": "summary/1614/keyword", "\xff": 1}\n'),
    ),
    Row(
        "lone surrogate",
        SCORE,
        r"g\.jsonl:2: field 'generation' holds a lone surrogate \(U\+D800",
        setup=_text(
            "g.jsonl", _jsonl(GOOD[:1]) + '{"id": "summary/1614/keyword", "sample": 0, "generation": "a\\ud800"}\n'
        ),
    ),
    Row(
        "surrogate in a CSV cell",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv:2: not UTF-8 text",
        setup=_bytes("g.csv", CSV_HEAD.encode() + b"summary/1614/format,0,a\xed\xa0\x80b\n"),
    ),
    Row("bad JSON line", SCORE, r"g\.jsonl:3: invalid JSON", setup=_text("g.jsonl", _jsonl(GOOD[:2]) + '{"id": \n')),
    Row("JSON array line", SCORE, r"g\.jsonl:1: expected a JSON object, got list", setup=_text("g.jsonl", "[1, 2]\n")),
    Row("missing id", SCORE, r"g\.jsonl:1: missing field 'id'", setup=_text("g.jsonl", '{"generation": "x"}\n')),
    Row(
        "missing generation",
        SCORE,
        r"g\.jsonl:1: missing field 'generation' for id 'summary/1614/format'",
        setup=_text("g.jsonl", '{"id": "summary/1614/format"}\n'),
    ),
    Row(
        "sample not an integer",
        SCORE,
        r"g\.jsonl:1: 'sample' for id 'summary/1614/format' must be a non-negative integer, got 'x'",
        setup=_text("g.jsonl", '{"id": "summary/1614/format", "sample": "x", "generation": "a"}\n'),
    ),
    Row(
        "generation not a string",
        SCORE,
        r"g\.jsonl:1: generation for id 'summary/1614/format' must be a string, got int",
        setup=_text("g.jsonl", '{"id": "summary/1614/format", "generation": 5}\n'),
    ),
    Row(
        "unknown id",
        SCORE,
        r"g\.jsonl:1: unknown id 'summary/0/format'",
        setup=_text("g.jsonl", '{"id": "summary/0/format", "generation": "a"}\n'),
    ),
    Row(
        "duplicate id and sample",
        SCORE,
        r"g\.jsonl:2: duplicate \(id, sample\) \('summary/1614/format', 0\); first at .*g\.jsonl:1",
        setup=_text("g.jsonl", _jsonl([GOOD[0], GOOD[0]])),
    ),
    Row(
        "sample on some lines only",
        SCORE,
        r"g\.jsonl:2: no 'sample', but .*g\.jsonl:1 has one",
        setup=_text("g.jsonl", _jsonl([GOOD[0], {"id": SUMMARY_IDS[1], "generation": "a"}])),
    ),
    Row(
        "a field twice in one object",
        SCORE,
        r"g\.jsonl:1: field 'generation' appears twice",
        setup=_text("g.jsonl", '{"id": "summary/1614/format", "generation": "a", "generation": "b"}\n'),
    ),
    Row(
        "CSV extra fields",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv:3: 4 fields but the header has 3",
        setup=_text("g.csv", CSV_HEAD + "summary/1614/format,0,a\nsummary/1614/keyword,0,b,c\n"),
    ),
    Row(
        "CSV missing fields",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv:2: 2 fields but the header has 3",
        setup=_text("g.csv", CSV_HEAD + "summary/1614/format,0\n"),
    ),
    Row(
        "CSV line after a two-line record",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv:4: 'sample' .* got 'x'",
        setup=_text("g.csv", CSV_HEAD + 'summary/1614/format,0,"a\nb"\nsummary/1614/keyword,x,"c"\n'),
    ),
    Row(
        "CSV two-line record named by its first line",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv:3: 'sample' .* got 'x'",
        setup=_text("g.csv", CSV_HEAD + 'summary/1614/format,0,a\nsummary/1614/keyword,x,"c\nd"\n'),
    ),
    Row(
        "CSV header without generation",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv:1: CSV header must include 'id' and 'generation'",
        setup=_text("g.csv", "id,text\nsummary/1614/format,a\n"),
    ),
    Row(
        "CSV header names a column twice",
        ["score", "g.csv", "--dataset", "lctg"],
        r"g\.csv:1: CSV header names \['generation'\] more than once",
        setup=_text("g.csv", "id,generation,generation\nsummary/1614/format,a,b\n"),
    ),
    Row(
        "unknown extension",
        ["score", "g.txt", "--dataset", "lctg"],
        r"g\.txt: unknown generations format '\.txt'",
        setup=_text("g.txt", "x"),
    ),
    Row(
        "unreadable parquet",
        ["score", "g.parquet", "--dataset", "lctg"],
        r"g\.parquet: not a readable parquet file",
        setup=_text("g.parquet", "x"),
    ),
    # the dataset
    Row("unknown config", [*SCORE[:4], "--config", "nope"], r"unknown config 'nope'; valid: all"),
    Row("unknown task", [*SCORE[:4], "--task", "nope"], r"argument --task: invalid choice: 'nope'"),
    Row("missing dataset folder", ["score", "g.jsonl", "--dataset", "./nope"], r"dataset nope: no such folder"),
    Row(
        "dataset without manifest",
        ["score", "g.jsonl", "--dataset", "gdir"],
        r"dataset gdir: no manifest\.json",
        setup=_both(G, _dir("gdir")),
    ),
    Row(
        "manifest not JSON",
        SCORE,
        r"lctg/manifest\.json: unreadable \(JSONDecodeError",
        setup=_both(G, _edit_dataset(lambda d: (d / "manifest.json").write_text("{bad", encoding="utf-8"))),
    ),
    Row(
        "parquet listed but missing",
        SCORE,
        r"--dataset lctg: data/summary/test-00000-of-00001\.parquet is listed in manifest\.json but missing",
        setup=_both(G, _edit_dataset(lambda d: (d / "data/summary/test-00000-of-00001.parquet").unlink())),
    ),
    Row(
        "revision with a local folder",
        [*SCORE, "--revision", "v1"],
        r"dataset lctg: a revision \('v1'\) applies to a Hub repo id",
    ),
    # flags that would be ignored
    Row(
        "model-name without csv-dir", [*SCORE, "--model-name", "m"], r"--model-name labels the rows of --csv-dir output"
    ),
    Row("seed without ci", [*SCORE, "--seed", "3"], r"--seed applies to the confidence intervals; add --ci"),
    Row(
        "llm flag without llm step",
        [*SCORE, "--llm-model", "m"],
        r"--llm-model configures the LLM cleaner and judge, but neither runs",
    ),
    Row(
        "id-field with openai-batch",
        [*SCORE, "--from", "openai-batch", "--id-field", "x"],
        r"--id-field/--text-field do not apply to --from openai-batch",
    ),
    Row("publish with nothing to publish", ["publish", "--dataset", "lctg"], r"give --repo-id .* and/or --metric"),
    Row(
        "publish metric without module",
        ["publish", "--dataset", "gdir", "--metric", "org/m", "--dry-run"],
        r"metric folder gdir/lctg_ctg does not exist",
        setup=_dir("gdir"),
    ),
    # inputs that must be read correctly
    Row(
        "BOM JSONL",
        [*SCORE, "--json", "r.json"],
        "",
        setup=_text("g.jsonl", "\ufeff" + _jsonl(GOOD)),
        code=0,
        outputs=("r.json",),
    ),
    Row(
        "BOM CSV",
        ["score", "g.csv", *SCORE[2:], "--json", "r.json"],
        "",
        code=0,
        outputs=("r.json",),
        setup=_text("g.csv", "\ufeff" + CSV_HEAD + "".join(f"{g['id']},0,{g['generation']}\n" for g in GOOD)),
    ),
    Row(
        "CRLF JSONL",
        [*SCORE, "--json", "r.json"],
        "",
        setup=_text("g.jsonl", _jsonl(GOOD).replace("\n", "\r\n")),
        code=0,
        outputs=("r.json",),
    ),
    Row(
        "existing output replaced",
        [*SCORE, "--json", "r.json"],
        "",
        setup=_both(G, _text("r.json", '{\n  "signature": "lctg|old"\n}\n')),  # a previous result: replaced
        code=0,
        outputs=("r.json",),
    ),
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
    assert len(ROWS) >= 40 and len({r.name for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_bad_input_or_misuse(row: Row, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row.setup(workdir)
    before = _tree(workdir)
    code, _, err = _run(row.argv, capsys)
    after = _tree(workdir)
    assert code == row.code, err
    changed = sorted(k for k in before if after.get(k) != before[k] and k not in row.outputs)
    created = sorted(set(after) - set(before) - set(row.outputs))
    assert changed == [] and created == [], f"files changed {changed}, left behind {created}"
    if row.code == 0:  # nothing said but one "wrote PATH" per file written
        assert err == "".join(f"wrote {path}\n" for path in row.outputs), err
        return
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert re.search(row.message, err), err


def _scores(workdir: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    code, _, err = _run([*argv, "--json", "r.json"], capsys)
    assert code == 0, err
    return json.loads((workdir / "r.json").read_text(encoding="utf-8"))["counts"]


def test_bom_and_crlf_score_like_the_plain_file(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _text("g.jsonl", _jsonl(GOOD))(workdir)
    plain = _scores(workdir, SCORE, capsys)
    _text("g.jsonl", "\ufeff" + _jsonl(GOOD).replace("\n", "\r\n"))(workdir)
    assert _scores(workdir, SCORE, capsys) == plain
    _text("g.csv", "\ufeff" + CSV_HEAD + "".join(f"{g['id']},0,{g['generation']}\n" for g in GOOD))(workdir)
    assert _scores(workdir, ["score", "g.csv", *SCORE[2:]], capsys) == plain


def test_without_sample_the_kth_generation_of_an_id_is_sample_k(
    workdir: Path, built_rows: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    rid = "summary/1614/keyword"
    keyword = built_rows[rid]["constraint"]["keyword"]
    lines = [{"id": rid, "generation": f"{keyword}を含む文。"}, {"id": rid, "generation": "含まない文。"}]
    _text("g.jsonl", _jsonl(lines))(workdir)
    code, _, err = _run([*SCORE, "--details", "d.jsonl"], capsys)
    assert code == 0, err
    details = [json.loads(x) for x in (workdir / "d.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {(d["sample"], d["passed"]) for d in details if d["id"] == rid} == {(0, True), (1, False)}


def test_a_failed_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lctg_metrics.outputs import write as outputs
    from lctg_metrics.schema import ScoringError

    (tmp_path / "keep.json").write_text("old\n", encoding="utf-8")
    real_replace, calls = outputs.os.replace, []

    def failing_replace(src, dst):  # the second rename fails: the first file must be rolled back
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real_replace(src, dst)

    monkeypatch.setattr(outputs.os, "replace", failing_replace)
    with pytest.raises(ScoringError, match=r"cannot write \(No space left on device\); nothing was written"):
        outputs.write_all([(tmp_path / "new" / "a.json", "a"), (tmp_path / "keep.json", "b")])
    monkeypatch.setattr(outputs.os, "replace", real_replace)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["keep.json"]
    assert (tmp_path / "keep.json").read_text(encoding="utf-8") == "old\n"
