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
