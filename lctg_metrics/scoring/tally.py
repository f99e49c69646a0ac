"""Counting: per-generation keys and per-item verdicts tallied into :class:`~lctg_metrics.scoring.counts.Counts`
(one ``bincount`` per tally and task)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from lctg_dataset.constants import TASKS
from lctg_metrics.scoring.counts import (
    ALL_PASSED,
    APPROPRIATE,
    FAILED,
    GENERATIONS,
    JUDGED,
    MULTI,
    NO_VARIANT,
    PARSED,
    PLAIN_PROMPT_TALLY,
    PLAIN_TALLY,
    PROMPT_TALLY,
    TALLY,
    THINK_MALFORMED,
    THINK_NO_ANSWER,
    THINK_STRIPPED,
    THINK_UNFINISHED,
    UNPARSEABLE,
    Counts,
    P,
    T,
    aspect_order,
)
from lctg_metrics.scoring.limits import check_cube
from lctg_metrics.scoring.task_counts import TaskCounts


def _axis(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sorted distinct values and each value's index among them (linear time for small non-negative ints)."""
    if values.size and values.min() >= -1 and values.max() < 4 * values.size + 4096:
        present = np.flatnonzero(np.bincount(values + 1)) - 1
        lut = np.zeros(int(values.max()) + 2, dtype=np.intp)
        lut[present + 1] = np.arange(len(present))
        return present, lut[values + 1]
    axis, codes = np.unique(values, return_inverse=True)
    return axis, codes.reshape(-1)


def build(
    task_of: Sequence[str],
    unit_of: Sequence[int],
    variant_of: Sequence[int | None],
    sample_of: Sequence[int],
    item_gen: Sequence[int],
    item_aspect: Sequence[str],
    item_passed: Sequence[bool],
    multi_of: Sequence[bool] | None = None,
    quality: Sequence[Any] | None = None,
    *,
    generations: bool = True,
) -> Counts:
    """Counts from per-generation keys (task, prompt_id, variant, sample) and per-item verdicts (the index of
    the item's generation, its aspect, passed). ``quality[g]`` is None (not judged) or has ``label``
    (True/False/None) and ``reason``; ``multi_of[g]`` says the generation's prompt has several aspects.
    ``generations=False`` for items that stand for missing generations (counted as failures)."""
    task_code = {t: k for k, t in enumerate(TASKS)}
    n = len(task_of)
    g_task = np.fromiter(map(task_code.__getitem__, task_of), dtype=np.intp, count=n)
    g_var = np.fromiter((NO_VARIANT if v is None else v for v in variant_of), dtype=np.int64, count=n)
    return from_codes(
        g_task,
        np.asarray(unit_of, dtype=np.int64),
        g_var,
        np.asarray(sample_of, dtype=np.int64),
        np.asarray(item_gen, dtype=np.intp),
        item_aspect,
        item_passed,
        multi_of,
        quality,
        generations=generations,
    )


def from_codes(
    g_task: np.ndarray,
    g_unit: np.ndarray,
    g_var: np.ndarray,
    g_sample: np.ndarray,
    i_gen: np.ndarray,
    item_aspect: Sequence[str],
    item_passed: Sequence[bool],
    multi_of: Any = None,
    quality: Sequence[Any] | None = None,
    *,
    generations: bool = True,
    think: tuple[np.ndarray, np.ndarray] | None = None,
) -> Counts:
    """:func:`build` on arrays: task codes (index in TASKS), prompt ids, variants (NO_VARIANT for none), samples per
    generation; the generation index, aspect name and verdict per item; ``think`` = per-generation 0/1 flags
    (reasoning block stripped, unfinished reasoning)."""
    n_gen = len(g_task)
    g_multi = np.zeros(n_gen, dtype=bool) if multi_of is None else np.asarray(multi_of).astype(bool)
    return from_references(
        np.arange(n_gen),
        np.asarray(g_task),
        np.asarray(g_unit),
        np.asarray(g_var),
        g_multi,
        g_sample,
        i_gen,
        item_aspect,
        item_passed,
        quality,
        generations=generations,
        think=think,
    )


