"""Wrong-family and wrong-file inputs, one rule each: a details file (any family's) given where generations go is
named as a details file by every command that reads generations; a metric module given another family's row ids
names the module for them; if-score given another command's config names that command; if-score without
``--dataset`` names no flag the user did not type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.api.modules import FAMILY_MODULES, other_module
from lctg_metrics.cli import main
from lctg_metrics.family import REGISTRY
from lctg_metrics.metric_module import METRICS

#: A first line of each family's details file (fields as each command writes them).
DETAILS = {
    "score": {
        "id": "summary/1/format",
        "sample": 0,
        "aspect": "format",
        "passed": True,
        "reason": "r",
        "generation": "x",
    },
    "if-score": {"key": "instructions/summary/1/0", "instruction_id": "style:plain", "strict": True, "loose": True},
    "ifsm": {"id": "story_endings/q1", "hit": 1.0, "choice": "A", "guard": None},
}
#: Every command that reads a generations file, as run on ``{g}``.
COMMANDS = {
    "score": ["score", "{g}", "--dataset", "{B}"],
    "if-score": ["if-score", "{g}", "--dataset", "{B}"],
    "ifsm": ["ifsm", "{g}"],
}


@pytest.fixture
def build(tmp_path: Path) -> Path:
    folder = tmp_path / "B"
    (folder / "data").mkdir(parents=True)
    (folder / "manifest.json").write_text('{"configs": {}}', encoding="utf-8")
    return folder


@pytest.mark.parametrize("kind", sorted(DETAILS))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_names_a_details_file_given_as_generations(command, kind, build, tmp_path, capsys):
    path = tmp_path / "d.jsonl"
    path.write_text(json.dumps(DETAILS[kind]) + "\n", encoding="utf-8")
    argv = [a.format(g=path, B=build) for a in COMMANDS[command]]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert f"error: {path} is an lctg {kind} details file" in err, err
    assert "not generations: give the generations file that run scored" in err
    assert "score it with" not in err  # no command suggested for a file of verdicts


def test_every_family_has_the_module_that_scores_its_config():
    """FAMILY_MODULES (the modules' hints) agree with the modules' own declarations (their build config)."""
    assert set(FAMILY_MODULES) == set(REGISTRY)
    for family, module in FAMILY_MODULES.items():
        config = METRICS[module].config
        assert config == REGISTRY[family].config or (config is None and REGISTRY[family].config == "all")


@pytest.mark.parametrize(
    ("rid", "module"),
    [
        ("summary/1614/format", "lctg_ctg"),
        ("instructions/summary/1614/0", "lctg_if"),
        ("story_endings/q1", "lctg_ifsm"),
    ],
)
def test_other_module_names_the_module_of_every_family(rid, module):
    for mine in METRICS:
        hint = other_module(rid, mine)
        if mine == module:
            assert hint is None
        else:
            assert hint is not None and f"the {module} metric module" in hint


@pytest.mark.parametrize(
    ("rid", "module"), [("summary/1614/format", "lctg_ctg"), ("instructions/summary/1614/0", "lctg_if")]
)
def test_the_ifsm_module_names_the_module_for_other_ids(rid, module):
    from tests.test_ifsm_evaluate import _load_module

    metric = _load_module().LctgIfsm(keep_in_memory=True)
    with pytest.raises(ValueError) as refused:
        metric.compute(predictions=["x"], references=[rid], reader="embedding", adversarial=False)
    message = str(refused.value)
    assert message.startswith(f"lctg_ifsm: references[0]: {rid!r} is not a story_endings row id"), message
    assert f"score those with the {module} metric module" in message


@pytest.mark.parametrize(
    ("config", "command"), [("all", "score"), ("multi", "score"), ("summary", "score"), ("story_endings", "ifsm")]
)
def test_if_score_given_another_commands_config_names_it(config, command, build, tmp_path, capsys):
    g = tmp_path / "i.jsonl"
    g.write_text('{"id": "instructions/summary/1/0", "generation": "x"}\n', encoding="utf-8")
    assert main(["if-score", str(g), "--dataset", str(build), "--config", config]) == 2
    err = capsys.readouterr().err.strip()
    assert f"--config {config}: the {config} config holds no instruction prompts (lctg {command} scores it)" in err
    assert "drop --config" in err and "missing column" not in err


def test_if_score_without_dataset_names_only_typed_flags(tmp_path, capsys):
    g = tmp_path / "i.jsonl"
    g.write_text('{"id": "instructions/summary/1/0", "generation": "x"}\n', encoding="utf-8")
    assert main(["if-score", str(g)]) == 2
    err = capsys.readouterr().err
    assert "--from" not in err and "if-score needs --dataset" in err
    assert main(["if-score", str(g), "--from", "lctg"]) == 2
    assert "--from lctg needs --dataset" in capsys.readouterr().err
