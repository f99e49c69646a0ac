"""The metric families' one registry and the one :func:`run` every route takes (what a family declares:
:mod:`.family_protocol`).

A family (LCTG, the Japanese instructions, IFSM, or a new one) is a package with an object that follows
:class:`MetricFamily` (its signature, options, rows, details fields and ``score``) plus ONE :func:`register_family`
call naming it, its command, its build config, how its row ids look and where the object lives (imported on first
use, so ``lctg --help`` and the id check load no family). The CLI, the API and the evaluate modules read the
registry; nothing names a family by hand.

    run("instr", "generations.jsonl", dataset="lctg")        # rows from the built folder (or Hub repo id)
    run(family_object, generations, rows=rows, options={...})  # given rows, e.g. an evaluate module's references

Several samples per prompt: a family that scores one generation per id (``per_sample``) is scored once per sample
index; the result is every sample's result and their mean (``FamilyResult.samples``; the protocol and the mean:
:mod:`.family_protocol`). One sample per id gives the family's own result, unchanged.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_metrics.family_protocol import (
    FamilyResult,
    MetricFamily,
    Row,
    check_bound,
    check_run_arguments,
    family_generations,
    mean_result,
)
from lctg_metrics.inputs.families import refuse_other_config, split_samples
from lctg_metrics.options import check_ci_settings
from lctg_metrics.schema import Generation, ScoringError, kind


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
    #: Other configs whose ids this family scores, told by how an id ends (``/multi``: the multi config).
    suffix_configs: tuple[tuple[str, str], ...] = ()

    def owns(self, rid: str) -> bool:
        return re.match(self.ids, rid) is not None

    def config_of(self, ids: Sequence[str]) -> str:
        """The config ``ids`` (this family's) are rows of: another config when every id ends as it says, else the
        family's own."""
        for suffix, config in self.suffix_configs:
            if ids and all(i.endswith(suffix) for i in ids):
                return config
        return self.config

    def how(self, path: Any, dataset: str | None, revision: str | None = None, config: str | None = None) -> str:
        """The command that scores ``path``, runnable as printed: the dataset given (with its ``revision``, so the
        command signs the same data), else ``$LCTG_DATASET``, else the build script's default folder ``lctg`` when
        it is here and holds this family's config, else a placeholder saying what to put there. A command whose
        usage does without a dataset (ifsm) still gets the one given; ``config``, another than the family's own
        (multi), is named with ``--config``."""
        known = dataset or os.environ.get("LCTG_DATASET", "").strip() or ("lctg" if self._built_here() else None)
        command = self.usage.format(
            command=self.command, path=path, dataset=known or "<the folder build_dataset.py wrote>"
        )
        if dataset and "{dataset}" not in self.usage:
            command += f" --dataset {dataset}"
        command += f" --revision {revision}" if dataset and revision else ""
        return command + (f" --config {config}" if config and config != self.config else "")

    def _built_here(self) -> bool:
        """``./lctg`` is a build holding this family's config (a build without it would refuse the hint)."""
        import json

        try:
            configs = json.loads(open("lctg/manifest.json", encoding="utf-8").read())["configs"]
        except (OSError, ValueError, KeyError, TypeError):
            return False
        return isinstance(configs, (dict, list)) and self.config in configs


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
    an undeclared one is refused naming the family and the valid names, an earlier name (the family's optional
    ``renamed``: old name -> (current name, what it is)) naming the current one; not a dict, in one line."""
    name = family.signature.name
    if given is not None and not isinstance(given, Mapping):
        raise TypeError(
            f"{name}: options must be a dict of the family's options (e.g. {{'seed': 1}}), got {kind(given)}"
        )
    declared = {o.name: o for o in family.options}
    renamed: Mapping[str, tuple[str, str]] = getattr(family, "renamed", {})  # earlier name -> (current, what it is)
    old = next((k for k in given or {} if k in renamed and k not in declared), None)
    if old is not None:
        raise ScoringError(f"{name}: option {old!r} is {renamed[old][0]!r} ({renamed[old][1]})")
    unknown = sorted(map(str, set(given or {}) - set(declared)))
    if unknown:
        raise ScoringError(
            f"{name}: unknown option(s) {unknown}; valid: {', '.join(declared) or 'none'} (the {name} family's options)"
        )
    out = {}
    for option, o in declared.items():
        value = (given or {}).get(option, o.default)
        if value is not None and o.kind in (int, float) and (type(value) is bool or not isinstance(value, o.kind)):
            raise ScoringError(f"{name}: option {option} must be {o.kind.__name__}, got {value!r}")
        try:
            o.check(value) if value is not None else None
            check_bound(option, value, getattr(family, "seed_draws", None))
        except ValueError as e:
            raise ScoringError(f"{name}: {e}") from None
        out[option] = value
    if "ci" in declared and not getattr(family, "ci_always", False):  # seed and ci_resamples: only the intervals'
        try:
            check_ci_settings(out["ci"], out)
        except ValueError as e:
            raise ScoringError(f"{name}: {e}") from None
    return out


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
    """Score a family's generations (a generations file, or :class:`Generation` values or ``{"id", "generation"}``
    dicts as a file's lines hold them, in a list or any iterable, read once; a details file is refused) against its
    rows: the rows of ``config`` (default: the family's build config) of the built folder or Hub repo id
    ``dataset`` at ``revision`` (or a dataset the caller resolved, ``inputs.hub.ResolvedDataset``), else the
    ``rows`` given. ``options``: a dict of the family's declared options (the rest default; their names are the
    family's evaluate module's keywords and its command's flags). ``source``: with ``rows``, the Hub dataset they
    were read from (``ResolvedDataset.source()``), named in the signature."""
    impl = _family(family)
    name = impl.signature.name
    check_run_arguments(name, dataset=dataset, revision=revision, config=config, rows=rows, source=source)
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
    if rows is not None and revision is not None:
        raise ScoringError(f"{name}: revision={revision!r} applies to dataset=<a Hub repo id>")
    gens = family_generations(name, generations)  # before the rows: another family's generations are named first
    _refuse_other_family(name, gens, generations, dataset, revision)
    if rows is None:
        from lctg_metrics.inputs.hub import ResolvedDataset, resolve_dataset

        resolved = dataset if isinstance(dataset, ResolvedDataset) else resolve_dataset(dataset, revision)
        source = resolved.source()
        the_config = config or (family_entry(name).config if name in REGISTRY else None)
        if the_config is None:
            raise ScoringError(f"{name}: config= names the dataset config to read (the family is not registered)")
        rows = impl.rows(resolved.path, the_config)
        refuse_other_config(gens, rows, resolved.path, the_config, impl.rows)  # e.g. multi ids without config="multi"
    if not impl.per_sample:
        return _checked(impl, impl.score(gens, rows, values, source))
    samples = split_samples(gens, name)
    return mean_result(impl, [_checked(impl, impl.score(s, rows, values, source)) for s in samples])


def _refuse_other_family(
    name: str, gens: Sequence[Generation], given: Any, dataset: Any, revision: str | None = None
) -> None:
    """Generations whose first 50 ids all name one other registered family's rows: named (the file, when one was
    given), with the command that scores them, runnable as printed, and the call in Python."""
    found = {family_of(g.id) if isinstance(g.id, str) else None for g in gens[:50]}
    other = found.pop() if len(found) == 1 else None
    if other is None or other.name == name or name not in REGISTRY:
        return
    path = os.fspath(given) if isinstance(given, (str, os.PathLike)) else None
    config = other.config_of([g.id for g in gens[:50]])
    how = other.how(path or "FILE", dataset if isinstance(dataset, str) else None, revision, config)
    of, call = (f" of the {config} config", f", config={config!r}") if config != other.config else ("", "")
    raise ScoringError(
        f"{path or name}: ids like {gens[0].id!r} are {other.holds}{of}, not {family_entry(name).holds}: score them "
        f"with `{how}` (in Python: lctg_metrics.api.run({other.name!r}, ...{call}))"
    )


def _family(family: Any) -> MetricFamily:
    """The family ``run`` was given: a registered name (or command), or a :class:`MetricFamily` object."""
    if isinstance(family, str):
        return load(family)
    if not isinstance(family, MetricFamily):
        raise TypeError(
            f"family: expected a registered family name ({', '.join(REGISTRY)}) or a MetricFamily object, "
            f"got {kind(family)}"
        )
    return family


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
LCTG_ID = rf"^({'|'.join(TASKS)})/\d+/({'|'.join((*ASPECTS, 'multi'))})"

# The registrations: one call per family (LCTG's command is declared by ``lctg_metrics.cli`` itself).
register_family(FamilyEntry(
    "lctg", command="score", holds="LCTG generations", config="all", ids=LCTG_ID,
    help="score a generations file (JSONL, CSV or parquet)", implementation="lctg_metrics.families.lctg:FAMILY",
    cli="score", suffix_configs=(("/multi", "multi"),),
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
    "FamilyResult",  # with MetricFamily, read as family.FamilyResult and family.MetricFamily by a family's author
    "MetricFamily",
    "REGISTRY",
    "evaluate_compute",
    "family_entry",
    "family_of",
    "load",
    "option_values",
    "register_family",
    "run",
    "unregister_family",
]
