"""What an aspect is (a pure check with its headings and constraint fields) and the registry of aspects.

Each check is ``(texts, constraint, options) -> Verdict``. ``texts`` is the raw generation and its cleaned
version; ``format`` looks at both, the other aspects at the cleaned text, as upstream ``scripts/eval_ctg.py``.
Everything downstream (validation, scoring, details, tables, JSON, CSV headings) reads aspects from
:data:`REGISTRY`, so an aspect is one module that calls :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import repeat
from typing import Any, NamedTuple, cast

from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.verdict import Verdict, new  # noqa: F401 (new: re-exported by lctg_metrics.aspects)


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
#: ``passes(raws, cleaned, constraints, options)``: the ``passed`` of many items at once (one per item, in order),
#: without the reason, which is built only where it is shown (details, failures) by the aspect's check.
Passes = Callable[[Sequence[str], Sequence[str], Sequence[Constraint], ScoringOptions], Iterable[bool]]


def one_by_one(
    check: Check,
    raws: Sequence[str],
    cleaned: Sequence[str],
    constraints: Sequence[Constraint],
    options: ScoringOptions,
) -> list[bool]:
    """``passed`` of each item's own check (what a ``passes`` gives where its fast way does not apply)."""
    return [v[0] for v in map(check, cast("Iterable[Texts]", zip(raws, cleaned)), constraints, repeat(options))]


def _no_validation(constraint: Mapping[str, Any]) -> str | None:
    return None


@dataclass(frozen=True)
class Aspect:
    """One controllability aspect.

    ``heading``: the papers' name (terminal table); ``column``: upstream ``all_scores.csv`` heading stem;
    ``fields``: the constraint fields it reads; ``validate(constraint)``: why a constraint dict cannot be
    checked by this aspect, or None; ``passes``: the check's ``passed`` for many items at once, without the reasons
    (the scorer's hot path; None: each item's check is called). It must give what the check gives
    (tests/test_aspects.py compares them)."""

    name: str
    check: Check
    heading: str
    column: str
    fields: tuple[str, ...] = ()
    validate: Callable[[Mapping[str, Any]], str | None] = _no_validation
    passes: Passes | None = None

    def __post_init__(self) -> None:
        unknown = [f for f in self.fields if f not in CONSTRAINT_FIELDS]
        if unknown:
            raise ValueError(
                f"aspect {self.name!r}: unknown constraint field(s) {unknown}; valid: {list(CONSTRAINT_FIELDS)}"
            )


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
