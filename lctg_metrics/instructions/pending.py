"""Spans that say their content is not there yet (checkers 2.8, round 13), read by the class of their words rather
than by a list of phrases, so that every content check (titles, JSON values, quotations, list items, table cells,
sections, postscripts, highlights, second answers) and the padding reader share one predicate:

- work in progress: a verbal noun of any work with 中 or 待ち (調査中, 確認中, 検討中, 集計中, 回答待ち), 未 with a
  verbal noun (未確認, 未入力, 未定), or a later-adverb with a verb of deciding, writing or filling and no noun of
  its own (あとで決めます, 追って記入します, のちほど追記), each with an optional topic (タイトルはあとで決めます) and
  copula; TBD, TBA, WIP;
- a catch-all alone: その他, いろいろ, もろもろ, 諸々, 等々, 様々, あれこれ, misc, others (alone or run together:
  その他もろもろ);
- a layout formula: ここに / こちらに / この欄に … が入ります (any noun), … を記入 / 入力 / 記載 / 挿入 (any noun),
  … を入れます for a part of a text (本文, 説明文, 画像); 「ここに卵を入れます」 is a recipe's step and says something.
"""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.visible import visible

#: Adverbs of "now" that may open a status (現在調査中です, ただいま確認中).
_NOW = frozenset({"現在", "只今", "目下", "今", "唯今"})
#: Adverbs that put the work later (あとで, 後ほど, 追って, 後日, 別途, いずれ, 改めて, 近日), and a condition met
#: later (決まり次第, 確認でき次第, わかり次第).
_LATER = re.compile(
    r"(?:また|更に|さらに)?(?:(?:後|あと|のち)(?:で|ほど|程)|後日|追って|おって|別途|いずれ|改めて|あらためて|近日(?:中)?に?)"
    r"|[^次]{1,8}?次第|次回|今度|また今度|のちのち|後々"
)
#: Verbs of deciding, writing and filling (their lemmas; a verbal noun of the same kind with する counts too).
_FILLING_VERBS = frozenset(
    "決める 書く 記す 書き足す 書き加える 付け足す 足す 補う 埋める 入れる 考える 詰める 付ける 載せる 知らせる "
    "調べる 知る 直す 差し替える 加える 追加 記入 入力 追記 記載 掲載 連絡 回答 報告 決定 検討 確認 作成 更新 "
    "公開 発表 相談 修正 調整 設定 執筆 編集 記述 補足 共有 案内 提示 提出 送付 説明 紹介 指定 入稿 反映 "
    # round 14: telling and showing (後ほどご説明します, 追って共有します, 次回お話しします)
    "話す 述べる 伝える 教える 示す 見せる 触れる 解説 詳述 言及 お知らせ 通知 展開 送る 届ける 紹介 述懐".split()
)
#: The writer's own deciding and examining (round 14): 要 with one of them (要検討, 要確認, 要調整) defers the
#: decision a cell or a value should hold; what 要 asks of the reader (要相談 for a price, 要予約, 要冷蔵,
#: 要問い合わせ) is a value.
_DECIDING = frozenset("検討 確認 調整 調査 協議 判断 決定 精査 再考 議論 審議 検証 再検討 見直し 吟味".split())
#: A decision left open, alone (保留, ペンディング, 未決, 調整中 is ``中`` above).
_OPEN = frozenset("保留 ペンディング 懸案 未決".split())
#: A value withheld (秘密, ないしょ, 非公開, 伏せます; round 21): the cell or value says it is not given, as a deferral
#: does; in a status field (| 公開状態 | 非公開 |) it is the value (``status_value``).
_WITHHELD = re.compile(
    r"(?:秘密|ひみつ|ヒミツ|内緒|ないしょ|ナイショ|非公開|伏せ(?:ます|る|ておきます)|黙秘|ノーコメント|no comment)"
)
#: The copula, polite forms and final particles that may close a status (です, でございます, となっております).
_CLOSING = frozenset(
    {"です", "だ", "で", "ある", "ござる", "御座る", "なる", "と", "て", "おる", "いる", "ます", "た", "よ", "ね"}
)
#: Catch-all words that name no item (その他, いろいろ, もろもろ; misc, others), in NFKC case-folded form.
_CATCH_ALL = re.compile(
    r"(?:(?:その他|そのほか|その外|他|ほか|いろいろ|色々|色色|いろんな(?:もの|こと)|もろもろ|諸々|諸諸|等々|等等|などなど"
    r"|様々|さまざま|多数|あれこれ|あれやこれや|なんやかや|何やかや|かれこれ|etc|misc|miscellaneous|others?|and so on)"
    r"(?:に|にも|も|と|の|や)?)+(?:です|など|等|etc|あります|ございます)?"
)
_TBD = re.compile(r"tbd|tba|tbc|wip|todo|to be (?:decided|determined|announced|confirmed)|coming soon|n/?a")
#: Where a layout formula puts its slot (ここに, こちらに, この欄に, 下の枠には).
_HERE = re.compile(
    r"^(?:ここ|こちら|此処|こっち|(?:この|その|下の|上の|右の|左の)(?:欄|枠|部分|箇所|スペース|位置|場所))(?:に|へ)(?:は)?"
)
#: A place below, which a span that is all the content there is cannot point to (「以下に引用文を記載します」 as the
#: whole quotation); in running text it announces what follows and is not read as a formula.
_BELOW = re.compile(r"^(?:以下|下記|次|この下|下)(?:に|へ)(?:は)?")
#: ここに after the noun and its case particle (本文をここに入れます, 写真がこちらに入ります).
_HERE_AFTER = re.compile(r"(?<=[をが])(?:ここ|こちら|此処|この(?:欄|枠|部分|箇所|スペース))(?:に|へ)(?:は)?")
#: Verbs that put any noun into a slot of a layout (が入ります, を記入, を入力, が来ます).
_SLOT_VERBS = frozenset(
    {"入る", "記入", "入力", "記載", "挿入", "配置", "表示", "掲載", "来る", "載る", "貼る", "書く"}
)
#: Nouns for a part of a text, which 入れる puts into a layout (ここに本文を入れます); 入れる with a thing (卵) is
#: an act.
_TEXT_PARTS = re.compile(
    r"(?:文|文章|本文|テキスト|説明|補足|引用|タイトル|題名|見出し|画像|写真|図|表|名前|名|コメント|内容|コピー|"
    r"挨拶|日付|住所|ロゴ|リンク|url|署名|概要|要約|結論|回答|答え|文言|原稿|記事|項目|情報|データ|数値|金額|価格|"
    r"キャッチ|メッセージ|イラスト|リード|注釈|脚注|出典|用語|キーワード|説明書き|あいさつ)$",
    re.IGNORECASE,
)


