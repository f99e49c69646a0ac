"""Partial runs (``--missing skip``): scores, coverage and CIs over the generations present, the coverage in the
table, the JSON and the signature; an ``lm_eval --limit 5``-style output scored end to end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.analysis import ci_table
from lctg_metrics.api import score_predictions
from lctg_metrics.render.terminal import format_table
from lctg_metrics.scoring import ScoringError, score
from tests.test_scoring import REFS, gen, ref

SIX = REFS + [
    ref("ad_text/1/keyword", "keyword", kw="京都"),
    ref("ad_text/2/keyword", "keyword", kw="抹茶"),
    ref("ad_text/3/keyword", "keyword", kw="宇治"),
]


def test_skip_scores_only_what_is_present():
    gens = [
        gen("summary/1/keyword", "抹茶ラテ"),
        gen("summary/2/keyword", "ほうじ茶"),  # 1/2
        gen("ad_text/1/keyword", "京都の宿"),
    ]  # 1/1; ad_text 2 and 3 and summary char_count absent
    result = score(gens, SIX, cleaner="none", missing="skip")
    assert result.scores == {"summary": {"keyword": 0.5, "average": 0.5}, "ad_text": {"keyword": 1.0, "average": 1.0}}
    cov = result.coverage
    assert (cov["scored"], cov["expected"], cov["missing"], cov["prompts_scored"]) == (3, 6, 3, 3)
    assert cov["by_task"] == {
        "summary": {
            "keyword": {"scored": 2, "expected": 2, "prompts": 2, "of": 2, "ratio": 1.0},
            "char_count": {"scored": 0, "expected": 1, "prompts": 0, "of": 1, "ratio": 0.0},
        },
        "ad_text": {"keyword": {"scored": 1, "expected": 3, "prompts": 1, "of": 3, "ratio": pytest.approx(1 / 3)}},
    }
    assert "|data:1.0.0|cover:3/6|version:" in result.signature
    assert all(it.generation is not None for it in result.items)  # nothing invented for the absent ones
    assert any("3 of 6 expected generations are missing and were skipped" in n for n in result.notes)


def test_a_complete_run_signs_the_same_under_every_policy():
    gens = [gen(r["id"], "抹茶と茶屋のあいうえお") for r in REFS]
    sigs = {m: score(gens, REFS, cleaner="none", missing=m).signature for m in ("error", "fail", "skip")}
    assert len(set(sigs.values())) == 1 and "cover:" not in sigs["skip"]
    full = score(gens, REFS, cleaner="none", missing="skip")
    assert "by_task" not in full.coverage and "PARTIAL" not in format_table(full)


def test_skip_never_passes_for_full_even_when_the_scores_match():
    """The laziest partial run: only the prompts a model gets right. Its scores are perfect, its signature is not
    the full run's."""
    full = score([gen("summary/1/keyword", "抹茶"), gen("summary/2/keyword", "茶屋")], REFS[:2], cleaner="none")
    lazy = score([gen("summary/1/keyword", "抹茶")], REFS[:2], cleaner="none", missing="skip")
    assert lazy.scores == full.scores
    assert lazy.signature != full.signature and "cover:1/2" in lazy.signature


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=6, max_size=6).filter(any), st.lists(st.booleans(), min_size=6, max_size=6))
def test_skip_equals_scoring_the_present_references_alone(present, texts_pass):
    """A partial run's scores are those of the same generations scored against only the references they answer."""
    kws = {r["id"]: r.get("keyword") for r in SIX}
    gens = [
        gen(r["id"], (kws[r["id"]] or "あいうえおかきく") if ok else "なし")
        for r, here, ok in zip(SIX, present, texts_pass)
        if here
    ]
    partial = score(gens, SIX, cleaner="none", missing="skip")
    alone = score(gens, [r for r, here in zip(SIX, present) if here], cleaner="none")
    assert partial.scores == alone.scores
    assert partial.coverage["scored"] == sum(present)


def test_cis_are_over_the_prompts_present():
    rows = [ref(f"summary/{i}/keyword", "keyword", kw="抹茶") for i in range(1, 41)]
    gens = [gen(r["id"], "抹茶" if i % 5 else "緑茶", s) for i, r in enumerate(rows[:25]) for s in range(2)]
    partial = score(gens, rows, cleaner="none", missing="skip")
    alone = score(gens, rows[:25], cleaner="none")
    assert ci_table(partial, n_resamples=300) == ci_table(alone, n_resamples=300)
    low, high = ci_table(partial, n_resamples=300)["summary"]["keyword"]
    assert low < partial.scores["summary"]["keyword"] < high  # an interval, not a point
    # counting the 15 absent prompts as failures gives another estimate, below the partial run's interval
    failed = score(gens, rows, cleaner="none", missing="fail")
    assert failed.scores["summary"]["keyword"] == pytest.approx(20 / 40) and 20 / 40 < low


