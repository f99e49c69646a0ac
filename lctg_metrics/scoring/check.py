"""Clean and check: strip reasoning blocks, run the cleaner, then every aspect's check on every generation."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import repeat
from operator import itemgetter
from typing import Any, Mapping, Sequence

from lctg_metrics import aspects
from lctg_metrics.aspects import check, get_check, strip_think
from lctg_metrics.aspects.text import (MALFORMED, NO_ANSWER, NO_ANSWER_REASON, STRIPPED, UNFINISHED,
                                       UNFINISHED_REASON, auto_think, malformed_reason)
from lctg_metrics.cleaners import CleanBatch, Cleaner
from lctg_metrics.options import ScoringOptions
from lctg_metrics.schema import Reference, ScoringError
from lctg_metrics.scoring.join import GenerationColumns

#: Number of items above which a progress bar is shown (when progress is on), and its step.
PROGRESS_THRESHOLD = 2000
PROGRESS_CHUNK = 50_000


def _call(fn: Any, *args: Any) -> Any:
    return fn(*args)


try:  # Python 3.11+: the same, without a Python frame per item
    from operator import call as _call  # type: ignore[attr-defined,no-redef]  # noqa: F811
except ImportError:  # pragma: no cover
    pass


def think_texts(texts: Sequence[str], mode: str) -> tuple[list[str], list[int], dict[int, str]]:
    """Texts after the ``think`` option, the indices of those that had a block stripped, and (``auto``) the texts
    with no answer to score by index: their state (UNFINISHED, NO_ANSWER or MALFORMED; see ``auto_think``). A
    ``str`` subclass (numpy's ``str_``, a pandas string) is taken as the plain text it holds."""
    if not set(map(type, texts)) <= {str}:
        texts = [t if type(t) is str or not isinstance(t, str) else str.__str__(t) for t in texts]
    if mode == "keep":
        return texts if isinstance(texts, list) else list(texts), [], {}
    if mode == "strip":
        out = [strip_think(t) for t in texts]
        return out, [i for i, (a, b) in enumerate(zip(texts, out)) if a is not b], {}
    out = texts if isinstance(texts, list) else list(texts)
    tagged = [i for i, t in enumerate(out) if "<" in t]  # auto_think leaves every text without "<" as it is
    if not tagged:
        return out, [], {}
    out = list(out)
    stripped, failed = [], {}
    for i in tagged:
        out[i], state = auto_think(out[i])
        if state == STRIPPED:
            stripped.append(i)
        elif state in (UNFINISHED, NO_ANSWER, MALFORMED):
            failed[i] = state
    return out, stripped, failed


def think_reason(state: str, text: str) -> str:
    """The reason every aspect of a text with no answer to score fails with."""
    if state == UNFINISHED:
        return UNFINISHED_REASON
    if state == NO_ANSWER:
        return NO_ANSWER_REASON
    return malformed_reason(text)


def prepare_texts(
    cols: GenerationColumns, matched: Sequence[Reference], cleaner: Cleaner, options: ScoringOptions
) -> tuple[list[str], list[str], Any, dict[str, Any]]:
    """Handle reasoning blocks, then clean. Returns (raw texts, cleaned texts, the cleaner's run stats or None,
    what the think option did: the indices of stripped texts, the reason of every text with no answer to score by
    index, and its state)."""
    raws, stripped, failed = think_texts(cols.texts, options.think)
    provided = cols.cleaned
    if provided is not None and not set(map(type, provided)) <= {str, type(None)}:
        provided = [c if c is None or type(c) is str or not isinstance(c, str) else str.__str__(c) for c in provided]
    if provided is not None and options.think != "keep":
        provided = [None if c is None else think_texts([c], options.think)[0][0] for c in provided]
    batch = CleanBatch([ref.task for ref in matched], raws, provided, cols.label)
    cleaned = cleaner.clean(batch) if len(batch) else []
    if len(cleaned) != len(batch) or not {type(c) for c in cleaned} <= {str}:
        raise ScoringError(f"cleaner {cleaner.describe()} returned {len(cleaned)} texts for {len(batch)} items")
    think = {"stripped_at": stripped, "unfinished": {i: think_reason(st, raws[i]) for i, st in failed.items()},
             "states": failed}
    return raws, cleaned, getattr(cleaned, "stats", None), think



# ----------------------------------------------------------------------------------------- verdicts


@dataclass
class VerdictColumns:
    """One entry per checked (generation, aspect), in input order: the generation's index, the aspect and the
    verdict (passed, reason)."""

    gen: Sequence[int]
    aspect: Sequence[str]
    passed: list[bool]
    reason: list[str]
    ids: Sequence[str] = ()  # reference id of every generation (not of every item)


def verdicts(
    raws: Sequence[str],
    cleaned: Sequence[str],
    matched: Sequence[Reference],
    options: ScoringOptions,
    *,
    progress: bool = False,
    unfinished: Mapping[int, str] | set[int] | frozenset[int] = frozenset(),
    failed: Mapping[int, str] | None = None,
) -> VerdictColumns:
    """Check every aspect of every generation's reference (the same pure check per item, in one tight loop).
    Generations in ``unfinished`` (an unclosed ``<think>``) and in ``failed`` (no answer: index -> why) fail every
    aspect with that reason."""
    by_id = dict(zip(map(id, matched), matched))  # the distinct references (few), found without hashing them
    plans = {ref.id: (ref.constraint(), ref.aspects) for ref in by_id.values()}
    if options.empty == "fail":  # the wrapper applies the policy that acts on every aspect
        checks = {a: partial(check, a) for a in aspects.names()}
    else:
        checks = {a: get_check(a) for a in aspects.names()}
    bar = None
    if progress and len(raws) > PROGRESS_THRESHOLD:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(raws), desc="lctg: checking", unit="gen")
    ids = [ref.id for ref in matched]
    if all(len(asp) == 1 for _, asp in plans.values()):  # one aspect per prompt: every config but multi
        fn_of = {rid: checks[asp[0]] for rid, (_, asp) in plans.items()}
        constraint_of = {rid: c for rid, (c, _) in plans.items()}
        vs = []
        for start in range(0, len(ids), PROGRESS_CHUNK):  # chunks only so that a progress bar can move
            part = ids[start:start + PROGRESS_CHUNK]
            # fn((raw, cleaned), constraint, options) per item, iterated in C: (raw, cleaned) pairs straight from zip
            vs += map(_call, map(fn_of.__getitem__, part),
                      zip(raws[start:start + PROGRESS_CHUNK], cleaned[start:start + PROGRESS_CHUNK]),
                      map(constraint_of.__getitem__, part), repeat(options))
            if bar is not None:
                bar.update(len(part))
        gen: Sequence[int] = range(len(raws))
        aspect = list(map({rid: asp[0] for rid, (_, asp) in plans.items()}.__getitem__, ids))
    else:
        flat = [(i, a) for i, ref in enumerate(matched) for a in ref.aspects]
        vs = [checks[a]((raws[i], cleaned[i]), plans[ids[i]][0], options) for i, a in flat]
        gen = [i for i, _ in flat]
        aspect = [a for _, a in flat]
        if bar is not None:
            bar.update(len(raws))
    if bar is not None:
        bar.close()
    passed, reasons = list(map(itemgetter(0), vs)), list(map(itemgetter(1), vs))
    if unfinished:  # no answer to score: every aspect fails with the reason (a set: unfinished reasoning)
        why = unfinished if isinstance(unfinished, Mapping) else dict.fromkeys(unfinished, UNFINISHED_REASON)
        for k, g in enumerate(gen):
            if g in why:
                passed[k], reasons[k] = False, why[g]
    if failed:  # no answer at all (e.g. a refused or filtered batch line): every aspect fails with its reason
        for k, g in enumerate(gen):
            if g in failed:
                passed[k], reasons[k] = False, failed[g]
    return VerdictColumns(gen, aspect, passed, reasons, ids)


