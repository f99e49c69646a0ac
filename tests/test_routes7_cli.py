"""``lctg lm-eval-tasks``: a value given to the sampling switch names the switch, says it takes no value and what a
number may have meant; the printed run hint names every group it wrote (``lctg_multi`` with a multi build)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lctg_metrics.cli import main


def _err(capsys, argv: list[str]) -> str:
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    assert code == 2, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


@pytest.mark.parametrize(
    "switch", [["--do-sample", "3"], ["--no-do-sample", "3"], ["--do-sample", "3", "--samples", "2"]]
)
def test_a_value_to_the_sampling_switch_is_named(tmp_path: Path, capsys, switch: list[str]) -> None:
    err = _err(capsys, ["lm-eval-tasks", "--dataset", str(tmp_path), "-o", str(tmp_path / "t"), *switch])
    assert err.startswith("lctg lm-eval-tasks: error: ")
    assert "--do-sample" in err and "takes no value" in err and "'3'" in err and "--samples N" in err
    assert not (tmp_path / "t").exists()


def test_a_stray_word_without_a_switch_is_not_blamed_on_one(tmp_path: Path, capsys) -> None:
    err = _err(capsys, ["lm-eval-tasks", "--dataset", str(tmp_path), "-o", str(tmp_path / "t"), "3"])
    assert err.startswith("lctg lm-eval-tasks: error: ") and "'3'" in err and "--do-sample" not in err


def test_the_switch_without_a_value_still_works(built_dataset: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "t"
    assert (
        main(["lm-eval-tasks", "--dataset", str(built_dataset), "-o", str(out), "--do-sample", "--samples", "2"]) == 0
    )
    texts = "\n".join(p.read_text(encoding="utf-8") for p in out.glob("*.yaml"))
    assert re.search(r"do_sample['\"]?:\s*true", texts, re.I), texts[:2000]


def _hinted_tasks(stdout: str) -> list[str]:
    found = re.search(r"lm_eval --model \S+ --model_args \S+ --include_path \S+ --tasks (\S+)", stdout)
    assert found, stdout
    return found.group(1).split(",")


def _written_groups(folder: Path) -> set[str]:
    """Top groups written: a group file whose name no other group file lists as a child (read here with plain
    text, independently of the writer)."""
    groups = {
        p.stem: p.read_text(encoding="utf-8")
        for p in folder.glob("*.yaml")
        if "\ngroup:" in "\n" + p.read_text(encoding="utf-8")
    }
    children = {
        name for name, text in groups.items() for other in groups if other != name and f"- {name}\n" in groups[other]
    }
    return set(groups) - children


@pytest.mark.parametrize("derived", [False, True])
def test_the_run_hint_names_every_group_written(request, tmp_path: Path, capsys, derived: bool) -> None:
    dataset = request.getfixturevalue("built_dataset_derived" if derived else "built_dataset")
    out = tmp_path / "t"
    assert main(["lm-eval-tasks", "--dataset", str(dataset), "-o", str(out)]) == 0
    hinted = _hinted_tasks(capsys.readouterr().out)
    assert set(hinted) == _written_groups(out)
    assert ("lctg_multi" in hinted) is derived


def test_ifsm_given_a_folder_names_it_and_what_is_expected(tmp_path: Path, capsys) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    err = _err(capsys, ["ifsm", str(empty), "--reader", "embedding"])
    assert err.startswith("lctg ifsm: error: ") and f"{empty} is a folder" in err and "generations file" in err
    assert "e.g." not in err and "does not exist" not in err
    run = tmp_path / "run" / "sub"
    run.mkdir(parents=True)
    (run / "endings.jsonl").write_text('{"id": "story_endings/1", "generation": "She smiled."}\n', encoding="utf-8")
    err = _err(capsys, ["ifsm", str(tmp_path / "run"), "--reader", "embedding"])
    assert f"e.g. {run / 'endings.jsonl'}" in err


def test_ifsm_rows_the_stories_copy_lacks_point_to_stories_source(tmp_path: Path, capsys) -> None:
    """A built story_endings folder scored against a copy of the stories that lacks one of its questions: one line
    naming the row and pointing to --stories-source."""
    import shutil

    from lctg_dataset.stories import load_story_rows
    from tests.test_ifsm_cli import FIXTURE, generations
    from tests.test_ifsm_dataset import _built

    rows = load_story_rows(FIXTURE)
    gens = generations(tmp_path / "g.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    folder = _built(tmp_path / "lctg")
    short = tmp_path / "stories"
    shutil.copytree(FIXTURE, short)
    for name in ("dev.jsonl", "test.jsonl"):  # the last passage of each split is missing from this copy
        lines = (short / name).read_text(encoding="utf-8").splitlines(keepends=True)
        (short / name).write_text("".join(lines[:-1]), encoding="utf-8")
    args = ["ifsm", str(gens), "--reader", "embedding", "--dataset", str(folder), "--stories-source", str(short)]
    err = _err(capsys, args)
    assert err.startswith("lctg ifsm: error: ") and "not found in the local Possible Stories copy" in err
    assert f"({short})" in err and "--stories-source DIR" in err
