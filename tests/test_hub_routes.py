"""A dataset named by Hub repo id at a revision, read offline from the Hugging Face cache, through every route (CLI,
API, evaluate module): the local folder's numbers, and a signature naming the commit the revision resolved to."""

from __future__ import annotations

import json
import shutil

import pytest

from lctg_metrics.api import score_predictions
from lctg_metrics.schema import ScoringError
from tests.test_hub import COMMIT, cached, digest, hub_env, populate_cache  # noqa: F401  (fixtures)


@pytest.fixture
def toy(built_rows: dict) -> tuple[list[str], list[str]]:
    from lctg_metrics.sample import generate

    rows = [r for r in built_rows.values() if r["task"] == "ad_text"]
    return [generate(r, 0) for r in rows], [r["id"] for r in rows]


def _strip_source(sig: str) -> str:
    head, _, tail = sig.partition("|data:")
    version, _, rest = tail.partition("|")
    return f"{head}|data:{version.partition('@')[0]}|{rest}"


@pytest.mark.parametrize(
    "revision, signed", [("v1.0.0", f"v1.0.0={COMMIT[:12]}"), (None, f"main={COMMIT[:12]}"), (COMMIT, COMMIT[:12])]
)
def test_api_by_repo_id_and_revision(cached, built_dataset, toy, revision, signed):
    preds, ids = toy
    local = score_predictions(preds, ids, dataset=str(built_dataset))
    hub = score_predictions(preds, ids, dataset="me/lctg", revision=revision)
    assert {k: v for k, v in hub.items() if k != "signature"} == {k: v for k, v in local.items() if k != "signature"}
    assert f"|data:1.0.0@me/lctg@{signed}#{digest(built_dataset)[:12]}|" in hub["signature"]
    assert _strip_source(hub["signature"]) == local["signature"]


@pytest.mark.slow
def test_evaluate_module_by_repo_id_and_revision(cached, built_dataset, toy):
    import evaluate

    from tests.conftest import PROJECT_ROOT

    metric = evaluate.load(str(PROJECT_ROOT / "lctg_ctg"))
    preds, ids = toy
    out = metric.compute(predictions=preds, references=ids, dataset="me/lctg", revision="v1.0.0")
    assert out == score_predictions(preds, ids, dataset="me/lctg", revision="v1.0.0")
    assert f"@me/lctg@v1.0.0={COMMIT[:12]}#" in out["signature"]


def test_cli_by_repo_id_names_the_commit(cached, built_dataset, toy, tmp_path):
    from lctg_metrics.cli import main

    preds, ids = toy
    gens = tmp_path / "g.jsonl"
    gens.write_text(
        "".join(json.dumps({"id": i, "generation": p}, ensure_ascii=False) + "\n" for i, p in zip(ids, preds)),
        encoding="utf-8",
    )
    for name, dataset in (("local", [str(built_dataset)]), ("hub", ["me/lctg"])):
        assert (
            main(
                [
                    "score",
                    str(gens),
                    "--dataset",
                    *dataset,
                    "--task",
                    "ad_text",
                    "--no-progress",
                    "--json",
                    str(tmp_path / f"{name}.json"),
                ]
            )
            == 0
        )
    local, hub = (json.loads((tmp_path / f"{n}.json").read_text(encoding="utf-8")) for n in ("local", "hub"))
    assert hub["scores"] == local["scores"]
    assert f"@me/lctg@main={COMMIT[:12]}#" in hub["signature"]  # the branch asked for, and the commit it named


def test_revision_without_a_repo_id_and_a_tampered_snapshot(hub_env, built_dataset, toy, tmp_path):
    preds, ids = toy
    with pytest.raises(ScoringError, match="applies to a Hub repo id"):
        score_predictions(preds, ids, dataset=str(built_dataset), revision="v1.0.0")
    with pytest.raises(ScoringError, match="applies to dataset=<a Hub repo id>"):
        score_predictions(preds[:1], [{"id": "x"}], revision="v1.0.0")
    copy = tmp_path / "copy"
    shutil.copytree(built_dataset, copy)
    data = next((copy / "data").rglob("*.parquet"))
    data.write_bytes(data.read_bytes() + b"tampered")
    populate_cache(hub_env, "me/lctg", copy)
    with pytest.raises(ScoringError, match=r"^Hub dataset me/lctg@v1\.0\.0: \S+ differs from its sha256") as e:
        score_predictions(preds, ids, dataset="me/lctg", revision="v1.0.0")
    assert "\n" not in str(e.value)
