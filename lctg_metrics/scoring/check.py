"""Clean and check: strip reasoning blocks, run the cleaner, then every aspect's check on every generation."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import compress, repeat
from operator import contains, itemgetter, not_
from typing import Any

import numpy as np

from lctg_metrics import aspects
from lctg_metrics.aspects import check, strip_think
from lctg_metrics.aspects.base import one_by_one
from lctg_metrics.aspects.text import (
    MALFORMED,
    NO_ANSWER,
    NO_ANSWER_REASON,
    STRIPPED,
    UNFINISHED,
    UNFINISHED_REASON,
    auto_think,
    malformed_reason,
)
from lctg_metrics.cleaners import CleanBatch, Cleaner
from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.schema import ScoringError
from lctg_metrics.scoring.join import GenerationColumns, Matches

#: Number of items above which a progress bar is shown (when progress is on).
PROGRESS_THRESHOLD = 2000
#: Items of one aspect checked at once (what a check makes for them, e.g. texts without blanks, is held that long).
CHECK_BATCH = 8192


def think_texts(texts: Sequence[str], mode: str, *, plain: bool = False) -> tuple[list[str], list[int], dict[int, str]]:
    """Texts after the ``think`` option, the indices of those that had a block stripped, and (``auto``) the texts
    with no answer to score by index: their state (UNFINISHED, NO_ANSWER or MALFORMED; see ``auto_think``). A
    ``str`` subclass (numpy's ``str_``, a pandas string) is taken as the plain text it holds (``plain``: there is
    none)."""
    if not plain and not set(map(type, texts)) <= {str}:
        texts = [t if type(t) is str or not isinstance(t, str) else str.__str__(t) for t in texts]
    if mode == "keep":
        return texts if isinstance(texts, list) else list(texts), [], {}
    if mode == "strip":
        out = [strip_think(t) for t in texts]
        return out, [i for i, (a, b) in enumerate(zip(texts, out)) if a is not b], {}
    out = texts if isinstance(texts, list) else list(texts)
    tagged = list(
        compress(range(len(out)), map(contains, out, repeat("<")))
    )  # auto_think leaves the others as they are
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


def _same(cleaned: Sequence[str], raws: Sequence[str]) -> bool:
    """Whether the cleaned texts are the raw texts (cleaner ``none``): one C loop, comparing the same objects first."""
    return cleaned is raws or type(cleaned) is type(raws) and isinstance(cleaned, (list, tuple)) and cleaned == raws


def think_reason(state: str, text: str) -> str:
    """The reason every aspect of a text with no answer to score fails with."""
    if state == UNFINISHED:
        return UNFINISHED_REASON
    if state == NO_ANSWER:
        return NO_ANSWER_REASON
    return malformed_reason(text)


def prepare_texts(
    cols: GenerationColumns, matches: Matches, cleaner: Cleaner, options: ScoringOptions
) -> tuple[list[str], list[str], Any, dict[str, Any]]:
    """Handle reasoning blocks, then clean. Returns (raw texts, cleaned texts, the cleaner's run stats or None,
    what the think option did: the indices of stripped texts, the reason of every text with no answer to score by
    index, and its state)."""
    raws, stripped, failed = think_texts(cols.texts, options.think, plain=cols.checked)
    provided = cols.cleaned
    if provided is not None and not cols.checked and not set(map(type, provided)) <= {str, type(None)}:
        provided = [c if c is None or type(c) is str or not isinstance(c, str) else str.__str__(c) for c in provided]
    if provided is not None and options.think != "keep":
        provided = [None if c is None else think_texts([c], options.think)[0][0] for c in provided]
    batch = CleanBatch(
        matches.column(matches.table.derived("tasks", lambda t: [ref.task for ref in t])), raws, provided, cols.label
    )
    cleaned = cleaner.clean(batch) if len(batch) else []
    if len(cleaned) != len(batch) or not (_same(cleaned, raws) or set(map(type, cleaned)) <= {str}):
        raise ScoringError(f"cleaner {cleaner.describe()} returned {len(cleaned)} texts for {len(batch)} items")
    think = {
        "stripped_at": stripped,
        "unfinished": {i: think_reason(st, raws[i]) for i, st in failed.items()},
        "states": failed,
    }
    return raws, cleaned, getattr(cleaned, "stats", None), think


# ----------------------------------------------------------------------------------------- verdicts


@dataclass
class VerdictColumns:
    """One entry per checked (generation, aspect), in input order: the generation's index, the aspect (as a code into
    ``names``) and the verdict: ``passed`` (bools), and ``reason``, built on first use (only details and failure
    views show it)."""

    gen: Sequence[int]
    codes: np.ndarray
    names: Sequence[str]
    passed: np.ndarray
    why: Callable[[], list[str]] = field(repr=False, default=list)  # makes ``reason``
    _reason: list[str] | None = field(default=None, repr=False)

    @property
    def aspect(self) -> list[str]:
        return list(map(self.names.__getitem__, self.codes.tolist()))

    @property
    def reason(self) -> list[str]:
        if self._reason is None:
            self._reason = self.why()
        return self._reason


def _take(values: Sequence[Any], at: list[int]) -> Sequence[Any]:
    """``[values[i] for i in at]``, gathered in C."""
    if len(at) > 1:
        return itemgetter(*at)(values)
    return [values[i] for i in at]


def verdicts(
    raws: Sequence[str],
    cleaned: Sequence[str],
    matches: Matches,
    options: ScoringOptions,
    *,
    progress: bool = False,
    unfinished: Mapping[int, str] | set[int] | frozenset[int] = frozenset(),
    failed: Mapping[int, str] | None = None,
) -> VerdictColumns:
    """Check every aspect of every generation's reference: ``passed`` aspect by aspect, each aspect's items at once
    (its ``passes``), the reasons only when asked for (each item's check). Generations in ``unfinished`` (an
    unclosed ``<think>``) and in ``failed`` (no answer: index -> why) fail every aspect with that reason."""
    table, refs = matches.table, matches.codes
    constraints = table.derived("constraints", lambda t: [ref.constraint() for ref in t])
    specs = {a: aspects.get(a) for a in aspects.names()}
    empty_fails = options.empty == "fail"  # the wrapper applies the policy that acts on every aspect
    checks = {a: partial(check, a) if empty_fails else spec.check for a, spec in specs.items()}
    n = len(raws)
    used = np.flatnonzero(np.bincount(refs, minlength=len(table)))
    names = list(dict.fromkeys(a for k in used.tolist() for a in table[k].aspects))
    if all(len(table[k].aspects) == 1 for k in used.tolist()):  # one aspect per prompt: every config but multi
        gen: Sequence[int] = range(n)
        at = np.arange(n)
        index = {a: k for k, a in enumerate(names)}
        code = np.array([index.get(r.aspects[0], -1) for r in table], dtype=np.intp)[refs]  # -1: references not used
    else:
        flat = [(i, a) for i, k in enumerate(refs.tolist()) for a in table[k].aspects]
        gen = [i for i, _ in flat]
        at = np.fromiter(gen, dtype=np.intp, count=len(gen))
        code = np.fromiter(
            map({a: k for k, a in enumerate(names)}.__getitem__, (a for _, a in flat)), dtype=np.intp, count=len(flat)
        )
    bar = None
    if progress and n > PROGRESS_THRESHOLD:
        from tqdm.auto import tqdm

        bar = tqdm(total=n, desc="lctg: checking", unit="gen")
    same = _same(cleaned, raws)  # nothing cleaned away (cleaner "none")
    passed = np.zeros(len(code), dtype=bool)
    for k, name in enumerate(names):
        spec = specs[name]
        sel = np.flatnonzero(code == k) if len(names) > 1 else np.arange(len(code))
        for start in range(0, len(sel), CHECK_BATCH):
            part = sel[start : start + CHECK_BATCH]
            g = at[part]
            texts = _take(raws, g.tolist())
            cleaned_texts = texts if same else _take(cleaned, g.tolist())
            args = (texts, cleaned_texts, _take(constraints, refs[g].tolist()), options)
            passed[part] = spec.passes(*args) if spec.passes is not None else one_by_one(spec.check, *args)
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
        ref_of = refs.tolist()
        out = [
            checks[names[a]]((raws[i], cleaned[i]), constraints[ref_of[i]], options)[1]  # type: ignore[arg-type]
            for i, a in zip(gen, code.tolist())
        ]
        if why:
            for k, i in enumerate(gen):
                if i in why:
                    out[k] = why[i]
        return out

    return VerdictColumns(gen, code, names, passed, reasons)
