"""Read the instruction declarations (package data): ids, categories, sentence templates, kwargs to sample, the
pairs that are never combined (``declarations.json``) and which instructions fit which task (``compatibility.json``).
The one place the ``instructions`` config learns them, per config version (an older version keeps its own frozen
declarations file, so it rebuilds byte for byte)."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from lctg_dataset.constants import INSTRUCTIONS_VERSIONS, TASKS

#: The declarations file, shipped inside ``lctg_dataset.instructions``.
DECLARATIONS_FILE = "declarations.json"
#: The task-compatibility table, read with the declarations from 1.1.0 on.
COMPATIBILITY_FILE = "compatibility.json"
#: Config version -> (declarations file, compatibility file or None). Older versions are frozen as published:
#: 1.0.0 kept conflicts and further 'also_apart' pairs and had no compatibility table; 1.1.0 keeps its own copies of
#: both files. The unsuffixed files are the latest version's.
VERSIONS: dict[str, tuple[str, str | None]] = {
    "1.0.0": ("declarations-1.0.0.json", None),
    "1.1.0": ("declarations-1.1.0.json", "compatibility-1.1.0.json"),
    "1.2.0": (DECLARATIONS_FILE, COMPATIBILITY_FILE),
}
#: The version built unless another is asked for.
LATEST = INSTRUCTIONS_VERSIONS[-1]
assert tuple(VERSIONS) == INSTRUCTIONS_VERSIONS, "declare every instructions version in both places"
#: Record fields a kwarg may take its value from (``{"record": field}``).
RECORD_FIELDS = ("keyword", "prohibited_word", "char_min", "char_max", "instruction")


@dataclass(frozen=True)
class Variant:
    """One Japanese sentence for an instruction; ``{slot}`` names are kwargs."""

    template: str
    kwargs: Mapping[str, Any]  # name -> literal | {"choice": [...]} | {"record": field, "as_list"?: bool}
    tasks: tuple[str, ...]


@dataclass(frozen=True)
class Declaration:
    """One instruction: its registry id, its category and the sentences it can be stated with."""

    id: str
    category: str
    variants: tuple[Variant, ...]

    def variants_for(self, task: str) -> tuple[Variant, ...]:
        return tuple(v for v in self.variants if task in v.tasks)


@dataclass(frozen=True)
class Compatibility:
    """Which instructions a task admits, and what a base text must hold for an instruction not to be vacuous."""

    excluded: Mapping[str, Mapping[str, str]]  # task -> instruction id -> why the task does not admit it
    needs_in_base_text: Mapping[str, tuple[re.Pattern[str], str]]  # instruction id -> (pattern, why)

    def why_not(self, task: str, instruction_id: str, base_text: str) -> str | None:
        """Why ``instruction_id`` does not fit ``task`` on ``base_text`` (None: it fits)."""
        reason = self.excluded.get(task, {}).get(instruction_id)
        if reason:
            return f"{task} does not admit {instruction_id}: {reason}"
        need = self.needs_in_base_text.get(instruction_id)
        if need and not need[0].search(base_text):
            return f"{instruction_id} would be vacuous on this base text: {need[1]}"
        return None


@dataclass(frozen=True)
class Declarations:
    """Everything the sampler needs, as read from the data file."""

    instructions: tuple[Declaration, ...]
    category_weights: Mapping[str, float]
    excluded: Mapping[str, str]  # id -> why it is not used
    conflicts: Mapping[frozenset[str], str]  # pairs that can never both be followed
    also_apart: Mapping[frozenset[str], str]  # further pairs the builder keeps apart
    required_text_kwargs: tuple[str, ...]  # kwargs whose text must appear in the response
    script_rules: tuple[str, ...]  # instructions every required text would have to pass
    compatibility: Compatibility | None = None  # None: every declared variant's task admits it (1.0.0)

    def admits(self, task: str, instruction_id: str, base_text: str) -> bool:
        """Whether the task admits the instruction and the base text gives it something to act on."""
        return self.compatibility is None or self.compatibility.why_not(task, instruction_id, base_text) is None

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(d.category for d in self.instructions))

    def apart(self, a: str, b: str) -> str | None:
        """Why ``a`` and ``b`` are never combined (None: they may be)."""
        pair = frozenset((a, b))
        return self.conflicts.get(pair) or self.also_apart.get(pair)


def _fail(where: str, message: str, file: str = DECLARATIONS_FILE) -> ValueError:
    return ValueError(f"{file}: {where}: {message}")


def _pairs(raw: Any, key: str) -> dict[frozenset[str], str]:
    out: dict[frozenset[str], str] = {}
    for i, item in enumerate(raw.get(key, [])):
        if not (isinstance(item, list) and len(item) == 3 and all(isinstance(x, str) and x for x in item)):
            raise _fail(f"{key}[{i}]", f"expected [id, id, reason], got {item!r:.80}")
        out[frozenset(item[:2])] = item[2]
    return out


def _kwarg(where: str, name: str, spec: Any) -> None:
    if isinstance(spec, dict):
        if set(spec) == {"choice"} and isinstance(spec["choice"], list) and spec["choice"]:
            return
        if "record" in spec and spec["record"] in RECORD_FIELDS and set(spec) <= {"record", "as_list"}:
            return
        raise _fail(
            where,
            f"kwarg {name!r}: expected a literal, {{'choice': [...]}} or {{'record': one of "
            f"{', '.join(RECORD_FIELDS)}}}, got {spec!r:.80}",
        )


def _variant(where: str, raw: Any) -> Variant:
    if not isinstance(raw, dict) or not isinstance(raw.get("template"), str) or not isinstance(raw.get("kwargs"), dict):
        raise _fail(where, "a variant needs 'template' (str) and 'kwargs' (object)")
    tasks = tuple(raw.get("tasks", TASKS))
    if not tasks or set(tasks) - set(TASKS):
        raise _fail(where, f"tasks must be a non-empty subset of {', '.join(TASKS)}, got {list(tasks)}")
    slots = {f for _, f, _, _ in string.Formatter().parse(raw["template"]) if f}
    if slots - set(raw["kwargs"]):
        raise _fail(where, f"template slot {sorted(slots - set(raw['kwargs']))[0]!r} is not a kwarg")
    for name, spec in raw["kwargs"].items():
        _kwarg(where, name, spec)
    return Variant(raw["template"], dict(raw["kwargs"]), tasks)


def parse_compatibility(raw: Mapping[str, Any], known: set[str] | None = None) -> Compatibility:
    """The compatibility table from its parsed JSON; an unknown task or id, or a bad pattern, raises one line."""

    def fail(where: str, message: str) -> ValueError:
        return _fail(where, message, COMPATIBILITY_FILE)

    excluded: dict[str, dict[str, str]] = {}
    for task, entry in (raw.get("tasks") or {}).items():
        if task not in TASKS:
            raise fail(f"tasks.{task}", f"unknown task; valid: {', '.join(TASKS)}")
        ids = entry.get("excluded", {}) if isinstance(entry, dict) else None
        if not isinstance(ids, dict) or not all(isinstance(v, str) and v for v in ids.values()):
            raise fail(f"tasks.{task}", "needs 'excluded': {instruction id: reason}")
        unknown = sorted(set(ids) - known) if known is not None else []
        if unknown:
            raise fail(f"tasks.{task}.excluded", f"{unknown[0]!r} is not a declared instruction")
        excluded[task] = dict(ids)
    needs: dict[str, tuple[re.Pattern[str], str]] = {}
    for iid, entry in (raw.get("needs_in_base_text") or {}).items():
        if known is not None and iid not in known:
            raise fail(f"needs_in_base_text.{iid}", "not a declared instruction")
        if not (isinstance(entry, dict) and isinstance(entry.get("pattern"), str) and entry.get("reason")):
            raise fail(f"needs_in_base_text.{iid}", "needs 'pattern' and 'reason'")
        try:
            needs[iid] = (re.compile(entry["pattern"]), entry["reason"])
        except re.error as error:
            raise fail(f"needs_in_base_text.{iid}", f"bad pattern: {error}") from None
    return Compatibility(excluded, needs)


def parse(raw: Mapping[str, Any], compatibility: Mapping[str, Any] | None = None) -> Declarations:
    """Declarations from the parsed JSON (and the compatibility table's, if the version has one); anything
    malformed raises one line naming the file and the entry."""
    decls, seen = [], set()
    for i, item in enumerate(raw.get("instructions", [])):
        where = f"instructions[{i}]"
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("id", "category")):
            raise _fail(where, "needs 'id' and 'category' strings")
        where = f"instructions[{i}] ({item['id']})"
        if item["id"] in seen:
            raise _fail(where, "declared twice")
        seen.add(item["id"])
        variants = tuple(_variant(f"{where}.variants[{j}]", v) for j, v in enumerate(item.get("variants") or []))
        if not variants:
            raise _fail(where, "has no variants")
        decls.append(Declaration(item["id"], item["category"], variants))
    weights = dict(raw.get("category_weights", {}))
    missing = sorted({d.category for d in decls} - set(weights))
    if missing:
        raise _fail("category_weights", f"no weight for category {missing[0]!r}")
    table = parse_compatibility(compatibility, seen) if compatibility is not None else None
    return Declarations(
        tuple(decls),
        weights,
        dict(raw.get("excluded", {})),
        _pairs(raw, "conflicts"),
        _pairs(raw, "also_apart"),
        tuple(raw.get("required_text_kwargs", ())),
        tuple(raw.get("script_rules", ())),
        table,
    )


def _read(name: str) -> dict[str, Any]:
    return json.loads(resources.files("lctg_dataset.instructions").joinpath(name).read_text(encoding="utf-8"))


def _files(version: str) -> tuple[str, str | None]:
    if version not in VERSIONS:
        raise ValueError(f"unknown instructions version {version!r}; valid: {', '.join(VERSIONS)}")
    return VERSIONS[version]


def raw_declarations(version: str = LATEST) -> dict[str, Any]:
    """The declarations file of a config version as parsed JSON (for readers that want the data itself)."""
    return _read(_files(version)[0])


def raw_compatibility(version: str = LATEST) -> dict[str, Any] | None:
    """The compatibility table of a config version as parsed JSON (None: the version has none)."""
    name = _files(version)[1]
    return _read(name) if name else None


def load_declarations(version: str = LATEST) -> Declarations:
    """The packaged declarations of a config version, checked."""
    return parse(raw_declarations(version), raw_compatibility(version))