def _plain(text: str) -> str:
    """The visible letters of a span for the analyser: NFKC, marks and blanks out, case folded."""
    shown = unicodedata.normalize("NFKC", visible(text)).casefold()
    return "".join(ch for ch in shown if unicodedata.category(ch)[0] in "LN" or ch in "/ ").strip()


def _content(morphemes: tuple[morph.Morpheme, ...]) -> list[morph.Morpheme]:
    return [m for m in morphemes if m.pos1 not in ("補助記号", "空白", "記号")]


def _closing(m: morph.Morpheme) -> bool:
    return m.pos1 in ("助動詞", "終助詞") or m.lemma in _CLOSING or m.pos2 in ("終助詞", "接続助詞")


def _topic(ms: list[morph.Morpheme]) -> list[morph.Morpheme]:
    """``ms`` without an opening topic of one to three nouns and は / が / も (タイトルは, 結果は, 詳細については)."""
    for i, m in enumerate(ms[:7]):
        if m.pos1 == "助詞" and m.lemma in ("は", "が", "も") and i and all(_in_topic(ms, j) for j in range(i)):
            return ms[i + 1 :]
    return ms


def _in_topic(ms: list[morph.Morpheme], j: int) -> bool:
    """Whether ``ms[j]`` may stand in a topic before は / が / も: nouns and their affixes, an adjective or の
    before a noun (詳しい理由は, 今後の予定は; round 14), and について / に関して (補足についても)."""
    m = ms[j]
    if m.pos1 in ("名詞", "接頭辞", "接尾辞", "連体詞"):
        return True
    if m.pos1 in ("形容詞", "形状詞") or m.lemma in ("の", "な", "だ"):
        return j + 1 < len(ms) and ms[j + 1].pos1 in ("名詞", "接頭辞")
    compound = "".join(x.surface for x in ms[max(0, j - 2) : j + 3])
    return m.lemma in ("に", "つく", "て", "関する", "対する") and any(
        w in compound for w in ("について", "に関して", "に対して", "につい", "に関し")
    )


