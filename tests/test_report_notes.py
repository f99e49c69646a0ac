"""The report's notes beside the placement among the published models: prompts the papers did not have are named."""

from __future__ import annotations

import pytest

from lctg_metrics import signature
from lctg_metrics.analysis.report_data import placement_notes


@pytest.mark.parametrize(
    ("data", "config"),
    [("1.1.0+multi", "multi"), ("1.1.0+multi@me/lctg@v1.1.0=89abcdef0123#3eb7d0190d29", "multi"),
     ("1.1.0+variants.k5.s0", "variants")],
)  # fmt: skip
def test_a_derived_config_is_named_as_prompts_the_papers_did_not_have(data: str, config: str) -> None:
    notes = placement_notes({"cleaner": "rule", "data": data}, has_quality=False)
    said = [n for n in notes if "were not in the papers" in n]
    assert len(said) == 1, notes
    assert said[0].startswith(f"Your data is {data.split('@')[0]} (the {config} config")


@pytest.mark.parametrize("data", ["1.0.0", "1.1.0", "1.0.0@me/lctg@v1.0.0=89abcdef0123#3eb7d0190d29", None])
def test_the_released_prompts_get_no_such_note(data: str | None) -> None:
    fields = {"cleaner": "rule", **({"data": data} if data else {})}
    assert not any("not in the papers" in n for n in placement_notes(fields, has_quality=True))


def test_the_note_reads_a_real_signature() -> None:
    parsed = signature.parse("ctg:1|data:1.1.0+multi|cleaner:rule")
    assert any(n.startswith("Your data is 1.1.0+multi (the multi config") for n in placement_notes(parsed, False))
