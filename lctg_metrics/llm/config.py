"""Where and how to call the model: ``LLMConfig`` (endpoint, request parameters, limits of a run), its one
constructor (:func:`llm_config`, or :func:`config_from_options` from the declared ``llm_*`` option names), and the
strings that describe it in the score signature without credentials.

The settings a user gives (endpoint, key variable, concurrency, cache, timeout, retries, request parameters) are
declared once as the ``llm`` options in :mod:`lctg_metrics.options`: their defaults here are read from there."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from lctg_metrics.options import LLM_FIELDS
from lctg_metrics.schema import ScoringError

#: Optional request parameters, as (config field, name in the signature). ``None`` = not sent: upstream's
#: scripts send only ``model`` and the messages, so by default the API's own defaults apply.
SENT_PARAMS: tuple[tuple[str, str], ...] = (
    ("temperature", "temp"),
    ("max_tokens", "max_tokens"),
    ("seed", "seed"),
    ("top_p", "top_p"),
)
#: Request fields the client owns; a request's params may not override them.
RESERVED_PARAMS: frozenset[str] = frozenset({"model", "messages", "stream", "n"})


def _declared(field: str) -> Any:
    """The default of a user setting, as its option declares it."""
    return LLM_FIELDS[field].default


@dataclass(frozen=True)
class LLMConfig:
    """Where and how to call the model. Holds the *name* of the key's environment variable, never the key.

    ``timeout`` is the overall deadline of one attempt (connect, send, and the whole answer: a server
    dripping its body cannot hold a call longer); ``connect_timeout`` bounds the connect alone.
    ``max_retries`` extra attempts follow with full-jitter backoff of ``backoff_base * 2**attempt`` capped at
    ``backoff_max`` seconds, or the server's ``Retry-After`` when it asks (waited up to ``retry_after_max``
    seconds; a longer ask fails the call, saying so). ``max_response_bytes`` bounds one response body as
    decoded (a compressed body is counted as it inflates, never inflated past it). A warning is logged when
    one call has waited ``slow_warning`` seconds. ``max_consecutive_failures`` failed calls in a row stop the
    run (the circuit breaker). ``temperature``, ``max_tokens``, ``seed``, ``top_p``: sent only when not None.
    """

    base_url: str
    model: str
    api_key_env: str = _declared("api_key_env")
    concurrency: int = _declared("concurrency")
    max_retries: int = _declared("max_retries")
    timeout: float = _declared("timeout")
    temperature: float | None = _declared("temperature")
    max_tokens: int | None = _declared("max_tokens")
    cache_path: str | None = _declared("cache_path")  # None: $LCTG_CACHE_DIR/llm_cache.sqlite or ~/.cache/lctg/...
    backoff_base: float = 0.5
    backoff_max: float = 30.0
    seed: int | None = _declared("seed")
    top_p: float | None = _declared("top_p")
    connect_timeout: float = 10.0
    max_consecutive_failures: int = 20
    max_response_bytes: int = 8 * 1024 * 1024
    retry_after_max: float = 120.0
    slow_warning: float = 30.0

    def __post_init__(self) -> None:
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("LLMConfig.base_url must be an http(s) URL such as https://api.openai.com/v1")
        if parts.username is not None or parts.password is not None:
            # Do not echo the URL: it holds a credential.
            raise ValueError(
                "LLMConfig.base_url must not contain credentials; put the API key in the"
                f" environment variable named by api_key_env ({self.api_key_env})"
            )
        if not self.model:
            raise ValueError("LLMConfig.model must be a model name, got an empty string")
        for name, low in (("concurrency", 1), ("max_retries", 0), ("max_consecutive_failures", 1)):
            value = getattr(self, name)
            if not _is_int(value) or value < low:
                raise ValueError(f"LLMConfig.{name} must be an int >= {low}, got {value!r}")
        if not _is_int(self.max_response_bytes) or self.max_response_bytes < 1024:
            raise ValueError(f"LLMConfig.max_response_bytes must be an int >= 1024, got {self.max_response_bytes!r}")
        if not _is_number(self.retry_after_max) or not self.retry_after_max >= 0:
            raise ValueError(f"LLMConfig.retry_after_max must be >= 0 seconds, got {self.retry_after_max!r}")
        for name in ("timeout", "connect_timeout", "slow_warning"):
            if not _is_number(getattr(self, name)) or not getattr(self, name) > 0:
                raise ValueError(f"LLMConfig.{name} must be > 0 seconds, got {getattr(self, name)!r}")
        if not (self.backoff_base >= 0 and self.backoff_max >= 0):
            raise ValueError("LLMConfig.backoff_base and backoff_max must be >= 0 seconds")
        if self.max_tokens is not None and (not _is_int(self.max_tokens) or self.max_tokens < 1):
            raise ValueError(f"LLMConfig.max_tokens must be None or an int >= 1, got {self.max_tokens!r}")
        if self.seed is not None and not _is_int(self.seed):
            raise ValueError(f"LLMConfig.seed must be None or an int, got {self.seed!r}")
        if self.temperature is not None and not (_is_number(self.temperature) and 0 <= self.temperature <= 2):
            raise ValueError(f"LLMConfig.temperature must be None or in [0, 2], got {self.temperature!r}")
        if self.top_p is not None and not (_is_number(self.top_p) and 0 < self.top_p <= 1):
            raise ValueError(f"LLMConfig.top_p must be None or in (0, 1], got {self.top_p!r}")


def llm_config(base_url: str | None, model: str | None, **settings: Any) -> LLMConfig:
    """The one way an ``LLMConfig`` is made from user settings (the CLI, the API, the evaluate modules, the IFSM
    reader): ``settings`` are the declared ``llm`` options by field (``api_key_env``, ``concurrency``, ``cache_path``,
    ``timeout``, ``max_retries``, ``temperature``, ``max_tokens``, ``seed``, ``top_p``); what is not given is its
    declared default. The key is read from ``api_key_env`` at call time, never stored."""
    if not base_url or not model:
        raise ScoringError(
            "the LLM cleaner/judge/reader needs a base URL and a model (any OpenAI-compatible endpoint, "
            "e.g. --llm-base-url http://127.0.0.1:8000/v1 --llm-model Qwen2.5-7B-Instruct)"
        )
    unknown = sorted(set(settings) - set(LLM_FIELDS))
    if unknown:
        raise ValueError(f"llm_config: unknown setting(s) {unknown}; valid: {', '.join(LLM_FIELDS)}")
    return LLMConfig(base_url=base_url, model=model, **settings)


def config_from_options(values: Mapping[str, Any]) -> LLMConfig:
    """:func:`llm_config` from the declared ``llm_*`` option names (parsed CLI flags, an evaluate module's keyword
    arguments); other names in ``values`` are not read, and every declared one must be there."""
    given = {field: values[o.name] for field, o in LLM_FIELDS.items()}
    return llm_config(given.pop("base_url"), given.pop("model"), **given)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def config_params(config: LLMConfig) -> dict[str, Any]:
    """The request parameters the config sends (those not None), by API name."""
    values = {name: getattr(config, name) for name, _ in SENT_PARAMS}
    return {name: value for name, value in values.items() if value is not None}


def request_params(config: LLMConfig, params: Mapping[str, Any]) -> dict[str, Any]:
    """Body params sent with a request: the config's, overridden by the request's own."""
    reserved = sorted(RESERVED_PARAMS & set(params))
    if reserved:
        raise ValueError(f"request params may not set {reserved}; the client sets them")
    return {**config_params(config), **params}


def describe(config: LLMConfig) -> str:
    """``model@host[:port]`` for the score signature: no credentials, path or query."""
    parts = urlsplit(config.base_url)
    host = parts.hostname or ""
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    return f"{config.model}@{host}" + (f":{parts.port}" if parts.port is not None else "")


def describe_params(config: LLMConfig) -> str:
    """The request parameters sent, for the signature: ``params:none`` or ``params:temp=0,max_tokens=512``."""
    sent = config_params(config)
    if not sent:
        return "params:none"
    shown = {name: short for name, short in SENT_PARAMS}
    values = [
        f"{shown[name]}={value:g}" if isinstance(value, float) else f"{shown[name]}={value}"
        for name, value in sent.items()
    ]
    return "params:" + ",".join(values)


def chat_endpoint(base_url: str) -> str:
    """The normalized ``.../chat/completions`` URL: lower-case scheme and host, no default port."""
    parts = urlsplit(base_url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    if port is not None and (scheme, port) not in (("http", 80), ("https", 443)):
        host = f"{host}:{port}"
    path = parts.path.rstrip("/")
    if not path.endswith("/chat/completions"):
        path += "/chat/completions"
    return urlunsplit((scheme, host, path, parts.query, ""))
