"""The score signature: build it, parse it, and name what differs between two.

One line listing every setting that can change a score (the idea of sacrebleu's signature), e.g.
``lctg|profile:upstream|count:cp|norm:none|affix:10/10/10|short:fail|empty:score|think:keep|cleaner:rule@1.1|judge:none|data:1.0.0|version:0.1.0``.
The scoring part comes from :data:`lctg_metrics.options.OPTIONS`; the cleaner and judge describe themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.options import BY_NAME, OPTIONS, SCORING, SIGNATURE_EXTRA_LABELS, ScoringOptions

#: Signature keys whose difference alone does not block a comparison (reported as a note). Every other key
#: names a setting that changes verdicts; the package version only *may* (a checker bug fix), and refusing
#: every comparison across a release would push users to edit signatures by hand.
NOTE_ONLY_KEYS: frozenset[str] = frozenset({"version"})
#: What each signature key means, for messages that say *which* setting differs.
LABELS: dict[str, str] = {**{o.signature: o.label for o in OPTIONS if o.signature}, **SIGNATURE_EXTRA_LABELS}


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
          package_version: str | None = None) -> str:
    """One line listing every setting that can change a score, e.g. for pasting under a table.

    ``cleaner`` is ``name@version`` (e.g. ``rule@1.0``); ``judge`` is ``none`` or ``model@host#digest``.
    """
    if package_version is None:
        from lctg_metrics import __version__ as package_version
    return (f"lctg|{options_signature(options)}|cleaner:{cleaner}|judge:{judge}"
            f"|data:{dataset_version}|version:{package_version}")


def parse(signature: str) -> dict[str, str]:
    """``"lctg|profile:upstream|…|version:0.1.0"`` -> ``{"profile": "upstream", …}`` (values may hold ':')."""
    out: dict[str, str] = {}
    for part in signature.split("|"):
        key, sep, value = part.partition(":")
        if not sep and key == "lctg":
            continue
        out[key] = value
    return out


@dataclass(frozen=True)
class Difference:
    """One setting that differs between two signatures (``None`` = the key is absent on that side)."""

    key: str
    a: str | None
    b: str | None

    @property
    def blocking(self) -> bool:
        return self.key not in NOTE_ONLY_KEYS

    def describe(self, names: tuple[str, str]) -> str:
        label = LABELS.get(self.key, "unknown setting")

        def show(v: str | None) -> str:
            return "absent" if v is None else repr(v)

        return f"{self.key} ({label}): {show(self.a)} in {names[0]}, {show(self.b)} in {names[1]}"

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": LABELS.get(self.key), "a": self.a, "b": self.b}


def diff(a: str | None, b: str | None) -> list[Difference]:
    """Settings that differ, in signature order. A missing signature differs as key ``signature``."""
    if a is None or b is None:
        return [] if a == b else [Difference("signature", a, b)]
    pa, pb = parse(a), parse(b)
    keys = list(dict.fromkeys([*pa, *pb]))
    return [Difference(k, pa.get(k), pb.get(k)) for k in keys if pa.get(k) != pb.get(k)]
