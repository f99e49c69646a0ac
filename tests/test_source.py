"""Fetching and verifying the source: local copies, a real HTTP server on 127.0.0.1, corrupted and malformed input."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import threading
from pathlib import Path

import pytest

from lctg_dataset.build import build
from lctg_dataset.source import SourceError, fetch_source
from lctg_dataset.write import write_dataset


@contextlib.contextmanager
def serve(directory: Path):
    """A static file server on 127.0.0.1 (ephemeral port), stopped on exit."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    requests_seen: list[str] = []

    def log_message(self, format, *args):  # noqa: A002 - keep test output clean
        type(self).requests_seen.append(self.path)


def _copy_source(source_dir: Path, dest: Path) -> Path:
    shutil.copytree(source_dir, dest)
    for p in dest.rglob("*"):
        p.chmod(0o644 if p.is_file() else 0o755)
    return dest


def _corrupt(path: Path, old: bytes = "。".encode(), new: bytes = "．".encode()) -> None:
    data = path.read_bytes()
    assert old in data
    path.write_bytes(data.replace(old, new, 1))


def test_download_from_http_server_matches_local_build(source_dir, built_dataset, tmp_path):
    cache = tmp_path / "cache"
    with serve(source_dir) as (url, _):
        result = build(url, cache_dir=cache)
    assert result.source.location == url and result.source.verified
    for task in ("summary", "ad_text", "pros_and_cons"):
        assert (cache / "datasets" / task / "prompts_v1.jsonl").read_bytes() == (
            source_dir / "datasets" / task / "prompts_v1.jsonl"
        ).read_bytes()
    out = tmp_path / "lctg"
    write_dataset(result, out)
    for rel in (
        "data/summary/test-00000-of-00001.parquet",
        "data/templates/test-00000-of-00001.parquet",
        "validation.json",
        "protocol_prompts.json",
    ):
        assert (out / rel).read_bytes() == (built_dataset / rel).read_bytes(), rel


def test_download_uses_cache_on_second_build(source_dir, tmp_path):
    cache = tmp_path / "cache"
    with serve(source_dir) as (url, _):
        build(url, cache_dir=cache)
    # server gone: a second build must be served from the verified cache
    result = build(url, cache_dir=cache)
    assert len(result.rows["summary"]) == 480


def test_corrupted_download_is_rejected_and_nothing_written(source_dir, tmp_path):
    bad = _copy_source(source_dir, tmp_path / "mirror")
    _corrupt(bad / "datasets" / "ad_text" / "prompts_v1.jsonl")
    cache, out = tmp_path / "cache", tmp_path / "out" / "lctg"
    with serve(bad) as (url, _):
        with pytest.raises(SourceError, match=r"sha256 mismatch for datasets/ad_text/prompts_v1\.jsonl"):
            write_dataset(build(url, cache_dir=cache), out)
    assert not (cache / "datasets" / "ad_text" / "prompts_v1.jsonl").exists()
    assert not out.exists() and not (tmp_path / "out").exists()


def test_missing_file_on_server_is_a_clear_error(source_dir, tmp_path):
    mirror = _copy_source(source_dir, tmp_path / "mirror")
    (mirror / "datasets" / "pros_and_cons" / "prompts_v1.jsonl").unlink()
    with serve(mirror) as (url, _):
        with pytest.raises(SourceError, match=r"pros_and_cons/prompts_v1\.jsonl answered HTTP 404"):
            build(url, cache_dir=tmp_path / "cache")


def test_corrupted_local_copy_is_rejected(source_dir, tmp_path):
    bad = _copy_source(source_dir, tmp_path / "src")
    _corrupt(bad / "datasets" / "summary" / "prompts_v1.jsonl")
    with pytest.raises(SourceError) as e:
        fetch_source(str(bad))
    assert "summary/prompts_v1.jsonl" in str(e.value) and "sha256 mismatch" in str(e.value)


def test_build_cli_error_writes_nothing(source_dir, tmp_path, capsys):
    from lctg_dataset.cli import main

    bad = _copy_source(source_dir, tmp_path / "src")
    _corrupt(bad / "datasets" / "pros_and_cons" / "prompts_v1.jsonl")
    out = tmp_path / "lctg"
    assert main(["--source", str(bad), "--output", str(out)]) == 2
    assert "pros_and_cons/prompts_v1.jsonl" in capsys.readouterr().err
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".lctg")], "no temp folder left behind"


