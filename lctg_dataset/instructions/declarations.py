"""Read the instruction declarations (``declarations.json``, package data): ids, categories, sentence templates,
kwargs to sample, and the pairs that are never combined. The one place the ``instructions`` config learns them."""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

from lctg_dataset.constants import TASKS

#: The declarations file, shipped inside ``lctg_dataset.instructions``.
DECLARATIONS_FILE = "declarations.json"
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
class Declarations:
    """Everything the sampler needs, as read from the data file."""

    instructions: tuple[Declaration, ...]
    category_weights: Mapping[str, float]
    excluded: Mapping[str, str]  # id -> why it is not used
    conflicts: Mapping[frozenset[str], str]  # pairs that can never both be followed
    also_apart: Mapping[frozenset[str], str]  # further pairs the builder keeps apart
    required_text_kwargs: tuple[str, ...]  # kwargs whose text must appear in the response
    script_rules: tuple[str, ...]  # instructions every required text would have to pass

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(d.category for d in self.instructions))

    def apart(self, a: str, b: str) -> str | None:
        """Why ``a`` and ``b`` are never combined (None: they may be)."""
        pair = frozenset((a, b))
        return self.conflicts.get(pair) or self.also_apart.get(pair)


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"{DECLARATIONS_FILE}: {where}: {message}")


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
        raise _fail(where, f"kwarg {name!r}: expected a literal, {{'choice': [...]}} or {{'record': one of "
                           f"{', '.join(RECORD_FIELDS)}}}, got {spec!r:.80}")


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


def parse(raw: Mapping[str, Any]) -> Declarations:
    """Declarations from the parsed JSON; anything malformed raises one line naming the entry."""
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
    return Declarations(tuple(decls), weights, dict(raw.get("excluded", {})), _pairs(raw, "conflicts"),
                        _pairs(raw, "also_apart"), tuple(raw.get("required_text_kwargs", ())),
                        tuple(raw.get("script_rules", ())))


def raw_declarations() -> dict[str, Any]:
    """The declarations file as parsed JSON (for readers that want the data itself)."""
    text = resources.files("lctg_dataset.instructions").joinpath(DECLARATIONS_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def load_declarations() -> Declarations:
    """The packaged declarations, checked."""
    return parse(raw_declarations())
