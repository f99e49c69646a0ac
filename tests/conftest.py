"""Shared fixtures: the real upstream source (read at test time, never committed) and one build of it."""

from __future__ import annotations

import gc
import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests.shared_builds import lctg_build

PROJECT_ROOT = Path(__file__).resolve().parent.parent

# Property tests run without hypothesis' wall-clock deadline (200 ms per example by default): tests never assert on
# time (speed is measured by benchmarks/), and on a busy machine the deadline failed clean runs. Always, not only in
# CI, so a local run and CI agree. CI (the CI variable set) also prints the blob that replays a failing example.
settings.register_profile("lctg", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("lctg"), print_blob=True)
# Before a release, shake the property tests harder than a run does: `pytest --hypothesis-profile=stress` (20 times
# the examples); CI's failures of a property found in one run in ten are found here first.
settings.register_profile("stress", parent=settings.get_profile("ci"), max_examples=2000)
settings.load_profile("ci" if os.environ.get("CI") else "lctg")
# The test process makes many short-lived objects (hypothesis draws, parsed rows, JSON): with the default threshold of
# 700 allocations the cyclic collector took ~12% of the tests' CPU (2.3 s of 18 s on six test files, 3,580 runs); at
# 10,000 it takes 0.3-0.5 s there. Only the pytest process: the product's processes (and subprocesses) keep Python's
# defaults, and no test waits on a collection (the few that need one call gc.collect()).
gc.set_threshold(10_000, 10, 10)
TASKS = ("summary", "ad_text", "pros_and_cons")
ASPECTS = ("format", "char_count", "keyword", "prohibited_word")


def _no_hub_telemetry() -> None:
    """huggingface_hub fetches a registry of its own from ``{ENDPOINT}/api/agent-harnesses`` once per process when it
    is online: the tests' loopback Hub would see it as the first request, and nothing may go to the network. Its
    in-process copy is set to the empty registry it falls back to itself."""
    try:
        from huggingface_hub.utils import _detect_agent
    except ImportError:  # an older huggingface_hub without it
        return
    if hasattr(_detect_agent, "_EMPTY_REGISTRY"):
        _detect_agent._registry = _detect_agent._EMPTY_REGISTRY


_no_hub_telemetry()


def _source_dir() -> Path:
    env = os.environ.get("LCTG_SOURCE")
    path = Path(env) if env else PROJECT_ROOT.parent / "shared" / "upstream" / "lctg-bench-v1"
    if not (path / "datasets" / "summary" / "prompts_v1.jsonl").is_file():
        pytest.fail(
            f"upstream source not found at {path}: set $LCTG_SOURCE or put the shared copy at "
            "../shared/upstream/lctg-bench-v1 (parity tests need the real data)"
        )
    return path


@pytest.fixture(scope="session")
def source_dir() -> Path:
    return _source_dir()


@pytest.fixture(scope="session")
def upstream_records(source_dir: Path) -> dict[str, list[dict]]:
    """The upstream records, parsed here with plain json (independently of the code under test)."""
    out = {}
    for task in TASKS:
        with open(source_dir / "datasets" / task / "prompts_v1.jsonl", encoding="utf-8") as f:
            out[task] = [json.loads(line) for line in f if line.strip()]
    return out


@pytest.fixture(scope="session")
def built_dataset(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One faithful build of the real source, shared by the tests that only read it (and by every xdist worker)."""
    return lctg_build(tmp_path_factory, source_dir, "build")


@pytest.fixture(scope="session")
def built_dataset_derived(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build with every derived config (corrected, variants 5 seed 0, multi), shared by the tests that read it
    (and by every xdist worker)."""
    return lctg_build(tmp_path_factory, source_dir, "build_derived", corrected=True, variants=5, seed=0, multi=True)


@pytest.fixture(scope="session")
def built_rows(built_dataset: Path) -> dict[str, dict]:
    """Rows of the faithful build by id, read back from parquet."""
    import pyarrow.parquet as pq

    rows = {}
    for task in TASKS:
        for row in pq.read_table(built_dataset / "data" / task / "test-00000-of-00001.parquet").to_pylist():
            rows[row["id"]] = row
    return rows


@pytest.fixture
def serve() -> Iterator[Any]:
    """``serve(...)`` starts a fake OpenAI-compatible server on 127.0.0.1 (arguments of FakeOpenAIServer);
    every server a test started is stopped after it, and must not have hit an error in its answer function."""
    from tests.fake_openai_server import FakeOpenAIServer

    servers: list[FakeOpenAIServer] = []

    def start(*args: Any, **kwargs: Any) -> FakeOpenAIServer:
        server = FakeOpenAIServer(*args, **kwargs).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
        assert server.answer_errors == []


def run_kwargs_doctests(module: Any, *, at_least: int) -> None:
    """Run the examples of an evaluate module's ``_KWARGS_DESCRIPTION`` (offline, from the current folder)."""
    import doctest

    test = doctest.DocTestParser().get_doctest(module._KWARGS_DESCRIPTION, {}, "_KWARGS_DESCRIPTION", None, 0)
    assert len(test.examples) >= at_least
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries == len(test.examples)


def load_dataset_offline(folder: Path, config: str, show: str, tmp_path: Path) -> str:
    """``load_dataset(folder, config, split="test")`` in a fresh offline process; the last line it prints of the
    expression ``show`` (over ``ds``)."""
    import subprocess
    import sys

    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "HF_HOME": str(tmp_path / "hf")}
    script = (
        "import sys, json; from datasets import load_dataset\n"
        f"ds = load_dataset(sys.argv[1], {config!r}, split='test')\nprint({show})"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, str(folder)], env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="session")
def _ifsm_cache_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Fresh, distinct folder paths under one folder of this worker: IFSM makes the folder when it first writes."""
    base = tmp_path_factory.mktemp("ifsm-cache")
    return (base / str(n) for n in itertools.count())


@pytest.fixture(autouse=True)
def _ifsm_cache(_ifsm_cache_folders: Iterator[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """IFSM caches its gold run and attack table by default: every test gets a fresh folder, never the real home.
    Not one ``mktemp`` per test: each is a mkdir and a symlink swap (7,600 of them: 2.4 s of CPU), and each folder is
    one more for a later run's clean-up to delete (7,600: 6 s)."""
    monkeypatch.setenv("LCTG_IFSM_CACHE", str(next(_ifsm_cache_folders)))


def pytest_collection_finish(session: pytest.Session) -> None:
    """The modules and test items collected live until the end: frozen, the collector no longer walks them each
    full collection."""
    gc.freeze()
