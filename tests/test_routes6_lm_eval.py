"""``lctg lm-eval-tasks`` for a local build published under a Hub repo id (``--dataset-path ORG/NAME``): the repo is
checked when the task files are written (another build there is refused, the commit pinned; where it cannot be read,
one line says so), and the printed ``lctg score`` command works when followed literally. Offline: the Hugging Face
cache layout of tests/test_hub.py, a closed Hub endpoint."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks
from lctg_metrics.schema import ScoringError
from tests.test_hub import COMMIT, cached, digest, hub_env  # noqa: F401  (fixtures)
from tests.test_lm_eval import _yaml
from tests.test_partial import _lm_eval_line


def test_a_published_local_build_pins_the_commit(cached: Path, built_dataset: Path, tmp_path: Path) -> None:
    notes: list[str] = []
    write_lm_eval_tasks(built_dataset, tmp_path / "t", dataset_path="me/lctg", revision="v1.0.0", notes=notes)
    sub = _yaml(tmp_path / "t" / "lctg_summary_format.yaml")
    kwargs = sub["dataset_kwargs"]
    assert kwargs["lctg_repo"] == "me/lctg" and kwargs["lctg_revision"] == COMMIT  # the commit, not the tag
    assert kwargs["lctg_digest"] == digest(built_dataset) and notes == []
    assert f"|data:1.0.0@me/lctg@v1.0.0={COMMIT[:12]}#{digest(built_dataset)[:12]}|" in sub["metadata"]["signature"]


def test_another_build_under_the_repo_is_refused_when_written(
    cached: Path, built_dataset: Path, built_dataset_derived: Path, tmp_path: Path, capsys
) -> None:
    from lctg_metrics.cli import main

    with pytest.raises(ScoringError, match=r"--dataset-path me/lctg@v1.0.0 holds another build") as e:
        write_lm_eval_tasks(built_dataset_derived, tmp_path / "d", dataset_path="me/lctg", revision="v1.0.0")
    assert digest(built_dataset)[:12] in str(e.value) and digest(built_dataset_derived)[:12] in str(e.value)
    assert not (tmp_path / "d").exists()  # nothing written
    argv = ["lm-eval-tasks", "--dataset", str(built_dataset_derived), "--dataset-path", "me/lctg"]
    assert main([*argv, "--revision", "v1.0.0", "-o", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lctg lm-eval-tasks: error: --dataset-path me/lctg@v1.0.0 holds another build")
    assert err.count("\n") == 1 and not (tmp_path / "d").exists()


def test_a_repo_that_cannot_be_read_is_said_in_one_line(hub_env: Path, built_dataset: Path, tmp_path: Path, capsys):
    """Not cached and downloads off: the files are written with the revision as given, and a note says it was not
    checked (the task files still refuse another build when they load it)."""
    from lctg_metrics.cli import main

    argv = ["lm-eval-tasks", "--dataset", str(built_dataset), "--dataset-path", "me/lctg", "--revision", "v1.0.0"]
    assert main([*argv, "-o", str(tmp_path / "t")]) == 0
    notes = [line for line in capsys.readouterr().err.splitlines() if line and not line.startswith("wrote ")]
    assert len(notes) == 1 and notes[0].startswith("lctg lm-eval-tasks: note: --dataset-path me/lctg@v1.0.0 was not")
    assert "not in the Hugging Face cache" in notes[0] or "cannot read it now" in notes[0]
    kwargs = _yaml(tmp_path / "t" / "lctg_summary_format.yaml")["dataset_kwargs"]
    assert kwargs["lctg_revision"] == "v1.0.0" and kwargs["lctg_digest"] == digest(built_dataset)


@pytest.mark.parametrize("published", [True, False])
def test_the_printed_score_command_works_as_printed(
    cached: Path, built_dataset: Path, built_rows: dict, tmp_path: Path, capsys, published: bool
) -> None:
    """With --dataset-path a repo id: the repo and revision; with a local folder: the folder, no --revision."""
    from lctg_metrics.cli import main

    argv = ["lm-eval-tasks", "--dataset", str(built_dataset), "-o", str(tmp_path / "t")]
    if published:
        argv += ["--dataset-path", "me/lctg", "--revision", "v1.0.0"]
    assert main(argv) == 0
    command = capsys.readouterr().out.split("then `", 1)[1].split("`", 1)[0]
    want = "--dataset me/lctg --revision v1.0.0 " if published else f"--dataset {built_dataset} --cleaner"
    assert want in command, command
    rows = [r for r in built_rows.values() if r["id"].startswith("summary/") and r["id"].endswith("/format")][:2]
    out = tmp_path / "out" / "m"
    out.mkdir(parents=True)
    (out / "samples_lctg_summary_format_2026.jsonl").write_text(
        "".join(
            json.dumps(_lm_eval_line(k, r, r["base_text"][:40]), ensure_ascii=False) + "\n" for k, r in enumerate(rows)
        ),
        encoding="utf-8",
    )
    args = [str(tmp_path / "out") if a == "OUT" else a for a in shlex.split(command)[1:]]
    assert main([*args, "--missing", "skip", "--json", str(tmp_path / "r.json"), "--no-progress"]) == 0
    signature = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["signature"]
    assert "|cover:2/1680|" in signature
    assert (f"me/lctg@v1.0.0={COMMIT[:12]}#" in signature) is published


def test_the_help_says_what_the_default_dataset_path_is(capsys) -> None:
    from lctg_metrics.cli import main

    with pytest.raises(SystemExit):
        main(["lm-eval-tasks", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "absolute path" not in text and "relative to the task folder" in text
