"""The generated metric module is self-contained: in a fresh venv with only evaluate, regex and unicodedata2 it
loads offline and scores exactly as the API does here; it is also a ready metric Space (card, app, requirements).

The fresh venv takes about a minute (pip's cache makes repeats faster); ``LCTG_STANDALONE_VENV=<venv folder>``
reuses a venv made once. The test skips only when pip cannot reach the package registry.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from lctg_metrics.api import score_predictions
from lctg_metrics.metric_module import module_files
from tests.references import KW

CC = {**KW, "id": "ad_text/1/char_count", "aspects": ["char_count"], "keyword": None, "min_chars": 10, "max_chars": 20}
PW = {
    **KW,
    "id": "pros_and_cons/4/prohibited_word",
    "task": "pros_and_cons",
    "prompt_id": 4,
    "aspects": ["prohibited_word"],
    "keyword": None,
    "prohibited_word": "危険",
}
FMT = {**KW, "id": "summary/7/format", "task": "summary", "prompt_id": 7, "aspects": ["format"], "keyword": None}
PREDICTIONS = [
    "京都の抹茶スイーツ専門店が新登場",
    "京都の抹茶スイーツ",
    "メリット：安い。デメリット：少し危険。",
    "新しい抹茶カフェが京都に開店し、初日から行列ができた。",
    "承知しました。以下が要約です。\n新しい抹茶カフェが京都に開店し、初日から行列ができた。",
]
REFERENCES = [KW, CC, PW, FMT, {**FMT, "id": "summary/8/format", "prompt_id": 8}]
#: Each run: keyword arguments of compute (besides predictions/references).
RUNS = {
    "rule": {"cleaner": "rule", "return_items": True},
    "none": {"cleaner": "none"},
    "provided": {"cleaned": PREDICTIONS[:4] + [PREDICTIONS[3]]},
    "options": {"cleaner": "rule", "counting": "graphemes", "think": "keep", "ci": True, "ci_resamples": 50},
}
_OFFLINE = {"HF_HUB_OFFLINE": "1", "HF_EVALUATE_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}

_SCRIPT = r"""
import json, sys
import evaluate
try:
    import lctg_metrics
    sys.exit("lctg_metrics is importable here: the venv is not fresh")
except ImportError:
    pass
folder, predictions, references, runs, dataset, ids = json.loads(open(sys.argv[1], encoding="utf-8").read())
metric = evaluate.load(folder)
out = {name: metric.compute(predictions=predictions, references=references, **kw) for name, kw in runs.items()}
out["by_id"] = metric.compute(predictions=["x"] * len(ids), references=ids, dataset=dataset, cleaner="none",
                              missing="skip")
errors = {}
for name, kw in {"bare_str": {"predictions": "abc", "references": references[:1]},
                 "llm": {"predictions": predictions, "references": references, "cleaner": "llm",
                         "llm_base_url": "http://127.0.0.1:9/v1", "llm_model": "m"},
                 "hub": {"predictions": ["x"], "references": ids[:1], "dataset": "your-org/lctg"}}.items():
    try:
        metric.compute(**kw)
    except Exception as e:
        errors[name] = [type(e).__name__, str(e)]
