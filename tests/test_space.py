"""The metric Space: its ``app.py`` started on 127.0.0.1 on the installed Gradio and called through its API, from
the package folder and from a built dataset's ``lctg_ctg/``; its card pins the Gradio it was tested with."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import PROJECT_ROOT

# Checked without importing gradio (seconds of imports at collection): the tests import gradio_client when they run.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("gradio") is None or importlib.util.find_spec("gradio_client")
                                is None, reason="gradio is not installed (pip install -e '.[space]')")
GRADIO_VERSION = importlib.metadata.version("gradio") if importlib.util.find_spec("gradio") else None

#: Seconds the app may take to start (it imports evaluate and gradio, then loads the metric module).
START_TIMEOUT = 120
KW = {"id": "ad_text/1/keyword", "task": "ad_text", "prompt_id": 1, "aspects": ["keyword"], "min_chars": None,
      "max_chars": None, "keyword": "抹茶", "prohibited_word": None, "variant": None, "dataset_version": "1.0.0"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(folder: Path, tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port),
           "GRADIO_ANALYTICS_ENABLED": "False", "HF_HUB_OFFLINE": "1", "HF_EVALUATE_OFFLINE": "1",
           "HF_DATASETS_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1", "GRADIO_TEMP_DIR": str(tmp_path / "gr")}
    log = (tmp_path / "app.log").open("w")
    proc = subprocess.Popen([sys.executable, "app.py"], cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:  # bounded: until the port answers, the app dies, or the deadline
            if proc.poll() is not None:
                pytest.fail(f"app.py exited with {proc.returncode}: {(tmp_path / 'app.log').read_text()[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"app.py did not listen within {START_TIMEOUT} s")
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture
def package_app(tmp_path: Path) -> Iterator[str]:
    yield from _start(PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg", tmp_path)


@pytest.mark.slow
def test_space_app_serves_the_metric(package_app: str) -> None:
    from lctg_metrics.api import score_predictions

    import gradio_client  # noqa: PLC0415 - heavy; only when the test runs

    client = gradio_client.Client(package_app, verbose=False)
    preds = ["京都の抹茶スイーツ専門店が新登場", "京都のスイーツ"]
    refs = [KW, dict(KW, id="ad_text/2/keyword", prompt_id=2)]
    got = client.predict(json.dumps(preds, ensure_ascii=False), json.dumps(refs, ensure_ascii=False),
                         json.dumps({"cleaner": "none"}), api_name="/compute")
    assert got == score_predictions(preds, refs, cleaner="none")  # the same numbers and signature as the API
    assert got["ad_text/keyword"] == 0.5
    partial = client.predict(json.dumps(["抹茶", "抹茶です", "緑茶"], ensure_ascii=False),
                             json.dumps([KW, KW, dict(KW, id="ad_text/2/keyword", prompt_id=2)], ensure_ascii=False),
                             json.dumps({"cleaner": "none", "missing": "skip"}), api_name="/compute")
    assert "|cover:3/4|" in partial["signature"]
    with pytest.raises(Exception, match=r"predictions: not JSON") as e:
        client.predict("[oops", "[]", "{}", api_name="/compute")
    assert "\n" not in str(e.value).strip()
    with pytest.raises(Exception, match=r"predictions: expected a JSON list, got str"):
        client.predict('"text"', json.dumps([KW], ensure_ascii=False), "{}", api_name="/compute")
    with pytest.raises(Exception, match=r"predictions\[0\]"):  # the metric's own one-line error, passed on
        client.predict("[1]", json.dumps([KW], ensure_ascii=False), "{}", api_name="/compute")


@pytest.mark.slow
def test_space_app_from_a_built_folder(built_dataset: Path, tmp_path: Path) -> None:
    """The build's ``lctg_ctg/`` (the standalone module, what ``lctg publish --metric`` uploads) runs the same app."""
    for url in _start(built_dataset / "lctg_ctg", tmp_path):
        import gradio_client  # noqa: PLC0415 - heavy; only when the test runs

        client = gradio_client.Client(url, verbose=False)
        got = client.predict(json.dumps(["抹茶"], ensure_ascii=False), json.dumps([KW], ensure_ascii=False), "{}",
                             api_name="/compute")
        assert got["ad_text/keyword"] == 1.0 and got["signature"].startswith("lctg|")


def test_space_card_pins_the_installed_gradio() -> None:
    card = (PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "README.md").read_text(encoding="utf-8")
    pinned = re.search(r"^sdk_version: (\S+)$", card, re.M)
    assert pinned and pinned.group(1) == GRADIO_VERSION
    extra = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'space = ["gradio=={GRADIO_VERSION}"' in extra
    app = (PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "app.py").read_text(encoding="utf-8")
    assert "launch_gradio_widget" not in app
