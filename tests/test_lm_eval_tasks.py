"""The lm-evaluation-harness task files as real runs need them: generation length and sampling with safe defaults,
one metric key (``acc,none``) whatever ``repeats``, task files named by Hub repo id that load offline from the
Hugging Face cache at the resolved commit, and a printed follow-up command that works as printed."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks
from lctg_metrics.lm_eval_tasks.writer import lm_generation_kwargs
from lctg_metrics.schema import ScoringError
from tests.test_hub import COMMIT, cached, hub_env  # noqa: F401  (fixtures)
from tests.test_lm_eval import _yaml
from tests.test_partial import _lm_eval_line


@pytest.mark.parametrize(
    "kwargs, expected",
    [
        ({}, {"until": [], "max_gen_toks": 4096, "do_sample": False}),
        ({"repeats": 3}, {"until": [], "max_gen_toks": 4096, "do_sample": True, "temperature": 1.0}),
        (
            {"repeats": 3, "temperature": 0.7, "max_gen_toks": 3500},
            {"until": [], "max_gen_toks": 3500, "do_sample": True, "temperature": 0.7},
        ),
        ({"do_sample": True}, {"until": [], "max_gen_toks": 4096, "do_sample": True, "temperature": 1.0}),
        ({"extra": {"until": ["\n\n"]}}, {"until": ["\n\n"], "max_gen_toks": 4096, "do_sample": False}),
    ],
)
def test_generation_defaults(kwargs: dict, expected: dict) -> None:
    assert lm_generation_kwargs(**kwargs) == expected


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"repeats": 3, "do_sample": False}, "repeats 3 with greedy decoding .* gives 3 identical samples"),
        ({"repeats": 3, "temperature": 0}, "gives 3 identical samples"),
        ({"repeats": 2, "extra": {"do_sample": False}}, "gives 2 identical samples"),
        ({"temperature": 0.5}, "applies only when sampling"),
        ({"max_gen_toks": 0}, "max_gen_toks must be a positive integer"),
        ({"repeats": 0}, "repeats must be a positive integer"),
        ({"do_sample": True, "temperature": -1}, "temperature must be a number >= 0"),
    ],
)
def test_generation_refusals(kwargs: dict, match: str) -> None:
    with pytest.raises(ScoringError, match=match):
        lm_generation_kwargs(**kwargs)


def test_task_files_carry_the_settings_and_one_metric_key(built_dataset: Path, tmp_path: Path) -> None:
    write_lm_eval_tasks(built_dataset, tmp_path / "t", repeats=3)
    sub = _yaml(tmp_path / "t" / "lctg_summary_keyword.yaml")
    assert sub["generation_kwargs"] == {"until": [], "max_gen_toks": 4096, "do_sample": True, "temperature": 1.0}
    assert sub["repeats"] == 3 and sub["filter_list"][0]["name"] == "none"  # the key stays acc,none
    for group in ("lctg_summary.yaml", "lctg.yaml"):
        assert {m["filter_list"][0] for m in _yaml(tmp_path / "t" / group)["aggregate_metric_list"]} == {"none"}
    one = write_lm_eval_tasks(built_dataset, tmp_path / "one")
    assert "filter_list" not in _yaml(tmp_path / "one" / "lctg_summary_keyword.yaml") and one


@pytest.mark.slow
def test_lm_eval_reads_the_task_filter_names(built_dataset: Path, tmp_path: Path) -> None:
    """The harness itself builds the tasks: its filter is named ``none`` for repeats 3 as for 1."""
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed (pip install 'lm-eval[api]')")
    from lm_eval.tasks import TaskManager, get_task_dict

    write_lm_eval_tasks(built_dataset, tmp_path / "t", repeats=3)
    tasks = get_task_dict(["lctg_summary_keyword"], TaskManager(include_path=str(tmp_path / "t")))
    (task,) = [t for t in _leaves(tasks)]
    assert [f.name for f in task._filters] == ["none"]
    assert task.config.generation_kwargs["do_sample"] is True and task.config.repeats == 3
    assert len(task.dataset["test"]) == 480 and len(task.eval_docs) == 120


def _leaves(d):
    for v in d.values():
        if isinstance(v, dict):
            yield from _leaves(v)
        else:
            yield v


def test_hub_repo_id_task_files_load_offline_at_the_commit(cached: Path, built_dataset: Path, tmp_path: Path) -> None:
    write_lm_eval_tasks("me/lctg", tmp_path / "t", revision="v1.0.0")
    sub = _yaml(tmp_path / "t" / "lctg_ad_text_format.yaml")
    assert sub["dataset_path"] == "me/lctg" and sub["custom_dataset"] == "!function utils.load_docs"
    kwargs = sub["dataset_kwargs"]
    assert kwargs["lctg_repo"] == "me/lctg" and kwargs["lctg_revision"] == COMMIT  # the commit, not the tag
    assert kwargs["lctg_config"] == "ad_text" and len(kwargs["lctg_digest"]) == 64
    assert f"|data:1.0.0@me/lctg@v1.0.0={COMMIT[:12]}#{kwargs['lctg_digest'][:12]}|" in sub["metadata"]["signature"]
    assert "from lctg_metrics.lm_eval_tasks.data import load_docs" in (tmp_path / "t" / "utils.py").read_text()
    from lctg_metrics.lm_eval_tasks.data import load_docs

    docs = load_docs(**kwargs, version="1.0.0", signature="…")  # as the harness calls it: kwargs and metadata
    import datasets

    local = datasets.load_dataset(str(built_dataset), "ad_text", split="test")
    assert docs["test"]["id"] == local["id"] and docs["test"]["prompt"] == local["prompt"]


def test_a_local_build_published_under_a_repo_id(cached: Path, built_dataset: Path, tmp_path: Path) -> None:
    write_lm_eval_tasks(built_dataset, tmp_path / "t", dataset_path="me/lctg", revision="v1.0.0")
    kwargs = _yaml(tmp_path / "t" / "lctg_summary_format.yaml")["dataset_kwargs"]
    assert kwargs["lctg_revision"] == COMMIT  # pinned when written
    from lctg_metrics.lm_eval_tasks.data import load_docs

    assert len(load_docs(**kwargs)["test"]) == 480
    # another build is refused when written (tests/test_routes6_lm_eval.py); a digest that is not the snapshot's when
    # loaded
    with pytest.raises(ScoringError, match="not .*, the build these task files were written for"):
        load_docs(**{**kwargs, "lctg_digest": "0" * 64})
    with pytest.raises(ScoringError, match="applies to a Hub repo id"):
        write_lm_eval_tasks(built_dataset, tmp_path / "x", revision="v1.0.0")


def test_cli_by_repo_id_and_its_printed_command_works(cached: Path, built_rows: dict, tmp_path: Path, capsys) -> None:
    from lctg_metrics.cli import main

    assert (
        main(
            [
                "lm-eval-tasks",
                "--dataset",
                "me/lctg",
                "--revision",
                "v1.0.0",
                "--output",
                str(tmp_path / "t"),
                "--samples",
                "1",
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    command = printed.split("then `", 1)[1].split("`", 1)[0]
    assert command.startswith("lctg score OUT --from lm-eval --dataset me/lctg --revision v1.0.0")
    # an lm_eval --limit 2 output of the summary/format subtask, scored with the command as printed (+ --missing skip)
    rows = [r for r in built_rows.values() if r["id"].startswith("summary/") and r["id"].endswith("/format")][:2]
    out = tmp_path / "out" / "m"
    out.mkdir(parents=True)
    (out / "samples_lctg_summary_format_2026.jsonl").write_text(
        "".join(
            json.dumps(_lm_eval_line(k, r, r["base_text"][:40]), ensure_ascii=False) + "\n" for k, r in enumerate(rows)
        ),
        encoding="utf-8",
    )
    argv = [str(tmp_path / "out") if a == "OUT" else a for a in shlex.split(command)[1:]]
    assert main([*argv, "--missing", "skip", "--json", str(tmp_path / "r.json"), "--no-progress"]) == 0
    result = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert "|cover:2/1680|" in result["signature"] and f"me/lctg@v1.0.0={COMMIT[:12]}#" in result["signature"]
    with pytest.raises(SystemExit):
        main(
            [
                "lm-eval-tasks",
                "--dataset",
                "me/lctg",
                "--output",
                str(tmp_path / "u"),
                "--samples",
                "3",
                "--no-do-sample",
                "--bogus",
            ]
        )
    assert (
        main(
            [
                "lm-eval-tasks",
                "--dataset",
                "me/lctg",
                "--output",
                str(tmp_path / "u"),
                "--samples",
                "3",
                "--no-do-sample",
            ]
        )
        == 2
    )
    assert "3 identical samples" in capsys.readouterr().err


@pytest.mark.slow
def test_lm_eval_loads_hub_task_files_offline(cached: Path, tmp_path: Path, monkeypatch) -> None:
    """The harness builds a task written for a Hub repo id from the cached snapshot, with downloads off."""
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed (pip install 'lm-eval[api]')")
    from lm_eval.tasks import TaskManager, get_task_dict

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    write_lm_eval_tasks("me/lctg", tmp_path / "t")
    (task,) = list(
        _leaves(get_task_dict(["lctg_pros_and_cons_keyword"], TaskManager(include_path=str(tmp_path / "t"))))
    )
    assert len(task.eval_docs) == 150 and {d["aspect"] for d in task.eval_docs} == {"keyword"}
