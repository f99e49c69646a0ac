"""Scoring verifiable instructions: join generations to prompt rows by id, check every instruction in strict
and loose mode, and aggregate (prompt- and instruction-level accuracy, per category and per id, bootstrap CIs).

Rows are the ``instructions`` config's rows (``id``, ``instruction_id_list`` of registry ids, ``kwargs`` as JSON
strings, ``categories``) or M-IFEval-ja rows (``ja:`` ids, kwargs dicts, ``prompt``); generations are
``{"id", "generation"}``. Every bad row or generation raises one ``ScoringError`` naming where, id and field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from lctg_metrics.family import family_entry, family_of
from lctg_metrics.instructions.aggregate import Aggregate, aggregate, render_table
from lctg_metrics.instructions.mifeval import MIFEVAL_MAP, translate
from lctg_metrics.instructions.registry import check, get, settings, validate_kwargs
from lctg_metrics.schema import Generation, ScoringError
from lctg_metrics.signature import Family, declare
from lctg_metrics.stats.bootstrap import check_resampling

#: Which verdicts a run computes: both (the default, as IFEval reports), or one of them.
RUN_MODES: dict[str, tuple[str, ...]] = {"both": ("strict", "loose"), "strict": ("strict",), "loose": ("loose",)}
#: The loose mode's definition, named in the signature (IFEval's response variants, ``text.loose_variants``).
LOOSE_DEFINITION = "ifeval-variants"
#: The instructions family's signature: the checkers, what was computed, the analysers they read, the data.
INSTRUCTIONS = declare(
    Family(
        "instr",
        (
            ("checkers", "instruction checkers' version"),
            ("mode", "verdicts computed (strict, loose or both)"),
            ("morph", "morphological analyser and dictionary"),
            ("langdetect", "language detector"),
            ("loose", "loose-mode definition"),
            ("data", "dataset version"),
            ("samples", "samples per prompt (the mean over them)"),
        ),
        optional=frozenset({"loose", "samples"}),
    )
)


class Item(NamedTuple):
    """One instruction of one prompt: the id as the data names it, the registry id checked, kwargs, category."""

    instruction_id: str
    check_id: str
    kwargs: dict[str, Any]
    category: str


class Prompt(NamedTuple):
    key: Any
    items: tuple[Item, ...]


def _kwargs(value: Any, where: str) -> dict[str, Any]:
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except json.JSONDecodeError as e:
            raise ScoringError(f"{where}: not a JSON object ({e.msg} at column {e.colno})") from None
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScoringError(f"{where}: expected a JSON object, got {type(value).__name__}")
    return {k: v for k, v in value.items() if v is not None}


def prompt_of_row(row: Mapping[str, Any], where: str) -> Prompt:
    """A validated :class:`Prompt` from one row; any problem raises naming ``where``, the id and the field."""
    if not isinstance(row, Mapping):
        raise ScoringError(f"{where}: expected an object with 'id', 'instruction_id_list', 'kwargs'")
    for name in ("id", "instruction_id_list", "kwargs"):
        if name not in row:
            raise ScoringError(f"{where}: missing field {name!r}")
    key = row["id"]
    if not isinstance(key, (str, int)) or isinstance(key, bool):
        raise ScoringError(f"{where}: field 'id' must be a string, got {key!r}")
    ids, kwargs = row["instruction_id_list"], row["kwargs"]
    at = f"{where}: id {key!r}"
    if not isinstance(ids, (list, tuple)) or not ids or not all(isinstance(i, str) for i in ids):
        raise ScoringError(f"{at}: field 'instruction_id_list' must be a non-empty list of strings, got {ids!r}")
    if not isinstance(kwargs, (list, tuple)) or len(kwargs) != len(ids):
        raise ScoringError(
            f"{at}: field 'kwargs' must be a list of {len(ids)} JSON objects (one per instruction), got {kwargs!r}"[
                :300
            ]
        )
    categories = row.get("categories")
    if categories is not None and (not isinstance(categories, (list, tuple)) or len(categories) != len(ids)):
        raise ScoringError(f"{at}: field 'categories' must list {len(ids)} categories, got {categories!r}")
    prompt = row.get("prompt") or ""
    items = []
    for index, (instruction_id, raw) in enumerate(zip(ids, kwargs)):
        field_at = f"{at}: instruction_id_list[{index}] {instruction_id!r}"
        given = _kwargs(raw, f"{at}: field 'kwargs'[{index}]")
        try:
            check_id, options = (
                translate(instruction_id, given, prompt) if instruction_id in MIFEVAL_MAP else (instruction_id, given)
            )
            spec = get(check_id)
        except (KeyError, TypeError) as e:
            raise ScoringError(f"{field_at}: field 'kwargs'[{index}] lacks or mistypes {e}") from None
        except ValueError as e:
            raise ScoringError(f"{field_at}: {e}") from None
        try:
            options = validate_kwargs(spec, options)
        except ValueError as e:
            raise ScoringError(f"{field_at}: field 'kwargs'[{index}]: {e}") from None
        category = categories[index] if categories is not None else spec.category
        items.append(Item(instruction_id, check_id, options, str(category)))
    return Prompt(key, tuple(items))


def join(
    generations: Iterable[Mapping[str, Any] | Generation], prompts: Sequence[Prompt], source: str = "generations"
) -> list[str]:
    """The generation of every prompt, in order; duplicates, unknown ids and missing ids raise naming them.
    ``generations`` are ``{"id", "generation"}`` dicts or the input layer's :class:`Generation` values."""
    texts: dict[Any, str] = {}
    for number, g in enumerate(generations, 1):
        if isinstance(g, Generation):
            key, text, at = g.id, g.text, g.label()
        elif isinstance(g, Mapping) and "id" in g and "generation" in g:
            key, text, at = g["id"], g["generation"], f"{source}: generation {number}"
        else:
            raise ScoringError(f"{source}: generation {number}: expected an object with 'id' and 'generation'")
        if not isinstance(text, str):
            raise ScoringError(f"{at}: id {key!r}: field 'generation' must be a string, got {type(text).__name__}")
        if key in texts:
            refuse_other_family([*texts, key], prompts, source)
            raise ScoringError(f"{at}: id {key!r} appears twice")
        texts[key] = text
    known = {p.key for p in prompts}
    if len(known) != len(prompts):
        seen: set[Any] = set()
        twice = next(p.key for p in prompts if p.key in seen or seen.add(p.key))  # type: ignore[func-returns-value]
        raise ScoringError(f"rows: id {twice!r} appears twice")
    unknown = [k for k in texts if k not in known]
    if unknown:
        refuse_other_family(list(texts), prompts, source)
        raise ScoringError(f"{source}: {len(unknown)} id(s) not in the rows, e.g. {unknown[:5]}")
    missing = [p.key for p in prompts if p.key not in texts]
    if missing:
        raise ScoringError(f"{source}: no generation for {len(missing)} id(s), e.g. {missing[:5]}")
    return [texts[p.key] for p in prompts]


