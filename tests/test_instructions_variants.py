"""Checkers 2.1: properties of the classes behind the last known gaps. Hidden by a class, a katakana letter drawn like a
kanji, romaji, emphatic kana, a word split by blanks and mixed kanji-and-kana spellings are read as a reader reads
them; honest text built from word lists never matches by accident."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.hidden import HIDING_CLASSES
from lctg_metrics.instructions.lookalike import as_read

# --- 1. hidden by a class -------------------------------------------------------------------------------------------

HIDING_DECLARATIONS = [
    "display:none",
    "visibility: hidden",
    "font-size:0",
    "opacity: 0",
    "position:absolute;left:-9999px",
    "clip: rect(0 0 0 0)",
    "text-indent:-10000px",
    "width:1px;height:1px;overflow:hidden",
]
CSS_NAME = st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(HIDING_CLASSES)), st.sampled_from(["伝統", "文化", "AI"]))
def test_a_keyword_inside_a_conventional_hiding_class_is_not_seen(name: str, keyword: str) -> None:
    response = f'和食は季節を映します。<span class="note {name}">{keyword}</span>'
    assert not check("keywords:existence", response, {"keywords": [keyword]}).passed
    assert check("keywords:forbidden", response, {"words": [keyword]}).passed


@settings(max_examples=40, deadline=None)
@given(CSS_NAME, st.sampled_from(HIDING_DECLARATIONS), st.booleans(), st.sampled_from(["span", "p", "div", "em"]))
def test_a_class_or_id_the_response_hides_with_its_own_style_is_not_seen(
    name: str, rule: str, by_id: bool, tag: str
) -> None:
    selector, attribute = (f"#{name}", f'id="{name}"') if by_id else (f".{name}", f'class="{name}"')
    response = f"<style>{selector} {{ {rule}; }}</style>和食は季節を映します。<{tag} {attribute}>伝統の味</{tag}>"
    assert not check("keywords:existence", response, {"keywords": ["伝統"]}).passed


@settings(max_examples=30, deadline=None)
@given(
    CSS_NAME, st.sampled_from(["color:gray", "font-weight:bold", "margin-left:1em", "opacity:0.7", "font-size:12px"])
)
def test_a_style_that_hides_nothing_keeps_the_text(name: str, rule: str) -> None:
    response = f'<style>.{name} {{ {rule}; }}</style>和食は<span class="{name}">伝統</span>の味です。'
    assert check("keywords:existence", response, {"keywords": ["伝統"]}).passed


# --- 2. katakana drawn like kanji -----------------------------------------------------------------------------------

#: Kanji words holding a kanji a katakana letter is drawn like, and that letter.
LOOKALIKE_WORDS = [
    ("協力", "力", "カ"),
    ("人口", "口", "ロ"),
    ("工場", "工", "エ"),
    ("努力", "力", "カ"),
    ("電力", "力", "カ"),
    ("入口", "口", "ロ"),
    ("夕方", "夕", "タ"),
    ("統一", "一", "ー"),
    ("加工", "工", "エ"),
    ("能力", "力", "カ"),
    ("出口", "口", "ロ"),
    ("重力", "力", "カ"),
    ("二人", "二", "ニ"),
    ("工学", "工", "エ"),
    ("夕食", "夕", "タ"),
]
HIRAGANA_CONTEXT = st.sampled_from(["", "きょうは", "みんなで", "あの", "とても"])
AFTER = st.sampled_from(["", "です", "がたいせつ", "をみる", "。"])
#: Katakana words that must stay katakana next to kanji (their letters include look-alikes).
KATAKANA_WORDS = [
    "カメラ",
    "ロボット",
    "エンジニア",
    "ハンバーガー",
    "タクシー",
    "トマト",
    "ニュース",
    "メニュー",
    "オレンジ",
    "チーズ",
    "カレー",
    "エアコン",
    "ロケット",
    "ハート",
    "ヌードル",
    "ムード",
    "ヒーロー",
    "オフィス",
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LOOKALIKE_WORDS), HIRAGANA_CONTEXT, AFTER)
def test_a_lookalike_in_a_kanji_word_counts_as_its_kanji(entry, before: str, after: str) -> None:
    word, kanji, kana = entry
    honest, cheat = before + word + after, before + word.replace(kanji, kana) + after
    n = sum(not ("ぁ" <= ch <= "ゖ") and ch not in "。" for ch in honest)  # every letter of the honest text is a kanji
    assert check("script:kanji_count", cheat, {"max": n - 1}).passed is False
    assert check("script:kanji_count", cheat, {"max": n}).passed
    assert not check("script:no_kanji", cheat, {}).passed


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(KATAKANA_WORDS),
    st.sampled_from(["新型", "大型の", "人気", "東京の", ""]),
    st.sampled_from(["工場", "を買う", "です", "売り場", ""]),
)
def test_katakana_words_beside_kanji_stay_katakana(word: str, before: str, after: str) -> None:
    text = before + word + after
    assert as_read(text) == text


# --- 3. romaji -------------------------------------------------------------------------------------------------------

#: An independent romaniser (Hepburn, kunrei and wāpuro spellings of each kana) written for this test.
_ROMAJI = {
    "あ": ["a"],
    "い": ["i"],
    "う": ["u"],
    "え": ["e"],
    "お": ["o"],
    "か": ["ka"],
    "き": ["ki"],
    "く": ["ku"],
    "け": ["ke"],
    "こ": ["ko"],
    "が": ["ga"],
    "ぎ": ["gi"],
    "ぐ": ["gu"],
    "げ": ["ge"],
    "ご": ["go"],
    "さ": ["sa"],
    "し": ["shi", "si"],
    "す": ["su"],
    "せ": ["se"],
    "そ": ["so"],
    "じ": ["ji", "zi"],
    "た": ["ta"],
    "ち": ["chi", "ti"],
    "つ": ["tsu", "tu"],
    "て": ["te"],
    "と": ["to"],
    "だ": ["da"],
    "で": ["de"],
    "ど": ["do"],
    "な": ["na"],
    "に": ["ni"],
    "ぬ": ["nu"],
    "ね": ["ne"],
    "の": ["no"],
    "は": ["ha"],
    "ひ": ["hi"],
    "ふ": ["fu", "hu"],
    "へ": ["he"],
    "ほ": ["ho"],
    "ば": ["ba"],
    "び": ["bi"],
    "ぶ": ["bu"],
    "べ": ["be"],
    "ぼ": ["bo"],
    "ぱ": ["pa"],
    "ぴ": ["pi"],
    "ぷ": ["pu"],
    "ぺ": ["pe"],
    "ぽ": ["po"],
    "ま": ["ma"],
    "み": ["mi"],
    "む": ["mu"],
    "め": ["me"],
    "も": ["mo"],
    "や": ["ya"],
    "ゆ": ["yu"],
    "よ": ["yo"],
    "ら": ["ra"],
    "り": ["ri"],
    "る": ["ru"],
    "れ": ["re"],
    "ろ": ["ro"],
    "わ": ["wa"],
    "ん": ["n"],
    "きょ": ["kyo"],
    "しゃ": ["sha", "sya"],
    "しょ": ["sho", "syo"],
    "じょ": ["jo", "zyo"],
    "ちょ": ["cho", "tyo"],
    "りょ": ["ryo"],
    "ぎょ": ["gyo"],
}
#: Forbidden words of three morae or more and their readings in hiragana.
ROMAJI_WORDS = [
    ("勉強", "べんきょう"),
    ("スマホ", "すまほ"),
    ("とても", "とても"),
    ("友達", "ともだち"),
    ("非常に", "ひじょうに"),
    ("図書館", "としょかん"),
    ("自転車", "じてんしゃ"),
    ("旅行", "りょこう"),
    ("先生", "せんせい"),
    ("大切", "たいせつ"),
    ("料理", "りょうり"),
    ("買い物", "かいもの"),
]


def _romanise(kana: str, choice: int) -> str:
    out, i = [], 0
    while i < len(kana):
        piece = kana[i : i + 2] if kana[i : i + 2] in _ROMAJI else kana[i]
        spellings = _ROMAJI[piece]
        out.append(spellings[choice % len(spellings)])
        i += len(piece)
    return "".join(out)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ROMAJI_WORDS), st.integers(0, 3), st.booleans(), st.booleans())
def test_a_forbidden_word_in_romaji_is_caught(entry, choice: int, upper: bool, short: bool) -> None:
    word, kana = entry
    token = _romanise(kana, choice)
    if short:  # the long vowel left unwritten (benkyo, sensei → sense is not written short: only ou → o)
        token = token.replace("ou", "o")
    token = token.capitalize() if upper else token
    assert not check("keywords:forbidden", f"毎日 {token} のことを考えます。", {"words": [word]}).passed, token


#: Common English words (a few hundred) and Japanese words a prompt forbids: no English word is read as one. (Japanese
#: place names written in English, Tokyo or Kyoto, are left out: they are the Japanese word.)
_ENGLISH_WORDS = """the be to of and a in that have it for not on with he as you do at this but his by from they we
say her she
or an will my one all would there their what so up out if about who get which go me when make can like time no just him
know take people into year your good some could them see other than then now look only come its over think also back
after use two how our work first well way even new want because any these give day most us is are was were has had
made same came game name take make sake tame tone bone home hope rope note vote more more sure pure cure here mere
were fire hire wire tire ride side wide hide tide bike like mike hike mine nine dine wine fine line pine kite site bite
rate date gate hate late mate kate fate nature future mature picture feature minute remote debate senate parade
banana tomato potato karate sonata amen agenda anime sumo tuna sofa soda coma zero hero piano radio video studio
mango tango hobby happy sunny money honey key monkey donkey turkey jockey hockey movie cookie rookie bakery
camera america africa asia europe japan china korea india russia canada mexico peru chile
i you we it my your his her our their mine yours seven eleven one two three four five six eight nine ten hundred
small large big little old young long short high low hot cold warm cool good bad nice fine great best better worse
run walk talk speak read write sing dance play study learn teach open close begin end start stop give take bring
apple orange lemon melon grape peach cherry berry bread rice noodle soup salad cake pie tea coffee milk water juice
school house home room door window table chair desk book pen paper phone computer car bus train plane ship bike
red blue green yellow white black brown pink purple gray gold silver dog cat bird fish horse cow pig sheep mouse
today tomorrow yesterday morning noon night week month year spring summer autumn winter season weather rain snow
happy sad angry tired busy free easy hard simple safe sure true false right wrong left north south east west
animal nature human family friend mother father sister brother baby child woman man person people teacher doctor
team game match goal score ball bat net race win lose tie sport tennis golf soccer baseball rugby judo
"""
ENGLISH = sorted(set(_ENGLISH_WORDS.split()))
FORBIDDEN = [
    "勉強",
    "スマホ",
    "とても",
    "非常に",
    "天気",
    "会社",
    "学校",
    "先生",
    "友達",
    "時間",
    "仕事",
    "大切",
    "簡単",
    "問題",
    "必要",
    "日本",
    "東京",
    "自分",
    "今日",
    "明日",
    "毎日",
    "健康",
    "運動",
    "食事",
    "料理",
    "旅行",
    "映画",
    "音楽",
    "趣味",
    "家族",
    "子供",
    "電話",
    "環境",
    "社会",
    "経済",
    "技術",
    "情報",
    "文化",
    "伝統",
    "季節",
    "自然",
    "安全",
    "安心",
    "便利",
    "大事",
    "本当",
    "すごい",
    "たぶん",
    "きっと",
    "もっと",
    "ちょっと",
    "なかなか",
    "いろいろ",
    "たくさん",
    "ありがとう",
    "頑張る",
    "楽しい",
    "嬉しい",
    "美しい",
    "面白い",
    "難しい",
    "新しい",
    "大きい",
    "小さい",
    "言葉",
    "世界",
    "地球",
    "未来",
    "希望",
    "努力",
    "成功",
    "失敗",
    "経験",
    "挑戦",
    "目標",
    "人生",
    "生活",
    "弁当",
    "富士山",
    "温泉",
    "着物",
    "祭り",
    "花火",
    "紅葉",
    "景色",
    "散歩",
    "公園",
    "会議",
    "資料",
    "予定",
    "準備",
    "結果",
    "理由",
    "方法",
    "意見",
    "質問",
    "答え",
    "説明",
    "表現",
    "印象",
    "特徴",
    "魅力",
    "価値",
    "品質",
    "価格",
    "商品",
    "あれ",
    "まで",
    "ため",
    "さめ",
    "たけ",
    "はて",
    "みね",
    "なつ",
    "まめ",
    "かめ",
    "ほね",
    "つな",
    "そなた",
    "まつり",
]


def test_no_common_english_word_reads_as_a_forbidden_japanese_word() -> None:
    assert len(ENGLISH) >= 300 and len(FORBIDDEN) >= 100
    text = "\n".join(f"I said {word} again." for word in ENGLISH)
    verdict = check("keywords:forbidden", text, {"words": FORBIDDEN})
    assert verdict.passed, verdict.reason


# --- 4. emphatic kana ------------------------------------------------------------------------------------------------

EMPHATIC_WORDS = [
    "とても",
    "すごく",
    "すごい",
    "たのしい",
    "おいしい",
    "かわいい",
    "うれしい",
    "ほんとう",
    "きれい",
    "やばい",
]


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(EMPHATIC_WORDS),
    st.integers(1, 5),
    st.sampled_from(["っ", "ー", "〜", "ーっ", "ーー"]),
    st.sampled_from(["景色、", "今日は", "「"]),
    st.sampled_from(["。", "！", "」", "景色でした。"]),
)
def test_an_emphatic_insertion_into_a_forbidden_word_is_still_caught(
    word: str, at: int, mark: str, before: str, after: str
) -> None:
    at = min(at, len(word) - 1)
    text = before + word[:at] + mark + word[at:] + after
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


# --- 5 and 7. honest text never matches by accident ------------------------------------------------------------------

#: Words that hold the letters of the forbidden words below by chance, across a blank or in kana.
HONEST_WORDS = [
    "大会",
    "社長",
    "毎日",
    "本屋",
    "停電",
    "車庫",
    "大学",
    "生活",
    "集会",
    "しゃべり",
    "化学",
    "はかる",
    "もっと",
    "きっと",
    "おばさん",
    "天然",
    "気温",
    "公園",
    "散歩",
    "図鑑",
    "しょうかい",
    "館内",
    "べんり",
    "強風",
    "して",
    "気をつけて",
    "科目",
    "学年",
    "電気",
    "車両",
    "会場",
    "社会",
]
HONEST_FORBIDDEN = ["会社", "日本", "電車", "学生", "科学", "勉強", "天気", "図書館", "元", "おばあさん", "気温差"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(HONEST_WORDS), min_size=2, max_size=6), st.sampled_from([" ", "　", "\n", "、", "と"]))
def test_honest_text_built_from_words_never_matches_a_forbidden_word(parts: list[str], glue: str) -> None:
    text = glue.join(parts) + "。"
    absent = [w for w in HONEST_FORBIDDEN if w not in text]  # as written: a word across a blank is the test's point
    verdict = check("keywords:forbidden", text, {"words": absent})
    assert verdict.passed, (text, verdict.reason)


# --- 6. sentences spliced with 、 ------------------------------------------------------------------------------------

#: Finite clauses (a topic, a predicate) in the styles a splice is written in.
FINITE = [
    "今日は晴れです",
    "明日は雨です",
    "駅まで歩きます",
    "昨日は晴れでした",
    "私は本を読みました",
    "兄は医者だ",
    "昨日は雨が降った",
    "会議は十時に始まります",
]
#: Joints after which a clause goes on: conjunctive particles after です/ます, and the te-form.
JOINTS = ["ですが、", "ですし、", "ますので、", "ますが、", "でしたが、"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(FINITE), min_size=1, max_size=5, unique=True))  # said again counts once (round 22)
def test_finite_clauses_spliced_with_commas_count_one_sentence_each(clauses: list[str]) -> None:
    text = "、".join(clauses) + "。"
    n = len(clauses)
    assert check("length:sentences", text, {"min": n, "max": n}).passed, text


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["雨", "駅は近い", "この店は安い", "天気は晴れ"]),
    st.sampled_from(JOINTS),
    st.sampled_from(["明日は晴れます。", "出かけます。", "おいしいです。", "待ってください。"]),
)
def test_a_clause_joined_by_a_conjunctive_particle_is_one_sentence(head: str, joint: str, tail: str) -> None:
    stem = (
        head
        if not joint.startswith("ます")
        else {"雨": "降り", "駅は近い": "歩き", "この店は安い": "売り", "天気は晴れ": "晴れ"}[head]
    )
    text = stem + joint + tail
    assert check("length:sentences", text, {"max": 1}).passed, text


# --- 8. formats: distinct by word identity, a postscript at the end -------------------------------------------------

#: Words and their readings in hiragana (written here, not computed by the analyser).
READINGS = {
    "安全": "あんぜん",
    "安心": "あんしん",
    "健康": "けんこう",
    "勉強": "べんきょう",
    "天気": "てんき",
    "会社": "かいしゃ",
    "学校": "がっこう",
    "時間": "じかん",
    "家族": "かぞく",
    "旅行": "りょこう",
}


def _katakana(kana: str) -> str:
    return "".join(chr(ord(ch) + 0x60) for ch in kana)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(READINGS)), st.booleans())
def test_a_highlight_repeated_in_another_script_is_one(word: str, katakana: bool) -> None:
    other = _katakana(READINGS[word]) if katakana else READINGS[word]
    assert not check("format:highlights", f"《{word}》と《{other}》が大切です。", {"min": 2}).passed


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(sorted(READINGS)), min_size=2, max_size=4, unique=True))
def test_highlights_of_different_words_count_each(chosen: list[str]) -> None:
    text = "と".join(f"《{w}》" for w in chosen) + "が大切です。"
    assert check("format:highlights", text, {"min": len(chosen)}).passed


BODY = ["本日は晴れです。", "会議は十時に始まります。", "新しい店が開きました。"]
NOTE = ["傘は不要です。", "資料を添付します。", "また連絡します。"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BODY), st.sampled_from(NOTE), st.sampled_from(BODY), st.sampled_from(["", "\n"]))
def test_body_text_after_a_postscript_in_its_paragraph_is_not_the_end(
    body: str, note: str, more: str, joint: str
) -> None:
    text = f"{body}P.S. {note}{joint}{more}"
    assert not check("format:postscript", text, {"marker": "P.S.", "position": "end"}).passed
    assert check("format:postscript", f"{body}{more}\n\nP.S. {note}", {"marker": "P.S.", "position": "end"}).passed
