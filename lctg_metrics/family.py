"""The metric family protocol and its one registry: what a family declares, and the one :func:`run` every route takes.

A family (LCTG, the Japanese instructions, IFSM, or a new one) is a package with an object that follows
:class:`MetricFamily` (its signature, options, rows, details fields and ``score``) plus ONE :func:`register_family`
call naming it, its command, its build config, how its row ids look and where the object lives (imported on first
use, so ``lctg --help`` and the id check load no family). The CLI, the API and the evaluate modules read the
registry; nothing names a family by hand.

    run("instr", "generations.jsonl", dataset="lctg")        # rows from the built folder (or Hub repo id)
    run(family_object, generations, rows=rows, options={...})  # given rows, e.g. an evaluate module's references

Several samples per prompt: a family that scores one generation per id (``per_sample``) is scored once per sample
index; the result is every sample's result and their mean (:class:`FamilyResult.samples`). One sample per id gives
the family's own result, unchanged.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_metrics.inputs.families import split_samples
from lctg_metrics.options import Option
from lctg_metrics.schema import Generation, ScoringError
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


@dataclass(frozen=True)
class FamilyEntry:
    """One registration: the family's name (its signature's first part), the ``lctg`` command that scores it, what
    its generations files hold, its build config, a pattern its row ids match, the command's help line and usage
    (``{path}``, ``{dataset}``), where its :class:`MetricFamily` lives (``module:attribute``), and the module of
    :mod:`lctg_metrics.cli` that declares its own parser (None: the generic family command)."""

    name: str
    command: str
    holds: str
    config: str
    ids: str
    help: str
    implementation: str
    usage: str = "lctg {command} {path} --dataset {dataset}"
    cli: str | None = None

    def owns(self, rid: str) -> bool:
        return re.match(self.ids, rid) is not None

    def how(self, path: Any, dataset: str | None) -> str:
        """The command that scores ``path``, runnable as printed: the dataset given, else ``$LCTG_DATASET``, else the
        build script's default folder ``lctg`` when it is here, else a placeholder saying what to put there."""
        known = dataset or os.environ.get("LCTG_DATASET") or ("lctg" if os.path.isfile("lctg/manifest.json") else None)
        return self.usage.format(
            command=self.command, path=path, dataset=known or "<the folder build_dataset.py wrote>"
        )


#: Every registered family by name, in registration order.
REGISTRY: dict[str, FamilyEntry] = {}
_LOADED: dict[str, MetricFamily] = {}


def register_family(entry: FamilyEntry) -> FamilyEntry:
    """Add a family; its name and command must be new."""
    for other in REGISTRY.values():
        if entry.name == other.name or entry.command == other.command:
            raise ValueError(f"family {entry.name!r} (command {entry.command!r}) is already registered")
    REGISTRY[entry.name] = entry
    return entry


def unregister_family(name: str) -> None:
    """Remove a family (a test's toy family when it is done)."""
    REGISTRY.pop(name, None)
    _LOADED.pop(name, None)


def family_entry(name: str) -> FamilyEntry:
    """The registration of ``name`` (a family name or its command)."""
    found = REGISTRY.get(name) or next((e for e in REGISTRY.values() if e.command == name), None)
    if found is None:
        raise ScoringError(f"unknown metric family {name!r}; registered: {', '.join(REGISTRY)}")
    return found


def family_of(rid: str) -> FamilyEntry | None:
    """The family whose rows an id names (None: no family's)."""
    return next((e for e in REGISTRY.values() if e.owns(rid)), None)


def load(name: str) -> MetricFamily:
    """The :class:`MetricFamily` of a registered family, imported once; its signature must carry its name."""
    e = family_entry(name)
    if e.name not in _LOADED:
        module, _, attribute = e.implementation.partition(":")
        impl = getattr(importlib.import_module(module), attribute)
        if not isinstance(impl, MetricFamily) or impl.signature.name != e.name:
            raise TypeError(
                f"{e.implementation} is not the MetricFamily of {e.name!r} (signature family, options, "
                "detail_fields, per_sample, rows, score)"
            )
        _LOADED[e.name] = impl
    return _LOADED[e.name]


