"""The score signature of every metric family: build it, parse it, and name what differs between two.

One line listing every setting that can change a score (the idea of sacrebleu's signature): the family's name, then
its declared fields in order, then the package version, e.g.
``lctg|profile:upstream|count:cp|norm:none|affix:10/10/10|short:fail|empty:score|think:keep|cleaner:rule@1.1|judge:none|data:1.0.0|version:0.1.0``.
A family declares its fields once (:class:`Family`, :func:`declare`): LCTG here (the scoring part from
:data:`lctg_metrics.options.OPTIONS`; the cleaner and judge describe themselves), the instructions and IFSM families
in their packages. :func:`parse` and :func:`diff` read every family's signature alike.
A dataset read from the Hub adds where it came from to the data field: ``data:1.0.0@your-org/lctg@v1.0.0#3f2a…``
(repo, revision, first 12 hex of the manifest's sha256); :func:`diff` compares those parts one by one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.options import BY_NAME, OPTIONS, SCORING, SIGNATURE_EXTRA_LABELS
from lctg_metrics.profiles import ScoringOptions

#: Signature keys whose difference alone does not block a comparison (reported as a note). Every other key
#: names a setting that changes verdicts; the package version only *may* (a checker bug fix), and refusing
#: every comparison across a release would push users to edit signatures by hand. Where the dataset was read
#: from (``data_source``) does not change scores by itself: one build can be a local folder, a Hub tag or a branch.
NOTE_ONLY_KEYS: frozenset[str] = frozenset({"version", "data_source"})
#: The parts :func:`diff` splits the data field into: version, Hub source (``repo@revision``), manifest digest.
DATA_KEYS: tuple[str, str, str] = ("data", "data_source", "data_digest")
#: Keys that block only when both sides carry them (a local folder's signature has no digest to compare).
BOTH_SIDES_KEYS: frozenset[str] = frozenset({"data_digest"})
#: What each signature key means, for messages that say *which* setting differs.
LABELS: dict[str, str] = {
    **{o.signature: o.label for o in OPTIONS if o.signature},
    **SIGNATURE_EXTRA_LABELS,
    "family": "metric family",
    "data_source": "dataset source (Hub repo@revision)",
    "data_digest": "dataset manifest digest",
    "cover": "coverage of a partial run, generations scored/expected",
}


#: The last field of every family's signature.
VERSION_KEY = "version"


@dataclass(frozen=True)
class Family:
    """One metric family's signature, declared once: its name (the first part) and its fields in order, each with
    the label messages use; ``optional`` fields are left out when their value is None. ``version`` comes last."""

    name: str
    fields: tuple[tuple[str, str], ...]
    optional: frozenset[str] = field(default_factory=frozenset)

    @property
    def labels(self) -> dict[str, str]:
        return {**dict(self.fields), VERSION_KEY: "lctg package version"}

    def build(self, values: Mapping[str, str | None], *, package_version: str | None = None) -> str:
        """``name|key:value|…|version:V``; every declared field is given (None only for an optional one), nothing
        else, and no value holds ``|`` (which would split it)."""
        keys = [k for k, _ in self.fields]
        unknown = [k for k in values if k not in keys]
        if unknown:
            raise ValueError(f"signature of {self.name}: unknown field {unknown[0]!r}; valid: {', '.join(keys)}")
        parts = [self.name]
        for key in keys:
            value = values.get(key)
            if value is None:
                if key in self.optional:
                    continue
                raise ValueError(f"signature of {self.name}: field {key!r} is missing")
            if "|" in str(value):
                raise ValueError(f"signature of {self.name}: field {key!r} holds '|' ({value!r})")
            parts.append(f"{key}:{value}")
        if package_version is None:
            from lctg_metrics import __version__

            package_version = __version__
        return "|".join([*parts, f"{VERSION_KEY}:{package_version}"])


#: Every declared family by name (LCTG below; ``instr`` and ``ifsm`` when their packages are imported).
FAMILIES: dict[str, Family] = {}


def declare(family: Family) -> Family:
    """Add a family (its name must be new)."""
    if family.name in FAMILIES:
        raise ValueError(f"signature family {family.name!r} is already declared")
    FAMILIES[family.name] = family
    return family


#: The LCTG family: the scoring options (in declaration order), then the cleaner, the judge and the data.
LCTG = declare(
    Family(
        "lctg",
        (
            *((o.signature, o.label) for o in OPTIONS if o.group == SCORING and o.signature),
            *((k, LABELS.get(k, k)) for k in ("cleaner", "judge", "data", "cover")),
        ),
        optional=frozenset({"cover"}),
    )
)


def family(signature: str) -> str | None:
    """The family that wrote ``signature`` (its first part when that has no ``:``), else None."""
    first = signature.partition("|")[0]
    return None if ":" in first else first


def _label(key: str) -> str | None:
    if key in LABELS:
        return LABELS[key]
    return next((f.labels[key] for f in FAMILIES.values() if key in f.labels), None)


def _code(name: str, value: Any) -> str:
    if name == "affix_length":
        return "/".join(str(value[t]) for t in TASKS)
    choices = BY_NAME[name].choices
    return choices[value] if choices else str(value)


def options_signature(options: ScoringOptions) -> str:
    """The part of the signature that comes from the scoring options."""
    return "|".join(f"{o.signature}:{_code(o.name, getattr(options, o.name))}" for o in OPTIONS if o.group == SCORING)


def _options_values(options: ScoringOptions) -> dict[str, str]:
    return {str(o.signature): _code(o.name, getattr(options, o.name)) for o in OPTIONS if o.group == SCORING}


def build(
    options: ScoringOptions,
    *,
    cleaner: str,
    judge: str = "none",
    dataset_version: str,
    package_version: str | None = None,
    dataset_source: str | None = None,
    coverage: str | None = None,
) -> str:
    """One line listing every setting that can change a score, e.g. for pasting under a table.

    ``cleaner`` is ``name@version`` (e.g. ``rule@1.0``); ``judge`` is ``none`` or ``model@host#digest``;
    ``dataset_source`` is ``repo@revision#digest`` for a dataset read from the Hub, else None (nothing added);
    ``coverage`` is ``SCORED/EXPECTED`` generations for a partial result (``cover:60/1680``), else None (nothing added).
    """
    data = dataset_version
    if dataset_source is not None:
        if "|" in dataset_source or "@" not in dataset_source:
            raise ValueError(f"dataset source {dataset_source!r} must look like repo@revision#digest, without '|'")
        data = f"{dataset_version}@{dataset_source}"
    return LCTG.build(
        {**_options_values(options), "cleaner": cleaner, "judge": judge, "data": data, "cover": coverage},
        package_version=package_version,
    )


def parse(signature: str) -> dict[str, str]:
    """``"lctg|profile:upstream|…|version:0.1.0"`` -> ``{"profile": "upstream", …}`` (values may hold ':'); the
    family name (the first part, see :func:`family`) is not a setting and is left out."""
    out: dict[str, str] = {}
    for number, part in enumerate(signature.split("|")):
        key, sep, value = part.partition(":")
        if not sep and number == 0:
            continue
        out[key] = value
    return out


def data_parts(value: str) -> dict[str, str]:
    """``"1.0.0@org/lctg@v1.0.0#3f2a…"`` -> ``{"data": "1.0.0", "data_source": "org/lctg@v1.0.0",
    "data_digest": "3f2a…"}``; a plain ``"1.0.0"`` -> ``{"data": "1.0.0"}``."""
    version, sep, source = value.partition("@")
    if not sep:
        return {"data": value}
    out = {"data": version}
    where, hash_sep, digest = source.rpartition("#")
    if hash_sep and digest:
        out["data_source"], out["data_digest"] = where, digest
    else:
        out["data_source"] = source
    return out


def _expanded(signature: str) -> dict[str, str]:
    """:func:`parse`, with the data field split into :data:`DATA_KEYS`."""
    out: dict[str, str] = {}
    for key, value in parse(signature).items():
        out.update(data_parts(value) if key == "data" else {key: value})
    return out


@dataclass(frozen=True)
class Difference:
    """One setting that differs between two signatures (``None`` = the key is absent on that side)."""

    key: str
    a: str | None
    b: str | None

    @property
    def blocking(self) -> bool:
        if self.key in BOTH_SIDES_KEYS:
            return self.a is not None and self.b is not None
        return self.key not in NOTE_ONLY_KEYS

    def describe(self, names: tuple[str, str]) -> str:
        label = _label(self.key) or "unknown setting"

        def show(v: str | None) -> str:
            return "absent" if v is None else repr(v)

        return f"{self.key} ({label}): {show(self.a)} in {names[0]}, {show(self.b)} in {names[1]}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": _label(self.key), "a": self.a, "b": self.b}


def diff(a: str | None, b: str | None) -> list[Difference]:
    """Settings that differ, in signature order (the data field as :data:`DATA_KEYS`). A missing signature
    differs as key ``signature``; signatures of two families differ as key ``family`` (nothing else compares)."""
    if a is None or b is None:
        return [] if a == b else [Difference("signature", a, b)]
    if family(a) != family(b):
        return [Difference("family", family(a), family(b))]
    pa, pb = _expanded(a), _expanded(b)
    keys = list(dict.fromkeys([*pa, *pb]))
    return [Difference(k, pa.get(k), pb.get(k)) for k in keys if pa.get(k) != pb.get(k)]
