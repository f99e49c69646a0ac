"""``lctg if-score`` on a large input shows a progress bar when asked or on a terminal (as ``lctg score`` does), and
nothing when stderr is not a terminal, with ``--no-progress`` or on a small input; the scores never change."""

from __future__ import annotations

import json

import pytest

from lctg_metrics.scoring.check import PROGRESS_THRESHOLD
from tests.test_if_score import _write_dataset, _write_jsonl, cli  # noqa: F401  (the fixture)

BAR = "lctg if-score: checking"


def _rows(n: int) -> list[dict]:
    return [
        {
            "id": f"if/{k}",
            "task": "instructions",
            "prompt_id": k,
            "base_text": "",
            "prompt": f"指示 {k}",
            "instruction_id_list": ["rule:no_comma"],
            "kwargs": ["{}"],
            "categories": ["ルール指定(非一般)"],
            "dataset_version": "1.1.0",
        }
        for k in range(n)
    ]


def _texts(n: int) -> list[dict]:
    # every third one has a comma (、): fails no_comma in both modes
    return [{"id": f"if/{k}", "generation": "京都、抹茶。" if k % 3 == 0 else "京都の抹茶。"} for k in range(n)]


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, int]:
    n = PROGRESS_THRESHOLD + 1  # just above the threshold: a bar when asked
    folder = tmp_path_factory.mktemp("large")
    dataset = _write_dataset(folder / "lctg", _rows(n))
    gens = _write_jsonl(folder / "g.jsonl", _texts(n))
    return str(gens), str(dataset), n


def _run(cli, capsys, gens: str, dataset: str, out, *flags: str) -> tuple[str, dict]:  # noqa: F811
    assert cli(["if-score", gens, "--dataset", dataset, "--no-ci", "--json", str(out), *flags]) == 0
    err = capsys.readouterr().err
    return err, json.loads(out.read_text(encoding="utf-8"))


def test_a_large_input_shows_a_bar_only_when_asked(cli, large, tmp_path, capsys) -> None:  # noqa: F811
    pytest.importorskip("tqdm")
    gens, dataset, n = large
    err, shown = _run(cli, capsys, gens, dataset, tmp_path / "a.json", "--progress")
    assert BAR in err and f"{n}/{n}" in err, err
    for flags in ([], ["--no-progress"]):  # stderr is not a terminal under pytest: quiet unless asked
        quiet_err, quiet = _run(cli, capsys, gens, dataset, tmp_path / "b.json", *flags)
        assert BAR not in quiet_err and "\r" not in quiet_err and "it/s" not in quiet_err, quiet_err
        assert quiet["scores"] == shown["scores"] and quiet["signature"] == shown["signature"]
    failed = sum(1 for k in range(n) if k % 3 == 0)  # the comma texts, counted here from the fixture's rule
    assert shown["scores"]["prompt_level"]["strict"]["estimate"] == pytest.approx((n - failed) / n)


def test_a_small_input_shows_no_bar_even_when_asked(cli, tmp_path, capsys) -> None:  # noqa: F811
    dataset = _write_dataset(tmp_path / "lctg", _rows(5))
    gens = _write_jsonl(tmp_path / "g.jsonl", _texts(5))
    err, result = _run(cli, capsys, str(gens), str(dataset), tmp_path / "r.json", "--progress")
    assert BAR not in err
    assert result["scores"]["prompt_level"]["strict"]["estimate"] == pytest.approx(3 / 5)  # ids 0 and 3 fail
