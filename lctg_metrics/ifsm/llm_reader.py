"""LLM reader: an OpenAI-compatible model answers the multiple-choice question; letters parsed, never guessed."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.ifsm.items import MCItem
from lctg_metrics.ifsm.readers import ReaderInfo

PROMPT_VERSION = "mc-v1"
LETTERS = "ABCD"
PROMPT = (
    "Read the story and the question, then choose the ending that best answers the question.\n\n"
    "Story: {context}\n\nQuestion: {question}\n\nEndings:\n{endings}\n\n"
    "Answer with the letter of one ending only ({letters})."
)
FALLBACK = "Reply with exactly one capital letter: {letters}. No other words."

_BARE = re.compile(r"\(?([A-D])\)?[.):]?", re.IGNORECASE)  # a lone letter may be lower case
_LEADING = re.compile(r"\(?([A-D])\)?[.):]\s")
_STATED = re.compile(r"\b(?:answer|ending|option|choice)\s*(?:is|:)?\s*:?\s*\(?([A-D])\)?(?![A-Za-z])", re.IGNORECASE)


def reader_config(base_url: str | None, model: str | None, **settings: Any) -> Any:
    """The ``LLMConfig`` of the llm reader (``settings``: the client's fields, e.g. ``api_key_env``, ``cache_path``)."""
    from lctg_metrics.llm.config import LLMConfig

    if not (base_url and model):
        raise ValueError("reader 'llm' needs a base URL and a model (--llm-base-url and --llm-model; "
                         "offline: reader 'embedding')")
    return LLMConfig(base_url=base_url, model=model, **settings)


def build_prompt(item: MCItem) -> str:
    """The reader's question for one item, endings lettered A–D."""
    letters = LETTERS[:len(item.options)]
    endings = "\n".join(f"{letter}. {option}" for letter, option in zip(letters, item.options))
    return PROMPT.format(context=item.context, question=item.question, endings=endings,
                         letters=", ".join(letters))


def parse_choice(text: str | None, n_options: int = 4) -> int | None:
    """The chosen slot: a lone letter, a leading ``B.``/``(B)``, or ``answer is B`` (all such agreeing); else None."""
    if not text:
        return None
    cleaned = text.strip().strip("*`\"' \n").strip()
    found = _BARE.fullmatch(cleaned) or _LEADING.match(cleaned)
    if found:
        letters = {found.group(1).upper()}
    else:
        letters = {m.group(1).upper() for m in _STATED.finditer(cleaned)}
    if len(letters) != 1:
        return None
    index = LETTERS.index(letters.pop())
    return index if index < n_options else None


def chat(config: Any, conversations: Sequence[Sequence[Mapping[str, str]]]) -> list[str | None]:
    """The one adapter to the project's LLM client: replies in request order.

    A call that still fails after the client's retries raises ``LLMRunError`` (answers received are cached):
    an endpoint failure must stop the run, never count as a wrong answer.
    """
    from lctg_metrics.llm.client import run_chat
    from lctg_metrics.llm.errors import check_failures

    results = run_chat(config, [(list(messages), {}) for messages in conversations], progress=False)
    reason = results[results.failed[0]].error or "" if results.failed else ""
    check_failures("IFSM llm reader", len(results.failed), len(results), reason, 0, results.stats)
    return [result.text for result in results]


class LLMReader:
    """Asks ``config.model``; an unreadable reply gets one fallback turn; still unreadable → None (a failure).

    The digest in the signature covers the prompts, the endpoint (model@host) and the request parameters sent.
    """

    def __init__(self, config: Any) -> None:
        from lctg_metrics.llm.config import describe, describe_params

        self.config = config
        endpoint = f"{describe(config)}|{describe_params(config)}"  # model@host and the request parameters sent
        digest = hashlib.sha256("\n".join((PROMPT, FALLBACK, endpoint)).encode()).hexdigest()[:12]
        self.info = ReaderInfo(name=f"llm:{config.model}", version=PROMPT_VERSION, digest=digest, weak=False,
                               note=f"{endpoint}; accuracy on gold endings is measured in each run (oracle)")
        self.stats: Counter[str] = Counter()

    def choose(self, items: Sequence[MCItem]) -> list[int | None]:
        firsts = [[{"role": "user", "content": build_prompt(item)}] for item in items]
        replies = chat(self.config, firsts)
        choices = [parse_choice(reply, len(item.options)) for reply, item in zip(replies, items)]
        retry = [i for i, choice in enumerate(choices) if choice is None]
        if retry:
            letters = ", ".join(LETTERS[:4])
            follow = [firsts[i] + [{"role": "assistant", "content": replies[i] or ""},
                                   {"role": "user", "content": FALLBACK.format(letters=letters)}] for i in retry]
            for i, reply in zip(retry, chat(self.config, follow)):
                choices[i] = parse_choice(reply, len(items[i].options))
        self.stats.update(asked=len(items), fallback=len(retry), unparseable=sum(c is None for c in choices))
        return choices
