"""`evaluate.load("lctg_ctg")` offline from the project root and from the built folder; its doctests; the card."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT, run_kwargs_doctests

_SCRIPT = """
import json, sys
import evaluate
from datasets import load_dataset
metric = evaluate.load("lctg_ctg")
ds = load_dataset(sys.argv[1], "ad_text", split="test")
gens = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
by_key = {(g["id"], g["sample"]): g["generation"] for g in gens}
preds = [by_key[(i, s)] for s in range(3) for i in ds["id"]]
refs = list(ds["constraint"]) * 3
out = metric.compute(predictions=preds, references=refs, cleaner="rule")
single = metric.compute(predictions=[by_key[(i, 0)] for i in ds["id"]], references=ds["constraint"])
by_id = metric.compute(predictions=preds, references=list(ds["id"]) * 3, dataset=sys.argv[1], cleaner="rule")
print(json.dumps({"three": out, "single": single, "by_id": by_id}))
"""


@pytest.fixture(scope="module")
def toy_generations(built_dataset, tmp_path_factory) -> Path:
    from lctg_metrics.cli import main

    out = tmp_path_factory.mktemp("toy") / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--task", "ad_text", "-o", str(out)]) == 0
    return out


@pytest.mark.slow
@pytest.mark.parametrize("where", ["project_root", "dataset_folder"])
def test_evaluate_load_offline(where, built_dataset, toy_generations, tmp_path):
    cwd = PROJECT_ROOT if where == "project_root" else built_dataset
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "HF_EVALUATE_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf"),
    }
    proc = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(built_dataset), str(toy_generations)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    three, single = out["three"], out["single"]
    assert out["by_id"] == three  # row ids with the dataset read the same constraints
    assert set(three) == {
        "ad_text/format",
        "ad_text/char_count",
        "ad_text/keyword",
        "ad_text/prohibited_word",
        "ad_text/average",
        "signature",
    }
    assert all(isinstance(v, float) and 0 <= v <= 1 for k, v in three.items() if k != "signature")
    assert "cleaner:rule@" in three["signature"] and "data:1.0.0" in three["signature"]
    # the same numbers as the CLI computes on the same generations
    from lctg_metrics.cli import main

    res = tmp_path / "cli.json"
    assert (
        main(["score", str(toy_generations), "--dataset", str(built_dataset), "--task", "ad_text", "--json", str(res)])
        == 0
    )
    cli = json.loads(res.read_text(encoding="utf-8"))
    for aspect in ("format", "char_count", "keyword", "prohibited_word", "average"):
        assert three[f"ad_text/{aspect}"] == pytest.approx(cli["scores"]["ad_text"][aspect], abs=1e-12)
    assert single["signature"] == three["signature"]


def _load_module():
    spec = importlib.util.spec_from_file_location("lctg_ctg_module", PROJECT_ROOT / "lctg_ctg" / "lctg_ctg.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_kwargs_description_doctests_run(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_EVALUATE_OFFLINE", "1")
    run_kwargs_doctests(_load_module(), at_least=8)


def test_metric_card_has_evaluate_sections():
    card = (PROJECT_ROOT / "lctg_ctg" / "README.md").read_text(encoding="utf-8")
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
    module = _load_module()
    info = module.LctgCtg()._info()
    # references as constraint dicts (the widget's input), or as row ids
    assert [set(f) for f in info.features] == [{"predictions", "references"}] * 2
    assert info.features[1]["references"].dtype == "string"
    # every explicit keyword option of _compute is documented in the card and in _KWARGS_DESCRIPTION
    import inspect

    params = [
        p
        for p in inspect.signature(module.LctgCtg._compute).parameters
        if p not in ("self", "predictions", "references")
    ]
    for p in params:
        assert f"**{p}**" in card and p in module._KWARGS_DESCRIPTION, p
    assert not any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in inspect.signature(module.LctgCtg._compute).parameters.values()
    )


def test_built_folder_carries_the_generated_metric_module(built_dataset):
    from lctg_metrics.metric_module import module_files

    files = module_files()
    for name, data in files.items():
        assert (built_dataset / name).read_bytes() == data, name
    script = files["lctg_ctg/lctg_ctg.py"].decode("utf-8")
    # the built copy imports nothing of the package; the repository's copy imports the installed package
    assert "from lctg_metrics" not in script and "from ._lctg_api import" in script
    assert "from lctg_metrics.api import" in (PROJECT_ROOT / "lctg_ctg" / "lctg_ctg.py").read_text(encoding="utf-8")
    # the rest of the source text is the same: generated, not a hand copy
    assert script.count("def _compute(") == 1 and "_KWARGS_DESCRIPTION" in script


def test_documented_default_signature_is_the_real_one():
    """The signature the README and the metric card show is what a default run (rule cleaner) prints."""
    from lctg_metrics import __version__
    from lctg_metrics.api import score_predictions

    ref = {
        "id": "ad_text/1/keyword",
        "task": "ad_text",
        "prompt_id": 1,
        "aspects": ["keyword"],
        "min_chars": None,
        "max_chars": None,
        "keyword": "抹茶",
        "prohibited_word": None,
        "variant": None,
        "dataset_version": "1.0.0",
    }
    sig = score_predictions(["京都の抹茶スイーツ専門店が新登場"], [ref])["signature"]
    for doc in (PROJECT_ROOT / "README.md", PROJECT_ROOT / "lctg_ctg" / "README.md"):
        shown = [line for line in doc.read_text(encoding="utf-8").splitlines() if line.startswith("lctg|profile:")]
        assert shown, doc
        assert all(line == sig.replace(f"version:{__version__}", "version:0.1.0") for line in shown), (doc, shown, sig)