def refuse_other_family(ids: Sequence[Any], prompts: Sequence[Prompt], source: str) -> None:
    """Generations whose first 50 ids are no row's, all one other family's: named, with what scores them."""
    known = {p.key for p in prompts}
    found = {family_of(i) if isinstance(i, str) and i not in known else None for i in ids[:50]}
    other = found.pop() if len(found) == 1 else None
    if other is not None and other.name != INSTRUCTIONS.name:  # the registry's words, as `lctg if-score` says them
        config = other.config_of([str(i) for i in ids[:50]])
        how = other.how(source if os.path.isfile(source) else "FILE", None, None, config)
        mine, call = family_entry(INSTRUCTIONS.name).holds, f", config={config!r}" if config != other.config else ""
        raise ScoringError(
            f"{source}: ids like {ids[0]!r} are {other.holds}, not {mine}: score them with `{how}` (in Python: "
            f"lctg_metrics.api.run({other.name!r}, ...{call}))"
        )


def result_signature(mode: str, data: str) -> str:
    """The instructions' signature with the run mode, the loose definition, the data and the package version."""
    fields: dict[str, str | None] = {**settings("loose" if mode == "loose" else "strict"), "data": data}
    fields["mode"] = "strict+loose" if mode == "both" else mode
    fields["loose"] = LOOSE_DEFINITION if "loose" in RUN_MODES[mode] else None
    return INSTRUCTIONS.build(fields)


