"""The options that change a verdict as one value, :class:`ScoringOptions` (the ``scoring`` group of
:data:`lctg_metrics.options.OPTIONS`), and the named :data:`PROFILES` that set several of them at once:
:func:`resolve_options` makes the value from a profile and explicit overrides."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics.options import BY_NAME

#: Prefix/suffix length compared by the format check in the released script (scripts/eval_ctg.py: 10 for every task).
UPSTREAM_AFFIX_LENGTH = 10
#: Prefix/suffix length the English paper states for ad text (§4.1: "the last five characters").
PAPER_AD_TEXT_AFFIX_LENGTH = 5


@dataclass(frozen=True)
class ScoringOptions:
    """Every setting that can change a controllability verdict (the ``scoring`` group of :data:`OPTIONS`)."""

    profile: str = "upstream"
    counting: str = "codepoints"
    normalization: str = "none"
    affix_length: Mapping[str, int] = field(default_factory=lambda: {t: UPSTREAM_AFFIX_LENGTH for t in TASKS})
    short_text: str = "fail"
    empty: str = "score"
    think: str = "auto"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.name != "affix_length":
                BY_NAME[f.name].check(getattr(self, f.name))
        affix = dict(self.affix_length)
        unknown, missing = sorted(set(affix) - set(TASKS)), sorted(set(TASKS) - set(affix))
        if unknown or missing:
            raise ValueError(
                f"affix_length needs exactly the tasks {list(TASKS)}; unknown: {unknown}, missing: {missing}"
            )
        for task, n in affix.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise ValueError(f"affix_length[{task!r}] must be a positive int, got {n!r}")
        object.__setattr__(self, "affix_length", _FrozenDict(affix))

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["affix_length"] = dict(self.affix_length)
        return d


class _FrozenDict(dict):
    """A dict that refuses mutation, so options stay hashable-by-value and safe to share."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (multiprocessing shards) rebuild it without __setitem__
        return (_FrozenDict, (dict(self),))

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("scoring options are immutable; use resolve_options(...) to make new ones")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _readonly  # type: ignore[assignment]


#: Named profiles. ``upstream`` reproduces the released scripts exactly and is the default.
PROFILES: dict[str, dict[str, Any]] = {
    "upstream": {},
    # The English paper's protocol: 5-character prefix/suffix comparison for ad text (§4.1).
    "paper": {
        "affix_length": {
            "summary": UPSTREAM_AFFIX_LENGTH,
            "ad_text": PAPER_AD_TEXT_AFFIX_LENGTH,
            "pros_and_cons": UPSTREAM_AFFIX_LENGTH,
        }
    },
}
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(ScoringOptions) if f.name != "profile")


def resolve_options(profile: str = "upstream", **overrides: Any) -> ScoringOptions:
    """Options of a named profile with explicit overrides (``None`` values mean "profile default")."""
    BY_NAME["profile"].check(profile)
    unknown = sorted(set(overrides) - set(OPTION_NAMES))
    if unknown:
        raise ValueError(f"unknown scoring option(s) {unknown}; valid: {', '.join(OPTION_NAMES)}")
    values: dict[str, Any] = {"profile": profile, **PROFILES[profile]}
    for name, value in overrides.items():
        if value is None:
            continue
        values[name] = _affix_from(value, values.get("affix_length")) if name == "affix_length" else value
    return ScoringOptions(**values)


def _affix_from(value: Any, base: Mapping[str, int] | None) -> dict[str, int]:
    """Accept an int (every task), a mapping (some tasks), or 'summary=10,ad_text=5'."""
    merged = dict(base or {t: UPSTREAM_AFFIX_LENGTH for t in TASKS})
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return {t: value for t in TASKS}
    if isinstance(value, str):
        parsed: dict[str, int] = {}
        for part in value.split(","):
            task, sep, n = part.partition("=")
            if not sep or not n.strip().isdigit():
                raise ValueError(f"affix_length {value!r}: expected an int or 'task=N,...' with tasks {list(TASKS)}")
            parsed[task.strip()] = int(n)
        value = parsed
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - set(TASKS))
        if unknown:
            raise ValueError(f"affix_length: unknown task(s) {unknown}; valid: {', '.join(TASKS)}")
        merged.update(value)
        return merged
    raise ValueError(f"affix_length must be an int, a mapping or 'task=N,...', got {value!r}")


def scoring_options_from(values: Mapping[str, Any]) -> ScoringOptions:
    """:class:`ScoringOptions` from a mapping holding (some of) the scoring options, e.g. CLI arguments."""
    return resolve_options(values.get("profile") or "upstream", **{n: values.get(n) for n in OPTION_NAMES})


__all__: Sequence[str] = [
    "OPTION_NAMES",
    "PAPER_AD_TEXT_AFFIX_LENGTH",
    "PROFILES",
    "ScoringOptions",
    "UPSTREAM_AFFIX_LENGTH",
    "resolve_options",
    "scoring_options_from",
]
