"""Every metric module's Space page explains its result keys: a legend for each module (lctg_ifsm too), naming the
keys its results carry."""

from __future__ import annotations

import pytest

from lctg_metrics.evaluate_ctg._space_content import ID_MODULES, LEGENDS


def test_every_module_has_a_legend() -> None:
    assert set(LEGENDS) == set(ID_MODULES)


@pytest.mark.parametrize("key", ["**ifsm**", "**reader_accuracy**", "**n**", "**flagged**", "**check/***", "**valid**"])
def test_the_ifsm_legend_names_its_keys(key: str) -> None:
    assert key in LEGENDS["lctg_ifsm"]


@pytest.mark.slow
def test_the_file_tab_refuses_a_details_file_as_lctg_score_does(built_dataset, tmp_path) -> None:
    """The lctg_ctg Space's file tab given a details file: one line naming it, as ``lctg score`` says it (gradio's
    import makes this slow); its generations still score."""
    from lctg_metrics.cli import main
    from lctg_metrics.evaluate_ctg import app

    gens, details = tmp_path / "g.jsonl", tmp_path / "d.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "-o", str(gens)]) == 0
    assert main(["score", str(gens), "--dataset", str(built_dataset), "--details", str(details)]) == 0
    with pytest.raises(app.gr.Error, match=r"d\.jsonl is an lctg score details file .*not generations"):
        app.score_file(str(details), str(built_dataset), "", "{}")
    assert 0 <= app.score_file(str(gens), str(built_dataset), "", "{}")["summary/average"] <= 1
