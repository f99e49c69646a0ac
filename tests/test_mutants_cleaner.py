"""The rule cleaner's pattern alternatives that no other test reached (tools/mutation.py, target cleaner-patterns).

Deleting any one of these alternatives left every other test green: no other rule cut the phrase it is there for.
Each case is a preamble or closing written for this table that only that alternative cuts, with the answer it
must leave. The answers are plain content the cleaner must keep whole (the second table shows they survive on
their own), so the expected value is the answer as written here, not anything the cleaner computed.
"""

from __future__ import annotations

import pytest

from lctg_metrics.cleaners.rule import clean

SUMMARY = (
    "町の商店街で毎月第一日曜に朝市が開かれ、地元農家の野菜や手作りのパンが並ぶ。"
    "昨年の開始以来、来場者は増え続けている。"
)
TITLE = "朝採れ野菜を玄関までお届け、週末の食卓に彩りを"
PROS = (
    "メリット：\n・通勤時間がなくなる\n・自分のペースで働ける\n"
    "デメリット：\n・運動不足になりやすい\n・仕事と私生活の境目があいまいになる"
)
ANSWERS = {"summary": SUMMARY, "ad_text": TITLE, "pros_and_cons": PROS}

# (alternative it pins, task, text added before the answer)
HEADS = [
    # COMPOSE_VERBS: ピックアップ|リストアップ|並べ|お出し|ご用意|ご提示|提示|お示し|ご説明|…|お作り|練っ
    ("ピックアップ", "pros_and_cons", "メリットとデメリットをピックアップしました。\n"),
    ("練っ", "ad_text", "タイトル案を練ってみました。\n"),
    ("並べ", "summary", "要点を並べます。\n"),
    ("ご説明", "pros_and_cons", "順番にご説明しますね。\n"),
    # BARE_ADVERBS: 一緒に|箇条書きで|ポイントを|ポイントごとに|まとめて|一つずつ|…|早速|改めて
    ("一つずつ", "pros_and_cons", "一つずつ見ていきましょう。\n"),
    ("箇条書きで", "pros_and_cons", "箇条書きでまとめます。\n"),
    # ACKNOWLEDGEMENTS: 任せて|いいですよ|いいですね|良いですね|お安い御用|承りました|ok|okay|オッケー|オーケー
    ("お安い御用", "summary", "お安い御用です！\n"),
    ("承りました", "ad_text", "承りました。\n"),
    ("オッケー", "summary", "オッケー！\n"),
    ("任せて", "pros_and_cons", "任せてください！\n"),
    ("いいですね", "summary", "いいですね！\n"),
    # ACKNOWLEDGEMENTS: (喜んで)?(お手伝い|サポート)(します|いたします|させていただきます)
    ("お手伝いします", "summary", "喜んでお手伝いします！\n"),
    ("お手伝いさせていただきます", "summary", "お手伝いさせていただきます。\n"),
    # EN_ACKNOWLEDGEMENTS: here it is|with pleasure|definitely|(what a )?(great|good) question
    ("with pleasure", "summary", "With pleasure!\n"),
    ("good question", "summary", "Good question!\n"),
    ("definitely", "ad_text", "Definitely!\n"),
    # CONSTRAINT_VERBS (notes): 取り入れ|反映|抑え|不使用|未使用
    ("反映", "ad_text", "キーワード「野菜」を反映しました。\n"),
]

