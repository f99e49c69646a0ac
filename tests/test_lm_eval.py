"""LCTG inside lm-evaluation-harness: the written task folder, the per-doc hook, and one end-to-end run of
``lm_eval`` against a loopback chat-completions server whose accuracies must equal ``lctg``'s scorer on the
harness's own ``--log_samples`` file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lctg_metrics.schema import ScoringError
from tests.conftest import ASPECTS, TASKS
from tests.fake_openai_server import lctg_answer

LIMIT = 4  # docs per subtask: 12 subtasks × 4 = 48 requests


def _yaml(path: Path) -> dict:
    """A task YAML as data (``!function`` tags read as their target string)."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!function", lambda loader, node: "!function " + loader.construct_scalar(node))
    return yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)


def test_writer_makes_groups_and_subtasks(built_dataset: Path, tmp_path: Path) -> None:
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks

    out = tmp_path / "tasks"
    written = write_lm_eval_tasks(built_dataset, out)
    names = sorted(p.name for p in written)
    subtasks = [f"lctg_{t}_{a}" for t in TASKS for a in ASPECTS]
    assert names == sorted(
        [*(f"{n}.yaml" for n in subtasks), *(f"lctg_{t}.yaml" for t in TASKS), "lctg.yaml", "utils.py", "README.md"]
    )  # no multi config in the faithful build: no lctg_multi
    top = _yaml(out / "lctg.yaml")
    assert top["group"] == "lctg" and top["task"] == [f"lctg_{t}" for t in TASKS]
    assert top["aggregate_metric_list"][0]["weight_by_size"] is False
    sub = _yaml(out / "lctg_ad_text_keyword.yaml")
    assert sub["dataset_path"] == os.path.relpath(built_dataset, out) and sub["dataset_name"] == "ad_text"
    assert sub["output_type"] == "generate_until" and sub["generation_kwargs"]["until"] == []
    assert sub["process_docs"] == "!function utils.ad_text_keyword_docs"
    assert sub["metadata"]["version"] == 1.0 and sub["metadata"]["dataset_version"] == "1.0.0"
    assert "|cleaner:rule@" in sub["metadata"]["signature"]
    # rewriting replaces our own files; a folder holding anything else is refused
    assert len(write_lm_eval_tasks(built_dataset, out, repeats=3)) == len(written)
    assert _yaml(out / "lctg_summary_format.yaml")["filter_list"][0]["filter"][0] == {
        "function": "take_first_k",
        "k": 3,
    }
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(ScoringError, match="notes.txt"):
        write_lm_eval_tasks(built_dataset, out)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"scoring": {"cleaner": "llm"}}, "cannot run inside the harness"),
        ({"scoring": {"colour": "red"}}, "unknown scoring option"),
        ({"scoring": {"counting": "bytes"}}, "bytes"),
        ({"repeats": 0}, "repeats must be a positive integer"),
    ],
)
def test_writer_refuses_bad_options(built_dataset: Path, tmp_path: Path, kwargs: dict, message: str) -> None:
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks

    with pytest.raises(ScoringError, match=message):
        write_lm_eval_tasks(built_dataset, tmp_path / "t", **kwargs)
    assert not (tmp_path / "t").exists()


def test_writer_needs_a_build(tmp_path: Path) -> None:
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks

    with pytest.raises(ScoringError, match="no manifest.json"):
        write_lm_eval_tasks(tmp_path, tmp_path / "t")


# The per-doc hook: one constraint, hand-checked answers (summary, 20–30 characters, keyword 「敬遠」).
MULTI_DOC = {
    "id": "summary/1/multi",
    "constraint": {
        "id": "summary/1/multi",
        "task": "summary",
        "prompt_id": 1,
        "aspects": list(ASPECTS),
        "min_chars": 20,
        "max_chars": 30,
        "keyword": "敬遠",
        "prohibited_word": "ヤンキース",
        "variant": None,
        "dataset_version": "x",
    },
}
LONG = "大谷翔平選手が申告敬遠され、球場のファンから大ブーイングが起きた。"  # 33 chars: too long
FITS = "大谷翔平選手が申告敬遠され、球場では大ブーイング。"  # 25 chars, keyword, no prohibited word


@pytest.mark.parametrize(
    "results, expected",
    [
        (
            [FITS],
            {
                "format": 1.0,
                "char_count": 1.0,
                "keyword": 1.0,
                "prohibited_word": 1.0,
                "average": 1.0,
                "prompt_level": 1.0,
            },
        ),
        (
            [[FITS, LONG]],
            {
                "format": 1.0,
                "char_count": 0.5,
                "keyword": 1.0,
                "prohibited_word": 1.0,
                "average": 0.875,
                "prompt_level": 0.5,
            },
        ),
        (
            [["ヤンキース戦で敬遠", FITS]],
            {
                "format": 0.5,
                "char_count": 0.5,
                "keyword": 1.0,
                "prohibited_word": 0.5,
                "average": 0.625,
                "prompt_level": 0.5,
            },
        ),
    ],
)
def test_hook_scores_each_sample(results: list, expected: dict) -> None:
    from lctg_metrics.lm_eval_tasks.hooks import scorer

    assert len(FITS) == 25 and len(LONG) == 33
    assert scorer({"cleaner": "rule"})(MULTI_DOC, results) == pytest.approx(expected)


