"""A legend where the numbers are printed: ``lctg score`` and ``lctg if-score`` explain their column headings
(the four LCTG aspects; strict and loose) under the table, ``lctg report`` among its notes; never in a machine
output (``--json -`` keeps stdout pure JSON)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.test_if_score import _generations, _rows, _write_dataset, _write_jsonl

#: The definitions the legend must carry, as the benchmark states them (written here, not read from the code).
ASPECT_WORDS = {
    "FORMAT": "no preamble or closing",
    "C-COUNT": "character range",
    "KEYWORD": "keyword(s)",
    "P-WORD": "prohibited word(s)",
}


def _legend_lines(text: str) -> list[str]:
    lines = text.splitlines()
    assert "legend:" in lines, text
    return lines[lines.index("legend:") + 1 :]


def _score_args(built_dataset: Path, tmp_path: Path) -> list[str]:
    gens = tmp_path / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--task", "ad_text", "-o", str(gens)]) == 0
    return ["score", str(gens), "--dataset", str(built_dataset), "--task", "ad_text", "--no-progress"]


def test_score_prints_one_legend_line_per_heading(built_dataset: Path, tmp_path: Path, capsys) -> None:
    args = _score_args(built_dataset, tmp_path)
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr().out
    table_header = next(line for line in out.splitlines() if "FORMAT" in line and "C-COUNT" in line)
    legend = _legend_lines(out)
    for heading, words in ASPECT_WORDS.items():
        assert heading in table_header
        line = next(x for x in legend if x.strip().startswith(heading + " ") or x.strip().startswith(heading + "="))
        assert words in line, line
    assert out.index("legend:") > out.index(table_header)  # under the table


def test_score_json_on_stdout_has_no_legend(built_dataset: Path, tmp_path: Path, capsys) -> None:
    args = _score_args(built_dataset, tmp_path)
    capsys.readouterr()
    assert main([*args, "--json", "-"]) == 0
    captured = capsys.readouterr()
    result = json.loads(captured.out)  # stdout is the JSON and nothing else
    assert "scores" in result and "legend" not in captured.out + captured.err
    assert "FORMAT" in captured.err  # the table still reaches the reader, on stderr


def test_the_legend_changes_no_number(built_dataset: Path, tmp_path: Path, capsys) -> None:
    """The JSON written beside the printed legend equals the JSON of a run that prints none."""
    args = _score_args(built_dataset, tmp_path)
    assert main([*args, "--json", str(tmp_path / "a.json")]) == 0
    assert main([*args, "--json", "-"]) == 0
    out = capsys.readouterr().out
    b = json.loads(out[out.index("{") :])
    a = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert a["scores"] == b["scores"] and a["signature"] == b["signature"]


@pytest.mark.parametrize("mode, shown", [("both", ["strict", "loose"]), ("strict", ["strict"]), ("loose", ["loose"])])
def test_if_score_explains_strict_and_loose(tmp_path: Path, capsys, mode: str, shown: list[str]) -> None:
    data = _write_dataset(tmp_path / "ds", _rows())
    gens = _write_jsonl(tmp_path / "g.jsonl", _generations())
    assert main(["if-score", str(gens), "--dataset", str(data), "--mode", mode, "--no-ci"]) == 0
    legend = [x.strip() for x in _legend_lines(capsys.readouterr().out)]
    assert [x.split()[0] for x in legend] == [*shown, "n", "prompt", "instruction"]  # the modes, then the rows
    if "loose" in shown:
        loose = next(x for x in legend if x.startswith("loose"))
        assert "first line" in loose and "last line" in loose and "markdown" in loose


def test_if_score_json_on_stdout_has_no_legend(tmp_path: Path, capsys) -> None:
    data = _write_dataset(tmp_path / "ds", _rows())
    gens = _write_jsonl(tmp_path / "g.jsonl", _generations())
    main(["if-score", str(gens), "--dataset", str(data), "--no-ci", "--json", "-"])
    assert "legend" not in capsys.readouterr().out


def test_report_names_the_columns(built_dataset: Path, tmp_path: Path, capsys) -> None:
    pytest.importorskip("matplotlib")
    pytest.importorskip("jinja2")
    args = _score_args(built_dataset, tmp_path)
    details = tmp_path / "d.jsonl"
    assert main([*args, "--details", str(details)]) == 0
    for name in ("r.html", "r.md"):
        assert main(["report", str(details), "-o", str(tmp_path / name)]) == 0
        text = (tmp_path / name).read_text(encoding="utf-8")
        for heading, words in ASPECT_WORDS.items():
            assert f"{heading} = " in text and words in text, (name, heading)
