"""``lctg compare`` as a function: two details files paired per task × aspect (on the (id, sample) pairs both
hold), with Holm-adjusted p-values."""

from __future__ import annotations

from collections import Counter
from typing import Any

from lctg_metrics import stats
from lctg_metrics.analysis.details import Details
from lctg_metrics.analysis.signatures import check_signatures
from lctg_metrics.scoring.coverage import COVER_KEY
from lctg_metrics.stats.cubes import METRIC_NAMES, METRIC_OF_FIELD

#: Signature keys that do not block a paired comparison: the coverage of a partial run (only the pairs both files
#: hold are compared).
PAIRED_NOTE_KEYS: frozenset[str] = frozenset({COVER_KEY})


def _describe_keys(keys: list[tuple[str, int]], name: str) -> str:
    if not keys:
        return f"0 only in {name}"
    tasks = Counter(i.split("/", 1)[0] for i, _ in keys)
    samples = Counter(s for _, s in keys)
    by = (
        ", ".join(f"{t} {n}" for t, n in tasks.most_common())
        + "; samples "
        + ", ".join(f"{s}: {n}" for s, n in sorted(samples.items()))
    )
    ex = ", ".join(f"{i} sample {s}" for i, s in keys[:3])
    return f"{len(keys)} only in {name} ({by}; e.g. {ex})"


def check_coverage(a: Details, b: Details, names: tuple[str, str]) -> None:
    """Raise unless the two files hold the same (id, sample) pairs, naming how many differ and examples."""
    ka = {(r["id"], r["sample"]) for r in a.records}
    kb = {(r["id"], r["sample"]) for r in b.records}
    if ka != kb:
        raise ValueError(
            f"{names[0]} ({a.path}) and {names[1]} ({b.path}) cover different (id, sample) sets "
            f"({len(ka)} vs {len(kb)}): {_describe_keys(sorted(ka - kb), names[0])}, "
            f"{_describe_keys(sorted(kb - ka), names[1])}"
        )


def paired(a: Details, b: Details, names: tuple[str, str]) -> tuple[Details, Details, list[str]]:
    """The two files restricted to the (id, sample) pairs both hold (a partial run, other tasks or samples), with a
    note saying what was left out; an error when they share none."""
    ka = {(r["id"], r["sample"]) for r in a.records}
    kb = {(r["id"], r["sample"]) for r in b.records}
    if ka == kb:
        return a, b, []
    common = ka & kb
    if not common:
        raise ValueError(
            f"{names[0]} ({a.path}) and {names[1]} ({b.path}) share no (id, sample) pair, so nothing "
            f"can be paired: {_describe_keys(sorted(ka), names[0])}, {_describe_keys(sorted(kb), names[1])}"
        )
    note = (
        f"paired only the {len(common)} (id, sample) pairs both files hold "
        f"({len({i for i, _ in common})} prompts); left out: {_describe_keys(sorted(ka - kb), names[0])}, "
        f"{_describe_keys(sorted(kb - ka), names[1])}"
    )

    def keep(d: Details) -> Details:
        return Details(d.path, [r for r in d.records if (r["id"], r["sample"]) in common], d.signature)

    return keep(a), keep(b), [note]


def compare_details(
    a: Details,
    b: Details,
    *,
    names: tuple[str, str] = ("A", "B"),
    method: str = "permutation",
    n_resamples: int = 10000,
    seed: int = 0,
    alpha: float = 0.05,
    allow_different_signatures: bool = False,
) -> dict[str, Any]:
    """Paired comparison of two details files per task × aspect, task averages and overall.

    CTG always; Qual too when both files carry judged quality. The CI level is ``1 - alpha`` so the CI of
    the difference and the test agree. Holm-adjusted p-values are given per metric over all its settings.
    """
    diffs, notes = check_signatures(a, b, names, allow_different=allow_different_signatures, note_keys=PAIRED_NOTE_KEYS)
    a, b, pairing = paired(a, b, names)
    notes += pairing
    fields = ["passed"] + (["quality"] if a.has_quality and b.has_quality else [])
    if a.has_quality != b.has_quality:
        judged = names[0] if a.has_quality else names[1]
        notes.append(f"only {judged} carries judged quality: Qual is not compared")
    metrics: dict[str, Any] = {}
    for field in fields:
        comps = stats.paired_comparison(
            a.counts,
            b.counts,
            method=method,
            n_resamples=n_resamples,
            seed=seed,
            alpha=alpha,
            level=1 - alpha,
            field=field,
            names=names,
        )
        adjusted = stats.holm({k: c.p_value for k, c in comps.items()})
        metrics[METRIC_NAMES[METRIC_OF_FIELD[field]]] = {
            k: dict(c.to_dict(), p_holm=adjusted[k], significant_holm=bool(adjusted[k] < alpha and c.diff != 0))
            for k, c in comps.items()
        }
    return {
        "a": {"name": names[0], "path": a.path, "signature": a.signature},
        "b": {"name": names[1], "path": b.path, "signature": b.signature},
        "method": method,
        "resamples": n_resamples,  # the name every command's JSON gives them (score's ci.resamples)
        "seed": seed,
        "alpha": alpha,
        "level": 1 - alpha,
        "units": "prompts (one prompt_id of one task, all samples and aspects together)",
        "signature_differences": [d.to_dict() for d in diffs],
        "notes": notes,
        "comparisons": metrics,
        "significant": [c["verdict"] for per in metrics.values() for c in per.values() if c["significant"]],
    }
