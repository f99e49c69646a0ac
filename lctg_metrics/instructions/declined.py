"""An answer option named, not given (round 27): a fixed answer (はい、そうです。) quoted and then declined is an
option mentioned, and a reader finds no answer in it.

The option is followed by a quoting particle (と, とは, とも, って) and the verb phrase it quotes for, up to the first
pause or link (、, が, て, ので …), says the answer is not said:

- negated: 「はい、そうです。」とは断言できません, と言い切れない; but しか … ない (としか言いようがありません) and
  ざるを得ない (と言わざるを得ません) give the option, as the only one there is;
- a condition: the saying in its conditional form (と言い切れれば…, と言えたら…, と答えるなら…): what the answer
  would say if it could;
- a wish set aside: the saying wished for (たい) and then a concession (が, けど, のに, ものの): と答えたいところ
  ですが….
- called a joke or a lie (round 29): というのは冗談で, というのは嘘です (not negated: 嘘ではありません gives it), or
  なんて with nothing after it but a final particle (なんてね), or なんちゃって.

From round 29 the option need not be quoted: a pause written after it instead of a closing quote (……, ――, a blank,
a line break: はい、そうです。……と言いたいところですが) and the quoting particles なんて and などと take it back as
the quoted form does; はい、そうです。……と、胸を張って言えます gives it.

A quoted option said as the answer (とお答えします, と言えます, と答えたいと思います, と言っても過言ではありません)
is given.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: Closing quotes and blanks, then a quoting particle, right after the option.
_QUOTING = re.compile(r"[」』”\"'’）)]*[\s….‥・―—－ー〜~]*(?:とは|とも|と|っては|って|なんて|などと)")
#: A joke said right after the option takes it back (なんちゃって; round 29).
_JOKE = re.compile(r"[\s….‥・―—－ー〜~]*なんちゃって")
#: What calling the option said a joke or a lie names it with (というのは冗談で, というのは嘘です).
_UNTRUE = frozenset({"冗談", "嘘"})
#: Another quotation with its particle, declined with the option: 「…」とも「…」とも言えません.
_ALSO_QUOTED = re.compile(r"[ \t\u3000]*[「『][^「」『』\n]*[」』][ \t\u3000]*(?:とも|と)")
_NEGATION = frozenset({"ない", "無い", "ず", "ぬ"})
_CONCESSION = frozenset({"が", "けど", "けれど", "けれども", "のに", "ものの"})


def _phrase(text: str, start: int) -> tuple[list[morph.Morpheme], str]:
    """The morphemes from ``start`` to the first pause or link, and the link (empty at a pause or the end)."""
    chain: list[morph.Morpheme] = []
    for begin, _, m in morph.spans(text):
        if begin < start:
            continue
        if m.pos1 in ("補助記号", "空白"):
            return chain, ""
        if m.pos2 == "接続助詞":
            return chain, m.surface
        chain.append(m)
    return chain, ""


def declined(text: str, end: int) -> bool:
    """Whether the option ending at ``end`` of ``text`` is quoted and declined (see the module docstring)."""
    quoted = _QUOTING.match(text, end)
    if not quoted:
        return _JOKE.match(text, end) is not None
    at = quoted.end()
    while more := _ALSO_QUOTED.match(text, at):  # 「はい」とも「いいえ」とも言えません: both declined together
        at = more.end()
    chain, link = _phrase(text, at)
    surfaces = {m.surface for m in chain}
    negated = any(m.lemma in _NEGATION and m.pos1 in ("助動詞", "形容詞") for m in chain)
    if {m.lemma for m in chain} & _UNTRUE:
        return not negated  # というのは冗談です takes it back; というのは嘘ではありません gives it
    if quoted.group().endswith("なんて") and all(m.pos2 == "終助詞" for m in chain):
        return text[quoted.end() :].lstrip()[:1] not in ("、", ",")  # なんてね: the option said as a joke
    if negated and not surfaces & {"しか", "ざる", "ほか", "他", "外"}:
        return True
    if link in ("ば", "たら", "なら") or any(m.form.startswith("仮定形") for m in chain):
        return True
    return any(m.lemma == "たい" for m in chain) and link in _CONCESSION


def stated(text: str, option: str) -> bool:
    """Whether ``option`` occurs in ``text`` at least once not declined. An option's closing 。 may be written as ！ or
    left off before a blank, a line break or the end (はい、そうです for はい、そうです。, round 32); words right after
    it (そうですね, そうですか) make another answer."""
    pattern = re.escape(option)
    if option.endswith("。"):
        pattern = re.escape(option[:-1]) + r"(?:[。！!]|(?=[ \t\u3000\n]|$))"
    return any(not declined(text, m.end()) for m in re.finditer(pattern, text))


__all__ = ["declined", "stated"]
