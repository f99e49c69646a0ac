"""Scoring for LCTG Bench and its two metric families: aspect checks, cleaners, aggregation, reports.

``__version__`` is read from the installed package's metadata (pyproject.toml is its one source); a standalone
metric module, which has no metadata to read, carries the version it was generated from.
"""

from importlib import metadata as _metadata

#: The version a generated standalone metric module was made from (``lctg_metrics.standalone`` writes it); None in
#: the package, whose version is its metadata's.
STANDALONE_VERSION: str | None = None


def _installed_version() -> str:
    try:
        return _metadata.version("lctg")
    except _metadata.PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


__version__ = STANDALONE_VERSION or _installed_version()
