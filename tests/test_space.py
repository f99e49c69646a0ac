"""The metric Space: its ``app.py`` started on 127.0.0.1 on the installed Gradio and called through its API, from
the package folder and from a built dataset's ``lctg_ctg/`` (JSON in, an uploaded generations file in, the page's
defaults and examples, its full title); its functions called directly; its card pins the Gradio it was tested with."""

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
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT
from tests.references import KW

# Checked without importing gradio (seconds of imports at collection): the tests import gradio_client when they run.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("gradio") is None or importlib.util.find_spec("gradio_client") is None,
    reason="gradio is not installed (pip install -e '.[space]')",
)
GRADIO_VERSION = importlib.metadata.version("gradio") if importlib.util.find_spec("gradio") else None

#: Seconds the app may take to start (it imports evaluate and gradio, then loads the metric module).
START_TIMEOUT = 120


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(folder: Path, tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    env = {
        **os.environ,
        "GRADIO_SERVER_NAME": "127.0.0.1",
        "GRADIO_SERVER_PORT": str(port),
        "GRADIO_ANALYTICS_ENABLED": "False",
        "HF_HUB_OFFLINE": "1",
        "HF_EVALUATE_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HUB_DISABLE_TELEMETRY": "1",
        "GRADIO_TEMP_DIR": str(tmp_path / "gr"),
    }
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
    import gradio_client  # noqa: PLC0415 - heavy; only when the test runs

    from lctg_metrics.api import score_predictions

    client = gradio_client.Client(package_app, verbose=False)
    preds = ["京都の抹茶スイーツ専門店が新登場", "京都のスイーツ"]
    refs = [KW, dict(KW, id="ad_text/2/keyword", prompt_id=2)]
    got = client.predict(
        json.dumps(preds, ensure_ascii=False),
        json.dumps(refs, ensure_ascii=False),
        json.dumps({"cleaner": "none"}),
        api_name="/compute",
    )
    assert got == score_predictions(preds, refs, cleaner="none")  # the same numbers and signature as the API
    assert got["ad_text/keyword"] == 0.5
    partial = client.predict(
        json.dumps(["抹茶", "抹茶です", "緑茶"], ensure_ascii=False),
        json.dumps([KW, KW, dict(KW, id="ad_text/2/keyword", prompt_id=2)], ensure_ascii=False),
        json.dumps({"cleaner": "none", "missing": "skip"}),
        api_name="/compute",
    )
    assert "|cover:3/4|" in partial["signature"]
    with pytest.raises(Exception, match=r"predictions: not JSON") as e:
        client.predict("[oops", "[]", "{}", api_name="/compute")
    assert "\n" not in str(e.value).strip()
    with pytest.raises(Exception, match=r"predictions: expected a JSON list, got str"):
        client.predict('"text"', json.dumps([KW], ensure_ascii=False), "{}", api_name="/compute")
    with pytest.raises(Exception, match=r"predictions\[0\]"):  # the metric's own one-line error, passed on
        client.predict("[1]", json.dumps([KW], ensure_ascii=False), "{}", api_name="/compute")


def _generations(folder: Path, built_rows: dict) -> tuple[list[str], list[str], list[int]]:
    """Toy generations of the ad_text prompts, two samples each, in JSONL, CSV and parquet files in ``folder``."""
    import csv

    import pyarrow as pa
    import pyarrow.parquet as pq

    from lctg_metrics.sample import generate

    rows = [r for r in built_rows.values() if r["task"] == "ad_text"][:40]
    texts = [generate(r, s) for s in (0, 1) for r in rows]
    ids = [r["id"] for _ in (0, 1) for r in rows]
    samples = [s for s in (0, 1) for _ in rows]
    records = [{"id": i, "generation": t, "sample": n} for i, t, n in zip(ids, texts, samples)]
    (folder / "g.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    with (folder / "g.csv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, ["id", "generation", "sample"])
        writer.writeheader()
        writer.writerows(records)
    pq.write_table(pa.Table.from_pylist(records), folder / "g.parquet")
    return texts, ids, samples


@pytest.mark.slow
def test_space_app_from_a_built_folder(built_dataset: Path, built_rows: dict, tmp_path: Path) -> None:
    """The build's ``lctg_ctg/`` (the standalone module, what ``lctg publish --metric`` uploads) runs the same app:
    its defaults and examples score, an uploaded file in each format scores by row id against the build around it
    (the dataset box's default), and the title is whole."""
    from lctg_metrics.api import score_predictions

    texts, ids, samples = _generations(tmp_path, built_rows)
    expected = score_predictions(texts, ids, samples=samples, dataset=str(built_dataset), missing="skip")
    for url in _start(built_dataset / "lctg_ctg", tmp_path):
        import gradio_client  # noqa: PLC0415 - heavy; only when the test runs

        client = gradio_client.Client(url, verbose=False)
        got = client.predict(
            json.dumps(["抹茶"], ensure_ascii=False), json.dumps([KW], ensure_ascii=False), "{}", api_name="/compute"
        )
        assert got["ad_text/keyword"] == 1.0 and got["signature"].startswith("lctg|")
        # Submit with the page's defaults: the first example, scored as the API scores it
        defaults = client.predict(api_name="/compute")
        cc = dict(KW, id="ad_text/1/char_count", aspects=["char_count"], keyword=None, min_chars=10, max_chars=20)
        assert defaults == score_predictions(
            ["京都の抹茶スイーツ専門店が新登場", "京都の抹茶スイーツ"], [KW, cc], cleaner="none"
        )
        for name in ("g.jsonl", "g.csv", "g.parquet"):  # the uploaded file, the dataset box left at its default
            got = client.predict(
                generations=gradio_client.handle_file(str(tmp_path / name)),
                options='{"missing": "skip"}',
                api_name="/score_file",
            )  # 40 of the prompts
            assert got == expected, name
        with pytest.raises(Exception, match=r"generations: upload a file"):
            client.predict(None, str(built_dataset), "", "{}", api_name="/score_file")
        bad = tmp_path / "bad.jsonl"
        bad.write_text('{"id": "ad_text/100289/keyword", "generation": "x"}\n{"id": 3, "generation": "y"}\n')
        with pytest.raises(Exception, match=r"bad\.jsonl:2") as e:
            client.predict(gradio_client.handle_file(str(bad)), str(built_dataset), "", "{}", api_name="/score_file")
        assert "\n" not in str(e.value).strip()
        with urllib.request.urlopen(url + "config", timeout=30) as answer:
            config = json.loads(answer.read())
        assert config["title"] == "LCTG Bench CTG (lctg_ctg)"
        shown = json.dumps(config, ensure_ascii=False)
        assert "across summarization, ad-title writing and pros & cons writing." in shown  # the first sentence, whole


@pytest.mark.slow
def test_space_app_functions_directly(built_dataset: Path, built_rows: dict, tmp_path: Path, monkeypatch) -> None:
    """``compute`` and ``score_file`` of the package folder's app, called in this process."""
    import importlib.util as iu

    from lctg_metrics.api import score_predictions

    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    spec = iu.spec_from_file_location("lctg_space_app", PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "app.py")
    app = iu.module_from_spec(spec)
    spec.loader.exec_module(app)
    assert app.NAME == "lctg_ctg" and app.read_generations is not None and app.default_dataset() == ""
    assert app.title() == "LCTG Bench CTG (lctg_ctg)" and app.summary().endswith("pros & cons writing.")
    for preds, refs, options in app.EXAMPLES["lctg_ctg"]:  # every example scores as the API scores it
        got = app.compute(json.dumps(preds), json.dumps(refs), json.dumps(options))
        assert got == score_predictions(preds, refs, **options)
    texts, ids, samples = _generations(tmp_path, built_rows)
    got = app.score_file(str(tmp_path / "g.jsonl"), str(built_dataset), "", '{"cleaner": "none", "missing": "skip"}')
    assert got == score_predictions(
        texts, ids, samples=samples, dataset=str(built_dataset), cleaner="none", missing="skip"
    )
    import gradio as gr

    with pytest.raises(gr.Error, match=r"dataset: give the Hub dataset repo id"):
        app.score_file(str(tmp_path / "g.jsonl"), " ", "", "{}")
    with pytest.raises(
        gr.Error, match=r"revision='v1\.0\.0' applies to a Hub repo id|a revision \('v1\.0\.0'\) applies"
    ):
        app.score_file(str(tmp_path / "g.jsonl"), str(built_dataset), "v1.0.0", "{}")
    with pytest.raises(gr.Error, match=r"options: expected a JSON object, got list"):
        app.score_file(str(tmp_path / "g.jsonl"), str(built_dataset), "", "[]")


def test_space_card_pins_the_installed_gradio() -> None:
    card = (PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "README.md").read_text(encoding="utf-8")
    pinned = re.search(r"^sdk_version: (\S+)$", card, re.M)
    assert pinned and pinned.group(1) == GRADIO_VERSION
    extra = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'space = ["gradio=={GRADIO_VERSION}"' in extra
    app = (PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "app.py").read_text(encoding="utf-8")
    assert "launch_gradio_widget" not in app
