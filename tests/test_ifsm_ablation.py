"""Question-word ablation (reader v3-abl): what the reader reads once the question's words leave every candidate.

The invariant that matters: putting the question's words into an ending, anywhere and in any form the reader reads
as the same word (inflection, capitals, look-alike letters), never changes what the ablating reader reads.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.ifsm import EmbeddingReader, Encoder, register_encoder
from lctg_metrics.ifsm.ablation import EMPTY, QUESTION_WORDS, STORY_WORDS, ablate, ablated_item
from lctg_metrics.ifsm.fit_head import ABLATING_VERSION, fit_calibrated
from lctg_metrics.ifsm.head import load_head, save_head
from lctg_metrics.ifsm.items import MCItem, with_ending
from tests.test_ifsm_reader_calibration import NAMES, _bag_of_words

QUESTION = "Why did Marta start crying at the lake?"


@pytest.mark.parametrize(
    ("ending", "expected"),
    [
        ("Marta cried because her boat sank.", "because her boat sank."),  # cried ~ crying (one stem), the name
        ("In the end, Marta started crying.", "In end,."),  # the question's asking words go too
        ("MARTA CRIES AT THE LAKE!", "!"),
        ("Then Mаrtа saw that the lаke was dry.", "Then saw that was dry."),  # Cyrillic а read as Latin a
        ("Why did Marta start crying?", "?"),
        ("why did", EMPTY),
        ("Her brother found the lost kite.", "Her brother found lost kite."),
    ],
)
def test_ablate(ending: str, expected: str) -> None:
    assert ablate(ending, QUESTION) == expected


_QWORDS = [
    "Marta",
    "crying",
    "cried",
    "cries",
    "lake",
    "lakes",
    "why",
    "did",
    "start",
    "started",
    "the",
    "at",
    "MARTA",
    "Lake",
]
_OTHER = ["her", "boat", "sank", "brother", "found", "kite", "and", "then", "laughed", "home", "dog", "rain"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_OTHER), min_size=1, max_size=8), st.data())
def test_question_words_anywhere_change_nothing(words: list[str], data: st.DataObject) -> None:
    inserted = list(words)
    for _ in range(data.draw(st.integers(0, 6))):
        inserted.insert(data.draw(st.integers(0, len(inserted))), data.draw(st.sampled_from(_QWORDS)))
    assert ablate(" ".join(inserted) + ".", QUESTION) == ablate(" ".join(words) + ".", QUESTION)


def test_ablated_item_keeps_question_context_and_target() -> None:
    item = MCItem("x", "Marta went to the lake.", QUESTION, ("Marta cried.", "The boat sank at the lake."), 1)
    view = ablated_item(item)
    assert (view.context, view.question, view.target) == (item.context, item.question, item.target)
    assert view.options == (EMPTY, "boat sank.")


# the bag-of-words stand-in encoder and the names of the calibration tests, registered under this file's name
register_encoder("bow-abl", lambda: Encoder("bow-abl", "lctg", _bag_of_words), replace=True)
THINGS = ["kite", "cake", "bike", "phone", "boat", "lamp", "drum", "tent", "vase", "sled", "radio", "scarf"]


def _rows() -> list[dict]:
    """Items of our own where the gold ending tells what the story's last sentence sets up, in the story's words
    and not the question's (the question asks about the wind; the story's storm and the gold's storm match)."""
    rows = []
    for i in range(24):
        name, thing, other = NAMES[i % 12], THINGS[(i * 5) % 12], THINGS[(i * 5 + 3) % 12]
        context = f"{name} bought a new {thing}. A storm came over the hill. The storm broke the old fence."
        gold = f"The storm broke the {thing} too, and the fence fell."
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
def ablating(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("head") / "head-abl.json"
    head = fit_calibrated(_rows(), "bow-abl", ablating=QUESTION_WORDS)
    assert head.ablate == QUESTION_WORDS and head.version == ABLATING_VERSION[QUESTION_WORDS]
    save_head(head, path)
    return path


def test_ablating_head_round_trips_and_unknown_ablation_is_refused(ablating: Path, tmp_path: Path) -> None:
    head = load_head(ablating)
    assert head.ablate == QUESTION_WORDS
    save_head(replace(head, ablate="everything"), tmp_path / "bad.json")
    with pytest.raises(ValueError, match="bad.json: ablate 'everything'"):
        load_head(tmp_path / "bad.json")


def test_question_words_in_an_ending_never_change_the_reading(ablating: Path) -> None:
    reader = EmbeddingReader(ablating)
    rows = _rows()
    for make in (lambda r: r["gold_ending"], lambda r: f"{r['options'][(r['gold_label'] + 1) % 4]}"):
        plain = reader.read([with_ending(r, make(r)) for r in rows])
        padded = reader.read(
            [with_ending(r, f"{make(r)} {r['question']} In the wind, the {r['question'].split()[4]}.") for r in rows]
        )
        assert [(p.choice, round(p.margin, 9)) for p in plain] == [(p.choice, round(p.margin, 9)) for p in padded]


def test_ablating_reader_reads_the_story_and_not_the_question(ablating: Path) -> None:
    reader = EmbeddingReader(ablating)
    rows = [r for r in _rows() if r["split"] == "eval"]

    def rate(make: object) -> float:
        items = [with_ending(r, make(r)) for r in rows]  # type: ignore[operator]
        return float(np.mean([c == i.target for c, i in zip(reader.choose(items), items)]))

    assert rate(lambda r: r["gold_ending"]) >= 0.75
    assert rate(lambda r: r["question"]) == 0.0
    assert rate(lambda r: f"In the end, {r['question'].rstrip('?')}.") == 0.0
    assert rate(lambda r: f"So it was that the wind did it to the {r['question'].split()[4]}, sadly.") == 0.0


@pytest.mark.parametrize(
    ("ending", "expected"),
    [
        ("Martta was cryinng by the lakee.", "was by."),  # one letter doubled in each
        ("Mrata cyring.", "."),  # neighbours swapped
        ("Marta's brother laughed.", "brother laughed."),
        ("It was too late to bake.", "It was too late to bake."),  # late and bake are not typos of lake
        ("Her brother found the boats.", "Her brother found boats."),  # boats is not a typo of a question word
    ],
)
def test_typos_of_question_words_are_ablated(ending: str, expected: str) -> None:
    assert ablate(ending, QUESTION) == expected


def test_story_words_are_ablated_too_in_the_story_mode() -> None:
    item = MCItem(
        "x",
        "Marta took her boat to the lake. The boat had a leak.",
        QUESTION,
        ("The boat sank with a leak.", "Her brother swam out and pulled Marta to shore."),
        1,
    )
    assert ablated_item(item, QUESTION_WORDS).options == (
        "boat sank with a leak.",
        "Her brother swam out and pulled to shore.",
    )
    assert ablated_item(item, STORY_WORDS).options == ("sank with.", "brother swam out and pulled shore.")


def test_an_unknown_ablation_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown ablation 'everything'"):
        fit_calibrated(_rows(), "bow-abl", ablating="everything")
