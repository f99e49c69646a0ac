"""Every option, declared once: name, values, default, help and signature key.

The CLI flags (:func:`add_cli_options`), the Python API and the evaluate module's keyword arguments (checked
against :data:`OPTIONS` by a test), their documentation (:func:`kwargs_description`) and the score signature
(:mod:`lctg_metrics.signature`) are all read from :data:`OPTIONS`. The options that change a verdict are
collected in :class:`ScoringOptions`; named profiles (:data:`PROFILES`) set several of them at once.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lctg_dataset.constants import TASKS

#: Blank characters deleted before the format comparison (upstream scripts/eval_ctg.py `_delete_blank`).
UPSTREAM_BLANKS: tuple[str, ...] = (" ", "\u3000", "\n", "\t")
#: Prefix/suffix length compared by the format check in the released script (scripts/eval_ctg.py: 10 for every task).
UPSTREAM_AFFIX_LENGTH = 10
#: Prefix/suffix length the English paper states for ad text (§4.1: "the last five characters").
PAPER_AD_TEXT_AFFIX_LENGTH = 5
#: The header/footer cleaner's failure marker; upstream scores it False on every aspect.
INVALID_MARKER = "Invalid Error"

SCORING, RUN, LLM = "scoring", "run", "llm"
#: Where an option is accepted.
CLI, API, EVALUATE = "cli", "api", "evaluate"
EVERYWHERE: frozenset[str] = frozenset({CLI, API, EVALUATE})
NOT_API: frozenset[str] = frozenset({CLI, EVALUATE})


@dataclass(frozen=True)
class Option:
    """One option. ``choices`` maps each value to its code in the signature; ``default`` None = the profile's."""

    name: str
    help: str
    group: str = SCORING
    kind: type = str
    default: Any = None
    choices: Mapping[str, str] | None = None
    signature: str | None = None  # key in the signature line (None: described by another part of it)
    label: str = ""  # what the signature key means, for messages naming a differing setting
    surfaces: frozenset[str] = EVERYWHERE
    metavar: str | None = None
    least: tuple[str, float] | None = None  # a numeric bound: (">=", 1) or (">", 0); the CLI refuses values outside
    field: str | None = None  # an llm option's LLMConfig field, when not its name without "llm_"
    registry: str | None = (
        None  # its values are a registry's names (above this layer), given by the surface reading them
    )

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def config_field(self) -> str:
        """The ``LLMConfig`` field (and ``llm_config`` keyword) an option of the ``llm`` group sets."""
        return self.field or self.name.removeprefix("llm_")

    def check(self, value: Any) -> None:
        """Raise ValueError naming the option and the valid values if ``value`` is not one of them."""
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"unknown {self.name} {value!r}; valid: {', '.join(self.choices)}")
        if self.kind is bool and not isinstance(value, bool):
            raise ValueError(f"{self.name} must be a bool, got {value!r}")


COUNTING_MODES = {"codepoints": "cp", "graphemes": "gc", "nonblank": "nb"}
NORMALIZATIONS = {"none": "none", "nfkc": "nfkc", "nfkc_casefold": "nfkc-cf"}
SHORT_TEXT_POLICIES = {"fail": "fail", "exact": "exact"}
EMPTY_POLICIES = {"score": "score", "fail": "fail"}
MISSING_POLICIES = {"error": "error", "fail": "fail", "skip": "skip"}