def in_progress(text: str) -> bool:
    """Whether a span only says its content is being made or is still to come (see the module docstring)."""
    plain = _plain(text)
    if not plain:
        return False
    if _TBD.fullmatch(plain) or _WITHHELD.fullmatch(re.sub(r"(?:です|だ|で[すし]た|とさせてください)$", "", plain)):
        return True
    ms = _topic(_content(morph.analyze(plain.replace(" ", ""))))
    while ms and ms[0].lemma in _NOW | {"まだ", "未だ"}:
        ms = ms[1:]
    while ms and _closing(ms[-1]):
        ms = ms[:-1]
    if not ms:
        return False
    verbal = lambda m: m.pos1 == "名詞" and m.pos3 == "サ変可能"  # noqa: E731
    if len(ms) == 2 and verbal(ms[0]) and ms[1].surface in ("中", "待ち"):
        return True  # 調査中, 回答待ち
    if ms[-1].lemma in ("居る", "おる", "いる", "御座る") and len(ms) <= 4:  # 調査しております, 調べています
        work = [m for m in ms[:-1] if m.pos1 not in ("助詞",) and m.lemma not in ("為る", "する")]
        if len(work) == 1 and (verbal(work[0]) or work[0].lemma.split("-")[0] in _FILLING_VERBS):
            return True
    if ms[0].surface == "要" and len(ms) == 2 and ms[1].lemma in _DECIDING:
        return True  # 要検討, 要確認 (round 14); 要予約 is a value
    if len(ms) == 1 and ms[0].lemma in _OPEN:
        return True  # 保留
    if ms[0].surface == "未" and len(ms) == 2 and ms[1].pos1 == "名詞":
        return verbal(ms[1]) or ms[1].surface in ("定", "決", "詳")  # 未確認, 未入力
    if plain.startswith("未") and len(ms) == 1 and ms[0].surface in ("未定", "未詳", "未決", "未記入", "未入力"):
        return True
    return _later(ms)


def _later(ms: list[morph.Morpheme]) -> bool:
    """Whether ``ms`` (topic and closing off) is a later-adverb with a verb of deciding, writing, filling or telling
    and no noun of its own (あとで決めます, 後ほどご説明いたします)."""
    later = _LATER.match("".join(m.surface for m in ms))
    if not later:
        return False
    rest, taken = [], 0
    for m in ms:
        if taken < later.end():
            taken += len(m.surface)
        else:
            rest.append(m)
    # a verbal noun of no filling or telling is a noun of its own (改めて感謝を伝えます says thanks)
    nouns = [
        m
        for m in rest
        if m.pos1 in ("名詞", "代名詞") and not (m.pos3 == "サ変可能" and m.lemma.split("-")[0] in _FILLING_VERBS)
    ]
    acts = [m for m in rest if m.lemma.split("-")[0] in _FILLING_VERBS or m.surface in _FILLING_VERBS]
    return bool(acts) and not nouns


