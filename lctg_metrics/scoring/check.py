"""Clean and check: strip reasoning blocks, run the cleaner, then every aspect's check on every generation."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from operator import itemgetter
from typing import Any, Sequence

from lctg_metrics import aspects
from lctg_metrics.aspects import check, get_check, strip_think
from lctg_metrics.cleaners import CleanBatch, Cleaner
from lctg_metrics.options import ScoringOptions
from lctg_metrics.schema import Reference, ScoringError
from lctg_metrics.scoring.join import GenerationColumns

#: Number of items above which a progress bar is shown (when progress is on), and its step.
PROGRESS_THRESHOLD = 2000
PROGRESS_CHUNK = 50_000


def prepare_texts(
    cols: GenerationColumns, matched: Sequence[Reference], cleaner: Cleaner, options: ScoringOptions
) -> tuple[list[str], list[str], Any]:
    """Strip reasoning blocks (if asked), then clean. Returns (raw texts, cleaned texts, the cleaner's run
    stats or None)."""
    raws = [strip_think(t) for t in cols.texts] if options.strip_think else cols.texts
    provided = cols.cleaned
    if provided is not None and options.strip_think:
        provided = [None if c is None else strip_think(c) for c in provided]
    batch = CleanBatch([ref.task for ref in matched], raws, provided, cols.label)
    cleaned = cleaner.clean(batch) if len(batch) else []
    if len(cleaned) != len(batch) or not {type(c) for c in cleaned} <= {str}:
        raise ScoringError(f"cleaner {cleaner.describe()} returned {len(cleaned)} texts for {len(batch)} items")
    return raws, cleaned, getattr(cleaned, "stats", None)



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
) -> VerdictColumns:
    """Check every aspect of every generation's reference (the same pure check per item, in one tight loop)."""
    by_id = {id(ref): ref for ref in matched}  # the distinct references (few), found without hashing them
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
        plan_of = {rid: (checks[asp[0]], c) for rid, (c, asp) in plans.items()}
        vs = []
        for start in range(0, len(ids), PROGRESS_CHUNK):  # chunks only so that a progress bar can move
            stop = start + PROGRESS_CHUNK
            # (raw, cleaned) pairs go to the checks as plain tuples, straight from zip
            vs += [fn(t, c, options) for (fn, c), t in
                   zip(map(plan_of.__getitem__, ids[start:stop]), zip(raws[start:stop], cleaned[start:stop]))]
            if bar is not None:
                bar.update(min(stop, len(ids)) - start)
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
    return VerdictColumns(gen, aspect, list(map(itemgetter(0), vs)), list(map(itemgetter(1), vs)), ids)


