"""IFSM: story-ending instruction following scored by a multiple-choice reader, with guards and a signature.

from lctg_dataset.stories import load_story_rows
from lctg_metrics.ifsm import score_ifsm, format_result
rows = load_story_rows(include_contexts=True)   # contexts from your local Possible Stories copy
result = score_ifsm({row_id: ending, ...}, rows, reader="embedding")
print(format_result(result))
"""

from lctg_metrics.ifsm.adversarial import ADVERSARIAL_SETS
from lctg_metrics.ifsm.attack_table import AttackScore
from lctg_metrics.ifsm.attacks import ATTACK_CLASSES, MIXES
from lctg_metrics.ifsm.encoders import ENCODERS, Encoder, get_encoder, register_encoder
from lctg_metrics.ifsm.guards import GUARD_VERSION, Verdict, check_ending
from lctg_metrics.ifsm.items import MCItem, Reader, ReaderInfo, gold_item, with_ending
from lctg_metrics.ifsm.readers import READERS, EmbeddingReader, get_reader, register_reader
from lctg_metrics.ifsm.report import format_result
from lctg_metrics.ifsm.result import IFSMResult
from lctg_metrics.ifsm.run import SetScore
from lctg_metrics.ifsm.score import score_ifsm
from lctg_metrics.ifsm.validity import Check

__all__ = [
    "ADVERSARIAL_SETS",
    "ATTACK_CLASSES",
    "AttackScore",
    "Check",
    "ENCODERS",
    "MIXES",
    "GUARD_VERSION",
    "READERS",
    "EmbeddingReader",
    "Encoder",
    "IFSMResult",
    "MCItem",
    "Reader",
    "ReaderInfo",
    "SetScore",
    "Verdict",
    "check_ending",
    "format_result",
    "get_encoder",
    "get_reader",
    "gold_item",
    "register_encoder",
    "register_reader",
    "score_ifsm",
    "with_ending",
]
