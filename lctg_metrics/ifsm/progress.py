"""Progress of a long IFSM run, for whoever shows it (``lctg ifsm`` draws bars on a terminal; nothing by default).

The steps that take time say how much work they begin and how much they have done, by label (``encoding``: texts
embedded; ``reader sets``: item sets read by the reader); :func:`reporting` sets the reporter for the calls inside
it (a context variable: no state outlives the run, no thread sees another's).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class Reporter(Protocol):
    def begin(self, label: str, total: int) -> None: ...

    def advance(self, label: str, done: int) -> None: ...


_REPORTER: ContextVar[Reporter | None] = ContextVar("lctg_ifsm_progress", default=None)


@contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Report the progress of the calls inside the block to ``reporter`` (None: report nothing)."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)


def active() -> bool:
    """Whether progress is reported (the LLM reader then shows its client's bar)."""
    return _REPORTER.get() is not None


def begin(label: str, total: int) -> None:
    """``total`` more units of ``label`` are to be done."""
    reporter = _REPORTER.get()
    if reporter is not None and total:
        reporter.begin(label, total)


def advance(label: str, done: int = 1) -> None:
    """``done`` units of ``label`` are done."""
    reporter = _REPORTER.get()
    if reporter is not None and done:
        reporter.advance(label, done)
