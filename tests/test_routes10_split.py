"""No silent zero from the other half: endings given, none of them in the split scored, are refused naming how many
were given and the split that holds them — by the library, the ``lctg ifsm`` command and the ``lctg_ifsm`` module
alike (one check, in :func:`lctg_metrics.ifsm.score.score_ifsm`); endings of the split scored are scored as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.cli import main
from lctg_metrics.ifsm.score import score_ifsm
from lctg_metrics.schema import ScoringError
from tests.test_ifsm_cli import FIXTURE, register_stand_in, write_head
from tests.test_ifsm_evaluate import _load_module


@pytest.fixture(scope="module")
def head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_stand_in()
    return write_head(tmp_path_factory.mktemp("split_head") / "head.json")


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return load_story_rows(FIXTURE, include_contexts=True)


def _half(rows: list[dict], split: str) -> dict[str, str]:
    return {r["id"]: r["gold_ending"] for r in rows if r["split"] == split}


@pytest.mark.parametrize(("given", "scored"), [("eval", "fit"), ("fit", "eval")])
def test_the_library_refuses_endings_of_the_other_half(given, scored, rows, head):
    endings = _half(rows, given)
    assert endings and _half(rows, scored)
    with pytest.raises(ScoringError) as refused:
        score_ifsm(endings, rows, reader="embedding", reader_options={"head_path": str(head)}, split=scored,
                   adversarial=False, dissimilarity_encoder=None, guard_encoder=None)  # fmt: skip
    assert str(refused.value).startswith(
        f"none of the {len(endings)} endings given is in the {scored} split ({len(endings)} in {given})"
    ), refused.value


def test_the_command_refuses_them_naming_the_flag(rows, head, tmp_path, capsys):
    endings = _half(rows, "eval")
    path = tmp_path / "se_eval.jsonl"
    path.write_text(
        "".join(json.dumps({"id": k, "generation": v}) + "\n" for k, v in endings.items()), encoding="utf-8"
    )
    argv = ["ifsm", str(path), "--stories-source", str(FIXTURE), "--head", str(head), "--no-adversarial",
            "--allow-invalid", "--dissimilarity", "none", "--no-attack-cache"]  # fmt: skip
    assert main([*argv, "--split", "fit"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"lctg ifsm: error: none of the {len(endings)} endings given is in the fit split ({len(endings)} in eval): "
        "score them with --split eval"
    )
    assert main([*argv, "--split", "eval"]) == 0  # the same file, its own split: scored
    assert "IFSM" in capsys.readouterr().out


def test_the_module_refuses_them(rows, head):
    endings = _half(rows, "eval")
    metric = _load_module().LctgIfsm(keep_in_memory=True)
    with pytest.raises(ScoringError, match=r"none of the \d+ endings given is in the fit split \(\d+ in eval\)"):
        metric.compute(predictions=list(endings.values()), references=list(endings), reader="embedding",
                       head=str(head), stories_source=str(FIXTURE), split="fit", adversarial=False,
                       dissimilarity="none")  # fmt: skip
