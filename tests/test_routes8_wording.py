"""Small wordings that fit the command line: ``--ci=yes`` is refused as a switch given a value (not "ignored"); the
missing-generations error names flags only; a config the build lacks names the build flag that adds it; the
lm-eval run line printed by ``lm-eval-tasks`` has ``--apply_chat_template`` as docs/routes.md has it."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from lctg_metrics.cli import build_parser, main
from lctg_metrics.cli.run import CONFIG_FLAGS, _cli_words
from tests.conftest import PROJECT_ROOT


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["score", "g.jsonl", "--dataset", "d", "--ci=yes"], "--ci/--no-ci is a switch and takes no value, got 'yes'"),
        (["publish", "--dataset", "d", "--dry-run=1"], "--dry-run is a switch and takes no value, got '1'"),
    ],
)
def test_a_value_given_to_a_switch_with_equals_is_named(argv, said, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(argv)
    err = capsys.readouterr().err
    assert said in err and "ignored" not in err, err


def test_the_missing_generations_error_names_flags_only():
    library = (
        "3 of 9 expected generations are missing. Score only some tasks with --task/task=, score the generations "
        "present with --missing skip / missing='skip' (…), or count them as failures with "
        "--missing fail / missing='fail'"
    )
    said = _cli_words(library)
    assert "task=" not in said and "missing='" not in said
    assert "--task," in said and "--missing skip (…)" in said and said.endswith("--missing fail")


@pytest.mark.parametrize("config", sorted(CONFIG_FLAGS))
def test_a_config_the_build_lacks_names_the_flag_that_adds_it(config):
    said = _cli_words(f"--dataset B: unknown config {config!r}; valid: all, templates")
    assert f"lctg build {CONFIG_FLAGS[config]} -o B" in said


def test_every_config_flag_is_a_build_flag():
    from lctg_dataset.cli import build_parser as build_build_parser

    flags = set(build_build_parser()._option_string_actions)
    assert {f.split()[0] for f in CONFIG_FLAGS.values()} <= flags


@pytest.mark.slow
def test_a_missing_config_s_hint_runs_as_printed(built_dataset, tmp_path, capsys, monkeypatch):
    import shutil

    monkeypatch.chdir(tmp_path)
    shutil.copytree(built_dataset, tmp_path / "B")
    assert main(["sample", "--dataset", "B", "--config", "multi", "-o", "s.jsonl"]) == 2
    err = capsys.readouterr().err
    command = shlex.split(re.search(r": (lctg build [^,]+),", err)[1])
    assert main(command[1:]) == 0, capsys.readouterr().err
    assert main(["sample", "--dataset", "B", "--config", "multi", "--samples", "1", "-o", "s.jsonl"]) == 0
    assert json.loads((tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()[0])["id"]


@pytest.mark.slow
def test_the_lm_eval_run_line_applies_the_chat_template_as_the_docs_do(built_dataset, tmp_path, capsys):
    assert main(["lm-eval-tasks", "--dataset", str(built_dataset), "-o", str(tmp_path / "tasks")]) == 0
    out = capsys.readouterr().out
    assert "--apply_chat_template --log_samples --output_path OUT" in out, out
    assert "--apply_chat_template" in (PROJECT_ROOT / "docs" / "routes.md").read_text(encoding="utf-8")
