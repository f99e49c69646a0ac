"""One call's attempts: the deadline of each, the retry policy (tenacity) and what each status means.

    body ──► POST (deadline: connect + whole answer) ──► 2xx: parse ──► Completion
                 429/408/5xx, timeout, connection error, malformed body ──► retry (Retry-After or jitter)
                 401/403/404, a redirect (named with its Location) ──► LLMEndpointError at once
                 other 4xx, a body past max_response_bytes, Retry-After past retry_after_max ──► failed, no retry

A call still waiting after ``slow_warning`` seconds logs one warning line. The connection the attempts go through is
:mod:`lctg_metrics.llm.transport`'s; errors and log lines never hold the API key (``redact``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from lctg_metrics.llm.body import (
    Completion,
    Final,
    ResponseTooLarge,
    Transient,
    parse_completion,
    redact,
    retry_after,
    snippet,
)
from lctg_metrics.llm.config import LLMConfig, describe
from lctg_metrics.llm.errors import LLMEndpointError, LLMError
from lctg_metrics.llm.transport import Connection, import_libraries

log = logging.getLogger("lctg.llm")

#: 4xx statuses that are worth retrying (request timeout, rate limit); every 5xx is retried too.
RETRYABLE_4XX: frozenset[int] = frozenset({408, 429})
#: Statuses that stop the whole run at once: the key is wrong (401/403) or the model or path is (404).
FATAL_STATUSES: dict[int, str] = {
    401: "check that ${env} holds a valid key",
    403: "check that ${env} holds a key allowed to use this model",
    404: "check the model name (--llm-model) and the base URL (--llm-base-url, usually ending in /v1)",
}
#: Redirect statuses: the client follows none (a POST must not silently move), it names where they point.
REDIRECTS: frozenset[int] = frozenset({301, 302, 303, 307, 308})


class Caller:
    """Makes one call (all its attempts) on a connection; the retry policy is built once per run.

    ``complete`` returns a :class:`Completion`, or a one-line reason why there is none; it raises
    :class:`LLMEndpointError` on 401/403/404. ``on_retry()`` is called before each extra attempt.
    """

    def __init__(self, config: LLMConfig, secret: str | None, on_retry: Callable[[], None]) -> None:
        self.httpx, tenacity = import_libraries()
        self.config, self.secret, self.on_retry = config, secret, on_retry
        self.attempts = config.max_retries + 1
        jitter = tenacity.wait_random_exponential(multiplier=config.backoff_base, max=config.backoff_max)

        def wait(state: Any) -> float:  # the server's Retry-After if it sent one (at most retry_after_max); else jitter
            after = getattr(state.outcome.exception(), "retry_after", None)
            return after if after is not None else float(jitter(state))

        self._retrying = tenacity.AsyncRetrying(
            stop=tenacity.stop_after_attempt(self.attempts),
            wait=wait,
            reraise=True,
            retry=tenacity.retry_if_exception_type(Transient),
            before_sleep=self._before_sleep,
        )

    def _before_sleep(self, state: Any) -> None:
        self.on_retry()
        problem = redact(state.outcome.exception().problem, self.secret)
        if getattr(state.outcome.exception(), "retry_after", None) is not None and state.next_action.sleep >= 1:
            log.warning(
                "%s: %s; waiting %.0f s before retry %d, as the server asks (Retry-After; at most "
                "retry_after_max=%g s)",
                describe(self.config),
                problem,
                state.next_action.sleep,
                state.attempt_number,
                self.config.retry_after_max,
            )
        else:
            log.debug(
                "%s: retry %d in %.2fs after %s",
                describe(self.config),
                state.attempt_number,
                state.next_action.sleep,
                problem,
            )

    async def complete(self, connection: Connection, body: bytes) -> Completion | str:
        loop = asyncio.get_running_loop()
        started = loop.time()
        warn = loop.call_later(self.config.slow_warning, self._slow, started)
        try:
            try:  # the first attempt outside tenacity (most calls need no retry; its machinery was ~60 us a call)
                return await self._attempt(connection, body)
            except Transient as exc:
                first: Transient | None = exc
            async for attempt in self._retrying.copy():
                with attempt:
                    if first is not None:  # replayed as tenacity's attempt 1: same waits, counts and messages
                        failed, first = first, None
                        raise failed
                    return await self._attempt(connection, body)
        except Transient as exc:
            n = self.attempts
            return self._failure(f"gave up after {n} attempt{'s' * (n > 1)}: {exc.problem}")
        except Final as exc:
            return self._failure(str(exc))
        finally:
            warn.cancel()
        raise AssertionError("unreachable: tenacity either returns or re-raises")

    def _slow(self, started: float) -> None:
        c = self.config
        waited = asyncio.get_running_loop().time() - started
        log.warning(
            "%s: still no answer after %.0f s (each attempt may take up to %g s, %d attempts; "
            "--llm-timeout / --llm-max-retries bound it)",
            describe(c),
            waited,
            c.timeout,
            self.attempts,
        )

    async def _attempt(self, connection: Connection, body: bytes) -> Completion:
        httpx, config = self.httpx, self.config
        try:  # the deadline covers the whole attempt, however slowly the bytes arrive
            status, headers, content = await _within(config.timeout, connection.post(body))
        except (TimeoutError, asyncio.TimeoutError, httpx.TimeoutException) as exc:
            raise Transient(f"timeout after {config.timeout}s ({type(exc).__name__})") from None
        except (httpx.TransportError, OSError) as exc:
            if _out_of_descriptors(exc):  # a local limit, not the endpoint: retrying cannot help
                import resource

                soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
                raise LLMError(
                    f"{describe(config)}: this process ran out of file descriptors ({exc.__class__.__name__}: "
                    f"too many open files; the limit is {soft}) — lower --llm-concurrency (now "
                    f"{config.concurrency}) or raise the limit (ulimit -n)"
                ) from None
            if not isinstance(exc, httpx.TransportError):
                raise
            raise Transient(f"connection error ({type(exc).__name__}: {exc})") from None
        except ResponseTooLarge as exc:
            raise Final(str(exc)) from None
        if 200 <= status < 300:
            parsed = parse_completion(content)
            if isinstance(parsed, str):
                kind = headers.get("content-type", "none")
                shown = "" if "json" in kind else f" (content-type {kind})"
                raise Transient(f"malformed response from {describe(config)}{shown}: {parsed}")
            return parsed
        problem = f"HTTP {status}: {snippet(content)}" if content.strip() else f"HTTP {status} (empty body)"
        if status in REDIRECTS:
            where = headers.get("location")
            shown = repr(where) if where else "(no Location header)"
            message = redact(
                f"{describe(config)} answered HTTP {status}, a redirect to {shown}; the client does "
                "not follow redirects: set --llm-base-url to the address the endpoint really serves "
                "(often https://, or with/without a trailing /v1)",
                self.secret,
            )
            log.error("%s", message)
            raise LLMEndpointError(message, status=status)
        if status in FATAL_STATUSES:
            hint = FATAL_STATUSES[status].replace("${env}", f"${config.api_key_env}")
            message = redact(f"{describe(config)} refused the request: {problem} ({hint})", self.secret)
            log.error("%s", message)
            raise LLMEndpointError(message, status=status)
        if status in RETRYABLE_4XX or status >= 500:
            after = retry_after(headers)
            if after is not None and after > config.retry_after_max:
                raise Final(
                    f"{problem}; the server asks to wait {after:.0f} s (Retry-After), more than "
                    f"LLMConfig.retry_after_max={config.retry_after_max:g} s: try again later"
                )
            raise Transient(problem, after)
        raise Final(problem)

    def _failure(self, problem: str) -> str:
        error = redact(problem, self.secret)
        log.warning("%s: %s", describe(self.config), error)
        return error


def _out_of_descriptors(exc: BaseException | None) -> bool:
    """Whether an error (or one it was raised from) is EMFILE/ENFILE: no file descriptor left for a socket."""
    import errno

    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE):
            return True
        if "Too many open files" in str(exc):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


async def _within(seconds: float, awaitable: Any) -> Any:
    """``await awaitable`` or TimeoutError after ``seconds`` (asyncio.timeout where it exists: no extra task)."""
    if hasattr(asyncio, "timeout"):  # Python >= 3.11
        async with asyncio.timeout(seconds):
            return await awaitable
    return await asyncio.wait_for(awaitable, seconds)
