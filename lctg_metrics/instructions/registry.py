"""The instruction registry: one declaration per instruction id, and ``check`` in strict or loose mode.

An instruction is a pure function ``(response, kwargs) -> Verdict`` registered with its id (``group:name``),
its category (Horio et al.'s taxonomy) and its kwargs schema; the schema validates kwargs before the call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from lctg_metrics.instructions.text import loose_variants
from lctg_metrics.instructions.visible import VIEWS
from lctg_metrics.schema import ScoringError
from lctg_metrics.verdict import Verdict

#: Categories of Horio et al., "ichikara-instruction-following-ja" (Table 1), as the registry names them.
CATEGORIES = (
    "長さ指定",
    "書式指定",
    "書式指定(答えのみ)",
    "始め・終わり指定",
    "キーワード使用",
    "キーワード不使用",
    "スタイル指定",
    "ペルソナ・言語指定",
    "タスク指定",
    "ルール指定",
    "ルール指定(非一般)",
    "トピック指定",
)
MODES = ("strict", "loose")
#: The view of the response a checker reads unless it declares one (``visible.VIEWS``): format checkers read the
#: markup (markdown and tags as written, only what no renderer shows removed); every other checker reads what a
#: reader sees. A checker that needs the text byte for byte (e.g. JSON) declares ``reads="raw"``.
DEFAULT_READS = {"書式指定": "markup", "書式指定(答えのみ)": "markup"}


@dataclass(frozen=True)
class Param:
    """One kwarg of an instruction: name, type name (``int``, ``str``, ``list[str]``, ``bool``), default."""

    name: str
    type: str
    description: str
    required: bool = False
    default: Any = None


_TYPES: dict[str, Callable[[Any], bool]] = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str) and v != "",
    "bool": lambda v: isinstance(v, bool),
    "list[str]": lambda v: isinstance(v, (list, tuple)) and len(v) > 0 and all(isinstance(x, str) and x for x in v),
}

Checker = Callable[[str, Mapping[str, Any]], Verdict]


@dataclass(frozen=True)
class InstructionSpec:
    """The one declaration of an instruction: what the CLI, the dataset builder and the docs read."""

    id: str
    category: str
    description: str
    params: tuple[Param, ...]
    fn: Checker = field(repr=False)
    needs_morph: bool = False
    #: The view of the response ``fn`` is given: ``visible``, ``markup`` or ``raw`` (``visible.VIEWS``).
    reads: str = "visible"

    def schema(self) -> dict[str, dict[str, Any]]:
        return {
            p.name: {"type": p.type, "required": p.required, "default": p.default, "description": p.description}
            for p in self.params
        }


#: Instruction id -> spec. Filled by the ``checks_*`` modules when ``lctg_metrics.instructions`` is imported.
REGISTRY: dict[str, InstructionSpec] = {}

#: Instructions that no deterministic function can verify: id -> (category, why an LLM judge is needed).
LLM_ONLY: dict[str, tuple[str, str]] = {
    "topic:topic": ("トピック指定", "whether the response covers a viewpoint or topic is a judgement of meaning"),
    "persona:roleplay": (
        "ペルソナ・言語指定",
        "speaking as a character (語り口, 一人称, knowledge) has no surface test",
    ),
    "rule:writing_rule": ("ルール指定", "e.g. 'add 読点 where they help reading' needs a reader's judgement"),
    "task:wordplay": ("タスク指定", "word games other than しりとり (riddles, puns, acrostics) have free-form rules"),
}


def instruction(
    instruction_id: str,
    category: str,
    description: str,
    *params: Param,
    needs_morph: bool = False,
    reads: str | None = None,
) -> Callable[[Checker], Checker]:
    """Register ``fn`` under ``instruction_id``; ``reads`` names the view of the response it is given (default: the
    category's in ``DEFAULT_READS``, else ``visible``)."""
    if category not in CATEGORIES:
        raise ValueError(f"{instruction_id}: unknown category {category!r}; valid: {', '.join(CATEGORIES)}")
    view = reads or DEFAULT_READS.get(category, "visible")
    if view not in VIEWS:
        raise ValueError(f"{instruction_id}: unknown view {view!r}; valid: {', '.join(VIEWS)}")

    def register(fn: Checker) -> Checker:
        if instruction_id in REGISTRY:
            raise ValueError(f"instruction id {instruction_id!r} registered twice ({fn.__module__})")
        REGISTRY[instruction_id] = InstructionSpec(instruction_id, category, description, params, fn, needs_morph, view)
        return fn

    return register


def get(instruction_id: str) -> InstructionSpec:
    """The spec of ``instruction_id``; an unknown or LLM-only id raises with the valid ids."""
    if instruction_id in REGISTRY:
        return REGISTRY[instruction_id]
    if instruction_id in LLM_ONLY:
        raise ScoringError(
            f"instruction {instruction_id!r} has no deterministic checker (LLM judge only: "
            f"{LLM_ONLY[instruction_id][1]})"
        )
    raise ScoringError(f"unknown instruction id {instruction_id!r}; valid: {', '.join(sorted(REGISTRY))}")


def validate_kwargs(spec: InstructionSpec, kwargs: Mapping[str, Any] | None) -> dict[str, Any]:
    """kwargs with defaults filled in; unknown, missing or mistyped kwargs raise naming the id and kwarg.
    ``None`` values count as absent (M-IFEval and IFEval store unused kwargs as null)."""
    given = {k: v for k, v in (kwargs or {}).items() if v is not None}
    names = {p.name for p in spec.params}
    unknown = sorted(set(given) - names)
    if unknown:
        raise ScoringError(f"{spec.id}: unknown kwarg {unknown[0]!r}; valid: {', '.join(sorted(names)) or '(none)'}")
    out: dict[str, Any] = {}
    for p in spec.params:
        if p.name not in given:
            if p.required:
                raise ScoringError(f"{spec.id}: missing required kwarg {p.name!r} ({p.type}: {p.description})")
            out[p.name] = p.default
            continue
        value = given[p.name]
        if not _TYPES[p.type](value):
            raise ScoringError(f"{spec.id}: kwarg {p.name!r} must be a non-empty {p.type}, got {value!r}")
        out[p.name] = list(value) if p.type == "list[str]" else value
    return out


def check(
    instruction_id: str, response: str, kwargs: Mapping[str, Any] | None = None, *, mode: str = "strict"
) -> Verdict:
    """Whether ``response`` follows the instruction, judged on the view its checker reads (``InstructionSpec.reads``).
    ``loose`` (as IFEval) also tries the response without its first line, its last line, both, and without markdown
    emphasis; any passing variant passes. Words and sentences are read the same way in both modes."""
    spec = get(instruction_id)
    if mode not in MODES:
        raise ScoringError(f"unknown mode {mode!r}; valid: {', '.join(MODES)}")
    if not isinstance(response, str):
        raise TypeError(f"{instruction_id}: response must be a str, got {type(response).__name__}")
    options = validate_kwargs(spec, kwargs)
    view = VIEWS[spec.reads]
    if not view(response).strip():
        return Verdict(False, "empty response" if not response.strip() else "nothing a reader sees")
    strict = spec.fn(view(response), options)
    if mode == "strict" or strict.passed:
        return strict
    for name, variant in loose_variants(response)[1:]:
        if not view(variant).strip():
            continue
        verdict = spec.fn(view(variant), options)
        if verdict.passed:
            return Verdict(True, f"{verdict.reason} (loose: {name})")
    return strict


def listing() -> list[dict[str, Any]]:
    """Every instruction as data: id, category, description, kwargs schema, deterministic or LLM-only."""
    rows = [
        {
            "id": s.id,
            "category": s.category,
            "description": s.description,
            "kwargs": s.schema(),
            "checker": "deterministic",
            "needs_morph": s.needs_morph,
            "reads": s.reads,
        }
        for s in REGISTRY.values()
    ]
    rows += [
        {
            "id": i,
            "category": category,
            "description": why,
            "kwargs": {},
            "checker": "llm_only",
            "needs_morph": False,
            "reads": "visible",
        }
        for i, (category, why) in LLM_ONLY.items()
    ]
    return sorted(rows, key=lambda row: row["id"])


#: Version of the checkers' semantics; bump when any verdict can change.
CHECKERS_VERSION = "2.10"


def _dist_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version  # noqa: PLC0415

    try:
        return version(name)
    except PackageNotFoundError:
        return "missing"


def settings(mode: str = "strict") -> dict[str, str]:
    """Every setting that can change an instruction verdict, as fields of the family's signature, e.g.
    ``{"checkers": "2.3", "mode": "strict", "morph": "fugashi-1.5.2+unidic-lite-1.0.8",
    "langdetect": "1.0.9(seed 0)"}``."""
    if mode not in MODES:
        raise ScoringError(f"unknown mode {mode!r}; valid: {', '.join(MODES)}")
    return {
        "checkers": CHECKERS_VERSION,
        "mode": mode,
        "morph": f"fugashi-{_dist_version('fugashi')}+unidic-lite-{_dist_version('unidic-lite')}",
        "langdetect": f"{_dist_version('langdetect')}(seed 0)",
    }


def bounds(n: int, lo: int | None, hi: int | None, unit: str) -> Verdict:
    """The usual count verdict: ``lo <= n <= hi`` (either bound may be absent, not both)."""
    if lo is None and hi is None:
        raise ScoringError(f"a {unit} count needs min or max")
    if lo is not None and n < lo:
        return Verdict(False, f"{n} {unit} < min {lo}")
    if hi is not None and n > hi:
        return Verdict(False, f"{n} {unit} > max {hi}")
    shown = f"[{lo if lo is not None else ''}, {hi if hi is not None else ''}]"
    return Verdict(True, f"{n} {unit} in {shown}")


MIN = Param("min", "int", "smallest allowed count (inclusive)")
MAX = Param("max", "int", "largest allowed count (inclusive)")

__all__ = [
    "CATEGORIES",
    "CHECKERS_VERSION",
    "DEFAULT_READS",
    "LLM_ONLY",
    "MAX",
    "MIN",
    "MODES",
    "InstructionSpec",
    "Param",
    "REGISTRY",
    "Verdict",
    "bounds",
    "check",
    "get",
    "instruction",
    "listing",
    "settings",
    "validate_kwargs",
]
