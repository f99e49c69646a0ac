"""The metric Space in a real headless Chromium (driven over the DevTools protocol, ``tests.cdp_pipe``): the page's
full title, a generations file uploaded and scored by row id against the build around the module, Submit with the
JSON tab's defaults, and a worked example clicked then submitted — each shown result equal to the API's.

Needs a Chromium on PATH (``apt-get install -y chromium``) and Gradio (``pip install -e '.[space]'``); skipped with
the reason otherwise."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tests.cdp_pipe import Browser, find_browser
from tests.test_space import KW, _generations, _start

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(find_browser() is None, reason="no Chromium on PATH (apt-get install -y chromium)"),
    pytest.mark.skipif(
        importlib.util.find_spec("gradio") is None, reason="gradio is not installed (pip install -e '.[space]')"
    ),
]

#: The visible button with this label (a tab's buttons exist only while it is shown).
BUTTON = "[...document.querySelectorAll('button')].find(x => x.innerText.trim() === {!r} && x.offsetParent !== null)"


def shown(browser: Browser, elem_id: str, key: str) -> dict:
    """The dict a ``gr.JSON`` output shows, once it shows ``key`` (its text is the JSON, a token a line)."""
    quoted = json.dumps(key)  # as the JSON shows it (the label says "signature" too)
    text = browser.wait(
        f"(document.getElementById({elem_id!r}) || {{innerText: ''}}).innerText.includes({quoted!r}) "
        f"&& document.getElementById({elem_id!r}).innerText",
        90,
    )
    body = text[text.index("{") : text.rindex("}") + 1]
    return json.loads("".join(body.splitlines()))


def click(browser: Browser, label: str) -> None:
    browser.wait(BUTTON.format(label) + " !== undefined")
    browser.js(BUTTON.format(label) + ".click()")


def test_the_space_in_a_browser(built_dataset: Path, built_rows: dict, tmp_path: Path) -> None:
    from lctg_metrics.api import score_predictions

    texts, ids, samples = _generations(tmp_path, built_rows)
    for url in _start(built_dataset / "lctg_ctg", tmp_path):
        with Browser(find_browser(), tmp_path / "profile") as browser:
            browser.open(url)
            assert browser.wait("document.title") == "LCTG Bench CTG (lctg_ctg)"
            heading = browser.wait(
                "document.querySelector('h1') && document.querySelector('h1').parentElement.innerText"
            )
            assert "across summarization, ad-title writing and pros & cons writing." in heading  # whole sentence

            # the generations file, scored against the build around the module (the dataset box's default)
            browser.wait(BUTTON.format("Score the file") + " !== undefined")  # the tab is shown
            browser.upload("input[type=file]", tmp_path / "g.jsonl")
            browser.wait("document.body.innerText.includes('g.jsonl')", 30)
            # the file holds a part of the run (40 prompts of one task): scored only when the options say so
            browser.js(
                "const t = document.querySelector('#file-options textarea'); t.value = '{\"missing\": \"skip\"}';"
                " t.dispatchEvent(new Event('input', {bubbles: true}));"
            )
            click(browser, "Score the file")
            got = shown(browser, "file-scores", "signature")
            assert got == score_predictions(texts, ids, samples=samples, dataset=str(built_dataset), missing="skip")

            # Submit with the JSON tab's defaults, then the second example
            browser.js("[...document.querySelectorAll('[role=tab]')].find(x => x.innerText.trim() === 'JSON').click()")
            click(browser, "Submit")
            cc = dict(KW, id="ad_text/1/char_count", aspects=["char_count"], keyword=None, min_chars=10, max_chars=20)
            expected = score_predictions(
                ["京都の抹茶スイーツ専門店が新登場", "京都の抹茶スイーツ"], [KW, cc], cleaner="none"
            )
            assert shown(browser, "json-scores", "signature") == expected
            browser.js(
                "[...document.querySelectorAll('td, button')].find(x => x.innerText.includes('承知しました')).click()"
            )
            browser.wait("[...document.querySelectorAll('textarea')].some(t => t.value.includes('承知しました'))")
            click(browser, "Submit")
            example = ["承知しました。以下がタイトルです。\n京都の抹茶スイーツ専門店が新登場"]
            expected = score_predictions(example, [KW], cleaner="rule", return_items=True)
            got = shown(browser, "json-scores", "items")
            assert {k: v for k, v in got.items() if k != "items"} == {k: v for k, v in expected.items() if k != "items"}
            # the items' texts are shown wrapped; their verdicts and reasons as they are
            assert [(i["id"], i["passed"], i["reason"]) for i in got["items"]] == [
                (i["id"], i["passed"], i["reason"]) for i in expected["items"]
            ]
