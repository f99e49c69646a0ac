"""One vocabulary, as printed: a flag that takes one value given twice is refused naming it (in every command);
``--ci/--no-ci`` in every command with intervals, and ``--ci-resamples`` hints naming only the command's own flags;
``report --format`` against the output's suffix; ``if-score FOLDER``; the Hub stand-in's ``HF_ENDPOINT``."""

from __future__ import annotations

import argparse
import re

import pytest

from lctg_metrics.cli import build_parser, main
from lctg_metrics.cli.analysis import report_paths
from tests.conftest import PROJECT_ROOT
from tests.test_cli_help import COMMANDS

#: Actions that may be given again (each adds a value), or that end the command at once.
REPEATABLE = (argparse._AppendAction, argparse._CountAction, argparse._ExtendAction, argparse._HelpAction)


def _once_flags() -> list[tuple[str, argparse.Action]]:
    return [
        (name, a)
        for name, parser in COMMANDS.items()
        if name != "build"  # the builder parses its own arguments
        for a in parser._actions
        if a.option_strings and not isinstance(a, REPEATABLE) and a.help != argparse.SUPPRESS
    ]


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize(("command", "action"), _once_flags(), ids=lambda x: x if isinstance(x, str) else x.dest)
def test_every_flag_that_takes_one_value_is_refused_twice(command, action, capsys):
    nargs = action.nargs
    values = [] if nargs == 0 else ["1"] * (nargs if isinstance(nargs, int) else 1)
    flag = action.option_strings[-1]
    err = _error([command, flag, *values, flag, *values], capsys)
    assert f"lctg {command}: error: {'/'.join(action.option_strings)} given twice" in err, err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["score", "g.jsonl", "--dataset", "a", "--dataset", "b"], "--dataset given twice"),
        (["report", "d.jsonl", "-o", "a.html", "--output=b.html"], "-o/--output given twice (-o, then --output)"),
        (["report", "d.jsonl", "-oa.html", "-o", "b.html"], "-o/--output given twice"),
        (
            ["score", "g.jsonl", "--dataset", "a", "--datas", "b"],
            "unrecognized arguments: --datas b",
        ),  # no abbreviations
        (["if-score", "g.jsonl", "--ci", "--no-ci"], "--ci/--no-ci given twice (--ci, then --no-ci)"),
    ],
)
def test_the_forms_of_a_flag_are_one_flag(argv, said, capsys):
    assert said in _error(argv, capsys)


def test_repeatable_flags_and_negative_values_are_not_twice():
    args = build_parser().parse_args(["sample", "--dataset", "d", "-o", "o", "--task", "summary", "--task", "ad_text"])
    assert args.task == ["summary", "ad_text"]
    args = build_parser().parse_args(["score", "g.jsonl", "--dataset", "d", "--seed", "-1"])
    assert args.seed == -1  # a value that looks like a short flag is a value (the command checks its range)
    args = build_parser().parse_args(["compare", "a", "b", "--names", "x", "y"])
    assert args.names == ["x", "y"]


CI_COMMANDS = [name for name, p in COMMANDS.items() if any("--ci-resamples" in a.option_strings for a in p._actions)]


def test_every_command_with_intervals_has_the_ci_pair_with_its_default():
    assert set(CI_COMMANDS) >= {"score", "if-score", "ifsm", "report", "compare"}
    for name in CI_COMMANDS:
        pair = [a for a in COMMANDS[name]._actions if "--ci" in a.option_strings]
        assert len(pair) == 1 and pair[0].option_strings == ["--ci", "--no-ci"], name
        assert "default" in (pair[0].help or "") or "always computed" in (pair[0].help or ""), name
    base = {"score": ["g.jsonl", "--dataset", "d"], "if-score": ["g.jsonl"]}
    for name, default in (("score", False), ("if-score", True)):
        assert build_parser().parse_args([name, *base[name]]).ci is default
        assert build_parser().parse_args([name, *base[name], "--ci"]).ci is True  # the old spellings still work
        assert build_parser().parse_args([name, *base[name], "--no-ci"]).ci is False


