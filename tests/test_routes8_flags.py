"""One rule for contradicting flags, in the shared parser: a flag of the intervals with ``--no-ci`` (score and
if-score alike), and ``publish --tag`` with ``--no-tag``, are refused in one line naming both (``--flag=value``
spellings too; flags are spelled in full); a switch given twice says it is a switch; ``--ci-resamples 0`` has the
same hint in score as in if-score; compare's ``--help`` states its resamples default."""

from __future__ import annotations

import pytest

from lctg_metrics.cli import build_parser
from lctg_metrics.cli.flags import CONTRADICTIONS


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


SCORE = ["score", "g.jsonl", "--dataset", "d"]
IF_SCORE = ["if-score", "g.jsonl", "--dataset", "d"]
PUBLISH = ["publish", "--dataset", "d", "--repo-id", "me/lctg", "--dry-run"]


@pytest.mark.parametrize(
    ("argv", "pair"),
    [
        ([*SCORE, "--no-ci", "--ci-resamples", "50"], ("--no-ci", "--ci-resamples")),
        ([*IF_SCORE, "--no-ci", "--ci-resamples", "50"], ("--no-ci", "--ci-resamples")),
        ([*IF_SCORE, "--ci-resamples=50", "--no-ci"], ("--no-ci", "--ci-resamples")),
        ([*IF_SCORE, "--no-ci", "--seed", "3"], ("--no-ci", "--seed")),
        ([*SCORE, "--seed", "3", "--no-ci"], ("--no-ci", "--seed")),
        ([*PUBLISH, "--tag", "v1", "--no-tag"], ("--no-tag", "--tag")),
        ([*PUBLISH, "--no-tag", "--tag=v1"], ("--no-tag", "--tag")),
    ],
)
def test_contradicting_flags_are_refused_naming_both(argv, pair, capsys):
    err = _error(argv, capsys)
    command = argv[0]
    assert err.startswith(f"lctg {command}: error: {pair[0]} and {pair[1]} contradict each other ("), err
    assert "give one of them" in err


@pytest.mark.parametrize(
    "argv",
    [
        [*SCORE, "--ci", "--ci-resamples", "50", "--seed", "3"],
        [*IF_SCORE, "--ci-resamples", "50", "--seed", "3"],
        [*IF_SCORE, "--no-ci"],
        [*PUBLISH, "--no-tag"],
        [*PUBLISH, "--tag", "v1"],
        ["compare", "a.jsonl", "b.jsonl", "--seed", "3", "--ci-resamples", "50"],
        ["sample", "--dataset", "d", "--seed", "3", "-o", "s.jsonl"],
    ],
)
def test_flags_that_agree_parse(argv):
    build_parser().parse_args(argv)


def test_every_declared_contradiction_is_live_in_some_command():
    parser = build_parser()
    sub = next(a for a in parser._actions if getattr(a, "choices", None) and "score" in a.choices)
    declared = {pair[:2] for p in sub.choices.values() for pair in getattr(p, "contradictions", [])}
    assert {pair[:2] for pair in CONTRADICTIONS} <= declared


def test_a_switch_given_twice_says_it_is_a_switch(capsys):
    err = _error([*PUBLISH, "--dry-run"], capsys)
    assert "--dry-run given twice: give it once (it is a switch: once turns it on)" in err, err
    assert "silently win" not in err


@pytest.mark.parametrize("argv", [[*SCORE, "--ci", "--ci-resamples", "0"], [*IF_SCORE, "--ci-resamples", "0"]])
def test_zero_resamples_has_one_hint(argv, capsys):
    assert "must be >= 1, got 0 (to skip the intervals: --no-ci)" in _error(argv, capsys)


def test_compare_help_states_its_resamples_default():
    parser = build_parser("compare")
    sub = next(a for a in parser._actions if getattr(a, "choices", None) and "compare" in a.choices)
    text = " ".join(sub.choices["compare"].format_help().split())
    assert "(default: 10000)" in text


@pytest.mark.parametrize(
    ("out", "fmt", "made", "expected"),
    [
        ("zz", "md", False, ("md", "zz", "zz_files")),  # not a folder: neither existing nor ending in /
        ("qq", None, False, ("html", "qq", None)),
        ("zz", "md", True, ("md", "zz/d1.md", "zz/d1_files")),
        ("zz/", "md", False, ("md", "zz/d1.md", "zz/d1_files")),
    ],
)
def test_report_output_is_a_folder_only_when_it_is_one_or_ends_in_a_separator(
    out, fmt, made, expected, tmp_path, monkeypatch
):
    from lctg_metrics.cli.analysis import report_paths

    monkeypatch.chdir(tmp_path)
    if made:
        (tmp_path / "zz").mkdir()
    got, path, images = report_paths(out, "runs/d1.jsonl", fmt)
    assert (got, path.as_posix(), images and images.as_posix()) == expected
