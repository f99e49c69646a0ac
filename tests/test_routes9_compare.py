"""compare's not-comparable error: its reasons separated, and only the hint that can work (runs of different prompts,
such as another config, cannot be re-scored alike: said so; settings that differ: re-score or allow)."""

from __future__ import annotations

import json

import pytest

from lctg_metrics.cli import main


def _rewrite(src, dst, change) -> None:
    lines = [json.loads(x) for x in src.read_text(encoding="utf-8").splitlines()]
    dst.write_text("".join(json.dumps(change(r), ensure_ascii=False) + "\n" for r in lines), encoding="utf-8")


@pytest.mark.slow  # scores a run
def test_the_not_comparable_hint_fits_the_reason(built_dataset, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert (
        main(["sample", "--dataset", str(built_dataset), "--task", "summary", "--samples", "1", "-o", "g.jsonl"]) == 0
    )
    argv = ["score", "g.jsonl", "--dataset", str(built_dataset), "--task", "summary", "--missing", "skip"]
    assert main([*argv, "--details", "d1.jsonl"]) == 0
    d1 = tmp_path / "d1.jsonl"
    # the same prompts under another setting (an independent edit of the signature line, not the code under test)
    _rewrite(
        d1,
        tmp_path / "dp.jsonl",
        lambda r: {**r, "signature": r["signature"].replace("profile:upstream", "profile:paper")},
    )
    # other prompts (another config's ids) under another dataset version
    _rewrite(
        d1,
        tmp_path / "dm.jsonl",
        lambda r: {**r, "id": r["id"] + "x", "signature": r["signature"].replace("|data:1.0.0", "|data:1.1.0+multi")},
    )
    capsys.readouterr()
    assert main(["compare", "d1.jsonl", "dp.jsonl"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "were scored with different settings (profile (" in err and "'upstream' in d1, 'paper' in dp" in err, err
    assert err.endswith(
        "so their scores are not comparable; re-score both with the same options, or add "
        "--allow-different-signatures to this lctg compare command to compare them anyway"
    )
    assert main(["compare", "d1.jsonl", "dm.jsonl"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "which no re-scoring makes comparable; compare two runs of the same config" in err
    assert "--allow-different-signatures" not in err and "re-score both" not in err
    assert main(["compare", "d1.jsonl", "dp.jsonl", "--allow-different-signatures"]) == 0  # the hint works