@pytest.mark.parametrize(
    ("name", "argv"),
    [
        ("compare", ["a.jsonl", "b.jsonl"]),
        ("report", ["d.jsonl", "-o", "r.html"]),
        ("ifsm", ["a.jsonl", "--reader", "llm"]),
    ],
)
def test_intervals_that_cannot_be_left_out_refuse_no_ci_saying_why(name, argv, capsys):
    err = _error([name, *argv, "--no-ci"], capsys)
    assert f"lctg {name}: error: --no-ci: this command always computes its intervals" in err
    assert build_parser().parse_args([name, *argv, "--ci"]).ci is True


@pytest.mark.parametrize("name", CI_COMMANDS)
def test_the_resamples_hint_names_only_flags_of_the_command(name, capsys):
    required = {
        "score": ["g.jsonl", "--dataset", "d"],
        "if-score": ["g.jsonl"],
        "compare": ["a.jsonl", "b.jsonl"],
        "report": ["d.jsonl", "-o", "r.html"],
        "ifsm": ["a.jsonl", "--reader", "llm"],
    }
    err = _error([name, *required[name], "--ci-resamples", "0"], capsys)
    assert "must be >= 1, got 0" in err
    own = {s for a in COMMANDS[name]._actions for s in a.option_strings}
    named = set(re.findall(r"--[a-z][\w-]*", err.split("got 0", 1)[1]))
    assert named <= own | {"--help"}, (name, named - own)
    assert "lctg score" not in err.replace(f"lctg {name}", "") and "lctg if-score" not in err.replace(
        f"lctg {name}", ""
    )


@pytest.mark.parametrize(
    ("out", "fmt"),
    [("r.md", "html"), ("r.html", "md"), ("R.HTM", "md")],
)
def test_report_refuses_a_format_the_suffix_contradicts(out, fmt, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=rf"--format {fmt} contradicts --output {re.escape(out)} "):
        report_paths(out, "a.jsonl", fmt)
    (tmp_path / "d.jsonl").write_text("{}\n", encoding="utf-8")
    assert main(["report", "d.jsonl", "-o", out, "--format", fmt]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "contradicts" in err
    assert not (tmp_path / out).exists()


@pytest.mark.parametrize(
    ("out", "fmt", "expected"),
    [("r.md", "md", ("md", "r.md")), ("r.html", "html", ("html", "r.html")), ("rep/", "md", ("md", "rep/a.md"))],
)
def test_report_keeps_a_format_that_agrees(out, fmt, expected, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    got, path, _ = report_paths(out, "a.jsonl", fmt)
    assert (got, path.as_posix()) == expected


def test_if_score_given_a_folder_says_so_as_score_does(tmp_path, capsys):
    folder = tmp_path / "runs"
    folder.mkdir()
    for command in (["score", str(folder), "--dataset", str(tmp_path)], ["if-score", str(folder)]):
        assert main([*command, "--dataset", str(tmp_path)] if command[0] == "if-score" else command) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"lctg {command[0]}: error:") and err.rstrip().endswith(
            f"({folder} is a folder: give the generations file in it)"
        ), err


def test_the_hub_standin_says_to_set_the_endpoint_before_the_process_starts():
    import tests.hub_standin as standin

    doc = " ".join((standin.__doc__ or "").split())
    assert "process started with ``HF_ENDPOINT=hub.url``" in doc
    assert "``huggingface_hub.constants.ENDPOINT``) to ``hub.url``" not in doc  # the advice that did not work
    routes = " ".join((PROJECT_ROOT / "docs" / "routes.md").read_text(encoding="utf-8").split())
    assert "reads `HF_ENDPOINT` once, when it is first imported" in routes
    # what the two texts warn of: the endpoint set after import does not move a download URL
    import huggingface_hub
    from huggingface_hub import constants

    old = constants.ENDPOINT
    try:
        constants.ENDPOINT = "http://127.0.0.1:9"
        assert huggingface_hub.hf_hub_url("me/x", "a.txt", repo_type="dataset").startswith(old)
    finally:
        constants.ENDPOINT = old
