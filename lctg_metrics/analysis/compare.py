"""``lctg compare`` as a function: two details files paired per task × aspect, with Holm-adjusted p-values."""

from __future__ import annotations

from collections import Counter
from typing import Any

from lctg_metrics import stats
from lctg_metrics.analysis.details import Details
from lctg_metrics.analysis.signatures import check_signatures
from lctg_metrics.stats.cubes import METRIC_NAMES, METRIC_OF_FIELD


def check_coverage(a: Details, b: Details, names: tuple[str, str]) -> None:
    """Refuse two files that do not hold the same (id, sample) pairs, naming how many and examples."""
    ka = {(r["id"], r["sample"]) for r in a.records}
    kb = {(r["id"], r["sample"]) for r in b.records}
    if ka == kb:
        return
    only_a, only_b = sorted(ka - kb), sorted(kb - ka)

    def show(keys: list[tuple[str, int]], name: str) -> str:
        if not keys:
            return f"0 only in {name}"
        tasks = Counter(i.split("/", 1)[0] for i, _ in keys)
        samples = Counter(s for _, s in keys)
        by = (", ".join(f"{t} {n}" for t, n in tasks.most_common()) + "; samples "
              + ", ".join(f"{s}: {n}" for s, n in sorted(samples.items())))
        ex = ", ".join(f"{i} sample {s}" for i, s in keys[:3])
        return f"{len(keys)} only in {name} ({by}; e.g. {ex})"

    raise ValueError(
        f"{names[0]} ({a.path}) and {names[1]} ({b.path}) cover different (id, sample) sets "
        f"({len(ka)} vs {len(kb)}): {show(only_a, names[0])}, {show(only_b, names[1])}; "
        "score both on the same tasks and the same number of samples (or --missing fail) to pair them"
    )


def compare_details(a: Details, b: Details, *, names: tuple[str, str] = ("A", "B"), method: str = "permutation",
                    n_resamples: int = 10000, seed: int = 0, alpha: float = 0.05,
                    allow_different_signatures: bool = False) -> dict[str, Any]:
    """Paired comparison of two details files per task × aspect, task averages and overall.

    CTG always; Qual too when both files carry judged quality. The CI level is ``1 - alpha`` so the CI of
    the difference and the test agree. Holm-adjusted p-values are given per metric over all its settings.
    """
    diffs, notes = check_signatures(a, b, names, allow_different=allow_different_signatures)
    check_coverage(a, b, names)
    fields = ["passed"] + (["quality"] if a.has_quality and b.has_quality else [])
    if a.has_quality != b.has_quality:
        judged = names[0] if a.has_quality else names[1]
        notes.append(f"only {judged} carries judged quality: Qual is not compared")
    metrics: dict[str, Any] = {}
    for field in fields:
        comps = stats.paired_comparison(a.counts, b.counts, method=method, n_resamples=n_resamples, seed=seed,
                                        alpha=alpha, level=1 - alpha, field=field, names=names)
        adjusted = stats.holm({k: c.p_value for k, c in comps.items()})
        metrics[METRIC_NAMES[METRIC_OF_FIELD[field]]] = {
            k: dict(c.to_dict(), p_holm=adjusted[k], significant_holm=bool(adjusted[k] < alpha and c.diff != 0))
            for k, c in comps.items()
        }
    return {
        "a": {"name": names[0], "path": a.path, "signature": a.signature},
        "b": {"name": names[1], "path": b.path, "signature": b.signature},
        "method": method,
        "n_resamples": n_resamples,
        "seed": seed,
        "alpha": alpha,
        "level": 1 - alpha,
        "units": "prompts (one prompt_id of one task, all samples and aspects together)",
        "signature_differences": [d.to_dict() for d in diffs],
        "notes": notes,
        "comparisons": metrics,
        "significant": [c["verdict"] for per in metrics.values() for c in per.values() if c["significant"]],
    }
