"""A numeric flag outside its range is refused by argparse in one line naming the flag (exit 2), before any work."""

from __future__ import annotations

import pytest

from lctg_metrics.cli import main

LLM = ["--cleaner", "llm", "--llm-base-url", "http://127.0.0.1:9", "--llm-model", "m"]


@pytest.mark.parametrize(
    "command,args,flag,says",
    [
        ("score", ["--ci", "--ci-resamples", "0"], "--ci-resamples", "must be >= 1, got 0"),
        ("score", ["--ci", "--ci-resamples", "-5"], "--ci-resamples", "must be >= 1, got -5"),
        ("score", ["--ci", "--ci-resamples", "2.5"], "--ci-resamples", "invalid int value: '2.5'"),
        ("score", ["--seed", "abc"], "--seed", "invalid int value: 'abc'"),
        ("score", [*LLM, "--llm-concurrency", "0"], "--llm-concurrency", "must be >= 1, got 0"),
        ("score", [*LLM, "--llm-timeout", "0"], "--llm-timeout", "must be > 0, got 0"),
        ("score", [*LLM, "--llm-timeout", "-1.5"], "--llm-timeout", "must be > 0, got -1.5"),
        ("score", [*LLM, "--llm-max-retries", "-1"], "--llm-max-retries", "must be >= 0, got -1"),
        ("score", [*LLM, "--llm-max-tokens", "0"], "--llm-max-tokens", "must be >= 1, got 0"),
        ("score", [*LLM, "--llm-temperature", "-0.1"], "--llm-temperature", "must be >= 0, got -0.1"),
        ("score", [*LLM, "--llm-top-p", "0"], "--llm-top-p", "must be > 0, got 0"),
        ("ifsm", ["--reader", "llm", "--llm-concurrency", "0"], "--llm-concurrency", "must be >= 1, got 0"),
    ],
)
def test_out_of_range_flag_is_one_line_naming_it(command, args, flag, says, tmp_path, capsys):
    assert f"argument {flag}: {says}" in _one_line_error(command, args, tmp_path, capsys)


def _one_line_error(command: str, args: list[str], tmp_path, capsys) -> str:
    """Run the command on a one-line generations file; it must exit 2 with one line on stderr, returned."""
    generations = tmp_path / "g.jsonl"
    generations.write_text('{"id": "summary/1/format", "generation": "x"}\n', encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main([command, str(generations), *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0], err
    return err[0]


@pytest.mark.parametrize("args", [["--ci", "--ci-resamples", "1"], ["--seed", "-3"]])
def test_in_range_values_are_taken(args, capsys):
    from lctg_metrics.cli import build_parser

    parsed = build_parser().parse_args(["score", "g.jsonl", "--dataset", "lctg", *args])
    assert parsed.ci_resamples == (1 if "--ci-resamples" in args else 1000)
    assert parsed.seed == (-3 if "--seed" in args else 0)


@pytest.mark.parametrize(
    "command,args,flag",
    [
        ("score", ["--dataset", "lctg", "--json", ""], "--json"),
        ("score", ["--dataset", "lctg", "--details", " "], "--details"),
        ("score", ["--dataset", ""], "--dataset"),
        ("score", ["--dataset", "lctg", "--revision", ""], "--revision"),
        ("score", ["--dataset", "lctg", "--id-field", ""], "--id-field"),
        ("if-score", ["--dataset", "lctg", "--json", ""], "--json"),
        ("ifsm", ["--reader", "embedding", "--json", ""], "--json"),
    ],
)
def test_an_empty_string_flag_is_refused_not_taken_as_none(command, args, flag, tmp_path, capsys):
    """``--json ""`` used to write nothing and exit 0; every string flag now refuses an empty value."""
    assert f"argument {flag}: must not be empty" in _one_line_error(command, args, tmp_path, capsys)
