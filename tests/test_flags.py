"""One flag vocabulary across every command: errors name the subcommand and the flag, one output convention, one
meaning of --revision, --ci-resamples and --dry-run, "wrote PATH" for every file, what a file holds named."""

from __future__ import annotations

import argparse
import inspect
import json
import re
from pathlib import Path

import pytest

from lctg_dataset.cli import build_parser as build_dataset_parser
from lctg_metrics.cli import build_parser, main
from lctg_metrics.cli.analysis import report_paths

COMMANDS = {
    name: p
    for a in build_parser()._actions
    if isinstance(a, argparse._SubParsersAction)
    for name, p in a.choices.items()
}
#: The least each command needs to get past argument parsing.
MINIMAL = {
    "build": [],
    "prompts": ["--dataset", "d", "-o", "o.jsonl"],
    "sample": ["--dataset", "d", "-o", "o.jsonl"],
    "score": ["g.jsonl", "--dataset", "d"],
    "publish": ["--dataset", "d"],
    "compare": ["a.jsonl", "b.jsonl"],
    "report": ["d.jsonl", "-o", "r.html"],
    "substitutability": [],
    "ifsm": ["g.jsonl"],
    "if-score": ["g.jsonl"],
    "lm-eval-tasks": ["--dataset", "d", "-o", "t"],
}


def _visible(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if a.help is not argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)]


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as info:
        code = main(argv)
        raise SystemExit(code)
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0], err
    return err[0]


def test_every_command_is_walked() -> None:
    assert set(MINIMAL) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(MINIMAL))
@pytest.mark.parametrize("given", ["complete", "bare"])
def test_an_unknown_flag_is_named_by_its_subcommand(command: str, given: str, capsys) -> None:
    """``lctg score --bogus`` names ``lctg score`` and the flag, whether or not the required arguments are there
    (argparse's subparsers used to leave it to the top-level ``lctg``, and to blame the missing ones first)."""
    argv = [command, *(MINIMAL[command] if given == "complete" else []), "--bogus"]
    line = _error(argv, capsys)
    assert line.startswith(f"lctg {command}: error: unrecognized arguments: --bogus"), line


def test_a_mistyped_flag_is_named_before_the_missing_one_it_was_meant_to_be(capsys) -> None:
    line = _error(["score", "g.jsonl", "--datset", "d"], capsys)
    assert line.startswith("lctg score: error: unrecognized arguments: --datset d"), line
    line = _error(["score", "g.jsonl"], capsys)
    assert line.startswith("lctg score: error: the following arguments are required: --dataset"), line


def test_build_dataset_py_names_itself_for_an_unknown_flag(capsys) -> None:
    from lctg_dataset.cli import main as build_main

    with pytest.raises(SystemExit):
        build_main(["--bogus"])
    assert capsys.readouterr().err.startswith("build_dataset.py: error: unrecognized arguments: --bogus")


def test_one_output_flag_convention() -> None:
    """What a command writes is ``-o/--output``; files written beside a printed result are named by what they hold
    (``--json``, ``--details``, ``--csv-dir``); no other spelling of an output is visible."""
    named_extras = {"--json", "--details", "--csv-dir"}
    for name, parser in {**COMMANDS, "build": build_dataset_parser("lctg build")}.items():
        for action in _visible(parser):
            outputs = [s for s in action.option_strings if re.fullmatch(r"-o|--out(put)?(-dir)?", s)]
            assert outputs in ([], ["-o", "--output"], ["--output"]), (name, action.option_strings)
            if outputs:
                assert action.option_strings == ["-o", "--output"], (name, action.option_strings)
        flags = {s for a in _visible(parser) for s in a.option_strings}
        assert not {"--out", "--out-dir", "--repeats", "--n-boot", "--n-resamples"} & flags, name
        assert flags & ({"--output"} | named_extras) or name in ("publish",), f"lctg {name} names no output"


def test_revision_only_ever_names_a_revision_to_read() -> None:
    for name, parser in {**COMMANDS, "build": build_dataset_parser("lctg build")}.items():
        by_flag = {s: a for a in _visible(parser) for s in a.option_strings}
        if "--revision" in by_flag:
            assert "to read" in by_flag["--revision"].help, name
        if name in ("build", "publish"):
            assert "--tag" in by_flag and "--revision" not in by_flag, name


