"""What an aspect is (a pure check with its headings and constraint fields) and the registry of aspects.

Each check is ``(texts, constraint, options) -> Verdict``. ``texts`` is the raw generation and its cleaned
version; ``format`` looks at both, the other aspects at the cleaned text, as upstream ``scripts/eval_ctg.py``.
Everything downstream (validation, scoring, details, tables, JSON, CSV headings) reads aspects from
:data:`REGISTRY`, so an aspect is one module that calls :func:`register`.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, NamedTuple

from lctg_metrics.options import ScoringOptions
from lctg_metrics.verdict import Verdict, new


class Texts(NamedTuple):
    """The raw generation and its cleaned version (after the header/footer cleaner). The checks read it as a
    ``(raw, cleaned)`` pair, so any 2-tuple works (the scorer passes plain tuples in its hot loop)."""

    raw: str
    cleaned: str


class Constraint(NamedTuple):
    """What one prompt asks for. Fields an aspect does not use may be ``None``."""

    task: str
    min_chars: int | None = None
    max_chars: int | None = None
    keyword: str | None = None
    prohibited_word: str | None = None


#: The constraint fields an aspect may read (besides ``task``).
CONSTRAINT_FIELDS: tuple[str, ...] = Constraint._fields[1:]

Check = Callable[[Texts, Constraint, ScoringOptions], Verdict]


def _no_validation(constraint: Mapping[str, Any]) -> str | None:
    return None


@dataclass(frozen=True)
class Aspect:
    """One controllability aspect.

    ``heading``: the papers' name (terminal table); ``column``: upstream ``all_scores.csv`` heading stem;
    ``fields``: the constraint fields it reads; ``validate(constraint)``: why a constraint dict cannot be
    checked by this aspect, or None."""

    name: str
    check: Check
    heading: str
    column: str
    fields: tuple[str, ...] = ()
    validate: Callable[[Mapping[str, Any]], str | None] = _no_validation

    def __post_init__(self) -> None:
        unknown = [f for f in self.fields if f not in CONSTRAINT_FIELDS]
        if unknown:
            raise ValueError(f"aspect {self.name!r}: unknown constraint field(s) {unknown}; valid: {list(CONSTRAINT_FIELDS)}")


#: name -> Aspect, in registration order (the order of every table).
REGISTRY: dict[str, Aspect] = {}


def register(aspect: Aspect) -> Aspect:
    """Add an aspect (its name must be new)."""
    if aspect.name in REGISTRY:
        raise ValueError(f"aspect {aspect.name!r} is already registered")
    REGISTRY[aspect.name] = aspect
    return aspect


@contextmanager
def registered(aspect: Aspect) -> Iterator[Aspect]:
    """Register an aspect for the duration of a ``with`` block (tests, experiments)."""
    register(aspect)
    try:
        yield aspect
    finally:
        REGISTRY.pop(aspect.name, None)


def get(name: str) -> Aspect:
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown aspect {name!r}; valid: {', '.join(REGISTRY)}") from None


def names() -> tuple[str, ...]:
    """Registered aspect names in table order."""
    return tuple(REGISTRY)
