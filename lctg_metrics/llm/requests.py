"""Chat requests: their checked shape, and the key that identifies one for the cache and for deduplication.

key = sha256(normalized endpoint, model, parameters actually sent, messages)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from lctg_metrics.llm.config import LLMConfig, chat_endpoint, request_params

Messages = Sequence[Mapping[str, str]]


class ChatRequest(NamedTuple):
    """One chat completion: OpenAI-style messages and extra body params (e.g. ``{"seed": 0}``).

    A plain ``(messages, params)`` tuple works the same.
    """

    messages: Messages
    params: Mapping[str, Any] = MappingProxyType({})


def request_key(config: LLMConfig, messages: Messages, params: Mapping[str, Any]) -> str:
    """Cache and dedup key: sha256 of (normalized endpoint, model, params sent, messages)."""
    return Keyer(config).key(messages, params)[0]


class Keyer:
    """Request keys for one config; the endpoint and each distinct params' JSON are prepared once."""

    def __init__(self, config: LLMConfig) -> None:
        self.config = config
        self.endpoint = chat_endpoint(config.base_url)
        self._heads: dict[str, tuple[Any, dict[str, Any]]] = {}

    def key(self, messages: Messages, params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
        """(key, params sent) of one request."""
        memo = json.dumps(params, sort_keys=True, ensure_ascii=False) if params else ""
        head = self._heads.get(memo)
        if head is None:
            sent = request_params(self.config, params)
            blob = canonical([self.endpoint, self.config.model, sent])
            head = self._heads[memo] = (hashlib.sha256(blob.encode("utf-8") + b"\n"), sent)
        digest = head[0].copy()
        digest.update(frame_messages(messages).encode("utf-8"))
        return digest.hexdigest(), head[1]


def canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def frame_messages(messages: Sequence[Mapping[str, Any]]) -> str:
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
                blob = canonical(value)
                parts.append(f"{len(name)}:{name}j{len(blob)}:{blob}")
    return "".join(parts)


def unpack(request: Any, index: int) -> tuple[Messages, Mapping[str, Any]]:
    """(messages, params) of request ``index``, or a ValueError naming the index and what is wrong."""
    try:
        messages, params = request
    except (TypeError, ValueError):
        raise ValueError(f"request {index}: expected (messages, params), got {type(request).__name__}") from None
    # Concrete types first: isinstance against an ABC alone is slow for thousands of requests.
    if isinstance(messages, (str, bytes)) or not isinstance(messages, (list, tuple, Sequence)) or not messages:
        raise ValueError(f"request {index}: messages must be a non-empty list of {{role, content}} dicts")
    for m in messages:
        if (
            not isinstance(m, (dict, Mapping))
            or not isinstance(m.get("role"), str)
            or not isinstance(m.get("content"), str)
        ):
            raise ValueError(f"request {index}: every message needs a str 'role' and a str 'content', got {m!r}")
    if not isinstance(params, (dict, Mapping)):
        raise ValueError(f"request {index}: params must be a mapping, got {type(params).__name__}")
    return messages, params
