"""Every option, declared once: name, values, default, help and signature key.

The CLI flags and the docstrings' option text (:mod:`lctg_metrics.option_surfaces`), the Python API and the evaluate
module's keyword arguments (checked against :data:`OPTIONS` by a test) and the score signature
(:mod:`lctg_metrics.signature`) are all read from :data:`OPTIONS`. The options that change a verdict are collected in
``ScoringOptions``; named profiles set several of them at once (both in :mod:`lctg_metrics.profiles`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: Blank characters deleted before the format comparison (upstream scripts/eval_ctg.py `_delete_blank`).
UPSTREAM_BLANKS: tuple[str, ...] = (" ", "\u3000", "\n", "\t")
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


def check_ci_settings(ci: Any, values: Mapping[str, Any]) -> None:
    """``ci_resamples`` and ``seed`` set only the confidence intervals: without ``ci`` a value other than the default
    is refused in one line (as ``lctg score`` refuses ``--seed`` without ``--ci``), not silently unused."""
    if ci is not False:
        return
    for name, what in (("ci_resamples", "sets the resamples of"), ("seed", "seeds the resampling of")):
        if name in values and values[name] != BY_NAME[name].default:
            raise ValueError(
                f"{name}={values[name]!r} only {what} the confidence intervals; pass ci=True with it, or drop it"
            )


def options_for(surface: str, *groups: str) -> list[Option]:
    """The options accepted on one surface (cli, api, evaluate), optionally only some groups."""
    return [o for o in OPTIONS if surface in o.surfaces and (not groups or o.group in groups)]


__all__: Sequence[str] = [
    "BY_NAME",
    "INVALID_MARKER",
    "LLM_FIELDS",
    "OPTIONS",
    "Option",
    "UPSTREAM_BLANKS",
    "check_ci_settings",
    "options_for",
]
