"""Every path a run writes is checked against every input before any input is opened: a FIFO given as both an
input and an output (``lctg score FIFO --details FIFO``) is refused in one line without being read (a read of a
FIFO with no writer would block for ever), in every command that reads inputs; a FIFO given as an output alone is
refused without being opened for writing (which would block as well)."""

from __future__ import annotations

import argparse
import os
import threading
from pathlib import Path

import pytest

from lctg_metrics.cli import build_parser, main
from lctg_metrics.cli.held import WRITES
from lctg_metrics.cli.pipe import output_flags

#: Seconds a command may take to refuse; past them the FIFO is opened at its other end, so that a command blocked
#: on it goes on (and the test fails, saying so) instead of hanging.
TIMEOUT = 30.0


def _refused_unopened(argv: list[str], fifo: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``: exit code 2, one line on stderr, the FIFO never opened (no end of it waited for)."""
    blocked, done = threading.Event(), threading.Event()

    def watchdog() -> None:
        if not done.wait(TIMEOUT):
            blocked.set()
            os.close(os.open(fifo, os.O_RDWR | os.O_NONBLOCK))  # both ends at once: the blocked open returns

    guard = threading.Thread(target=watchdog, daemon=True)
    guard.start()
    try:
        code = main(argv)
    except BrokenPipeError:
        code = -1
    finally:
        done.set()
        guard.join()
    err = capsys.readouterr().err.strip()
    assert not blocked.is_set(), f"lctg {argv[0]} opened the FIFO {fifo} before refusing it: {err}"
    assert code == 2, err
    assert len(err.splitlines()) == 1, err
    return err


@pytest.fixture
def fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.jsonl").write_text('{"id": "summary/1/format", "passed": true}\n', encoding="utf-8")
    os.mkfifo(tmp_path / "ff")
    return tmp_path / "ff"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["score", "ff", "--dataset", "{B}", "--details", "ff"],
            "--details ff would overwrite the input GENERATIONS ff",
        ),
        (["score", "ff", "--dataset", "{B}", "--json", "./ff"], "--json ff would overwrite the input GENERATIONS ff"),
        (["if-score", "ff", "--dataset", "{B}", "--json", "ff"], "--json ff would overwrite the input GENERATIONS ff"),
        (["if-score", "ff", "--dataset", "{B}", "--details", "ff"], "--details ff would overwrite the input"),
        (["ifsm", "ff", "--details", "ff"], "--details ff would overwrite the input GENERATIONS ff"),
        (["ifsm", "ff", "--json", "ff"], "--json ff would overwrite the input GENERATIONS ff"),
        (["compare", "d.jsonl", "ff", "--json", "ff"], "--json ff would overwrite the input DETAILS_B ff"),
        (["substitutability", "ff", "d.jsonl", "d.jsonl", "-o", "ff"], "--output ff would overwrite the input DETAILS"),
        (["report", "ff", "-o", "ff"], "--output ff would overwrite the input DETAILS ff"),
        (["report", "d.jsonl", "--result", "ff", "-o", "ff"], "--output ff would overwrite the input --result ff"),
    ],
)
def test_a_fifo_that_is_an_input_and_an_output_is_refused_unread(argv, said, fifo, built_dataset, capsys) -> None:
    err = _refused_unopened([a.replace("{B}", str(built_dataset)) for a in argv], fifo, capsys)
    assert said in err, err
    assert err.endswith("write it elsewhere") and "lctg-pipe-" not in err


@pytest.mark.parametrize("command", ["prompts", "sample"])
def test_a_fifo_output_is_refused_unopened(command, fifo, built_dataset, capsys) -> None:
    """prompts and sample read the dataset only: their output FIFO is refused before it is opened for writing."""
    err = _refused_unopened([command, "--dataset", str(built_dataset), "--task", "summary", "-o", "ff"], fifo, capsys)
    assert "--output ff is a FIFO" in err and "not a regular file" in err, err


def test_an_output_fifo_beside_a_fifo_input_is_refused_unopened(fifo, built_dataset, capsys) -> None:
    """Another FIFO as the output of a run reading a FIFO: the input is read (its writer gives it), the output
    refused before it is opened."""
    os.mkfifo(fifo.parent / "out")
    text = '{"id": "summary/1/format", "generation": "x"}\n'

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as f:
            f.write(text)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    err = _refused_unopened(
        ["score", "ff", "--dataset", str(built_dataset), "--details", "out"], fifo.parent / "out", capsys
    )
    writer.join(timeout=TIMEOUT)
    assert "--details out is a FIFO" in err, err


def test_every_output_flag_names_the_argument_it_fills() -> None:
    """The early check reads each output from the argument :func:`output_flags` names: the parser's own."""
    (sub,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    checked = 0
    for (command, flag), _ in WRITES.items():
        if command == "family":
            continue
        action = next(a for a in sub.choices[command]._actions if flag in a.option_strings)
        assert dict(output_flags(command))[flag] == action.dest, (command, flag)
        checked += 1
    assert checked == len([k for k in WRITES if k[0] != "family"]) >= 12
