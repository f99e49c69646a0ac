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
ATTACKS_VERSION = "k3"  # k2: the question said in other words (paraphrase classes); the story's words glued;
# k3: the focus and the last sentence in their nearest kept words (``neighbours.py``)
#: Words that frame a question rather than carry its focus ("Which of the following would be ...").
_FRAME = frozenset(
    """which what who whom why how of the following one ones option options ending endings answer
answers outcome outcomes is are was were would could might did does do will be best choice choices these""".split()
)
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
    return f"**{focus(row)}** \u2728\U0001f389"


def salad(row: Row) -> str:
    """The content words of the question and the story's last sentence, deduplicated, in a seeded order."""
    last = sentences(context_of(row))[-1]
    seen = dict.fromkeys(w for w in words(f"{row['question']} {last}") if w not in _FUNCTION)
    return " ".join(_seeded_order(str(row["id"]), list(seen))).capitalize() + "."


#: Words of the same meaning for the words questions use most (a reader that drops the question's own words must
#: not be pleased by the question said in other words).
SYNONYMS = dict(
    pair.split(":")
    for pair in """likely:probable probably:presumably happened:occurred happen:occur
next:afterwards result:outcome ended:finished end:finish home:house feel:sense felt:sensed friends:pals friend:pal
mom:mother mother:mom got:received get:obtain work:job implies:suggests shows:reveals feeling:emotion time:moment
wanted:desired later:afterward school:classroom boy:lad situation:circumstance back:returned car:vehicle go:leave
family:relatives help:assist event:occasion parents:folks like:enjoy learn:discover getting:obtaining left:departed
decided:chose really:truly dog:puppy went:headed room:chamber realized:understood man:guy able:capable action:deed
good:fine cause:reason lead:bring house:home suggests:hints money:cash show:display indicates:signals food:meal
scenario:situation unlikely:improbable brother:sibling phone:telephone possible:feasible buy:purchase way:manner
going:heading react:respond hospital:clinic call:phone lesson:moral long:lengthy gift:present want:wish
reaction:response night:evening having:possessing driver:motorist future:later given:provided caused:produced
people:folks see:notice positive:upbeat new:fresh life:existence saw:noticed happy:glad trip:journey worst:poorest
needed:required arrived:came teacher:instructor son:boy first:initial doing:performing negative:bad child:kid
occur:happen party:celebration afterward:later soon:shortly incident:episode problem:trouble find:locate
making:creating others:everyone tell:inform resulted:ended thing:item pet:animal come:arrive eating:dining
demonstrates:proves taking:grabbing change:shift tree:oak story:tale main:central big:large mean:signify
store:shop happiest:gladdest player:athlete pain:ache leave:depart came:arrived run:sprint head:mind
means:signifies happening:occurring reveals:exposes week:days kids:children cat:kitten grateful:thankful
ironic:sardonic tried:attempted dad:father stop:halt old:elderly bad:poor girl:lass quickly:rapidly
learned:discovered care:concern sure:certain kind:caring accident:crash loved:adored nice:pleasant joke:prank
scared:afraid led:guided team:squad alone:solo actions:deeds reason:cause ate:consumed boss:manager late:tardy
think:believe know:realize important:crucial place:spot became:turned decision:choice baby:infant knew:realized
gave:handed give:hand took:grabbed great:wonderful play:game hot:warm book:novel opinion:view hungry:starving
neighbor:neighbour clean:tidy tired:exhausted birthday:anniversary embarrassed:ashamed sleep:rest
cautious:careful drastic:extreme sad:unhappy angry:mad upset:distressed excited:thrilled worried:anxious
surprised:astonished disappointed:let-down proud:pleased outcome:result feelings:emotions thoughts:ideas""".split()
)


def paraphrased(text: str) -> str:
    """``text`` with every word of :data:`SYNONYMS` replaced by its other word (case kept for a capital
    first letter)."""

    def swap(m: re.Match[str]) -> str:
        word = m.group()
        other = SYNONYMS.get(word.lower())
        if other is None:
            return word
        return other.capitalize() if word[:1].isupper() else other

    return re.sub(r"[A-Za-z]+", swap, text)