@dataclass(frozen=True)
class InstructionResult:
    """Details (one dict per instruction), the aggregate with CIs, and the signature of one scoring run."""

    details: list[dict[str, Any]]
    aggregate: Aggregate
    signature: str
    mode: str
    ci: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON result: signature, counts, scores (overall, per category, per instruction id), CI settings."""
        return {
            "signature": self.signature,
            "mode": self.mode,
            "prompts": self.aggregate.prompts,
            "instructions": self.aggregate.instructions,
            "scores": self.aggregate.scores,
            "ci": self.ci,
        }

    def flat(self) -> dict[str, Any]:
        """``prompt_level_strict`` … ``instruction_level_loose``, ``{category}/{mode}`` and ``signature``."""
        s = self.aggregate.scores
        out: dict[str, Any] = {}
        for level in ("prompt_level", "instruction_level"):
            for mode in RUN_MODES[self.mode]:
                out[f"{level}_{mode}"] = s[level][mode]["estimate"]
        for category, entry in s["categories"].items():
            for mode in RUN_MODES[self.mode]:
                out[f"{category}/{mode}"] = entry[mode]["estimate"]
        out["signature"] = self.signature
        return out

    def table(self) -> str:
        """A plain-text table (overall, per category, per instruction id) with the signature underneath."""
        return render_table(self.aggregate, RUN_MODES[self.mode], self.ci) + f"\n{self.signature}"


def data_name(rows: Sequence[Mapping[str, Any]]) -> str:
    """The signature's data field for rows: their dataset versions, else ``custom``."""
    versions = sorted({str(r["dataset_version"]) for r in rows if r.get("dataset_version")})
    return "+".join(versions) if versions else "custom"


def progress_bar(total: int) -> Any:
    """A tqdm bar of ``total`` prompts on stderr when they are more than ``lctg score``'s threshold for a bar
    (``scoring.check.PROGRESS_THRESHOLD``) and tqdm (the ``progress`` extra) is installed; else None."""
    from lctg_metrics.scoring.check import PROGRESS_THRESHOLD

    if total <= PROGRESS_THRESHOLD:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # bars are a convenience: the run goes on without them
        return None
    return tqdm(total=total, desc="lctg if-score: checking", unit="prompt")


def score_instructions(
    generations: Iterable[Mapping[str, Any] | Generation],
    rows: Sequence[Mapping[str, Any]],
    *,
    mode: str = "both",
    ci: bool = True,
    n_resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
    data: str | None = None,
    source: str = "generations",
    progress: bool = False,
) -> InstructionResult:
    """Score ``{"id", "generation"}`` dicts against instruction rows. ``mode``: ``both`` (default), ``strict`` or
    ``loose``. CIs: percentile bootstrap over prompts (``n_resamples``, ``seed``, ``level``); ``ci=False`` skips
    them. ``data`` names the data in the signature (default: the rows' ``dataset_version``, else ``custom``);
    ``source`` names the generations in errors (e.g. their file); ``progress``: a bar on stderr for large inputs
    (:func:`progress_bar`)."""
    if mode not in RUN_MODES:
        raise ScoringError(f"unknown mode {mode!r}; valid: {', '.join(RUN_MODES)}")
    if ci:  # before any scoring: 0 resamples would give a zero-width interval
        check_resampling(n_resamples, level)
    if isinstance(rows, (str, os.PathLike)):
        raise ScoringError(
            f"rows: got the path {os.fspath(rows)!r}, not rows; read them first: "
            f"lctg_metrics.instructions.read_config_rows({os.fspath(rows)!r}, 'instructions')"
        )
    prompts = [prompt_of_row(row, f"row {number}") for number, row in enumerate(rows, 1)]
    if not prompts:
        raise ScoringError("no rows to score")
    texts = join(generations, prompts, source)
    modes = RUN_MODES[mode]
    details: list[dict[str, Any]] = []
    bar = progress_bar(len(prompts)) if progress else None
    for prompt, text in zip(prompts, texts):
        if bar is not None:
            bar.update(1)
        for index, item in enumerate(prompt.items):
            strict = check(item.check_id, text, item.kwargs, mode="strict")
            record: dict[str, Any] = {"key": prompt.key, "instruction_id": item.instruction_id, "index": index}
            if "strict" in modes:
                record["strict"] = strict.passed
            if "loose" in modes:
                loose = strict if strict.passed else check(item.check_id, text, item.kwargs, mode="loose")
                record["loose"] = loose.passed
            record["reason"] = strict.reason if "strict" in modes else loose.reason
            details.append(record)
    if bar is not None:
        bar.close()
    categories = [item.category for prompt in prompts for item in prompt.items]
    agg = aggregate(details, categories, modes, n_resamples=n_resamples if ci else 0, seed=seed, level=level)
    ci_info = (
        {"method": "percentile bootstrap over prompts", "n_resamples": n_resamples, "seed": seed, "level": level}
        if ci
        else {}
    )
    return InstructionResult(details, agg, result_signature(mode, data or data_name(rows)), mode, ci_info)


__all__ = [
    "INSTRUCTIONS",
    "LOOSE_DEFINITION",
    "RUN_MODES",
    "InstructionResult",
    "Item",
    "Prompt",
    "join",
    "progress_bar",
    "prompt_of_row",
    "result_signature",
    "score_instructions",
]
