"""Every subcommand's help, walked: every flag documented, defaults shown, one vocabulary, old names refused."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

import pytest

from lctg_metrics.cli import build_parser, main
from lctg_metrics.cli.flags import RENAMED
from tests.conftest import PROJECT_ROOT


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


COMMANDS = _commands()


def _visible(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.help is not argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_flag_has_help_and_shows_its_default(name: str) -> None:
    parser = COMMANDS[name]
    text = parser.format_help()
    assert "%%" not in text and "%(" not in text, f"lctg {name} --help shows an unformatted percent sign"
    assert parser.prog == f"lctg {name}"
    for action in _visible(parser):
        label = "/".join(action.option_strings) or action.dest
        assert action.help and action.help.strip(), f"lctg {name}: {label} has no help text"
        if action.option_strings and action.default not in (None, False, argparse.SUPPRESS):
            formatter = parser._get_formatter()
            assert "default" in formatter._get_help_string(action).lower(), (
                f"lctg {name}: {label} has default {action.default!r} but its help does not show it"
            )


def test_one_vocabulary_across_commands() -> None:
    """The same idea has the same flag name everywhere: resamples, input formats, the stories folder."""
    for name, parser in COMMANDS.items():
        flags = {s for a in _visible(parser) for s in a.option_strings}
        assert not flags & {"--n-boot", "--n-resamples", "--stories", "--source"} or name == "build", (name, flags)
        for action in _visible(parser):
            if "resample" in action.dest or action.dest == "n_boot":
                assert action.option_strings == ["--ci-resamples"], (name, action.option_strings)
            if action.choices and "lctg" in action.choices and action.option_strings:
                assert action.option_strings == ["--from"], f"lctg {name}: input format flag {action.option_strings}"


#: The least each command needs to parse (its required arguments).
REQUIRED = {
    "ifsm": ["a.jsonl", "--reader", "llm"],
    "prompts": ["--dataset", "d", "-o", "o"],
    "if-score": ["a.jsonl"],
    "compare": ["a.jsonl", "b.jsonl"],
    "report": ["d.jsonl", "-o", "r.html"],
    "substitutability": [],
    "lm-eval-tasks": ["--dataset", "d", "-o", "t"],
    "publish": ["--dataset", "d"],
}


@pytest.mark.parametrize(("command", "old"), sorted(RENAMED))
def test_old_flag_names_are_refused_naming_the_new_one(
    command: str, old: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An old name is an error naming its new one (exit 2, nothing run), hidden from --help, and never taken as an
    abbreviation of another flag (``--sample`` is not ``--samples``)."""
    parser = COMMANDS[command]
    new = RENAMED[(command, old)]
    assert not re.search(rf"{re.escape(old)}(?![\w-])", parser.format_help()), f"{old} shown in lctg {command} --help"
    switch = {s: a for a in parser._actions for s in a.option_strings}[new].nargs == 0
    argv = [command, *REQUIRED[command], old, *([] if switch else ["7"])]
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"lctg {command}: error: {old} is now {new} (the old name was removed)" in err, err


@pytest.mark.parametrize(("old", "new"), [("--out", "--output"), ("--revision", "--tag")])
def test_the_build_refuses_its_old_flag_names(old: str, new: str, capsys: pytest.CaptureFixture[str]) -> None:
    from lctg_dataset.cli import build_parser as build_dataset_parser

    parser = build_dataset_parser("lctg build")
    assert not re.search(rf"{re.escape(old)}(?![\w-])", parser.format_help())
    with pytest.raises(SystemExit) as stopped:
        parser.parse_args([old, "x"])
    assert stopped.value.code == 2
    assert f"lctg build: error: {old} is now {new} (the old name was removed)" in capsys.readouterr().err


@pytest.mark.slow
def test_build_dataset_py_names_itself() -> None:
    proc = subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "build_dataset.py"), "--help"], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0
    assert proc.stdout.startswith("usage: build_dataset.py ")


def test_build_help_shows_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    text = capsys.readouterr().out
    assert text.startswith("usage: lctg build ")
    assert re.search(
        r"--out OUT\s+dataset repository folder to write \(default: \./lctg\)|default: ./lctg|\(default: lctg\)", text
    )