#: Every option, in signature order for the scoring ones.
OPTIONS: tuple[Option, ...] = (
    Option(
        "profile",
        "upstream: the released scripts (default); paper: 5-char prefix/suffix for ad_text",
        default="upstream",
        choices={"upstream": "upstream", "paper": "paper"},
        signature="profile",
        label="scoring profile",
    ),
    Option(
        "counting",
        "char_count counting: codepoints (upstream), graphemes (regex \\X) or nonblank",
        choices=COUNTING_MODES,
        signature="count",
        label="char_count counting",
    ),
    Option(
        "normalization",
        "keyword/prohibited_word matching: none (upstream), nfkc or nfkc_casefold",
        choices=NORMALIZATIONS,
        signature="norm",
        label="keyword/prohibited_word normalization",
    ),
    Option(
        "affix_length",
        "format prefix/suffix length: N, or task=N,... (default 10 for every task)",
        kind=int,
        signature="affix",
        label="format prefix/suffix length (summary/ad_text/pros_and_cons)",
        metavar="N|task=N,...",
    ),
    Option(
        "short_text",
        "format verdict for cleaned texts <= N chars: fail (upstream) or exact",
        choices=SHORT_TEXT_POLICIES,
        signature="short",
        label="short-text format policy",
    ),
    Option(
        "empty",
        "an empty generation: score (upstream) or fail every aspect",
        choices=EMPTY_POLICIES,
        signature="empty",
        label="empty-generation policy",
    ),
    Option(
        "think",
        "reasoning blocks (<think>, <thinking>, <thought> or <reasoning>): auto (strip a leading "
        "<think>…</think>, also without the opening tag; an "
        "unclosed <think>, nothing after </think>, or tags that do not make one leading block fail every "
        "aspect), keep (score as written, as upstream) or strip (remove every block)",
        choices={"auto": "auto", "keep": "keep", "strip": "strip"},
        signature="think",
        label="<think> handling",
    ),
    Option(
        "cleaner",
        "provided (the 'cleaned' field), none (raw = cleaned), rule (offline) or llm; default: provided "
        "when every generation has 'cleaned', else rule",
        group=RUN,
        registry="cleaners",
        signature="cleaner",
        label="header/footer cleaner",
    ),
    Option(
        "judge",
        "also ask the upstream quality judge (adds the Qual scores; needs the llm options)",
        group=RUN,
        kind=bool,
        default=False,
        signature="judge",
        label="quality judge",
    ),
    Option(
        "empty_cleaner_answer",
        "an empty or blank LLM-cleaner answer: keep (upstream: scored as the cleaned text) or "
        "invalid (the cleaner-failed marker, failing every aspect)",
        group=RUN,
        default="keep",
        choices={"keep": "keep", "invalid": "invalid"},
    ),
    Option(
        "missing",
        "a (prompt, sample) without generation: error, fail (count it as failed) or skip "
        "(score what is present; the coverage goes into the signature)",
        group=RUN,
        default="error",
        choices=MISSING_POLICIES,
    ),
    Option("ci", "bootstrap 95% confidence intervals over prompts", group=RUN, kind=bool, default=False),
    Option(
        "ci_resamples",
        "bootstrap resamples for the confidence intervals",
        group=RUN,
        kind=int,
        default=1000,
        least=(">=", 1),
    ),
    Option(
        "seed",
        "seed of every random draw (the bootstrap's); the same seed, the same output",
        group=RUN,
        kind=int,
        default=0,
    ),
    # the API takes these as llm=llm_config(base_url, model, ...), by their config_field; LLMConfig's defaults are these
    Option(
        "llm_base_url",
        "OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1",
        group=LLM,
        surfaces=NOT_API,
    ),
    Option(
        "llm_model", "model name at that endpoint (the papers used gpt-4-1106-preview)", group=LLM, surfaces=NOT_API
    ),
    Option(
        "llm_api_key_env",
        "environment variable holding the API key (never printed or stored)",
        group=LLM,
        surfaces=NOT_API,
        default="OPENAI_API_KEY",
    ),
    Option("llm_concurrency", "concurrent requests", group=LLM, surfaces=NOT_API, kind=int, default=8, least=(">=", 1)),
    Option(
        "llm_cache",
        "SQLite answer cache (default $LCTG_CACHE_DIR/llm_cache.sqlite or ~/.cache/lctg/)",
        group=LLM,
        surfaces=NOT_API,
        field="cache_path",
    ),
    Option(
        "llm_timeout",
        "seconds one request may take in all (connect, send, read)",
        group=LLM,
        surfaces=NOT_API,
        kind=float,
        default=120.0,
        least=(">", 0),
    ),
    Option(
        "llm_max_retries",
        "retries on 429/5xx/timeouts",
        group=LLM,
        surfaces=NOT_API,
        kind=int,
        default=6,
        least=(">=", 0),
    ),
    # request parameters: None = not sent (upstream sent only the model and the messages); shown in the signature
    Option(
        "llm_temperature",
        "sampling temperature to send (default: not sent, as upstream)",
        group=LLM,
        surfaces=NOT_API,
        kind=float,
        least=(">=", 0),
    ),
    Option(
        "llm_max_tokens",
        "max_tokens to send (not sent by default)",
        group=LLM,
        surfaces=NOT_API,
        kind=int,
        least=(">=", 1),
    ),
    Option("llm_seed", "seed to send (default: not sent)", group=LLM, surfaces=NOT_API, kind=int),
    Option("llm_top_p", "top_p to send (not sent by default)", group=LLM, surfaces=NOT_API, kind=float, least=(">", 0)),
)
BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}
#: The LLM settings by ``LLMConfig`` field: ``llm_config``'s keywords and ``LLMConfig``'s defaults read them.
LLM_FIELDS: dict[str, Option] = {o.config_field: o for o in OPTIONS if o.group == LLM}
#: Signature keys that are not options: what they mean (for messages naming a differing setting).
SIGNATURE_EXTRA_LABELS: dict[str, str] = {"data": "dataset version", "version": "lctg package version"}


def options_for(surface: str, *groups: str) -> list[Option]:
    """The options accepted on one surface (cli, api, evaluate), optionally only some groups."""
    return [o for o in OPTIONS if surface in o.surfaces and (not groups or o.group in groups)]


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


