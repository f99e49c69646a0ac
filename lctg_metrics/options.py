"""Scoring options, named profiles and the score signature.

Every setting that can change an LCTG score lives in :class:`ScoringOptions` and is printed by
:func:`signature`, so two scores can be compared at a glance (the idea of sacrebleu's signature).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from lctg_dataset.constants import TASKS

#: Blank characters deleted before the format comparison (upstream scripts/eval_ctg.py `_delete_blank`).
UPSTREAM_BLANKS: tuple[str, ...] = (" ", "\u3000", "\n", "\t")
#: Prefix/suffix length compared by the format check in the released script (scripts/eval_ctg.py: 10 for every task).
UPSTREAM_AFFIX_LENGTH = 10
#: Prefix/suffix length the English paper states for ad text (§4.1: "the last five characters").
PAPER_AD_TEXT_AFFIX_LENGTH = 5
#: The header/footer cleaner's failure marker; upstream scores it False on every aspect.
INVALID_MARKER = "Invalid Error"

COUNTING_MODES: dict[str, str] = {
    "codepoints": "cp",  # len() over code points, as upstream
    "graphemes": "gc",  # extended grapheme clusters (regex \X)
    "nonblank": "nb",  # code points that are not Unicode whitespace
}
NORMALIZATIONS: dict[str, str] = {
    "none": "none",  # case-sensitive, exact substring, as upstream
    "nfkc": "nfkc",  # unicodedata2 NFKC on text and word
    "nfkc_casefold": "nfkc-cf",  # NFKC then str.casefold()
}
SHORT_TEXT_POLICIES: dict[str, str] = {
    "fail": "fail",  # cleaned text of <= affix_length chars is invalid (upstream returns None => not valid)
    "exact": "exact",  # short texts are valid iff raw and cleaned are equal after blank deletion
}
EMPTY_POLICIES: dict[str, str] = {
    "score": "score",  # an empty generation is scored like any text (it passes prohibited_word), as upstream
    "fail": "fail",  # an empty generation fails every aspect
}


@dataclass(frozen=True)
class ScoringOptions:
    """Every setting that can change a controllability verdict."""

    profile: str = "upstream"
    counting: str = "codepoints"
    normalization: str = "none"
    affix_length: Mapping[str, int] = field(
        default_factory=lambda: {t: UPSTREAM_AFFIX_LENGTH for t in TASKS}
    )
    short_text: str = "fail"
    empty: str = "score"
    strip_think: bool = False

    def __post_init__(self) -> None:
        _check_choice("counting", self.counting, COUNTING_MODES)
        _check_choice("normalization", self.normalization, NORMALIZATIONS)
        _check_choice("short_text", self.short_text, SHORT_TEXT_POLICIES)
        _check_choice("empty", self.empty, EMPTY_POLICIES)
        if not isinstance(self.strip_think, bool):
            raise ValueError(f"strip_think must be a bool, got {self.strip_think!r}")
        affix = dict(self.affix_length)
        unknown = sorted(set(affix) - set(TASKS))
        missing = sorted(set(TASKS) - set(affix))
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

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("scoring options are immutable; use resolve_options(...) to make new ones")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _readonly  # type: ignore[assignment]


def _check_choice(name: str, value: object, valid: Mapping[str, str]) -> None:
    if value not in valid:
        raise ValueError(f"unknown {name} {value!r}; valid: {', '.join(valid)}")


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

OPTION_NAMES: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(ScoringOptions) if f.name != "profile"
)


def resolve_options(profile: str = "upstream", **overrides: Any) -> ScoringOptions:
    """Options of a named profile with explicit overrides (``None`` values mean "profile default")."""
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; valid: {', '.join(PROFILES)}")
    unknown = sorted(set(overrides) - set(OPTION_NAMES))
    if unknown:
        raise ValueError(f"unknown scoring option(s) {unknown}; valid: {', '.join(OPTION_NAMES)}")
    values: dict[str, Any] = {"profile": profile, **PROFILES[profile]}
    for name, value in overrides.items():
        if value is None:
            continue
        if name == "affix_length":
            value = _affix_from(value, values.get("affix_length"))
        values[name] = value
    return ScoringOptions(**values)


def _affix_from(value: Any, base: Mapping[str, int] | None) -> dict[str, int]:
    """Accept an int (every task), a mapping (some tasks), or 'summary=10,ad_text=5'."""
    merged = dict(base or {t: UPSTREAM_AFFIX_LENGTH for t in TASKS})
    if isinstance(value, int) and not isinstance(value, bool):
        return {t: value for t in TASKS}
    if isinstance(value, str):
        parsed: dict[str, int] = {}
        for part in value.split(","):
            task, sep, n = part.partition("=")
            if not sep or not n.strip().isdigit():
                raise ValueError(
                    f"affix_length {value!r}: expected an int or 'task=N,...' with tasks {list(TASKS)}"
                )
            parsed[task.strip()] = int(n)
        value = parsed
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - set(TASKS))
        if unknown:
            raise ValueError(f"affix_length: unknown task(s) {unknown}; valid: {', '.join(TASKS)}")
        merged.update(value)
        return merged
    raise ValueError(f"affix_length must be an int, a mapping or 'task=N,...', got {value!r}")


def options_signature(options: ScoringOptions) -> str:
    """The part of the signature that comes from the scoring options."""
    affix = "/".join(str(options.affix_length[t]) for t in TASKS)
    return "|".join(
        [
            f"profile:{options.profile}",
            f"count:{COUNTING_MODES[options.counting]}",
            f"norm:{NORMALIZATIONS[options.normalization]}",
            f"affix:{affix}",
            f"short:{SHORT_TEXT_POLICIES[options.short_text]}",
            f"empty:{EMPTY_POLICIES[options.empty]}",
            f"think:{'strip' if options.strip_think else 'keep'}",
        ]
    )


def signature(
    options: ScoringOptions,
    *,
    cleaner: str,
    judge: str = "none",
    dataset_version: str,
    package_version: str | None = None,
) -> str:
    """One line listing every setting that can change a score, e.g. for pasting under a table.

    ``cleaner`` is ``name@version`` (e.g. ``rule@1.0``); ``judge`` is ``none`` or ``model@host``.
    """
    if package_version is None:
        from lctg_metrics import __version__ as package_version
    return (
        f"lctg|{options_signature(options)}|cleaner:{cleaner}|judge:{judge}"
        f"|data:{dataset_version}|version:{package_version}"
    )
