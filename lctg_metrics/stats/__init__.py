"""Statistics over LCTG counts: bootstrap CIs, paired comparisons, Spearman, Jensen–Shannon similarity.

Every function takes :class:`~lctg_metrics.scoring.counts.Counts` (``result.counts`` of a fresh run) or
details records (``lctg score --details`` lines, counted by ``scoring.records.counts_from_records``), and
computes scores with the one formula (``scoring.aggregate.formula``). Nothing here reads files or keeps state;
randomness comes only from a seeded numpy Generator.
"""

from lctg_metrics.scoring.aggregate import AVERAGE
from lctg_metrics.stats.bootstrap import Interval, bootstrap_ci
from lctg_metrics.stats.cubes import FIELDS, OVERALL, as_counts, aspect_score, scores, setting_key
from lctg_metrics.stats.divergence import DEFAULT_BINS, histogram, histogram2d, js_divergence, jsd_similarity
from lctg_metrics.stats.paired import METHODS, Comparison, holm, paired_comparison, verdict
from lctg_metrics.stats.per_prompt import STD_DDOF, per_prompt_stats, scores_and_per_prompt
from lctg_metrics.stats.rank import average_ranks, spearman

__all__ = [
    "AVERAGE",
    "DEFAULT_BINS",
    "FIELDS",
    "METHODS",
    "OVERALL",
    "STD_DDOF",
    "Comparison",
    "Interval",
    "as_counts",
    "aspect_score",
    "average_ranks",
    "bootstrap_ci",
    "histogram",
    "histogram2d",
    "holm",
    "js_divergence",
    "jsd_similarity",
    "paired_comparison",
    "per_prompt_stats",
    "scores",
    "scores_and_per_prompt",
    "setting_key",
    "spearman",
    "verdict",
]
