"""Scoring: join → clean → check → counts → aggregate (see :mod:`lctg_metrics.scoring.pipeline`)."""

from lctg_metrics.options import MISSING_POLICIES
from lctg_metrics.schema import Generation, Reference, ScoringError
from lctg_metrics.scoring.aggregate import Summary, aggregate, formula
from lctg_metrics.scoring.counts import Counts
from lctg_metrics.scoring.join import MISSING_REASON, GenerationColumns, index_references
from lctg_metrics.scoring.part import JudgeSpec, score_part
from lctg_metrics.scoring.pipeline import finalize, gc_paused, score
from lctg_metrics.scoring.result import ItemVerdict, ScoreResult

__all__ = [
    "Counts",
    "Generation",
    "GenerationColumns",
    "ItemVerdict",
    "JudgeSpec",
    "MISSING_POLICIES",
    "MISSING_REASON",
    "Reference",
    "ScoreResult",
    "ScoringError",
    "Summary",
    "aggregate",
    "finalize",
    "formula",
    "gc_paused",
    "index_references",
    "score",
    "score_part",
]
