"""Scoring for LCTG Bench and its two metric families: aspect checks, cleaners, aggregation, reports.

``__version__`` is read from the installed package's metadata (pyproject.toml is its one source); a standalone
metric module, which has no metadata to read, carries the version it was generated from.
"""

#: The version a generated standalone metric module was made from (``lctg_metrics.standalone`` writes it); None in
#: the package, whose version is its metadata's.
STANDALONE_VERSION: str | None = None


def _installed_version() -> str:
    from importlib import metadata  # on first use: importing it costs ~30 ms at every start (and a Ctrl-C window)

    try:
        return metadata.version("lctg")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> str:
    """``__version__`` read on first use (and kept)."""
    if name == "__version__":
        value = STANDALONE_VERSION or _installed_version()
        globals()["__version__"] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
