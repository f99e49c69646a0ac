"""The analysis commands of ``lctg``: compare, report, substitutability (parsers and handlers)."""

from lctg_metrics.analysis import register

__all__ = ["register"]
