"""The errors of the LLM steps: each is one line naming the endpoint (model@host) or the cache file, what
went wrong and what would help. None of them ever holds the API key."""

from __future__ import annotations

from typing import Any


class LLMError(RuntimeError):
    """Base class: the LLM step of a run could not give every answer it was asked for."""


class LLMEndpointError(LLMError):
    """The endpoint refused the run (HTTP 401/403: the key; 404: the model or the URL path); no retries."""

    def __init__(self, message: str, *, status: int) -> None:
        super().__init__(message)
        self.status = status


class LLMRunError(LLMError):
    """Calls failed: ``failed`` of ``total`` items have no answer; ``reason`` is the first failure's.

    Raised when more calls failed than the caller allowed, or when the circuit breaker stopped the run.
    Every answer received before it was raised is in the cache: a re-run makes only the missing calls.
    """

    def __init__(self, message: str, *, failed: int, total: int, reason: str, stats: Any = None) -> None:
        super().__init__(message)
        self.failed = failed
        self.total = total
        self.reason = reason
        self.stats = stats


class CacheError(LLMError, ValueError):
    """The answer cache file is unusable (corrupt, locked, another format). A ValueError too: bad input."""


def check_failures(what: str, failed: int, total: int, reason: str, allow_failures: int, stats: Any = None) -> None:
    """Raise :class:`LLMRunError` when more than ``allow_failures`` of ``total`` items of step ``what`` failed."""
    if failed > allow_failures:
        raise LLMRunError(
            f"{what}: {failed} of {total} items got no answer (allowed: {allow_failures}); first failure:"
            f" {reason} — answers received are cached, a re-run makes only the missing calls",
            failed=failed,
            total=total,
            reason=reason,
            stats=stats,
        )


def check_allowance(what: str, allow_failures: object) -> None:
    """ValueError unless ``allow_failures`` is an int >= 0."""
    if not isinstance(allow_failures, int) or isinstance(allow_failures, bool) or allow_failures < 0:
        raise ValueError(f"{what}: allow_failures must be an int >= 0, got {allow_failures!r}")
