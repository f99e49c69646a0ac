"""Writes dev.jsonl and test.jsonl: tiny stories written for these tests, in the Possible Stories format."""

import json
from pathlib import Path

STORIES = [
    (
        "p-kite",
        "dev",
        "Ken built a red kite. He took it to the windy beach. The string was old and thin. A strong gust pulled hard.",
        [
            "The string snapped and the kite flew away over the sea.",
            "Ken flew the kite happily until sunset.",
            "Ken's dog chased the kite along the sand.",
            "Ken gave the kite to a crying child nearby.",
        ],
        [
            ("What happened because the string was old?", 0),
            ("Which ending is the most pleasant for Ken?", 1),
            ("Which ending involves a dog?", 2),
        ],
    ),
    (
        "p-cake",
        "dev",
        "Ana baked a cake for her mother. She forgot to set a timer. She started reading a book. "
        "Smoke filled the kitchen.",
        [
            "The cake burned and Ana had to buy one from the bakery.",
            "Her mother laughed and helped her bake another cake.",
            "The smoke alarm woke the neighbor's baby.",
            "Ana's book won a prize that evening.",
        ],
        [("Where did Ana get a cake in the end?", 0), ("Which ending shows the mother was kind?", 1)],
    ),
    (
        "p-bus",
        "test",
        "Raj was late for his exam. He ran to the bus stop. The bus was just leaving. He waved his arms wildly.",
        [
            "The driver stopped the bus and Raj got on.",
            "Raj missed the bus and failed the exam.",
            "Raj called a taxi and arrived early.",
            "A friend on a bike gave Raj a ride.",
        ],
        [
            ("Which ending shows a helpful driver?", 0),
            ("What is the worst outcome for Raj?", 1),
            ("How did Raj arrive early?", 2),
            ("Which ending involves a friend?", 3),
        ],
    ),
    (
        "p-seed",
        "test",
        "Mei planted tomato seeds in spring. She watered them every day. In summer a storm came. Hail hit the garden.",
        [
            "The hail destroyed every tomato plant.",
            "The plants survived and gave many tomatoes.",
            "Mei moved the pots inside before the hail.",
            "A rabbit ate the plants after the storm.",
        ],
        [("Which ending is the saddest for Mei?", 0), ("Which ending involves an animal?", 3)],
    ),
]


def main() -> None:
    out = {"dev": [], "test": []}
    for passage, split, document, options, questions in STORIES:
        for number, (question, gold) in enumerate(questions):
            out[split].append(
                {
                    "roc_passage_id": passage,
                    "question_id": f"{passage}_q{number}",
                    "question": question,
                    "document": document,
                    "options": options,
                    "gold_label": gold,
                    "validation_responses": [],
                    "reasoning_type": None,
                }
            )
    for split, rows in out.items():
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        (Path(__file__).parent / f"{split}.jsonl").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
