"""What a metric family is and what it returns: the :class:`MetricFamily` protocol a family's object follows, its
:class:`FamilyResult`, what ``run`` reads as a family's generations (:func:`family_generations`, a details file
refused by :func:`details_kind`) and its other arguments (:func:`check_run_arguments`), and several samples' results
read as one (:func:`mean_result`: each number the mean over samples, the signature with ``samples:N``). The registry
and the one ``run`` are :mod:`lctg_metrics.family`."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from lctg_metrics.options import Option
from lctg_metrics.schema import Generation, ScoringError, kind
from lctg_metrics.signature import Family, parse

Row = Mapping[str, Any]


@dataclass(frozen=True)
class FamilyResult:
    """One scored run of any family, as plain values: the signature, the flat evaluate view (numbers and the
    signature), the JSON result, one details line per verdict (the family's declared fields) and the printed table.
    ``native`` is the family's own result object; ``samples`` the per-sample results of a run of several samples
    (empty for one)."""

    signature: str
    flat: dict[str, Any]
    json: dict[str, Any]
    details: list[dict[str, Any]]
    table: str
    native: Any = field(default=None, repr=False, compare=False)
    valid: bool = True
    samples: tuple[FamilyResult, ...] = ()


@runtime_checkable
class MetricFamily(Protocol):
    """What a family declares. ``signature``: its declared signature (its name is the registry's name);
    ``options``: the options ``score`` takes (name, help, kind, default, choices), read by the CLI, the API and the
    evaluate modules; ``detail_fields``: the fields of a details line, in order; ``per_sample``: True when ``score``
    takes one generation per id (:func:`run` then scores each sample and takes the mean), False when it scores
    several samples itself (LCTG)."""

    signature: Family
    options: tuple[Option, ...]
    detail_fields: tuple[str, ...]
    per_sample: bool

    def rows(self, folder: str | os.PathLike[str], config: str) -> list[dict[str, Any]]:
        """The rows of ``config`` of a built dataset folder, read through the input layer and checked."""
        ...

    def score(
        self, generations: Sequence[Generation], rows: Sequence[Row], options: Mapping[str, Any], source: str | None
    ) -> FamilyResult:
        """Score ``generations`` against ``rows`` with the declared ``options`` (every one given); ``source`` is
        where a Hub dataset came from (``repo@revision#digest``, for the signature), else None."""
        ...


#: Details files (any family's verdicts, not generations), told apart by the fields of their first line: (fields,
#: what it is). The one declaration every route that reads generations refuses them by (:func:`details_kind`).
DETAILS_FIELDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("id", "sample", "aspect", "passed"), "an lctg score details file (one verdict per aspect)"),
    (("instruction_id", "strict", "loose"), "an lctg if-score details file (one verdict per instruction)"),
    (("hit", "choice"), "an lctg ifsm details file (one item per story ending)"),
)


def details_kind(first: Any) -> str | None:
    """What a details file is, told from its first line (a dict), or None when the line is no family's verdict (an
    LCTG details line carries its generation too: read as generations, it would score as the run it came from)."""
    if not isinstance(first, Mapping):
        return None
    return next((what for fields, what in DETAILS_FIELDS if all(f in first for f in fields)), None)


#: What ``generations`` takes, as errors say it.
GENERATIONS_TAKES = "a generations file path, or a list of {'id', 'generation'} dicts or of Generation values"


def family_generations(name: str, generations: Any) -> list[Generation]:
    """The generations ``run`` was given, read once (any iterable: a generator is consumed once, nothing peeked and
    lost): a file (a details file refused, as every route refuses it), ``{"id", "generation"}`` dicts as a file's
    lines hold them, or :class:`Generation` values; anything else is refused naming the argument."""
    if isinstance(generations, (str, os.PathLike)):
        from lctg_metrics.inputs.generations import read_generations

        what = details_kind(_first_record(generations))
        if what is not None:
            raise ScoringError(f"{generations} is {what}, not generations: give the generations file that run scored")
        return read_generations(generations)
    if isinstance(generations, (bytes, Mapping)) or not isinstance(generations, Iterable):
        raise TypeError(f"{name}: generations: expected {GENERATIONS_TAKES}, got {kind(generations)}")
    # a Generation of another copy of this code (an evaluate module's flattened schema) is one of ours
    items = [Generation(*g) if _copied_generation(g) else g for g in generations]
    if items and isinstance(items[0], Mapping):  # records as a generations file holds them
        what = details_kind(items[0])
        if what is not None:
            raise ScoringError(f"generations[0] is a line of {what}, not a generation: give the generations scored")
    for number, g in enumerate(items):
        if not isinstance(g, (Mapping, Generation)) or isinstance(g, Mapping) != isinstance(items[0], Mapping):
            raise TypeError(
                f"{name}: generations[{number}]: expected an {{'id', 'generation'}} dict or a Generation value (one "
                f"kind throughout, as generations[0]), got {kind(g)}"
            )
    if items and isinstance(items[0], Mapping):
        from lctg_metrics.inputs.generations import generations_from

        return generations_from(items)
    return items


def _copied_generation(g: Any) -> bool:
    return not isinstance(g, Generation) and isinstance(g, tuple) and getattr(g, "_fields", None) == Generation._fields


def _first_record(path: str | os.PathLike[str]) -> Any:
    """The first line of a JSON Lines file, parsed (None when it is not one: the reader names what is wrong)."""
    import json

    if not str(path).lower().endswith((".jsonl", ".json", ".ndjson")):
        return None
    try:
        with open(path, encoding="utf-8-sig") as f:
            return json.loads(f.readline())
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


#: Keys of a flat result left out of the mean over samples: interval bounds (the mean of per-sample bounds is no
#: interval; each sample's stays in its own result).
NOT_AVERAGED = re.compile(r"(_low|_high|/ci_low|/ci_high)$")


def _mean_value(key: str, values: list[Any]) -> Any:
    if all(type(v) in (int, float) for v in values):
        return None if NOT_AVERAGED.search(key) else sum(values) / len(values)
    if all(type(v) is bool for v in values):
        return all(values)
    return values[0] if all(v == values[0] for v in values) else list(values)


def mean_result(family: MetricFamily, results: Sequence[FamilyResult]) -> FamilyResult:
    """Several samples' results as one: each number of the flat view the mean over samples (interval bounds left
    out), a flag true when it is true in every sample, the signature with ``samples:N``, each sample's details
    line with its ``sample``, the per-sample JSON results under ``per_sample``."""
    if len(results) == 1:
        return results[0]
    differ = next((n for n, r in enumerate(results) if r.signature != results[0].signature), None)
    if differ is not None:  # a mean is read under one signature: every sample must have been scored alike
        raise ScoringError(
            f"{family.signature.name}: sample {differ} was scored under {results[differ].signature!r}, sample 0 "
            f"under {results[0].signature!r}; the mean needs one setting for every sample"
        )
    signature = with_samples(family.signature, results[0].signature, len(results))
    flat = {k: _mean_value(k, [r.flat.get(k) for r in results]) for k in results[0].flat if k != "signature"}
    flat = {k: v for k, v in flat.items() if v is not None or results[0].flat[k] is None}
    flat["samples"] = len(results)
    flat["signature"] = signature
    details = [_with_sample(d, n) for n, r in enumerate(results) for d in r.details]
    lines = [f"sample {n}:\n{r.table}" for n, r in enumerate(results)]
    means = [f"{k}: {v:.4f}" for k, v in flat.items() if type(v) is float]
    table = "\n\n".join([*lines, f"mean over {len(results)} samples:\n" + "\n".join(means) + f"\n{signature}"])
    return FamilyResult(
        signature,
        flat,
        {"signature": signature, "samples": len(results), "mean": flat, "per_sample": [r.json for r in results]},
        details,
        table,
        native=[r.native for r in results],
        valid=all(r.valid for r in results),
        samples=tuple(results),
    )


def _with_sample(line: Mapping[str, Any], sample: int) -> dict[str, Any]:
    """A details line with its ``sample`` after its first field (the id), as LCTG's lines hold it."""
    first, *rest = line.items()
    return dict([first, ("sample", sample), *rest])


def with_samples(declared: Family, signature: str, samples: int) -> str:
    """``signature`` with ``samples:N`` (a declared optional field of the family), other fields as they are."""
    values: dict[str, str | None] = dict(parse(signature))
    version = values.pop("version", None)
    return declared.build({**values, "samples": str(samples)}, package_version=version)


#: What each of ``run``'s other arguments takes: (the types, how an error says it).
_TAKES: dict[str, tuple[tuple[type, ...], str]] = {
    "revision": ((str,), "a revision of the Hub dataset (str: a tag, branch or commit)"),
    "config": ((str,), "a dataset config name (str)"),
    "source": ((str,), "the Hub dataset the rows came from (str, ResolvedDataset.source())"),
}


def check_run_arguments(name: str, *, dataset: Any, rows: Any, **others: Any) -> None:
    """``family.run``'s arguments besides the family and the generations: one line naming the argument and what it
    takes for a value of the wrong type (None: not given)."""
    if dataset is not None and not isinstance(dataset, (str, os.PathLike)):
        from lctg_metrics.inputs.hub import ResolvedDataset  # only then: a standalone module copy has no hub

        if not isinstance(dataset, ResolvedDataset):
            raise TypeError(f"{name}: dataset: expected a built dataset folder or a Hub dataset repo id (str), got "
                            f"{kind(dataset)}")  # fmt: skip
    for arg, value in others.items():
        types, what = _TAKES[arg]
        if value is not None and not isinstance(value, types):
            raise TypeError(f"{name}: {arg}: expected {what}, got {kind(value)}")
    if rows is not None:
        if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Sequence):
            raise TypeError(f"{name}: rows: expected a list of row dicts (a dataset config's rows), got {kind(rows)}")
        bad = next((n for n, r in enumerate(rows) if not isinstance(r, Mapping)), None)
        if bad is not None:
            raise TypeError(f"{name}: rows[{bad}]: expected a row dict, got {kind(rows[bad])}")


def check_bound(option: str, value: Any, seed_draws: str | None = None) -> None:
    """The run options every family shares, within their bounds (one place for every route: the API, the evaluate
    modules, the Spaces), refused by their public names; ``seed_draws``: what the family's seed draws (default: the
    bootstrap)."""
    from lctg_metrics.stats.bootstrap import check_resampling, check_seed

    if option == "ci_resamples":
        check_resampling(value, 0.95, name=option)
    elif option == "seed":
        check_seed(value, name=option, **({"what": f"the seed of {seed_draws}"} if seed_draws else {}))
