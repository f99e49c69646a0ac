"""A dataset named by Hub repo id, fetched from a loopback Hub stand-in (``tests.hub_standin``): through the package's
resolver, through the build's own metric module (the standalone copy a dataset folder and a metric Space carry),
and at a short commit, which resolves to the commit it begins or is refused with the reason."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from lctg_metrics.inputs.hub import resolve_dataset
from lctg_metrics.schema import ScoringError
from tests.conftest import PROJECT_ROOT
from tests.hub_standin import COMMIT, FolderHub
from tests.test_hub import digest, populate_cache

IDS = ["summary/1614/format", "summary/1614/char_count", "ad_text/100289/keyword"]


@pytest.fixture
def online(monkeypatch, tmp_path, built_dataset):
    """The stand-in serving the build as ``me/lctg`` (tag v1.0.0), an empty cache, downloads on."""
    from huggingface_hub import constants

    with FolderHub({"me/lctg": built_dataset}, refs={"v1.0.0": COMMIT}) as hub:
        monkeypatch.setattr(constants, "ENDPOINT", hub.url)
        monkeypatch.setattr(
            constants, "HUGGINGFACE_CO_URL_TEMPLATE", hub.url + "/{repo_id}/resolve/{revision}/{filename}"
        )
        monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hf-cache"))
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        yield hub


@pytest.mark.parametrize(
    "revision, signed",
    [
        ("v1.0.0", f"v1.0.0={COMMIT[:12]}"),
        (None, f"main={COMMIT[:12]}"),
        (COMMIT, COMMIT[:12]),
        (COMMIT[:7], COMMIT[:12]),
    ],
)
def test_a_repo_id_is_downloaded_from_the_hub(online, built_dataset, revision, signed):
    got = resolve_dataset("me/lctg", revision)
    assert got.commit == COMMIT and got.digest == digest(built_dataset)
    assert got.source() == f"me/lctg@{signed}#{digest(built_dataset)[:12]}"
    assert (got.path / "data" / "summary" / "test-00000-of-00001.parquet").read_bytes() == (
        built_dataset / "data" / "summary" / "test-00000-of-00001.parquet"
    ).read_bytes()
    assert any(path.startswith("/datasets/me/lctg/resolve/") for _, path in online.requests)


def test_an_unknown_revision_on_the_hub_is_one_line(online):
    with pytest.raises(ScoringError, match=r"^Hub dataset me/lctg@v9\.9\.9: the Hub has no such revision"):
        resolve_dataset("me/lctg", "v9.9.9")
    with pytest.raises(ScoringError, match=r"^Hub dataset me/lctg@fedcba9: the Hub has no such revision"):
        resolve_dataset("me/lctg", "fedcba9")


# ------------------------------------------------------------------------------------ short commits, offline


@pytest.fixture
def offline_cache(monkeypatch, tmp_path):
    from huggingface_hub import constants

    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    return cache


def test_a_short_commit_resolves_from_the_cache(offline_cache, built_dataset):
    populate_cache(offline_cache, "me/lctg", built_dataset, refs=("main",), commit=COMMIT)
    for short in (COMMIT[:7], COMMIT[:12].upper()):
        got = resolve_dataset("me/lctg", short)
        assert got.commit == COMMIT and got.path.name == COMMIT
        assert got.source() == f"me/lctg@{COMMIT[:12]}#{digest(built_dataset)[:12]}"


def test_a_short_commit_that_cannot_be_resolved_is_refused_with_the_reason(offline_cache, built_dataset):
    populate_cache(offline_cache, "me/lctg", built_dataset, refs=("main",), commit=COMMIT)
    populate_cache(offline_cache, "me/lctg", built_dataset, refs=(), commit=COMMIT[:8] + "f" * 32)
    with pytest.raises(ScoringError, match=r"matches 2 cached commits") as e:
        resolve_dataset("me/lctg", COMMIT[:7])
    assert "\n" not in str(e.value)
    assert resolve_dataset("me/lctg", COMMIT[:9]).commit == COMMIT  # one more digit tells them apart
    with pytest.raises(ScoringError, match=r"none begins with '1234567' while downloads are off.*full 40-hex commit"):
        resolve_dataset("me/lctg", "1234567")


# ----------------------------------------------------------------- the build's metric module, a fresh process

_SCRIPT = r"""
import json, sys
import evaluate
module, ids = json.loads(sys.argv[1])
metric = evaluate.load(module)
out = metric.compute(predictions=["x"] * len(ids), references=ids, dataset="me/lctg", revision="v1.0.0", cleaner="none",
                     missing="skip")
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.mark.slow
def test_the_builds_metric_module_takes_a_hub_id(built_dataset, tmp_path):
    """``evaluate.load("<build>/lctg_ctg")`` with ``dataset="org/lctg"`` fetches the repo itself (the module carries
    the Hub code; ``huggingface_hub`` comes with ``evaluate``), as a metric Space would; same numbers as the folder."""
    from lctg_metrics.api import score_predictions

    with FolderHub({"me/lctg": built_dataset}, refs={"v1.0.0": COMMIT}) as hub:
        env = {
            **os.environ,
            "HF_ENDPOINT": hub.url,
            "HF_HOME": str(tmp_path / "hf"),
            "HF_HUB_OFFLINE": "0",
            "HF_HUB_DISABLE_TELEMETRY": "1",
            "HF_EVALUATE_OFFLINE": "1",
            "PYTHONPATH": str(PROJECT_ROOT),
        }
        proc = subprocess.run(
            [sys.executable, "-c", _SCRIPT, json.dumps([str(built_dataset / "lctg_ctg"), IDS])],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    local = score_predictions(["x"] * len(IDS), IDS, dataset=str(built_dataset), cleaner="none", missing="skip")
    assert {k: v for k, v in got.items() if k != "signature"} == {k: v for k, v in local.items() if k != "signature"}
    assert f"|data:1.0.0@me/lctg@v1.0.0={COMMIT[:12]}#{digest(built_dataset)[:12]}|" in got["signature"]
    assert any(path.startswith("/datasets/me/lctg/resolve/") for _, path in hub.requests)
