"""The association attack class: the focus and the story said in the nearest words the reader's ablation keeps."""

from __future__ import annotations

import hashlib

import numpy as np

from lctg_metrics.ifsm import Encoder
from lctg_metrics.ifsm.ablation import ablate
from lctg_metrics.ifsm.neighbours import ENCODED, Neighbours, focus_neighbours, story_neighbours, vocabulary

DIM = 64
#: Words placed by hand: the first index is a shared meaning direction, the weight how close to it a word sits.
_PLACED = {
    "hungry": (1, 1.0),
    "hungrier": (1, 0.99),  # shares a root with hungry: never offered
    "famished": (1, 0.9),
    "ravenous": (1, 0.8),
    "pasta": (1, 0.3),
    "lonely": (2, 1.0),
    "isolated": (2, 0.85),
    "friendless": (2, 0.7),
}


def _vector(word: str) -> np.ndarray:
    out = np.zeros(DIM, np.float32)
    if word in _PLACED:
        axis, weight = _PLACED[word]
        out[axis] = weight
        out[3 + int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % (DIM - 3)] = (1 - weight**2) ** 0.5
    else:
        out[3 + int(hashlib.md5(word.encode()).hexdigest()[:8], 16) % (DIM - 3)] = 1.0
    return out


def _embed(texts: list[str]) -> np.ndarray:
    out = np.zeros((len(texts), DIM), np.float32)
    for row, text in enumerate(texts):
        for word in text.lower().replace(".", " ").replace("?", " ").replace(",", " ").replace(":", " ").split():
            out[row] += _vector(word)
        out[row, 0] += 0.01
    return out


def _rows() -> list[dict]:
    return [
        {
            "id": "1",
            "question": "What happens because Rina is hungry?",
            "document": "Rina walked home past the bakery. She had skipped lunch.",
            "options": ["She cooked pasta.", "She slept.", "She sang hungrier.", "She ran."],
            "gold_label": 0,
            "gold_ending": "She cooked pasta.",
        },
        {
            "id": "2",
            "question": "Which ending shows Tomas feeling lonely?",
            "document": (
                "Tomas moved to a new town. He felt isolated and friendless. "
                "A famished gull and a ravenous dog followed him."
            ),
            "options": ["He called home.", "He danced.", "He won.", "He laughed."],
            "gold_label": 0,
            "gold_ending": "He called home.",
        },
    ]


def test_the_vocabulary_is_the_questions_and_stories_words_only() -> None:
    words = vocabulary(_rows())
    assert {"hungry", "famished", "ravenous", "isolated", "bakery"} <= set(words)
    assert "pasta" not in words and "hungrier" not in words and "danced" not in words  # candidates' words never
    assert "the" not in words and "she" not in words and words == sorted(words)


def test_the_nearest_word_is_one_the_ablation_keeps() -> None:
    rows = _rows()
    near = Neighbours(rows, Encoder("nb-toy", "lctg", _embed))
    # the question's own source: its words and the story's are taken out, so the nearest kept word is outside both
    source = "What happens because Rina is hungry? Rina walked home."
    assert near.say("hungry", source) == "famished"  # hungrier shares the root: never offered
    assert near.say("hungry", source, rank=2) == "ravenous"
    assert near.say("lonely", "Which ending shows Tomas feeling lonely?") == "isolated"
    # when the story holds famished too, the next kept word is offered
    assert near.say("hungry", source + " She was famished.") == "ravenous"


def test_the_generated_endings_survive_the_readers_ablation() -> None:
    rows = _rows()
    encoder = Encoder("nb-toy", "lctg", _embed)
    for factory in (focus_neighbours, story_neighbours):
        make = factory(rows, encoder)
        for row in rows:
            source = f"{row['question']} {row['document']}"
            candidates = make(row)
            assert len(candidates) == 6 and len(set(candidates)) >= 2
            for text in candidates:
                kept = ablate(text, source)
                assert kept != "." and len(kept.split()) >= 2, (text, kept)  # what the reader still reads
    focus_text = focus_neighbours(rows, encoder)(rows[0])[0]
    assert "famished" in focus_text or "ravenous" in focus_text  # the focus's meaning, in other words
    assert "hungry" not in focus_text


def test_the_class_is_deterministic_and_registered() -> None:
    rows = _rows()
    one = [focus_neighbours(rows, Encoder("nb-toy", "lctg", _embed))(r) for r in rows]
    two = [focus_neighbours(rows, Encoder("nb-toy", "lctg", _embed))(r) for r in rows]
    assert one == two
    assert set(ENCODED) == {"neighbours", "story_neighbours"}
