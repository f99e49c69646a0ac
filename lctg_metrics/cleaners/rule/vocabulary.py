"""The per-task words of the rule cleaner: what names the answer, its labels, headings and self-references.

They come from the upstream cleaning prompts (paper Figures 6-8) and the paper's Figure 5 example; the
per-task tables in :mod:`.tables` compile them.
"""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------------
# Words that make a sentence *about the answer* rather than part of it, per task. They come from the
# upstream cleaning prompts (paper Figures 6-8: 「要約」「広告文」「このタイトルは」「メリットとデメリット」
# 「ご質問にお答え」) and from the paper's Figure 5 example.
# ---------------------------------------------------------------------------------------------------

#: The two sides of a pros/cons answer (「メリットとデメリット」「長所・短所」「pros and cons」).
PRO_WORDS = (
    r"メリット|長所|利点|良い点|よい点|いい点|良いところ|良い面|プラス面|pros|advantages?|merits?|benefits?|upsides?"
)
CON_WORDS = (
    r"デメリット|短所|欠点|悪い点|悪いところ|悪い面|マイナス面|cons|disadvantages?|demerits?|drawbacks?|downsides?"
)
#: Both sides named together, as a topic: 「メリットとデメリット」「メリット・デメリット」「長所と短所」.
PROS_PAIR = rf"(?:{PRO_WORDS})\s*(?:と|・|/|&|及び|および|、|,|や|and|vs\.?)?\s*(?:{CON_WORDS})"

#: Nouns naming the answer itself; a header sentence must mention one (or point forward with 以下/次).
META_NOUNS: dict[str, str] = {
    "summary": r"要約|要点|まとめ|記事|文章|本文|ニュース|summary",
    "ad_text": r"タイトル|広告文|広告|見出し|キャッチコピー|コピー|title|headline",
    "pros_and_cons": rf"(?:{PRO_WORDS}).{{0,40}}(?:{CON_WORDS})|ご質問|質問|回答|両方|両面|pros and cons",
}

#: Label words that may precede the answer as 「X：」「【X】」「## X」「**X**」 (Fig. 6 【要約】, Fig. 7 広告文 :).
#: Pros/cons section labels (メリット：, 【デメリット】) are content and deliberately absent.
GENERIC_LABEL_WORDS = r"出力結果|出力|回答|解答|答え|応答|output|answer|response"
LABEL_WORDS: dict[str, str] = {
    "summary": (
        r"要約文?|要約結果|要約内容|(?:要約|まとめ)(?:した|された)(?:文章|もの|結果|内容|文)|要点|まとめ|summary|"
        + GENERIC_LABEL_WORDS
    ),
    "ad_text": (
        r"広告文の?タイトル(?:案)?|広告タイトル(?:案)?|広告見出し|広告文|広告コピー|タイトル(?:案|候補)?\s*\d*|見出し(?:案)?"
        r"|キャッチコピー(?:案)?|キャッチフレーズ|コピー案|(?:タイトル|コピー)?候補\s*\d*|ご?提案|案\s*\d*|(?:ad\s+)?title"
        r"|headline|" + GENERIC_LABEL_WORDS
    ),
    "pros_and_cons": GENERIC_LABEL_WORDS,
}
#: English label words for 「Summary of the day:」「Title suggestion:」「Final answer:」 (a colon is required).
EN_LABEL_WORDS: dict[str, str] = {
    "summary": r"summary|summarization|tl;?dr|gist|abstract|key points|output|answer|response",
    "ad_text": r"title|headline|tagline|catchphrase|catch ?copy|ad copy|copy|slogan|output|answer|response",
    "pros_and_cons": r"answer|output|response",
}

#: Inside real brackets any short modifier may precede these label words (「【ポイント要約】」「【記事まとめ】」);
#: not タイトル, since 「【新作タイトル】」 is ad copy.
BRACKET_LABEL_WORDS: dict[str, str] = {
    "summary": r"要約文?|まとめ|summary",
    "ad_text": r"広告文|キャッチコピー|広告コピー|広告タイトル",
    "pros_and_cons": r"回答|解答|answer",
}
#: Short modifiers before a label word, up to two: 「ニュース要約」「本文の要約」「3行まとめ」「100字要約」
#: 「作成したタイトル」「おすすめキャッチコピー」. Content words (新作, 期間限定) are not modifiers.
LABEL_MODIFIER = (
    r"(?:(?:(?:本文|記事|文章|ニュース|原文|全体|今回|最終|私|ご依頼|ご提案|本日|今日|今週|AI|日本語|英語)の?"
    r"|(?:作成|生成|提案|考案|修正|改善)した|おすすめの?|オススメの?|提案|推奨|簡易|簡潔な?|短い|一言|ひとこと"
    r"|\d+\s*(?:行|字|文字|文|点)|[一二三四五]行|広告)\s*){0,2}"
)
#: A short parenthetical a label may carry: 「要約（100文字以内）：」「タイトル(案)：」.
LABEL_QUALIFIER = r"(?:[（(][^（）()\n]{0,20}[)）])?"

