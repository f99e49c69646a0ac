"""``--json -`` and ``--details -``: standard output holds that output alone in ``if-score`` and ``ifsm`` as in
``score`` (one rule, :func:`lctg_metrics.cli.wrote.human_output`): the table goes to stderr, without its legend."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.test_if_score import _generations, _rows, _write_dataset, _write_jsonl
from tests.test_ifsm_cli import embedding_args, generations, head, rows  # noqa: F401 (fixtures)
from tests.test_ifsm_cli import main as ifsm_main


@pytest.fixture
def instr(tmp_path: Path) -> list[str]:
    dataset = _write_dataset(tmp_path / "lctg", _rows())
    gens = _write_jsonl(tmp_path / "g.jsonl", _generations())
    return ["if-score", str(gens), "--dataset", str(dataset), "--ci-resamples", "20"]


def test_if_score_json_to_stdout_is_the_json_alone(instr, capsys):
    assert main([*instr, "--json", "-"]) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)  # the whole of stdout is one JSON document
    assert result["signature"] in captured.err  # the table went to stderr
    assert "by instruction id" in captured.err and "legend:" not in captured.err + captured.out


def test_if_score_details_to_stdout_are_the_lines_alone(instr, capsys):
    assert main([*instr, "--details", "-"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert len(lines) == sum(len(r["instruction_id_list"]) for r in _rows())  # one per instruction, nothing else
    assert "by instruction id" in captured.err and "legend:" not in captured.out


def test_if_score_to_files_keeps_the_table_and_legend_on_stdout(instr, tmp_path, capsys):
    assert main([*instr, "--json", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "by instruction id" in out and "legend:" in out


@pytest.mark.slow  # scores a run with the stand-in reader
def test_ifsm_json_to_stdout_is_the_json_alone(rows, head, tmp_path, capsys):  # noqa: F811
    gens = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    capsys.readouterr()
    assert ifsm_main(embedding_args(gens, head, "--allow-invalid", "--json", "-")) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)
    assert "signature" in result and result["signature"] in captured.err
    assert "legend:" not in captured.out + captured.err
    assert ifsm_main(embedding_args(gens, head, "--allow-invalid", "--details", "-")) == 0
    captured = capsys.readouterr()
    assert all("id" in json.loads(line) for line in captured.out.splitlines())
    assert result["signature"] in captured.err


def _legend(out: str) -> list[str]:
    return [x.strip() for x in out.split("legend:\n")[1].splitlines() if x.startswith("  ")]


def test_the_if_score_legend_names_every_part_of_the_table(instr, tmp_path, capsys):
    assert main([*instr, "--seed", "4"]) == 0
    out = capsys.readouterr().out
    table = out.split("legend:")[0]
    assert "prompt level" in table and "instruction level" in table
    legend = _legend(out)
    assert [x.split(" = ")[0] for x in legend] == [
        "strict",
        "loose ",
        "n",
        "prompt level",
        "instruction level",
        "[low,high]",
    ]
    assert legend[-1] == "[low,high] = 95% CI: percentile bootstrap over prompts, 20 resamples, seed 4"
    # two samples: the mean block is named with its count
    gens = Path(instr[1])
    both = tmp_path / "g2.jsonl"
    both.write_text(gens.read_text(encoding="utf-8") * 2, encoding="utf-8")
    assert main(["if-score", str(both), *instr[2:4], "--no-ci"]) == 0  # the dataset, no resamples
    out = capsys.readouterr().out
    assert "mean over 2 samples:" in out.split("legend:")[0]
    assert "mean over 2 samples = each level, category and mode averaged over the samples' tables above" in _legend(out)
    assert "[low,high]" not in out  # no intervals, no line about them


@pytest.mark.slow  # scores the stand-in reader's run
def test_the_ifsm_legend_names_its_lines_and_columns(rows, head, tmp_path, capsys):  # noqa: F811
    gens = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    capsys.readouterr()
    assert ifsm_main(embedding_args(gens, head, "--allow-invalid")) == 0
    out = capsys.readouterr().out
    body, legend = out.split("legend:\n")
    text = " ".join(_legend(out))
    for column in ("IFSM (guarded)", "reader alone", "flagged", "unparseable"):
        assert f"| {column} |" in body or f"| {column}" in body
        assert f"{column} = " in text, column
    assert ("dissimilarity to gold" in body) == ("dissimilarity to gold = " in text)
    assert ("within passage" in body) == ("within passage = " in text)
    assert ("attack table" in body) == ("share = share of the run's items the attack replaced" in text)
    assert ("attack table" in body) == ("run = the attacked run's verdict" in text)
    assert (body.count("\nlimit: ") > 0) == ("limit: = " in text)


@pytest.mark.slow  # scores a run of the built dataset
def test_the_score_legend_names_the_overall_row_and_the_coverage_line(built_dataset, tmp_path, capsys):
    gens = tmp_path / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--samples", "1", "-o", str(gens)]) == 0
    capsys.readouterr()
    assert main(["score", str(gens), "--dataset", str(built_dataset)]) == 0
    out = capsys.readouterr().out
    body = out.split("legend:")[0]
    assert any(x.startswith("overall") for x in body.splitlines()) and "\ncoverage: " in body
    legend = _legend(out)
    assert "overall = mean of the tasks' Avg (each task weighs the same)" in legend
    assert any(x.startswith("coverage = generations scored / generations expected") for x in legend)
    assert main(["score", str(gens), "--dataset", str(built_dataset), "--json", "-"]) == 0
    assert "legend" not in capsys.readouterr().out
