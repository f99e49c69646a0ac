"""OpenAI-compatible chat client for the LLM steps of scoring (header/footer cleaner, quality judge).

    requests ──► key (sha256) ──► cache hits ──► dedup ──► POST /chat/completions ──► cache ──► results
                                                          (bounded concurrency, retries with backoff)

The API key is read from the environment variable named by ``LLMConfig.api_key_env`` when a run
starts and is only ever put in the ``Authorization`` header: it is never logged, cached, written,
or included in an error message or a repr. Needs ``httpx`` (``pip install 'lctg[llm]'``) only when
a call is actually made; dry runs and fully cached runs work without it.
"""

from __future__ import annotations

import asyncio
import email.utils
import functools
import hashlib
import json
import logging
import math
import os
import random
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeVar
from urllib.parse import urlsplit, urlunsplit

from lctg_metrics import __version__
from lctg_metrics.llm.cache import AnswerCache, CachedAnswer, default_cache_path

log = logging.getLogger("lctg.llm")

#: 4xx statuses that are worth retrying (request timeout, rate limit); every 5xx is retried too.
RETRYABLE_4XX: frozenset[int] = frozenset({408, 429})
#: Request fields the client owns; a request's params may not override them.
RESERVED_PARAMS: frozenset[str] = frozenset({"model", "messages", "stream", "n"})
#: Error text of results a dry run did not send.
DRY_RUN_ERROR = "dry run: not sent"
#: Characters of a response body quoted in an error message.
_BODY_SNIPPET = 200
_INSTALL_HINT = "the LLM client needs httpx: pip install 'lctg[llm]'"

T = TypeVar("T")


