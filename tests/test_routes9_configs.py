"""Generations of another config of the same dataset: one line naming the flag to add or drop (the id IS in the
dataset); ``sample`` names the score command of what it wrote, refuses ``--task`` for the family configs as
``prompts`` does, and a task named twice is one task; ``prompts`` says "1 sample"."""

from __future__ import annotations

import json

import pytest

from lctg_metrics.cli import main


def _one_line(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


@pytest.mark.slow  # reads the derived build
def test_a_config_mismatch_names_the_flag(built_dataset_derived, tmp_path, capsys):
    folder = str(built_dataset_derived)
    multi, lctg = tmp_path / "m.jsonl", tmp_path / "g.jsonl"
    assert main(["sample", "--dataset", folder, "--config", "multi", "--samples", "1", "-o", str(multi)]) == 0
    said = capsys.readouterr().err
    assert f"score them with lctg score {multi} --dataset {folder} --config multi" in said, said
    assert main(["sample", "--dataset", folder, "--task", "summary", "--task", "summary", "-o", str(lctg)]) == 0
    said = capsys.readouterr().err
    assert f"score them with lctg score {lctg} --dataset {folder} --task summary)" in said, said
    first_multi = json.loads(multi.read_text(encoding="utf-8").splitlines()[0])["id"]
    first_lctg = json.loads(lctg.read_text(encoding="utf-8").splitlines()[0])["id"]
    assert main(["score", str(multi), "--dataset", folder]) == 2
    assert _one_line(capsys) == (
        f"lctg score: error: {multi}:1: id {first_multi!r} is a row of the dataset's multi config, not of all: "
        "add --config multi"
    )
    assert main(["score", str(lctg), "--dataset", folder, "--config", "multi", "--task", "summary"]) == 2
    assert _one_line(capsys).endswith(
        f"id {first_lctg!r} is a row of the dataset's all config, not of multi: drop --config multi"
    )
    # the flags named work as printed
    assert main(["score", str(multi), "--dataset", folder, "--config", "multi"]) == 0
    assert main(["score", str(lctg), "--dataset", folder, "--task", "summary", "--task", "summary"]) == 0
    assert "note: scoring only" not in capsys.readouterr().out


@pytest.mark.parametrize("config", ["instructions", "story_endings"])
def test_sample_task_is_refused_for_the_family_configs(config, tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    assert main(["sample", "--dataset", str(tmp_path), "--config", config, "--task", "summary", "-o", str(out)]) == 2
    err = _one_line(capsys)
    assert err == f"lctg sample: error: --task picks LCTG tasks; the {config} config is written whole (drop --task)"
    assert not out.exists()


@pytest.mark.slow  # reads the derived build
def test_prompts_says_one_sample(built_dataset_derived, tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    argv = ["prompts", "--dataset", str(built_dataset_derived), "--config", "multi", "--format", "openai-batch"]
    assert main([*argv, "--model", "m", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "prompts × 1 sample; score the outputs with lctg score OUTPUTS.jsonl --from openai-batch" in err, err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["score", "g.jsonl", "--dataset", "d", "--mode", "strict"], "unrecognized arguments: --mode strict"),
        (["publish", "--dataset", "d", "--repo-id", "me/x", "--no-t"], "unrecognized arguments: --no-t"),
    ],
)
def test_a_flag_is_spelled_in_full(argv, said, capsys):
    """--mode is if-score's flag, not an abbreviation of score's --model-name."""
    from lctg_metrics.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and said in err, err


@pytest.mark.slow  # writes the task files of the derived build
def test_the_lm_eval_run_line_is_complete(built_dataset_derived, tmp_path, capsys):
    import re

    out = tmp_path / "t"
    assert main(["lm-eval-tasks", "--dataset", str(built_dataset_derived), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    line = re.search(r"lm_eval (.*?); then `", printed)
    assert line, printed
    argv = line.group(1).split()
    assert argv[:2] == ["--model", "local-chat-completions"] and argv[2] == "--model_args"
    assert argv[argv.index("--include_path") + 1] == str(out) and argv[-2:] == ["--output_path", "OUT"]
    assert "..." not in line.group(1)
