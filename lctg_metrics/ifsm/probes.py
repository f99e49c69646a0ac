"""Probe endings that say nothing specific: what a calibrated reader measures its own bias with, item by item.

A probe set is data (stored in the head file, so its digest covers it): content-free sentences, some with the
story's main character filled in, and forms of the question itself. Probes are built from the item alone (context,
question, the candidates outside the target slot), never from its answer.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from lctg_metrics.ifsm.items import MCItem

#: Capitalised words that start sentences or name no one; the main character is the most frequent other one.
_NOT_NAMES = frozenset(
    "The A An And But So Then When After Before One On In At It He She They We I His Her Their This That There "
    "Finally Eventually Later Soon Today Yesterday Last Next Every Each Everyone Nobody Suddenly While If As Since "
    "Because Unfortunately Luckily Fortunately Once Now My Our Your You".split()
)
#: Leading words of a question that ask rather than say (``Which one of the endings would …``).
_ASKING = frozenset(
    "which what why how who where when one of the these those following answer answers option options ending endings "
    "is are was were would could might will be most likely probably shows show suggests suggest implies imply tells "
    "tell you that best".split()
)


@dataclass(frozen=True)
class ProbeSet:
    """Templates: ``{name}`` is the main character; ``{question}`` the question, ``{focus}`` what it asks about,
    ``{tail}`` its last three words."""

    content_free: tuple[str, ...]
    question: tuple[str, ...]


@lru_cache(maxsize=4096)  # every reader set reads the same items' probes: one regex pass per story
def main_character(context: str) -> str:
    """The most frequent capitalised word of ``context`` that is not a function word; ``I`` or ``They`` without one."""
    counts = Counter(w for w in re.findall(r"\b[A-Z][a-z]+\b", context) if w not in _NOT_NAMES)
    if counts:
        return counts.most_common(1)[0][0]  # ties: the first named
    return "I" if re.search(r"\bI\b", context) else "They"


@lru_cache(maxsize=4096)
def focus(question: str) -> str:
    """The question without its asking words (``Which is the worst possible outcome?`` -> ``worst possible
    outcome``)."""
    words = question.strip().rstrip("?").strip().split()
    start = 0
    while start < len(words) and words[start].lower().strip(",") in _ASKING:
        start += 1
    return " ".join(words[start:]) or question.strip().rstrip("?")


def content_free_endings(item: MCItem, probes: ProbeSet) -> list[str]:
    """The content-free probes of one item, the main character filled in."""
    name = main_character(item.context)
    return [t.format(name=name) for t in probes.content_free]


def question_endings(item: MCItem, probes: ProbeSet) -> list[str]:
    """The question-form probes of one item (the first template is the question itself)."""
    f = focus(item.question)
    tail = " ".join(item.question.strip().rstrip("?").split()[-3:])
    return [
        t.format(question=item.question.strip(), focus=f, Focus=f[:1].upper() + f[1:], tail=tail)
        for t in probes.question
    ]


def appended_endings(item: MCItem) -> list[str]:
    """Fitting negatives, label-free: each candidate outside the target slot with the question glued on, and those
    candidates joined into one."""
    others = [o for k, o in enumerate(item.options) if k != item.target]
    return [f"{o} {item.question.strip()}" for o in others] + [" ".join(others)]


def probe_items(item: MCItem, endings: Sequence[str]) -> list[MCItem]:
    """``item`` with each of ``endings`` in its target slot."""
    out = []
    for ending in endings:
        options = list(item.options)
        options[item.target] = ending
        out.append(MCItem(item.id, item.context, item.question, tuple(options), item.target))
    return out


#: The shipped probes (fitted on nothing: written for this reader; measured attacks use other sentences).
DEFAULT_PROBES = ProbeSet(
    content_free=(
        "{name} thought about what had happened.",
        "Then {name} went home.",
        "{name} was surprised by how it all ended.",
        "That was the end of the day for {name}.",
        "{name} would remember this for a long time.",
        "After that, {name} moved on.",
        "{name} felt the way anyone would.",
        "It was quite a day for {name}.",
        "{name} learned something that day.",
        "In the end, {name} accepted what happened.",
        "{name} did what needed to be done.",
        "Things changed for {name} after that.",
        "And that was that.",
        "Everything happened the way it happened.",
        "It was an ordinary ending.",
        "The story ends here.",
        "Things went on as before.",
        "After a while, life continued.",
        "Nothing else happened.",
        "It all worked out in some way.",
        "Everyone went about their day.",
        "The day came to an end.",
        "What happened next was expected.",
        "And so it ended.",
    ),
    question=(
        "{question}",
        "Answer: {question}",
        "{focus}.",
        "Here is what happened: {focus}.",
        "Not {focus}.",
        '"{focus}"',
        "{Focus} happened.",
        "The question was: {question}",
        "{tail}",
    ),
)
