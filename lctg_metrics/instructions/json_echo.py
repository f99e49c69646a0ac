"""A JSON answer field that only repeats the question field (round 19): in {"質問": "富士山の高さ", "回答": "富士山の
高さ"} the answer says back what was asked, and a reader finds no answer in it. A field is an answer field by its
name (回答, 答え, 返答, 解答, answer, reply, response, A) and a question field by its (質問, 問い, 問題, 設問, お題,
question, prompt, query, Q); the answer repeats the question when the two read the same (marks, blanks and word
order aside: ``contents.same_text``, ``filler.same_claim``). An answer field that only asks back (``asked_back``:
{"回答": "あなたはどう思いますか？"}) holds no answer either, nor from round 37 one left as a form's blank ({"回答":
"ここに答えを記入"}, "your answer here": ``_blank``). Neither that answer field nor the question fields count
as content then; another field may. Two fields that share a value without those roles ({"名前": "太郎", "呼び名":
"太郎"}) each hold it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from lctg_metrics.instructions.asked_back import only_asks_back
from lctg_metrics.instructions.contents import key, placeholder, same_text
from lctg_metrics.instructions.field_labels import names_own_field
from lctg_metrics.instructions.filler import same_claim
from lctg_metrics.instructions.pending import in_progress

_ANSWER = re.compile(r"(?:回答|答え|こたえ|返答|解答|answer|reply|response|a)", re.IGNORECASE)
_QUESTION = re.compile(r"(?:質問|問い|問題|設問|お題|question|prompt|query|q)", re.IGNORECASE)


#: Field names of one role in either language (round 21): a value that is only another name of its own key
#: ({"answer": "答え"}, {"理由": "reason"}) translates the key and says nothing.
_ROLES = (
    re.compile(r"(?:回答|答え|こたえ|返答|解答|answer|reply|response)", re.IGNORECASE),  # not A: a choice's letter
    re.compile(r"(?:理由|わけ|訳|根拠|reason|why)", re.IGNORECASE),
    re.compile(r"(?:結論|結果|まとめ|conclusion|result|summary)", re.IGNORECASE),
    re.compile(r"(?:名前|なまえ|氏名|名称|name)", re.IGNORECASE),
    re.compile(r"(?:題名|表題|たいとる|title)", re.IGNORECASE),
    re.compile(r"(?:値|あたい|内容|value|content)", re.IGNORECASE),
)
#: A value that only says the answer depends (ケースバイケース, 状況による, 人それぞれ, it depends), in ``key`` form.
_DEPENDS = re.compile(
    r"(?:けーすばいけーす|(?:時と)?(?:場合|状況|人|条件|時)(?:による|によります|次第|次第です|それぞれ|によって異なる|によって違う)"
    r"|一概に(?:は)?(?:言えない|いえない|言えません|いえません)|(?:it)?depends|casebycase)(?:です|だ)?"
)


def hollow_value(name: str, value: Any) -> bool:
    """Whether a JSON string value only names its key's role again in other words or says it depends (see
    ``_ROLES`` and ``_DEPENDS``)."""
    if not isinstance(value, str):
        return False
    said = key(value)
    return (
        _DEPENDS.fullmatch(said) is not None
        or any(_named(name, role) and role.fullmatch(said) is not None for role in _ROLES)
        or names_own_field(name, value)  # {"name": "名前", "age": "年齢"}: a blank form's labels (round 27)
    )


def _named(name: str, role: re.Pattern[str]) -> bool:
    return role.fullmatch(unicodedata.normalize("NFKC", name).strip(" _-:：")) is not None


def echoed_answers(value: dict[str, Any]) -> set[str]:
    """The fields of ``value`` that hold no answer when an answer field only repeats a question field's text: that
    answer field and the question fields it repeats (the question, said twice, is still not answered)."""
    questions = {k: v for k, v in value.items() if _named(k, _QUESTION) and isinstance(v, str) and key(v)}
    found: set[str] = set()
    for k, v in value.items():
        if not (_named(k, _ANSWER) and isinstance(v, str)):
            continue
        repeated = {q for q, asked in questions.items() if same_text(v, asked) or same_claim(v, asked)}
        found |= {k, *repeated} if repeated else set()
        found |= {k, *questions} if only_asks_back(v) or _blank(v) else set()  # {"回答": "あなたはどう思いますか？"}
    return found


#: A status an answer may be ({"回答": "未定"} to 次回の会議はいつですか？): not decided or still looked into.
_STATUS = re.compile(r"未定|未決定|tbd|tba|tbc")


def _blank(value: str) -> bool:
    """Whether an answer field's value is a blank of a form (round 37): a template word, a note asking for the answer
    to be written in (ここに答えを記入, （記入）, 解答欄, your answer here) or fill marks (○○), not a status (未定,
    TBD, 調査中: ``in_progress``) that answers a question about a plan."""
    return placeholder(value) and not in_progress(value) and _STATUS.fullmatch(key(value)) is None


__all__ = ["echoed_answers", "hollow_value"]
