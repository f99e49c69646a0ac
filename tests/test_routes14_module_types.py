"""Wrong types in the evaluate modules and the stories loader: one line naming the argument (as ``run`` says it),
never a bare Python error from deep inside."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.evaluate_ctg.lctg_ctg import LctgCtg
from tests.test_family_samples import LINES as IF_LINES
from tests.test_family_samples import ROWS as IF_ROWS
from tests.test_if_evaluate import _load_module as load_if
from tests.test_ifsm_cli import FIXTURE


def test_lctg_ctg_names_a_wrong_revision_and_dataset(built_dataset: Path) -> None:
    ctg = LctgCtg(keep_in_memory=True)
    args = {"predictions": ["x"], "references": ["summary/1614/format"]}
    revision = r"^lctg_ctg: revision: expected a revision of the Hub dataset \(str.*got int 5$"
    with pytest.raises(TypeError, match=revision):
        ctg.compute(**args, dataset="me/lctg", revision=5)
    dataset = r"^dataset: expected a dataset folder or a Hub dataset repo id \(str\), got int 5$"  # as before
    with pytest.raises(ValueError, match=dataset):
        ctg.compute(**args, dataset=5)
    assert "summary/average" in ctg.compute(**args, dataset=str(built_dataset), missing="skip")  # honest: runs


def test_lctg_if_names_a_wrong_dataset_revision_and_config(built_dataset: Path) -> None:
    lctg_if = load_if().LctgIf(keep_in_memory=True)
    ids = [i for i, _ in IF_LINES[:2]]
    for kwargs, message in (
        ({"dataset": 5}, r"^lctg_if: dataset: expected a built dataset folder .*got int 5$"),
        ({"dataset": "me/x", "revision": 5}, r"^lctg_if: revision: expected a revision .*got int 5$"),
        ({"dataset": "me/x", "config": 5}, r"^lctg_if: config: expected a dataset config name \(str\), got int 5$"),
    ):
        with pytest.raises(TypeError, match=message) as info:
            lctg_if.compute(predictions=["a", "b"], references=ids, **kwargs)
        assert "\n" not in str(info.value)
    refs = [{"instruction_id_list": r["instruction_id_list"], "kwargs": r["kwargs"]} for r in IF_ROWS[:2]]
    assert "prompt_level_strict" in lctg_if.compute(predictions=["a", "b"], references=refs)  # honest: runs


@pytest.mark.parametrize("source", [5, 2.5, ["a"], {"x": 1}])
def test_load_story_rows_names_a_wrong_source(source) -> None:
    with pytest.raises(TypeError, match=r"^source: expected your Possible Stories folder \(str or path") as info:
        load_story_rows(source=source)
    assert "\n" not in str(info.value)


def test_load_story_rows_still_reads_a_folder_as_str_or_path() -> None:
    assert load_story_rows(str(FIXTURE)) == load_story_rows(FIXTURE) and load_story_rows(FIXTURE)
