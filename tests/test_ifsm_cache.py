"""The IFSM attack table cache: on by default, keyed by what the table depends on, atomic, shared by concurrent runs,
bypassed and cleared on request; the guard's text normal forms computed once per text.

Stories and the stand-in encoder come from tests/test_ifsm_validity.py (generated from a word list, no upstream
text). Every test points the cache at its own temporary folder.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import pytest

from lctg_metrics.ifsm import READERS, guards, register_reader, score_ifsm
from lctg_metrics.ifsm.adversarial import ADVERSARIAL_SETS
from lctg_metrics.ifsm.attack_cache import cache_dir, clear_cache
from lctg_metrics.ifsm.encoders import ENCODERS, FINGERPRINT_TEXTS, Encoder, register_encoder
from lctg_metrics.ifsm.fixed import CANARY
from lctg_metrics.ifsm.records import flat_dict, result_dict
from lctg_metrics.ifsm.report import format_result
from tests.test_ifsm_validity import GoldReader, TargetReader, _rows


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LCTG_IFSM_CACHE", str(tmp_path / "ifsm"))
    monkeypatch.setitem(READERS, "cache-perfect", None)  # registered by each test, removed after it
    return tmp_path / "ifsm"


class Counting(GoldReader):
    """The perfect reader, counting the items it is asked about."""

    calls: list[int] = []

    def choose(self, items):
        Counting.calls.append(len(items))
        return super().choose(items)


def _use(factory) -> None:
    register_reader("cache-perfect", factory, replace=True)


def _score(rows, reader="cache-perfect", **options):
    return score_ifsm(
        {r["id"]: r["gold_ending"] for r in rows},
        rows,
        reader=reader,
        guard_encoder="validity-bow",
        dissimilarity_encoder=None,
        n_boot=200,
        **options,
    )


def test_the_table_is_cached_by_default_and_reused_with_the_same_numbers(folder: Path) -> None:
    rows = _rows()
    _use(lambda: Counting(rows))
    Counting.calls.clear()
    first = _score(rows)
    asked_first = sum(Counting.calls)
    Counting.calls.clear()
    second = _score(rows)
    assert (first.attacks_reused, second.attacks_reused) == (False, True)
    assert second.attacks == first.attacks and second.adversarial == first.adversarial
    assert (second.ifsm, second.ci, second.valid, second.signature) == (
        first.ifsm,
        first.ci,
        first.valid,
        first.signature,
    )
    # the second run reads the generated endings and the few gold and probe items that key the cache: no gold run,
    # no probes, no attack table
    keyed = (1 + len(ADVERSARIAL_SETS)) * min(CANARY, len(rows))
    assert Counting.calls == [keyed, len(rows)] and sum(Counting.calls) < asked_first
    assert (second.oracle, second.checks) == (first.oracle, first.checks)
    assert len(list(folder.glob("*.json"))) == 1 and not list(folder.glob("*.tmp"))
    assert result_dict(first)["attacks_reused"] is False and result_dict(second)["attacks_reused"] is True
    assert flat_dict(second)["attacks_reused"] is True
    assert "reused from the cache" in format_result(second) and "computed for this run" in format_result(first)


def test_bypass_and_off_leave_the_cache_alone(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = _rows()
    _use(lambda: Counting(rows))
    assert not _score(rows, attack_cache=False).attacks_reused
    assert not folder.exists()
    monkeypatch.setenv("LCTG_IFSM_CACHE", "off")
    assert cache_dir() is None
    assert not _score(rows).attacks_reused and not _score(rows).attacks_reused
    assert not folder.exists()


def test_a_reader_object_is_never_cached(folder: Path) -> None:
    rows = _rows()
    assert not _score(rows, GoldReader(rows)).attacks_reused and not _score(rows, GoldReader(rows)).attacks_reused
    assert not folder.exists() or not list(folder.glob("*.json"))


def test_another_behaviour_under_the_same_name_gets_its_own_table(folder: Path) -> None:
    """Same name and ReaderInfo, another reader behind it: the key holds what the reader did on gold, so the
    fooled reader's table is computed, not taken from the perfect one (which would hide that attacks get through)."""
    rows = _rows()
    _use(lambda: GoldReader(rows))
    honest = _score(rows)

    class Fooled(TargetReader):
        info = GoldReader.info  # claims to be the perfect reader

    _use(lambda: Fooled())
    fooled = _score(rows)
    assert not fooled.attacks_reused and len(list(folder.glob("*.json"))) == 2
    assert not any(a.gets_through for a in honest.attacks.values())
    assert fooled.attacks != honest.attacks


@pytest.mark.slow  # five scoring runs with attack tables
def test_other_data_or_bootstrap_is_another_key_and_a_damaged_file_is_recomputed(folder: Path) -> None:
    rows = _rows()
    _use(lambda: GoldReader(rows))
    _score(rows)
    assert not _score(_rows(seed=2)).attacks_reused
    assert not score_ifsm(
        {r["id"]: r["gold_ending"] for r in rows},
        rows,
        reader="cache-perfect",
        guard_encoder="validity-bow",
        dissimilarity_encoder=None,
        n_boot=300,
    ).attacks_reused
    for path in folder.glob("*.json"):
        path.write_text('{"format": "lctg-ifsm-attacks/2", "key": "x"', "utf-8")
    again = _score(rows)
    assert not again.attacks_reused
    assert json.loads(next(p for p in folder.glob("*.json") if "probes" in p.read_text("utf-8")).read_text("utf-8"))
    assert _score(rows).attacks_reused