@pytest.mark.parametrize("command", ["score", "if-score", "ifsm", "report"])
def test_ci_resamples_has_one_default_and_refuses_zero(command: str, capsys) -> None:
    """One type everywhere; the default the API of each family uses (LCTG and instructions 1,000; IFSM its own)."""
    from lctg_metrics.api import score_predictions
    from lctg_metrics.ifsm.score import score_ifsm
    from lctg_metrics.instructions.score import score_instructions

    parser = COMMANDS[command]
    (action,) = [a for a in parser._actions if "--ci-resamples" in a.option_strings]
    api = {"score": score_predictions, "report": score_predictions, "if-score": score_instructions, "ifsm": score_ifsm}[
        command
    ]
    name = {"score": "ci_resamples", "report": "ci_resamples", "if-score": "n_resamples", "ifsm": "n_boot"}[command]
    assert action.default == inspect.signature(api).parameters[name].default
    argv = [command, *MINIMAL[command], *(["--ci"] if command == "score" else []), "--ci-resamples", "0"]
    assert "argument --ci-resamples: must be >= 1, got 0" in _error(argv, capsys)


def test_if_score_switches_its_intervals_off_by_their_own_flag() -> None:
    assert build_parser().parse_args(["if-score", "g.jsonl", "--no-ci"]).ci is False
    assert build_parser().parse_args(["if-score", "g.jsonl"]).ci is True


def test_seed_and_dry_run_say_one_thing_everywhere() -> None:
    for name, parser in {**COMMANDS, "build": build_dataset_parser("lctg build")}.items():
        by_flag = {s: a for a in _visible(parser) for s in a.option_strings}
        if "--seed" in by_flag:
            assert "seed of every random draw" in by_flag["--seed"].help, name
        if "--dry-run" in by_flag:
            assert "then stop" in by_flag["--dry-run"].help or "nothing is written" in by_flag["--dry-run"].help, name
            assert "nothing is written" in by_flag["--dry-run"].help, name


@pytest.mark.parametrize("value", ["0", "-1", "abc", "summary=0", "nosuch=3", "summary=3,ad_text=x"])
def test_affix_length_refused_naming_the_flag_not_the_parameter(value: str, capsys) -> None:
    line = _error(["score", "g.jsonl", "--dataset", "d", f"--affix-length={value}"], capsys)
    assert line.startswith("lctg score: error: argument --affix-length: must be a number of characters >= 1"), line
    assert "affix_length" not in line and repr(value) in line


@pytest.mark.parametrize("value", ["1", "5", "summary=5", "summary=5,ad_text=3,pros_and_cons=10"])
def test_affix_length_values_that_mean_something_are_taken(value: str) -> None:
    assert (
        build_parser().parse_args(["score", "g.jsonl", "--dataset", "d", "--affix-length", value]).affix_length == value
    )


