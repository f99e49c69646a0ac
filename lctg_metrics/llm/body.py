"""Reading one response: the body decoded within a size bound, the completion parsed, Retry-After read, errors quoted.

``read_bounded`` inflates gzip/deflate in bounded steps, so no response holds more than ``max_response_bytes`` in
memory whatever it claims or compresses to; ``Transient`` failures are retried by the transport, ``Final`` ones not.
"""

from __future__ import annotations

import email.utils
import json
import logging
import math
import re
import time
import zlib
from collections.abc import Mapping
from typing import Any, NamedTuple

log = logging.getLogger("lctg.llm")

#: Characters of a response body quoted in an error message.
_BODY_SNIPPET = 200
#: Compressed bytes fed to the decoder at a time (it returns at most the bytes still allowed per step).
_FEED = 64 * 1024
#: A UTF-16 surrogate code point: a lone one can come from a "\udXXX" JSON escape and is not text.
_SURROGATE = re.compile("[\ud800-\udfff]")


class Completion(NamedTuple):
    """A parsed answer and its token counts."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str | None = None  # "length": the answer was cut at max_tokens


class Transient(Exception):
    """An attempt failed in a way worth retrying; ``retry_after``: seconds the server asked for."""

    def __init__(self, problem: str, retry_after: float | None = None) -> None:
        super().__init__(problem)
        self.problem, self.retry_after = problem, retry_after


class ResponseTooLarge(Exception):
    """A response body (as decoded) is larger than ``max_response_bytes``."""


async def read_bounded(headers: Mapping[str, str], raw: Any, limit: int) -> bytes:
    """The decoded body of a response from its raw byte chunks (``raw``: an async iterator), never holding more
    than ``limit`` decoded bytes: a declared Content-Length past it stops before reading, and a compressed body is
    inflated in steps that each return at most the bytes still allowed."""
    encoding = (headers.get("content-encoding") or "identity").strip().lower()
    if encoding in ("identity", ""):
        decoder = None
    elif encoding in ("gzip", "x-gzip"):
        decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
    elif encoding == "deflate":
        decoder = zlib.decompressobj()
    else:
        raise Final(
            f"response in content-encoding {encoding!r}, which the client does not decode (it asks for gzip or deflate)"
        )
    declared = headers.get("content-length")
    if decoder is None and declared and declared.strip().isdigit() and int(declared) > limit:
        raise ResponseTooLarge(
            f"response of {int(declared)} bytes (Content-Length) is larger than the limit of "
            f"{limit} bytes (LLMConfig.max_response_bytes)"
        )
    parts: list[bytes] = []
    total = 0

    def take(piece: bytes) -> None:
        nonlocal total
        total += len(piece)
        if total > limit:
            shown = "decoded " if decoder is not None else ""
            raise ResponseTooLarge(
                f"response larger than the limit of {limit} bytes {shown}"
                "(LLMConfig.max_response_bytes); no answer is that long: check the endpoint"
            )
        parts.append(piece)

    try:
        async for chunk in raw:
            if decoder is None:
                take(chunk)
                continue
            data = chunk
            while data:
                take(decoder.decompress(data[:_FEED], limit - total + 1))
                data = decoder.unconsumed_tail + data[_FEED:]
        if decoder is not None:
            while not decoder.eof and decoder.unconsumed_tail:
                take(decoder.decompress(decoder.unconsumed_tail, limit - total + 1))
            take(decoder.flush())
    except zlib.error as exc:
        raise Transient(f"response body is not valid {encoding} ({exc})") from None
    return b"".join(parts)


class Final(Exception):
    """An attempt failed in a way retrying cannot mend (a 4xx about this request)."""


def parse_completion(body: bytes) -> Completion | str:
    """The answer in an OpenAI chat-completion body, or a reason why the body is not one."""
    try:
        data = json.loads(body)
        content = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        return f"{type(exc).__name__} reading choices[0].message.content"
    if not isinstance(content, str):
        return f"choices[0].message.content is {type(content).__name__}, not a string"
    found = _SURROGATE.search(content)  # one C scan (a Python loop over the characters was 50 us per answer)
    if found is not None:
        surrogate = found.group()  # a "\udXXX" escape that is not half of a pair: not text, and no file could hold it
        return (
            f"choices[0].message.content holds a lone surrogate (U+{ord(surrogate):04X}, an unpaired \\u escape), "
            "which is not text"
        )
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    finish = data["choices"][0].get("finish_reason") if isinstance(data["choices"][0], dict) else None
    return Completion(
        content,
        _count(usage.get("prompt_tokens")),
        _count(usage.get("completion_tokens")),
        finish if isinstance(finish, str) else None,
    )


#: The largest token count one answer's ``usage`` may report; a larger (or negative, or non-integer) count is not a
#: count this call can have made and is taken as not reported (0), so that it never reaches the cache or the totals.
MAX_TOKEN_COUNT = 10**9


def _count(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_TOKEN_COUNT:
        return value
    if value is not None:
        log.warning(
            "LLM usage count %.40r is not a plausible token count (0..%d); taken as not reported",
            value,
            MAX_TOKEN_COUNT,
        )
    return 0


def retry_after(headers: Mapping[str, str]) -> float | None:
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


def snippet(body: bytes) -> str:
    """The start of a response body, on one line."""
    text = " ".join(body.decode("utf-8", errors="replace").split())
    return text[:_BODY_SNIPPET] + ("…" if len(text) > _BODY_SNIPPET else "")


def redact(text: str, secret: str | None) -> str:
    return text.replace(secret, "***") if secret else text
