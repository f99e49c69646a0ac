"""lm-evaluation-harness runs of several LCTG groups at once: ``--tasks lctg,lctg_multi`` scored from its one
``--log_samples`` folder, one result per config equal to the harness's own accuracies; the task folder moves with
the build (relative ``dataset_path``), carries the harness's task README and a numeric ``metadata.version``; and each
subtask's standard error reaches the harness's stderr column (closed-form stderr of the mean)."""

from __future__ import annotations

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from lctg_metrics.schema import ScoringError
from tests.conftest import ASPECTS, TASKS
from tests.fake_openai_server import lctg_answer
from tests.test_lm_eval import _yaml

LIMIT = 4  # docs per subtask: 12 + 3 subtasks


def test_task_files_are_portable_and_follow_the_harness(built_dataset_derived: Path, tmp_path: Path) -> None:
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks

    out = tmp_path / "runs" / "tasks"
    write_lm_eval_tasks(built_dataset_derived, out)
    sub, multi, group = (_yaml(out / f"{n}.yaml") for n in ("lctg_summary_format", "lctg_multi_summary", "lctg"))
    expected = os.path.relpath(built_dataset_derived, out)
    assert not Path(sub["dataset_path"]).is_absolute() and sub["dataset_path"] == Path(expected).as_posix()
    assert sub["custom_dataset"] == "!function utils.load_local"
    assert sub["dataset_kwargs"] == {"lctg_folder": sub["dataset_path"], "lctg_config": "summary"}
    assert str(built_dataset_derived) not in "".join(p.read_text(encoding="utf-8") for p in out.iterdir())
    for doc, version, full in ((sub, 1.0, "1.0.0"), (multi, 1.1, "1.1.0+multi"), (group, 1.0, "1.0.0")):
        assert isinstance(doc["metadata"]["version"], float) and doc["metadata"]["version"] == version
        assert doc["metadata"]["dataset_version"] == full
    readme = (out / "README.md").read_text(encoding="utf-8")
    for heading in (
        "# LCTG Bench",
        "### Paper",
        "### Citation",
        "### Groups and Tasks",
        "#### Groups",
        "#### Tasks",
        "### Checklist",
    ):
        assert f"\n{heading}\n" in f"\n{readme}", heading
    for name in ("lctg", "lctg_summary", "lctg_multi", "lctg_summary_format", "lctg_multi_pros_and_cons"):
        assert f"* `{name}`: " in readme, name
    write_lm_eval_tasks(built_dataset_derived, out)  # its own README is no foreign file: written again


def test_the_relative_folder_is_read_from_the_task_folder(built_dataset: Path, tmp_path: Path, monkeypatch) -> None:
    from lctg_metrics.lm_eval_tasks.data import local_loader

    moved = tmp_path / "moved"
    shutil.copytree(built_dataset, moved / "lctg")
    tasks = moved / "tasks"
    tasks.mkdir()
    monkeypatch.chdir(tmp_path)  # wherever lm_eval runs
    docs = local_loader(str(tasks / "utils.py"))("../lctg", "summary", version=1.0, signature="x")
    assert len(docs["test"]) == 480
    with pytest.raises(ScoringError, match=r"no dataset build at .*nowhere \('\.\./nowhere' from the task folder\)"):
        local_loader(str(tasks / "utils.py"))("../nowhere", "summary")