def test_table_shows_partial_coverage_per_task_and_aspect():
    gens = [gen("summary/1/keyword", "抹茶ラテ"), gen("ad_text/1/keyword", "京都の宿")]
    text = format_table(score(gens, SIX, cleaner="none", missing="skip"))
    prompts_rows = [line for line in text.splitlines() if line.startswith("  prompts")]
    assert len(prompts_rows) == 2 and "1/2" in prompts_rows[0] and "0/1" in prompts_rows[0] and "1/3" in prompts_rows[1]
    assert "coverage: 2/6 generations (33.3%)" in text and "PARTIAL: 4 missing generations skipped" in text
    assert "cover:2/6" in text.splitlines()[-1]


def test_skip_through_the_api_and_unknown_policies():
    # predictions pair with references one to one: a generation is missing when prompts have unequal samples
    preds, refs = ["抹茶ラテ", "抹茶", "緑茶"], [REFS[0], REFS[0], REFS[1]]  # summary/2 has no sample 1
    out = score_predictions(preds, refs, cleaner="none", missing="skip", return_items=True)
    assert out["summary/keyword"] == pytest.approx((1 / 2 + 1 / 1) / 2) and "cover:3/4" in out["signature"]
    assert out["coverage"]["by_task"]["summary"]["keyword"] == {
        "scored": 3,
        "expected": 4,
        "prompts": 2,
        "of": 2,
        "ratio": 0.75,
    }
    with pytest.raises(ValueError, match="valid: error, fail, skip"):
        score([gen("summary/1/keyword", "x")], REFS, cleaner="none", missing="drop")
    with pytest.raises(ScoringError, match="--missing skip"):
        score([gen("summary/1/keyword", "x")], REFS, cleaner="none")


# ------------------------------------------------------------------------------- an lm_eval --limit 5 run


def _lm_eval_line(doc_id: int, row: dict, text: str) -> dict:
    """One line as lm-eval 0.4 writes it with --log_samples for a generate_until task of ours."""
    doc = {k: row[k] for k in ("id", "task", "prompt", "instruction", "condition")}
    return {
        "doc_id": doc_id,
        "doc": doc,
        "target": "",
        "arguments": {
            "gen_args_0": {
                "arg_0": json.dumps([{"role": "user", "content": row["prompt"]}]),
                "arg_1": {"until": [], "max_gen_toks": 4096, "do_sample": False},
            }
        },
        "resps": [[text]],
        "filtered_resps": [text],
        "filter": "none",
        "metrics": ["acc"],
        "doc_hash": "0",
        "prompt_hash": "0",
        "target_hash": "0",
        "acc": 1.0,
    }


