"""Analyses of scored runs, as functions over plain values (the ``lctg`` commands in ``cli.analysis`` call them):

    details JSONL ──► read_details ──► Details (records + counts) ─┬─► compare_details   (paired tests)
                                                                    ├─► report_data       (CIs, placement)
                                                                    └─► substitutability  (rankings, 1 − JSD)
    ScoreResult.counts ──► ci_table;   published tables ──► published_substitutability

Scores, intervals and tests come from :mod:`lctg_metrics.stats` on counts; views from :mod:`lctg_metrics.render`.
"""

from lctg_metrics.analysis.cis import ci_table, intervals
from lctg_metrics.analysis.compare import check_coverage, compare_details
from lctg_metrics.analysis.details import Details, display_names, read_details
from lctg_metrics.analysis.failures import failure_summary
from lctg_metrics.analysis.placement import SOURCE_CODES, placement, source_code, source_names
from lctg_metrics.analysis.report_data import report_data
from lctg_metrics.analysis.signatures import check_signatures, common_signature

__all__ = [
    "SOURCE_CODES",
    "Details",
    "check_coverage",
    "check_signatures",
    "ci_table",
    "common_signature",
    "compare_details",
    "display_names",
    "failure_summary",
    "intervals",
    "placement",
    "read_details",
    "report_data",
    "source_code",
    "source_names",
]