#: Function words a story-glue ending strings the story's words together with.
_GLUE = ("the", "and", "with", "of", "for", "then", "was")


def story_glue(row: Row) -> str:
    """The content words of the story's last sentence strung together with function words: story words, no ending."""
    last = sentences(context_of(row))[-1]
    picked = list(dict.fromkeys(w for w in words(last) if w not in _FUNCTION))[:8]
    return " ".join(f"{w} {_GLUE[k % len(_GLUE)]}" for k, w in enumerate(picked)).capitalize() + "."


def focus_paraphrased(row: Row) -> str:
    return f"In the end, {paraphrased(focus(row))}."


def _hugging_frames(said: str, name: str) -> list[str]:
    tokens = said.split()
    shorter = " ".join(tokens[: max(2, len(tokens) * 2 // 3)])
    return [
        f"In the end, {said}.",
        f"Then {name} saw that {shorter}.",
        f"So it was that {shorter}, sadly.",
        f"{name} just knew: {' '.join(tokens[len(tokens) // 3 :])}.",
    ]


def hug_candidates(row: Row) -> list[str]:
    """Near-restatements of the question's focus in several wrappings and lengths: the scorer keeps, per item, the
    one closest to the question that the guard still lets through (white-box threshold hugging)."""
    return _hugging_frames(focus(row), main_character(row))


def hug_paraphrase_candidates(row: Row) -> list[str]:
    """The near-restatements of :func:`hug_candidates` with the focus said in other words (:data:`SYNONYMS`)."""
    return _hugging_frames(paraphrased(focus(row)), main_character(row))


@dataclass(frozen=True)
class Mix:
    """``share`` of the items (seeded choice) get ``attack``; the rest keep ``base`` (``gold`` or a class name).
    ``share`` None: the scorer tunes it to the largest that stays valid (white-box against the released limits)."""

    base: str
    attack: str
    share: float | None


#: name → generator; each is a whole run of one kind.
ATTACK_CLASSES: dict[str, Callable[[Row], str]] = {
    "constant": constant_plain,
    "constant_other": constant_other,
    "constant_name": constant_name,
    "focus": focus_plain,
    "focus_negated": focus_negated,
    "focus_wrapped": focus_wrapped,
    "salad": salad,
    "focus_paraphrased": focus_paraphrased,
    "story_glue": story_glue,
}
#: The white-box class: candidates per item, the scorer picks.
HUGGING: dict[str, Callable[[Row], list[str]]] = {
    "hug_guard": hug_candidates,
    "hug_paraphrase": hug_paraphrase_candidates,
}
MIXES: dict[str, Mix] = {
    "mix_constant70_hug30": Mix("constant_name", "hug_guard", 0.30),
    "mix_gold75_hug25": Mix("gold", "hug_guard", 0.25),
    "mix_gold_focus_tuned": Mix("gold", "focus", None),
    "mix_gold_hug_tuned": Mix("gold", "hug_guard", None),
    "mix_gold_constant_name_tuned": Mix("gold", "constant_name", None),
    "mix_constant_hug_tuned": Mix("constant_name", "hug_guard", None),
    "mix_gold_paraphrase_tuned": Mix("gold", "hug_paraphrase", None),
    "mix_gold_salad_tuned": Mix("gold", "salad", None),
    "mix_gold_story_glue_tuned": Mix("gold", "story_glue", None),
    "mix_gold_neighbours_tuned": Mix("gold", "neighbours", None),
    "mix_gold_story_neighbours_tuned": Mix("gold", "story_neighbours", None),
}
#: Shares a tuned mix tries, largest first.
TUNING_SHARES = (0.5, 0.4, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05)


def attacked(ids: list[str], share: float, seed: str = "mix") -> set[str]:
    """The seeded ``share`` of ``ids`` that get the attack (the same items at any share: nested choices)."""
    order = sorted(ids, key=lambda i: hashlib.sha256(f"{seed}|{i}".encode()).hexdigest())
    return set(order[: round(share * len(ids))])
