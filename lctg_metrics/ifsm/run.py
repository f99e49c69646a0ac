"""One set of endings through the guard and the reader: per item verdicts, choices and question similarities."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lctg_metrics.ifsm.guards import MAX_WORDS, check_ending, readable, sentences
from lctg_metrics.ifsm.items import MCItem, Reader
from lctg_metrics.ifsm.progress import advance, begin
from lctg_metrics.ifsm.stats import bootstrap_ci
from lctg_metrics.verdict import Verdict

Row = Mapping[str, Any]
#: Words past the guard's ``MAX_WORDS`` that the reader reads of a flagged ending for the "reader alone" column: an
#: ending longer than ``MAX_WORDS`` is flagged whatever follows, so the reader reads its first ``MAX_WORDS +
#: READ_MARGIN`` words (still over the limit), not the whole text (the over-length probe, the gold ending ten times,
#: was 14% of all words a cold run on the eval half embedded; adversarial probes a3).
READ_MARGIN = 10


@dataclass(frozen=True)
class SetScore:
    """One set of endings: ``guarded`` is what IFSM counts; ``raw`` is the reader alone on every item."""

    name: str
    n: int
    guarded: float
    guarded_ci: tuple[float, float]
    raw: float | None
    raw_ci: tuple[float, float] | None
    flagged: int
    unparseable: int


@dataclass(frozen=True)
class ItemRun:
    """Per item: the guard's verdict, the reader's choice (None: not shown or unreadable), the question similarity
    the guard used, and whether the item counts as a hit (passed and picked)."""

    verdicts: list[Verdict]
    choices: list[int | None]
    similarities: list[float | None]
    hits: list[bool]


def guard(row: Row, ending: str, similarity: float | None = None) -> Verdict:
    """The guard's verdict on ``ending`` for ``row`` (``similarity``: its cosine with the question, if known)."""
    return check_ending(
        ending,
        question=str(row["question"]),
        context=str(row["document"] or ""),
        options=list(row["options"]),
        gold_label=int(row["gold_label"]),
        question_similarity=similarity,
    )


def capped(text: str) -> str:
    """The first ``MAX_WORDS + 1`` words: what any encoder reads of an ending (longer ones are flagged anyway)."""
    parts = text.split()
    return text if len(parts) <= MAX_WORDS + 1 else " ".join(parts[: MAX_WORDS + 1])


def as_read(item: MCItem, verdict: Verdict) -> MCItem:
    """``item`` as the reader reads it: a flagged ending longer than ``MAX_WORDS + READ_MARGIN`` words cut there
    (an ending that passes the guard is never longer than ``MAX_WORDS``, so only the reader-alone column sees it)."""
    parts = item.options[item.target].split()
    if verdict.passed or len(parts) <= MAX_WORDS + READ_MARGIN:
        return item
    options = list(item.options)
    options[item.target] = " ".join(parts[: MAX_WORDS + READ_MARGIN])
    return MCItem(item.id, item.context, item.question, tuple(options), item.target)


def similarities(encoder: Any, rows: Sequence[Row], endings: Sequence[str]) -> list[float | None]:
    """Highest cosine of any sentence of each ending with its question under the guard's encoder (a restated
    question appended to a real ending is caught too); None without an encoder."""
    if encoder is None:
        return [None] * len(endings)
    # an over-length ending is flagged without reading it: only its first MAX_WORDS words are embedded
    # the guard compares what a reader makes of the ending (entities decoded, look-alikes mapped, leetspeak read)
    shown = [readable(capped(text)) for text in endings]
    parts = [sentences(text) or [text] for text in shown]
    flat = encoder.encode([p for ps in parts for p in ps])
    questions = encoder.encode([str(row["question"]) for row in rows])
    out: list[float | None] = []
    start = 0
    for ps, q in zip(parts, questions):
        out.append(float((flat[start : start + len(ps)] @ q).max()))
        start += len(ps)
    return out


def run_set(
    reader: Reader,
    rows: Sequence[Row],
    items: Sequence[MCItem],
    name: str,
    raw: bool,
    n_boot: int,
    seed: int,
    guard_encoder: Any = None,
    flags: Sequence[str | None] | None = None,
) -> tuple[SetScore, ItemRun]:
    """Guard every item (``flags``: a run-level reason that fails an item, e.g. repetition); the reader sees all
    items when ``raw`` else only those that passed."""
    begin("reader sets", 1)
    sims = similarities(guard_encoder, rows, [item.options[item.target] for item in items])
    verdicts = [guard(row, item.options[item.target], sim) for row, item, sim in zip(rows, items, sims)]
    if flags is not None:
        verdicts = [Verdict(False, flag) if flag and v.passed else v for v, flag in zip(verdicts, flags)]
    shown = list(range(len(items))) if raw else [i for i, v in enumerate(verdicts) if v.passed]
    choices: list[int | None] = [None] * len(items)
    for i, choice in zip(shown, reader.choose([as_read(items[i], verdicts[i]) for i in shown])):
        choices[i] = choice
    picked = [c == item.target for c, item in zip(choices, items)]
    advance("reader sets")
    hits = [bool(p and v.passed) for p, v in zip(picked, verdicts)]
    guarded = [float(h) for h in hits]
    raw_hits = [float(p) for p in picked] if raw else None
    n = max(len(items), 1)
    score = SetScore(
        name=name,
        n=len(items),
        guarded=sum(guarded) / n,
        guarded_ci=bootstrap_ci(guarded, n_boot=n_boot, seed=seed),
        raw=sum(raw_hits) / n if raw_hits is not None else None,
        raw_ci=bootstrap_ci(raw_hits, n_boot=n_boot, seed=seed) if raw_hits is not None else None,
        flagged=sum(not v.passed for v in verdicts),
        unparseable=sum(choices[i] is None for i in shown),
    )
    return score, ItemRun(verdicts, choices, sims, hits)
