"""Hints that work as printed: an lm-eval output given to ``report`` (or ``compare``) names the ``lctg score`` run
that makes a details file from it, and that run, then the report, succeed when followed."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from lctg_metrics.cli import main


def _lm_eval_line(rid: str, text: str) -> str:
    """One line as lm-eval's --log_samples writes it (only the fields lctg reads, plus its own bookkeeping)."""
    doc = {"id": rid, "task": rid.split("/")[0], "prompt": "…"}
    return json.dumps(
        {"doc_id": 0, "doc": doc, "target": "", "resps": [[text]], "filtered_resps": [text], "filter": "none"},
        ensure_ascii=False,
    )


def _lm_eval_folder(root: Path, rid: str = "summary/26/format", text: str = "要約です。") -> Path:
    out = root / "out" / "M"
    out.mkdir(parents=True)
    (out / "samples_lctg_summary_format_2026-01-01T00-00-00.jsonl").write_text(_lm_eval_line(rid, text) + "\n")
    (out / "results_2026-01-01T00-00-00.json").write_text("{}")
    return root / "out"


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("which", ["folder", "file"])
def test_an_lm_eval_output_given_to_report_names_the_score_run_that_makes_details(which, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LCTG_DATASET", "mybuild")
    folder = _lm_eval_folder(tmp_path)
    given = str(folder if which == "folder" else next(folder.rglob("samples_*.jsonl")))
    err = _error(["report", given, "-o", "x.html"], capsys)
    assert f"lctg score {given} --from lm-eval --dataset mybuild --details details.jsonl" in err, err
    assert err.endswith("then: lctg report details.jsonl"), err
    assert "e.g." not in err  # no longer a samples file offered as if it were a details file


def test_compare_names_itself_in_the_lm_eval_hint(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = _lm_eval_folder(tmp_path)
    (tmp_path / "d.jsonl").write_text("")
    err = _error(["compare", str(folder), "d.jsonl"], capsys)
    assert "give details.jsonl to lctg compare instead" in err, err


def test_a_folder_of_details_offers_a_details_file_not_another_jsonl(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dd").mkdir()
    (tmp_path / "dd" / "a_notes.jsonl").write_text('{"note": 1}\n')
    detail = {"id": "summary/26/format", "sample": 0, "aspect": "format", "passed": True}
    (tmp_path / "dd" / "b_details.jsonl").write_text(json.dumps(detail) + "\n")
    err = _error(["report", "dd", "-o", "x.html"], capsys)
    assert err.endswith(f"e.g. {Path('dd') / 'b_details.jsonl'}"), err


@pytest.mark.slow
def test_the_printed_hint_runs_as_printed(built_dataset, built_rows, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LCTG_DATASET", str(built_dataset))
    rid = next(r for r in built_rows if r.endswith("/format"))
    folder = _lm_eval_folder(tmp_path, rid)
    err = _error(["report", str(folder), "-o", "x.html"], capsys)
    score = err.split("details first: ")[1].split(", then: ")[0]
    argv = shlex.split(score)[1:] + ["--task", built_rows[rid]["task"], "--missing", "skip"]
    assert main(argv) == 0, capsys.readouterr().err
    assert main(shlex.split(err.split(", then: ")[1])[1:] + ["-o", "x.html"]) == 0, capsys.readouterr().err
    assert (tmp_path / "x.html").stat().st_size > 0


def _fake_build(folder: Path, *configs: str) -> None:
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps({"configs": {c: {"files": []} for c in configs}}))


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"lctg_folder": "../runbuild", "lctg_config": "all"}, "--dataset runbuild "),
        (
            {"lctg_repo": "me/lctg", "lctg_revision": "0123abc", "lctg_config": "all"},
            "--dataset me/lctg --revision 0123abc ",
        ),
    ],
)
def test_the_lm_eval_hint_names_the_dataset_the_run_loaded(kwargs, named, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LCTG_DATASET", raising=False)
    _fake_build(tmp_path / "other", "all")  # a build here, but not the run's: the run's own record wins
    _fake_build(tmp_path / "runbuild", "all")
    folder = _lm_eval_folder(tmp_path)
    results = {"configs": {"lctg_summary_format": {"dataset_path": "x", "dataset_kwargs": kwargs}}}
    next(folder.rglob("results_*.json")).write_text(json.dumps(results))
    err = _error(["report", str(folder), "-o", "x.html"], capsys)
    assert f"lctg score {folder} --from lm-eval {named}--details details.jsonl" in err, err


def test_a_cross_family_hint_without_dataset_names_a_build_here_that_has_the_config(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LCTG_DATASET", raising=False)
    _fake_build(tmp_path / "a_stories_only", "story_endings")
    _fake_build(tmp_path / "b_build", "all", "instructions")
    gens = tmp_path / "g.jsonl"
    gens.write_text(json.dumps({"id": "summary/26/format", "generation": "x"}) + "\n")
    assert main(["ifsm", "g.jsonl", "--reader", "embedding"]) == 2
    err = capsys.readouterr().err
    assert "score it with `lctg score g.jsonl --dataset b_build`" in err, err
