"""Per-task tally cubes of one scored field, taken from :class:`~lctg_metrics.scoring.counts.Counts`, and the
scores of B resamples at once through the one formula (:func:`lctg_metrics.scoring.aggregate.formula`).

Scores are keyed by *setting* strings: ``"summary/keyword"``, ``"summary/average"`` (mean of the task's scored
aspects) and ``"overall/average"`` (mean of the task averages). A setting with no scored item (``field="quality"``
and nothing judged) is left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from lctg_metrics.scoring.aggregate import AVERAGE, exact_mean, formula, task_tallies
from lctg_metrics.scoring.counts import APPROPRIATE, PARSED, Counts, P, T
from lctg_metrics.scoring.records import counts_from_records

#: The scored fields: the controllability verdict and the quality judge's verdict.
FIELDS: tuple[str, ...] = ("passed", "quality")
#: (numerator, denominator) tally of each field: judged items whose answer did not parse leave the Qual
#: denominator, as upstream drops unparseable judge answers.
TALLIES: dict[str, tuple[int, int]] = {"passed": (P, T), "quality": (APPROPRIATE, PARSED)}
#: The papers' metric of each field: controllability (CTG) and quality (Qual).
METRIC_OF_FIELD: dict[str, str] = {"passed": "ctg", "quality": "qual"}
#: Display names of the two metrics (the papers' column names).
METRIC_NAMES: dict[str, str] = {"ctg": "CTG", "qual": "Qual"}
#: Name of the across-task row.
OVERALL = "overall"

#: What every stats function accepts: counts, or details records (``lctg score --details`` lines).
Data = Counts | Iterable[Mapping[str, Any]]


def setting_key(task: str, aspect: str) -> str:
    """The key of one task × aspect (or ``average``) in every result mapping, e.g. ``summary/keyword``."""
    return f"{task}/{aspect}"


def check_field(field: str) -> None:
    if field not in FIELDS:
        raise ValueError(f"unknown field {field!r}; valid: {', '.join(FIELDS)}")


def as_counts(data: Data) -> Counts:
    """Counts as given, or counted from details records (validated by ``schema.check_detail``)."""
    return data if isinstance(data, Counts) else counts_from_records(list(data))


@dataclass(frozen=True)
class Cube:
    """One task's tallies of one field summed over prompt variants: ``num[u, a, s]`` / ``den[u, a, s]``."""

    task: str
    units: tuple[int, ...]
    aspects: tuple[str, ...]
    samples: tuple[int, ...]
    num: np.ndarray
    den: np.ndarray

    @property
    def scorable(self) -> np.ndarray:
        """Per aspect: whether any item was scored (False when nothing of it was judged)."""
        return self.den.sum(axis=(0, 2)) > 0

    def flat(self) -> tuple[np.ndarray, np.ndarray]:
        """``(U, A*S)`` float views for resampling weights."""
        n = len(self.units)
        return self.num.reshape(n, -1).astype(float), self.den.reshape(n, -1).astype(float)

    def shaped(self, flat: np.ndarray) -> np.ndarray:
        """``(B, A*S)`` -> ``(B, A, S)``."""
        return flat.reshape(flat.shape[0], len(self.aspects), len(self.samples))


def cubes(data: Data, field: str = "passed") -> dict[str, Cube]:
    """One cube per task (tasks and aspects in table order); raises when no item of ``field`` was scored."""
    check_field(field)
    counts = as_counts(data)
    out: dict[str, Cube] = {}
    for task, tc in counts.tasks.items():
        num, den = task_tallies(tc, *TALLIES[field])
        out[task] = Cube(task, tc.units, tc.aspects, tc.samples, num, den)
    if not any(c.scorable.any() for c in out.values()):
        raise ValueError(f"no scored items: every {field!r} value is None")
    return out


def scores_of(
    cubes: Mapping[str, Cube],
    num: Mapping[str, np.ndarray],
    den: Mapping[str, np.ndarray],
    keep: Mapping[str, np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """Scores of B resamples: ``num[task]``/``den[task]`` are ``(B, A, S)``; ``keep[task]`` the aspects to
    report and average (default: the scorable ones). Returns ``{setting: (B,)}``."""
    out: dict[str, np.ndarray] = {}
    averages: list[np.ndarray] = []
    for task, cube in cubes.items():
        k = cube.scorable if keep is None else keep[task]
        if not k.any():
            continue
        aspect, avg = formula(num[task], den[task], keep=k)
        for j, a in enumerate(cube.aspects):
            if k[j]:
                out[setting_key(task, a)] = aspect[:, j]
        out[setting_key(task, AVERAGE)] = avg
        averages.append(avg)
    stacked = np.stack(averages, axis=-1)
    out[setting_key(OVERALL, AVERAGE)] = exact_mean(stacked, ~np.isnan(stacked))
    return out


def point_scores(cubes: Mapping[str, Cube], keep: Mapping[str, np.ndarray] | None = None) -> dict[str, float]:
    """The scores of the data itself (B = 1)."""
    num = {t: c.num.sum(axis=0)[None] for t, c in cubes.items()}
    den = {t: c.den.sum(axis=0)[None] for t, c in cubes.items()}
    return {k: float(v[0]) for k, v in scores_of(cubes, num, den, keep).items()}


def scores(data: Data, *, field: str = "passed") -> dict[str, float]:
    """Upstream scores of every task × aspect, each task's average and the overall average, e.g.
    ``{"summary/format": 0.99, ..., "summary/average": ..., "overall/average": ...}``."""
    return point_scores(cubes(data, field))


def aspect_score(data: Data, *, field: str = "passed") -> float:
    """Score of the data of one task × aspect: mean over samples of per-sample accuracy."""
    cs = cubes(data, field)
    settings = [setting_key(t, a) for t, c in cs.items() for a, ok in zip(c.aspects, c.scorable) if ok]
    if len(settings) != 1:
        raise ValueError(
            f"aspect_score expects the records of one task × aspect, got {len(settings)}: "
            f"{', '.join(settings)}; use scores() for several"
        )
    return point_scores(cs)[settings[0]]