#: Clause prefixes that introduce a summary inside its first sentence (「要約すると、」「一言でまとめると、」);
#: cut like a label, for the summary task only.
SUMMARY_CLAUSE_PREFIX = (
    r"^(?:(?:この|上記の|以下の|ご提示の|与えられた)?(?:文章|記事|ニュース|本文|内容|要点|ポイント)(?:の内容)?(?:だけ|のみ)?を)?"
    r"(?:一言で|ひとことで|簡潔に|簡単に|手短に|端的に|\d+\s*(?:行|文|字)で)?"
    r"(?:要約|まとめ|簡潔にまとめ)(?:する|る)と[、,][ \t\u3000]*"
)

#: Brackets and decorations around a label: 【要約】 [Title] ＜タイトル＞ 〈回答〉 《広告文》 〔要約〕 ▼要約 ◎要約.
#: A whole label line may also be quoted (「タイトル」); an inline label needs real brackets.
OPEN = r"(?:(?:[\u25A0-\u25FF★☆►▶→※]|={1,4}|~{1,4})\s*)?[【\[＜<〈《〔「『＊*]?"
CLOSE = r"(?:[】\]＞>〉》〕」』＊*]|\s*(?:[\u25A0-\u25FF★☆]|={1,4}|~{1,4}))?"
BRACKET_OPEN = r"[【\[＜<〈《〔]"
BRACKET_CLOSE = r"[】\]＞>〉》〕]"

#: Markdown headings that name the answer (「## 要約」「# ニュースの要約」). ``## メリット`` is content.
HEADING_WORDS: dict[str, str] = {
    "summary": r"要約|まとめ|summary|回答|answer",
    "ad_text": r"タイトル|広告|キャッチコピー|見出し|title|headline|回答|answer",
    "pros_and_cons": r"回答|answer",
}

#: A pros/cons topic line before the answer: 「タイトル：在宅勤務のメリットとデメリット」「## …のメリット・デメリット」.
TOPIC_LABELS = r"タイトル|題名|表題|テーマ|トピック|お題|議題|質問|ご質問|title|topic|theme|question"


#: Self-explanations that start a line or sentence after the answer (Fig. 7 「このタイトルは、」; Fig. 5).
#: The nouns are per task: 「この案は」「このタイトルは」 are news content in a summary.
SELF_NOUNS: dict[str, str] = {
    "summary": r"要約文?|要約結果|まとめ|文章",
    "ad_text": r"タイトル案?|広告文|広告|キャッチコピー|コピー|案|見出し|フレーズ|文章|回答",
    "pros_and_cons": r"回答|まとめ|文章|説明|解説|リスト",
}
#: Without この/上記, only the answer's own name starts a remark (「要約の際は、…」「タイトルでは、…」);
#: 「回答では、」 opens survey news in a summary.
SELF_CORE_NOUNS: dict[str, str] = {
    "summary": r"要約|要約文|まとめ",
    "ad_text": r"タイトル|広告文|キャッチコピー|コピー",
    "pros_and_cons": r"回答",
}
SELF_REFERENCE = (
    r"^(?:この|上記の?|本|今回の|こちらの|以上の|作成した|提案した)\s*(?:{nouns})"
    r"(?:は|では|には|で|に|の|を|も|について|が|なら|だと|でも)"
    r"|^(?:(?:なお|また|ちなみに)[、,]?\s*)?(?:{core})(?:の際(?:は|に|には)?|にあたって|にあたり|に際して|する際(?:は|に)?"
    r"|では|において|で(?:は|も)?[、,])"
    r"|^(?:要約|要約文|タイトル|広告文|キャッチコピー|回答)の(?:ポイント|意図|狙い|工夫|特徴|解説|説明)"
)
DESIGN_CUES: dict[str, str] = {
    "summary": r"要点|ポイント|簡潔|短く|文字|字数|要約|記事|原文|表現|言葉",
    "ad_text": (
        r"タイトル|コピー|言葉|表現|フレーズ|キーワード|ターゲット|印象|イメージ|訴求|響|伝わ|季節感|親しみ|リズム|語感"
        r"|インパクト|強調|意識|届|向け|ように|よう[、,]|世帯|層|読者|ユーザー|お客様|手軽さ|魅力|特長|特徴|強み|前面"
        r"|親しみやすく|わかりやすく|キャッチー"
    ),
    "pros_and_cons": r"メリット|デメリット|長所|短所|ポイント|まとめ|整理|挙げ|箇条書き|簡潔|わかりやすく|分かりやすく",
}

#: What a closing sentence points back at (「上記が要約です。」「こちらが作成したタイトルになります。」); rule@1.2.
#: Per task: 「これが政府の改革案です」 is news in a summary, 「これが私たちの答えです」 ad copy.
POINTER_NOUNS: dict[str, str] = {
    "summary": r"要約文?|要約結果|まとめ|回答",
    "ad_text": r"タイトル|広告文|キャッチコピー|コピー|見出し|(?<![提答図法])案|回答",
    "pros_and_cons": rf"回答|答え|まとめ|{PROS_PAIR}",
}
POINTER = (
    r"^(?:上記|これ|こちら|ここまで)(?:が|は)[^。]{{0,20}}?(?:{nouns})(?:案)?(?:の(?:一例|例))?"
    r"(?:です|になります|となります|でございます)[。．.！!]*$"
)
