"""The build's metric modules on the routes their docs name, with the lctg package installed (as a tool user has it):
``lctg_if`` takes a Hub repo id at a revision (module and Space file tab) and names Python arguments in its errors;
``lctg_ctg`` uses the installed package's LLM client for ``cleaner="llm"`` / ``judge=True``; ``lctg_ifsm`` finds the
stories as ``lctg ifsm`` does, and its Space's file and JSON tabs run. Offline: a loopback Hub stand-in, a fake
OpenAI-compatible server, the self-written stories of tests/data/ifsm."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from lctg_dataset.publish import with_datasets
from lctg_metrics.metric_module import METRICS, metric_files
from tests.conftest import PROJECT_ROOT
from tests.hub_standin import COMMIT, FolderHub
from tests.test_if_score import CASES, _expected, _generations, _rows

IFSM_FIXTURE = PROJECT_ROOT / "tests" / "data" / "ifsm"

#: A stand-in Gradio: any page builds; the app's functions are then called as Gradio would call them.
_FAKE_GRADIO = (
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
    "    return _Any\n"
)


def _instructions_build(folder: Path) -> Path:
    """A small build folder with an ``instructions`` config and a build manifest (what the Hub check reads)."""
    rel = "data/instructions/test-00000-of-00001.parquet"
    (folder / rel).parent.mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(_rows()), folder / rel)
    digest = hashlib.sha256((folder / rel).read_bytes()).hexdigest()
    manifest = {"name": "lctg", "configs": {"instructions": {"files": [rel]}}, "files": {rel: digest}}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def _write_module(name: str, folder: Path) -> Path:
    for path, data in metric_files(METRICS[name]).items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    (folder / "fake" / "gradio").mkdir(parents=True, exist_ok=True)
    (folder / "fake" / "gradio" / "__init__.py").write_text(_FAKE_GRADIO, encoding="utf-8")
    return folder / name


def _run(module: Path, code: str, args: list, tmp_path: Path, **env: str) -> dict:
    """``code`` run beside the module folder (its app importable, Gradio stood in), the lctg package on the path."""
    full = {
        **os.environ,
        "HF_HOME": str(tmp_path / "hf"),
        "HF_HUB_DISABLE_TELEMETRY": "1",
        "HF_EVALUATE_OFFLINE": "1",
        "PYTHONPATH": os.pathsep.join([str(module.parent / "fake"), str(module), str(PROJECT_ROOT)]),
        **env,
    }
    if "POSSIBLE_STORIES" not in env:
        full.pop("POSSIBLE_STORIES", None)
    proc = subprocess.run(
        [sys.executable, "-c", code, json.dumps(args, ensure_ascii=False)],
        cwd=module,
        env=full,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


_IF_CODE = r"""
import json, sys
import evaluate
import app
module, preds, ids, gens, local = json.loads(sys.argv[1])
metric = evaluate.load(module)
out = {"hub": metric.compute(predictions=preds, references=ids, dataset="me/lctg", revision="v1.0.0"),
       "folder": metric.compute(predictions=preds, references=ids, dataset=local),
       "file": app.score_file(gens, app.default_dataset(), "v1.0.0", "{}"), "errors": {},
       "title": app.title(), "default": app.default_dataset()}
bad = {"no_folder": {"dataset": local + "-missing"}, "config": {"dataset": local, "config": "story_endings"},
       "revision_alone": {"revision": "v1.0.0"}, "unknown_id": {"dataset": local, "references": ids[:-1] + ["if/99"]}}