# (alternative it pins, task, text added after the answer)
TAILS = [
    # EN_CLOSINGS: please let me know|…|is there anything|would you like|…  (no cue word: only this cuts it)
    ("is there anything", "summary", "\nIs there anything else?"),
    # EN_CLOSINGS: enjoy|good luck|have a …|thanks|thank you|cheers|happy to help
    ("enjoy", "ad_text", "\nEnjoy!"),
    ("good luck", "pros_and_cons", "\nGood luck!"),
    ("thanks", "summary", "\nThanks!"),
    # EN_CLOSINGS: (word|character|char) count, and a bare count, on the answer's own line
    ("char count", "summary", "Char count: 58"),
    ("58 chars", "summary", "58 chars."),
    # EN_CLOSINGS: (this|the|my) (summary|title|…|version|copy)
    ("this version", "ad_text", "\nThis version is more casual."),
    # CLOSINGS: ^(要約|回答|…)は以上(です|となります|になります), not at the sentence end
    ("要約は以上", "summary", "\n要約は以上になりますね。"),
    # CLOSINGS: (お読み|ご覧|ご質問|ご依頼|ご相談|ご利用|最後まで).{0,10}ありがとうございました
    ("最後まで…ありがとうございました", "summary", "\n最後までお読みいただき、ありがとうございました。"),
    ("ご依頼ありがとうございました", "ad_text", "\nご依頼ありがとうございました！"),
    # CLOSINGS: ^ありがとうございました
    ("ありがとうございました", "pros_and_cons", "\nありがとうございました。"),
    # CLOSINGS: (修正|…|短く|…)(し|いたし|を)?(ましょうか|しましょうか)
    ("短くしましょうか", "summary", "\nもう少し短くしましょうか？"),
    # READER_CLOSINGS: (ご要望|ご希望|必要)に応じて
    ("必要に応じて", "summary", "\n必要に応じて言葉を補ってお使いください。"),
    # READER_CLOSINGS: (修正|…|作成|ご用意).{0,15}(可能です|できます|いたします)
    ("作成できます", "summary", "\nもっと短い版も作成できます。"),
    # OFFER_CUE: 必要に応じて|別の|他の|…|いくつか|違った|違う|…
    ("別の", "ad_text", "\n別の切り口のタイトルもお出しできます。"),
    ("いくつか", "summary", "\nいくつか違う長さでもお作りできます。"),
    # ADVICE_END, one alternative each
    ("頑張ってくださいね", "pros_and_cons", "\n新しい働き方、頑張ってくださいね！"),
    ("てみてください", "pros_and_cons", "\n迷ったら、まずは一週間試してみてください。"),
    ("ますように", "pros_and_cons", "\nあなたに合った働き方が見つかりますように。"),
    ("素敵な…を！", "pros_and_cons", "\n素敵な在宅ライフを！"),
    ("いただければと思います", "pros_and_cons", "\n働き方を選ぶ際の判断材料にしていただければと思います。"),
    # RESTATEMENT: ^(上記の|以上の|この)ように、….(まとめ|整理し|要約し)(ました|ています), with a subject (が)
    ("このように…整理しました", "summary", "\nこのように、記事の要点が一目で分かるよう整理しました。"),
    ("このように…整理しました", "pros_and_cons", "\nこのように、長所と短所がはっきり分かるよう整理しました。"),
    # CONSTRAINT_VERBS (notes): 反映 in a terse remark
    ("反映済み", "summary", "\n指定語を反映済みです。"),
]


@pytest.mark.parametrize("task", sorted(ANSWERS))
def test_the_answers_alone_are_kept_whole(task):
    assert clean(ANSWERS[task], task) == ANSWERS[task]


@pytest.mark.parametrize(("pins", "task", "head"), HEADS, ids=[f"{t}:{p}" for p, t, _ in HEADS])
def test_a_preamble_only_one_alternative_cuts(pins, task, head):
    assert clean(head + ANSWERS[task], task) == ANSWERS[task]


@pytest.mark.parametrize(("pins", "task", "tail"), TAILS, ids=[f"{t}:{p}" for p, t, _ in TAILS])
def test_a_closing_only_one_alternative_cuts(pins, task, tail):
    assert clean(ANSWERS[task] + tail, task) == ANSWERS[task]


# The same words inside an answer, where they are content: the cleaner never edits the middle, and an ad title
# that invites or wishes is copy, not a sign-off (ad_text takes no advice rule).
KEPT = [
    ("ad_text", "素敵な週末を！"),
    ("ad_text", "暮らしの悩み、お安い御用です！便利屋サービス"),
    ("ad_text", "新生活、頑張ってくださいね！応援価格のベッド"),
    ("summary", "市は、必要に応じて避難所を開設すると発表した。\n" + SUMMARY),
    ("pros_and_cons", PROS.replace("・自分のペースで働ける", "・一つずつ課題を片付けられる")),
]


@pytest.mark.parametrize(("task", "text"), KEPT)
def test_the_same_words_as_content_stay(task, text):
    assert clean(text, task) == text
