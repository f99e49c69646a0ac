"""The white-box hugging attack picks, per item, the candidate closest to the question among those the guard lets
through, and embeds no candidate the guard flags without a similarity (the similarity only adds a reason to flag)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.ifsm.attack_table import _hugging
from lctg_metrics.ifsm.attacks import HUGGING
from lctg_metrics.ifsm.encoders import Encoder
from lctg_metrics.ifsm.guards import check_ending, readable, sentences, words

FIXTURE = Path(__file__).parent / "data" / "ifsm"
DIM = 64


def _embed(texts: list[str]) -> np.ndarray:
    out = np.zeros((len(texts), DIM), np.float32)
    for row, text in enumerate(texts):
        for word in words(text):
            out[row, int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % DIM] += 1.0
        out[row, DIM - 1] += 0.01
    return out


def _unit(v: np.ndarray) -> np.ndarray:
    return v / np.linalg.norm(v)


def _expected(row: dict, candidates: list[str]) -> str:
    """Every candidate's highest sentence cosine with the question, the guard with it, the closest that passes."""
    q = _unit(_embed([str(row["question"])])[0])
    best: tuple[float, str] | None = None
    for c in candidates:
        shown = readable(" ".join(c.split()[:41]))
        sim = max(float(_unit(v) @ q) for v in _embed(sentences(shown) or [shown]))
        verdict = check_ending(
            c,
            question=str(row["question"]),
            context=str(row["document"] or ""),
            options=list(row["options"]),
            gold_label=int(row["gold_label"]),
            question_similarity=sim,
        )
        if verdict.passed and (best is None or (sim, c) > best):
            best = (sim, c)
    return best[1] if best else candidates[0]


@pytest.mark.parametrize("name", sorted(HUGGING))
def test_hugging_picks_the_closest_passing_candidate_and_embeds_no_flagged_one(name: str) -> None:
    rows = load_story_rows(FIXTURE, include_contexts=True)
    make = HUGGING[name]
    embedded: list[str] = []

    def counting(texts: list[str]) -> np.ndarray:
        embedded.extend(texts)
        return _embed(texts)

    chosen = _hugging(rows, Encoder("hug-count", "lctg", counting), make)
    assert chosen == [_expected(row, make(row)) for row in rows]
    flagged = {
        readable(" ".join(c.split()[:41]))
        for row in rows
        for c in make(row)
        if not check_ending(
            c,
            question=str(row["question"]),
            context=str(row["document"] or ""),
            options=list(row["options"]),
            gold_label=int(row["gold_label"]),
        ).passed
    }
    passing = {readable(" ".join(c.split()[:41])) for row, c in zip(rows, chosen)}
    assert flagged - passing, "the fixture should have candidates the guard flags without a similarity"
    assert not (set(embedded) & (flagged - passing)), "a candidate flagged without a similarity was embedded"
