"""The legend under ``lctg score``'s table says what every row label and bracket shown means: the multi config's
``prompt-level`` rows, a partial run's ``prompts`` rows, and the intervals (kind, unit, resamples, seed) when
``--ci`` prints them; a table without them has no line for them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main


def _legend(out: str) -> list[str]:
    return [line.strip() for line in out.split("legend:\n")[1].splitlines()]


@pytest.fixture(scope="module")
def multi_generations(built_dataset_derived: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    gens = tmp_path_factory.mktemp("legend") / "g.jsonl"
    argv = ["sample", "--dataset", str(built_dataset_derived), "--config", "multi", "--task", "summary"]
    assert main([*argv, "--samples", "1", "-o", str(gens)]) == 0
    return gens


@pytest.mark.slow
def test_multi_ci_legend_names_prompt_level_and_the_interval(built_dataset_derived, multi_generations, capsys):
    argv = ["score", str(multi_generations), "--dataset", str(built_dataset_derived), "--config", "multi"]
    capsys.readouterr()
    assert main([*argv, "--task", "summary", "--ci", "--ci-resamples", "50", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    table = out.split("legend:")[0]
    assert "prompt-level" in table and "[" in table
    legend = _legend(out)
    assert any(line.startswith("prompt-level = ") and "all four controls" in line for line in legend), legend
    ci = [line for line in legend if line.startswith("[low,high] = 95% CI: percentile bootstrap over prompts")]
    assert len(ci) == 1 and ci[0].endswith("50 resamples, seed 3"), legend
    assert not any(line.startswith("prompts = ") for line in legend)  # a full run has no prompts rows


@pytest.mark.slow
def test_a_partial_all_config_run_without_ci_explains_prompts_rows_only(built_dataset, tmp_path, capsys):
    gens = tmp_path / "g.jsonl"
    assert (
        main(["sample", "--dataset", str(built_dataset), "--task", "summary", "--samples", "1", "-o", str(gens)]) == 0
    )
    lines = gens.read_text(encoding="utf-8").splitlines()
    ids = {json.loads(x)["id"].rsplit("/", 1)[0] for x in lines}
    keep = sorted(ids)[:5]  # five prompts of 120: every aspect of them
    gens.write_text("".join(x + "\n" for x in lines if json.loads(x)["id"].rsplit("/", 1)[0] in keep), encoding="utf-8")
    capsys.readouterr()
    assert main(["score", str(gens), "--dataset", str(built_dataset), "--task", "summary", "--missing", "skip"]) == 0
    out = capsys.readouterr().out
    assert "  prompts " in out.split("legend:")[0]
    legend = _legend(out)
    assert any(line.startswith("prompts = prompts scored / prompts of the cell") for line in legend), legend
    assert not any(line.startswith(("prompt-level", "[low,high]")) for line in legend), legend
