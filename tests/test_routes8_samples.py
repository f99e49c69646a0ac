"""``lctg sample --samples N`` for the configs whose toy model writes one output per prompt: refused in one line with
a route that works (one file per seed, concatenated), never silently ignored; the LCTG configs keep their default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.shared_builds import lctg_build


@pytest.mark.parametrize("config", ["instructions", "story_endings"])
def test_several_samples_of_a_one_output_config_are_refused_in_one_line(config, tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    argv = ["sample", "--dataset", str(tmp_path / "nowhere"), "--config", config, "--samples", "4", "-o", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert f"lctg sample: error: --samples 4: the {config} config's toy model writes one output per prompt" in err
    assert "one file per --seed (0 to 3)" in err
    assert not out.exists()


@pytest.fixture(scope="module")
def folder(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True)


def _ids(path: Path) -> list[str]:
    return [json.loads(x)["id"] for x in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.slow
def test_the_refusal_s_route_gives_two_samples_per_id(folder, tmp_path, capsys):
    files = []
    for seed in (0, 1):
        files.append(tmp_path / f"i{seed}.jsonl")
        argv = ["sample", "--dataset", str(folder), "--config", "instructions", "--seed", str(seed)]
        assert main([*argv, "--samples", "1", "-o", str(files[-1])]) == 0  # 1 is what it writes: accepted
    one = _ids(files[0])
    assert len(one) == len(set(one)) == 840 and _ids(files[1]) == one
    both = tmp_path / "i01.jsonl"
    both.write_text(files[0].read_text(encoding="utf-8") + files[1].read_text(encoding="utf-8"), encoding="utf-8")
    capsys.readouterr()
    assert main(["if-score", str(both), "--dataset", str(folder), "--no-ci"]) == 0
    shown = capsys.readouterr().out
    assert "sample 0:" in shown and "sample 1:" in shown, shown


@pytest.mark.slow
def test_one_lctg_sample_says_sample(built_dataset, tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--task", "summary", "--samples", "1", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "prompts × 1 sample;" in err, err
    assert main(["sample", "--dataset", str(built_dataset), "--task", "summary", "-o", str(out)]) == 0
    assert "prompts × 3 samples;" in capsys.readouterr().err
