"""One error, one wording: two outputs naming one file are refused by if-score in the words score and ifsm use,
before any input is read (the generations file here does not even exist)."""

from __future__ import annotations

import pytest

from lctg_metrics.cli import main


@pytest.mark.parametrize("command", ["score", "if-score", "ifsm"])
def test_two_outputs_on_one_file_are_worded_alike(command, tmp_path, capsys, built_dataset) -> None:
    out = tmp_path / "x.json"
    dataset = ["--dataset", str(built_dataset)] if command == "score" else []
    code = main([command, str(tmp_path / "absent.jsonl"), *dataset, "--json", str(out), "--details", str(out)])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert err.endswith(f"--json {out} and --details {out} are the same file; give each output its own path"), err
    assert not out.exists()
