"""rule@1.2: trailing notes and remarks (conditions, counting, disclaimers, closings), cut and kept, per task."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.cleaners.rule import clean, explain

SUMMARY = "市は1日、駅前に新しい図書館を開館した。蔵書は約30万冊で、初日は約2千人が訪れた。"
TITLE = "雪国の米農家がつくる、無洗米の定期便"
PROS = "メリット：\n・通勤がなくなる\n・集中しやすい\nデメリット：\n・孤立しやすい\n・運動不足になる"
ANSWERS = {"summary": SUMMARY, "ad_text": TITLE, "pros_and_cons": PROS}
TASKS = tuple(ANSWERS)

#: Footers that speak about the answer whatever the task: every task must cut them.
FOOTERS_ANY_TASK = [
    # the answer follows the conditions, the instruction or the source
    "\n※条件に合わせて作成しました。",
    "\n\n※ご指定の条件に沿って作成しています。",
    "\n※指示に従って作成しました。",
    "\n※ご依頼の内容に基づいて作成しました。",
    "\n※お題に沿って書いてみました。",
    "\n※要件どおりに作成済み",
    "\n＊条件に合わせて作成しました",  # full-width asterisk as the note mark
    "\n※記事の内容に基づいています。",
    "\n条件に合わせて作成しました。",
    "\n\nご指定の条件をすべて守っています。",
    "\n（ご指定の条件に沿って作成）",
    "\n※与えられた条件で作成しました",
    # how characters were counted
    "\n※句読点を含みます。",
    "\n※句読点・記号を含めてカウントしています。",
    "\n※全角で数えています。",
    "\n※カウントは全角基準です",
    "\n*記号を除いて数えています",
    "\n（句読点含む）",
    "\n【句読点込み】",
    # disclaimers about the answer, after ※
    "\n※架空の商品名です。",
    "\n※あくまで一例です。",
    "\n※実在する企業とは関係ありません。",
    # closings in forms rule@1.1 missed
    "\n\n以上で終わります。",
    "\n以上で回答を終わります。",
    "\n\n以上のようになります。",
    "\n\n私からは以上です。",
    "\n\n今回の回答は以上となります。",
    "\n\n作成は以上です。",
    "\n（以上）",
    "\n\n以上、作成しました！",
    "\n\nまとめました。",
    "\n\nThat's all.",
    "\n\nEnd of summary.",
]


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize("footer", FOOTERS_ANY_TASK)
def test_trailing_note_is_removed_in_every_task(task: str, footer: str) -> None:
    assert clean(ANSWERS[task] + footer, task) == ANSWERS[task]


REMOVED = [
    # (task, generation, expected): per-task pointers, same-line notes, counts with their convention, headers
    ("summary", SUMMARY + "\n\n上記が要約です。", SUMMARY),
    ("summary", SUMMARY + "\n\nこちらが要約になります。", SUMMARY),
    ("ad_text", TITLE + "\n\n上記が作成した広告文です。", TITLE),
    ("ad_text", TITLE + "\n\nこちらが作成したタイトルになります。", TITLE),
    ("ad_text", TITLE + "\n\nタイトル案は以上です。", TITLE),
    ("pros_and_cons", PROS + "\n\n上記がメリットとデメリットです。", PROS),
    ("pros_and_cons", PROS + "\n\nメリットとデメリットは以上です。", PROS),
    ("ad_text", TITLE + " ※条件に合わせて作成しました。", TITLE),  # ※ on the title's own line
    ("ad_text", TITLE + "※指示どおりに作成しました", TITLE),
    ("pros_and_cons", PROS + "※条件に合わせて作成しました。", PROS),
    ("summary", SUMMARY + "句読点を含めて45字です。", SUMMARY),
    ("summary", SUMMARY + "※句読点込みで45字", SUMMARY),
    ("summary", "記事の内容をもとに要約しました。\n" + SUMMARY, SUMMARY),
    ("summary", "条件に合わせて作成しました。\n" + SUMMARY, SUMMARY),
    ("ad_text", "ご指定の条件に沿って作成しています。\n" + TITLE, TITLE),
    ("ad_text", "※条件に合わせて作成しました。\n" + TITLE, TITLE),
    # a ※ note may have its own subject when it says the answer follows the source; 上記の… is the answer
    ("summary", SUMMARY + "\n※地名は記事の表記に合わせています。", SUMMARY),
    ("pros_and_cons", PROS + "\n\n上記のメリット・デメリットは、「費用」という語を使わずに書きました。", PROS),
    ("ad_text", TITLE + "\n\n忙しい共働き世帯に向け、手軽さを前面に出す構成にしています。", TITLE),
    ("summary", SUMMARY + "\n</要約>", SUMMARY),  # a closing pseudo-tag
    ("summary", SUMMARY + "\n＜／要約＞", SUMMARY),
    ("ad_text", TITLE + "\n\nRationale: it stresses where the rice is grown.", TITLE),
]


@pytest.mark.parametrize(("task", "generation", "expected"), REMOVED)
def test_added_text_is_removed(task: str, generation: str, expected: str) -> None:
    assert clean(generation, task) == expected


KEPT = [
    # hard negatives: content that looks like the new families
    ("ad_text", "ご予算・条件に合わせて作ります。注文住宅のA工務店"),  # present tense: ad copy
    ("ad_text", "オーダーメイドの本棚\n職人がご要望どおりに作りました。"),
    ("ad_text", "北海道産じゃがいも100%のポテトチップス\n※画像はイメージです"),  # a product disclaimer
    ("ad_text", "全品送料無料※一部地域を除く"),
    ("ad_text", "月極駐車場・収納付き2LDK（駐車スペース込み）"),  # スペース in a compound
    ("ad_text", "SNS投稿代行（ハッシュタグ・絵文字込み）"),
    ("ad_text", "丹精込めて作りました。雪国の無洗米"),
    ("ad_text", "旬の野菜を産地直送\n心を込めてご用意しました。"),
    ("ad_text", "理想の条件で探せる、賃貸検索アプリ"),
    ("ad_text", "快適な眠り、これが私たちの答えです。"),  # 答え is not an ad-text pointer noun
    ("ad_text", "Coffee. That's all you need."),
    ("summary", "政府は新たな支援策を決めた。条件を満たした世帯に給付金を支給しました。"),  # 満た not the predicate
    ("summary", "町内の小学生が地元の野菜で給食の献立を考えました。子どもたちは指定の畑で収穫も体験しました。"),
    ("summary", "同社は新型端末を発表した。画面は6.1インチで、これが同社の最新モデルです。"),
    ("summary", "市は新制度の概要をまとめた。主な変更点は以上の3点だ。"),
    ("summary", "警察は住民に注意を呼びかけました。ルールを守って安全に過ごすよう求めています。"),
    ("summary", "県は大雨の被害状況をまとめた。※数字は24日午後5時時点。"),
    ("summary", "政府は年金改革案をまとめた。これが政府の改革案です。"),  # 案 is news in a summary
    ("pros_and_cons", PROS + "\n\n※設置スペースの確保が必要です。"),
    ("pros_and_cons", PROS + "\n\n※価格は店舗によって異なります。"),
    ("ad_text", TITLE + "\n※価格は一例です。"),  # a disclaimer with its own subject is about the product
    ("pros_and_cons", PROS + "\n\n※料金はプランの一例です。"),
    ("pros_and_cons", "メリット\n・歩数を自動でカウントしてくれます。\nデメリット\n・充電が必要です。"),
    ("pros_and_cons", "メリット：自分の条件に合わせて選べます。\nデメリット：手間がかかります。"),
    ("pros_and_cons", "メリット\n・ルールを守れば誰でも参加できる\nデメリット\n・条件を満たすまで時間がかかる"),
    ("pros_and_cons", "メリットは、好きな条件で家を選べることです。デメリットは、初期費用がかかることです。"),
    ("pros_and_cons", PROS + "\n\nまずは短期間から試してみるのが現実的でしょう。"),
]


@pytest.mark.parametrize(("task", "generation"), KEPT)
def test_content_is_kept_unchanged(task: str, generation: str) -> None:
    assert clean(generation, task) == generation
    assert explain(generation, task) == ()


@pytest.mark.parametrize(
    ("task", "text"),
    [
        ("summary", TITLE + "\n\n上記が広告文のタイトルです。"),  # a pointer names the task's own answer
        ("ad_text", TITLE + "\n\n上記が要約です。"),
        ("summary", SUMMARY + "\n\n上記がメリットとデメリットです。"),
    ],
)
def test_pointer_nouns_are_per_task(task: str, text: str) -> None:
    assert clean(text, task) == text


def test_explain_names_the_new_rules() -> None:
    removals = explain(TITLE + "\n※条件に合わせて作成しました。\n\nタイトル案は以上です。", "ad_text")
    assert [(r.side, r.rule) for r in removals] == [("tail", "closing_line"), ("tail", "note_line")]


BODY = st.text(alphabet="山川森林花鳥風雪空海犬猫石草竹松梅桜春夏秋冬、", min_size=8, max_size=40).map(
    lambda s: s + "。"
)


@settings(max_examples=200, deadline=None)
@given(BODY, st.sampled_from(FOOTERS_ANY_TASK), st.sampled_from(TASKS))
def test_a_new_footer_is_cut_after_any_plain_body(body: str, footer: str, task: str) -> None:
    assert clean(body + footer, task) == body
