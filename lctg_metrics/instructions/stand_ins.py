"""Texts that stand in for an answer instead of giving one (checkers 2.6 and round 8), in ``checks_answer.key`` form:
a title that names none, a postscript that says nothing, a JSON schema's type names as values, an emoticon, and a
second answer that only refers back to the first."""

from __future__ import annotations

import re

#: A title that stands for none (2.6), in ``key`` form: an editor's default in another language (Untitled, No title),
#: a provisional mark alone (（仮）, 仮題) and a template word for a work's name (作品名, 題名, タイトル名, 題, 曲名,
#: 書名). 『無題』 is read by ``genre_titles.untitled_over_prose``: a poem's established title over verse, none
#: over prose.
TITLE_TEMPLATE = re.compile(
    r"untitled|notitle|notitled|newtitle|仮|かり|仮題|かりだい|作品名|さくひんめい|作品たいとる|たいとる名|たいとるめい"
    r"|題|だい|曲名|書名|名称"
    # the name of the slot itself (『見出し』, 『タイトル案』, 『Heading』, 『名前未定』, round 10): a word for heading,
    # title, caption or name, with or without 案, 未定 or なし and a counter; 『名前』 alone may title a story and stays
    r"|(?:見出し|みだし|表題|標題|題目|題名|たいとる|へっどらいん|きゃぷしょん|heading|headline|title|caption|subtitle"
    r"|小見出し|大見出し|副題|さぶたいとる)(?:案|未定|なし|無し)?[0-9]*"
    r"|(?:名前|なまえ|name|作品名|名称)(?:案|未定|なし|無し)[0-9]*"
    # a title that says there is no title yet (『題名はまだない』, 『タイトル未定』, 『名前は決まっていません』, 2.7);
    # 『名前のない猫』 names a cat and is a title
    r"|(?:題名|だいめい|たいとる|題|だい|名前|なまえ|作品名|名称)(?:は|が|も)?(?:まだ|いまだ|今は|いまは|特に|とくに)?"
    r"(?:ない|無い|なし|無し|ありません|ないです|未定|みてい|未決定|未設定|不明|決まっていない|決まってない"
    r"|決まっていません|きまっていない|募集中|考え中|検討中|思いつかない|思い付かない)(?:です|だ|である)?"
)
#: What a postscript says when it says nothing (2.6), in ``key`` form: 特になし, なし, 以上です, none.
EMPTY_POSTSCRIPT = re.compile(
    r"(?:特に|とくに)?(?:なし|無し|ないです|ありません|ない)|以上(?:です|となります)?|おわり|終わり|none|nothing|na|nil"
    # a postscript that only says it is one (P.S. 追伸です) or that there is nothing to add (round 12)
    r"|(?:これは)?(?:追伸|追記|二伸|ps)(?:です|でした|となります|だ)?|です|でした|となります"
    r"|(?:以下)?(?:余白|空白)(?:です)?"  # 以下余白: a form's "the rest is blank" (round 21)
    r"|(?:付け加える|つけくわえる|付け足す|書き足す|書き加える|追加する|加える|言い足す|追記する|伝え忘れた|書き忘れた)"
    r"(?:こと|もの|内容)は?(?:特に|とくに|何も|なにも|もう)?(?:ありません|ないです|ない|なし|無し|ございません)"
)

#: The type names of a JSON schema standing as values ({"name": "string"}, round 8), in ``key`` form: a schema
#: describes an answer, it gives none.
JSON_TYPES = re.compile(
    r"string|str|number|int|integer|float|double|boolean|bool|object|array|null|list|dict"
    r"|文字列|文字|数値|数字|数|整数|真偽値|真偽|配列|日付|日時|時刻|てきすと|ぶーる|りすと|おぶじぇくと|型"
)

#: An emoticon: a face in brackets drawn with marks and face letters, with a hand letter beside it ((^_^)v, m(_ _)m).
EMOTICON = re.compile(r"[A-Za-z]?[(（](?:[^\w()（）]|[ωдД∀ー_oOｏ])*[)）][A-Za-z]?")

#: An answer that only refers to the other one (round 8), in ``key`` form: 上と同じです, 同上, 前の回答と同じ, 2つ目も
#: 同様です, 上記のとおりです (r9). ``LEADING_REFERENCE``: the same said before the answer again (前の答えに同じく…).
BACK_REFERENCE = re.compile(
    r"(?:(?:(?:上|前|先|最初|一つ目|1つ目|ひとつめ|2つ目|二つ目|ふたつめ|上記|前記)(?:の(?:回答|答え|もの|内容))?"
    r"|(?:回答|答え|解答|案)(?:[0-9]+|[一二]))?"  # 回答1と同じです (round 12)
    r"(?:(?:と|に)?同じ|と同様|も同様|同様|の(?:とおり|通り))|同上|右に同じ"
    r"|sameasabove|ditto|same)(?:です|である|だ|となります|に(?:なります|します))?"
)

