"""Flags that would do nothing or contradict another: --empty-cleaner-answer without an LLM cleaner (as the other
LLM-only flags), publish's --module against the Space's name, --tag/--no-tag without the dataset upload, and
--dataset-repo with --repo-id (one CONTRADICTIONS table); each refused in one line naming the flag."""

from __future__ import annotations

import pytest

from lctg_metrics.cli import main


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["score", "g.jsonl", "--dataset", "d", "--cleaner", "rule", "--empty-cleaner-answer", "invalid"],
            "--empty-cleaner-answer decides what an empty LLM-cleaner answer becomes, but no LLM cleaner runs; add "
            "--cleaner llm, or drop it",
        ),
        (
            ["publish", "--dataset", "d", "--metric", "me/lctg_if", "--module", "lctg_ctg", "--dry-run"],
            "--module lctg_ctg contradicts --metric me/lctg_if (a Space named after lctg_if); drop --module, or "
            "name the Space after lctg_ctg",
        ),
        (
            ["publish", "--dataset", "d", "--metric", "me/x", "--tag", "v3", "--dry-run"],
            "--tag applies to the dataset upload (--repo-id); a metric Space is not tagged: drop --tag",
        ),
        (
            ["publish", "--dataset", "d", "--metric", "me/x", "--no-tag", "--dry-run"],
            "--no-tag applies to the dataset upload (--repo-id); a metric Space is not tagged: drop --no-tag",
        ),
        (
            ["publish", "--dataset", "d", "--metric", "me/x", "--repo-id", "me/l", "--dataset-repo", "me/y"],
            "--dataset-repo and --repo-id contradict each other (",
        ),
    ],
)
def test_an_idle_or_contradicting_flag_is_refused(argv, said, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    try:
        code = main(argv)
    except SystemExit as e:  # refused by the parser
        code = e.code
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"lctg {argv[0]}: error: {said}"), err


def test_a_module_matching_the_space_is_accepted(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # no such build: the refusal is about the folder, not the flags
    assert main(["publish", "--dataset", "d", "--metric", "me/lctg_if", "--module", "lctg_if", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "contradicts" not in err and "metric folder d/lctg_if does not exist" in err, err


def test_the_provided_cleaner_hint_names_flags_on_the_command_line():
    """The library's wording (cleaners.provided) as the command line says it, in the CLI's one place for it."""
    from lctg_metrics.cli.run import _cli_words

    library = "5 have none: g.jsonl:1 (add a 'cleaned' field, or choose cleaner='rule', 'llm' or 'none')"
    said = _cli_words(library)
    assert said.endswith("(add a 'cleaned' field, or give --cleaner rule, llm or none)"), said
    assert "cleaner='" not in said
