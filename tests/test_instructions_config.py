"""The opt-in ``instructions`` config: its declarations agree with the checker registry and the conflict table,
its rows are sized, balanced, conflict-free, compatible with their task and reproducible, the first version still
rebuilds byte for byte, and the built folder loads offline."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from lctg_dataset.build import build
from lctg_dataset.cli import build_parser, main
from lctg_dataset.instructions import instruction_rows, load_declarations, raw_declarations
from lctg_dataset.instructions.declarations import parse
from lctg_dataset.write import write_dataset
from lctg_metrics.instructions import LLM_ONLY, REGISTRY, check, find_conflicts
from lctg_metrics.instructions import conflicts as conflict_module
from lctg_metrics.instructions.registry import validate_kwargs
from tests.conftest import TASKS, load_dataset_offline

FILE = "data/instructions/test-00000-of-00001.parquet"
VERSION = "instructions-1.2.0+s0"
#: sha256 of ``json.dumps(rows, ensure_ascii=False, sort_keys=True)`` of instructions-1.0.0 at seeds 0 and 3, as
#: first published (recorded from the 1.0.0 builder before 1.1.0 existed): the old version must rebuild unchanged.
V100_SHA256 = {
    0: "935adb7937fd1bea7142eabef8becb90b2525fdf33357f71c316c7a0151e535c",
    3: "6c94f95349a9512c996d324517d921b7f81dca771b521efd6bcd083584da7b0c",
}
#: The same for instructions-1.1.0 (recorded from the 1.1.0 builder before 1.2.0 existed).
V110_SHA256 = {
    0: "439df9340788f1e4a33eec38eee384a23b095f0d0fc0481f3b9ccadc9a33ff35",
    3: "4eec2c8ee16787004016151f0deb4e4f1b8d147a72a1f9efa062ffd56da33111",
}
FIELDS = [
    "id",
    "task",
    "prompt_id",
    "base_text",
    "prompt",
    "instruction_id_list",
    "kwargs",
    "categories",
    "dataset_version",
]


@pytest.fixture(scope="module")
def folder(source_dir, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("instructions") / "lctg"
    write_dataset(build(str(source_dir), instructions=True), out)
    return out


@pytest.fixture(scope="module")
def rows(folder) -> list[dict]:
    return pq.read_table(folder / FILE).to_pylist()


# --- the declarations against lctg_metrics.instructions (the checkers' own registry) -----------------------


def test_every_declared_id_is_a_registered_checker_of_the_same_category():
    declared = load_declarations().instructions
    assert declared
    for d in declared:
        assert d.id in REGISTRY, d.id
        assert REGISTRY[d.id].category == d.category, d.id
    assert not {d.id for d in declared} & set(LLM_ONLY)


def test_every_deterministic_checker_is_declared_or_excluded_with_a_reason():
    d = load_declarations()
    declared = {x.id for x in d.instructions}
    assert set(REGISTRY) - declared == {i for i in d.excluded if i in REGISTRY}
    assert set(LLM_ONLY) <= set(d.excluded) and all(d.excluded.values())


def test_conflict_pairs_equal_the_checkers_conflict_table():
    d = load_declarations()
    assert dict(d.conflicts) == dict(conflict_module.CONFLICTS)
    assert set(d.required_text_kwargs) >= set(conflict_module._REQUIRED_TEXT)
    assert set(d.script_rules) >= {*conflict_module._SCRIPT_RULES, "script:furigana"}
    assert not set(d.conflicts) & set(d.also_apart)  # the builder's extra pairs add to the table, never repeat it


@pytest.mark.parametrize("version", ["1.0.0", "1.1.0", "1.2.0"])
def test_every_variant_kwargs_are_accepted_by_its_checker(version):
    """Every variant, filled with a record's values, passes the checker's kwargs schema and runs on a dummy text."""
    record = {
        "keyword": "魅力",
        "prohibited_word": "最高",
        "char_min": 20,
        "char_max": 40,
        "instruction": "以下の条件で与えられた文章を要約して出力してください。",
    }
    for d in load_declarations(version).instructions:
        for variant in d.variants:
            for name, spec in variant.kwargs.items():
                values = spec["choice"] if isinstance(spec, dict) and "choice" in spec else [None]
                for value in values:
                    kwargs = {}
                    for other, s in variant.kwargs.items():
                        if isinstance(s, dict) and "choice" in s:
                            kwargs[other] = value if other == name else s["choice"][0]
                        elif isinstance(s, dict):
                            kwargs[other] = [record[s["record"]]] if s.get("as_list") else record[s["record"]]
                        else:
                            kwargs[other] = s
                    validate_kwargs(REGISTRY[d.id], kwargs)
                    verdict = check(d.id, "これは確認のためのダミーの回答です。", kwargs)
                    assert isinstance(verdict.passed, bool) and verdict.reason, d.id


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda raw: raw["instructions"][0].update(id=raw["instructions"][1]["id"]),
            r"instructions\[1\] \(length:sentences\): declared twice",
        ),
        (
            lambda raw: raw["instructions"][0]["variants"][0].update(template="{nope}です。"),
            r"slot 'nope' is not a kwarg",
        ),
        (lambda raw: raw["instructions"][0]["variants"][0].update(tasks=["essay"]), r"variants\[0\]: tasks must be"),
        (lambda raw: raw["instructions"][0]["variants"][0]["kwargs"].update(min={"record": "title"}), r"kwarg 'min'"),
        (lambda raw: raw["conflicts"].append(["a", "b"]), r"conflicts\[\d+\]: expected \[id, id, reason\]"),
    ],
)
def test_malformed_declarations_name_the_entry(edit, message):
    raw = raw_declarations()
    edit(raw)
    with pytest.raises(ValueError, match=rf"^declarations\.json: .*{message}"):
        parse(raw)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda raw: raw["tasks"].update(essay={"excluded": {}}), r"tasks\.essay: unknown task"),
        (
            lambda raw: raw["tasks"]["summary"]["excluded"].update({"format:nope": "x"}),
            r"'format:nope' is not a declared",
        ),
        (lambda raw: raw["tasks"]["summary"].update(excluded=["task:shiritori"]), r"tasks\.summary: needs 'excluded'"),
        (
            lambda raw: raw["needs_in_base_text"]["script:kansuuji"].update(pattern="[0-9"),
            r"script:kansuuji: bad pattern",
        ),
    ],
)
def test_malformed_compatibility_names_the_entry(edit, message):
    raw = _package_json("compatibility.json")
    edit(raw)
    with pytest.raises(ValueError, match=rf"^compatibility\.json: .*{message}"):
        parse(raw_declarations(), raw)


# --- the rows ----------------------------------------------------------------------------------------------


def test_schema_size_and_ids(rows, upstream_records):
    assert list(rows[0]) == FIELDS
    expected = 2 * sum(len(upstream_records[t]) for t in TASKS)
    assert len(rows) == expected == 840 and len(rows) >= 600
    assert len({r["id"] for r in rows}) == len(rows)
    for r in rows:
        assert r["id"] == f"instructions/{r['task']}/{r['prompt_id']}/{r['id'].rsplit('/', 1)[1]}"
        assert r["id"].rsplit("/", 1)[1] in ("0", "1")
        assert 1 <= len(r["instruction_id_list"]) <= 3
        assert len(r["instruction_id_list"]) == len(r["kwargs"]) == len(r["categories"])
        assert r["dataset_version"] == VERSION


def test_prompts_are_the_lctg_task_prompt_with_the_instructions(rows, source_dir, upstream_records):
    protocol = json.loads((source_dir / "protocol_prompts.json").read_text(encoding="utf-8"))["task_prompt"]
    base = {(t, r["prompt_id"]): r for t in TASKS for r in upstream_records[t]}
    for r in rows:
        rec = base[(r["task"], r["prompt_id"])]
        assert r["base_text"] == rec["base_text"]
        head, _, tail = protocol[r["task"]].partition("{lmt}")
        head, tail = head.replace("{base_text}", rec["base_text"]), tail.replace("{base_text}", rec["base_text"])
        assert r["prompt"].startswith(head) and r["prompt"].endswith(tail)
        block = r["prompt"][len(head) : len(r["prompt"]) - len(tail)].split("\n")
        assert len(block) == len(r["instruction_id_list"])  # one sentence per instruction
        for line, iid, kw in zip(block, r["instruction_id_list"], map(json.loads, r["kwargs"])):
            for name in ("keyword", "phrase", "marker", "letter", "ending", "first_word"):
                if name in kw:
                    assert f"「{kw[name]}」" in line, (r["id"], name)
            for name in ("keywords", "words"):
                for word in kw.get(name, []):
                    assert f"「{word}」" in line, (r["id"], name)
            for name in ("min", "max", "min_rows", "min_words"):
                if name in kw and not (iid == "startend:nominal_ending" and r["task"] == "ad_text"):
                    assert str(kw[name]) in line, (r["id"], name)


def test_record_words_and_ranges_are_the_scored_lctg_values(rows, upstream_records):
    base = {(t, r["prompt_id"]): r for t in TASKS for r in upstream_records[t]}
    seen = set()
    for r in rows:
        rec = base[(r["task"], r["prompt_id"])]
        for iid, kw in zip(r["instruction_id_list"], map(json.loads, r["kwargs"])):
            if iid == "length:chars":
                assert [kw["min"], kw["max"]] == rec["char_count_answer"]
            if iid in ("keywords:existence", "keywords:frequency"):
                assert kw.get("keywords", [kw.get("keyword")]) == [rec["keyword_answer"]]
            if iid == "keywords:forbidden" and kw["words"] == [rec["prohibited_word_answer"]]:
                seen.add(iid)
            seen.add(iid)
    assert {"length:chars", "keywords:existence", "keywords:frequency", "keywords:forbidden"} <= seen


def test_every_checkable_category_a_task_admits_has_at_least_30_instructions(rows):
    checkable = {spec.category for spec in REGISTRY.values()}  # categories with a deterministic checker
    d = load_declarations()
    admitted = {
        x.category
        for x in d.instructions
        for task in TASKS
        if x.variants_for(task) and x.id not in d.compatibility.excluded.get(task, {})
    }
    counts = {c: sum(r["categories"].count(c) for r in rows) for c in checkable}
    assert len(checkable) == 10 and {x.category for x in d.instructions} == checkable
    # from 1.2.0 no LCTG task admits a word game (しりとり in a summary, an ad title or a pros-and-cons essay)
    assert checkable - admitted == {"タスク指定"} and counts["タスク指定"] == 0
    assert all(counts[c] >= 30 for c in admitted), counts
    assert "トピック指定" not in {c for r in rows for c in r["categories"]}


def test_kwargs_are_accepted_and_no_prompt_combines_conflicting_instructions(rows):
    assert not load_declarations().also_apart  # from 1.1.0 the conflict table alone keeps pairs apart
    for r in rows:
        pairs = [(i, json.loads(k)) for i, k in zip(r["instruction_id_list"], r["kwargs"])]
        for (iid, kw), category in zip(pairs, r["categories"]):
            assert REGISTRY[iid].category == category
            validate_kwargs(REGISTRY[iid], kw)
        assert find_conflicts(pairs) == [], r["id"]
        ids = r["instruction_id_list"]
        assert len(set(r["categories"])) == len(ids)


def _package_json(name: str) -> dict:
    return json.loads(resources.files("lctg_dataset.instructions").joinpath(name).read_text(encoding="utf-8"))


def test_every_row_is_compatible_and_non_conflicting_by_the_tables(rows):
    """Read the two tables as plain JSON (not through the builder's code) and check every row against them."""
    table = _package_json("compatibility.json")
    pairs = {frozenset(p[:2]) for p in _package_json("declarations.json")["conflicts"]}
    assert "also_apart" not in _package_json("declarations.json")
    excluded = {task: set(entry["excluded"]) for task, entry in table["tasks"].items()}
    needs = {iid: re.compile(entry["pattern"]) for iid, entry in table["needs_in_base_text"].items()}
    bad = []
    for r in rows:
        ids = r["instruction_id_list"]
        bad += [(r["id"], i, "task") for i in ids if i in excluded.get(r["task"], set())]
        bad += [(r["id"], i, "vacuous") for i in ids if i in needs and not needs[i].search(r["base_text"])]
        bad += [(r["id"], a, b) for n, a in enumerate(ids) for b in ids[n + 1 :] if frozenset((a, b)) in pairs]
    assert bad == []
    used = {(r["task"], i) for r in rows for i in r["instruction_id_list"]}
    # the table is not empty words: each task's exclusions would have been drawn without it (1.0.0 drew them)
    assert ("ad_text", "format:two_responses") not in used and ("pros_and_cons", "format:bullet_list") not in used
    assert ("summary", "task:shiritori") not in used


@pytest.mark.parametrize(
    ("task", "iid", "base_text", "why"),
    [
        ("ad_text", "format:two_responses", "商品の説明", "ad_text does not admit format:two_responses"),
        ("ad_text", "style:plain", "商品の説明", "ad_text does not admit style:plain"),
        ("pros_and_cons", "format:table", "自転車で旅行をする", "pros_and_cons does not admit format:table"),
        ("summary", "task:shiritori", "記事の本文", "summary does not admit task:shiritori"),
        ("summary", "script:kansuuji", "雨が降った。", "script:kansuuji would be vacuous"),
    ],
)
def test_the_compatibility_table_says_why(task, iid, base_text, why):
    d = load_declarations()
    assert d.compatibility.why_not(task, iid, base_text).startswith(why)
    assert not d.admits(task, iid, base_text)


@pytest.mark.parametrize("base_text", ["7月19日に試合があった。", "三つの理由がある。", "参加者は１２名。"])
def test_kansuuji_is_drawn_for_texts_with_numbers(base_text):
    assert load_declarations().admits("summary", "script:kansuuji", base_text)


def test_the_card_of_the_first_version_says_it_has_no_compatibility_table(source_dir):
    from lctg_dataset.card import instructions_section

    result = build(str(source_dir))
    task_prompts = {
        t: json.loads((source_dir / "protocol_prompts.json").read_text("utf-8"))["task_prompt"][t] for t in TASKS
    }
    section = instructions_section(instruction_rows(result.records, task_prompts, version="1.0.0"), 0)
    assert "version instructions-1.0.0+s0" in section and "no task-compatibility table" in section
    assert "--instructions-version 1.0.0" in section


@pytest.mark.parametrize(("version", "digests"), [("1.0.0", V100_SHA256), ("1.1.0", V110_SHA256)])
def test_older_versions_rebuild_byte_for_byte(source_dir, version, digests):
    result = build(str(source_dir))
    task_prompts = {
        t: json.loads((source_dir / "protocol_prompts.json").read_text("utf-8"))["task_prompt"][t] for t in TASKS
    }
    for seed, digest in digests.items():
        old = instruction_rows(result.records, task_prompts, seed=seed, version=version)
        blob = json.dumps(old, ensure_ascii=False, sort_keys=True).encode()
        assert hashlib.sha256(blob).hexdigest() == digest, seed
        assert {r["dataset_version"] for r in old} == {f"instructions-{version}+s{seed}"}


def test_the_first_version_differs_from_the_latest(source_dir):
    result = build(str(source_dir))
    task_prompts = {
        t: json.loads((source_dir / "protocol_prompts.json").read_text("utf-8"))["task_prompt"][t] for t in TASKS
    }
    new = instruction_rows(result.records, task_prompts, seed=0)
    old = instruction_rows(result.records, task_prompts, seed=0, version="1.0.0")
    assert [r["id"] for r in new] == [r["id"] for r in old]
    assert 0 < sum(a["instruction_id_list"] != b["instruction_id_list"] for a, b in zip(new, old)) < len(new)


def test_drawn_with_the_seed_and_reproducible(source_dir):
    result = build(str(source_dir))
    task_prompts = {
        t: json.loads((source_dir / "protocol_prompts.json").read_text("utf-8"))["task_prompt"][t] for t in TASKS
    }
    a = instruction_rows(result.records, task_prompts, seed=0)
    assert a == instruction_rows(result.records, task_prompts, seed=0)
    b = instruction_rows(result.records, task_prompts, seed=1)
    assert [r["id"] for r in a] == [r["id"] for r in b]
    assert sum(x["instruction_id_list"] != y["instruction_id_list"] for x, y in zip(a, b)) > len(a) // 2
    assert {r["dataset_version"] for r in b} == {"instructions-1.2.0+s1"}


# --- the built folder --------------------------------------------------------------------------------------


def test_rebuild_is_byte_identical(source_dir, folder, tmp_path):
    out = tmp_path / "again"
    write_dataset(build(str(source_dir), instructions=True), out)
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    for rel in files:
        assert (folder / rel).read_bytes() == (out / rel).read_bytes(), rel


def test_manifest_and_card(folder):
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["configs"]["instructions"] == {"version": VERSION, "files": [FILE], "rows": 840}
    assert FILE in manifest["files"]
    assert manifest["build"]["parameters"]["instructions"] is True and manifest["build"]["parameters"]["seed"] == 0
    assert manifest["build"]["parameters"]["instructions_version"] == "1.2.0"
    card = (folder / "README.md").read_text(encoding="utf-8")
    section = card[card.index("## Config `instructions`") : card.index("## Licence")]
    assert "derived" in section and "not comparable" in section
    rows = pq.read_table(folder / FILE).to_pylist()
    n = sum(r["categories"].count("キーワード不使用") for r in rows)
    assert re.search(rf"\| キーワード不使用 \| 1 \|( \d+ \|){{3}} {n} \|", section)
    assert "config_name: instructions" in card
    assert "### How the instructions are checked" in section and "**Loose**" in section
    assert re.search(r"\| ad_text \| .*`format:two_responses`.*`style:plain`", section)
    assert re.search(
        r"\| pros_and_cons \| `format:bullet_list`, `format:json`, `format:numbered_list`, `format:table`, "
        r"`task:shiritori` \|",
        section,
    )


@pytest.mark.slow
def test_load_dataset_offline(folder, tmp_path):
    shown = load_dataset_offline(
        folder,
        "instructions",
        "len(ds), ds[0]['id'], json.loads(ds[0]['kwargs'][0]) is not None, ds.features['kwargs'].feature.dtype",
        tmp_path,
    )
    assert shown == "840 instructions/summary/1614/0 True string"


def test_cli_flag_and_default_off(source_dir, tmp_path, capsys):
    assert build_parser().parse_args([]).instructions is False
    assert not build_parser().parse_args(["--derived"]).instructions
    out = tmp_path / "cli"
    assert main(["--source", str(source_dir), "--output", str(out), "--instructions", "--seed", "3"]) == 0
    assert "instructions" in capsys.readouterr().out
    assert pq.read_table(out / FILE).column("dataset_version").to_pylist()[0] == "instructions-1.2.0+s3"
    assert build_parser().parse_args([]).instructions_version == "1.2.0"
    old = tmp_path / "old"
    assert (
        main(["--source", str(source_dir), "--output", str(old), "--instructions", "--instructions-version", "1.0.0"])
        == 0
    )
    assert set(pq.read_table(old / FILE).column("dataset_version").to_pylist()) == {"instructions-1.0.0+s0"}
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--instructions-version", "0.9"])


# --- 1.2.0: the sentences say what is verified, and combinations that read unnaturally are kept apart ----------


def test_every_sentence_names_what_its_checker_verifies():
    """Read as plain JSON: the 1.2.0 sentences for the 'What the prompts ask' findings."""
    by_id = {d["id"]: d for d in _package_json("declarations.json")["instructions"]}
    ad = [v for v in by_id["startend:nominal_ending"]["variants"] if v.get("tasks") == ["ad_text"]]
    assert ad and all("{min}つ以上" in v["template"] and v["kwargs"]["min"] == 1 for v in ad)
    answers = {tuple(v["tasks"]): v["kwargs"]["options"] for v in by_id["format:constrained_response"]["variants"]}
    assert "はい、そうです。" not in answers[("ad_text",)] and "勧めたいです。" in answers[("ad_text",)]
    assert "はい、そうです。" not in answers[("summary",)]
    assert all(v["kwargs"]["position"] == "end" for v in by_id["format:postscript"]["variants"])
    assert "冒頭" in by_id["format:title"]["variants"][0]["template"]
    assert "別の語句" in by_id["format:highlights"]["variants"][0]["template"]
    assert (
        "format:placeholders" not in by_id and "format:placeholders" in _package_json("declarations.json")["excluded"]
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("script:kanji_count", "format:constrained_response"),
        ("format:quotation", "style:polite"),
        ("format:quotation", "startend:start"),
        ("format:title", "startend:start"),
        ("format:table", "style:polite"),
        ("startend:unified_ending", "startend:nominal_ending"),
        ("rule:no_period", "startend:unified_ending"),
        ("format:answer_only", "length:paragraphs"),
        ("format:highlights", "script:furigana"),
    ],
)
def test_new_conflicts_are_in_the_table_and_found(a, b):
    assert frozenset((a, b)) in load_declarations().conflicts
    assert find_conflicts([(a, {}), (b, {})]), (a, b)
    assert frozenset((a, b)) not in load_declarations("1.1.0").conflicts  # 1.1.0 stays as published


