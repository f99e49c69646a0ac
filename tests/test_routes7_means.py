"""The printed mean of several samples per id shows counts as counts ("flagged: 12", never "12.0000"), or says they
are a mean of N samples; scores keep the family's four decimals; a run of one sample prints the family's table."""

from __future__ import annotations

import json
from pathlib import Path

from lctg_metrics.cli.means import printed_table
from lctg_metrics.family import run
from lctg_metrics.family_protocol import FamilyResult
from tests.test_family_samples import LINES, ROWS, _file
from tests.test_if_score import _write_dataset


def _sample(n: int, flagged: int, ifsm: float) -> FamilyResult:
    flat = {"ifsm": ifsm, "n": n, "flagged": flagged, "unparseable": 0, "valid": True, "signature": "ifsm|x"}
    return FamilyResult("ifsm|x", flat, {}, [], f"IFSM {ifsm:.3f} over {n} items", valid=True)


def _mean(samples: list[FamilyResult]) -> FamilyResult:
    """The mean as the family's mean_result shapes it: every number the plain mean (floats), written out here."""
    keys = ("ifsm", "n", "flagged", "unparseable")
    flat = {k: sum(s.flat[k] for s in samples) / len(samples) for k in keys}
    flat |= {"valid": True, "samples": len(samples), "signature": "ifsm|samples:3|x"}
    return FamilyResult("ifsm|samples:3|x", flat, {"mean": dict(flat)}, [], "family table", samples=tuple(samples))


def test_equal_counts_print_as_integers() -> None:
    text = printed_table(_mean([_sample(571, 12, 0.5), _sample(571, 12, 0.6), _sample(571, 12, 0.7)]))
    block = text.split("mean over 3 samples:\n")[1].splitlines()
    assert "n: 571" in block and "flagged: 12" in block and "unparseable: 0" in block
    assert "ifsm: 0.6000" in block and not any(".0000" in line for line in block if line.startswith(("n:", "fl")))
    assert text.count("sample ") >= 3 and "IFSM 0.700 over 571 items" in text and block[-1] == "ifsm|samples:3|x"


def test_unequal_counts_say_they_are_a_mean() -> None:
    text = printed_table(_mean([_sample(571, 12, 0.5), _sample(571, 12, 0.5), _sample(571, 13, 0.5)]))
    assert "flagged: 12.33 (mean of 3 samples: 12, 12, 13)" in text.splitlines()


def test_the_json_and_flat_values_are_left_as_they_are() -> None:
    mean = _mean([_sample(571, 12, 0.5), _sample(571, 13, 0.5)])
    before = json.dumps([mean.flat, mean.json])
    printed_table(mean)
    assert json.dumps([mean.flat, mean.json]) == before and mean.flat["flagged"] == 12.5


def test_one_sample_and_a_real_family_mean_print_as_the_family_does(tmp_path: Path) -> None:
    folder = _write_dataset(tmp_path / "lctg", ROWS)
    one = run("instr", _file(tmp_path / "one.jsonl", LINES[:2]), dataset=folder, options={"ci": False})
    assert printed_table(one) == one.table
    two = run("instr", _file(tmp_path / "two.jsonl", LINES), dataset=folder, options={"ci": False})
    assert printed_table(two) == two.table  # no counts among its numbers: the family's text, unchanged