# ------------------------------------------------------------------------------------ the surfaces


#: The title of each option group in ``--help``.
GROUP_TITLES: dict[str, str] = {
    SCORING: "scoring options (defaults reproduce upstream; every choice appears in the signature)",
    RUN: "run options",
    LLM: "LLM cleaner and quality judge (any OpenAI-compatible endpoint; nothing is called unless asked)",
}


def add_cli_options(
    parser: argparse.ArgumentParser,
    *groups: str,
    titles: Mapping[str, str] | None = None,
    values: Mapping[str, Iterable[str]] | None = None,
) -> None:
    """Add the CLI flags of the options of ``groups`` (one argument group per option group; ``titles`` overrides
    :data:`GROUP_TITLES`, for a command where a group configures something else, e.g. the IFSM reader). ``values``:
    the names of the registry of each option that declares one (e.g. ``{"cleaner": CLEANERS}``)."""
    for group in groups:
        g = parser.add_argument_group({**GROUP_TITLES, **(titles or {})}[group])
        for o in options_for(CLI, group):
            kwargs: dict[str, Any] = {"help": o.help.replace("%", "%%"), "dest": o.name}
            if o.kind is bool:
                kwargs.update(action="store_true", default=None if o.group == SCORING else o.default)
            else:
                kwargs["default"] = o.default
                choices = option_values(o, values)
                if choices is not None:
                    kwargs["choices"] = choices
                elif o.kind in (int, float) and o.name != "affix_length":
                    kwargs["type"] = cli_number(o)
                if o.metavar:
                    kwargs["metavar"] = o.metavar
            g.add_argument(o.flag, **kwargs)


def cli_number(o: Option) -> Callable[[str], Any]:
    """The argparse type of a numeric option: its kind, within its bound (argparse names the flag in the error)."""

    def convert(text: str) -> Any:
        value = o.kind(text)  # a ValueError reads "argument --flag: invalid int value: 'x'"
        if o.least and not (value >= o.least[1] if o.least[0] == ">=" else value > o.least[1]):
            raise argparse.ArgumentTypeError(f"must be {o.least[0]} {o.least[1]:g}, got {text}")
        return value

    return functools.update_wrapper(convert, o.kind, assigned=("__name__",))


def option_values(o: Option, values: Mapping[str, Iterable[str]] | None = None) -> list[str] | None:
    """The values ``o`` takes (None: any of its kind): its declared choices, or the names of its registry as given in
    ``values`` by the surface that reads them (refused when not given, never an empty list)."""
    if o.registry is None:
        return None if o.choices is None else list(o.choices)
    if values is None or o.name not in values:
        raise ValueError(
            f"option {o.name!r}: its values are the {o.registry} registry's names; give them as "
            f"values={{{o.name!r}: ...}} (lctg_metrics.{o.registry})"
        )
    return list(values[o.name])


def kwargs_description(
    surface: str = EVALUATE,
    *groups: str,
    indent: str = "    ",
    values: Mapping[str, Iterable[str]] | None = None,
) -> str:
    """The option part of a docstring's ``Args:`` section (the options of ``groups``, default all), generated from
    :data:`OPTIONS` (``values``: as for :func:`add_cli_options`)."""
    lines = []
    for o in options_for(surface, *groups):
        kind = {str: "str", int: "int", float: "float", bool: "bool"}[o.kind]
        if o.name == "affix_length":
            kind = "int or str"
        default = "profile default" if o.default is None and o.group == SCORING else repr(o.default)
        choices = option_values(o, values)
        one_of = f" One of {', '.join(repr(v) for v in choices)}." if choices else ""
        lines.append(f"{indent}{o.name} (`{kind}`, default {default}): {o.help}.{one_of}")
    return "\n".join(lines)


def check_kwargs(given: Mapping[str, Any], surface: str, *, where: str = "") -> None:
    """Raise naming any keyword that is not an option of ``surface`` (with the valid names)."""
    valid = {o.name for o in options_for(surface)}
    unknown = sorted(set(given) - valid)
    if unknown:
        raise ValueError(f"{where}unknown option(s) {unknown}; valid: {', '.join(sorted(valid))}")


__all__: Sequence[str] = [
    "BY_NAME",
    "INVALID_MARKER",
    "LLM_FIELDS",
    "OPTIONS",
    "OPTION_NAMES",
    "Option",
    "PROFILES",
    "ScoringOptions",
    "UPSTREAM_AFFIX_LENGTH",
    "UPSTREAM_BLANKS",
    "add_cli_options",
    "check_kwargs",
    "cli_number",
    "kwargs_description",
    "option_values",
    "options_for",
    "resolve_options",
    "scoring_options_from",
]