def from_references(
    g_ref: np.ndarray,
    r_task: np.ndarray,
    r_unit: np.ndarray,
    r_var: np.ndarray,
    r_multi: np.ndarray,
    g_sample: np.ndarray,
    i_gen: np.ndarray,
    item_aspect: Sequence[str] | np.ndarray,
    item_passed: Sequence[bool] | np.ndarray,
    quality: Sequence[Any] | None = None,
    *,
    generations: bool = True,
    think: Sequence[np.ndarray] | None = None,
    aspect_names: Sequence[str] | None = None,
) -> Counts:
    """:func:`from_codes` with the generations' keys given through a table of their references (few): ``g_ref[g]``
    indexes ``r_task`` (index in TASKS), ``r_unit`` (prompt id), ``r_var`` (variant, NO_VARIANT for none) and
    ``r_multi`` (several aspects); ``g_sample[g]`` is the sample. With ``aspect_names``, ``item_aspect`` holds
    indices into them rather than names."""
    n_gen, n_item, n_ref = len(g_ref), len(i_gen), len(r_task)
    g_sample = np.asarray(g_sample, dtype=np.int64)
    if aspect_names is None:
        names = aspect_order(set(item_aspect))
        code = {a: k for k, a in enumerate(names)}
        i_aspect = np.fromiter(map(code.__getitem__, item_aspect), dtype=np.intp, count=n_item)
    else:
        names = aspect_order(aspect_names)
        i_aspect = np.array([names.index(a) for a in aspect_names], dtype=np.intp)[np.asarray(item_aspect)]
    i_passed = (
        np.asarray(item_passed, dtype=bool)
        if isinstance(item_passed, np.ndarray)
        else np.fromiter(item_passed, dtype=bool, count=n_item)
    )
    r_multi = np.asarray(r_multi, dtype=bool)
    g_multi = r_multi[g_ref] if r_multi.any() else None
    g_all = None
    if g_multi is not None:  # prompts with several aspects whose every aspect passed
        g_all = g_multi.copy()
        g_all[i_gen[~i_passed]] = False
    g_quality = None
    if quality is not None and any(q is not None for q in quality):
        g_quality = np.zeros((n_gen, 5), dtype=np.int64)  # appropriate, parsed, unparseable, failed, judged
        for g, q in enumerate(quality):
            if q is not None:
                label, unparseable = q.label, str(q.reason).startswith("unparseable")
                g_quality[g] = (
                    label is True,
                    label is not None,
                    label is None and unparseable,
                    label is None and not unparseable,
                    1,
                )
    flags = None if think is None else [np.asarray(f).astype(bool) for f in think]
    kc = PLAIN_TALLY if g_quality is None else len(TALLY)
    kp = PLAIN_PROMPT_TALLY if flags is None else len(PROMPT_TALLY)
    g_task = np.asarray(r_task, dtype=np.int8)[g_ref]
    out: dict[str, TaskCounts] = {}
    for t, task in enumerate(TASKS):
        gm = g_task == t
        if not gm.any():
            continue
        whole = bool(gm.all())
        gref = g_ref if whole else g_ref[gm]
        present = np.bincount(gref, minlength=n_ref) > 0  # the references of this task's generations
        units, ru = _axis(np.asarray(r_unit, dtype=np.int64)[present])
        variants, rv = _axis(np.asarray(r_var, dtype=np.int64)[present])
        unit_of, variant_of = np.zeros(n_ref, dtype=np.intp), np.zeros(n_ref, dtype=np.intp)
        unit_of[present], variant_of[present] = ru, rv
        samples, gs = _axis(g_sample if whole else g_sample[gm])
        gu, gv = unit_of[gref], variant_of[gref]
        del gref
        shape = (len(units), len(variants), len(names), len(samples))
        check_cube(task, shape)
        size = int(np.prod(shape))
        if whole:
            im, ig = slice(None), i_gen
        else:
            local = np.cumsum(gm) - 1  # generation -> index within this task
            im = gm[i_gen]
            ig = local[i_gen[im]]
            del local
        lin = ((gu[ig] * shape[1] + gv[ig]) * shape[2] + i_aspect[im]) * shape[3] + gs[ig]
        cells = np.zeros((*shape, kc), dtype=np.int64)
        cells[..., P] = np.bincount(lin[i_passed[im]], minlength=size).reshape(shape)
        cells[..., T] = np.bincount(lin, minlength=size).reshape(shape)
        if g_quality is not None:
            gq = g_quality if whole else g_quality[gm]
            for k, col in zip((APPROPRIATE, PARSED, UNPARSEABLE, FAILED, JUDGED), gq.T):
                cells[..., k] = np.bincount(lin, weights=col[ig], minlength=size).reshape(shape)
        del lin, ig
        pshape = (shape[0], shape[1], shape[3])
        plin = (gu * shape[1] + gv) * shape[3] + gs
        del gu, gv, gs
        psize = int(np.prod(pshape))
        prompts = np.zeros((*pshape, kp), dtype=np.int64)
        gsel = slice(None) if whole else gm
        if g_all is not None and g_multi is not None:  # both or neither
            prompts[..., ALL_PASSED] = np.bincount(plin[g_all[gsel]], minlength=psize).reshape(pshape)
            prompts[..., MULTI] = np.bincount(plin[g_multi[gsel]], minlength=psize).reshape(pshape)
        if generations:
            prompts[..., GENERATIONS] = np.bincount(plin, minlength=psize).reshape(pshape)
        if flags is not None:
            for k, flag in zip((THINK_STRIPPED, THINK_UNFINISHED, THINK_NO_ANSWER, THINK_MALFORMED), flags):
                prompts[..., k] = np.bincount(plin[flag[gsel]], minlength=psize).reshape(pshape)
        del plin
        used = cells[..., T].sum(axis=(0, 1, 3)) > 0
        keep = [a for a, u in zip(names, used) if u]
        out[task] = TaskCounts(
            tuple(int(x) for x in units),
            tuple(int(x) for x in variants),
            tuple(keep),
            tuple(int(x) for x in samples),
            cells if used.all() else cells[:, :, used],
            prompts,
        )
    return Counts(out)
