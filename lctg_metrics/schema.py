"""The one validation of what flows in: references (a dataset row's ``constraint``), generations and details
records (a ``compute`` call's lists: :mod:`lctg_metrics.compute_inputs`). Errors are :class:`ScoringError` naming the
item (index, id, file:line) and what would be right."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any, NamedTuple, TypeGuard

from lctg_dataset.constants import CONSTRAINT_SCHEMA, TASKS
from lctg_metrics import aspects
from lctg_metrics.aspects import CONSTRAINT_FIELDS, Constraint

#: Fields every details line must carry (what ``lctg score --details`` writes, minus the texts).
DETAILS_KEYS: tuple[str, ...] = ("id", "sample", "task", "prompt_id", "aspect", "passed")


class ScoringError(ValueError):
    """Bad scoring input; the message names the id, sample, file or line and what would be right."""


def is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


#: How an error names each type of ``CONSTRAINT_SCHEMA`` (field -> (Arrow type, nullable), declared once in
#: ``lctg_dataset.constants``; absent = null).
_EXPECTED = {
    "string": "a string",
    "int64": "an integer",
    "int32": "an integer",
    "list<string>": "a non-empty list of strings",
}


def kind(v: Any) -> str:
    """How an error names a value's type: ``null``, ``str '80'``, ``int 5``, ``list``."""
    if v is None:
        return "null"
    shown = repr(v) if len(repr(v)) <= 40 else repr(v)[:37] + "..."
    return f"{type(v).__name__} {shown}"


def _has_type(v: Any, arrow: str) -> bool:
    if arrow == "string":
        return isinstance(v, str)
    if arrow == "list<string>":
        return isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v)
    return is_int(v)


def check_constraint_types(d: Mapping[str, Any], where: str) -> None:
    """Raise naming the first constraint field whose value has not its schema type (no coercion: ``"80"`` is no
    ``max_chars``, a bare ``"format"`` is no ``aspects`` list)."""
    for name, (arrow, nullable) in CONSTRAINT_SCHEMA.items():
        v = d.get(name)
        if v is None and nullable:
            continue
        if v is None or not _has_type(v, arrow):
            expected = _EXPECTED[arrow] + (" or null" if nullable else "")
            raise ScoringError(f"{where}: constraint field {name!r} must be {expected}, got {kind(v)}")


@dataclass(frozen=True)
class Reference:
    """What one prompt asks for (a dataset row's ``constraint``)."""

    id: str
    task: str
    prompt_id: int
    aspects: tuple[str, ...]
    min_chars: int | None = None
    max_chars: int | None = None
    keyword: str | None = None
    prohibited_word: str | None = None
    variant: int | None = None
    dataset_version: str = "unknown"

    def __post_init__(self) -> None:
        if self.variant is not None and self.variant < 0:  # -1 is the counts' "no variant" (scoring.counts.NO_VARIANT)
            raise ScoringError(
                f"reference {self.id!r}: constraint field 'variant' must be >= 0 or null, got {self.variant}"
            )

    @classmethod
    def from_mapping(cls, d: Mapping[str, Any], where: str = "") -> Reference:
        """Validate a constraint dict (as stored in the dataset) into a Reference."""
        if not isinstance(d, Mapping):
            raise ScoringError(f"{where or 'reference'}: expected a constraint dict, got {type(d).__name__}")
        rid = d.get("id")
        if not isinstance(rid, str) or not rid:
            raise ScoringError(f"{where or 'reference'}: constraint field 'id' must be a non-empty string, got {rid!r}")
        label = where or f"reference {rid!r}"
        check_constraint_types(d, label)
        task = d.get("task")
        if task not in TASKS:
            raise ScoringError(f"{label}: unknown task {task!r}; valid: {', '.join(TASKS)}")
        names = d.get("aspects")
        if isinstance(names, str) or not isinstance(names, (list, tuple)) or not names:
            raise ScoringError(f"{label}: constraint field 'aspects' must be a non-empty list, got {names!r}")
        bad = [a for a in names if a not in aspects.REGISTRY]
        if bad:
            raise ScoringError(f"{label}: unknown aspect(s) {bad}; valid: {', '.join(aspects.REGISTRY)}")
        used: set[str] = set()
        for name in names:
            spec = aspects.REGISTRY[name]
            problem = spec.validate(d)
            if problem:
                raise ScoringError(f"{label}: {problem}")
            used.update(spec.fields)
        pid = d.get("prompt_id")
        if not is_int(pid):
            raise ScoringError(f"{label}: constraint field 'prompt_id' must be an integer, got {pid!r}")
        variant = d.get("variant")
        if variant is not None and (not is_int(variant) or variant < 0):
            raise ScoringError(f"{label}: constraint field 'variant' must be an integer >= 0 or null, got {variant!r}")
        fields = {f: (d.get(f) if f in used else None) for f in CONSTRAINT_FIELDS}
        return cls(
            id=rid,
            task=task,
            prompt_id=pid,
            aspects=tuple(names),
            variant=variant,
            dataset_version=str(d.get("dataset_version") or "unknown"),
            **fields,
        )

    def constraint(self) -> Constraint:
        return Constraint(self.task, self.min_chars, self.max_chars, self.keyword, self.prohibited_word)


