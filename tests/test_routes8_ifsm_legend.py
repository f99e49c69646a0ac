"""``lctg ifsm`` says what its brackets are, as ``score`` does: a 95% percentile bootstrap over items, with the run's
resamples and seed (not when the JSON takes standard output)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_ifsm_cli import N_BOOT, embedding_args, generations, head, main, rows  # noqa: F401 (fixtures)


@pytest.mark.slow  # scores a run with the stand-in reader, twice
def test_the_ifsm_legend_names_the_interval(rows: list[dict], head: Path, tmp_path: Path, capsys) -> None:  # noqa: F811
    gens = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    capsys.readouterr()
    assert main(embedding_args(gens, head, "--seed", "2", "--allow-invalid")) == 0
    out = capsys.readouterr().out
    assert "[" in out.split("legend:")[0]
    line = out.split("legend:\n")[1].splitlines()[0].strip()
    assert (
        line
        == f"[low,high] = 95% CI: percentile bootstrap over items (one story question each), {N_BOOT} resamples, seed 2"
    )
    assert main(embedding_args(gens, head, "--seed", "2", "--allow-invalid", "--json", "-")) == 0
    assert "legend:" not in capsys.readouterr().out
