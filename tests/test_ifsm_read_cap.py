"""The reader reads a flagged over-length ending only up to the guard's limit plus a margin (adversarial probes a3):
what it reads is still over the limit (the guard flags it the same way), an ending that passes is read whole, and
the guarded score never changes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.ifsm import MCItem, ReaderInfo
from lctg_metrics.ifsm.guards import MAX_WORDS
from lctg_metrics.ifsm.items import with_ending
from lctg_metrics.ifsm.run import guard, run_set

FIXTURE = Path(__file__).parent / "data" / "ifsm"


class Recording:
    """Picks the target slot and keeps every ending it was shown there."""

    info = ReaderInfo("recording", "0", "0", weak=True)

    def __init__(self) -> None:
        self.shown: list[str] = []

    def choose(self, items: Sequence[MCItem]) -> list[int | None]:
        self.shown += [item.options[item.target] for item in items]
        return [item.target for item in items]


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return load_story_rows(FIXTURE, include_contexts=True)[:3]


def _long(row: dict, n: int) -> str:
    gold = str(row["options"][row["gold_label"]]).split()
    return " ".join(gold[k % len(gold)] + ("" if k % 7 else ",") for k in range(n))  # n words, a comma now and then


@pytest.mark.parametrize("raw", [True, False])
def test_a_flagged_long_ending_is_read_cut_and_still_flagged(rows: list[dict], raw: bool) -> None:
    endings = [_long(rows[0], 500), _long(rows[1], MAX_WORDS + 5), str(rows[2]["options"][rows[2]["gold_label"]])]
    reader = Recording()
    score, run = run_set(reader, rows, [with_ending(r, e) for r, e in zip(rows, endings)], "t", raw, 10, 0)
    assert [v.passed for v in run.verdicts] == [False, False, True]
    assert all(v.reason.startswith("over-length") for v in run.verdicts[:2])
    if not raw:  # only the passing ending is shown, as it is
        assert reader.shown == [endings[2]]
    else:
        cut, short, whole = reader.shown
        assert endings[0].startswith(cut) and len(cut.split()) < 100 < len(endings[0].split())
        assert guard(rows[0], cut).reason.startswith("over-length")  # what it read is flagged as the whole is
        assert (short, whole) == (endings[1], endings[2])  # within the margin, or passing: read whole
        assert score.raw == 1.0  # this reader picks whatever it reads in the target slot
    assert score.guarded == pytest.approx(1 / 3) and run.hits == [False, False, True]
