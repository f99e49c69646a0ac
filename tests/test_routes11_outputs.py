"""One rule for every output of every command: an existing output file is replaced only when it holds what that
same output wrote before (or nothing); anything else is refused in one line naming the path, what it holds and the
way out, and left as it was. Re-running a command over its own previous outputs still works."""

from __future__ import annotations

import argparse
import functools
import shlex
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from lctg_metrics.cli.entry import build_parser
from lctg_metrics.cli.flags import RENAMED
from lctg_metrics.cli.held import WRITES
from tests.shared_builds import lctg_build

#: Commands whose outputs are folders with their own checks (a build, task files) or uploads.
FOLDER_COMMANDS = {"build", "publish", "lm-eval-tasks"}
OUTPUT_DESTS = {"json", "details", "output", "out", "out_dir", "csv_dir"}


def test_every_output_flag_of_every_command_says_what_it_writes() -> None:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    seen = 0
    for command, p in sub.choices.items():
        if command in FOLDER_COMMANDS:
            continue
        for action in p._actions:
            if action.dest in OUTPUT_DESTS and action.option_strings:
                flag = "--output" if "--output" in action.option_strings else max(action.option_strings, key=len)
                if (command, flag) in RENAMED:  # an old name, refused naming the new one
                    continue
                generic = isinstance(p.get_default("handler"), functools.partial)  # the generic family command
                key = ("family" if generic else command, flag)
                assert key in WRITES, f"{command} {flag} has no entry in WRITES"
                seen += 1
    assert seen >= 12


@pytest.fixture(scope="module")
def work(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """B (a build with the instructions config), g.jsonl / i.jsonl (toy generations), d1 / d2 (their details),
    notes.txt (a file no command wrote)."""
    build = lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True)
    base = tmp_path_factory.mktemp("held")
    (base / "B").symlink_to(build)
    b = str(base / "B")
    assert main(["sample", "--dataset", b, "--task", "summary", "-o", str(base / "g.jsonl")]) == 0
    assert main(["sample", "--dataset", b, "--config", "instructions", "-o", str(base / "i.jsonl")]) == 0
    for seed in (1, 2):
        g = base / f"g{seed}.jsonl"
        assert main(["sample", "--dataset", b, "--task", "summary", "--seed", str(seed), "-o", str(g)]) == 0
        assert (
            main(["score", str(g), "--dataset", b, "--task", "summary", "--details", str(base / f"d{seed}.jsonl")]) == 0
        )
    (base / "notes.txt").write_text("my notes, not an lctg output\n", encoding="utf-8")
    return base


