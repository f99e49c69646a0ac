"""Validation reports prompts sent as the same text under two ids (7 ad_text FORMAT prompts upstream), in
validation.json and the card, without touching the faithful rows' flags."""

from __future__ import annotations

import json

from tests.conftest import ASPECTS


def _expected(upstream_records: dict) -> set[tuple[str, int, str, str]]:
    """Computed from the upstream files directly: (task, later id, aspect, first id) for every repeated prompt text."""
    out = set()
    for task, recs in upstream_records.items():
        for aspect in ASPECTS:
            first: dict[str, int] = {}
            for rec in recs:
                text = rec[f"prompt_{aspect}"]
                pid = int(rec["prompt_id"])
                if text in first and first[text] != pid:
                    out.add((task, pid, aspect, first[text]))
                first.setdefault(text, pid)
    return out


def test_duplicate_prompts_are_reported(built_dataset, upstream_records, built_rows):
    expected = _expected(upstream_records)
    assert len(expected) == 7 and {(t, a) for t, _, a, _ in expected} == {("ad_text", "format")}
    findings = json.loads((built_dataset / "validation.json").read_text(encoding="utf-8"))
    got = {(f["task"], f["prompt_id"], f["aspect"], f["detail"]) for f in findings if f["kind"] == "duplicate_prompt"}
    assert got == {(t, p, a, f"prompt_{a} is the same text as {t}/{first}/{a}") for t, p, a, first in expected}
    for task, pid, aspect, first in expected:  # really the same text, under two ids
        assert built_rows[f"{task}/{pid}/{aspect}"]["prompt"] == built_rows[f"{task}/{first}/{aspect}"]["prompt"]
        assert "duplicate_prompt" not in built_rows[f"{task}/{pid}/{aspect}"]["flags"]  # 1.0.0 rows unchanged
    card = (built_dataset / "README.md").read_text(encoding="utf-8")
    assert "`duplicate_prompt`" in card and "ad_text/100289/format" in card
