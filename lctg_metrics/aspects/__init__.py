"""Aspect checks: one pure function per controllability aspect, in a registry by name.

The four LCTG aspects register themselves here, in upstream order; another aspect is one module calling
:func:`register` (see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from lctg_metrics.aspects.base import (
    CONSTRAINT_FIELDS,
    REGISTRY,
    Aspect,
    Check,
    Constraint,
    Texts,
    Verdict,
    get,
    names,
    new,
    register,
    registered,
)

# registration order is table order (upstream's): format, char_count, keyword, prohibited_word
from lctg_metrics.aspects.format import check_format  # isort: skip
from lctg_metrics.aspects.char_count import check_char_count  # isort: skip
from lctg_metrics.aspects.text import count_chars, delete_blanks, normalize, strip_think

from lctg_metrics.aspects.keyword import check_keyword  # isort: skip
from lctg_metrics.aspects.prohibited_word import check_prohibited_word  # isort: skip
from lctg_metrics.profiles import ScoringOptions


def get_check(aspect: str) -> Check:
    return get(aspect).check


def check(aspect: str, texts: Texts, constraint: Constraint, options: ScoringOptions) -> Verdict:
    """Apply one aspect's check, honouring the empty-generation policy that acts on every aspect.

    ``<think>`` stripping happens earlier, before cleaning (see ``scoring.check.prepare_texts``)."""
    fn = get_check(aspect)
    if options.empty == "fail" and not texts[0].strip():
        return new(Verdict, (False, "empty generation"))
    return fn(texts, constraint, options)


class _Checks(Mapping[str, Check]):
    """name -> check of every registered aspect, in table order, read from the registry at each use."""

    def __getitem__(self, name: str) -> Check:
        return REGISTRY[name].check

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)


#: name -> check, in table order: a live view of the registry (an aspect registered later is in it).
ASPECT_CHECKS: Mapping[str, Check] = _Checks()

__all__ = [
    "ASPECT_CHECKS",
    "CONSTRAINT_FIELDS",
    "REGISTRY",
    "Aspect",
    "Check",
    "Constraint",
    "Texts",
    "Verdict",
    "check",
    "check_char_count",
    "check_format",
    "check_keyword",
    "check_prohibited_word",
    "count_chars",
    "delete_blanks",
    "get",
    "get_check",
    "names",
    "normalize",
    "register",
    "registered",
    "strip_think",
]