def promises_later(sentence: str) -> bool:
    """Whether a sentence only promises its content for later (詳しい理由は、後ほどご説明いたします。, 補足について
    も、追って共有いたします。, 次回お話しします。; round 14): work to come, no text toward a length. A condition met
    later (わかり次第お知らせします) says when, and a sentence with a noun of its own (後ほど東京の魅力を紹介します)
    is read as announcing what follows."""
    plain = _plain(sentence)
    if not plain or "次第" in plain:
        return False
    whole = _content(morph.analyze(plain.replace(" ", "")))
    ms = _topic(whole)
    while ms and _closing(ms[-1]):
        ms = ms[:-1]
    if ms and len(ms) < len(whole) and _LATER.fullmatch("".join(m.surface for m in ms)):
        return True  # 詳細は後ほど。 続きは次回。: a topic put off, no verb needed
    return bool(ms) and _later(ms)
    return False


def catch_all(text: str) -> bool:
    """Whether a span is only a catch-all word (その他, いろいろ, もろもろ, misc): it names no item."""
    plain = _plain(text).replace(" ", "")
    return bool(plain) and _CATCH_ALL.fullmatch(plain) is not None


def layout_formula(text: str, below: bool = False) -> bool:
    """Whether a span or sentence is a layout formula that marks where text would go (ここに本文が入ります,
    こちらに説明を記入, この欄に画像を入れます) instead of giving it; with ``below``, a span that is the whole content
    also when it names a place below (以下に引用文を記載します)."""
    plain = _plain(text).replace(" ", "")
    here = _HERE.match(plain) or _HERE_AFTER.search(plain) or (_BELOW.match(plain) if below else None)
    if not here:
        return False
    rest = plain[: here.start()] + plain[here.end() :]  # 本文をここに入れます reads as ここに本文を入れます
    ms = _content(morph.analyze(rest))
    nouns = [m for m in ms if m.pos1 in ("名詞", "接頭辞", "接尾辞")]
    if ms and len(nouns) == len(ms) and _TEXT_PARTS.search(rest):
        return True  # ここに本文, こちらに説明文: the slot named, no verb
    while ms and (_closing(ms[-1]) or ms[-1].lemma in ("下さる", "くださる", "する", "為る", "予定")):
        ms = ms[:-1]
    cases = [i for i, m in enumerate(ms) if m.pos1 == "助詞" and m.lemma in ("が", "を")]
    if not cases or cases[0] == 0:
        return False
    noun, verbs = ms[: cases[0]], ms[cases[0] + 1 :]
    if not verbs or any(m.pos1 in ("名詞", "代名詞") and m.pos3 != "サ変可能" for m in verbs):
        return False
    lemmas = {m.lemma.split("-")[0] for m in verbs}
    if lemmas & _SLOT_VERBS:
        return True
    return "入れる" in lemmas and _TEXT_PARTS.search("".join(m.surface for m in noun)) is not None


def pending(text: str) -> bool:
    """Whether a span holds no content of its own: work in progress, a catch-all or a layout formula; a span of
    several sentences or lines when each of them is one (a section body 「執筆中です。後日追記します。」)."""
    parts = [p for p in _SENTENCES.split(text) if _plain(p)]
    if len(parts) > 1:
        return all(pending(p) for p in parts)
    return in_progress(text) or catch_all(text) or layout_formula(text, below=True)


_SENTENCES = re.compile(r"[。．！？!?\n]+")


#: A field or column that holds a status (状態, ステータス, 進捗, 営業状況): there 準備中 or 調査中 is its value.
_STATUS_FIELD = re.compile(r"状態|状況|ステータス|進捗|進行|段階|現況|営業|フェーズ|status|state|phase|progress", re.I)


def status_value(name: str, value: str) -> bool:
    """Whether ``value`` is work in progress given as the value of a status field ``name`` (| 状態 | 準備中 |,
    {"status": "対応中"}): content there."""
    return _STATUS_FIELD.search(name) is not None and in_progress(value)


__all__ = ["catch_all", "in_progress", "layout_formula", "pending", "promises_later", "status_value"]