def _run(work: Path, argv: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.chdir(work)
    try:
        return main(shlex.split(argv))
    except SystemExit as e:
        return int(e.code or 0)


#: Every command's file outputs, pointed at a file that output did not write: (argv, the foreign file).
FOREIGN = [
    ("prompts --dataset B -o g.jsonl", "g.jsonl"),  # generations replaced by prompts: the reported loss
    ("prompts --dataset B -o d1.jsonl", "d1.jsonl"),
    ("sample --dataset B --task summary -o d1.jsonl", "d1.jsonl"),
    ("sample --dataset B --task summary -o notes.txt", "notes.txt"),
    ("score g1.jsonl --dataset B --task summary --json g.jsonl", "g.jsonl"),
    ("score g1.jsonl --dataset B --task summary --details g.jsonl", "g.jsonl"),
    ("score g1.jsonl --dataset B --task summary --details i.jsonl", "i.jsonl"),
    ("if-score i.jsonl --dataset B --json d1.jsonl", "d1.jsonl"),
    ("if-score i.jsonl --dataset B --details d1.jsonl", "d1.jsonl"),
    ("ifsm g.jsonl --json notes.txt", "notes.txt"),
    ("ifsm g.jsonl --details d1.jsonl", "d1.jsonl"),
    ("compare d1.jsonl d2.jsonl --json g.jsonl", "g.jsonl"),
    ("report d1.jsonl -o notes.txt", "notes.txt"),
    ("report d1.jsonl -o g.jsonl", "g.jsonl"),
]


@pytest.mark.parametrize(("argv", "foreign"), FOREIGN)
def test_an_output_never_replaces_a_file_of_another_kind(
    work: Path, argv: str, foreign: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (work / foreign).read_bytes()
    assert _run(work, argv, monkeypatch) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert f" {foreign} exists and is not " in err[0] and "(it holds " in err[0]
    assert "give another path (or remove that file)" in err[0]
    assert (work / foreign).read_bytes() == before


def test_a_folder_output_never_replaces_a_foreign_file_inside_it(
    work: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (work / "csv" / "summary").mkdir(parents=True)
    (work / "csv" / "summary" / "all_scores.csv").write_text("name,score\nmine,1\n", encoding="utf-8")
    assert _run(work, "score g1.jsonl --dataset B --task summary --csv-dir csv", monkeypatch) == 2
    assert "all_scores.csv exists and is not a score table" in capsys.readouterr().err
    assert (work / "csv" / "summary" / "all_scores.csv").read_text(encoding="utf-8") == "name,score\nmine,1\n"
    (work / "sub").mkdir()
    (work / "sub" / "substitutability.json").write_text('{"mine": 1}', encoding="utf-8")
    assert _run(work, "substitutability d1.jsonl d2.jsonl d1.jsonl -o sub", monkeypatch) == 2
    assert "substitutability.json exists and is not a substitutability analysis" in capsys.readouterr().err


#: Each command run twice over the same outputs: the second run replaces what the first wrote.
AGAIN = [
    "prompts --dataset B -o again_p.jsonl",
    "prompts --dataset B --format openai-batch --model m -o again_pb.jsonl",
    "sample --dataset B --task summary -o again_g.jsonl",
    "sample --dataset B --config instructions -o again_i.jsonl",
    "score g1.jsonl --dataset B --task summary --json again_r.json --details again_d.jsonl --csv-dir again_csv",
    "if-score i.jsonl --dataset B --json again_ri.json --details again_di.jsonl",
    "compare d1.jsonl d2.jsonl --json again_c.json",
    "report d1.jsonl -o again_r.md",
]


@pytest.mark.slow  # over 2 s: a whole run, or every module of the package read
@pytest.mark.parametrize("argv", AGAIN)
def test_a_command_replaces_its_own_previous_output(work: Path, argv: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _run(work, argv, monkeypatch) == 0
    assert _run(work, argv, monkeypatch) == 0


def test_an_empty_file_may_be_replaced(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (work / "empty.jsonl").write_text("", encoding="utf-8")
    assert _run(work, "prompts --dataset B -o empty.jsonl", monkeypatch) == 0
    assert (work / "empty.jsonl").read_text(encoding="utf-8").count("\n") > 100


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"signature": "lctg|x", "scores": {}}\n', "an LCTG Bench result JSON (lctg score --json)"),  # one line
        ('{\n  "signature": "instr|x"\n}\n', "an instruction result JSON (lctg if-score --json)"),
        ('{\n  "signature": "other|x"\n}\n', "a result JSON (with a signature)"),  # another family's
        ('{"id": "a", "generation": "b"}\n', "generations (id and generation on each line)"),
        ('{"id": "a", "prompt": "b"}\n', "prompts (id and prompt, or batch request lines)"),
        ('{"note": 1}\n{"note": 2}\n', "a JSON Lines file lctg did not write"),
        ("", "empty"),
    ],
)
def test_what_a_file_holds(tmp_path: Path, text: str, kind: str) -> None:
    from lctg_metrics.cli.held import held

    (tmp_path / "f").write_text(text, encoding="utf-8")
    assert held(tmp_path / "f") == kind
    assert held(tmp_path / "none") is None
