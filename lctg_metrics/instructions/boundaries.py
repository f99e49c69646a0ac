"""Where a reader ends a sentence on a line, beyond the marks: a 。 or ！ inside a name ends none, and a quoted line
standing on its own is a sentence of its own.

``text.split_sentences`` cuts at 。！？ outside brackets and keeps a quotation inside the sentence around it. Two
readings need the analyser, and ``split`` adds them before cutting:

- a name holding a mark: a 。！？ written right after a noun and right before a particle that attaches to a noun
  (の, が, を, に, へ, と, は, も, や, から, まで, より) is part of the name (モーニング娘。のライブ, けいおん！を見た):
  no Japanese sentence starts with such a particle, save as a conjunction (が、 and と、, or と before a verb of
  saying or becoming: と言っても, となると); so is a mark the analyser reads inside one word (ミニモニ。);
- a quotation standing on its own: a 「…」 that starts the sentence (at the line start, or after a sentence's end or
  another such quotation) and is not followed by a particle, an auxiliary or a suffix (「…」と言った, 「…」です) is
  speech a reader reads as its own sentence or sentences (「晴れです。」「雨です。」 is two; 彼は言った。「行こう。」
  そして歩き出した。 is three); a quotation without a mark of its own before a noun is a name or a label
  (「いいね」ボタンを押す) and stays in its sentence, as does one quoted inside narration (彼は「行こう。」と言った。),
  unless that noun names a person (a person's name, or a word for a person: 母, 先生, みんな; 2.3), who is the
  speaker or the narration's subject, never what a quotation labels (「おはよう」先生が笑った。 is two), or is the
  subject (が, は, も) of a predicate only a person performs: a verb of saying or of a speaker's reaction (言う, 微笑む,
  頷く, 尋ねる), a gesture (声をかける, 手を振る, 首をかしげる) or a noun of one with する (返事をした, ガッツポーズ
  をした) (2.5): 「がんばって」コーチが声をかけた。 and 「ありがとう」さくらが微笑んだ。 are two sentences whatever the
  analyser reads コーチ and さくら as, while 「おかえり」セールが始まった。 and 「新発売」キャンペーンが話題を呼んだ。
  are one.

A name whose mark is followed by more of the name (ハロー！プロジェクト) has the shape of a cry before a noun
(ヤッホー！パーティーの準備だ): the established names of that shape are listed (``MARKED_NAMES``, 2.5), and from
2.6 a mark inside a sentence that began before it, between a noun and a compound noun bound by a case particle to
the one predicate after it (昨日は探偵！ナイトスクープを見た), is inside a name (``names``); any other is a cry.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.names import before_particle, joins_name, name_run
from lctg_metrics.instructions.text import SENTENCE_END, ends_here, split_sentences

#: Stand-ins for a mark inside a name and for the opening bracket of a stand-alone quotation while the line is cut
#: (private-use characters: no text holds them), put back in each piece.
_NAME_MARK = {"。": "\ue000", "！": "\ue001", "？": "\ue002", "!": "\ue003", "?": "\ue004"}
_OPEN = "\ue005"
_RESTORE = str.maketrans({**{v: k for k, v in _NAME_MARK.items()}, _OPEN: "「"})
#: What follows a quotation and binds it into its sentence: a particle, an auxiliary or a suffix (と言った, です, 派).
_BINDING = ("助詞", "助動詞", "接尾辞")
#: Words for people (kin, roles, groups) that a quotation never labels: after one, the quotation is speech and the
#: person starts the narration (「ただいま」母が…, 「いただきます」みんなで…). A person's name is read by the analyser
#: (``pos3`` 人名).
_PEOPLE = frozenset(
    "母 父 兄 姉 弟 妹 祖母 祖父 母親 父親 両親 夫 妻 息子 娘 子 子供 子ども 赤ちゃん 家族 先生 "
    "生徒 学生 友人 友達 仲間 先輩 後輩 上司 部下 同僚 店員 客 お客 医者 看護師 少年 少女 男 女 "
    "男性 女性 老人 皆 みんな みな 全員 誰か 店主 店長 主人 女将 監督 コーチ 選手 社長 部長 課長 係長 校長 "
    "担任 院長 医師 教授 博士 記者 職人 師匠 弟子 駅員 車掌 運転手 警官 船長 隊長 キャプテン 審判 店員さん "
    "司書 係員 警備員 受付 乗務員 添乗員 ガイド 住職 僧侶 神父 牧師 祖父母 叔父 叔母 伯父 伯母 孫 彼 彼女 彼ら".split()
)
#: Predicates only a person performs (UniDic lemmas): verbs of saying and of a speaker's reaction.
_SPEECH_VERBS = frozenset(
    "言う 話す 叫ぶ 答える 応える 笑う 微笑む 呟く 囁く 泣く 頷く 尋ねる 訊く 問う 告げる 怒鳴る 励ます 促す "
    "叱る 褒める 謝る 照れる 語る 述べる 呼び掛ける 喚く 嘆く ぼやく 言い返す 切り出す 付け加える 笑い掛ける "
    "微笑み掛ける 吹き出す 噴き出す 泣き出す 笑い出す 唱える 囃す 冷やかす 茶化す 迎える 呼び止める 見送る "
    "出迎える 諭す 宥める 問い掛ける 声掛ける".split()
)
#: Body parts and the voice: a gesture is one of them as the object of a verb (声をかける, 手を振る, 首をかしげる).
_GESTURE_OBJECTS = frozenset("声 手 首 肩 胸 目 口 頭 眉 舌 腕 拳 息 溜め息 笑み 涙 顔 唇 歯 腰".split())
#: Nouns of a speaker's act, made a predicate with する (返事をした, 会釈した).
_SPEECH_NOUNS = frozenset(
    "返事 挨拶 会釈 合図 相槌 苦笑 苦笑い 微笑 拍手 ガッツポーズ ウインク ウィンク 目配せ 舌打ち 咳払い 質問 "
    "発言 返答 説明 提案 反論 報告 指示 命令 宣言 お辞儀 あくび 欠伸 ため息 溜め息".split()
)
#: Established names with a mark followed by more of the name (see the module docstring), as written.
MARKED_NAMES = (
    "ハロー！プロジェクト",
    "ハロー!プロジェクト",
    "ハロー！モーニング",
    "ラブライブ！サンシャイン",
    "ラブライブ！スーパースター",
    "ラブライブ！虹ヶ咲",
    "ラブライブ！蓮ノ空",
    "それいけ！アンパンマン",
    "アイカツ！シリーズ",
    "Yes!プリキュア",
)
#: A noun put before the words after a quotation, so the analyser reads those words as it would after the quote.
_STAND_IN = "言葉"


#: A name in Latin letters holding marks and blanks between its words, bound as a whole by a particle that attaches
#: to a noun (Hey! Say! JUMPのライブ, round 13): it starts after no Latin letter and its last word touches the particle,
#: so only Latin words are joined (a Japanese sentence before a mark is never part of it).
_LATIN_NAME = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9'&.\-]*(?:[!?！？]+[ \u3000]?[A-Za-z][A-Za-z0-9'&.\-]*)+"
    r"(?=の|が|を|に|へ|と|は|も|や|から|まで|より)"
)


def name_marks(line: str) -> set[int]:
    """Offsets of the marks of ``line`` that belong to a name (see the module docstring)."""
    if not any(ch in _NAME_MARK for ch in line):
        return set()
    found = morph.spans(line)
    out = {
        at + name.index(mark)
        for name in MARKED_NAMES
        for mark in name
        if mark in _NAME_MARK
        for at in _occurrences(line, name)
    }
    for latin in _LATIN_NAME.finditer(line):  # Hey! Say! JUMPの (round 13): a Latin name bound by a particle
        out.update(latin.start() + i for i, ch in enumerate(latin.group(0)) if ch in _NAME_MARK)
    for k, (start, end, m) in enumerate(found):
        if m.pos1 == "名詞" and len(m.surface) > 1 and m.surface[-1] in _NAME_MARK:
            out.add(end - 1)  # the analyser reads the mark inside the word (ミニモニ。)
        if m.surface not in _NAME_MARK or not 0 < k < len(found) - 1:
            continue
        if before_particle(found, k):
            out.update(name_run(found, k))
        elif joins_name(found, k):
            out.add(start)
    return out


def _occurrences(line: str, name: str) -> list[int]:
    """Offsets where ``name`` is written in ``line``."""
    out, at = [], line.find(name)
    while at >= 0:
        out.append(at)
        at = line.find(name, at + 1)
    return out


def mask_names(line: str) -> str:
    """``line`` with each mark that belongs to a name replaced by a stand-in that no check reads as a mark (for
    checks that ask whether a line holds a sentence end)."""
    chars = list(line)
    for at in name_marks(line):
        chars[at] = _NAME_MARK[chars[at]]
    return "".join(chars)


def holds_end(text: str) -> bool:
    """Whether ``text`` holds a mark that ends a sentence (not one inside a name: 「第1章 モーニング娘。の歩み」
    holds none)."""
    masked = mask_names(text) if any(ch in _NAME_MARK for ch in text) else text
    return any(ch in SENTENCE_END and ends_here(masked, i) for i, ch in enumerate(masked))


def _closing(line: str, i: int) -> int:
    """The offset of the 」 closing the 「 at ``i`` (nested 「」 counted), or -1 when the line does not close it."""
    depth = 0
    for j in range(i, len(line)):
        depth += (line[j] == "「") - (line[j] == "」")
        if depth == 0:
            return j
    return -1


def _chain_end(line: str, j: int) -> int:
    """The offset of the last 」 of the quotations following each other from the one closing at ``j``
    (「安心」「安全」「快適」の…: the chain is read as one)."""
    while True:
        k = j + 1
        while k < len(line) and line[k] in " 　":
            k += 1
        close = _closing(line, k) if k < len(line) and line[k] == "「" else -1
        if close < 0:
            return j
        j = close


def _stands_alone(line: str, j: int) -> bool:
    """Whether the quotation closing at ``j``, with those that follow it at once, is read on its own: nothing binds
    the last of them into a sentence (see the module docstring)."""
    end = _chain_end(line, j)
    after = line[end + 1 :].lstrip(" \u3000")
    if not after:
        return True
    if after[0] in SENTENCE_END:
        return False  # 「行こう」。 ends with its mark anyway
    words = morph.analyze(_STAND_IN + after[:48])
    if len(words) < 2 or words[0].surface != _STAND_IN:
        return False
    following = words[1]
    if following.pos1 in _BINDING:
        return False
    ends_in_mark = line[end - 1] in SENTENCE_END + "…"
    spoken = _is_speech(line[line.rfind("「", 0, end) + 1 : end]) and following.surface not in _LABELLED
    return ends_in_mark or following.pos1 != "名詞" or _is_person(following) or _person_acts(words[1:]) or spoken


#: Nouns a quotation names when it comes right before them (「いいね」ボタン, 「おかえり」セール): a label, not speech.
_LABELLED = frozenset(
    "ボタン セール キャンペーン フェア イベント 企画 作戦 運動 精神 マーク 看板 表示 スタンプ 機能 ブーム 現象 "
    "発言 宣言 事件 騒動 番組 シリーズ コーナー 文字 言葉 一言 サイン メッセージ 通知 アイコン リンク 欄 タブ "
    "メニュー 画面 ポーズ 掛け声 合言葉 コール プラン コース セット 賞 大賞 商法 スタイル ブランド 構文 ポスト "
    "投稿 返信 コメント タグ ハッシュタグ 曲 歌 節 ソング 音頭 体操 ダンス".split()
)
#: Greetings the analyser reads as nouns (只今, 御帰り): an utterance, not a title.
_GREETING_LEMMAS = frozenset("只今 御帰り 御休み 御疲れ様 今日は 今晩は 御免 御免なさい 頂きます 御馳走様".split())


def _is_speech(quoted: str) -> bool:
    """Whether a quotation's words are an utterance (r7): they end in a predicate (a verb, an adjective, an
    auxiliary: 「もう朝だよ」, 「静かに」), a final or conjunctive particle (「待って」), an interjection or a greeting
    (「ただいま」); a title or name ends in a noun (「進撃の巨人」作者の…). Known limit: a title ending in a verb
    (「生きる」監督の…) is read as speech."""
    tail = [m for m in morph.analyze(quoted) if m.pos1 not in ("補助記号", "空白", "記号")]
    if not tail:
        return False
    last = tail[-1]
    if last.pos1 in ("動詞", "形容詞", "助動詞", "感動詞") or last.lemma in _GREETING_LEMMAS:
        return True
    return last.pos1 == "助詞" and last.pos2 in ("終助詞", "接続助詞")


def _person_acts(words: tuple[morph.Morpheme, ...]) -> bool:
    """Whether ``words`` open with a noun phrase that is the subject (が, は, も) of a predicate only a person performs
    within its sentence (see the module docstring)."""
    k = 0
    while k < len(words) and (
        words[k].pos1 in ("名詞", "接尾辞")
        or (words[k].surface == "の" and 0 < k < len(words) - 1 and words[k + 1].pos1 == "名詞")
    ):  # 図書館の司書が (r7)
        k += 1
    if not 0 < k < len(words) or words[k].pos1 != "助詞" or words[k].surface not in ("が", "は", "も"):
        return False
    rest = words[k + 1 :]
    for i, w in enumerate(rest):
        if w.surface in SENTENCE_END or w.surface == "「":
            return False
        nxt = rest[i + 1] if i + 1 < len(rest) else None
        if w.pos1 == "動詞" and w.lemma in _SPEECH_VERBS and (nxt is None or nxt.pos1 != "名詞"):
            return True
        if w.pos1 == "名詞" and nxt is not None and nxt.surface in ("を", "で") and i + 2 < len(rest):
            if rest[i + 2].pos1 == "動詞" and w.lemma in _GESTURE_OBJECTS:
                return True
        if w.pos1 == "名詞":
            run = "".join(m.surface for m in rest[i:] if m.pos1 == "名詞")[:12]
            phrase = next((n for n in _SPEECH_NOUNS if run.startswith(n)), None)
            if phrase is not None and w.surface == phrase[: len(w.surface)] and _done_with(rest, i, phrase):
                return True
    return False


def _done_with(rest: tuple[morph.Morpheme, ...], i: int, phrase: str) -> bool:
    """Whether the noun ``phrase`` starting at ``rest[i]`` is made a predicate by する (返事をした, 会釈した)."""
    j, taken = i, ""
    while j < len(rest) and len(taken) < len(phrase):
        taken += rest[j].surface
        j += 1
    if taken != phrase:
        return False
    if j < len(rest) and rest[j].surface == "を":
        j += 1
    return j < len(rest) and rest[j].lemma == "為る"


def _is_person(word: morph.Morpheme) -> bool:
    """Whether a noun names a person (``_PEOPLE`` or a name the analyser reads as 人名)."""
    return word.pos3 == "人名" or word.lemma in _PEOPLE or word.surface in _PEOPLE


def _quotations(line: str) -> tuple[str, list[int]]:
    """``line`` with the opening bracket of each stand-alone quotation replaced (so its 。 end sentences), and the
    offsets after each such quotation without a mark of its own where its sentence ends."""
    chars, cuts, i, starts = list(line), [], 0, True
    while i < len(line):
        ch = line[i]
        if ch == "「" and starts:
            j = _closing(line, i)
            if j > 0 and _stands_alone(line, j):
                chars[i] = _OPEN
                rest = line[j + 1 :].lstrip(" \u3000")
                if rest and rest[0] != "「" and line[j - 1] not in SENTENCE_END + "…":
                    cuts.append(j + 1)
                i, starts = j + 1, True
                continue
        if not ch.isspace():
            starts = ch in SENTENCE_END or ch == "」" and starts
        i += 1
    return "".join(chars), cuts


def split(line: str) -> list[str]:
    """Sentences of one line as a reader cuts them: ``text.split_sentences`` with marks inside names kept and
    stand-alone quotations read as sentences (see the module docstring)."""
    if not any(ch in _NAME_MARK or ch == "「" for ch in line):
        return split_sentences(line)
    chars = list(line)
    for at in name_marks(line):
        chars[at] = _NAME_MARK[chars[at]]
    marked, cuts = _quotations("".join(chars)) if "「" in line else ("".join(chars), [])
    edges = [0, *cuts, len(marked)]
    return [piece.translate(_RESTORE) for a, b in zip(edges, edges[1:]) for piece in split_sentences(marked[a:b])]


def interjected(sentence: str, where: tuple[int, int], inner: str) -> bool:
    """Whether the aside ``inner`` at ``where`` in ``sentence`` is one question or exclamation inside a sentence
    that goes on after it with a particle or an auxiliary (彼（本当に彼だったのか？）が来ました。): a remark a reader
    does not count as a sentence (2.8). An aside closing its sentence, or holding two sentences, is not one."""
    after = morph.analyze(sentence[where[1] :]) if where[1] < len(sentence) else ()
    pieces = split(inner)
    one_remark = len(pieces) == 1 and pieces[0].rstrip()[-1:] in "？！?!"
    return one_remark and bool(after) and after[0].pos1 in ("助詞", "助動詞")


__all__ = ["MARKED_NAMES", "holds_end", "interjected", "mask_names", "name_marks", "split"]
