"""IFSM's missing endings, on every route (``lctg ifsm``, ``run``, the ``lctg_ifsm`` module, its Space): refused by
default in one line naming how many, an example id and the option in that route's words; ``missing="skip"`` scores
the endings present (``cover:SCORED/EXPECTED`` in the signature, and the result is not valid, since a run's
validity is read from every item of the split); ``missing="fail"`` counts them failed, named ``missing``. An empty
ending that is given stays an empty ending."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from lctg_dataset.stories import load_story_rows
from tests.test_ifsm_cli import ENCODER, FIXTURE, N_BOOT, embedding_args, generations, register_stand_in, write_head

pytestmark = pytest.mark.slow  # each route runs the reader, the gold run and the attack table


def _eval_ids() -> list[str]:
    """The eval half's ids as the fixture's stories give them."""
    return [r["id"] for r in load_story_rows(FIXTURE) if r["split"] == "eval"]


@pytest.fixture(scope="module")
def head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_stand_in()
    return write_head(tmp_path_factory.mktemp("head") / "head.json")


@pytest.fixture(scope="module")
def gold() -> dict[str, str]:
    return {r["id"]: r["gold_ending"] for r in load_story_rows(FIXTURE, include_contexts=True) if r["split"] == "eval"}


def _cli(tmp_path: Path, head: Path, texts: dict[str, str], *more: str, capsys) -> tuple[int, dict | None, str]:
    from lctg_metrics.cli.ifsm import main

    gens = generations(tmp_path / "g.jsonl", texts)
    out = tmp_path / "r.json"
    rc = main(embedding_args(gens, head, "--json", str(out), "--allow-invalid", *more))
    return rc, json.loads(out.read_text("utf-8")) if out.exists() else None, capsys.readouterr().err


def test_the_cli_refuses_missing_endings_naming_how_many_an_id_and_the_flag(tmp_path, head, gold, capsys) -> None:
    first = next(iter(gold))
    rc, result, err = _cli(tmp_path, head, {first: gold[first]}, capsys=capsys)
    ids = _eval_ids()
    assert rc != 0 and result is None
    line = err.strip()
    assert "\n" not in line and "Traceback" not in err
    assert f"{len(ids) - 1} of {len(ids)} story endings of the eval split are missing" in line
    assert repr(next(i for i in ids if i != first)) in line  # an example id, one of the missing ones
    assert "--missing skip" in line and "--missing fail" in line and "missing='" not in line


def test_the_cli_skip_scores_the_endings_present_and_signs_the_coverage(tmp_path, head, gold, capsys) -> None:
    ids = _eval_ids()
    present = dict(list(gold.items())[:2])
    (tmp_path / "s").mkdir()
    rc, skipped, _ = _cli(tmp_path / "s", head, present, "--missing", "skip", capsys=capsys)
    rc_f, failed, _ = _cli(tmp_path, head, present, "--missing", "fail", "--details", str(tmp_path / "d.jsonl"),
                           capsys=capsys)  # fmt: skip
    assert rc == 0 and rc_f == 0  # --allow-invalid
    assert skipped["n"] == 2 and skipped["coverage"] == {
        "expected": len(ids), "scored": 2, "missing": len(ids) - 2, "missing_policy": "skip"
    }  # fmt: skip
    assert f"|cover:2/{len(ids)}|" in skipped["signature"]
    assert not skipped["valid"] and any(r.startswith("partial run: ") for r in skipped["invalid_reasons"])
    # the present endings' verdicts are the same in both runs: the skipped IFSM is their mean alone
    details = [json.loads(line) for line in (tmp_path / "d.jsonl").read_text("utf-8").splitlines()]
    hits = [d["hit"] for d in details if d["id"] in present]
    assert len(hits) == 2 and skipped["ifsm"] == pytest.approx(sum(hits) / 2)
    # fail: every item scored, the missing ones failed and named so; no cover: in the signature
    assert failed["n"] == len(ids) and "cover:" not in failed["signature"]
    assert failed["guard_reasons"].get("missing") == len(ids) - 2
    assert {d["guard"].split(":")[0] for d in details if d["id"] not in present} == {"missing"}
    assert failed["ifsm"] == pytest.approx(sum(hits) / len(ids))


def test_an_empty_ending_given_is_an_empty_ending_not_a_missing_one(tmp_path, head, gold, capsys) -> None:
    texts = dict(gold)
    texts[next(iter(texts))] = ""
    rc, result, _ = _cli(tmp_path, head, texts, capsys=capsys)
    assert rc == 0 and result["guard_reasons"].get("empty") == 1 and "missing" not in result["guard_reasons"]
    assert result["coverage"]["missing"] == 0 and "cover:" not in result["signature"]


def _options(head: Path) -> dict:
    return {"reader": "embedding", "reader_options": {"head_path": str(head)}, "stories_source": str(FIXTURE),
            "dissimilarity": ENCODER, "ci_resamples": N_BOOT}  # fmt: skip


def test_run_refuses_no_endings_naming_its_options(head) -> None:
    from lctg_metrics.api import run
    from lctg_metrics.schema import ScoringError

    rows = load_story_rows(FIXTURE, include_contexts=True)
    with pytest.raises(ScoringError) as e:
        run("ifsm", [], rows=rows, options=_options(head))
    said = str(e.value)
    assert f"{len(_eval_ids())} of {len(_eval_ids())} story endings" in said
    assert "options={'missing': 'skip'}" in said and "options={'missing': 'fail'}" in said and "--missing" not in said


def test_run_skip_with_one_ending_is_partial(head, gold) -> None:
    from lctg_metrics.api import run
    from lctg_metrics.schema import Generation

    rows = load_story_rows(FIXTURE, include_contexts=True)
    first = next(iter(gold))
    result = run("ifsm", [Generation(first, gold[first])], rows=rows, options={**_options(head), "missing": "skip"})
    assert result.json["n"] == 1 and f"cover:1/{len(gold)}" in result.signature and not result.valid


def _module():
    import evaluate

    return evaluate.load(str(Path(__file__).parents[1] / "lctg_metrics" / "evaluate_ifsm" / "lctg_ifsm.py"))


def _keywords(head: Path) -> dict:
    return {"head": str(head), "stories_source": str(FIXTURE), "dissimilarity": ENCODER, "ci_resamples": N_BOOT}


def test_the_module_refuses_no_predictions_naming_its_keyword(head) -> None:
    with pytest.raises(ValueError) as e:
        _module().compute(predictions=[], references=[], **_keywords(head))
    said = str(e.value)
    assert "story endings of the eval split are missing" in said
    assert "missing='skip'" in said and "missing='fail'" in said and "--missing" not in said


def test_the_module_skip_and_fail(head, gold) -> None:
    first = next(iter(gold))
    module = _module()
    skipped = module.compute(predictions=[gold[first]], references=[first], missing="skip", **_keywords(head))
    failed = module.compute(predictions=[gold[first]], references=[first], missing="fail", **_keywords(head))
    assert skipped["n"] == 1 and skipped["missing"] == len(gold) - 1 and not skipped["valid"]
    assert failed["n"] == len(gold) and failed["missing"] == len(gold) - 1
    assert failed["ifsm"] == pytest.approx(skipped["ifsm"] / len(gold))  # one hit or none, over all or over one


@pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed")
def test_the_space_refuses_no_predictions_in_its_options_words(tmp_path, monkeypatch, head) -> None:
    import gradio as gr

    from tests.test_routes8_space import _app

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    with pytest.raises(gr.Error) as e:
        app.compute("[]", "[]", json.dumps(_keywords(head)))
    said = e.value.message
    assert "story endings of the eval split are missing" in said and "\n" not in said
    assert '"missing": "skip" in the options' in said and '"missing": "fail" in the options' in said
    assert "Error:" not in said and "--missing" not in said
    result = app.compute("[]", "[]", json.dumps({**_keywords(head), "missing": "fail"}))
    assert result["n"] == len(_eval_ids()) and result["ifsm"] == 0.0 and result["missing"] == result["n"]
