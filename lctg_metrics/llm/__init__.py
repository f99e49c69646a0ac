"""The LLM side of scoring (optional extra ``lctg[llm]``): an OpenAI-compatible async client with a
persistent cache, upstream's LLM header/footer cleaner and its quality judge."""

from lctg_metrics.llm.client import ChatResult, LLMConfig, ResultList, RunStats, chat_many, describe, run_chat
from lctg_metrics.llm.judge import QualityVerdict, clean_llm, judge_quality, load_protocol, protocol_digest

__all__ = [
    "ChatResult",
    "LLMConfig",
    "QualityVerdict",
    "ResultList",
    "RunStats",
    "chat_many",
    "clean_llm",
    "describe",
    "judge_quality",
    "load_protocol",
    "protocol_digest",
    "run_chat",
]
