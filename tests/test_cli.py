"""The `lctg` command end to end on the real build: prompts, sample, score (JSONL/CSV/parquet), bad input."""

from __future__ import annotations

import argparse
import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lctg_metrics.cli import main


@pytest.fixture(scope="module")
def sample_file(built_dataset, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gens") / "sample.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "-o", str(out)]) == 0
    return out


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_prompts_export(built_dataset, built_rows, tmp_path):
    out = tmp_path / "prompts.jsonl"
    assert main(["prompts", "--dataset", str(built_dataset), "-o", str(out)]) == 0
    rows = _lines(out)
    assert len(rows) == 1680 and all(set(r) == {"id", "prompt"} for r in rows)
    assert all(built_rows[r["id"]]["prompt"] == r["prompt"] for r in rows)
    out2 = tmp_path / "ad.jsonl"
    assert main(["prompts", "--dataset", str(built_dataset), "--task", "ad_text", "-o", str(out2)]) == 0
    assert len(_lines(out2)) == 600


def test_score_writes_json_details_and_csv(built_dataset, sample_file, tmp_path, capsys):
    j, d, c = tmp_path / "r.json", tmp_path / "d.jsonl", tmp_path / "csv"
    code = main(
        [
            "score",
            str(sample_file),
            "--dataset",
            str(built_dataset),
            "--json",
            str(j),
            "--details",
            str(d),
            "--csv-dir",
            str(c),
            "--model-name",
            "toy",
            "--no-progress",
        ]
    )
    assert code == 0
    table = capsys.readouterr().out
    assert "FORMAT" in table and "C-COUNT" in table and "pros_and_cons" in table and "lctg|profile:upstream" in table
    result = json.loads(j.read_text(encoding="utf-8"))
    assert result["signature"].startswith("lctg|profile:upstream|count:cp|norm:none|affix:10/10/10")
    assert "cleaner:rule@" in result["signature"] and "data:1.0.0" in result["signature"]
    for task in ("summary", "ad_text", "pros_and_cons"):
        per = result["scores"][task]
        assert set(per) == {"format", "char_count", "keyword", "prohibited_word", "average"}
        assert all(0.0 <= v <= 1.0 for v in per.values())
        assert per["average"] == pytest.approx(
            sum(per[a] for a in ("format", "char_count", "keyword", "prohibited_word")) / 4
        )
    assert result["coverage"]["expected"] == result["coverage"]["scored"] == 5040
    assert result["counts"]["summary"]["keyword"]["total"] == 360
    details = _lines(d)
    assert len(details) == 5040 and all({"id", "sample", "passed", "reason"} <= set(x) for x in details)
    # the per-item verdicts add up to the table
    summary_kw = [x for x in details if x["task"] == "summary" and x["aspect"] == "keyword"]
    per_sample = [sum(x["passed"] for x in summary_kw if x["sample"] == s) / 120 for s in range(3)]
    assert result["scores"]["summary"]["keyword"] == pytest.approx(sum(per_sample) / 3)
    with open(c / "summary" / "all_scores.csv", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["", "Format-ctg", "C-count-ctg", "Keyword-ctg", "P-word-ctg", "Avg-ctg"]
    assert rows[1][0] == "toy" and rows[1][1] == f"{result['scores']['summary']['format']:.3f}"


def test_csv_and_parquet_inputs_score_the_same(built_dataset, sample_file, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    gens = _lines(sample_file)
    csv_path = tmp_path / "g.csv"
    with open(csv_path, "w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["id", "sample", "generation"])
        w.writeheader()
        w.writerows(gens)
    pq_path = tmp_path / "g.parquet"
    pq.write_table(pa.Table.from_pylist(gens), pq_path)
    results = []
    for path in (sample_file, csv_path, pq_path):
        out = tmp_path / f"{path.suffix[1:]}.json"
        assert main(["score", str(path), "--dataset", str(built_dataset), "--json", str(out), "--no-progress"]) == 0
        results.append(json.loads(out.read_text(encoding="utf-8"))["scores"])
    assert results[0] == results[1] == results[2]


def test_provided_cleaned_field_is_used_by_default(built_dataset, sample_file, tmp_path):
    gens = [dict(g, cleaned=g["generation"]) for g in _lines(sample_file) if g["id"].startswith("ad_text/")]
    path = tmp_path / "cleaned.jsonl"
    path.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in gens), encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["score", str(path), "--dataset", str(built_dataset), "--task", "ad_text", "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert "cleaner:provided@user" in result["signature"]
    assert set(result["scores"]) == {"ad_text"}


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "lines,message",
    [
        (
            ['{"id": "summary/1614/format", "generation": "x"}', '{"id": "summary/0/format", "generation": "x"}'],
            r"g\.jsonl:2: unknown id 'summary/0/format'",
        ),
        (
            [
                '{"id": "summary/1614/format", "generation": "x", "sample": 0}',
                '{"id": "summary/1614/format", "generation": "y", "sample": 0}',
            ],
            r"g\.jsonl:2: duplicate \(id, sample\) \('summary/1614/format', 0\); first at .*g\.jsonl:1",
        ),
        (
            ['{"id": "summary/1614/format", "generation": null}'],
            r"g\.jsonl:1: generation for id 'summary/1614/format' must be a string, got null",
        ),
        (['{"id": "summary/1614/format", "generation": ["x"]}'], r"g\.jsonl:1: .* must be a string, got list"),
        (['{"id": "summary/1614/format"}'], r"g\.jsonl:1: missing field 'generation'"),
        (
            [
                '{"id": "summary/1614/format", "generation": "x"',
            ],
            r"g\.jsonl:1: invalid JSON",
        ),
        (
            ['{"id": "summary/1614/format", "generation": "x", "sample": "first"}'],
            r"g\.jsonl:1: 'sample' .* non-negative integer",
        ),
        (['{"id": "summary/1614/format", "generation": "x"}'], r"1679 of 1680 expected generations are missing"),
    ],
)
def test_bad_input_names_line_and_writes_nothing(built_dataset, tmp_path, capsys, lines, message):
    import re

    gens = _write(tmp_path / "g.jsonl", lines)
    j, d = tmp_path / "out" / "r.json", tmp_path / "out" / "d.jsonl"
    code = main(["score", str(gens), "--dataset", str(built_dataset), "--json", str(j), "--details", str(d)])
    assert code == 2
    err = capsys.readouterr().err
    assert re.search(message, err), err
    assert not j.exists() and not d.exists()


def test_unreadable_and_missing_files(built_dataset, tmp_path, capsys):
    binary = tmp_path / "g.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["score", str(binary), "--dataset", str(built_dataset)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    assert main(["score", str(tmp_path / "nope.jsonl"), "--dataset", str(built_dataset)]) == 2
    assert "does not exist" in capsys.readouterr().err
    bad_pq = tmp_path / "g.parquet"
    bad_pq.write_bytes(b"not parquet")
    assert main(["score", str(bad_pq), "--dataset", str(built_dataset)]) == 2
    assert "not a readable parquet file" in capsys.readouterr().err
    assert main(["score", str(binary), "--dataset", str(tmp_path)]) == 2
    assert "no manifest.json" in capsys.readouterr().err


def test_missing_counted_as_failure_and_task_filter(built_dataset, sample_file, tmp_path, capsys):
    gens = [g for g in _lines(sample_file) if g["id"].startswith("summary/") and g["sample"] == 0]
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in gens[:-4]), encoding="utf-8")
    out = tmp_path / "r.json"
    assert main(["score", str(path), "--dataset", str(built_dataset), "--task", "summary"]) == 2
    assert "4 of 480 expected generations are missing" in capsys.readouterr().err
    assert (
        main(
            [
                "score",
                str(path),
                "--dataset",
                str(built_dataset),
                "--task",
                "summary",
                "--missing",
                "fail",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["coverage"]["missing"] == 4 and result["coverage"]["ratio"] == pytest.approx(476 / 480)


def test_options_reach_the_signature(built_dataset, sample_file, tmp_path):
    out = tmp_path / "r.json"
    assert (
        main(
            [
                "score",
                str(sample_file),
                "--dataset",
                str(built_dataset),
                "--profile",
                "paper",
                "--counting",
                "graphemes",
                "--normalization",
                "nfkc",
                "--empty",
                "fail",
                "--think",
                "strip",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    sig = json.loads(out.read_text(encoding="utf-8"))["signature"]
    assert "profile:paper|count:gc|norm:nfkc|affix:10/5/10|short:fail|empty:fail|think:strip" in sig


@pytest.mark.slow
def test_console_script_is_installed(built_dataset, tmp_path):
    exe = shutil.which("lctg", path=str(Path(sys.executable).parent))
    assert exe, "the lctg console script is installed next to the interpreter"
    proc = subprocess.run(
        [exe, "prompts", "--dataset", str(built_dataset), "--task", "summary", "-o", str(tmp_path / "p.jsonl")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    then = f"score the outputs with lctg score OUTPUTS.jsonl --dataset {built_dataset} --task summary"
    assert proc.returncode == 0 and proc.stderr == f"wrote {tmp_path / 'p.jsonl'} (480 prompts; {then})\n", proc.stderr


def test_task_on_a_full_generations_file_scores_only_that_task(built_dataset, tmp_path, capsys):
    gens = tmp_path / "all.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--samples", "1", "-o", str(gens)]) == 0
    out = tmp_path / "r.json"
    assert (
        main(
            [
                "score",
                str(gens),
                "--dataset",
                str(built_dataset),
                "--task",
                "summary",
                "--json",
                str(out),
                "--no-progress",
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert "scoring only summary: skipped 1200 generations of the other tasks" in printed
    result = json.loads(out.read_text(encoding="utf-8"))
    assert set(result["scores"]) == {"summary"} and result["coverage"]["scored"] == 480


def test_version_and_one_line_usage_errors(capsys):
    from lctg_metrics import __version__

    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.strip() == f"lctg {__version__}"
    with pytest.raises(SystemExit) as e:
        main(["score", "g.jsonl", "--dataset", "lctg", "--counting", "bytes"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and len(err.splitlines()) == 1 and "argument --counting: invalid choice: 'bytes'" in err


def test_build_takes_every_option_of_build_dataset(capsys, tmp_path):
    from lctg_dataset.cli import build_parser

    with pytest.raises(SystemExit):
        main(["build", "--help"])
    shown = capsys.readouterr().out
    flags = [s for a in build_parser()._actions if a.help != argparse.SUPPRESS for s in a.option_strings]
    assert len(flags) > 10 and [f for f in flags if f not in shown] == []
    assert main(["build", "--output", str(tmp_path / "b"), "--variants", "0"]) == 2
    assert "--variants must be a positive integer, got 0" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()


def test_progress_only_when_asked_or_on_a_terminal(built_dataset, tmp_path, capsys):
    gens = tmp_path / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--samples", "2", "-o", str(gens)]) == 0  # 3360 > 2000
    capsys.readouterr()
    assert main(["score", str(gens), "--dataset", str(built_dataset)]) == 0
    assert capsys.readouterr().err == ""  # stderr is not a terminal here
    assert main(["score", str(gens), "--dataset", str(built_dataset), "--progress"]) == 0
    assert "lctg: checking" in capsys.readouterr().err
    assert main(["score", str(gens), "--dataset", str(built_dataset), "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_hub_dataset_reaches_the_signature(built_dataset, sample_file, tmp_path, monkeypatch):
    from lctg_metrics.inputs import hub

    seen = {}

    def fake_resolve(spec, revision=None):
        seen["args"] = (spec, revision)
        return hub.ResolvedDataset(Path(built_dataset), "your-org/lctg", revision, "ab" * 32)

    monkeypatch.setattr(hub, "resolve_dataset", fake_resolve)
    out = tmp_path / "r.json"
    assert (
        main(["score", str(sample_file), "--dataset", "your-org/lctg", "--revision", "v1.0.0", "--json", str(out)]) == 0
    )
    assert seen["args"] == ("your-org/lctg", "v1.0.0")
    assert "|data:1.0.0@your-org/lctg@v1.0.0#abababababab|" in json.loads(out.read_text(encoding="utf-8"))["signature"]


def test_prompts_in_batch_format_and_generations_from_a_batch_output(built_dataset, tmp_path):
    batch_in = tmp_path / "batch.jsonl"
    assert (
        main(
            [
                "prompts",
                "--dataset",
                str(built_dataset),
                "--task",
                "ad_text",
                "--format",
                "openai-batch",
                "--model",
                "m",
                "--samples",
                "2",
                "-o",
                str(batch_in),
            ]
        )
        == 0
    )
    lines = _lines(batch_in)
    assert len(lines) == 1200 and lines[1]["custom_id"] == lines[0]["custom_id"][:-1] + "1"
    assert lines[0]["body"] == {
        "model": "m",
        "messages": [{"role": "user", "content": lines[0]["body"]["messages"][0]["content"]}],
    }
    # a Batch API output file answering every request with the prompt's first line
    batch_out = tmp_path / "batch_out.jsonl"
    batch_out.write_text(
        "".join(
            json.dumps(
                {
                    "custom_id": x["custom_id"],
                    "response": {
                        "status_code": 200,
                        "body": {"choices": [{"message": {"role": "assistant", "content": "答え"}}]},
                    },
                },
                ensure_ascii=False,
            )
            + "\n"
            for x in lines
        ),
        encoding="utf-8",
    )
    out = tmp_path / "r.json"
    assert (
        main(
            [
                "score",
                str(batch_out),
                "--from",
                "openai-batch",
                "--dataset",
                str(built_dataset),
                "--task",
                "ad_text",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["coverage"]["scored"] == 1200 and result["counts"]["ad_text"]["format"]["total"] == 300


def test_renamed_fields(built_dataset, sample_file, tmp_path):
    renamed = tmp_path / "renamed.jsonl"
    renamed.write_text(
        "".join(
            json.dumps({"qid": g["id"], "sample": g["sample"], "output": g["generation"]}, ensure_ascii=False) + "\n"
            for g in _lines(sample_file)
        ),
        encoding="utf-8",
    )
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["score", str(sample_file), "--dataset", str(built_dataset), "--json", str(a)]) == 0
    assert (
        main(
            [
                "score",
                str(renamed),
                "--dataset",
                str(built_dataset),
                "--id-field",
                "qid",
                "--text-field",
                "output",
                "--json",
                str(b),
            ]
        )
        == 0
    )
    assert json.loads(a.read_text(encoding="utf-8"))["scores"] == json.loads(b.read_text(encoding="utf-8"))["scores"]


def test_publish_metric_dry_run_lists_the_module(built_dataset, capsys):
    assert main(["publish", "--dataset", str(built_dataset), "--metric", "your-org/lctg_ctg", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "dry run: nothing uploaded" in out and "metric Space: your-org/lctg_ctg" in out and "lctg_ctg.py" in out


@pytest.mark.parametrize(
    ("extra", "named"), [([], None), (["--dataset-repo", "me/lctg"], "me/lctg"), (["--repo-id", "me/data"], "me/data")]
)
def test_publish_metric_names_the_dataset_repo_its_space_scores(built_dataset, monkeypatch, extra, named):
    import lctg_dataset.publish as publishing

    seen = {}
    monkeypatch.setenv("HF_TOKEN", "hf_test")
    monkeypatch.setattr(publishing, "publish", lambda *a, **k: "https://hub/datasets/x")
    monkeypatch.setattr(publishing, "publish_metric", lambda folder, repo, **k: seen.update(k) or "https://hub/m")
    assert main(["publish", "--dataset", str(built_dataset), "--metric", "me/lctg_ctg", *extra]) == 0
    assert seen["dataset"] == named


def test_csv_dir_keeps_the_rows_of_other_models(built_dataset, sample_file, tmp_path, capsys):
    c = tmp_path / "csv"
    base = ["score", str(sample_file), "--dataset", str(built_dataset), "--task", "summary", "--csv-dir", str(c)]
    assert main([*base, "--model-name", "a"]) == 0
    first = (c / "summary" / "all_scores.csv").read_text(encoding="utf-8").splitlines()
    assert main([*base, "--model-name", "b", "--counting", "graphemes"]) == 0
    assert "keeps the rows of 1 other model(s): a" in capsys.readouterr().out
    assert main([*base, "--model-name", "a"]) == 0  # a again: its row is replaced in place, b stays
    rows = (c / "summary" / "all_scores.csv").read_text(encoding="utf-8").splitlines()
    assert [r.split(",")[0] for r in rows] == ["", "a", "b"] and rows[:2] == first
