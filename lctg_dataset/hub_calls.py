"""One Hub call of an upload, as the publishing steps make it: the ``HfApi`` to call, the URL it returned, and any
failure turned into one :class:`PublishError` line saying what was and was not uploaded (the token scrubbed)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class PublishError(ValueError):
    """The folder is not a complete, unmodified build, no token is available, or the Hub refused or failed."""


def hub_api(api: Any) -> Any:
    """The ``HfApi`` given (a test's stand-in), else huggingface_hub's."""
    if api is None:
        from huggingface_hub import HfApi

        api = HfApi()
    return api


def repo_url(repo: Any, default: str) -> str:
    """The URL a Hub call returned (a repo object or a string), else ``default``."""
    return str(getattr(repo, "url", repo) or default)


@contextmanager
def hub_step(api: Any, token: str, doing: str, outcome: str) -> Iterator[None]:
    """Turn any failure of one Hub call into a one-line PublishError (the token scrubbed from it)."""
    try:
        yield
    except PublishError:
        raise
    except Exception as e:
        endpoint = getattr(api, "endpoint", None) or "the Hub"
        status = getattr(getattr(e, "response", None), "status_code", None)
        if isinstance(status, int):
            said = (getattr(e, "server_message", None) or "").strip().splitlines()
            what = f"the Hub ({endpoint}) answered HTTP {status}" + (f": {said[0][:200]}" if said else "")
            hint = " (check the token's write access and the repo id)" if status in (401, 403, 404) else ""
        elif type(e).__name__ == "OfflineModeIsEnabled":
            what, hint = "the Hub could not be reached: HF_HUB_OFFLINE is set", "; unset it and run again"
        else:
            what = f"the Hub could not be reached at {endpoint} ({type(e).__name__})"
            hint = "; check the network or HF_ENDPOINT and run again"
        message = f"{doing}: {what}; {outcome}{hint}"
        raise PublishError(message.replace(token, "***") if token else message) from None