#: A span that only points to another part of the text instead of saying anything (round 10), in ``key`` form: 上記の
#: 通り, 前述のとおり, 本文をご参照ください, 詳細は下記参照, 以下の通りです, see above, as stated above. One predicate
#: for every content check (``contents.points_elsewhere``): a JSON value, a postscript, a list item, a table cell, a
#: quotation and a second answer. Said with content of its own (上記の通り、価格が安いからです) it is content.
POINTER = re.compile(
    r"(?:(?:詳細|詳しく|くわしく|答え|回答|理由|内容|説明|結論)(?:は|も|については|につきましては)?)?"
    r"(?:(?:上記|前記|前述|先述|既述|後述|下記|以下|本文|文中|別紙|別記)(?:の|に|で|を)?"
    r"(?:(?:記載|記述|説明|回答|答え|内容|述べた|書いた|示した|ある|あった)(?:の|した)?)?"
    r"(?:とおり|通り|ご?参照|ご?覧|ごらん|見て|みて|確認|と同じ)"
    # 上, 前, 先, 次 name a place only before とおり (上の通り); 前を見て is no pointer
    r"|(?:上|前|先|次)(?:の|に)(?:(?:記載|記述|説明|回答|答え|内容|述べた|書いた|示した)(?:の|した)?)?(?:とおり|通り)"
    r"|上記|前記|前述|先述|既述|後述|下記)"
    r"(?:ください|下さい|くださいませ|のこと|して(?:ください|下さい)|です|だ|である|となります|願います|ねがいます"
    r"|ください(?:ませ)?|に(?:なります|記載)|(?:いた|致|し)?します|する)?"  # 詳細は後述します (round 28)
    r"|(?:please)?(?:see|referto|refer|as|asstated|asmentioned|asdescribed|asshown|asnoted|asexplained)"
    r"(?:in)?(?:the)?(?:above|below|previous(?:answer|section)?|body|maintext|text|earlier)"
)
#: A sentence that only announces the answer to come (以下に回答します, 次のとおりご説明いたします; round 17), in
#: ``key`` form: it points forward to text, and says nothing itself.
ANNOUNCEMENT = re.compile(
    r"(?:それでは|では|さて)?(?:以下|次|下記|これから|今から)(?:に|で|の(?:とおり|通り)(?:に)?)?(?:ご|お)?"
    r"(?:回答|解答|説明|答え|紹介|記載|まとめ|説明|返答)(?:を)?(?:いた|致)?(?:します|しましょう|させていただきます|させて頂きます"
    r"|いたします|致します|します|する|です)"
)

#: A second answer that says there is none (別案は特に思いつきません, 他にはありません, round 12), in ``key`` form.
NO_OTHER_ANSWER = re.compile(
    r"(?:(?:別|べつ|他|ほか|その他|二つ目|2つ目)(?:の)?(?:案|答え|回答|候補|おすすめ)?(?:は|に|には|も)?)"
    r"(?:特に|とくに|もう|これ以上)?(?:思いつきません|思い付きません|思いつかない|思い付かない|浮かびません|ありません"
    r"|ないです|ない|なし|無し|ございません)(?:です|でした)?"
)

#: A back-reference opening an answer (同じく…, 前の答えに同じく…, r9), in ``key`` form: what follows it is
#: compared with the other answer (同じく人気なのはスカイツリーです and 上と同じく都会ですが、大阪も… name other
#: answers; 前の答えに同じく東京タワーです only says part of the first again).
LEADING_REFERENCE = re.compile(
    r"^(?:(?:上|前|先|最初|一つ目|1つ目|ひとつめ|上記|前記)(?:の(?:回答|答え|もの|内容))?(?:と|に))?(?:同じく|同様に)"
)


def says_again(first: str, second: str) -> bool:
    """Whether ``second`` opens with a back-reference (``LEADING_REFERENCE``) and then only says part or all of
    ``first`` again (前の答えに同じく東京タワーです after 東京タワーがおすすめです。, r9); both in ``key`` form."""
    opening = LEADING_REFERENCE.match(second)
    rest = second[opening.end() :] if opening else ""
    rest = rest[:-2] if rest.endswith("です") else rest
    return len(rest) >= 2 and rest in first


#: Final particles a sentence said again may add or drop (明日は十時からですね。 says 明日は十時からです。 again).
_TRAILING = re.compile(r"(?:よね|ね|よ|な|ぞ|わ)$")


def repeats_body(body: list[str], note: list[str]) -> bool:
    """Whether a postscript only says the main text again (2.7): each of its sentences, in ``key`` form and with a
    final particle aside, is a sentence of the main text (「P.S. 明日の会議は十時からです。」 after the same sentence).
    A postscript that recalls a detail in other words (P.S. 十時集合をお忘れなく) says something."""
    said = {_TRAILING.sub("", k) for k in body if k}
    notes = [_TRAILING.sub("", k) for k in note if k]
    return bool(notes) and all(k in said for k in notes)


__all__ = [
    "ANNOUNCEMENT",
    "BACK_REFERENCE",
    "LEADING_REFERENCE",
    "NO_OTHER_ANSWER",
    "POINTER",
    "EMOTICON",
    "EMPTY_POSTSCRIPT",
    "JSON_TYPES",
    "TITLE_TEMPLATE",
    "repeats_body",
    "says_again",
]
