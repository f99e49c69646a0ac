"""A synthetic toy "model" that writes generations for any LCTG dataset, to try the pipeline end to end.

It is deterministic (seeded per id and sample), needs no model, and behaves like a sloppy assistant:
it sometimes adds a preamble or a closing remark, misses the length, forgets the keyword or uses the
prohibited word. For the ``story_endings`` config it writes one toy ending per question (from the question alone:
the rows carry no story contexts), sometimes echoing the question or writing nothing, which the IFSM guard fails.
Its scores mean nothing about any real model.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping
from typing import Any

#: Things a sloppy assistant adds around its answer, per task (written for this project).
PREAMBLES: dict[str, tuple[str, ...]] = {
    "summary": ("以下が要約です。\n", "承知しました。要約します。\n\n", "Sure! Here is the summary:\n"),
    "ad_text": ("タイトル：", "広告文のタイトルを作成しました。\n", "承知しました。\n"),
    "pros_and_cons": ("メリットとデメリットは以下の通りです。\n", "承知しました。\n"),
}
CLOSINGS: dict[str, tuple[str, ...]] = {
    "summary": ("\n\n以上が要約になります。", "\n（約100文字）"),
    "ad_text": ("\nこのタイトルは商品の魅力を伝えています。", "\n※文字数：30文字"),
    "pros_and_cons": ("\n\n以上がメリットとデメリットです。", "\n参考になれば幸いです。"),
}
PROS_CONS_FILLER = (
    "メリットは、新しい経験や知識が得られ、生活に変化が生まれることです。"
    "デメリットは、時間や費用がかかり、思うような成果が出ない場合もあることです。"
)


def _rng(seed: int, rid: str, sample: int) -> random.Random:
    digest = hashlib.sha256(f"{seed}|{rid}|{sample}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _fit(text: str, length: int) -> str:
    text = text.strip()
    while len(text) < length and text:
        text = text + text
    return text[:length]


def _core(row: Mapping[str, Any], rng: random.Random) -> str:
    task, base = row["task"], (row.get("base_text") or "").replace("\n", "")
    c = row["constraint"]
    if c.get("min_chars") is not None:
        lo, hi = c["min_chars"], c["max_chars"]
        length = max(1, rng.randint(max(1, lo - 15), hi + 15))
    else:
        length = {
            "summary": rng.randint(80, 160),
            "ad_text": rng.randint(18, 40),
            "pros_and_cons": rng.randint(120, 260),
        }[task]
    if task == "ad_text":
        source = (row.get("title") or "") + base
    elif task == "pros_and_cons":
        source = base + "ことの" + PROS_CONS_FILLER
    else:
        source = base
    return _fit(source, length)


def generate(row: Mapping[str, Any], sample: int, seed: int = 0) -> str:
    """One toy generation for a dataset row."""
    rng = _rng(seed, row["id"], sample)
    task, c = row["task"], row["constraint"]
    text = _core(row, rng)
    if c.get("keyword") and c["keyword"] not in text and rng.random() < 0.75:
        text = f"{c['keyword']}。{text}"[: max(len(text), len(c["keyword"]) + 1)]
    if c.get("prohibited_word") and rng.random() < 0.6:
        text = text.replace(c["prohibited_word"], "")
    if rng.random() < 0.3:
        text = rng.choice(PREAMBLES[task]) + text
    if rng.random() < 0.15:
        text = text + rng.choice(CLOSINGS[task])
    return text


def sample_generations(rows: Iterable[Mapping[str, Any]], *, samples: int = 3, seed: int = 0) -> list[dict[str, Any]]:
    """Generation records (``id``, ``sample``, ``generation``) for every row × sample."""
    return [
        {"id": row["id"], "sample": s, "generation": generate(row, s, seed)} for row in rows for s in range(samples)
    ]


#: Toy story endings, from the question alone (the ``story_endings`` rows carry no contexts); written for this project.
ENDINGS: tuple[str, ...] = (
    "In the end, everything turned out the way they had hoped.",
    "After a long day, they finally went home and slept well.",
    "Everyone laughed, and the day ended happily.",
    "They learned a lesson they would never forget.",
)


def toy_story_endings(rows: Iterable[Mapping[str, Any]], *, seed: int = 0) -> list[dict[str, Any]]:
    """One ``{"id", "generation"}`` toy ending per ``story_endings`` row (what ``lctg ifsm`` reads): mostly a generic
    ending, sometimes the question restated or an empty text (both failed by the IFSM guard)."""
    out = []
    for row in rows:
        rng = _rng(seed, row["id"], 0)
        roll = rng.random()
        if roll < 0.1:
            text = ""
        elif roll < 0.25:
            text = str(row.get("question") or "").strip()
        else:
            text = rng.choice(ENDINGS)
        out.append({"id": row["id"], "generation": text})
    return out