def _rewrite_line(path: Path, line_no: int, edit) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line_no - 1] = edit(lines[line_no - 1])
    path.write_text("".join(lines), encoding="utf-8")


def _drop_field(field: str):
    def edit(line: str) -> str:
        obj = json.loads(line)
        del obj[field]
        return json.dumps(obj, ensure_ascii=False) + "\n"

    return edit


@pytest.mark.parametrize(
    "task,line_no,edit,message",
    [
        ("summary", 3, lambda line: line[:-10] + "\n", r"summary/prompts_v1\.jsonl:3: invalid JSON"),
        (
            "ad_text",
            7,
            _drop_field("keyword_answer"),
            r"ad_text/prompts_v1\.jsonl:7 \(ad_text/\d+\): missing field 'keyword_answer'",
        ),
        (
            "pros_and_cons",
            2,
            _drop_field("char_count_answer"),
            r"pros_and_cons/prompts_v1\.jsonl:2 \(pros_and_cons/1\): field 'char_count_answer'",
        ),
        (
            "summary",
            5,
            lambda line: line.replace('"prompt_id":', '"prompt_id":"x",  "_old":', 1),
            r"summary/prompts_v1\.jsonl:5: field 'prompt_id' must be an integer",
        ),
    ],
)
def test_malformed_records_name_file_line_and_field(source_dir, tmp_path, task, line_no, edit, message):
    src = _copy_source(source_dir, tmp_path / "src")
    _rewrite_line(src / "datasets" / task / "prompts_v1.jsonl", line_no, edit)
    with pytest.raises(SourceError, match=message):
        build(str(src), verify=False)


def test_duplicate_prompt_id_is_an_error(source_dir, tmp_path):
    src = _copy_source(source_dir, tmp_path / "src")
    path = src / "datasets" / "ad_text" / "prompts_v1.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines + [lines[0]]), encoding="utf-8")
    with pytest.raises(
        SourceError, match=r"ad_text/prompts_v1\.jsonl:151: duplicate prompt_id 100289 \(first on line 1\)"
    ):
        build(str(src), verify=False)


def test_unverified_build_is_recorded_in_manifest(source_dir, tmp_path):
    src = _copy_source(source_dir, tmp_path / "src")
    _corrupt(src / "datasets" / "summary" / "prompts_v1.jsonl")
    out = tmp_path / "lctg"
    manifest = write_dataset(build(str(src), verify=False), out)
    assert manifest["source"]["verified"] is False
    assert manifest["build"]["parameters"]["verify_sha256"] is False


@pytest.mark.slow  # 3 s: a whole build from a copied source
def test_source_without_protocol_prompts_recovers_task_prompts(source_dir, built_rows, tmp_path):
    """The pinned upstream commit serves only the jsonl files; task prompts are then recovered from records."""
    src = _copy_source(source_dir, tmp_path / "src")
    (src / "protocol_prompts.json").unlink()
    result = build(str(src))
    assert result.protocol is None
    for rows in result.rows.values():
        for row in rows:
            assert row["instruction"] == built_rows[row["id"]]["instruction"]
    assert not [f for f in result.findings if f.kind == "prompt_not_reconstructible"]


def test_unknown_task_directory_is_an_error(source_dir, tmp_path):
    src = _copy_source(source_dir, tmp_path / "src")
    (src / "datasets" / "tweets").mkdir()
    with pytest.raises(
        SourceError, match=r"unknown task directory .*datasets/tweets; valid tasks: summary, ad_text, pros_and_cons"
    ):
        build(str(src))


def test_non_jsonl_source_file_names_file_and_line(source_dir, tmp_path):
    src = _copy_source(source_dir, tmp_path / "src")
    path = src / "datasets" / "summary" / "prompts_v1.jsonl"
    path.write_text("task,prompt_id\nsummary,1\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"summary/prompts_v1\.jsonl:1: invalid JSON"):
        build(str(src), verify=False)