for name, kw in bad.items():
    try:
        metric.compute(predictions=preds, **{"references": ids, **kw})
    except Exception as e:
        out["errors"][name] = f"{type(e).__name__}: {e}"
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.mark.slow
def test_the_builds_lctg_if_takes_a_hub_id_at_a_revision(tmp_path):
    """D1: ``evaluate.load("<build>/lctg_if").compute(..., dataset="me/lctg", revision="v1.0.0")`` and the Space's
    file tab score as ``lctg if-score --dataset me/lctg --revision v1.0.0`` (the hand-worked verdicts of
    tests/test_if_score.py); errors name Python arguments, never a CLI flag."""
    build = _instructions_build(tmp_path / "lctg")
    module = _write_module("lctg_if", tmp_path / "out")
    card = module / "README.md"  # as `lctg publish --metric` uploads it: the card names the dataset it scores
    card.write_text(with_datasets(card.read_text(encoding="utf-8"), ["me/lctg"]), encoding="utf-8")
    gens = tmp_path / "g.jsonl"
    gens.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in _generations()), encoding="utf-8")
    preds, ids = [g["generation"] for g in _generations()], [key for key, _, _ in CASES]
    manifest12 = hashlib.sha256((build / "manifest.json").read_bytes()).hexdigest()[:12]
    with FolderHub({"me/lctg": build}, refs={"v1.0.0": COMMIT}) as hub:
        out = _run(module, _IF_CODE, [str(module), preds, ids, str(gens), str(build)], tmp_path, HF_ENDPOINT=hub.url)
    strict, loose = _expected("strict"), _expected("loose")
    for got in (out["hub"], out["file"], out["folder"]):
        assert (
            got["prompt_level_strict"] == strict["prompt"] and got["instruction_level_strict"] == strict["instruction"]
        )
        assert got["prompt_level_loose"] == loose["prompt"] and got["instruction_level_loose"] == loose["instruction"]
    signed = f"|data:1.1.0@me/lctg@v1.0.0={COMMIT[:12]}#{manifest12}|"
    assert signed in out["hub"]["signature"] and signed in out["file"]["signature"]
    assert "|data:1.1.0|" in out["folder"]["signature"]
    assert out["default"] == "me/lctg" and out["title"] == "Japanese instructions (IF) (lctg_if)"  # D13
    errors = out["errors"]
    assert set(errors) == {"no_folder", "config", "revision_alone", "unknown_id"}
    for message in errors.values():
        assert "--" not in message and "\n" not in message, message
    assert "no such folder" in errors["no_folder"]
    assert (
        "config='story_endings'" not in errors["config"] and "no config 'story_endings' (config=)" in errors["config"]
    )
    assert "revision='v1.0.0' applies to dataset=" in errors["revision_alone"]
    assert "has no row with id 'if/99'" in errors["unknown_id"] and "dataset=" in errors["unknown_id"]


