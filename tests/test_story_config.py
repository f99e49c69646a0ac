"""The opt-in ``story_endings`` config: all Possible Stories dev+test questions, the seeded fit/eval halves,
no ROCStories context anywhere in the folder unless asked for, reproducible, loadable offline."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from lctg_dataset.build import build
from lctg_dataset.cli import build_parser, main
from lctg_dataset.stories import fill_contexts
from lctg_dataset.write import write_dataset
from tests.conftest import load_dataset_offline
from tests.shared_builds import stories_build

FILE = "data/story_endings/test-00000-of-00001.parquet"
STORIES = Path(__file__).resolve().parents[2] / "shared" / "possible-stories"


def _records() -> list[dict]:
    """The released questions, parsed here with plain json (independently of the builder)."""
    out = []
    for split in ("dev", "test"):
        with open(STORIES / f"{split}.jsonl", encoding="utf-8") as f:
            out += [dict(json.loads(line), source_split=split) for line in f if line.strip()]
    return out


@pytest.fixture(scope="module")
def records() -> list[dict]:
    if not (STORIES / "dev.jsonl").is_file():
        pytest.fail(f"Possible Stories not found at {STORIES}: the story_endings tests need the real data")
    return _records()


@pytest.fixture(scope="module")
def context_sentences(records) -> list[str]:
    """A few real context sentences (long enough to be unique) from both splits."""
    picked = []
    for r in records[::97]:
        picked += [s.strip() for s in r["document"].split(". ") if len(s.strip()) > 30][:1]
    assert len(picked) >= 8
    return picked


@pytest.fixture(scope="module")
def folder(source_dir, records, tmp_path_factory) -> Path:
    return stories_build(source_dir, STORIES, tmp_path_factory)  # the same build as test_cards'


@pytest.fixture(scope="module")
def with_contexts(source_dir, records, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("stories_ctx") / "lctg"
    write_dataset(build(str(source_dir), stories=True, stories_source=STORIES, story_contexts=True), out)
    return out


def _rows(folder: Path) -> list[dict]:
    return pq.read_table(folder / FILE).to_pylist()


def _decoded_text(folder: Path) -> str:
    """Every string the folder holds: text files as written, parquet files decoded (they may be compressed)."""
    parts = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        parts.append(path.read_bytes().decode("utf-8", "replace"))
        if path.suffix == ".parquet":
            parts.append(json.dumps(pq.read_table(path).to_pylist(), ensure_ascii=False, default=str))
    return "\n".join(parts)


def test_every_question_is_a_row(folder, records):
    rows = _rows(folder)
    assert len(rows) == len(records) == 458 + 671
    assert sum(r["source_split"] == "dev" for r in rows) == 458
    by_id = {r["question_id"]: r for r in records}
    assert {r["question_id"] for r in rows} == set(by_id)
    for row in rows:
        rec = by_id[row["question_id"]]
        assert row["id"] == f"story_endings/{rec['question_id']}" and row["passage_id"] == rec["roc_passage_id"]
        assert row["options"] == [o.strip() for o in rec["options"]] and row["gold_label"] == rec["gold_label"]
        assert row["gold_ending"] == rec["options"][rec["gold_label"]].strip()
        assert rec["question"].strip() in row["instruction"]


def test_fit_eval_halves_split_by_passage(folder, records):
    rows = _rows(folder)
    half: dict[str, str] = {}
    for row in rows:
        assert half.setdefault(row["passage_id"], row["split"]) == row["split"]  # a passage is never in both
    passages = {r["roc_passage_id"] for r in records}
    assert set(half) == passages and set(half.values()) == {"fit", "eval"}
    fit = sum(v == "fit" for v in half.values())
    assert fit == (len(passages) + 1) // 2 and len(passages) - fit == len(passages) // 2


def test_no_context_text_anywhere_without_the_flag(folder, context_sentences):
    rows = _rows(folder)
    assert all(r["document"] is None and r["prompt"] is None for r in rows)
    text = _decoded_text(folder)
    assert [s for s in context_sentences if s in text] == []


def test_contexts_present_with_the_flag_and_fill_contexts_agrees(folder, with_contexts, context_sentences, records):
    text = _decoded_text(with_contexts)
    assert all(s in text for s in context_sentences)
    rows = _rows(with_contexts)
    documents = {r["question_id"]: r["document"].strip() for r in records}
    assert all(r["document"] == documents[r["question_id"]] and r["document"] in r["prompt"] for r in rows)
    assert fill_contexts(_rows(folder), STORIES) == rows
    card = (with_contexts / "README.md").read_text(encoding="utf-8")
    assert "carries the ROCStories contexts" in card


def test_rebuild_is_byte_identical(source_dir, folder, tmp_path):
    out = tmp_path / "again"
    write_dataset(build(str(source_dir), stories=True, stories_source=STORIES), out)
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    for rel in files:
        assert (folder / rel).read_bytes() == (out / rel).read_bytes(), rel


def test_manifest_and_card(folder):
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["configs"]["story_endings"] == {
        "version": "story_endings-1.0.0+ifsm-instr-v1.s0",
        "files": [FILE],
        "rows": 1129,
    }
    assert FILE in manifest["files"]
    assert manifest["build"]["parameters"]["stories"] is True
    assert manifest["build"]["parameters"]["story_contexts"] is False
    card = (folder / "README.md").read_text(encoding="utf-8")
    section = card[card.index("## Config `story_endings`") : card.index("## Licence")]
    assert "CC BY 4.0" in section and "ROCStories" in section and "own terms" in section
    assert "no** ROCStories text" in section and "fill_contexts" in section
    assert "config_name: story_endings" in card


@pytest.mark.slow
def test_load_dataset_offline(folder, tmp_path):
    shown = load_dataset_offline(
        folder, "story_endings", "len(ds), sorted(set(ds['split'])), ds[0]['document'], len(ds[0]['options'])", tmp_path
    )
    assert shown == "1129 ['eval', 'fit'] None 4"


def test_cli_flags(source_dir, tmp_path, capsys, monkeypatch):
    args = build_parser().parse_args([])
    assert args.stories is False and args.include_story_contexts is False
    help_text = build_parser().format_help()
    assert "--include-story-contexts" in help_text and "README.md" in help_text
    assert main(["--source", str(source_dir), "--output", str(tmp_path / "a"), "--include-story-contexts"]) == 2
    assert "need --stories" in capsys.readouterr().err
    monkeypatch.setattr("lctg_dataset.publish.hub_token", lambda *a, **k: "token")
    assert (
        main(
            [
                "--source",
                str(source_dir),
                "--output",
                str(tmp_path / "b"),
                "--stories",
                "--include-story-contexts",
                "--push-to-hub",
                "org/name",
            ]
        )
        == 2
    )
    assert "may not be redistributed" in capsys.readouterr().err
    assert not (tmp_path / "b").exists()
    assert (
        main(
            [
                "--source",
                str(source_dir),
                "--output",
                str(tmp_path / "c"),
                "--stories",
                "--stories-source",
                str(tmp_path / "missing"),
            ]
        )
        == 2
    )
    assert "missing" in capsys.readouterr().err.splitlines()[-1]


def test_manifest_records_the_story_source(folder, records):
    import hashlib

    params = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["build"]["parameters"]
    source = params["stories_source"]
    assert source["location"] == str(STORIES) and source["commit"].startswith("3f8c525")
    assert source["sha256"] == {
        f"{s}.jsonl": hashlib.sha256((STORIES / f"{s}.jsonl").read_bytes()).hexdigest() for s in ("dev", "test")
    }


def test_publish_refuses_a_build_with_story_contexts(with_contexts, folder):
    from lctg_dataset.publish import PublishError, plan

    with pytest.raises(PublishError, match="--include-story-contexts"):
        plan(with_contexts, "org/lctg")
    assert plan(folder, "org/lctg").files  # the same build without contexts is publishable