def option_values(family: MetricFamily, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every declared option of ``family``: the given value (checked against its choices and kind) or its default;
    an undeclared one is refused with the valid names."""
    declared = {o.name: o for o in family.options}
    unknown = sorted(set(given or {}) - set(declared))
    if unknown:
        raise ScoringError(
            f"{family.signature.name}: unknown option(s) {unknown}; valid: {', '.join(declared) or 'none'}"
        )
    out = {}
    for name, o in declared.items():
        value = (given or {}).get(name, o.default)
        if value is not None and o.kind in (int, float) and (type(value) is bool or not isinstance(value, o.kind)):
            raise ScoringError(f"{family.signature.name}: option {name} must be {o.kind.__name__}, got {value!r}")
        try:
            o.check(value) if value is not None else None
        except ValueError as e:
            raise ScoringError(f"{family.signature.name}: {e}") from None
        out[name] = value
    return out


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


def run(
    family: str | MetricFamily,
    generations: str | os.PathLike[str] | Sequence[Generation] | Sequence[Mapping[str, Any]],
    *,
    dataset: Any = None,
    revision: str | None = None,
    config: str | None = None,
    rows: Sequence[Row] | None = None,
    options: Mapping[str, Any] | None = None,
    source: str | None = None,
) -> FamilyResult:
    """Score a family's generations (a generations file, :class:`Generation` values, or ``{"id", "generation"}``
    dicts as a file's lines hold them) against its rows: the rows
    of ``config`` (default: the family's build config) of the built folder or Hub repo id ``dataset`` at
    ``revision`` (or a dataset the caller resolved, ``inputs.hub.ResolvedDataset``), else the ``rows`` given.
    ``options``: the family's declared options (the rest default). ``source``: with ``rows``, the Hub dataset they
    were read from (``ResolvedDataset.source()``), named in the signature."""
    impl = load(family) if isinstance(family, str) else family
    name = impl.signature.name
    values = option_values(impl, options)
    if (dataset is None) == (rows is None):
        # `lctg ifsm FILE` without --dataset reads the user's Possible Stories copy: here that is rows=
        stories = (
            " (without a build, as lctg ifsm FILE reads your Possible Stories copy: rows=lctg_dataset.stories."
            "load_story_rows(FOLDER, include_contexts=True))"
            if name == "ifsm"
            else ""
        )
        raise ScoringError(f"{name}: give dataset=<a built folder or Hub repo id> or rows=, one of them{stories}")
    if rows is None:
        from lctg_metrics.inputs.hub import ResolvedDataset, resolve_dataset

        resolved = dataset if isinstance(dataset, ResolvedDataset) else resolve_dataset(dataset, revision)
        source = resolved.source()
        the_config = config or (family_entry(name).config if name in REGISTRY else None)
        if the_config is None:
            raise ScoringError(f"{name}: config= names the dataset config to read (the family is not registered)")
        rows = impl.rows(resolved.path, the_config)
    elif revision is not None:
        raise ScoringError(f"{name}: revision={revision!r} applies to dataset=<a Hub repo id>")
    gens: Sequence[Generation]
    if isinstance(generations, (str, os.PathLike)):
        from lctg_metrics.inputs.generations import read_generations

        gens = read_generations(generations)
    elif any(isinstance(g, Mapping) for g in generations):  # records as a generations file holds them
        from lctg_metrics.inputs.generations import generations_from

        gens = generations_from(generations)
    else:
        gens = generations  # type: ignore[assignment]  # Generation values
    if not impl.per_sample:
        return _checked(impl, impl.score(gens, rows, values, source))
    samples = split_samples(gens, name)
    return mean_result(impl, [_checked(impl, impl.score(s, rows, values, source)) for s in samples])


def _checked(impl: MetricFamily, result: FamilyResult) -> FamilyResult:
    """A family's result whose details lines hold exactly its declared fields (the one details schema)."""
    order = {name: n for n, name in enumerate(impl.detail_fields)}
    for number, line in enumerate(result.details, 1):
        places = [order.get(key, -1) for key in line]
        if -1 in places or places != sorted(places):
            raise TypeError(
                f"{impl.signature.name}: details line {number} has fields {list(line)}, the family declares "
                f"{list(impl.detail_fields)} (in that order; an optional one may be absent)"
            )
    return result


def evaluate_compute(
    family: str | MetricFamily, predictions: Sequence[Any], references: Sequence[Any], **options: Any
) -> dict[str, Any]:
    """The flat result an evaluate module returns for ``predictions`` aligned with ``references`` (row ids, with
    ``dataset=`` and optional ``revision``/``config``; the k-th prediction of an id is its sample k)."""
    dataset, revision, config = options.pop("dataset", None), options.pop("revision", None), options.pop("config", None)
    if dataset is None:
        raise ScoringError("references are row ids: pass dataset= (a built dataset folder or Hub repo id)")
    if len(predictions) != len(references):
        raise ScoringError(f"got {len(predictions)} predictions but {len(references)} references")
    seen: dict[str, int] = {}
    generations = []
    for number, (rid, text) in enumerate(zip(references, predictions)):
        sample = seen.get(rid, 0)
        seen[rid] = sample + 1
        generations.append(Generation(rid, text, sample, where=f"predictions[{number}]"))
    result = run(family, generations, dataset=dataset, revision=revision, config=config, options=options)
    return dict(result.flat)


#: An LCTG row id: ``{task}/{base text}/{aspect}`` (the all config; variants and multi add a suffix).
LCTG_ID = rf"^({'|'.join(TASKS)})/\d+/({'|'.join(ASPECTS)})"

# The registrations: one call per family (LCTG's command is declared by ``lctg_metrics.cli`` itself).
register_family(FamilyEntry(
    "lctg", command="score", holds="LCTG generations", config="all", ids=LCTG_ID,
    help="score a generations file (JSONL, CSV or parquet)", implementation="lctg_metrics.families.lctg:FAMILY",
    cli="score",
))  # fmt: skip
register_family(FamilyEntry(
    "ifsm", command="ifsm", holds="story endings", config="story_endings", ids="^story_endings/",
    help="score story endings with IFSM (reader, guard, attacks, signature)",
    implementation="lctg_metrics.families.ifsm:FAMILY", usage="lctg ifsm {path}", cli="ifsm",
))  # fmt: skip
register_family(FamilyEntry(
    "instr", command="if-score", holds="instruction outputs", config="instructions", ids="^instructions/",
    help="score Japanese verifiable instructions (M-IFEval-ja files or the instructions config)",
    implementation="lctg_metrics.families.instructions:FAMILY", cli="instructions",
))  # fmt: skip

__all__ = [
    "FamilyEntry",
    "FamilyResult",
    "MetricFamily",
    "REGISTRY",
    "evaluate_compute",
    "family_entry",
    "family_of",
    "load",
    "mean_result",
    "option_values",
    "register_family",
    "run",
    "unregister_family",
    "with_samples",
]