def test_lm_eval_limit_5_scores_end_to_end(built_dataset: Path, built_rows: dict, tmp_path: Path, capsys) -> None:
    """``lm_eval --limit 5`` logs the first 5 docs of each of the 12 subtasks: 60 of 1,680 prompts."""
    from lctg_metrics.cli import main

    by_subtask: dict[tuple[str, str], list[dict]] = {}
    for row in built_rows.values():
        by_subtask.setdefault((row["task"], row["id"].rsplit("/", 1)[1]), []).append(row)
    out = tmp_path / "out" / "model__name"
    texts = {}
    for (task, aspect), rows in by_subtask.items():
        lines = []
        for k, row in enumerate(rows[:5]):
            texts[row["id"]] = ("承知しました。\n" if k % 2 else "") + row["base_text"][: 15 + 20 * k]
            lines.append(_lm_eval_line(k, row, texts[row["id"]]))
        out.mkdir(parents=True, exist_ok=True)
        (out / f"samples_lctg_{task}_{aspect}_2026-01-01T00-00-00.jsonl").write_text(
            "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8"
        )
    assert len(texts) == 60
    argv = ["score", str(tmp_path / "out"), "--from", "lm-eval", "--dataset", str(built_dataset), "--no-progress"]
    assert main(argv) == 2 and "1620 of 1680 expected generations are missing" in capsys.readouterr().err
    details, result_path = tmp_path / "d.jsonl", tmp_path / "r.json"
    assert main(argv + ["--missing", "skip", "--ci", "--json", str(result_path), "--details", str(details)]) == 0
    printed = capsys.readouterr().out
    result = json.loads(result_path.read_text(encoding="utf-8"))
    # the scores are those of the 60 texts scored against their own 60 references
    ids = list(texts)
    expected = score_predictions([texts[i] for i in ids], [built_rows[i]["constraint"] for i in ids], cleaner="rule")
    for key, value in expected.items():
        if key != "signature":
            task, aspect = key.split("/")
            got = result["overall_average"] if task == "overall" else result["scores"][task][aspect]
            assert got == pytest.approx(value)
    cov = result["coverage"]
    assert (cov["scored"], cov["expected"], cov["prompts_scored"], cov["missing_policy"]) == (60, 1680, 60, "skip")
    assert all(c["prompts"] == 5 for per in cov["by_task"].values() for c in per.values())
    assert "|cover:60/1680|" in result["signature"]
    assert "coverage: 60/1680 generations (3.6%)" in printed and "cover:60/1680" in printed
    assert re.search(r"^summary\s+\S+ \[\S+,\S+\]", printed, re.M)  # CIs printed
    rows = re.findall(r"^\s*prompts +\d", printed, re.M)  # the partial-run rows, one per task (not the legend)
    assert len(rows) == 3 and "5/120" in printed and "5/150" in printed
    lines = [json.loads(x) for x in details.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 60 and {x["signature"] for x in lines} == {result["signature"]}


def test_streamed_partial_run_signs_its_details_with_the_coverage(
    built_dataset: Path, built_rows: dict, tmp_path: Path
) -> None:
    """Our own file format is scored in chunks; the details of a partial run carry the final signature."""
    from lctg_metrics.cli import main

    ids = [rid for rid in built_rows if rid.startswith("ad_text/")][:30]
    gens = tmp_path / "g.jsonl"
    gens.write_text(
        "".join(
            json.dumps({"id": i, "generation": built_rows[i]["base_text"][:30]}, ensure_ascii=False) + "\n" for i in ids
        ),
        encoding="utf-8",
    )
    details, result_path = tmp_path / "d.jsonl", tmp_path / "r.json"
    assert (
        main(
            [
                "score",
                str(gens),
                "--dataset",
                str(built_dataset),
                "--missing",
                "skip",
                "--no-progress",
                "--json",
                str(result_path),
                "--details",
                str(details),
            ]
        )
        == 0
    )
    result = json.loads(result_path.read_text(encoding="utf-8"))
    assert "|cover:30/1680|" in result["signature"]
    lines = [json.loads(x) for x in details.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 30 and {x["signature"] for x in lines} == {result["signature"]}


@pytest.mark.parametrize(
    "extra", [[], ["--json", "r.json"], ["--details", "d.jsonl"]], ids=["table", "json", "details"]
)
def test_streamed_partial_run_scores_with_or_without_details(
    built_dataset: Path, built_rows: dict, tmp_path: Path, extra: list[str], capsys
) -> None:
    """The plainest partial run (``lctg score g.jsonl --missing skip``) prints its table and coverage: the signature
    known only at the end is checked against what was handed on only when something was."""
    from lctg_metrics.cli import main

    ids = [rid for rid in built_rows if rid.startswith("summary/")][:10]
    gens = tmp_path / "g.jsonl"
    gens.write_text(
        "".join(
            json.dumps({"id": i, "sample": 0, "generation": built_rows[i]["base_text"][:50]}, ensure_ascii=False) + "\n"
            for i in ids
        ),
        encoding="utf-8",
    )
    argv = [a if a.startswith("--") else str(tmp_path / a) for a in extra]
    assert main(["score", str(gens), "--dataset", str(built_dataset), "--missing", "skip", "--no-progress", *argv]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "coverage: 10/1680 generations" in out and "|cover:10/1680|" in out


def test_skip_through_the_evaluate_module():
    import evaluate

    from tests.conftest import PROJECT_ROOT

    metric = evaluate.load(str(PROJECT_ROOT / "lctg_ctg"))
    preds, refs = ["抹茶ラテ", "抹茶", "緑茶"], [REFS[0], REFS[0], REFS[1]]
    out = metric.compute(predictions=preds, references=refs, cleaner="none", missing="skip")
    api = score_predictions(preds, refs, cleaner="none", missing="skip")
    assert out == api and "cover:3/4" in out["signature"]


def test_sharded_partial_run_equals_the_single_process_one():
    from lctg_metrics.api import ShardScorer

    gens = [
        gen("summary/1/keyword", "抹茶ラテ"),
        gen("summary/2/keyword", "ほうじ茶"),
        gen("ad_text/1/keyword", "京都"),
    ]
    single = score(gens, SIX, cleaner="none", missing="skip")
    scorer = ShardScorer(SIX, cleaner="none")
    parts = [
        scorer({"id": [g.id for g in part], "generation": [g.text for g in part], "sample": [g.sample for g in part]})
        for part in (gens[:1], gens[1:])
    ]
    merged = scorer.finalize(parts, missing="skip")
    assert merged.scores == single.scores and merged.signature == single.signature
    assert merged.coverage == single.coverage
