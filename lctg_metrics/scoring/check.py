"""Clean and check: strip reasoning blocks, run the cleaner, then every aspect's check on every generation."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter, not_
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from lctg_metrics import aspects
from lctg_metrics.aspects import check, strip_think
from lctg_metrics.aspects.base import one_by_one
from lctg_metrics.aspects.text import (MALFORMED, NO_ANSWER, NO_ANSWER_REASON, STRIPPED, UNFINISHED,
                                       UNFINISHED_REASON, auto_think, malformed_reason)
from lctg_metrics.cleaners import CleanBatch, Cleaner
from lctg_metrics.options import ScoringOptions
from lctg_metrics.schema import Reference, ScoringError
from lctg_metrics.scoring.join import GenerationColumns

#: Number of items above which a progress bar is shown (when progress is on), and its step.
PROGRESS_THRESHOLD = 2000
PROGRESS_CHUNK = 50_000


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
    if len(cleaned) != len(batch) or not set(map(type, cleaned)) <= {str}:
        raise ScoringError(f"cleaner {cleaner.describe()} returned {len(cleaned)} texts for {len(batch)} items")
    think = {"stripped_at": stripped, "unfinished": {i: think_reason(st, raws[i]) for i, st in failed.items()},
             "states": failed}
    return raws, cleaned, getattr(cleaned, "stats", None), think



# ----------------------------------------------------------------------------------------- verdicts


@dataclass
class VerdictColumns:
    """One entry per checked (generation, aspect), in input order: the generation's index, the aspect and the
    verdict: ``passed`` (bools), and ``reason``, built on first use (only details and failure views show it)."""

    gen: Sequence[int]
    aspect: Sequence[str]
    passed: np.ndarray
    why: Callable[[], list[str]] = field(repr=False, default=list)  # makes ``reason``
    ids: Sequence[str] = ()  # reference id of every generation (not of every item)
    _reason: list[str] | None = field(default=None, repr=False)

    @property
    def reason(self) -> list[str]:
        if self._reason is None:
            self._reason = self.why()
        return self._reason


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
    """Check every aspect of every generation's reference: ``passed`` aspect by aspect, each aspect's items at once
    (its ``passes``), the reasons only when asked for (each item's check). Generations in ``unfinished`` (an
    unclosed ``<think>``) and in ``failed`` (no answer: index -> why) fail every aspect with that reason."""
    by_id = dict(zip(map(id, matched), matched))  # the distinct references (few), found without hashing them
    plans = {ref.id: (ref.constraint(), ref.aspects) for ref in by_id.values()}
    specs = {a: aspects.get(a) for a in aspects.names()}
    empty_fails = options.empty == "fail"  # the wrapper applies the policy that acts on every aspect
    checks = {a: partial(check, a) if empty_fails else spec.check for a, spec in specs.items()}
    ids = list(map(attrgetter("id"), matched))
    n = len(raws)
    if all(len(asp) == 1 for _, asp in plans.values()):  # one aspect per prompt: every config but multi
        gen: Sequence[int] = range(n)
        aspect = list(map({rid: asp[0] for rid, (_, asp) in plans.items()}.__getitem__, ids))
        at = np.arange(n)
    else:
        flat = [(i, a) for i, ref in enumerate(matched) for a in ref.aspects]
        gen = [i for i, _ in flat]
        aspect = [a for _, a in flat]
        at = np.fromiter(gen, dtype=np.intp, count=len(gen))
    bar = None
    if progress and n > PROGRESS_THRESHOLD:
        from tqdm.auto import tqdm

        bar = tqdm(total=n, desc="lctg: checking", unit="gen")
    constraint_of = {rid: c for rid, (c, _) in plans.items()}
    names = list(dict.fromkeys(aspect))
    code = np.fromiter(map({a: k for k, a in enumerate(names)}.__getitem__, aspect), dtype=np.intp, count=len(aspect))
    passed = np.zeros(len(aspect), dtype=bool)
    for k, name in enumerate(names):
        sel = np.flatnonzero(code == k) if len(names) > 1 else np.arange(len(aspect))
        for start in range(0, len(sel), PROGRESS_CHUNK):  # chunks only so that a progress bar can move
            part = sel[start:start + PROGRESS_CHUNK]
            g = at[part].tolist()
            texts, cleaner_texts = list(map(raws.__getitem__, g)), list(map(cleaned.__getitem__, g))
            constraints = list(map(constraint_of.__getitem__, map(ids.__getitem__, g)))
            fast = specs[name].passes
            passed[part] = (fast(texts, cleaner_texts, constraints, options) if fast is not None else
                            one_by_one(specs[name].check, texts, cleaner_texts, constraints, options))
            if bar is not None and isinstance(gen, range):
                bar.update(len(part))
    if bar is not None:
        if not isinstance(gen, range):
            bar.update(n)
        bar.close()
    if empty_fails:  # an empty generation fails every aspect
        blank = np.fromiter(map(not_, map(str.strip, raws)), dtype=bool, count=n)
        passed &= ~blank[at]
    # no answer to score: every aspect fails with the reason (a set: unfinished reasoning); then no answer at all
    # (e.g. a refused or filtered batch line), whose reason wins
    why = dict(unfinished if isinstance(unfinished, Mapping) else dict.fromkeys(unfinished, UNFINISHED_REASON))
    why.update(failed or {})
    if why:
        none = np.zeros(n, dtype=bool)
        none[list(why)] = True
        passed &= ~none[at]

    def reasons() -> list[str]:
        out = [checks[a]((raws[i], cleaned[i]), constraint_of[ids[i]], options)[1] for i, a in zip(gen, aspect)]
        if why:
            for k, i in enumerate(gen):
                if i in why:
                    out[k] = why[i]
        return out

    return VerdictColumns(gen, aspect, passed, reasons, ids)
