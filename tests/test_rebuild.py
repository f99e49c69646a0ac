"""Builds as the README runs them, one after another into ./lctg: a rebuild keeps the configs of the build it
replaces (or refuses naming the flag), ``--judge`` works on a build with ``story_endings``, and the toy sampler
writes story endings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_dataset.cli import main as build_main
from tests.shared_builds import shared_build
from tests.test_golden import _fake_model
from tests.test_story_config import STORIES

pytestmark = [
    pytest.mark.skipif(not (STORIES / "dev.jsonl").is_file(), reason=f"no Possible Stories copy at {STORIES}"),
    pytest.mark.slow,
]  # each test builds datasets end to end


def _configs(folder: Path) -> list[str]:
    return list(json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["configs"])


def _params(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["build"]["parameters"]


@pytest.fixture(scope="module")
def readme_order(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``--instructions``, then ``--derived``, then ``--stories``, into one folder (the README's order); once per test
    run (the tests only read it; with xdist each worker would build it again)."""

    def make(out: Path) -> None:
        base = ["--source", str(source_dir), "--output", str(out)]
        assert build_main([*base, "--instructions"]) == 0
        assert build_main([*base, "--derived"]) == 0
        assert build_main([*base, "--stories", "--stories-source", str(STORIES)]) == 0

    return shared_build(tmp_path_factory, "readme_order", [source_dir, STORIES], make)


def test_a_rebuild_keeps_every_config(readme_order: Path, capsys) -> None:
    assert _configs(readme_order) == [
        "all",
        "summary",
        "ad_text",
        "pros_and_cons",
        "templates",
        "corrected",
        "variants",
        "multi",
        "instructions",
        "story_endings",
    ]
    params = _params(readme_order)
    assert (params["variants"], params["seed"], params["multi"], params["instructions"]) == (5, 0, True, True)


def test_a_kept_config_is_byte_identical_to_a_fresh_build(readme_order: Path, source_dir: Path, tmp_path: Path) -> None:
    fresh = tmp_path / "lctg"
    assert (
        build_main(
            [
                "--source",
                str(source_dir),
                "--output",
                str(fresh),
                "--instructions",
                "--derived",
                "--stories",
                "--stories-source",
                str(STORIES),
            ]
        )
        == 0
    )
    a = json.loads((readme_order / "manifest.json").read_text(encoding="utf-8"))["files"]
    b = json.loads((fresh / "manifest.json").read_text(encoding="utf-8"))["files"]
    assert a == b


def test_what_cannot_be_kept_is_refused_naming_the_flag(source_dir: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "lctg"
    base = ["--source", str(source_dir), "--output", str(out)]
    assert build_main([*base, "--instructions", "--seed", "3"]) == 0
    before = (out / "manifest.json").read_bytes()
    assert build_main([*base, "--multi", "--seed", "4"]) == 2
    err = capsys.readouterr().err
    assert "--seed 4 would rebuild the kept config(s) made with seed 3; pass --instructions too" in err
    assert (out / "manifest.json").read_bytes() == before  # nothing replaced
    assert build_main([*base, "--multi"]) == 0  # the seed of the build it replaces
    assert _params(out)["seed"] == 3 and "instructions" in _configs(out) and "multi" in _configs(out)
    assert "kept from the build it replaces: instructions" in capsys.readouterr().out
    ctx = tmp_path / "ctx"
    assert (
        build_main(
            [
                "--source",
                str(source_dir),
                "--output",
                str(ctx),
                "--stories",
                "--stories-source",
                str(STORIES),
                "--include-story-contexts",
            ]
        )
        == 0
    )
    assert build_main(["--source", str(source_dir), "--output", str(ctx), "--multi"]) == 2
    err = capsys.readouterr().err
    assert "holds the ROCStories contexts (--include-story-contexts); add the flag to keep them" in err


def test_judge_on_a_build_with_story_endings(readme_order: Path, tmp_path: Path, serve, monkeypatch) -> None:
    from lctg_metrics.cli import main

    gens = tmp_path / "g.jsonl"
    assert main(["sample", "--dataset", str(readme_order), "--task", "ad_text", "--samples", "1", "-o", str(gens)]) == 0
    server = serve(answer=_fake_model)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert (
        main(
            [
                "score",
                str(gens),
                "--dataset",
                str(readme_order),
                "--task",
                "ad_text",
                "--judge",
                "--llm-base-url",
                server.base_url,
                "--llm-model",
                "m",
                "--llm-cache",
                str(tmp_path / "c.sqlite"),
                "--no-progress",
                "--json",
                str(tmp_path / "r.json"),
            ]
        )
        == 0
    )
    result = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert set(result["quality"]["ad_text"]) >= {"format", "keyword", "average"}


def test_sample_story_endings(readme_order: Path, tmp_path: Path, capsys) -> None:
    from lctg_metrics.cli import main

    out = tmp_path / "endings.jsonl"
    assert main(["sample", "--dataset", str(readme_order), "--config", "story_endings", "-o", str(out)]) == 0
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 1129 and all(set(x) == {"id", "generation"} for x in lines)
    assert len({x["id"] for x in lines}) == 1129 and lines[0]["id"].startswith("story_endings/")
    texts = [x["generation"] for x in lines]
    assert texts.count("") > 0 and len(set(texts)) > 4  # some empty, some echoing the question, some generic
    again = tmp_path / "again.jsonl"
    assert main(["sample", "--dataset", str(readme_order), "--config", "story_endings", "-o", str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()
    assert "lctg ifsm" in capsys.readouterr().err  # the hint, with the "wrote PATH" line on stderr