_CTG_CODE = r"""
import json, sys
import evaluate
module, preds, ids, dataset, url, cache = json.loads(sys.argv[1])
metric = evaluate.load(module)
kw = dict(dataset=dataset, llm_base_url=url, llm_model="fake", llm_cache=cache, missing="skip")
out = {"llm": metric.compute(predictions=preds, references=ids, cleaner="llm", judge=True, **kw)}
for name, bad in {"judge_alone": {"judge": True, "dataset": dataset}, "no_model": {"cleaner": "llm", "dataset": dataset,
                  "llm_base_url": url}}.items():
    try:
        metric.compute(predictions=preds, references=ids, missing="skip", **bad)
    except Exception as e:
        out[name] = f"{type(e).__name__}: {e}"
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.mark.slow
def test_the_builds_lctg_ctg_uses_the_installed_llm_client(built_dataset, tmp_path, monkeypatch):
    """D8/D9: with lctg installed, the build's ``lctg_ctg`` runs ``cleaner="llm"`` and ``judge=True`` through the
    package's client: the same scores as ``score_predictions`` with ``llm=llm_config(...)``; without an endpoint the
    error names ``llm_base_url`` and ``llm_model``."""
    from lctg_metrics.api import llm_config, score_predictions
    from tests.fake_openai_server import FakeOpenAIServer
    from tests.test_llm_scoring import PREAMBLE, FakeModel

    protocol = json.loads((built_dataset / "protocol_prompts.json").read_text(encoding="utf-8"))
    ids = ["ad_text/100289/format", "ad_text/100289/keyword", "summary/1614/char_count"]
    preds = [PREAMBLE + "京都の抹茶スイーツ専門店が新登場", "京都の抹茶スイーツ", "要約です。"]
    module = _write_module("lctg_ctg", tmp_path / "out")
    with FakeOpenAIServer(answer=FakeModel(protocol)) as server:
        args = [str(module), preds, ids, str(built_dataset), server.base_url, str(tmp_path / "m.sqlite")]
        out = _run(module, _CTG_CODE, args, tmp_path, HF_HUB_OFFLINE="1", OPENAI_API_KEY="k")
        monkeypatch.setenv("OPENAI_API_KEY", "k")
        config = llm_config(server.base_url, "fake", cache_path=str(tmp_path / "p.sqlite"))
        local = score_predictions(
            preds, ids, dataset=str(built_dataset), cleaner="llm", judge=True, llm=config, missing="skip"
        )
    assert {k: v for k, v in out["llm"].items() if k != "signature"} == {
        k: v for k, v in local.items() if k != "signature"
    }
    assert "cleaner:llm" in out["llm"]["signature"] and "judge:fake@" in out["llm"]["signature"]
    assert any(k.endswith("/quality") for k in out["llm"])
    for name in ("judge_alone", "no_model"):
        assert out[name].startswith("ValueError: lctg_ctg: ") and "\n" not in out[name], out[name]
        assert "llm_base_url= and llm_model=" in out[name] and "not part of this standalone" not in out[name]


def test_the_llm_settings_error_names_the_modules_arguments(built_dataset):
    """D9 in the package's module (the repository's ``lctg_ctg``): the arguments it takes, not ``llm=``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("lctg_ctg_r6", PROJECT_ROOT / "lctg_ctg" / "lctg_ctg.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for kw in ({"judge": True, "dataset": str(built_dataset)}, {"cleaner": "llm", "llm_model": "m"}):
        with pytest.raises(ValueError, match=r"needs llm_base_url= and llm_model= .* and dataset=") as e:
            module.LctgCtg().compute(predictions=["x"], references=["ad_text/100289/format"], **kw)
        assert "\n" not in str(e.value)


_IFSM_CODE = r"""
import json, sys
import evaluate
import app
module, fixture, gens = json.loads(sys.argv[1])
mod = sys.modules[type(app.metric).__module__]
out = {"default": str(mod._stories(None))}
opts = {"reader": "embedding", "dissimilarity": "none", "adversarial": False}
out["file"] = app.score_file(gens, "", "", json.dumps({**opts, "stories_source": fixture}))
preds, ids = zip(*[(r["generation"], r["id"]) for r in map(json.loads, open(gens, encoding="utf-8"))])
out["given"] = app.metric.compute(predictions=list(preds), references=list(ids), stories_source=fixture, **opts)
out["worked"] = mod.worked_example()  # the worked example the card shows, for the Space's JSON tab
out["examples"] = app.ifsm_examples()
ex = out["worked"]
out["json"] = app.compute(json.dumps(ex[0]), json.dumps(ex[1]), json.dumps(ex[2]))
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.mark.slow
def test_the_builds_lctg_ifsm_finds_the_stories_and_its_space_runs(tmp_path):
    """D2/D3: the build's ``lctg_ifsm`` (run from evaluate's module cache) finds the stories where ``lctg ifsm`` does
    (the installed package's default; ``$POSSIBLE_STORIES``), its Space's file tab takes no ``dataset``, and the worked
    example is a whole run: the gold endings of every story of the eval split, scored through the JSON tab as
    ``lctg ifsm`` scores the same endings, their IFSM the reader's accuracy."""
    from lctg_dataset.stories import load_story_rows
    from lctg_dataset.stories.source import default_source_dir
    from lctg_metrics.cli import main

    rows = load_story_rows(IFSM_FIXTURE, split="eval")
    gens = tmp_path / "s.jsonl"
    gens.write_text(
        "".join(json.dumps({"id": r["id"], "generation": r["gold_ending"]}) + "\n" for r in rows), encoding="utf-8"
    )
    module = _write_module("lctg_ifsm", tmp_path / "out")
    out = _run(
        module,
        _IFSM_CODE,
        [str(module), str(IFSM_FIXTURE), str(gens)],
        tmp_path,
        POSSIBLE_STORIES=str(IFSM_FIXTURE),
        HF_HUB_OFFLINE="1",
    )
    assert out["default"] == "None"  # $POSSIBLE_STORIES set: the module's own default reads it
    assert out["file"]["n"] == len(rows) and out["file"]["ifsm"] == out["file"]["reader_accuracy"]
    assert out["given"] == out["file"]  # the file tab is the module's compute on the file's rows
    assert out["examples"] == [out["worked"]]  # the Space's JSON tab fills in the module's worked example
    preds, refs, options = out["worked"]
    assert preds == [r["gold_ending"] for r in rows] and refs == [r["id"] for r in rows]  # every story of the split
    assert options == {"reader": "embedding", "split": "eval"}  # the stories: $POSSIBLE_STORIES, as the module reads
    # the same endings through the command line, with the example's options
    cli = tmp_path / "cli.json"
    argv = ["ifsm", str(gens), "--reader", "embedding", "--stories-source", str(IFSM_FIXTURE), "--json", str(cli)]
    assert main([*argv, "--allow-invalid"]) == 0
    want = json.loads(cli.read_text(encoding="utf-8"))
    got = out["json"]
    assert got["n"] == want["n"] == len(rows) and got["flagged"] == want["flagged"]
    assert got["ifsm"] == pytest.approx(want["ifsm"], abs=1e-12) and got["valid"] == want["valid"]
    assert got["signature"] == want["signature"]
    assert got["ifsm"] == got["reader_accuracy"] > 0  # what the card says the example shows
    # without $POSSIBLE_STORIES: the installed package's default folder, as `lctg ifsm` reads it
    code = "import json, sys, app\nprint(json.dumps(str(sys.modules[type(app.metric).__module__]._stories(None))))\n"
    assert _run(module, code, [], tmp_path, HF_HUB_OFFLINE="1") == str(default_source_dir())


def test_the_project_roots_lctg_if_takes_a_hub_id_at_a_revision(monkeypatch, tmp_path):
    """D1 for the repository's ``lctg_if`` (the package's module): the same Hub route, and its signature as
    ``lctg if-score --dataset me/lctg --revision v1.0.0`` signs it."""
    import importlib.util

    from huggingface_hub import constants

    from lctg_metrics.cli import main

    build = _instructions_build(tmp_path / "lctg")
    spec = importlib.util.spec_from_file_location("lctg_if_r6", PROJECT_ROOT / "lctg_if" / "lctg_if.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    gens = tmp_path / "g.jsonl"
    gens.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in _generations()), encoding="utf-8")
    with FolderHub({"me/lctg": build}, refs={"v1.0.0": COMMIT}) as hub:
        monkeypatch.setattr(constants, "ENDPOINT", hub.url)
        monkeypatch.setattr(
            constants, "HUGGINGFACE_CO_URL_TEMPLATE", hub.url + "/{repo_id}/resolve/{revision}/{filename}"
        )
        monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hf-cache"))
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        out = module.LctgIf().compute(
            predictions=[g["generation"] for g in _generations()],
            references=[key for key, _, _ in CASES],
            dataset="me/lctg",
            revision="v1.0.0",
        )
        argv = ["if-score", str(gens), "--dataset", "me/lctg", "--revision", "v1.0.0", "--no-ci"]
        assert main([*argv, "--json", str(tmp_path / "r.json")]) == 0
    cli = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert out["signature"] == cli["signature"] and f"@me/lctg@v1.0.0={COMMIT[:12]}#" in out["signature"]
    assert out["prompt_level_strict"] == _expected("strict")["prompt"]