@dataclass(frozen=True)
class LLMConfig:
    """Where and how to call the model. Holds the *name* of the key's environment variable, never the key.

    ``timeout`` bounds each phase (connect, write, read) of one attempt; ``max_retries`` extra
    attempts follow with full-jitter backoff of ``backoff_base * 2**attempt`` (or Retry-After),
    both capped at ``backoff_max`` seconds.
    """

    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"
    concurrency: int = 8
    max_retries: int = 6
    timeout: float = 60.0
    temperature: float = 0.0
    max_tokens: int | None = None
    cache_path: str | None = None  # None: $LCTG_CACHE_DIR/llm_cache.sqlite or ~/.cache/lctg/...
    backoff_base: float = 0.5
    backoff_max: float = 30.0

    def __post_init__(self) -> None:
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(
                "LLMConfig.base_url must be an http(s) URL such as https://api.openai.com/v1"
            )
        if parts.username is not None or parts.password is not None:
            # Do not echo the URL: it holds a credential.
            raise ValueError(
                "LLMConfig.base_url must not contain credentials; put the API key in the"
                f" environment variable named by api_key_env ({self.api_key_env})"
            )
        if not self.model:
            raise ValueError("LLMConfig.model must be a model name, got an empty string")
        for name, low in (("concurrency", 1), ("max_retries", 0)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ValueError(f"LLMConfig.{name} must be an int >= {low}, got {value!r}")
        if not self.timeout > 0:
            raise ValueError(f"LLMConfig.timeout must be > 0 seconds, got {self.timeout!r}")
        if not (self.backoff_base >= 0 and self.backoff_max >= 0):
            raise ValueError("LLMConfig.backoff_base and backoff_max must be >= 0 seconds")
        if self.max_tokens is not None and self.max_tokens < 1:
            raise ValueError(f"LLMConfig.max_tokens must be None or >= 1, got {self.max_tokens!r}")


class ChatRequest(NamedTuple):
    """One chat completion: OpenAI-style messages and extra body params (e.g. ``{"seed": 0}``).

    A plain ``(messages, params)`` tuple works the same.
    """

    messages: Sequence[Mapping[str, str]]
    params: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class ChatResult:
    """The answer to one request (``text``), or why there is none (``error``).

    Token counts are those of the response that produced ``text`` (also for cache hits).
    """

    text: str | None
    error: str | None
    cached: bool
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def ok(self) -> bool:
        return self.text is not None


@dataclass(frozen=True)
class RunStats:
    """What one run cost. ``requests == cache_hits + deduplicated + calls_needed``.

    ``calls_needed``: distinct requests not in the cache, i.e. the calls a run makes (``calls_made``)
    or, in a dry run, would make. ``retries`` counts extra HTTP attempts; tokens count this run's calls.
    """

    requests: int = 0
    calls_needed: int = 0
    calls_made: int = 0
    cache_hits: int = 0
    deduplicated: int = 0
    retries: int = 0
    errors: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    dry_run: bool = False

    def __add__(self, other: RunStats) -> RunStats:
        if not isinstance(other, RunStats):
            return NotImplemented
        values: dict[str, Any] = {
            f.name: getattr(self, f.name) + getattr(other, f.name)
            for f in fields(self)
            if f.name != "dry_run"
        }
        return RunStats(**values, dry_run=self.dry_run or other.dry_run)

    def summary(self) -> str:
        verb = "would make" if self.dry_run else "made"
        calls = self.calls_needed if self.dry_run else self.calls_made
        return (
            f"{self.requests} requests: {verb} {calls} calls, {self.cache_hits} cached,"
            f" {self.deduplicated} deduplicated, {self.retries} retries, {self.errors} errors,"
            f" {self.prompt_tokens}+{self.completion_tokens} tokens"
        )


class ResultList(list[T], Generic[T]):
    """A list of per-request results, in request order, that also carries the run's ``stats``."""

    def __init__(self, items: Iterable[T] = (), stats: RunStats | None = None) -> None:
        super().__init__(items)
        self.stats = stats if stats is not None else RunStats()


def describe(config: LLMConfig) -> str:
    """``model@host[:port]`` for the score signature: no credentials, path or query."""
    parts = urlsplit(config.base_url)
    host = parts.hostname or ""
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    return f"{config.model}@{host}" + (f":{parts.port}" if parts.port is not None else "")


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


def request_params(config: LLMConfig, params: Mapping[str, Any]) -> dict[str, Any]:
    """Body params sent with a request: the config's sampling settings, overridden by the request's."""
    reserved = sorted(RESERVED_PARAMS & set(params))
    if reserved:
        raise ValueError(f"request params may not set {reserved}; the client sets them")
    merged: dict[str, Any] = {"temperature": config.temperature}
    if config.max_tokens is not None:
        merged["max_tokens"] = config.max_tokens
    merged.update(params)
    return merged


def request_key(
    config: LLMConfig, messages: Sequence[Mapping[str, str]], params: Mapping[str, Any]
) -> str:
    """Cache and dedup key: sha256 of (normalized endpoint, model, effective params, messages)."""
    return _Keyer(config).key(messages, params)[0]


class _Keyer:
    """Request keys for one config; the endpoint and each distinct params' JSON are prepared once."""

    def __init__(self, config: LLMConfig) -> None:
        self.config = config
        self.endpoint = chat_endpoint(config.base_url)
        self._heads: dict[str, tuple[Any, dict[str, Any]]] = {}

    def key(
        self, messages: Sequence[Mapping[str, str]], params: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """(key, effective params) of one request."""
        memo = json.dumps(params, sort_keys=True, ensure_ascii=False) if params else ""
        head = self._heads.get(memo)
        if head is None:
            effective = request_params(self.config, params)
            blob = _canonical([self.endpoint, self.config.model, effective])
            head = self._heads[memo] = (hashlib.sha256(blob.encode("utf-8") + b"\n"), effective)
        digest = head[0].copy()
        digest.update(_frame_messages(messages).encode("utf-8"))
        return digest.hexdigest(), head[1]


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _frame_messages(messages: Sequence[Mapping[str, Any]]) -> str:
    """An injective, length-prefixed serialization of messages (2x faster than JSON on long texts).

    Each message: ``<n fields>|``, then per field in key order ``<len>:<key>`` and ``s<len>:<str>``
    (or ``j<len>:<JSON>`` for a value that is not a string).
    """
    parts: list[str] = []
    for message in messages:
        if len(message) == 2:  # fast path for {role, content}: the same text as the general path
            role, content = message.get("role"), message.get("content")
            if isinstance(role, str) and isinstance(content, str):
                parts.append(f"2|7:contents{len(content)}:{content}4:roles{len(role)}:{role}")
                continue
        parts.append(f"{len(message)}|")
        for name, value in sorted(message.items()):
            if isinstance(value, str):
                parts.append(f"{len(name)}:{name}s{len(value)}:{value}")
            else:
                blob = _canonical(value)
                parts.append(f"{len(name)}:{name}j{len(blob)}:{blob}")
    return "".join(parts)


def run_chat(
    config: LLMConfig,
    requests: Sequence[ChatRequest | tuple[Sequence[Mapping[str, str]], Mapping[str, Any]]],
    *,
    dry_run: bool = False,
    progress: bool | str = True,
) -> ResultList[ChatResult]:
    """Synchronous :func:`chat_many`; also works where an event loop is already running (Jupyter)."""
    box: dict[str, Any] = {}

    async def main() -> None:
        # Keep the results out of the task's return value: asyncio reprs a finished task's
        # result (all of it), which costs more than a fully cached run.
        box["value"] = await chat_many(config, requests, dry_run=dry_run, progress=progress)

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(main())
        return box["value"]

    def in_thread() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # re-raised in the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=in_thread, name="lctg-llm")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


async def chat_many(
    config: LLMConfig,
    requests: Sequence[ChatRequest | tuple[Sequence[Mapping[str, str]], Mapping[str, Any]]],
    *,
    dry_run: bool = False,
    progress: bool | str = True,
) -> ResultList[ChatResult]:
    """Answer every request, in order: from the cache, else by one call per distinct request.

    ``dry_run``: make no calls; results not in the cache carry ``DRY_RUN_ERROR`` and
    ``stats.calls_needed`` says how many calls a real run would make. ``progress``: show a tqdm
    bar (if tqdm is installed); a string is used as the bar's label.
    """
    keyer = _Keyer(config)
    keys: list[str] = []
    # key -> (messages, effective params); request bodies are built only for the calls made.
    payloads: dict[str, tuple[Sequence[Mapping[str, str]], dict[str, Any]]] = {}
    for index, request in enumerate(requests):
        messages, params = _unpack(request, index)
        try:
            key, effective = keyer.key(messages, params)
        except TypeError as exc:
            raise ValueError(f"request {index}: params must be JSON-serializable ({exc})") from None
        keys.append(key)
        if key not in payloads:
            payloads[key] = (messages, effective)

    cache_path = config.cache_path if config.cache_path is not None else str(default_cache_path())
    cache = AnswerCache(cache_path, read_only=dry_run)
    try:
        hits = cache.get_many(payloads)
        answers: dict[str, ChatResult] = {
            key: ChatResult(a.text, None, True, a.prompt_tokens, a.completion_tokens)
            for key, a in hits.items()
        }
        todo = [key for key in payloads if key not in answers]
        counters = _Counters()
        if dry_run:
            answers.update({key: ChatResult(None, DRY_RUN_ERROR, False) for key in todo})
        elif todo:
            await _call_all(config, todo, payloads, answers, cache, counters, progress)
    finally:
        cache.close()

    stats = RunStats(
        requests=len(keys),
        calls_needed=len(todo),
        calls_made=counters.calls,
        cache_hits=len(hits),
        deduplicated=len(keys) - len(payloads),
        retries=counters.retries,
        errors=counters.errors,
        prompt_tokens=counters.prompt_tokens,
        completion_tokens=counters.completion_tokens,
        dry_run=dry_run,
    )
    return ResultList((answers[key] for key in keys), stats)


# -- internals ------------------------------------------------------------------------------------


@dataclass
class _Counters:
    calls: int = 0
    retries: int = 0
    errors: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


def _unpack(request: Any, index: int) -> tuple[Sequence[Mapping[str, str]], Mapping[str, Any]]:
    try:
        messages, params = request
    except (TypeError, ValueError):
        raise ValueError(
            f"request {index}: expected (messages, params), got {type(request).__name__}"
        ) from None
    # Concrete types first: isinstance against an ABC alone is slow for thousands of requests.
    if (
        isinstance(messages, (str, bytes))
        or not isinstance(messages, (list, tuple, Sequence))
        or not messages
    ):
        raise ValueError(
            f"request {index}: messages must be a non-empty list of {{role, content}} dicts"
        )
    for m in messages:
        if (
            not isinstance(m, (dict, Mapping))
            or not isinstance(m.get("role"), str)
            or not isinstance(m.get("content"), str)
        ):
            raise ValueError(
                f"request {index}: every message needs a str 'role' and a str 'content', got {m!r}"
            )
    if not isinstance(params, (dict, Mapping)):
        raise ValueError(f"request {index}: params must be a mapping, got {type(params).__name__}")
    return messages, params


def _import_httpx() -> Any:
    try:
        import httpx
    except ImportError as exc:
        raise ImportError(_INSTALL_HINT) from exc
    return httpx


async def _call_all(
    config: LLMConfig,
    todo: list[str],
    payloads: Mapping[str, tuple[Sequence[Mapping[str, str]], dict[str, Any]]],
    answers: dict[str, ChatResult],
    cache: AnswerCache,
    counters: _Counters,
    progress: bool | str,
) -> None:
    secret = _read_key(config)
    slots = _Slots(config, secret, min(config.concurrency, len(todo)))
    bar = _progress_bar(len(todo), progress)

    async def one(key: str) -> None:
        messages, effective = payloads[key]
        payload = {"model": config.model, "messages": [dict(m) for m in messages], **effective}
        body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        result = await _call_one(slots, config, body, secret, counters)
        answers[key] = result
        if result.text is not None:
            # Single writer: the event loop's thread. Commits at once (autocommit).
            cache.put(
                key,
                CachedAnswer(result.text, result.prompt_tokens, result.completion_tokens),
                model=config.model,
            )
            counters.prompt_tokens += result.prompt_tokens
            counters.completion_tokens += result.completion_tokens
        else:
            counters.errors += 1
        bar.update(1)

    try:
        await asyncio.gather(*(one(key) for key in todo))
    finally:
        bar.close()
        await slots.aclose()


class _Slots:
    """Bounded concurrency: a semaphore over ``n`` transports, each one keep-alive connection.

    Requests go straight to httpx transports (no cookies, redirects or auth hooks to run), and
    each slot owns its transport because httpcore's shared pool scans every connection for every
    queued request, which makes a 32-connection pool CPU-bound.
    """

    def __init__(self, config: LLMConfig, secret: str | None, n: int) -> None:
        httpx = self.httpx = _import_httpx()
        url = chat_endpoint(config.base_url)
        self.url = httpx.URL(url)  # parsed once, not per request
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "User-Agent": f"lctg/{__version__}",
        }
        if secret:
            headers["Authorization"] = f"Bearer {secret}"
        self.headers = httpx.Headers(headers)
        self.extensions = {"timeout": httpx.Timeout(config.timeout).as_dict()}
        tls = _ssl_context(httpx)  # shared: building one costs ~70 ms
        proxy = _env_proxy(url)
        limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
        self._free = [
            httpx.AsyncHTTPTransport(verify=tls, limits=limits, proxy=proxy) for _ in range(n)
        ]
        self._all = list(self._free)
        self._semaphore = asyncio.Semaphore(n)

    async def post(self, body: bytes) -> tuple[int, Mapping[str, str], bytes]:
        """POST ``body``; (status, headers, content). Raises httpx.TimeoutException/TransportError."""
        async with self._semaphore:
            transport = (
                self._free.pop()
            )  # never empty: the semaphore admits len(transports) holders
            try:
                request = self.httpx.Request(
                    "POST", self.url, headers=self.headers, content=body, extensions=self.extensions
                )
                response = await transport.handle_async_request(request)
                try:
                    content = await response.aread()
                finally:
                    await response.aclose()
                return response.status_code, response.headers, content
            finally:
                self._free.append(transport)

    async def aclose(self) -> None:
        for transport in self._all:
            await transport.aclose()


def _env_proxy(url: str) -> str | None:
    """The proxy the environment asks for (HTTP(S)_PROXY, honouring NO_PROXY), as httpx clients do."""
    import urllib.request

    parts = urlsplit(url)
    proxy = urllib.request.getproxies().get(parts.scheme)
    if not proxy or urllib.request.proxy_bypass(parts.netloc):
        return None
    return proxy


@functools.lru_cache(maxsize=1)
def _ssl_context(httpx: Any) -> Any:
    """httpx's default TLS context (certifi, or $SSL_CERT_FILE / $SSL_CERT_DIR), built once per process."""
    create = getattr(httpx, "create_ssl_context", None)
    if create is not None:  # httpx >= 0.28
        return create()
    import ssl

    import certifi

    return ssl.create_default_context(cafile=certifi.where())


async def _call_one(
    slots: _Slots, config: LLMConfig, body: bytes, secret: str | None, counters: _Counters
) -> ChatResult:
    """One distinct request: at most ``max_retries + 1`` attempts, then an error result."""
    httpx = slots.httpx
    counters.calls += 1
    problem = ""
    for attempt in range(config.max_retries + 1):
        retry_after: float | None = None
        try:
            status, headers, content = await slots.post(body)
        except httpx.TimeoutException as exc:
            problem = f"timeout after {config.timeout}s ({type(exc).__name__})"
        except httpx.TransportError as exc:
            problem = f"connection error ({type(exc).__name__}: {exc})"
        else:
            if 200 <= status < 300:
                parsed = _parse_completion(content)
                if isinstance(parsed, ChatResult):
                    return parsed
                problem = f"malformed response: {parsed}"
            else:
                problem = f"HTTP {status}: {_snippet(content)}"
                if status not in RETRYABLE_4XX and status < 500:
                    if status in (401, 403):
                        problem += f" (is ${config.api_key_env} set to a valid key?)"
                    return _failure(config, problem, secret)
                retry_after = _retry_after(headers)
        if attempt == config.max_retries:
            break
        counters.retries += 1
        delay = _backoff(config, attempt, retry_after)
        log.debug(
            "%s: retry %d in %.2fs after %s",
            describe(config),
            attempt + 1,
            delay,
            _redact(problem, secret),
        )
        await asyncio.sleep(delay)
    attempts = config.max_retries + 1
    return _failure(
        config, f"gave up after {attempts} attempt{'s' * (attempts > 1)}: {problem}", secret
    )


def _read_key(config: LLMConfig) -> str | None:
    """The API key from the environment, at call time; ``None`` if unset (local servers need none)."""
    secret = (os.environ.get(config.api_key_env) or "").strip()
    if not secret:
        return None
    if not (secret.isascii() and secret.isprintable()) or " " in secret:
        # Never echo the value: say which variable is wrong and what would be right.
        raise ValueError(
            f"${config.api_key_env} is not a usable API key: it must be printable ASCII without spaces"
        )
    return secret


def _failure(config: LLMConfig, problem: str, secret: str | None) -> ChatResult:
    error = _redact(problem, secret)
    log.warning("%s: %s", describe(config), error)
    return ChatResult(None, error, False)


def _parse_completion(body: bytes) -> ChatResult | str:
    """The answer in an OpenAI chat-completion body, or a reason why the body is not one."""
    try:
        data = json.loads(body)
        content = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        return f"{type(exc).__name__} reading choices[0].message.content"
    if not isinstance(content, str):
        return f"choices[0].message.content is {type(content).__name__}, not a string"
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    return ChatResult(
        content, None, False, _int(usage.get("prompt_tokens")), _int(usage.get("completion_tokens"))
    )


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds the server asked us to wait (``retry-after-ms``, ``Retry-After`` seconds or HTTP date)."""
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        seconds = when.timestamp() - time.time()
    return max(0.0, seconds) if math.isfinite(seconds) else None


def _backoff(config: LLMConfig, attempt: int, retry_after: float | None) -> float:
    """Retry-After if the server sent one, else exponential backoff with full jitter; both capped."""
    if retry_after is not None:
        return min(retry_after, config.backoff_max)
    return random.uniform(0, min(config.backoff_max, config.backoff_base * 2**attempt))


def _snippet(body: bytes) -> str:
    text = body.decode("utf-8", errors="replace").strip()
    return text[:_BODY_SNIPPET] + ("…" if len(text) > _BODY_SNIPPET else "")


def _redact(text: str, secret: str | None) -> str:
    return text.replace(secret, "***") if secret else text


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, progress: bool | str) -> Any:
    if not progress or total == 0:
        return _NoBar()
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoBar()
    label = progress if isinstance(progress, str) else "LLM calls"
    return tqdm(total=total, desc=label, unit="call", leave=False)
