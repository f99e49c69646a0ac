"""The faithful 1.0.0 build against the real upstream source, with expectations computed independently."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ASPECTS, PROJECT_ROOT, TASKS


def test_row_counts_and_ids(built_rows, upstream_records):
    assert len(built_rows) == 1680
    per_task = {t: sum(1 for r in built_rows.values() if r["task"] == t) for t in TASKS}
    assert per_task == {"summary": 480, "ad_text": 600, "pros_and_cons": 600}
    for task, recs in upstream_records.items():
        for rec in recs:
            for aspect in ASPECTS:
                rid = f"{task}/{rec['prompt_id']}/{aspect}"
                row = built_rows[rid]
                assert (row["task"], row["prompt_id"], row["aspect"]) == (task, rec["prompt_id"], aspect)
    assert "summary/1614/char_count" in built_rows


def test_prompt_equals_upstream_byte_for_byte(built_rows, upstream_records):
    checked = 0
    for task, recs in upstream_records.items():
        for rec in recs:
            for aspect in ASPECTS:
                row = built_rows[f"{task}/{rec['prompt_id']}/{aspect}"]
                assert row["prompt"].encode("utf-8") == rec[f"prompt_{aspect}"].encode("utf-8")
                checked += 1
    assert checked == 1680


def test_prompt_parts_match_upstream(built_rows, upstream_records):
    """condition, base_text, title come straight from upstream; the prompt is made of them."""
    for task, recs in upstream_records.items():
        for rec in recs:
            for aspect in ASPECTS:
                row = built_rows[f"{task}/{rec['prompt_id']}/{aspect}"]
                assert row["condition"] == rec[aspect]
                assert row["base_text"] == rec["base_text"]
                assert row["title"] == rec.get("title")
                assert row["condition"] in row["prompt"]
                assert row["instruction"] in row["prompt"]
                if task == "pros_and_cons":
                    assert row["instruction"].startswith(rec["base_text"])
                    assert row["title"] is None


def _fill(template: str, values: dict) -> str:
    """Fill slots by plain replacement (independent of the builder's str.format-based fill)."""
    out = template
    for name in ("min", "max", "word"):
        if values.get(name) is not None:
            out = out.replace("{" + name + "}", str(values[name]))
    return out.replace("{{", "{").replace("}}", "}")


def test_templates_reproduce_every_condition(built_rows, upstream_records):
    checked = 0
    for task, recs in upstream_records.items():
        for rec in recs:
            for aspect in ("char_count", "keyword", "prohibited_word"):
                row = built_rows[f"{task}/{rec['prompt_id']}/{aspect}"]
                template, values = row["template"], row["template_values"]
                assert _fill(template, values).encode() == rec[aspect].encode()
                if aspect == "char_count":
                    assert template.count("{min}") == 1 and template.count("{max}") == 1
                    assert not re.search(r"[0-9]", template), template
                else:
                    assert template.count("{word}") == 1, template
                    assert values["word"] == rec[f"{aspect}_answer"]
                checked += 1
    assert checked == 1260


def test_format_template_is_one_sentence_per_task(built_rows, upstream_records):
    for task, recs in upstream_records.items():
        sentences = {built_rows[f"{task}/{r['prompt_id']}/format"]["template"] for r in recs}
        assert sentences == {recs[0]["format"]}


def test_repeated_word_slot_is_the_quoted_occurrence(built_rows, upstream_records):
    """A pros_and_cons prohibited-word condition contains its word more than once; the slot is the quoted one."""
    repeated = [
        (r["prompt_id"], r["prohibited_word"], r["prohibited_word_answer"])
        for r in upstream_records["pros_and_cons"]
        if r["prohibited_word"].count(r["prohibited_word_answer"]) > 1
    ]
    assert repeated, "upstream has a condition that contains its prohibited word twice"
    for pid, condition, word in repeated:
        template = built_rows[f"pros_and_cons/{pid}/prohibited_word"]["template"]
        assert "「{word}」" in template
        assert template.replace("{word}", word) == condition


def test_constraints_are_the_scored_values(built_rows, upstream_records):
    for task, recs in upstream_records.items():
        for rec in recs:
            pid = rec["prompt_id"]
            for aspect in ASPECTS:
                c = built_rows[f"{task}/{pid}/{aspect}"]["constraint"]
                assert c["id"] == f"{task}/{pid}/{aspect}" and c["task"] == task and c["prompt_id"] == pid
                assert c["aspects"] == [aspect] and c["dataset_version"] == "1.0.0" and c["variant"] is None
                expected = {
                    "min_chars": rec["char_count_answer"][0] if aspect == "char_count" else None,
                    "max_chars": rec["char_count_answer"][1] if aspect == "char_count" else None,
                    "keyword": rec["keyword_answer"] if aspect == "keyword" else None,
                    "prohibited_word": rec["prohibited_word_answer"] if aspect == "prohibited_word" else None,
                }
                assert {k: c[k] for k in expected} == expected


def test_templates_config(built_dataset, built_rows):
    import pyarrow.parquet as pq

    rows = pq.read_table(built_dataset / "data" / "templates" / "test-00000-of-00001.parquet").to_pylist()
    keys = [(r["task"], r["aspect"], r["template"]) for r in rows]
    assert len(keys) == len(set(keys)), "one row per distinct (task, aspect, template)"
    by_id = {r["template_id"]: r for r in rows}
    uses: dict[str, list[int]] = {}
    for row in built_rows.values():
        uses.setdefault(row["template_id"], []).append(row["prompt_id"])
        assert by_id[row["template_id"]]["template"] == row["template"]
    for tid, r in by_id.items():
        assert r["n_prompts"] == len(uses[tid]) == len(r["prompt_ids"])
        assert sorted(r["prompt_ids"]) == sorted(uses[tid])
    per = {}
    for r in rows:
        per[(r["task"], r["aspect"])] = per.get((r["task"], r["aspect"]), 0) + 1
    assert all(per[(t, "format")] == 1 for t in TASKS)
    # the papers collected 93-150 templates per (task, aspect); a pool that used most of them is recovered
    for t in TASKS:
        for a in ("char_count", "keyword", "prohibited_word"):
            assert 85 <= per[(t, a)] <= 150, (t, a, per[(t, a)])


def _expected_findings(upstream_records) -> set[tuple[str, int, str]]:
    """The range findings, computed here from the raw records."""
    out = set()
    for task, recs in upstream_records.items():
        for r in recs:
            lo, hi = r["char_count_answer"]
            if [int(n) for n in re.findall(r"[0-9]+", r["char_count"])] != [lo, hi]:
                out.add((task, r["prompt_id"], "condition_disagrees_with_answer"))
            if lo == hi:
                out.add((task, r["prompt_id"], "degenerate_range"))
            if lo > hi:
                out.add((task, r["prompt_id"], "inverted_range"))
    return out


def test_validation_findings(built_dataset, upstream_records, built_rows):
    findings = json.loads((built_dataset / "validation.json").read_text(encoding="utf-8"))
    assert all(set(f) >= {"task", "prompt_id", "kind", "detail"} for f in findings)
    got = {
        (f["task"], f["prompt_id"], f["kind"])
        for f in findings
        if f["kind"] in ("condition_disagrees_with_answer", "degenerate_range", "inverted_range")
    }
    expected = _expected_findings(upstream_records)
    assert got == expected
    assert sum(1 for k in expected if k[2] == "condition_disagrees_with_answer") == 4
    # the faithful build keeps the data: a flagged row still carries upstream's condition and answer
    for task, pid, kind in expected:
        row = built_rows[f"{task}/{pid}/char_count"]
        assert kind in row["flags"]
    kinds = {f["kind"] for f in findings}
    assert "word_repeated_in_condition" in kinds
    assert "prompt_not_reconstructible" not in kinds


def test_card_contents(built_dataset):
    card = (built_dataset / "README.md").read_text(encoding="utf-8")
    header, body = card.split("---\n", 2)[1:]
    assert "license: cc-by-nc-sa-4.0" in header
    for name in ("all", "summary", "ad_text", "pros_and_cons", "templates"):
        assert f"- config_name: {name}\n" in header
    assert "default: true" in header and "split: test" in header
    assert "1.0.0" in body and "c4736cbd13f093b3d11469f741752f365d8588d9" in body
    assert "| summary | 120 | 120 | 120 | 120 | 480 |" in body
    assert "| **total** | 420 | 420 | 420 | 420 | 1680 |" in body
    assert "CC BY-NC-SA 4.0" in body and "Abema TV" in body and "prohibited" in body.lower()
    assert body.count("@inproceedings") + body.count("@misc") == 2
    assert "condition_disagrees_with_answer" in body
    assert "$" not in body.replace("$ ", "")  # every placeholder was filled


def test_manifest_hashes_every_file(built_dataset):
    manifest = json.loads((built_dataset / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["version"] == "1.0.0"
    assert manifest["source"]["commit"] == "c4736cbd13f093b3d11469f741752f365d8588d9"
    assert manifest["source"]["verified"] is True
    on_disk = {p.relative_to(built_dataset).as_posix() for p in built_dataset.rglob("*") if p.is_file()}
    assert set(manifest["files"]) == on_disk - {"manifest.json"}
    for rel, digest in manifest["files"].items():
        assert hashlib.sha256((built_dataset / rel).read_bytes()).hexdigest() == digest
    assert manifest["build"]["parameters"]["verify_sha256"] is True


def test_two_builds_are_byte_identical(source_dir, built_dataset, tmp_path):
    from lctg_dataset.build import build
    from lctg_dataset.write import write_dataset
    from lctg_metrics.metric_module import module_files as metric_module_files

    out = tmp_path / "lctg"
    write_dataset(build(str(source_dir)), out, extra_files=metric_module_files())
    files_a = sorted(p.relative_to(built_dataset) for p in built_dataset.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    assert files_a == files_b
    for rel in files_a:
        assert (built_dataset / rel).read_bytes() == (out / rel).read_bytes(), rel


_LOAD_SCRIPT = """
import sys
from datasets import load_dataset
name, config = sys.argv[1], sys.argv[2]
ds = load_dataset(name, config, split="test") if config != "-" else load_dataset(name, split="test")
print(len(ds), ds[0]["id"], ds.features["constraint"]["min_chars"].dtype)
"""


@pytest.mark.parametrize(
    "how,config,expected",
    [
        ("parent", "summary", "480 summary/1614/format int32"),
        ("parent", "-", "1680 summary/1614/format int32"),
        ("absolute", "-", "1680 summary/1614/format int32"),
        ("absolute", "pros_and_cons", "600 pros_and_cons/0/format int32"),
    ],
)
@pytest.mark.slow
def test_load_dataset_offline(built_dataset, tmp_path, how, config, expected):
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf"),
    }
    if how == "parent":
        cwd, name = built_dataset.parent, built_dataset.name
    else:
        cwd, name = tmp_path, str(built_dataset)
    proc = subprocess.run(
        [sys.executable, "-c", _LOAD_SCRIPT, name, config],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().splitlines()[-1] == expected


def test_one_call_loader(built_dataset):
    import lctg_dataset

    ds = lctg_dataset.load("ad_text", path=built_dataset)
    assert len(ds) == 600 and set(ds["aspect"]) == set(ASPECTS)
    templates = lctg_dataset.load("templates", path=built_dataset)
    assert "template_id" in templates.column_names
    with pytest.raises(ValueError, match="unknown config 'nope'.*all"):
        lctg_dataset.load("nope", path=built_dataset)


@pytest.mark.slow
def test_build_cli_prints_summary(source_dir, tmp_path):
    out = tmp_path / "ds"
    proc = subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "build_dataset.py"), "--source", str(source_dir), "--output", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "summary" in proc.stdout and "480" in proc.stdout and "600" in proc.stdout
    assert (out / "manifest.json").is_file() and (out / "README.md").is_file()


def test_publishing_flags_without_push_to_hub_are_refused(tmp_path, capsys):
    from lctg_dataset.cli import main

    out = tmp_path / "never"
    for flags in (["--private"], ["--tag", "v9"]):
        assert main(["--output", str(out), *flags]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "--push-to-hub" in err[0], err
        assert not out.exists()


def test_usage_errors_are_one_line(capsys):
    from lctg_dataset.cli import main

    with pytest.raises(SystemExit) as e:
        main(["--variants", "many"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--variants" in err[0], err
