"""Two Markdown reports whose names share a stem (``r.MD``, ``r.txt --format md``) would share ``r_files/``: the
second is refused in one line and the first report's images stay as they were; rewriting the same report works."""

from __future__ import annotations

import hashlib

import pytest

from lctg_metrics.cli import main


def _digests(folder) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.mark.slow  # scores a run and draws the figures
def test_a_second_report_never_replaces_the_first_s_images(built_dataset, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert (
        main(["sample", "--dataset", str(built_dataset), "--task", "summary", "--samples", "1", "-o", "g.jsonl"]) == 0
    )
    argv = ["score", "g.jsonl", "--dataset", str(built_dataset), "--task", "summary", "--missing", "skip"]
    assert main([*argv, "--details", "d1.jsonl"]) == 0
    assert main(["report", "d1.jsonl", "-o", "r.MD"]) == 0
    before = _digests(tmp_path / "r_files")
    assert before and "](r_files/" in (tmp_path / "r.MD").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["report", "d1.jsonl", "-o", "r.txt", "--format", "md", "--model-name", "other"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "its images folder r_files holds the images of the report r.MD; give another name" in err, err
    assert not (tmp_path / "r.txt").exists() and _digests(tmp_path / "r_files") == before
    assert main(["report", "d1.jsonl", "-o", "r.MD"]) == 0  # the same report again: its own folder
    assert main(["report", "d1.jsonl", "-o", "s.txt", "--format", "md"]) == 0  # another stem, another folder
    assert (tmp_path / "s_files").is_dir()
