"""The modules split by cohesion keep their public names where callers import them, and the Space app's page content
travels with the app: every build's module folder runs its app with nothing of the lctg package importable."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

#: The modules that were split, and the folders whose code imports names from them.
SPLIT = ("lctg_metrics.api", "lctg_metrics.cli.score")
CALLERS = ("lctg_metrics", "lctg_dataset", "tests", "benchmarks", "examples", "docs")


def _imported_names() -> dict[str, set[str]]:
    """Every name the repository's Python files (and the notebook's and docs' code) import from a split module,
    read with ``ast`` (not from the modules themselves)."""
    found: dict[str, set[str]] = {m: set() for m in SPLIT}
    sources = [p for d in CALLERS for p in (PROJECT_ROOT / d).rglob("*.py") if "frozen_rule" not in str(p)]
    texts = [p.read_text(encoding="utf-8") for p in sources]
    for nb in (PROJECT_ROOT / "examples").glob("*.ipynb"):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        texts += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    for md in [*(PROJECT_ROOT / "docs").glob("*.md"), PROJECT_ROOT / "README.md"]:
        blocks = md.read_text(encoding="utf-8").split("```python\n")[1:]
        texts += [b.split("```", 1)[0] for b in blocks]
    for text in texts:
        try:
            tree = ast.parse(text)
        except SyntaxError:  # a docs fragment that is not a whole program
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in found:
                found[node.module].update(a.name for a in node.names)
    return found


@pytest.mark.slow  # over 2 s: a whole run, or every module of the package read
def test_every_name_imported_from_a_split_module_is_still_there():
    names = _imported_names()
    # what callers import today (read above from their code), at least these
    assert {"score_predictions", "score_predictions_result", "run_steps", "ShardScorer", "merge"} <= names[SPLIT[0]]
    assert "cmd_score" in names[SPLIT[1]]
    for module, wanted in names.items():
        loaded = importlib.import_module(module)
        missing = sorted(n for n in wanted if not hasattr(loaded, n))
        assert not missing, f"{module} lost {missing}"
    api = importlib.import_module("lctg_metrics.api")
    assert all(hasattr(api, n) for n in api.__all__)


#: Run in a module folder as a build writes it, with the lctg packages made unimportable: the app must find its page
#: content beside it. Prints what the page shows and what its first worked example scores.
_APP_CODE = r"""
import json, sys
sys.modules["lctg_metrics"] = None
sys.modules["lctg_dataset"] = None
import app
out = {"name": app.NAME, "title": app.title(), "examples": app.EXAMPLES.get(app.NAME, []),
       "legend": app.LEGENDS.get(app.NAME), "ids": sorted(app.ID_MODULES)}
if app.NAME == "lctg_ctg":
    p, r, o = app.EXAMPLES["lctg_ctg"][0]
    out["first"] = app.compute(json.dumps(p), json.dumps(r), json.dumps(o))
print(json.dumps(out, ensure_ascii=False))
"""


def _run_app(folder: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": "",
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "GRADIO_ANALYTICS_ENABLED": "False",
        "HF_HOME": str(tmp_path / "hf"),
    }
    return subprocess.run(
        [sys.executable, "-c", _APP_CODE], cwd=folder, env=env, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed")
def test_each_builds_module_folder_runs_its_app_without_the_package(tmp_path: Path) -> None:
    """The files a build writes for each metric module (script, flattened modules, app and its page content) serve
    the page alone; the CTG page's first example scores as the API scores it; without the page content the app
    does not start (so the files above are what it ran on)."""
    from lctg_metrics.api import score_predictions
    from lctg_metrics.metric_module import module_files

    files = module_files(["instructions", "story_endings"])
    for path, data in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    kw = {
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
    cc = dict(kw, id="ad_text/1/char_count", aspects=["char_count"], keyword=None, min_chars=10, max_chars=20)
    for name in ("lctg_ctg", "lctg_if", "lctg_ifsm"):
        proc = _run_app(tmp_path / name, tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        shown = json.loads(proc.stdout.strip().splitlines()[-1])
        assert shown["name"] == name and shown["ids"] == ["lctg_ctg", "lctg_if", "lctg_ifsm"]
        assert shown["legend"] is not None  # every module has a legend (lctg_ifsm from the seventh pass)
        if name == "lctg_ctg":
            # the page's first worked example, read from the page, is the pair of constraints written out above
            assert shown["examples"][0][1] == [kw, cc]
            expected = score_predictions(shown["examples"][0][0], [kw, cc], cleaner="none")
            assert shown["first"] == expected and shown["first"]["ad_text/keyword"] == 1.0
    (tmp_path / "lctg_if" / "_space_content.py").unlink()
    proc = _run_app(tmp_path / "lctg_if", tmp_path)
    assert proc.returncode != 0 and "ModuleNotFoundError" in proc.stderr
