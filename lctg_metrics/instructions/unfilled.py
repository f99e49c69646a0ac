"""A template's fields left as they were (round 23): a label with a blank for its value (理由1：（記入）, 名前：○○),
a value that only names its label's slot (例1の説明 beside 例1), values that only count themselves in a series (本1,
本2, 本3 as a JSON array: ``serials``) and, after a repeated request, an answer's label or a closing formula alone
(回答：, 以上です). A value with a word of its own (理由1：安い,
例1の説明：駅に近い) is filled.
"""

from __future__ import annotations

import re
from typing import Any

from lctg_metrics.instructions import blanks
from lctg_metrics.instructions.contents import key, placeholder
from lctg_metrics.instructions.pending import status_value
from lctg_metrics.instructions.serials import template_series

#: A field written label：value on one line.
_FIELD = re.compile(r"\s*([^:：\n]*[^\s:：\n])\s*[:：]\s*(\S.*?)\s*", re.DOTALL)
#: What a value adds to its label when it only names the label's slot, in ``key`` form: (の)説明, の内容, の詳細.
_SLOT_NOUN = re.compile(
    r"(?:(?:の|について|についての|に関する)?(?:説明|詳細|概要|解説|description|details?|explanation)"
    r"|(?:の|について|についての|に関する)(?:内容|特徴|備考|補足|こめんと|めも|具体例|例|文|文章|text))(?:文|欄)?[0-9]*"
)
#: Serial marks around a word for an answer, in ``key`` form: 1, a, 一, その2, 第二, 2つ目の, 別の.
_SERIAL = r"(?:[0-9]{1,2}|[a-z]|[一二三四五六七八九十])"
_ORDINAL = rf"(?:(?:その|第|no)?{_SERIAL}(?:つ目|つめ|番目|個目|点目)?の?|ひとつめの?|ふたつめの?|別の?|もう一つの?)"
#: An answer naming itself only (回答1, 案b, 2つ目の回答, 第二案, answer 1), in ``key`` form.
_ANSWER_NAME = re.compile(
    rf"{_ORDINAL}?(?:回答|解答|答え|こたえ|返答|案|提案|意見|あいであ|ぷらん|おぷしょん|ぱたーん|answer|response|option|plan)"
    rf"{_ORDINAL}?(?:です|でした|となります)?"
)
#: An answer's label opening a text (回答：, 答え: 東京), its value possibly empty.
_LABEL = re.compile(r"\s*([^:：\n]+?)\s*[:：]\s*(.*?)\s*", re.DOTALL)
#: A closing formula alone, in ``key`` form: 以上です, 終わり, おしまい.
_CLOSING = re.compile(r"(?:以上|おわり|終わり|おしまい|fin|theend)(?:です|でした|となります|になります|だ)?")


def label_slot(label: str, value: Any) -> bool:
    """Whether ``value`` only names its label's slot: the label again, alone (| 価格 | 価格 |; round 25) or with a word
    for what would fill it (例1の説明 beside 例1, 手順2の詳細 beside 手順2)."""
    if not isinstance(value, str):
        return False
    head, k = key(label), key(value)
    return bool(head) and k.startswith(head) and (k == head or _SLOT_NOUN.fullmatch(k[len(head) :]) is not None)


def unfilled_field(span: str) -> bool:
    """Whether a span is one field label：value whose value is a blank to fill (a ``placeholder``: （記入）, ○○, 未定,
    unless the label asks for a status: 状態：準備中) or only names the label's slot (``label_slot``)."""
    found = _FIELD.fullmatch(span)
    if not found or not key(found.group(1)) or not key(found.group(2)):
        return False
    label, value = found.groups()
    return (placeholder(value) and not status_value(label, value)) or label_slot(label, value)


def serial_values(values: list[Any]) -> set[int]:
    """Indices of the string values that only count themselves in a series (本1, 本2, 本3; ``serials``)."""
    return template_series([v if isinstance(v, str) else "" for v in values])


def names_an_answer(text: str) -> bool:
    """Whether a text only names itself as an answer (回答1, 案B, 2つ目の回答, 第二案)."""
    return _ANSWER_NAME.fullmatch(key(text)) is not None


def no_answer_after(rest: str) -> bool:
    """Whether what follows a repeated request answers nothing: an answer's label and colon with nothing after (回答：,
    答え：以上です), a closing formula (以上です) or no text in the slot (``blanks``: （記入）, Lorem ipsum). A
    status (未定です) is an answer, and so, as decided before, is a bare word for one (答え)."""
    found = _LABEL.fullmatch(rest)
    value = found.group(2) if found and names_an_answer(found.group(1)) else rest
    k = key(value)
    return not k or _CLOSING.fullmatch(k) is not None or blanks.no_text(value, k)


__all__ = ["label_slot", "names_an_answer", "no_answer_after", "serial_values", "unfilled_field"]
