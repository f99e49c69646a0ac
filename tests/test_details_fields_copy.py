"""The Space's copy of the details-file fields (it has no lctg package to ask) is the package's declaration."""

from __future__ import annotations

from lctg_metrics.evaluate_ctg._space_content import DETAILS_FIELDS as SPACE_FIELDS
from lctg_metrics.family_protocol import DETAILS_FIELDS, details_kind


def test_the_space_tells_details_files_apart_as_the_package_does() -> None:
    assert SPACE_FIELDS == DETAILS_FIELDS
    assert details_kind({"id": "a", "sample": 0, "aspect": "format", "passed": True}) is not None
    assert details_kind({"id": "a", "generation": "x"}) is None
