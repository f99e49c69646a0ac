"""Several samples per prompt for if-score and IFSM, as LCTG takes them (an lm-eval ``--repeats N`` output): each
sample scored as a run of its own, the result their mean, the signature ``samples:N``; one sample per id gives the
result unchanged. Expected values are counted by hand from the texts below."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from lctg_metrics.family import run
from lctg_metrics.schema import Generation, ScoringError
from tests.test_if_score import _write_dataset

ROWS = [
    {
        "id": "if/a",
        "instruction_id_list": ["keywords:existence", "rule:no_comma"],
        "kwargs": ['{"keywords": ["抹茶"]}', "{}"],
        "categories": ["キーワード使用", "句読点"],
        "dataset_version": "1.1.0",
    },
    {
        "id": "if/b",
        "instruction_id_list": ["length:chars"],
        "kwargs": ['{"max": 10}'],
        "categories": ["長さ指定"],
        "dataset_version": "1.1.0",
    },
]
#: sample 0: a has 抹茶 and no comma, b is 6 chars <= 10: prompts 2/2, instructions 3/3.
#: sample 1: a has 抹茶 but a 、, b is 3 chars: prompts 1/2, instructions 2/3.
LINES = [
    ("if/a", "京都で抹茶を飲んだ。"),
    ("if/b", "短い文です。"),
    ("if/a", "京都で、抹茶を飲んだ。"),
    ("if/b", "短い。"),
]


def _file(path: Path, lines: Sequence[tuple[str, str]]) -> Path:
    path.write_text(
        "".join(json.dumps({"id": i, "generation": t}, ensure_ascii=False) + "\n" for i, t in lines), "utf-8"
    )
    return path


def test_if_score_takes_the_mean_over_samples(tmp_path):
    folder = _write_dataset(tmp_path / "lctg", ROWS)
    one = run("instr", _file(tmp_path / "one.jsonl", LINES[:2]), dataset=folder, options={"ci": False})
    two = run("instr", _file(tmp_path / "two.jsonl", LINES), dataset=folder, options={"ci": False})
    assert [s.flat["prompt_level_strict"] for s in two.samples] == [1.0, 0.5]
    assert [s.flat["instruction_level_strict"] for s in two.samples] == [1.0, pytest.approx(2 / 3)]
    assert two.flat["prompt_level_strict"] == 0.75
    assert two.flat["instruction_level_strict"] == pytest.approx(5 / 6)
    assert two.flat["句読点/strict"] == 0.5 and two.flat["長さ指定/strict"] == 1.0 and two.flat["samples"] == 2
    assert one.samples == () and one.flat["prompt_level_strict"] == 1.0
    assert two.signature == one.signature.replace("|version:", "|samples:2|version:")
    assert "samples" not in one.signature and "samples" not in one.flat
    assert [(d["key"], d["sample"], d["instruction_id"], d["strict"]) for d in two.details] == [
        ("if/a", 0, "keywords:existence", True),
        ("if/a", 0, "rule:no_comma", True),
        ("if/b", 0, "length:chars", True),
        ("if/a", 1, "keywords:existence", True),
        ("if/a", 1, "rule:no_comma", False),
        ("if/b", 1, "length:chars", True),
    ]


def test_if_score_command_writes_every_sample_and_the_mean(tmp_path, capsys):
    from lctg_metrics.cli import main

    folder = _write_dataset(tmp_path / "lctg", ROWS)
    out = tmp_path / "r.json"
    assert (
        main(["if-score", str(_file(tmp_path / "g.jsonl", LINES)), "--dataset", str(folder), "--json", str(out)]) == 0
    )
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["samples"] == 2 and data["mean"]["prompt_level_loose"] == 0.75
    assert [p["scores"]["prompt_level"]["strict"]["estimate"] for p in data["per_sample"]] == [1.0, 0.5]
    assert "prompt_level_strict_low" not in data["mean"]  # interval bounds stay in each sample's result
    assert "mean over 2 samples" in capsys.readouterr().out


def test_a_sample_missing_for_an_id_is_named(tmp_path):
    folder = _write_dataset(tmp_path / "lctg", ROWS)
    with pytest.raises(ScoringError, match=r"g\.jsonl:2: id 'if/b' has sample 0 but no sample 1"):
        run("instr", _file(tmp_path / "g.jsonl", LINES[:3]), dataset=folder)


class TargetReader:
    """Picks the slot of the ending under test: an item is a hit exactly when its ending passes the guard."""

    from lctg_metrics.ifsm import ReaderInfo

    info = ReaderInfo("target", "0", "0", weak=True)

    def choose(self, items: Sequence) -> list[int | None]:
        return [item.target for item in items]


def test_ifsm_takes_the_mean_over_samples():
    from lctg_dataset.stories import load_story_rows

    rows = load_story_rows(Path(__file__).parent / "data" / "ifsm", include_contexts=True)
    chosen = [r for r in rows if r["split"] == "eval"]
    # sample 0: every gold ending (passes the guard): 5/5; sample 1: gold for two items, empty for three: 2/5
    gens = [Generation(r["id"], r["gold_ending"], 0) for r in chosen]
    gens += [Generation(r["id"], r["gold_ending"] if k < 2 else "", 1) for k, r in enumerate(chosen)]
    options = {"reader": TargetReader(), "adversarial": False, "dissimilarity": "none", "guard_encoder": "none"}
    options["attack_cache"] = False
    result = run("ifsm", gens, rows=rows, options=options)
    assert len(chosen) == 5 and [s.flat["ifsm"] for s in result.samples] == [1.0, 0.4]
    assert result.flat["ifsm"] == pytest.approx(0.7) and result.flat["samples"] == 2
    assert result.flat["flagged"] == 1.5  # 0 and 3 empty endings flagged
    assert "ifsm_ci_low" not in result.flat and not result.valid
    assert "|samples:2|" in result.signature
    assert [(d["id"], d["sample"], d["hit"]) for d in result.details][5:] == [
        (r["id"], 1, k < 2) for k, r in enumerate(chosen)
    ]
    one = run("ifsm", gens[:5], rows=rows, options=options)
    assert one.flat["ifsm"] == 1.0 and "samples" not in one.signature


def test_lctg_runs_through_the_same_run_and_takes_its_samples_itself():
    from lctg_metrics.api import score_predictions

    kw = {"id": "ad_text/1/keyword", "task": "ad_text", "prompt_id": 1, "aspects": ["keyword"], "min_chars": None}
    kw.update(max_chars=None, keyword="抹茶", prohibited_word=None, variant=None, dataset_version="1.0.0")
    cc = dict(kw, id="ad_text/1/char_count", aspects=["char_count"], keyword=None, min_chars=10, max_chars=20)
    rows = [{"id": c["id"], "constraint": c} for c in (kw, cc)]
    # sample 0: 抹茶 present (pass), 9 chars < 10 (fail); sample 1: no 抹茶 (fail), 12 chars (pass)
    texts = [("京都の抹茶スイーツ専門店が新登場", "京都の抹茶スイーツ"), ("京都のスイーツ", "京都の抹茶スイーツ専門店")]
    gens = [Generation(c["id"], t[n], s) for s, t in enumerate(texts) for n, c in enumerate((kw, cc))]
    result = run("lctg", gens, rows=rows, options={"cleaner": "none"})
    assert result.flat["ad_text/keyword"] == 0.5 and result.flat["ad_text/char_count"] == 0.5
    assert result.samples == () and "samples" not in result.signature  # LCTG's mean over samples is its own
    api = score_predictions([g.text for g in gens], [kw, cc, kw, cc], cleaner="none")
    assert result.flat == api
    assert sorted((d["id"], d["sample"], d["passed"]) for d in result.details) == [
        ("ad_text/1/char_count", 0, False),
        ("ad_text/1/char_count", 1, True),
        ("ad_text/1/keyword", 0, True),
        ("ad_text/1/keyword", 1, False),
    ]


def test_ifsm_rows_from_a_hub_dataset_sign_where_they_came_from():
    from lctg_dataset.stories import load_story_rows
    from lctg_metrics.families.ifsm import FAMILY
    from lctg_metrics.family import option_values

    rows = load_story_rows(Path(__file__).parent / "data" / "ifsm", include_contexts=True)
    gens = [Generation(r["id"], r["gold_ending"], 0) for r in rows]
    given = {"reader": TargetReader(), "adversarial": False, "dissimilarity": "none", "guard_encoder": "none"}
    options = option_values(FAMILY, {**given, "attack_cache": False})
    local = FAMILY.score(gens, rows, options, None)
    hub = FAMILY.score(gens, rows, options, "org/lctg@v1.1.0=0123456789ab#3f2a00000000")
    assert "|data:" not in local.signature
    assert hub.signature == local.signature.replace(
        "|version:", "|data:org/lctg@v1.1.0=0123456789ab#3f2a00000000|version:"
    )
    assert hub.flat["ifsm"] == local.flat["ifsm"] == 1.0
    assert {d["signature"] for d in hub.details} == {hub.signature} and hub.json["signature"] == hub.signature
    assert hub.signature in hub.table
