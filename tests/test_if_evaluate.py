"""`evaluate.load(".../lctg_if")` offline from a local folder: same numbers as the API, its doctests, its card."""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lctg_metrics.instructions import score_instructions
from tests.conftest import PROJECT_ROOT, run_kwargs_doctests
from tests.test_if_score import _generations, _rows, _write_dataset

MODULE_DIR = PROJECT_ROOT / "lctg_metrics" / "evaluate_if"

_SCRIPT = """
import json, sys
import evaluate
metric = evaluate.load(sys.argv[1])
rows = json.loads(sys.argv[2])
preds = json.loads(sys.argv[3])
refs = [{"instruction_id_list": r["instruction_id_list"], "kwargs": r["kwargs"]} for r in rows]
by_refs = metric.compute(predictions=preds, references=refs, return_items=True)
by_ids = metric.compute(predictions=preds, references=[r["id"] for r in rows], dataset=sys.argv[4])
print(json.dumps({"refs": by_refs, "ids": by_ids}, ensure_ascii=False))
"""


@pytest.fixture
def module_folder(tmp_path: Path) -> Path:
    """A folder named lctg_if (what evaluate.load expects) linking to the module's folder."""
    link = tmp_path / "lctg_if"
    link.symlink_to(MODULE_DIR, target_is_directory=True)
    return link


@pytest.mark.slow
def test_loads_offline_and_equals_the_api(module_folder, tmp_path):
    rows, gens = _rows(), _generations()
    dataset = _write_dataset(tmp_path / "lctg", rows)
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "HF_EVALUATE_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf"),
    }
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            _SCRIPT,
            str(module_folder),
            json.dumps(rows, ensure_ascii=False),
            json.dumps([g["generation"] for g in gens], ensure_ascii=False),
            str(dataset),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    api = score_instructions(gens, rows).flat()
    by_refs, by_ids = out["refs"], out["ids"]
    items = by_refs.pop("items")
    # the module gives the intervals by default (as lctg if-score): the point estimates are the API's
    assert "prompt_level_strict_low" in by_refs and "prompt_level_strict_high" in by_ids
    by_refs, by_ids = ({k: v for k, v in d.items() if not k.endswith(("_low", "_high"))} for d in (by_refs, by_ids))
    # the signature's data field differs: references alone carry no dataset version
    assert by_refs.pop("signature").replace("|data:custom|", "|data:1.1.0|") == api["signature"]
    assert by_refs == {k: v for k, v in api.items() if k != "signature"}
    assert by_ids == api
    assert by_refs["prompt_level_strict"] == 0.5 and by_refs["instruction_level_loose"] == 5 / 7
    assert [(i["key"], i["index"], i["strict"]) for i in items][:2] == [(0, 0, True), (0, 1, True)]


def _load_module():
    spec = importlib.util.spec_from_file_location("lctg_if_module", MODULE_DIR / "lctg_if.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_kwargs_description_doctests_run(module_folder, monkeypatch):
    monkeypatch.chdir(module_folder.parent)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_EVALUATE_OFFLINE", "1")
    run_kwargs_doctests(_load_module(), at_least=8)


def test_card_sections_and_every_option_documented():
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
    module = _load_module()
    info = module.LctgIf()._info()
    assert all(set(f) == {"predictions", "references"} for f in info.features)
    params = inspect.signature(module.LctgIf._compute).parameters
    assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    for name in (p for p in params if p not in ("self", "predictions", "references")):
        assert f"**{name}**" in card and name in module._KWARGS_DESCRIPTION, name