@pytest.mark.parametrize(
    ("out", "fmt", "made", "expected"),
    [
        ("rep/", None, False, ("html", "rep/a.html", None)),
        ("rep/", "md", False, ("md", "rep/a.md", "rep/a_files")),
        ("rep", None, True, ("html", "rep/a.html", None)),  # an existing folder
        ("rep", "md", False, ("md", "rep", "rep_files")),  # a new path without a separator: the file, as below
        ("r.html", None, False, ("html", "r.html", None)),
        ("r.md", None, False, ("md", "r.md", "r_files")),
        ("rep", None, False, ("html", "rep", None)),  # a new path without a separator: the file itself
    ],
)
def test_report_output_into_a_folder_is_named_after_the_details(out, fmt, made, expected, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    if made:
        (tmp_path / "rep").mkdir()
    got_fmt, path, images = report_paths(out, "runs/a.jsonl", fmt)
    assert (got_fmt, path.as_posix(), images and images.as_posix()) == expected


def test_every_file_written_is_said_on_stderr(built_dataset: Path, tmp_path: Path, capsys) -> None:
    gens = tmp_path / "g.jsonl"
    assert (
        main(["sample", "--dataset", str(built_dataset), "--task", "summary", "--samples", "1", "-o", str(gens)]) == 0
    )
    assert capsys.readouterr().err == (
        f"wrote {gens} (480 toy generations: 480 prompts × 1 sample; score them with lctg score {gens} --dataset "
        f"{built_dataset} --task summary)\n"
    )
    out = tmp_path / "out"
    assert (
        main(
            [
                "score",
                str(gens),
                "--dataset",
                str(built_dataset),
                "--task",
                "summary",
                "--json",
                str(out / "r.json"),
                "--details",
                str(out / "d.jsonl"),
                "--csv-dir",
                str(out / "csv"),
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"wrote {out / 'r.json'}",
        f"wrote {out / 'd.jsonl'}",
        f"wrote {out / 'csv' / 'summary' / 'all_scores.csv'}",
    ]
    assert "wrote" not in captured.out  # standard output keeps the results
    written = sorted(str(p) for p in out.rglob("*") if p.is_file())
    assert written == sorted(line.removeprefix("wrote ") for line in captured.err.splitlines())
    lines = (out / "d.jsonl").read_text(encoding="utf-8").splitlines()
    other = [{**json.loads(x), "generation": "別の本文"} for x in lines]
    (tmp_path / "d_copy.jsonl").write_text(  # another model's details (a copy of one run is refused: one model)
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in other), encoding="utf-8"
    )
    assert (
        main(
            [
                "compare",
                str(out / "d.jsonl"),
                str(tmp_path / "d_copy.jsonl"),
                "--ci-resamples",
                "20",
                "--json",
                str(out / "c.json"),
            ]
        )
        == 0
    )
    assert capsys.readouterr().err == f"wrote {out / 'c.json'}\n"
    assert main(["score", str(gens), "--dataset", str(built_dataset), "--task", "summary", "--json", "-"]) == 0
    captured = capsys.readouterr()  # standard output is not a file written: nothing said
    assert "wrote" not in captured.err and json.loads(captured.out[: captured.out.index("\n}\n") + 2])


def test_lctg_generations_given_to_if_score_are_named_as_such(built_dataset: Path, tmp_path: Path, capsys) -> None:
    gens = tmp_path / "g.jsonl"
    gens.write_text(
        "".join(json.dumps({"id": "summary/1614/format", "sample": k, "generation": "x"}) + "\n" for k in range(3)),
        encoding="utf-8",
    )
    line = _error(["if-score", str(gens), "--dataset", str(built_dataset)], capsys)
    assert line.startswith(
        f"lctg if-score: error: {gens} holds LCTG generations (ids like 'summary/1614/format'), "
        "not instruction outputs: score it with `lctg score"
    ), line
    assert "appears again" not in line


def test_instruction_outputs_given_to_score_are_named_as_such(built_dataset: Path, tmp_path: Path, capsys) -> None:
    outputs = tmp_path / "i.jsonl"
    outputs.write_text(json.dumps({"id": "instructions/summary/1614/0", "generation": "x"}) + "\n", encoding="utf-8")
    line = _error(["score", str(outputs), "--dataset", str(built_dataset)], capsys)
    assert "holds instruction outputs (ids like 'instructions/summary/1614/0'), not LCTG generations" in line
    assert f"`lctg if-score {outputs} --dataset {built_dataset}`" in line


def test_a_file_of_mixed_or_unknown_ids_is_left_to_the_command(built_dataset: Path, tmp_path: Path, capsys) -> None:
    """Only a file whose first ids all belong to another family is refused that way; a stray id is the reader's."""
    from lctg_metrics.cli.families import refuse_other_family

    mixed = tmp_path / "m.jsonl"
    mixed.write_text(
        "".join(
            json.dumps({"id": rid, "generation": "x"}) + "\n"
            for rid in ("summary/1614/format", "instructions/summary/1614/0")
        ),
        encoding="utf-8",
    )
    for command in ("score", "if-score", "ifsm"):
        refuse_other_family(mixed, command)  # no error: mixed
    refuse_other_family(tmp_path / "missing.jsonl", "score")  # unreadable: the command's reader names it


def test_lctg_generations_given_to_ifsm_are_named_as_such(tmp_path: Path, capsys) -> None:
    gens = tmp_path / "g.jsonl"
    gens.write_text(
        "".join(json.dumps({"id": "summary/1614/format", "sample": k, "generation": "x"}) + "\n" for k in range(2)),
        encoding="utf-8",
    )
    line = _error(
        [
            "ifsm",
            str(gens),
            "--reader",
            "llm",
            "--llm-base-url",
            "http://127.0.0.1:9",
            "--llm-model",
            "m",
            "--llm-cache",
            str(tmp_path / "c.sqlite"),
        ],
        capsys,
    )
    assert line.startswith(f"lctg ifsm: error: {gens} holds LCTG generations"), line


def test_a_partial_run_by_row_ids_follows_one_rule_in_the_api_and_the_cli(
    built_dataset: Path, tmp_path: Path, capsys
) -> None:
    """One generation of a task, scored by row id: refused by default and signed with its coverage under missing
    skip, by the API as by ``lctg score --task`` (the API used to sign it as a whole run). The run of row ids is
    every prompt of the tasks they come from; a whole task is a whole run."""
    import pyarrow.parquet as pq

    from lctg_metrics.api import score_predictions
    from lctg_metrics.schema import ScoringError

    summary = pq.read_table(built_dataset / "data" / "summary" / "test-00000-of-00001.parquet").to_pylist()
    expected = len(summary)
    rid, text = "summary/1614/keyword", "京都の抹茶スイーツ"
    gens = tmp_path / "one.jsonl"
    gens.write_text(json.dumps({"id": rid, "generation": text}, ensure_ascii=False) + "\n", encoding="utf-8")
    missing = f"{expected - 1} of {expected} expected generations are missing"
    with pytest.raises(ScoringError, match=missing):
        score_predictions([text], [rid], dataset=str(built_dataset))
    cli = ["score", str(gens), "--dataset", str(built_dataset), "--task", "summary"]
    assert missing in _error(cli, capsys)
    api = score_predictions([text], [rid], dataset=str(built_dataset), missing="skip")
    out = tmp_path / "r.json"
    assert main([*cli, "--missing", "skip", "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert f"|cover:1/{expected}|" in api["signature"]
    assert api["signature"] == result["signature"]
    assert api["summary/keyword"] == result["scores"]["summary"]["keyword"]
    whole = score_predictions(["x"] * expected, [r["id"] for r in summary], dataset=str(built_dataset))
    assert "|cover:" not in whole["signature"] and set(whole) >= {"summary/average"}


@pytest.mark.slow
def test_report_into_a_folder_writes_inside_it(tmp_path: Path, capsys) -> None:
    """``-o folder/`` (new) and ``-o folder`` (existing) hold a report named after the details file; never a file
    named after the folder."""
    pytest.importorskip("matplotlib")
    from tests.test_analysis import make_records, write

    details = write(tmp_path / "model_a.jsonl", make_records())
    new = tmp_path / "new"
    assert main(["report", str(details), "-o", f"{new}/", "--ci-resamples", "20"]) == 0
    assert sorted(p.name for p in new.iterdir()) == ["model_a.html"]
    html_path = re.escape(str(new / "model_a.html"))
    assert re.fullmatch(rf"wrote {html_path} \(\d+ embedded images\)\n", capsys.readouterr().err)
    existing = tmp_path / "existing"
    existing.mkdir()
    assert main(["report", str(details), "-o", str(existing), "--format", "md", "--ci-resamples", "20"]) == 0
    assert (existing / "model_a.md").is_file() and (existing / "model_a_files").is_dir()
    said = capsys.readouterr().err.splitlines()
    assert said[0] == f"wrote {existing / 'model_a.md'}"
    assert sorted(said[1:]) == sorted(f"wrote {p}" for p in (existing / "model_a_files").iterdir())
    assert not (tmp_path / "new" / "new").exists() and not list(tmp_path.glob("*.html"))


@pytest.mark.slow
def test_build_dry_run_writes_nothing_and_says_what_it_would(source_dir: Path, tmp_path: Path, capsys) -> None:
    from lctg_dataset.cli import main as build_main

    out = tmp_path / "lctg"
    assert build_main(["--source", str(source_dir), "-o", str(out), "--dry-run"]) == 0
    printed = capsys.readouterr()
    assert not out.exists() and list(tmp_path.iterdir()) == []
    assert f"dry run: nothing written to {out}, nothing uploaded" in printed.out and "wrote" not in printed.err
    assert re.search(r"^files: \d+, [\d,]+ bytes$", printed.out, flags=re.M)
    assert re.search(r"^\s+[\d,]+\s+data/summary/test-00000-of-00001\.parquet$", printed.out, flags=re.M)
