"""The opt-in derived configs (corrected 1.1.0, prompt variants, multi-constraint) on the real source."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from lctg_dataset.build import build
from lctg_dataset.cli import main
from lctg_dataset.write import write_dataset
from tests.conftest import ASPECTS, TASKS


def _rows(folder: Path, config: str) -> list[dict]:
    return pq.read_table(folder / "data" / config / "test-00000-of-00001.parquet").to_pylist()


@pytest.fixture(scope="module")
def derived(built_dataset_derived: Path) -> Path:
    """The session's one build with every derived config (corrected, variants 5 seed 0, multi; conftest): these
    tests only read it, and a second build with the same arguments cost a whole build."""
    return built_dataset_derived


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"[0-9]+", text)]


def _states_its_constraint(row: dict) -> bool:
    """Does the condition say exactly what the constraint checks? (independent of the builder)"""
    c = row["constraint"]
    range_text = row["condition"].split("\n")[0]  # multi prompts state the range on their first line
    if "char_count" in c["aspects"] and _numbers(range_text) != [c["min_chars"], c["max_chars"]]:
        return False
    if "keyword" in c["aspects"] and c["keyword"] not in row["condition"]:
        return False
    if "prohibited_word" in c["aspects"] and c["prohibited_word"] not in row["condition"]:
        return False
    return True


#: The two upstream KEYWORD conditions that tell the model not to use their keyword (checked by hand).
NEGATED_KEYWORDS = ["summary/1264/keyword", "pros_and_cons/128/keyword"]
WRONG_RANGES = [
    "summary/133/char_count",
    "summary/1317/char_count",
    "ad_text/100312/char_count",
    "ad_text/100821/char_count",
]


def test_corrected_prompts_state_what_is_checked(derived, upstream_records):
    corrected = _rows(derived, "corrected")
    faithful = {r["id"]: r for t in TASKS for r in _rows(derived, t)}
    assert len(corrected) == 1680
    assert all(_states_its_constraint(r) for r in corrected)
    # the same check finds exactly the four disagreeing upstream conditions in the faithful data
    wrong = sorted(r["id"] for r in faithful.values() if not _states_its_constraint(r))
    assert wrong == sorted(WRONG_RANGES)
    prompts = {(t, r["prompt_id"]): r for t in TASKS for r in upstream_records[t]}
    for row in corrected:
        assert row["constraint"]["dataset_version"] == "1.1.0"
        f = faithful[row["id"]]
        rec = prompts[(row["task"], row["prompt_id"])]
        if row["id"] in wrong:
            assert row["condition"] != f["condition"] and row["template"] == f["template"]
            assert row["prompt"] == f["prompt"].replace(f["condition"], row["condition"])
            assert _numbers(row["condition"]) == rec["char_count_answer"]
        elif row["id"] in NEGATED_KEYWORDS:
            assert "使わ" in f["condition"] and "使わ" not in row["condition"] and "使" in row["condition"]
            assert (
                row["template_id"] != f["template_id"]
                and row["template"].replace("{word}", rec["keyword_answer"]) == row["condition"]
            )
            assert row["prompt"] == f["prompt"].replace(f["condition"], row["condition"])
            assert row["template_values"] == f["template_values"]
        else:
            assert {k: v for k, v in row.items() if k != "constraint"} == {
                k: v for k, v in f.items() if k != "constraint"
            }
        assert {k: v for k, v in row["constraint"].items() if k != "dataset_version"} == {
            k: v for k, v in f["constraint"].items() if k != "dataset_version"
        }


def test_changelog_lists_every_change(derived):
    log = json.loads((derived / "changelog-1.1.0.json").read_text(encoding="utf-8"))
    assert log["version"] == "1.1.0"
    by_id = defaultdict(set)
    for c in log["changes"]:
        by_id[c["id"]].add(c["field"])
        assert c["old"] != c["new"]
        assert c["finding"] == (
            "keyword_condition_negated" if c["id"] in NEGATED_KEYWORDS else "condition_disagrees_with_answer"
        )
    assert sorted(by_id) == sorted(WRONG_RANGES + NEGATED_KEYWORDS)
    assert all(by_id[i] == {"condition", "prompt", "template_values"} for i in WRONG_RANGES)
    assert all(by_id[i] == {"condition", "prompt", "template", "template_id"} for i in NEGATED_KEYWORDS)
    card = (derived / "README.md").read_text(encoding="utf-8")
    for rid in by_id:
        assert f"`{rid}`" in card
    assert "## Config `corrected` (version 1.1.0)" in card and "not comparable" in card
    assert "`keyword_condition_negated`" in card and "使わないで" in card


def test_word_conditions_of_derived_configs_never_contradict_their_aspect(derived):
    from lctg_dataset.polarity import NEGATIVE, POSITIVE, condition_polarity

    for config in ("corrected", "variants"):
        for r in _rows(derived, config):
            c = r["constraint"]
            if r["aspect"] == "keyword":
                assert condition_polarity(r["condition"], c["keyword"]) == POSITIVE, r["id"]
            elif r["aspect"] == "prohibited_word":
                assert condition_polarity(r["condition"], c["prohibited_word"]) == NEGATIVE, r["id"]
    for r in _rows(derived, "multi"):
        lines, c = r["condition"].split("\n"), r["constraint"]
        assert condition_polarity(lines[1], c["keyword"]) == POSITIVE, r["id"]
        assert condition_polarity(lines[2], c["prohibited_word"]) == NEGATIVE, r["id"]


def test_variants_parse_back_and_do_not_repeat_templates(derived, built_rows):
    variants = _rows(derived, "variants")
    assert len(variants) == 1260 * 5 and len({r["id"] for r in variants}) == len(variants)
    templates = {r["template_id"]: r for r in _rows(derived, "templates")}
    per_prompt: dict[str, list[dict]] = defaultdict(list)
    for r in variants:
        base_id = r["id"].rsplit("/", 1)[0]
        per_prompt[base_id].append(r)
        original = built_rows[base_id]
        assert r["aspect"] in ("char_count", "keyword", "prohibited_word")
        assert r["constraint"]["id"] == r["id"] and r["constraint"]["variant"] == r["variant"]
        assert r["constraint"]["dataset_version"] == "1.1.0+variants.k5.s0"
        assert {k: r["constraint"][k] for k in ("min_chars", "max_chars", "keyword", "prohibited_word")} == {
            k: original["constraint"][k] for k in ("min_chars", "max_chars", "keyword", "prohibited_word")
        }
        # the template comes from the same (task, aspect) pool and the condition is that template, filled
        t = templates[r["template_id"]]
        assert (t["task"], t["aspect"]) == (r["task"], r["aspect"]) and t["template"] == r["template"]
        assert _states_its_constraint(r)
        filled = (
            r["template"]
            .replace("{min}", str(r["constraint"]["min_chars"]))
            .replace("{max}", str(r["constraint"]["max_chars"]))
            .replace("{word}", r["constraint"]["keyword"] or r["constraint"]["prohibited_word"] or "")
        )
        assert filled == r["condition"]
        assert (
            r["prompt"] == original["prompt"].replace(original["condition"], r["condition"], 1)
            or r["task"] == "pros_and_cons"
        )
        assert r["condition"] in r["prompt"] and r["base_text"] in r["prompt"]
    assert len(per_prompt) == 1260
    for base_id, rows in per_prompt.items():
        used = [r["template_id"] for r in rows]
        assert sorted(r["variant"] for r in rows) == [0, 1, 2, 3, 4]
        assert len(set(used)) == 5, base_id  # the pools are large enough: no repeats
        assert built_rows[base_id]["template_id"] not in used


@pytest.mark.slow
def test_variants_are_reproducible_and_seeded(source_dir, derived, tmp_path):
    again = tmp_path / "again"
    write_dataset(build(str(source_dir), variants=5, seed=0), again)
    rel = "data/variants/test-00000-of-00001.parquet"
    assert (again / rel).read_bytes() == (derived / rel).read_bytes()
    other = tmp_path / "other"
    write_dataset(build(str(source_dir), variants=2, seed=1), other)
    rows = _rows(other, "variants")
    assert len(rows) == 2520 and rows[0]["constraint"]["dataset_version"] == "1.1.0+variants.k2.s1"
    first = {r["id"]: r["template_id"] for r in _rows(derived, "variants")}
    assert sum(first[r["id"]] != r["template_id"] for r in rows) > len(rows) // 2  # another seed, other draws


def test_multi_config(derived, built_rows):
    multi = _rows(derived, "multi")
    assert len(multi) == 420 and len({r["id"] for r in multi}) == 420
    for r in multi:
        c = r["constraint"]
        assert r["id"] == f"{r['task']}/{r['prompt_id']}/multi" and c["aspects"] == list(ASPECTS)
        assert c["keyword"] != c["prohibited_word"] and c["prohibited_word"] not in c["keyword"]
        assert _states_its_constraint(r)
        lines = r["condition"].split("\n")
        assert len(lines) == 4
        assert lines[3] == built_rows[f"{r['task']}/{r['prompt_id']}/format"]["condition"]
        assert r["condition"] in r["prompt"]


def test_multi_scores_have_prompt_level(derived, tmp_path):
    from lctg_metrics.cli import main as lctg

    gens, res = tmp_path / "g.jsonl", tmp_path / "r.json"
    assert lctg(["sample", "--dataset", str(derived), "--config", "multi", "-o", str(gens)]) == 0
    assert lctg(["score", str(gens), "--dataset", str(derived), "--config", "multi", "--json", str(res)]) == 0
    result = json.loads(res.read_text(encoding="utf-8"))
    for task in TASKS:
        assert 0 <= result["prompt_level"][task] <= min(result["scores"][task][a] for a in ASPECTS)
    assert "data:1.1.0+multi" in result["signature"]


def test_variant_scores_report_spread_and_consistency(derived, tmp_path):
    from lctg_metrics.cli import main as lctg

    gens, res = tmp_path / "g.jsonl", tmp_path / "r.json"
    assert (
        lctg(["sample", "--dataset", str(derived), "--config", "variants", "--task", "ad_text", "-o", str(gens)]) == 0
    )
    assert (
        lctg(
            [
                "score",
                str(gens),
                "--dataset",
                str(derived),
                "--config",
                "variants",
                "--task",
                "ad_text",
                "--json",
                str(res),
            ]
        )
        == 0
    )
    v = json.loads(res.read_text(encoding="utf-8"))["variants"]["ad_text"]
    assert set(v) == {"char_count", "keyword", "prohibited_word"}
    for stats in v.values():
        assert stats["n_variants"] == 5 and stats["min"] <= stats["mean"] <= stats["max"]
        assert 0 <= stats["consistency"] <= 1 and stats["consistency_n"] == 150 * 3


def test_faithful_configs_unchanged_by_derived_build(derived, built_dataset):
    for rel in [
        "data/summary/test-00000-of-00001.parquet",
        "data/ad_text/test-00000-of-00001.parquet",
        "data/pros_and_cons/test-00000-of-00001.parquet",
        "data/templates/test-00000-of-00001.parquet",
        "validation.json",
    ]:
        assert (derived / rel).read_bytes() == (built_dataset / rel).read_bytes(), rel
    manifest = json.loads((derived / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["configs"]["all"]["version"] == "1.0.0" and manifest["configs"]["corrected"]["version"] == "1.1.0"
    assert manifest["configs"]["variants"] == {
        "version": "1.1.0+variants.k5.s0",
        "files": ["data/variants/test-00000-of-00001.parquet"],
        "rows": 6300,
    }
    assert manifest["build"]["parameters"]["seed"] == 0 and manifest["build"]["parameters"]["variants"] == 5


def test_bad_variant_count(source_dir, tmp_path, capsys):
    assert main(["--source", str(source_dir), "--output", str(tmp_path / "x"), "--variants", "0"]) == 2
    assert "--variants must be a positive integer" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_load_dataset_reads_derived_configs(derived):
    import lctg_dataset

    ds = lctg_dataset.load("variants", path=derived)
    assert len(ds) == 6300 and "variant" in ds.column_names
    assert lctg_dataset.load("multi", path=derived)[0]["aspect"] == "multi"