def _log(folder: Path, task: str, rows: list[dict], texts: list[list[str]]) -> None:
    """A samples file as the harness writes it (one line per doc: doc, resps, filtered_resps)."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"samples_{task}_2026-11-27T05-00-00.123456.jsonl").open("w", encoding="utf-8") as f:
        for n, (row, t) in enumerate(zip(rows, texts)):
            f.write(
                json.dumps({"doc_id": n, "doc": row, "resps": [t], "filtered_resps": [t[0]]}, ensure_ascii=False) + "\n"
            )


def test_score_run_scores_each_config_on_its_own(built_dataset_derived: Path, tmp_path: Path) -> None:
    from lctg_metrics.api import score_predictions
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.lm_eval_tasks import score_run
    from lctg_metrics.sample import generate

    rows = read_rows(built_dataset_derived, "summary")
    fmt = [r for r in rows if r["aspect"] == "format"][:5]
    multi = read_rows(built_dataset_derived, "multi", tasks=["summary"])[:5]
    out = tmp_path / "out" / "model"
    _log(out, "lctg_summary_format", fmt, [[generate(r, 0)] for r in fmt])
    _log(out, "lctg_multi_summary", multi, [[generate(r, 0)] for r in multi])
    got = score_run(tmp_path / "out", str(built_dataset_derived), cleaner="rule", missing="skip")  # 5 rows each
    assert set(got) == {"all", "multi"}
    for config, chosen in (("all", fmt), ("multi", multi)):
        expected = score_predictions(
            [generate(r, 0) for r in chosen],
            [r["id"] for r in chosen],
            dataset=str(built_dataset_derived),
            cleaner="rule",
            missing="skip",
        )
        assert got[config].flat() == {k: v for k, v in expected.items() if k != "signature"}, config
        assert got[config].signature == expected["signature"]
    (out / "samples_arc_easy_2026-11-27T05-00-00.123456.jsonl").write_text("{}\n")
    with pytest.raises(ScoringError, match=r"task 'arc_easy' is not an LCTG task"):
        score_run(tmp_path / "out", str(built_dataset_derived))


@pytest.mark.slow
def test_a_run_of_two_groups_scores_from_its_folder(built_dataset_derived: Path, tmp_path: Path, serve) -> None:
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed (pip install 'lm-eval[api]')")
    from lctg_metrics.lm_eval_tasks import score_run, write_lm_eval_tasks

    write_lm_eval_tasks(built_dataset_derived, tmp_path / "tasks")
    server = serve(lctg_answer)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "HF_"))}
    env.update(
        HF_HOME=str(tmp_path / "hf"),
        HF_DATASETS_OFFLINE="1",
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        HF_HUB_DISABLE_TELEMETRY="1",
        TOKENIZERS_PARALLELISM="false",
    )
    run_dir = tmp_path / "elsewhere"  # the task files find the build from their own folder, not from here
    run_dir.mkdir()
    cmd = [
        sys.executable,
        "-m",
        "lm_eval",
        "run",
        "--model",
        "local-chat-completions",
        "--model_args",
        f"base_url={server.base_url}/chat/completions,model=fake,tokenizer_backend=None,num_concurrent=2,"
        "max_retries=1,timeout=30",
        "--include_path",
        str(tmp_path / "tasks"),
        "--tasks",
        "lctg,lctg_multi",
        "--limit",
        str(LIMIT),
        "--apply_chat_template",
        "--log_samples",
        "--output_path",
        str(tmp_path / "out"),
    ]
    run = subprocess.run(cmd, env=env, cwd=run_dir, capture_output=True, text=True, timeout=400)
    assert run.returncode == 0, run.stderr[-3000:]
    (results_file,) = (tmp_path / "out").rglob("results_*.json")
    harness = json.loads(results_file.read_text(encoding="utf-8"))["results"]

    got = score_run(tmp_path / "out", str(built_dataset_derived), cleaner="rule", missing="skip")  # --limit
    assert set(got) == {"all", "multi"}
    flat_all, flat_multi = got["all"].flat(), got["multi"].flat()
    for task in TASKS:
        for aspect in ASPECTS:
            assert harness[f"lctg_{task}_{aspect}"]["acc,none"] == pytest.approx(
                flat_all[f"{task}/{aspect}"], abs=1e-12
            )
            assert harness[f"lctg_multi_{task}"][f"{aspect},none"] == pytest.approx(
                flat_multi[f"{task}/{aspect}"], abs=1e-12
            )
    # the stderr column: the closed-form standard error of each subtask's mean over its docs (pstdev / sqrt(n - 1))
    nonzero = 0
    for task in TASKS:
        for aspect in ASPECTS:
            name = f"lctg_{task}_{aspect}"
            log = next(p for p in (tmp_path / "out").rglob(f"samples_{name}_*.jsonl"))
            accs = [json.loads(line)["acc"] for line in log.read_text(encoding="utf-8").splitlines()]
            expected = statistics.pstdev(accs) / math.sqrt(len(accs) - 1)
            assert harness[name]["acc_stderr,none"] == pytest.approx(expected, abs=1e-12), name
            nonzero += expected > 0
    assert nonzero > 0
    assert "acc_stderr,none" in harness["lctg"] and harness["lctg"]["acc_stderr,none"] not in ("N/A", None)


def test_lctg_score_scores_each_config_of_a_run_folder(built_dataset_derived: Path, tmp_path: Path, capsys) -> None:
    from lctg_metrics.api import score_predictions
    from lctg_metrics.cli import main
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.sample import generate

    fmt = [r for r in read_rows(built_dataset_derived, "summary") if r["aspect"] == "format"][:5]
    multi = read_rows(built_dataset_derived, "multi", tasks=["summary"])[:5]
    out = tmp_path / "out" / "model"
    _log(out, "lctg_summary_format", fmt, [[generate(r, 0)] for r in fmt])
    _log(out, "lctg_multi_summary", multi, [[generate(r, 0)] for r in multi])
    for config, chosen, other in (("all", fmt, "multi"), ("multi", multi, "all")):
        result = tmp_path / f"{config}.json"
        argv = [
            "score",
            str(tmp_path / "out"),
            "--from",
            "lm-eval",
            "--dataset",
            str(built_dataset_derived),
            "--missing",
            "skip",
            "--cleaner",
            "rule",
            "--json",
            str(result),
        ]
        assert main(argv + (["--config", config] if config != "all" else [])) == 0
        printed = capsys.readouterr().out
        assert f"it also holds '{other}' (score it with --config {other})" in printed
        expected = score_predictions(
            [generate(r, 0) for r in chosen],
            [r["id"] for r in chosen],
            dataset=str(built_dataset_derived),
            cleaner="rule",
            missing="skip",
        )
        got = json.loads(result.read_text(encoding="utf-8"))
        assert got["scores"]["summary"]["average"] == pytest.approx(expected["summary/average"], abs=1e-12)
    assert (
        main(
            [
                "score",
                str(tmp_path / "out"),
                "--from",
                "lm-eval",
                "--dataset",
                str(built_dataset_derived),
                "--config",
                "variants",
            ]
        )
        == 2
    )
    assert (
        "holds the tasks of config(s) all, multi, not 'variants'; score it with --config all or --config multi"
        in capsys.readouterr().err
    )