def test_rows_of_the_latest_version_avoid_the_findings(rows):
    for r in rows:
        ids = r["instruction_id_list"]
        kwargs = [json.loads(k) for k in r["kwargs"]]
        assert "task:shiritori" not in ids and "format:placeholders" not in ids
        for iid, kw in zip(ids, kwargs):
            assert "はい、そうです。" not in kw.get("options", []), r["id"]
            if iid == "format:postscript":
                assert kw["position"] == "end"
        assert not {"format:quotation", "style:polite"} <= set(ids)
        assert not {"script:kanji_count", "format:constrained_response"} <= set(ids)


@pytest.mark.parametrize(
    ("pairs", "found"),
    [
        (
            [("format:constrained_response", {"options": ["賛成です。", "反対です。"]}), ("script:hiragana_only", {})],
            "every fixed answer breaks the rule",
        ),
        (
            [
                ("format:constrained_response", {"options": ["さんせいです。", "反対です。"]}),
                ("script:hiragana_only", {}),
            ],
            None,
        ),
        (
            [("keywords:existence", {"keywords": ["機械学習入門"]}), ("script:kanji_count", {"max": 5})],
            "6 kanji > max 5",
        ),
        ([("keywords:existence", {"keywords": ["機械"]}), ("script:kanji_count", {"max": 5})], None),
    ],
)
def test_conflicts_through_fixed_answers_and_kanji_caps(pairs, found):
    reasons = find_conflicts(pairs)
    assert any(found in r for r in reasons) if found else reasons == [], reasons


def test_the_card_names_what_is_never_drawn(rows):
    from lctg_dataset.card import instructions_section

    section = instructions_section(rows, 0)
    never = section[section.index("Never drawn: ") :].split("\n")[0]
    for iid, why in _package_json("declarations.json")["excluded"].items():
        assert (f"`{iid}` ({why})" in never) is (why != "LLM judge only"), iid
    assert "`format:placeholders`" in never