class Generation(NamedTuple):
    """One model output for one prompt. ``where`` locates it in the input (``file:line``) for errors. ``failure``
    says why an answer that came back is no answer (a refusal, a content-filter stop): every aspect fails with it."""

    id: str
    text: str
    sample: int = 0
    cleaned: str | None = None
    where: str = ""
    failure: str | None = None

    def label(self) -> str:
        return self.where or f"id {self.id!r} sample {self.sample}"


class GenerationChunk(Sequence[Generation]):
    """Generations read from a file, held as columns: a :class:`Generation` is made only when one is asked for
    (scoring reads the columns, :meth:`columns`). Their types are checked: str ids and texts, int samples in
    [0, 2**63), str or None cleaned texts."""

    __slots__ = ("ids", "texts", "samples", "cleaned", "where")

    def __init__(
        self,
        ids: list[str],
        texts: list[str],
        samples: list[int],
        cleaned: list[str | None] | None,
        where: Sequence[str],
    ) -> None:
        self.ids, self.texts, self.samples, self.cleaned, self.where = ids, texts, samples, cleaned, where

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return Generation(
            self.ids[i],
            self.texts[i],
            self.samples[i],
            None if self.cleaned is None else self.cleaned[i],
            self.where[i],
        )

    def __iter__(self) -> Iterator[Generation]:
        cleaned = repeat(None) if self.cleaned is None else self.cleaned
        return map(
            functools.partial(tuple.__new__, Generation),
            zip(self.ids, self.texts, self.samples, cleaned, self.where, repeat(None)),
        )

    def __eq__(self, other: object) -> bool:  # (so unhashable, as a list)
        return isinstance(other, Sequence) and list(self) == list(other)

    def columns(self) -> dict[str, Any]:
        """The keyword arguments of ``scoring.GenerationColumns``."""
        return {
            "ids": self.ids,
            "texts": self.texts,
            "samples": self.samples,
            "cleaned": self.cleaned,
            "where": self.where,
            "checked": True,
        }


class LineLabels(Sequence[str]):
    """``file:line`` of each generation of a chunk read from a file, made when asked for (errors name one)."""

    __slots__ = ("path", "numbers")

    def __init__(self, path: Any, numbers: Sequence[int]) -> None:
        self.path, self.numbers = path, numbers

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, i: Any) -> Any:
        return f"{self.path}:{self.numbers[i]}"


def check_generation(g: Generation) -> None:
    """Raise the error that names what is wrong with one generation (nothing if it is fine)."""
    if not isinstance(g.id, str):
        raise ScoringError(f"{g.label()}: 'id' must be a string, got {g.id!r}")
    if not isinstance(g.text, str):
        kind = "null" if g.text is None else type(g.text).__name__
        raise ScoringError(f"{g.label()}: generation for id {g.id!r} must be a string, got {kind}")
    if g.cleaned is not None and not isinstance(g.cleaned, str):
        raise ScoringError(f"{g.label()}: 'cleaned' for id {g.id!r} must be a string or absent, got {g.cleaned!r}")
    if type(g.sample) is not int or not 0 <= g.sample < 2**63:
        raise ScoringError(f"{g.label()}: 'sample' for id {g.id!r} must be a non-negative integer, got {g.sample!r}")


def check_detail(rec: Any, where: str) -> None:
    """Raise naming the first wrong field of one details record (a line of ``lctg score --details``)."""
    if not isinstance(rec, Mapping):
        raise ScoringError(f"{where}: expected an object, got {type(rec).__name__}")
    missing = [k for k in DETAILS_KEYS if k not in rec]
    if missing:
        raise ScoringError(
            f"{where}: missing field(s) {missing}; details lines are written by "
            f"lctg score --details and carry {list(DETAILS_KEYS)}"
        )
    if rec["task"] not in TASKS:
        raise ScoringError(f"{where}: unknown task {rec['task']!r}; valid: {', '.join(TASKS)}")
    if rec["aspect"] not in aspects.REGISTRY:
        raise ScoringError(f"{where}: unknown aspect {rec['aspect']!r}; valid: {', '.join(aspects.REGISTRY)}")
    for k in ("sample", "prompt_id"):
        if type(rec[k]) is not int:
            raise ScoringError(f"{where}: {k} must be an integer, got {rec[k]!r}")
    if type(rec["passed"]) is not bool:
        raise ScoringError(f"{where}: passed must be true or false, got {rec['passed']!r}")
    q = rec.get("quality")
    if q is not None and type(q) is not bool:
        raise ScoringError(f"{where}: quality must be true, false or null, got {q!r}")
    v = rec.get("variant")
    if v is not None and type(v) is not int:
        raise ScoringError(f"{where}: variant must be an integer or null, got {v!r}")
