"""What a run gives back: one ``ChatResult`` per request, in a ``ResultList`` carrying the run's ``RunStats``
and the indices of the requests whose calls failed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar

#: Error text of results a dry run did not send.
DRY_RUN_ERROR = "dry run: not sent"

T = TypeVar("T")


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
    truncated: bool = False  # the endpoint cut the answer (finish_reason "length")

    @property
    def ok(self) -> bool:
        return self.text is not None


@dataclass(frozen=True)
class RunStats:
    """What one run cost. ``requests == cache_hits + deduplicated + calls_needed``.

    ``calls_needed``: distinct requests not in the cache, i.e. the calls a run makes (``calls_made``) or,
    in a dry run, would make; ``answered_elsewhere`` of them were answered meanwhile by another run sharing
    the cache. ``retries`` counts extra HTTP attempts; tokens count this run's calls; ``corrupt_rows``:
    cache rows that failed their checksum (ignored and fetched again).
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
    corrupt_rows: int = 0
    answered_elsewhere: int = 0
    blank: int = 0  # requests whose answer is empty or blank
    truncated: int = 0  # requests whose answer the endpoint cut (finish_reason "length")

    def __add__(self, other: RunStats) -> RunStats:
        if not isinstance(other, RunStats):
            return NotImplemented
        values: dict[str, Any] = {
            f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self) if f.name != "dry_run"
        }
        return RunStats(**values, dry_run=self.dry_run or other.dry_run)

    def summary(self) -> str:
        verb = "would make" if self.dry_run else "made"
        calls = self.calls_needed if self.dry_run else self.calls_made
        extra = f", {self.corrupt_rows} corrupt cache rows re-fetched" if self.corrupt_rows else ""
        extra += f", {self.answered_elsewhere} answered by another run" if self.answered_elsewhere else ""
        extra += f", {self.blank} blank answers" if self.blank else ""
        extra += f", {self.truncated} answers cut at max_tokens" if self.truncated else ""
        return (
            f"{self.requests} requests: {verb} {calls} calls, {self.cache_hits} cached,"
            f" {self.deduplicated} deduplicated, {self.retries} retries, {self.errors} errors,"
            f" {self.prompt_tokens}+{self.completion_tokens} tokens{extra}"
        )


#: Share of a step's answers, blank or cut at max_tokens, from which a run says its answers are degraded (the
#: scores then measure the endpoint as much as the model).
DEGRADED_SHARE = 0.1


def degraded(step: str, usage: Any) -> str | None:
    """A one-line warning when at least :data:`DEGRADED_SHARE` of a step's answers (``usage``: a
    :class:`RunStats` or its dict) are blank or truncated, else None."""
    get = usage.get if isinstance(usage, dict) else lambda k, d=0: getattr(usage, k, d)
    answered, blank, cut = get("requests", 0) - get("errors", 0), get("blank", 0), get("truncated", 0)
    if get("dry_run", False) or answered <= 0 or blank + cut < DEGRADED_SHARE * answered:
        return None
    parts = [
        f"{n} of {answered} answers {what}"
        for n, what in ((blank, "are blank"), (cut, 'were cut at max_tokens (finish_reason "length")'))
        if n
    ]
    return (
        f"warning: LLM {step}: {'; '.join(parts)} — the scores of these generations reflect the endpoint, not the "
        "model; check the endpoint and --llm-max-tokens (llm_usage in the JSON has the counts)"
    )


class ResultList(list[T], Generic[T]):
    """A list of per-request results, in request order, with the run's ``stats`` and the indices of the
    items whose calls ``failed`` (not dry-run ones)."""

    def __init__(self, items: Iterable[T] = (), stats: RunStats | None = None, failed: Sequence[int] = ()) -> None:
        super().__init__(items)
        self.stats = stats if stats is not None else RunStats()
        self.failed = tuple(failed)