def test_clear_removes_the_tables_and_encodings(folder: Path) -> None:
    rows = _rows()
    _use(lambda: GoldReader(rows))
    _score(rows)
    assert cache_dir() == folder and list(folder.glob("*.json"))
    (folder / "notes.txt").write_text("a user's own file", "utf-8")
    assert clear_cache() == 1
    assert not list(folder.glob("*.json")) and not list(folder.glob("*.npz")) and clear_cache() == 0
    assert (folder / "notes.txt").exists()  # only the cache's own files go
    assert not _score(rows).attacks_reused and _score(rows).attacks_reused


def test_two_concurrent_runs_compute_the_table_once(folder: Path) -> None:
    """Two runs of one key at the same time: one computes, the other waits on the key's lock and reuses it."""
    rows = _rows()
    _use(lambda: GoldReader(rows))
    results, errors = [], []

    def run() -> None:
        try:
            results.append(_score(rows))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sorted(r.attacks_reused for r in results) == [False, True]
    assert results[0].attacks == results[1].attacks
    assert len(list(folder.glob("*.json"))) == 1 and not list(folder.glob("*.tmp"))


def test_no_home_means_no_cache_rather_than_a_cache_in_the_working_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LCTG_IFSM_CACHE", raising=False)
    monkeypatch.delenv("LCTG_CACHE_DIR", raising=False)
    for home in ("", "relative/home"):
        monkeypatch.setenv("HOME", home)
        assert cache_dir() is None
    monkeypatch.setenv("LCTG_CACHE_DIR", "/somewhere")
    assert cache_dir() == Path("/somewhere/ifsm_attacks")


def test_the_guard_normalises_each_text_once_and_gives_the_same_verdicts() -> None:
    """readable/words/bigrams are cached by text: a second pass over the same texts computes nothing new, and the
    cached values equal a fresh computation (expected bigrams built here from the word list)."""
    texts = [
        "Ｔｈｅ ｄｏｇ found the kite.",
        "W h a t happened to th3 b0at?",
        "Tom smiled &amp; waved.",
        "Мaria fixed the lamp.",
        "one",
    ]
    guards.readable.cache_clear()
    first = [guards.readable(t) for t in texts]
    misses = guards.readable.cache_info().misses
    assert [guards.readable(t) for t in texts] == first and guards.readable.cache_info().misses == misses
    assert guards.readable.__wrapped__(texts[0]) == first[0] == "The dog found the kite."
    for text in texts:
        tokens = guards.words(text)
        expected = set(zip(tokens, tokens[1:])) if len(tokens) > 1 else {tuple(tokens)}
        assert guards.bigrams(text) == expected
        guards.bigrams(text).add(("mutated",))  # a caller's copy: the cache is not changed by it
        assert ("mutated",) not in guards.bigrams(text)
        guards.words(text).append("x")
        assert guards.words(text) == tokens


def _counting_encoder(embedded: list[str], scale: float = 1.0):
    from tests.test_ifsm_validity import _embed

    def embed(texts):
        embedded.extend(texts)
        return _embed(texts) * scale + (0.0 if scale == 1.0 else np.eye(1, _embed(["x"]).shape[1], 0) * 0.5)

    return lambda: Encoder("cache-bow", "lctg", embed)


def test_a_later_run_embeds_only_the_new_endings(folder: Path) -> None:
    """The vectors of what the gold run reads (questions, contexts, candidates, probes) are kept: a later process
    (a fresh encoder) embeds only the endings it has not seen, and scores the same."""
    rows = _rows()
    _use(lambda: GoldReader(rows))
    embedded: list[str] = []
    register_encoder("cache-bow", _counting_encoder(embedded), replace=True)
    try:
        gold = {r["id"]: r["gold_ending"] for r in rows}
        first = score_ifsm(
            gold, rows, reader="cache-perfect", guard_encoder="cache-bow", dissimilarity_encoder=None, n_boot=200
        )
        assert list(folder.glob("enc-*.npz"))
        mine = {
            r["id"]: f"In the end {r['question'].split()[2]} smiled at the {i} lanterns." for i, r in enumerate(rows)
        }
        register_encoder("cache-bow", _counting_encoder(embedded), replace=True)  # a new process: nothing in memory
        embedded.clear()
        again = score_ifsm(
            gold, rows, reader="cache-perfect", guard_encoder="cache-bow", dissimilarity_encoder=None, n_boot=200
        )
        assert [t for t in embedded if t not in FINGERPRINT_TEXTS] == []  # gold endings: nothing new
        assert (again.ifsm, again.checks, again.attacks) == (first.ifsm, first.checks, first.attacks)
        register_encoder("cache-bow", _counting_encoder(embedded), replace=True)
        embedded.clear()
        score_ifsm(
            mine, rows, reader="cache-perfect", guard_encoder="cache-bow", dissimilarity_encoder=None, n_boot=200
        )
        new = {t for t in embedded if t not in FINGERPRINT_TEXTS}
        assert new and new <= set(mine.values())
        # another encoder under the same name and version (other weights): its own vectors, none preloaded
        register_encoder("cache-bow", _counting_encoder(embedded, scale=2.0), replace=True)
        embedded.clear()
        score_ifsm(
            gold, rows, reader="cache-perfect", guard_encoder="cache-bow", dissimilarity_encoder=None, n_boot=200
        )
        assert {r["question"] for r in rows} <= set(embedded)
    finally:
        ENCODERS.pop("cache-bow", None)
