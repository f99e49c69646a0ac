"""The score signature: build it, parse it, and name what differs between two.

One line listing every setting that can change a score (the idea of sacrebleu's signature), e.g.
``lctg|profile:upstream|count:cp|norm:none|affix:10/10/10|short:fail|empty:score|think:keep|cleaner:rule@1.1|judge:none|data:1.0.0|version:0.1.0``.
The scoring part comes from :data:`lctg_metrics.options.OPTIONS`; the cleaner and judge describe themselves.
A dataset read from the Hub adds where it came from to the data field: ``data:1.0.0@your-org/lctg@v1.0.0#3f2a…``
(repo, revision, first 12 hex of the manifest's sha256); :func:`diff` compares those parts one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.options import BY_NAME, OPTIONS, SCORING, SIGNATURE_EXTRA_LABELS, ScoringOptions

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
LABELS: dict[str, str] = {**{o.signature: o.label for o in OPTIONS if o.signature}, **SIGNATURE_EXTRA_LABELS,
                          "data_source": "dataset source (Hub repo@revision)",
                          "data_digest": "dataset manifest digest",
                          "cover": "coverage of a partial run, generations scored/expected"}


def _code(name: str, value: Any) -> str:
    if name == "affix_length":
        return "/".join(str(value[t]) for t in TASKS)
    choices = BY_NAME[name].choices
    return choices[value] if choices else str(value)


def options_signature(options: ScoringOptions) -> str:
    """The part of the signature that comes from the scoring options."""
    return "|".join(f"{o.signature}:{_code(o.name, getattr(options, o.name))}"
                    for o in OPTIONS if o.group == SCORING)


def build(options: ScoringOptions, *, cleaner: str, judge: str = "none", dataset_version: str,
          package_version: str | None = None, dataset_source: str | None = None, coverage: str | None = None) -> str:
    """One line listing every setting that can change a score, e.g. for pasting under a table.

    ``cleaner`` is ``name@version`` (e.g. ``rule@1.0``); ``judge`` is ``none`` or ``model@host#digest``;
    ``dataset_source`` is ``repo@revision#digest`` for a dataset read from the Hub, else None (nothing added);
    ``coverage`` is ``SCORED/EXPECTED`` generations for a partial result (``cover:60/1680``), else None (nothing added).
    """
    if package_version is None:
        from lctg_metrics import __version__ as package_version
    data = dataset_version
    if dataset_source is not None:
        if "|" in dataset_source or "@" not in dataset_source:
            raise ValueError(f"dataset source {dataset_source!r} must look like repo@revision#digest, without '|'")
        data = f"{dataset_version}@{dataset_source}"
    cover = "" if coverage is None else f"|cover:{coverage}"
    return (f"lctg|{options_signature(options)}|cleaner:{cleaner}|judge:{judge}"
            f"|data:{data}{cover}|version:{package_version}")


def parse(signature: str) -> dict[str, str]:
    """``"lctg|profile:upstream|…|version:0.1.0"`` -> ``{"profile": "upstream", …}`` (values may hold ':')."""
    out: dict[str, str] = {}
    for part in signature.split("|"):
        key, sep, value = part.partition(":")
        if not sep and key == "lctg":
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
        label = LABELS.get(self.key, "unknown setting")

        def show(v: str | None) -> str:
            return "absent" if v is None else repr(v)

        return f"{self.key} ({label}): {show(self.a)} in {names[0]}, {show(self.b)} in {names[1]}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": LABELS.get(self.key), "a": self.a, "b": self.b}


def diff(a: str | None, b: str | None) -> list[Difference]:
    """Settings that differ, in signature order (the data field as :data:`DATA_KEYS`). A missing signature
    differs as key ``signature``."""
    if a is None or b is None:
        return [] if a == b else [Difference("signature", a, b)]
    pa, pb = _expanded(a), _expanded(b)
    keys = list(dict.fromkeys([*pa, *pb]))
    return [Difference(k, pa.get(k), pb.get(k)) for k in keys if pa.get(k) != pb.get(k)]
