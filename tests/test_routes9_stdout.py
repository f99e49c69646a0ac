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
