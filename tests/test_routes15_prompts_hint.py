"""``lctg prompts`` names the command that scores the outputs for every config (as it did for instructions), with
the dataset as given and the config and tasks ``score`` will need: followed as printed, it scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main


def _hint(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("flags", "command"),
    [
        ([], "lctg score OUTPUTS.jsonl --dataset B)"),
        (["--config", "multi"], "lctg score OUTPUTS.jsonl --dataset B --config multi)"),
        (["--task", "summary"], "lctg score OUTPUTS.jsonl --dataset B --task summary)"),
    ],
)
def test_every_lctg_config_names_score(
    built_dataset_derived: Path, tmp_path: Path, capsys, monkeypatch, flags: list[str], command: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(built_dataset_derived)
    assert main(["prompts", "--dataset", "B", *flags, "-o", "p.jsonl"]) == 0
    hint = _hint(capsys)
    assert hint.endswith(f"; score the outputs with {command}"), hint
    # followed as printed, with a model's outputs (here: each prompt's first 30 characters)
    prompts = [json.loads(line) for line in Path("p.jsonl").read_text(encoding="utf-8").splitlines()]
    Path("OUTPUTS.jsonl").write_text(
        "".join(
            json.dumps({"id": p["id"], "generation": p["prompt"][:30]}, ensure_ascii=False) + "\n" for p in prompts
        ),
        encoding="utf-8",
    )
    assert main(command.rstrip(")").split()[1:]) == 0


def test_the_story_endings_prompts_name_ifsm(
    tmp_path: Path, capsys, monkeypatch, source_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from tests.shared_builds import stories_build
    from tests.test_story_config import STORIES

    build = stories_build(source_dir, STORIES, tmp_path_factory)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(build)
    assert main(["prompts", "--dataset", "B", "--config", "story_endings", "-o", "p.jsonl"]) == 0
    assert _hint(capsys).endswith("; score the endings with lctg ifsm OUTPUTS.jsonl --dataset B)")
