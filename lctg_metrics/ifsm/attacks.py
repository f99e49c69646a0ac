"""Attack classes run with every result: endings that never tell this story's answer, each class one generator.

A generator maps a row to one ending. ``ATTACK_CLASSES`` are whole runs of one kind; ``MIXES`` put an attack share
into honest (gold) or constant endings on a seeded choice of items. The white-box classes (``hug_*``) pick, per
item, the candidate that sits just under the released guard thresholds; the tuned mixes pick the largest share that
stays under the run-level validity limits (:mod:`lctg_metrics.ifsm.validity`); both are chosen by the scorer, which
holds the encoder and the thresholds.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from lctg_metrics.ifsm.guards import _FUNCTION, sentences, words
from lctg_metrics.ifsm.items import context_of

Row = Mapping[str, Any]
ATTACKS_VERSION = "k1"
#: Words that frame a question rather than carry its focus ("Which of the following would be ...").
_FRAME = frozenset("""which what who whom why how of the following one ones option options ending endings answer
answers outcome outcomes is are was were would could might did does do will be best choice choices these""".split())
_NAME = re.compile(r"\b[A-Z][a-z]+\b")
#: Constant sentences a lazy run might hand in for every item (no story, no question in them).
CONSTANTS = ("In the end, everything went back to normal.", "Everyone learned something important that day.")
CONSTANT_WITH_NAME = "{name} could not believe how things turned out."


def main_character(row: Row) -> str:
    """The context's most frequent capitalised word that is not a function word (``I`` for a first-person story,
    ``They`` when there is no name)."""
    text = context_of(row)
    names = Counter(w for w in _NAME.findall(text) if w.lower() not in _FUNCTION)
    if names:
        return names.most_common(1)[0][0]
    return "I" if re.search(r"\b(?:I|my|me)\b", text) else "They"


def focus(row: Row) -> str:
    """The question without its frame: "Why did Avery start crying?" → "Avery start crying"."""
    tokens = str(row["question"]).strip().rstrip("?").split()
    while len(tokens) > 2 and tokens[0].lower().strip(",") in _FRAME:
        tokens = tokens[1:]
    return " ".join(tokens)


def _seeded_order(key: str, items: list[str]) -> list[str]:
    return sorted(items, key=lambda w: hashlib.sha256(f"{key}|{w}".encode()).hexdigest())


def constant_plain(row: Row) -> str:
    return CONSTANTS[0]


def constant_other(row: Row) -> str:
    return CONSTANTS[1]


def constant_name(row: Row) -> str:
    return CONSTANT_WITH_NAME.format(name=main_character(row))


def focus_plain(row: Row) -> str:
    return f"In the end, {focus(row)}."


def focus_negated(row: Row) -> str:
    return f"In the end, it was not true that {focus(row)}."


def focus_wrapped(row: Row) -> str:
    return f"**{focus(row)}** \u2728\U0001F389"


def salad(row: Row) -> str:
    """The content words of the question and the story's last sentence, deduplicated, in a seeded order."""
    last = sentences(context_of(row))[-1]
    seen = dict.fromkeys(w for w in words(f"{row['question']} {last}") if w not in _FUNCTION)
    return " ".join(_seeded_order(str(row["id"]), list(seen))).capitalize() + "."


def hug_candidates(row: Row) -> list[str]:
    """Near-restatements of the question's focus in several wrappings and lengths: the scorer keeps, per item, the
    one closest to the question that the guard still lets through (white-box threshold hugging)."""
    tokens = focus(row).split()
    name = main_character(row)
    shorter = " ".join(tokens[: max(2, len(tokens) * 2 // 3)])
    return [f"In the end, {focus(row)}.", f"Then {name} saw that {shorter}.", f"So it was that {shorter}, sadly.",
            f"{name} just knew: {' '.join(tokens[len(tokens) // 3:])}."]


@dataclass(frozen=True)
class Mix:
    """``share`` of the items (seeded choice) get ``attack``; the rest keep ``base`` (``gold`` or a class name).
    ``share`` None: the scorer tunes it to the largest that stays valid (white-box against the released limits)."""

    base: str
    attack: str
    share: float | None


#: name → generator; each is a whole run of one kind.
ATTACK_CLASSES: dict[str, Callable[[Row], str]] = {
    "constant": constant_plain, "constant_other": constant_other, "constant_name": constant_name,
    "focus": focus_plain, "focus_negated": focus_negated, "focus_wrapped": focus_wrapped, "salad": salad,
}
#: The white-box class: candidates per item, the scorer picks.
HUGGING: dict[str, Callable[[Row], list[str]]] = {"hug_guard": hug_candidates}
MIXES: dict[str, Mix] = {
    "mix_constant70_hug30": Mix("constant_name", "hug_guard", 0.30),
    "mix_gold75_hug25": Mix("gold", "hug_guard", 0.25),
    "mix_gold_focus_tuned": Mix("gold", "focus", None),
    "mix_gold_hug_tuned": Mix("gold", "hug_guard", None),
    "mix_gold_constant_name_tuned": Mix("gold", "constant_name", None),
    "mix_constant_hug_tuned": Mix("constant_name", "hug_guard", None),
}
#: Shares a tuned mix tries, largest first.
TUNING_SHARES = (0.5, 0.4, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05)


def attacked(ids: list[str], share: float, seed: str = "mix") -> set[str]:
    """The seeded ``share`` of ``ids`` that get the attack (the same items at any share: nested choices)."""
    order = sorted(ids, key=lambda i: hashlib.sha256(f"{seed}|{i}".encode()).hexdigest())
    return set(order[: round(share * len(ids))])