out["errors"] = errors
print(json.dumps(out, ensure_ascii=False))
"""


def _fresh_venv(tmp_path: Path) -> Path:
    reuse = os.environ.get("LCTG_STANDALONE_VENV")
    if reuse:
        return Path(reuse) / "bin" / "python"
    folder = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, clear=True).create(folder)
    python = folder / "bin" / "python"
    # Installed by this interpreter's pip into the venv (--python): a venv made without pip is ready in 0.2 s, not ~8 s.
    # --no-compile: pip byte-compiles every file it installs (evaluate's install: 59 s with it, 22 s without, warm
    # cache, load 4.5); it ignores compile errors, so that checked nothing: what runs is compiled on import
    pip = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-compile",
            "evaluate",
            "regex",
            "unicodedata2",
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if pip.returncode != 0:
        unreachable = (
            "No matching distribution",
            "Could not find a version",
            "NewConnectionError",
            "Temporary failure in name resolution",
            "Max retries exceeded",
            "Network is unreachable",
        )
        if any(u in pip.stderr for u in unreachable):
            pytest.skip(f"pip cannot reach the package registry: {pip.stderr.strip().splitlines()[-1]}")
        pytest.fail(f"pip install failed: {pip.stderr[-2000:]}")
    return python


def _write_module(folder: Path) -> Path:
    for name, data in module_files().items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return folder / "lctg_ctg"


@pytest.mark.slow
def test_fresh_venv_loads_the_module_offline_and_scores_as_the_api(tmp_path, built_dataset):
    python = _fresh_venv(tmp_path)
    module = _write_module(tmp_path / "out")
    ids = ["summary/1614/format", "summary/1614/char_count", "summary/1614/keyword"]
    args = tmp_path / "args.json"
    args.write_text(json.dumps([str(module), PREDICTIONS, REFERENCES, RUNS, str(built_dataset), ids]), encoding="utf-8")
    env = {**os.environ, **_OFFLINE, "HF_HOME": str(tmp_path / "hf"), "PYTHONPATH": ""}
    proc = subprocess.run(
        [str(python), "-c", _SCRIPT, str(args)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    for name, kw in RUNS.items():  # the same dict, signature included, as the API computes in this process
        assert out[name] == score_predictions(PREDICTIONS, REFERENCES, **kw), name
    assert out["rule"]["summary/format"] == 0.5 and "cleaner:rule@" in out["rule"]["signature"]
    assert out["by_id"] == score_predictions(
        ["x"] * len(ids), ids, dataset=built_dataset, cleaner="none", missing="skip"
    )  # a partial run by row ids: its coverage signed
    errors = out["errors"]
    assert errors["bare_str"] == ["ScoringError", "predictions: expected a list of str, one per reference, got str"]
    kind, message = errors["llm"]
    assert kind == "ImportError" and 'pip install "lctg[llm] @' in message and "\n" not in message, errors["llm"]
    # the module carries the Hub code: offline, an uncached repo id is the package's own one-line error
    kind, message = errors["hub"]
    assert (
        kind == "ScoringError"
        and message.startswith("Hub dataset your-org/lctg@main: not in the Hugging Face cache")
        and "\n" not in message
    ), errors["hub"]


@pytest.mark.slow
def test_module_is_a_metric_space(tmp_path, built_dataset):
    files = module_files()
    card = files["lctg_ctg/README.md"].decode("utf-8")
    front = card.split("---\n")[1]
    for line in ("title: LCTG Bench CTG", "sdk: gradio", "app_file: app.py", "- evaluate", "- metric", "emoji: "):
        assert line in front, line
    reqs = files["lctg_ctg/requirements.txt"].decode("utf-8").split()
    assert [r.split(">")[0] for r in reqs] == ["evaluate", "huggingface-hub", "numpy", "regex", "unicodedata2"]
    # app.py serves the module beside it through Gradio (a stand-in gradio accepts any page; the app's functions are
    # then called; the real one is started by tests/test_space.py)
    module = _write_module(tmp_path / "space")
    fake = tmp_path / "fake" / "gradio"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(
        "class Error(Exception):\n"
        "    pass\n"
        "class _Any:\n"
        "    def __init__(self, *a, **kw):\n"
        "        pass\n"
        "    def __enter__(self):\n"
        "        return self\n"
        "    def __exit__(self, *a):\n"
        "        return False\n"
        "    def __getattr__(self, name):\n"
        "        return _Any\n"
        "def __getattr__(name):\n"
        "    return _Any\n",
        encoding="utf-8",
    )
    gens = tmp_path / "g.jsonl"
    gens.write_text('{"id": "summary/1614/keyword", "generation": "x"}\n', encoding="utf-8")
    code = (
        "import json, sys, app\n"
        "kw = json.loads(sys.argv[1])\n"
        "out = {'title': app.title(), 'json': app.compute(json.dumps(['京都の抹茶']), json.dumps([kw]), '{}'),\n"
        '       \'file\': app.score_file(sys.argv[2], sys.argv[3], \'\', \'{"cleaner": "none", "missing": "skip"}\')}\n'
        "print(json.dumps(out, ensure_ascii=False))\n"
    )
    env = {
        **os.environ,
        **_OFFLINE,
        "HF_HOME": str(tmp_path / "hf"),
        "PYTHONPATH": f"{fake.parent}{os.pathsep}{module}",
    }
    proc = subprocess.run(
        [sys.executable, "-c", code, json.dumps(KW), str(gens), str(built_dataset)],
        cwd=module,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    shown = json.loads(proc.stdout.strip().splitlines()[-1])
    assert shown["title"] == "LCTG Bench CTG (lctg_ctg)"
    assert shown["json"]["ad_text/keyword"] == 1.0 and shown["json"]["signature"].startswith("lctg|")
    assert shown["file"] == score_predictions(
        ["x"], ["summary/1614/keyword"], dataset=built_dataset, cleaner="none", missing="skip"
    )


@pytest.mark.parametrize(
    "source,expected",
    [
        ("from lctg_metrics import aspects as a\n", "from . import _lctg_aspects as a\n"),
        (
            "from lctg_metrics.scoring.counts import Counts, T as TOTAL\n",
            "from ._lctg_scoring_counts import Counts, T as TOTAL\n",
        ),
        (
            "from lctg_dataset.constants import TASKS  # tasks\n",
            "from ._lctg_dataset_constants import TASKS  # tasks\n",
        ),
        (
            "def f():\n    from lctg_metrics.llm.client import LLMConfig\n",
            "def f():\n    raise ImportError('lctg_metrics.llm.client is not part of this standalone metric module: "
            "the LLM",
        ),
        (
            "from lctg_metrics.llm.client import LLMConfig\n",
            "GeneratorError: .*left out .* only be imported inside a function",
        ),
        ("import lctg_metrics.api\n", "GeneratorError: .*write `from lctg_… import name`"),
    ],
)
def test_the_generator_rewrites_imports(source, expected):
    import re

    from lctg_metrics.standalone import GeneratorError, flatten

    try:
        script, files = flatten(source, "x.py")
    except GeneratorError as e:
        assert re.search(expected, f"GeneratorError: {e}"), e
        return
    assert script.startswith(expected) and "lctg_metrics" not in script.split("raise")[0]
    assert all(name.startswith("_lctg") and "from lctg_" not in text for name, text in files.items())
