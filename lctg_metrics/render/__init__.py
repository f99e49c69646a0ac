"""Views of scores: one table model (:mod:`~lctg_metrics.render.table`) built by :mod:`~lctg_metrics.render.tables`
and drawn by one renderer per format — terminal text, Markdown, CSV (upstream's all_scores.csv), HTML (a
jinja2 template) — plus the report figures (matplotlib, lazy). Renderers take plain values and ScoreResults;
they never compute a score."""

from lctg_metrics.render.csv_table import all_scores_csv, write_all_scores
from lctg_metrics.render.table import Cell, Table, columns, csv_stem, heading
from lctg_metrics.render.terminal import format_comparison, format_substitutability, format_table, format_variants

__all__ = [
    "Cell",
    "Table",
    "all_scores_csv",
    "columns",
    "csv_stem",
    "format_comparison",
    "format_substitutability",
    "format_table",
    "format_variants",
    "heading",
    "write_all_scores",
]
