"""A calibrated reader's per-item constants (the probe threshold, the other candidates as read) are derived once per
head and encoder and kept by the attack cache: a later run reads its endings without reading a single probe, and
reads them exactly as a run that derived everything afresh.

Stories and the bag-of-words stand-in encoder are this project's own (tests/test_ifsm_reader_calibration.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.ifsm import calibration, kept
from lctg_metrics.ifsm.ablation import STORY_WORDS
from lctg_metrics.ifsm.attack_cache import clear_cache, kept_encodings
from lctg_metrics.ifsm.calibration import CalibratedReads, Reading, item_key
from lctg_metrics.ifsm.encoders import Encoder, get_encoder, register_encoder
from lctg_metrics.ifsm.fit_head import fit_calibrated
from lctg_metrics.ifsm.head import Head
from lctg_metrics.ifsm.items import MCItem, gold_item, with_ending
from tests.test_ifsm_reader_calibration import _bag_of_words, _rows

SCOPE = "rows|reader"


def _fresh() -> Encoder:
    """A new process's encoder: no vectors, no memos."""
    register_encoder("bow-const", lambda: Encoder("bow-const", "lctg", _bag_of_words), replace=True)
    return get_encoder("bow-const")


@pytest.fixture(scope="module")
def head() -> Head:
    _fresh()
    return fit_calibrated(_rows(), "bow-const", ablating=STORY_WORDS)


def _generated(rows: list[dict]) -> list[MCItem]:
    """Endings of every kind: another candidate, the question glued to the gold ending, a content-free sentence."""
    makers = (
        lambda r: str(r["options"][(r["gold_label"] + 1) % 4]),
        lambda r: f"{r['gold_ending']} {r['question']}",
        lambda r: "Nothing else happened.",
    )
    return [with_ending(r, makers[k % 3](r)) for k, r in enumerate(rows)]


def _same(a: list[Reading], b: list[Reading]) -> bool:
    return [(r.choice, r.scores, r.margin, r.threshold) for r in a] == [
        (r.choice, r.scores, r.margin, r.threshold) for r in b
    ]


def test_a_warm_reader_reads_no_probe_and_reads_as_a_fresh_one(
    head: Head, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LCTG_IFSM_CACHE", str(tmp_path))
    rows = _rows()
    gold, generated = [gold_item(r) for r in rows], _generated(rows)
    # a run that derives everything: the gold set (inside the cache's block, as score_ifsm does), then the endings
    encoder = _fresh()
    with kept_encodings([encoder], SCOPE):
        CalibratedReads(head, encoder).read(gold)
    cold = CalibratedReads(head, encoder).read(generated)
    assert {item_key(i) for i in gold} == {item_key(i) for i in generated}  # the ending is no part of the key
    assert list(tmp_path.glob("const-*.npz"))

    # a later process: its reader never derives a threshold or reads a probe, its endings read the same
    derived: list[int] = []
    monkeypatch.setattr(CalibratedReads, "_threshold", lambda self, item: derived.append(1) or 0.0)
    warmed: list[int] = []
    real_warm = calibration.warm

    def counted_warm(enc: Encoder, items: list[MCItem], *args: object, **kwargs: object) -> None:
        warmed.append(len(items))
        real_warm(enc, items, *args, **kwargs)

    monkeypatch.setattr(calibration, "warm", counted_warm)
    encoder = _fresh()
    with kept_encodings([encoder], SCOPE):
        pass
    embedded: list[str] = []
    real_embed = encoder._embed
    encoder._embed = lambda texts: embedded.extend(texts) or real_embed(texts)
    warm = CalibratedReads(head, encoder).read(generated)
    assert _same(warm, cold)
    assert derived == [] and warmed == [0]
    probes = set(calibration.content_free_endings(gold[0], calibration.probe_set(head)))
    assert not probes & set(embedded)  # the vectors were kept; nothing the gold run read is embedded again


def test_without_kept_constants_every_item_is_derived_and_reads_the_same(
    head: Head, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The honest side: constants that are not there (cleared, another code version, a damaged file) are derived,
    and derived ones read as kept ones."""
    monkeypatch.setenv("LCTG_IFSM_CACHE", str(tmp_path))
    rows = _rows()
    gold, generated = [gold_item(r) for r in rows], _generated(rows)
    encoder = _fresh()
    with kept_encodings([encoder], SCOPE):
        CalibratedReads(head, encoder).read(gold)
    expected = CalibratedReads(head, _fresh()).read(generated)  # no cache at all

    for spoil in ("damaged", "other code", "cleared"):
        if spoil == "damaged":
            for path in tmp_path.glob("const-*.npz"):
                path.write_bytes(b"PK\x03\x04 not a constants file")
        elif spoil == "other code":
            monkeypatch.setattr(kept, "code_digest", lambda: "0" * 16)
        else:
            monkeypatch.undo()
            monkeypatch.setenv("LCTG_IFSM_CACHE", str(tmp_path))
            clear_cache()
            assert not list(tmp_path.glob("const-*.npz"))
        encoder = _fresh()
        with kept_encodings([encoder], SCOPE):
            pass
        assert not encoder.memos(), spoil
        assert _same(CalibratedReads(head, encoder).read(generated), expected), spoil


def test_kept_constants_cover_items_derived_earlier_in_the_process(
    head: Head, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An item this scope reads whose constants were derived before the block (another data set sharing the item)
    is kept too, and every kept threshold is the one a fresh reader derives."""
    monkeypatch.setenv("LCTG_IFSM_CACHE", str(tmp_path))
    rows = _rows()
    encoder = _fresh()
    CalibratedReads(head, encoder).read([gold_item(r) for r in rows[:6]])  # outside any scope
    with kept_encodings([encoder], SCOPE):
        CalibratedReads(head, encoder).read([gold_item(r) for r in rows[4:]])
    encoder = _fresh()
    with kept_encodings([encoder], SCOPE):
        pass
    (memo,) = encoder.memos().values()
    assert set(memo) == {item_key(gold_item(r)) for r in rows}
    fresh = CalibratedReads(head, _fresh())
    assert [memo[item_key(gold_item(r))][0] for r in rows] == [fresh._threshold(gold_item(r)) for r in rows]
