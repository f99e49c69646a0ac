"""Sentences that report the exchange instead of taking part in it (checkers 2.8, round 19), which a reader does
not count toward a minimum length:

- a report of what was asked: the question named (ご質問, お尋ね, ご相談, お題 …) and only its wording or topic
  given back, quoted or with について, then the copula or 〜をいただきました: ご質問の内容は「富士山の高さはどのくらい
  か」というものでした。 「…」というご質問ですね。 A sentence that answers the quoted question or says something of
  it (「富士山の高さ」というご質問には、測り方で二通りの答えがあります) goes on past the report and counts;
- a report of what the answer did: the answer, its points or its content (回答, 答え, 要点, 内容 …), how it was put
  (一文で, 簡潔に, 三点に, 箇条書きで) and a verb of putting it (まとめました, お答えしました, 述べました):
  （以上、回答を一文で簡潔にまとめました。） A sentence about another text (アンケートの回答を年代別に表にまとめまし
  た) names what it made and counts.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r"「[^「」]*」|『[^『』]*』|“[^”]*”|\"[^\"]*\"")
_QUESTION = r"(?:ご質問|質問|お尋ね|お問い合わせ|問い合わせ|ご相談|相談|ご依頼|依頼|お題|設問|問い|ご用件|用件)"
_WHEN = r"(?:(?:今回|本日|先ほど|先程|いただいた|頂いた|お寄せいただいた|お寄せ頂いた)の?)?"
_TOPIC = r"(?:\x01|.{1,30}?(?:について|に関して|に関する|のこと)(?:の)?)"
_COPULA = (
    r"(?:でした|です|だった|だ|である|でございました|でございます|をいただきました|を頂きました|をいただいております"
    r"|と理解しております|と理解しました|と承りました|と承知しております|がありました|が寄せられました)?(?:ね|よ)?"
)
_ASKED = re.compile(
    rf"{_WHEN}{_QUESTION}(?:の件|の内容|の趣旨|の要旨|の主旨|内容)?(?:は|として(?:は)?|について(?:は)?)?{_TOPIC}"
    rf"(?:という|との|といった)?(?:もの|こと|内容|{_QUESTION}|趣旨)?{_COPULA}"
    rf"|\x01(?:という|との)(?:{_QUESTION})(?:を|が)?{_COPULA}"
)
_ANSWER = (
    r"(?:本|この|今回の|以上の|上記の)?(?:ご質問への|ご質問に対する|質問への|質問に対する)?"
    r"(?:回答|ご回答|答え|お答え|解答|内容|要点|結論|説明|ポイント)"
)
_MANNER = (
    r"(?:(?:一文|ひとこと|一言|[一二三四五六七八九十0-9０-９]+(?:文|行|点|つ|項目)|箇条書き|短文|表)(?:に|で)"
    r"|簡潔に|短く|手短に|端的に|わかりやすく|分かりやすく|コンパクトに|要点を絞って|先に|まず|最初に)+"
)
_PUT = (
    r"(?:整理して|要約して|絞って|分けて)?(?:まとめ|お答えし|答え|回答し|ご回答し|述べ|記し|書き|説明し|ご説明し|お伝えし|整理し|要約し)"
    r"(?:ました|ています|ております|させていただきました|てみました|させて頂きました)(?:ね|よ)?"
)
_ANSWERED = re.compile(
    rf"(?:以上|以上で|以上のように|このように|ここまで|上記のとおり|上記の通り|上記で)?"
    rf"(?:{_ANSWER}(?:を|は)?{_MANNER}?|{_MANNER}){_PUT}"
)


#: A request as a prompt words it, alone in a quotation at the top (round 28): its inside ends in a question
#: (…ですか, …は？) or a request (…してください, 教えて, 述べよ, お願いします), and a label for it may come before
#: (Q:, 質問：, お題：).
_REQUEST = re.compile(
    r"^\s*(?:(?:Q|Ｑ|問|問い|質問|ご質問|お題|設問|依頼)[0-9０-９]*\s*[.:：．、]?\s*)?[「『](?P<inside>[^「」『』]+)[」』]\s*$"
)
_ASKING = re.compile(
    r"(?:[?？]|か|かな|でしょうか|ますか|ですか|ください|下さい|くださいませ|ちょうだい|てほしい|て欲しい|でほしい"
    r"|てくれ|でくれ|なさい|せよ|べよ|えよ|けよ|お願いします|お願いいたします|願います|教えて|聞かせて)[。．.!！]*$"
)
#: What a quotation is followed by when it is part of a sentence (「窓を開けてください」と頼むときは…).
_GOES_ON = re.compile(r"^\s*(?:と|って|という|とは|との|のように|など|は|が|を|も)")


def quoted_request(sentence: str, after: str) -> bool:
    """Whether ``sentence``, the answer's first, is the request copied back bare (see ``_REQUEST``) and an answer
    follows it (``after``) that does not go on from the quotation: the request is what was asked, not the answer,
    as a report of it is (``reported``). A quotation that is no request (「春はあけぼの」) or that the sentence after
    goes on from (「…ください」と頼むときは) is the answer's own."""
    found = _REQUEST.match(sentence)
    return (
        found is not None
        and _ASKING.search(found.group("inside").strip()) is not None
        and bool(after.strip())
        and _GOES_ON.match(after) is None
    )


def reported(sentence: str) -> bool:
    """Whether a sentence only reports what was asked or what the answer did (see the module docstring)."""
    bare = _QUOTED.sub("\x01", sentence)
    bare = re.sub(r"[\s。、，,．！？!?（）()【】\[\]※]", "", bare)
    return _ASKED.fullmatch(bare) is not None or _ANSWERED.fullmatch(bare) is not None


__all__ = ["quoted_request", "reported"]
