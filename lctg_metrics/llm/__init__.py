"""The LLM side of scoring (optional extra ``lctg[llm]``): an OpenAI-compatible async client with a
persistent cache, upstream's LLM header/footer cleaner and its quality judge.

    config ──► requests (keys) ──► client (dedup, cache) ──► calls (workers, claims)
           ──► caller (attempts, retries) ──► transport (HTTP)
    protocol (prompts) ──► cleaner: clean_llm      judge: judge_quality
"""

from lctg_metrics.llm.cleaner import clean_llm
from lctg_metrics.llm.client import ChatResult, ResultList, RunStats, chat_many, run_chat
from lctg_metrics.llm.config import LLMConfig, describe, describe_params
from lctg_metrics.llm.errors import CacheError, LLMEndpointError, LLMError, LLMRunError
from lctg_metrics.llm.judge import QualityVerdict, judge_quality
from lctg_metrics.llm.protocol import load_protocol, protocol_digest

__all__ = [
    "CacheError",
    "ChatResult",
    "LLMConfig",
    "LLMEndpointError",
    "LLMError",
    "LLMRunError",
    "QualityVerdict",
    "ResultList",
    "RunStats",
    "chat_many",
    "clean_llm",
    "describe",
    "describe_params",
    "judge_quality",
    "load_protocol",
    "protocol_digest",
    "run_chat",
]
