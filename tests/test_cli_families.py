"""The other metric families from the one command line: toy outputs and if-score for the instructions config,
story-ending prompts filled from the user's copy, lm-evaluation-harness task files."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from lctg_metrics.cli import main
from tests.conftest import PROJECT_ROOT
from tests.shared_builds import shared_build, shared_value
from tests.test_hub import hub_env  # noqa: F401  (fixture)

STORIES = PROJECT_ROOT.parent / "shared" / "possible-stories"


@pytest.fixture(scope="module")
def family_build(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (STORIES / "dev.jsonl").is_file():
        pytest.fail(f"Possible Stories not found at {STORIES}")

    def make(out: Path) -> None:  # once per test run (the tests only read it; with xdist each worker built it)
        args = ["build", "--source", str(source_dir), "--output", str(out), "--instructions", "--stories"]
        assert main([*args, "--stories-source", str(STORIES)]) == 0

    return shared_build(tmp_path_factory, "family_build", [source_dir, STORIES], make)


@pytest.fixture(scope="module")
def instructions_scored(family_build: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The toy outputs of the instructions config and their if-score from the folder, made once per test run for the
    tests below: (outputs, result JSON, what if-score printed)."""

    def compute(tmp: Path) -> tuple[Path, Path, str]:
        toy, result = tmp / "toy.jsonl", tmp / "if.json"
        assert main(["sample", "--dataset", str(family_build), "--config", "instructions", "-o", str(toy)]) == 0
        printed = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        with contextlib.redirect_stdout(printed):
            assert main(["if-score", str(toy), "--dataset", str(family_build), "--json", str(result)]) == 0
        printed.flush()
        return toy, result, printed.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]

    return shared_value(tmp_path_factory, "instructions_scored", [family_build], compute)


def test_sample_and_if_score_on_the_instructions_config(family_build, instructions_scored):
    toy, result, printed = instructions_scored
    lines = [json.loads(x) for x in toy.read_text(encoding="utf-8").splitlines()]
    manifest = json.loads((family_build / "manifest.json").read_text(encoding="utf-8"))
    rows = sum(pq.read_metadata(family_build / f).num_rows for f in manifest["configs"]["instructions"]["files"])
    assert len(lines) == rows >= 600  # one toy output per prompt
    assert {"id", "generation"} <= set(lines[0]) and lines[0]["id"].startswith("instructions/")
    out = json.loads(result.read_text(encoding="utf-8"))
    text = json.dumps(out)
    assert "instructions-1.2.0" in text  # the config's own version is in the signature
    assert "instr|checkers:" in printed


def test_if_score_by_hub_repo_id_gives_the_folder_numbers_and_names_the_commit(
    family_build, instructions_scored, hub_env, tmp_path, capsys
):
    """if-score names a dataset as every command does: a Hub repo id at a revision, read from the cache offline."""
    from tests.test_hub import COMMIT, digest, populate_cache

    populate_cache(hub_env, "me/lctg", family_build)
    toy, local, _ = instructions_scored  # the same outputs scored from the folder
    hub = tmp_path / "hub.json"
    assert main(["if-score", str(toy), "--dataset", "me/lctg", "--revision", "v1.0.0", "--json", str(hub)]) == 0
    a, b = (json.loads(p.read_text(encoding="utf-8")) for p in (local, hub))
    assert b["signature"] == a["signature"].replace(
        "|data:instructions-1.2.0+s0|",
        f"|data:instructions-1.2.0+s0@me/lctg@v1.0.0={COMMIT[:12]}#{digest(family_build)[:12]}|",
    )
    assert {k: v for k, v in b.items() if k not in ("signature", "inputs")} == {
        k: v for k, v in a.items() if k not in ("signature", "inputs")
    }
    assert b["inputs"]["dataset"].startswith("me/lctg@v1.0.0=")
    capsys.readouterr()
    assert main(["if-score", str(toy), "--dataset", "me/nothing", "--json", str(tmp_path / "x.json")]) == 2
    assert "me/nothing" in capsys.readouterr().err and not (tmp_path / "x.json").exists()


def test_story_prompts_are_filled_from_the_local_copy(family_build, tmp_path):
    out = tmp_path / "prompts.jsonl"
    assert (
        main(
            [
                "prompts",
                "--dataset",
                str(family_build),
                "--config",
                "story_endings",
                "--stories-source",
                str(STORIES),
                "-o",
                str(out),
            ]
        )
        == 0
    )
    records = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    first = json.loads((STORIES / "dev.jsonl").read_text(encoding="utf-8").splitlines()[0])
    context = next(v for k, v in first.items() if k in ("document", "context", "story"))
    assert len(records) == 458 + 671
    assert any(context.split("\n")[0][:60] in r["prompt"] for r in records)  # contexts came from the copy
    # the built folder itself holds no context text
    assert not any(
        context.split("\n")[0][:60].encode() in p.read_bytes()
        for p in family_build.rglob("*")
        if p.is_file() and p.suffix in (".json", ".md", ".jsonl")
    )


def test_lm_eval_tasks_command(family_build, tmp_path, capsys):
    out = tmp_path / "tasks"
    assert main(["lm-eval-tasks", "--dataset", str(family_build), "--output", str(out)]) == 0
    names = {p.name for p in out.iterdir()}
    assert {"lctg.yaml", "utils.py", "lctg_summary_format.yaml", "lctg_ad_text_keyword.yaml"} <= names
    assert "--include_path" in capsys.readouterr().out
    assert main(["lm-eval-tasks", "--dataset", str(family_build), "--output", str(out), "--samples", "0"]) == 2


@pytest.mark.parametrize(
    ("argv", "module"),
    [
        (["--metric", "your-org/lctg_if"], "lctg_if"),
        (["--metric", "your-org/ifsm-space", "--module", "lctg_ifsm"], "lctg_ifsm"),
        (["--metric", "your-org/my-space"], "lctg_ctg"),
    ],
)
def test_a_build_with_the_family_configs_has_their_metric_modules(family_build, capsys, argv, module):
    for name in ("lctg_ctg", "lctg_if", "lctg_ifsm"):
        assert (family_build / name / f"{name}.py").is_file() and (family_build / name / "app.py").is_file()
    assert main(["publish", "--dataset", str(family_build), *argv, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"  {module}.py " in out and "requirements.txt" in out
    assert all(f"  {other}.py " not in out for other in {"lctg_ctg", "lctg_if", "lctg_ifsm"} - {module})
