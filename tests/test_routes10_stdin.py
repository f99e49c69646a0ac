"""One rule for inputs that are not plain files, in every command that reads generations or details: ``-`` is
standard input and a pipe (a FIFO) is read as a file; errors name the input as typed, never a temp copy; a
"does not exist" hint writes the file it names; ``sample -o -``'s hint is one sentence, runnable in a pipe."""

from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path

import pytest

from lctg_metrics.cli import build_parser, main
from lctg_metrics.cli.pipe import DEFAULT_INPUTS, input_names
from tests.shared_builds import lctg_build


@pytest.fixture(scope="module")
def build(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True)


@pytest.fixture(scope="module")
def files(build: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("stdin")
    out = {"g": work / "g.jsonl", "i": work / "i.jsonl", "d1": work / "d1.jsonl", "d2": work / "d2.jsonl"}
    assert main(["sample", "--dataset", str(build), "--task", "summary", "-o", str(out["g"])]) == 0
    assert main(["sample", "--dataset", str(build), "--config", "instructions", "-o", str(out["i"])]) == 0
    for seed, d in ((0, "d1"), (1, "d2")):
        g = work / f"g{seed}.jsonl"
        assert main(["sample", "--dataset", str(build), "--task", "summary", "--seed", str(seed), "-o", str(g)]) == 0
        assert main(["score", str(g), "--dataset", str(build), "--task", "summary", "--details", str(out[d])]) == 0
    return out


def _stdin(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes()), encoding="utf-8"))


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_every_command_that_reads_details_declares_them_as_inputs():
    """The commands whose ``details`` is an input say so; in score, if-score and ifsm it is an output."""
    parser = build_parser()
    parsed = {
        "report": ["report", "d.jsonl", "-o", "r.html"],
        "compare": ["compare", "a.jsonl", "b.jsonl"],
        "substitutability": ["substitutability", "a.jsonl", "b.jsonl"],
        "score": ["score", "g.jsonl", "--dataset", "B"],
        "if-score": ["if-score", "g.jsonl", "--dataset", "B"],
        "ifsm": ["ifsm", "g.jsonl"],
    }
    names = {command: input_names(parser.parse_args(argv)) for command, argv in parsed.items()}
    assert "details" in names["report"] and "details" in names["substitutability"]
    assert names["compare"] == ("details_a", "details_b")
    for command in ("score", "if-score", "ifsm"):
        assert "generations" in names[command] and "details" not in names[command]
    assert DEFAULT_INPUTS == ("generations",)


def test_score_reads_standard_input_as_the_file(build, files, monkeypatch, capsys):
    """``lctg score -`` prints what ``lctg score FILE`` prints."""
    argv = ["--dataset", str(build), "--task", "summary"]
    code, from_file, _ = _run(["score", str(files["g"]), *argv], capsys)
    assert code == 0
    _stdin(monkeypatch, files["g"])
    code, from_stdin, err = _run(["score", "-", *argv], capsys)
    assert code == 0, err
    assert from_stdin == from_file


@pytest.mark.parametrize(
    ("command", "given", "named"),
    [
        (["if-score", "-", "--dataset", "{B}"], "g", "holds LCTG generations"),
        (["score", "-", "--dataset", "{B}"], "i", "holds instruction outputs"),
        (["ifsm", "-"], "g", "holds LCTG generations"),
    ],
)
def test_generations_commands_read_standard_input(command, given, named, build, files, monkeypatch, capsys):
    """Each command reads what standard input gives (here another family's file, which it names as ``-``)."""
    _stdin(monkeypatch, files[given])
    code, _, err = _run([a.replace("{B}", str(build)) for a in command], capsys)
    assert code == 2
    assert f"error: - {named}" in err, err
    assert "lctg-pipe-" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["report", "-", "-o", "{W}/r.html", "--ci-resamples", "20"],
        ["compare", "-", "{d2}", "--ci-resamples", "20"],
        ["substitutability", "-", "{d1}", "{d2}", "--allow-different-signatures"],
    ],
)
def test_details_commands_read_standard_input(argv, files, monkeypatch, capsys, tmp_path):
    """report, compare and substitutability read ``-`` as the details file (past reading: a result, or an analysis
    error that is not about the file)."""
    pytest.importorskip("matplotlib")
    _stdin(monkeypatch, files["d1"])
    filled = [a.format(W=tmp_path, d1=files["d1"], d2=files["d2"]) for a in argv]
    code, out, err = _run(filled, capsys)
    assert "does not exist" not in err and "lctg-pipe-" not in err, err
    if argv[0] == "report":
        assert code == 0, err
        assert (tmp_path / "r.html").read_text(encoding="utf-8").count("summary") > 0
    if argv[0] == "compare":
        assert code == 0, err
        assert "summary" in out


def test_standard_input_given_twice_is_refused(files, monkeypatch, capsys):
    _stdin(monkeypatch, files["d1"])
    code, _, err = _run(["compare", "-", "-"], capsys)
    assert code == 2
    assert "standard input can be read once" in err and len(err.strip().splitlines()) == 1


def test_a_named_fifo_is_read_as_a_details_file(files, capsys, tmp_path):
    """``mkfifo ff; cat d.jsonl > ff & lctg report ff`` reads the FIFO (it used to say it does not exist)."""
    pytest.importorskip("matplotlib")
    fifo = tmp_path / "ff"
    os.mkfifo(fifo)
    data = files["d1"].read_bytes()

    def feed() -> None:
        with open(fifo, "wb") as f:
            f.write(data)

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        code, _, err = _run(["report", str(fifo), "-o", str(tmp_path / "ff.html"), "--ci-resamples", "20"], capsys)
    finally:
        writer.join(timeout=30)
    assert code == 0, err
    assert (tmp_path / "ff.html").is_file()


@pytest.mark.parametrize("command", [["report", "{p}", "-o", "{W}/r.html"], ["compare", "{p}", "{p}"]])
def test_a_missing_details_file_hint_names_the_path_as_typed(command, capsys, tmp_path):
    """The hint writes the file the command was given (the whole path, not its last part)."""
    missing = tmp_path / "sub folder" / "d.jsonl"
    code, _, err = _run([a.format(p=missing, W=tmp_path) for a in command], capsys)
    assert code == 2
    assert f"--details '{missing}'" in err, err


def test_sample_to_standard_output_hint_is_one_runnable_pipe(build, capsys):
    code, out, err = _run(["sample", "--dataset", str(build), "--task", "summary", "-o", "-"], capsys)
    assert code == 0
    assert len([json.loads(line) for line in out.splitlines()]) > 0
    line = err.strip()
    assert line.startswith("wrote ") and "to standard output; score them in a pipe:" in line, line
    pipe = line.split("in a pipe: ", 1)[1]
    assert pipe.startswith("… -o - | lctg score - --dataset "), pipe
    assert not line.endswith("to standard output")


def test_every_commands_file_positionals_are_read_as_inputs():
    """Walks every command: each positional argument naming a file it reads (generations, details) is one of the
    inputs :func:`read_once` reads (``-``, pipes), so a new command cannot leave its file out."""
    import argparse

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    seen = 0
    for name, parser in sub.choices.items():
        inputs = parser._defaults.get("input_files") or DEFAULT_INPUTS
        for action in parser._actions:
            if not action.option_strings and action.dest.startswith(("generations", "details")):
                assert action.dest in inputs, (name, action.dest)
                seen += 1
    assert seen >= 7  # score, if-score, ifsm, report, substitutability, compare's two
