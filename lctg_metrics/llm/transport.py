"""The HTTP side of a chat completion: the API key, and one keep-alive connection per worker (httpx, or for plain
``http://`` our own socket) that POSTs a body and returns the decoded answer.

The body is read as it arrives and decoded here (gzip/deflate inflated in bounded steps), so no response holds
more than ``max_response_bytes`` in memory whatever it claims or compresses to. The attempts of a call, their
deadlines and retries are :mod:`lctg_metrics.llm.caller`'s.

The API key is read from the environment when a run starts and only ever put in the ``Authorization``
header: it is never logged, cached, written, or included in an error message.
"""

from __future__ import annotations

import copy
import functools
import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from lctg_metrics import __version__
from lctg_metrics.llm.body import read_bounded
from lctg_metrics.llm.config import LLMConfig, chat_endpoint
from lctg_metrics.llm.wire import PlainConnection

#: Plain ``http://`` endpoints without a proxy go through :mod:`lctg_metrics.llm.wire` (False: httpx for every call).
PLAIN_HTTP = True
_INSTALL_HINT = "the LLM client needs httpx and tenacity: pip install 'lctg[llm]'"


def import_libraries() -> tuple[Any, Any]:
    """(httpx, tenacity), or an ImportError with the install hint."""
    try:
        import httpx
        import tenacity
    except ImportError as exc:
        raise ImportError(_INSTALL_HINT) from exc
    return httpx, tenacity


def read_key(config: LLMConfig) -> str | None:
    """The API key from the environment, at call time; ``None`` if unset (local servers need none)."""
    secret = (os.environ.get(config.api_key_env) or "").strip()
    if not secret:
        return None
    if not (secret.isascii() and secret.isprintable()) or " " in secret:
        # Never echo the value: say which variable is wrong and what would be right.
        raise ValueError(f"${config.api_key_env} is not a usable API key: it must be printable ASCII without spaces")
    return secret


class Connection:
    """One keep-alive connection (an httpx transport), owned by one worker of a run.

    Requests go straight to the transport (no cookies, redirects or auth hooks to run); one transport per
    worker because httpcore's shared pool scans every connection for every queued request, which makes a
    32-connection pool CPU-bound.
    """

    def __init__(self, config: LLMConfig, secret: str | None) -> None:
        httpx = self.httpx = import_libraries()[0]
        url = chat_endpoint(config.base_url)
        self.url = httpx.URL(url)  # parsed once, not per request
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Accept-Encoding": "gzip, deflate",
            "User-Agent": f"lctg/{__version__}",
        }
        if secret:
            headers["Authorization"] = f"Bearer {secret}"
        self.headers = httpx.Headers(headers)
        timeout = httpx.Timeout(config.timeout, connect=min(config.connect_timeout, config.timeout))
        self.extensions = {"timeout": timeout.as_dict()}
        self.limit = config.max_response_bytes
        proxy = _env_proxy(url)
        # plain http without a proxy (a local server): one write per call on our own socket (``wire``)
        self.plain = (
            PlainConnection(url, headers, min(config.connect_timeout, config.timeout), self.limit, httpx)
            if urlsplit(url).scheme == "http" and proxy is None and PLAIN_HTTP
            else None
        )
        self.proxy = proxy
        if self.plain is None:
            self.transport = self._transport()

    def _transport(self) -> Any:
        limits = self.httpx.Limits(max_connections=1, max_keepalive_connections=1)
        return self.httpx.AsyncHTTPTransport(verify=_ssl_context(self.httpx), limits=limits, proxy=self.proxy)

    def sibling(self) -> Connection:
        """Another connection to the same endpoint with the same settings (URL, headers, proxy not worked out again:
        for 64 connections that was 24 ms of a run's start)."""
        twin = copy.copy(self)
        if self.plain is not None:
            twin.plain = self.plain.sibling()
        else:
            twin.transport = self._transport()
        return twin

    async def post(self, body: bytes) -> tuple[int, Mapping[str, str], bytes]:
        """POST ``body``: (status, headers, decoded content). Raises httpx.TimeoutException / TransportError, and
        :class:`ResponseTooLarge` / :class:`Final` (an encoding it cannot decode)."""
        if self.plain is not None:
            return await self.plain.post(body)
        request = self.httpx.Request("POST", self.url, headers=self.headers, content=body, extensions=self.extensions)
        response = await self.transport.handle_async_request(request)
        try:
            content = await read_bounded(response.headers, response.aiter_raw(), self.limit)
        finally:
            await response.aclose()
        return response.status_code, response.headers, content

    async def aclose(self) -> None:
        if self.plain is not None:
            await self.plain.aclose()
        else:
            await self.transport.aclose()


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