def test_hook_one_aspect_row_gives_acc() -> None:
    from lctg_metrics.lm_eval_tasks.hooks import scorer

    doc = {
        "id": "summary/1/keyword",
        "constraint": {**MULTI_DOC["constraint"], "id": "summary/1/keyword", "aspects": ["keyword"]},
    }
    assert scorer({"cleaner": "rule"})(doc, [["敬遠された", "打たれた", "敬遠"]]) == {"acc": pytest.approx(2 / 3)}
    with pytest.raises(ScoringError, match="must be a string"):
        scorer({"cleaner": "rule"})(doc, [None])
    with pytest.raises(ScoringError, match="no 'constraint'"):
        scorer({"cleaner": "rule"})({"id": "x"}, ["text"])


def test_writer_adds_multi_group(built_dataset_derived: Path, tmp_path: Path) -> None:
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks

    names = {p.name for p in write_lm_eval_tasks(built_dataset_derived, tmp_path / "t")}
    assert {f"lctg_multi_{t}.yaml" for t in TASKS} | {"lctg_multi.yaml"} <= names
    sub = _yaml(tmp_path / "t" / "lctg_multi_pros_and_cons.yaml")
    assert sub["dataset_name"] == "multi" and sub["metadata"]["dataset_version"] == "1.1.0+multi"
    assert [m["metric"] for m in sub["metric_list"]] == [*ASPECTS, "average", "prompt_level"]


# ------------------------------------------------------------------------------------- end to end


@pytest.mark.slow
def test_lm_eval_run_matches_lctg_score(built_dataset: Path, tmp_path: Path, serve) -> None:
    pytest.importorskip("lm_eval", reason="lm-evaluation-harness is not installed (pip install 'lm-eval[api]')")
    from lctg_metrics.cleaners import get_cleaner
    from lctg_metrics.formats import read_generations_from
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.lm_eval_tasks import write_lm_eval_tasks
    from lctg_metrics.profiles import resolve_options
    from lctg_metrics.scoring import GenerationColumns, score

    write_lm_eval_tasks(built_dataset, tmp_path / "tasks")
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
        "lctg",
        "--limit",
        str(LIMIT),
        "--apply_chat_template",
        "--log_samples",
        "--output_path",
        str(tmp_path / "out"),
    ]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-3000:]
    (results_file,) = (tmp_path / "out").rglob("results_*.json")
    harness = json.loads(results_file.read_text(encoding="utf-8"))["results"]

    # the same samples, scored by lctg from the harness's own log
    gens = read_generations_from(tmp_path / "out", "lm-eval")
    assert len(gens) == len(TASKS) * len(ASPECTS) * LIMIT == server.total
    rows = {r["id"]: r for r in read_rows(built_dataset)}
    assert sorted(server.user_prompts()) == sorted(rows[g.id]["prompt"] for g in gens)  # sent exactly as built
    assert {g.text for g in gens} == {
        lctg_answer({"messages": [{"role": "user", "content": rows[g.id]["prompt"]}]}) for g in gens
    }
    refs = [rows[i]["constraint"] for i in sorted({g.id for g in gens})]
    result = score(
        GenerationColumns([g.id for g in gens], [g.text for g in gens], [g.sample for g in gens], None),
        refs,
        options=resolve_options("upstream"),
        cleaner=get_cleaner("rule"),
    )
    ours = result.flat()

    values = []
    for task in TASKS:
        for aspect in ASPECTS:
            got = harness[f"lctg_{task}_{aspect}"]["acc,none"]
            assert got == pytest.approx(ours[f"{task}/{aspect}"], abs=1e-12), (task, aspect)
            values.append(got)
        assert harness[f"lctg_{task}"]["acc,none"] == pytest.approx(ours[f"{task}/average"], abs=1e-12)
    assert harness["lctg"]["acc,none"] == pytest.approx(sum(ours[f"{t}/average"] for t in TASKS) / 3, abs=1e-12)
    assert any(0 < v < 1 for v in values) and len(set(values)) > 2  # the fake model passes some and fails some


def test_the_hooks_score_through_the_cli_formula(built_dataset_derived: Path, tmp_path: Path) -> None:
    """The harness's mean over docs of the per-doc metrics equals ``lctg score`` on the same generations (multi rows:
    every aspect, their average and prompt level)."""
    from lctg_metrics.cli import main
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.lm_eval_tasks.hooks import scorer

    gens, out = tmp_path / "g.jsonl", tmp_path / "r.json"
    assert (
        main(
            [
                "sample",
                "--dataset",
                str(built_dataset_derived),
                "--config",
                "multi",
                "--task",
                "summary",
                "--samples",
                "3",
                "-o",
                str(gens),
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "score",
                str(gens),
                "--dataset",
                str(built_dataset_derived),
                "--config",
                "multi",
                "--task",
                "summary",
                "--json",
                str(out),
                "--no-progress",
            ]
        )
        == 0
    )
    cli = json.loads(out.read_text(encoding="utf-8"))
    texts: dict[str, list[str]] = {}
    for line in sorted(
        (json.loads(x) for x in gens.read_text(encoding="utf-8").splitlines()), key=lambda g: g["sample"]
    ):
        texts.setdefault(line["id"], []).append(line["generation"])
    process_results = scorer({"cleaner": "rule"})
    per_doc = [
        process_results(row, [texts[row["id"]]]) for row in read_rows(built_dataset_derived, "multi", tasks=["summary"])
    ]
    harness = {metric: sum(d[metric] for d in per_doc) / len(per_doc) for metric in per_doc[0]}
    assert set(harness) == {*ASPECTS, "average", "prompt_level"} and len(per_doc) == len(texts)
    for aspect in (*ASPECTS, "average"):
        assert harness[aspect] == pytest.approx(cli["scores"]["summary"][aspect], abs=1e-12), aspect
    assert harness["prompt_level"] == pytest.approx(cli["prompt_level"]["summary"], abs=1e-12)
    assert 0 < harness["average"] < 1  # the toy model passes some and fails some
