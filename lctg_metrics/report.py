"""Former home of the score views; they live in :mod:`lctg_metrics.render` (kept for existing imports)."""

from lctg_metrics.render.csv_table import all_scores_csv, write_all_scores
from lctg_metrics.render.terminal import format_table, format_variants

__all__ = ["all_scores_csv", "format_table", "format_variants", "write_all_scores"]