_IFSM_LLM_CODE = r"""
import json, sys
import evaluate
module, preds, ids, fixture, url, cache = json.loads(sys.argv[1])
out = evaluate.load(module).compute(predictions=preds, references=ids, reader="llm", stories_source=fixture,
                                    adversarial=False, dissimilarity="none", llm_base_url=url, llm_model="fake",
                                    llm_cache=cache)
print(json.dumps(out, ensure_ascii=False))
"""


@pytest.mark.slow
def test_the_builds_lctg_ifsm_uses_the_installed_llm_client(tmp_path, monkeypatch):
    """As D8 for ``lctg_ifsm``: with lctg installed, the build's module reads with ``reader="llm"`` through the
    package's client, and computes what the package's module computes against the same endpoint."""
    import importlib.util

    from lctg_dataset.stories import load_story_rows
    from tests.fake_openai_server import FakeOpenAIServer

    rows = load_story_rows(IFSM_FIXTURE, split="eval")
    preds, ids = [r["gold_ending"] for r in rows], [r["id"] for r in rows]
    module = _write_module("lctg_ifsm", tmp_path / "out")
    spec = importlib.util.spec_from_file_location("lctg_ifsm_r6", PROJECT_ROOT / "lctg_ifsm" / "lctg_ifsm.py")
    package = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(package)
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    with FakeOpenAIServer(answer=lambda body: "A") as server:
        args = [str(module), preds, ids, str(IFSM_FIXTURE), server.base_url, str(tmp_path / "m.sqlite")]
        got = _run(module, _IFSM_LLM_CODE, args, tmp_path, HF_HUB_OFFLINE="1", OPENAI_API_KEY="k")
        local = package.LctgIfsm().compute(
            predictions=preds,
            references=ids,
            reader="llm",
            stories_source=str(IFSM_FIXTURE),
            adversarial=False,
            dissimilarity="none",
            llm_base_url=server.base_url,
            llm_model="fake",
            llm_cache=str(tmp_path / "p.sqlite"),
        )
    assert got == json.loads(json.dumps(local)) and got["n"] == len(rows) and "reader:llm" in got["signature"]


def test_an_llm_setting_that_is_no_config_is_one_line(tmp_path) -> None:
    """``score_predictions(..., llm=1)``: one line naming what llm= expects, not an AttributeError."""
    from lctg_metrics.api import run_steps
    from lctg_metrics.schema import ScoringError

    with pytest.raises(ScoringError, match=r"llm: expected llm_config\(base_url, model\) \(an LLMConfig\), got int"):
        run_steps("llm", None, judge=False, llm=1, dataset=tmp_path)
