"""A deterministic header/footer cleaner: an offline stand-in for upstream's GPT-4 cleaning step.

Upstream LCTG Bench asks GPT-4 to strip the explanatory text a model adds before and after its answer
(paper §4.1, Appendix D/E, Figures 5-8). ``clean(text, task)`` does the same with fixed rules:
it cuts whole lines, whole sentences, a leading label or a trailing bracketed note, only at the
beginning and the end, and never edits the middle. Text with nothing to cut is returned unchanged.

How it works: the head and the tail are cut one unit at a time until no rule fires; a unit is cut only if
some answer would remain. When something was cut, blanks around the answer are stripped too (they are not
part of it, and FORMAT ignores them anyway). ``explain`` lists what was cut and by which rule.

The rules are families, not phrases (rule@1.1): a head unit is cut when it is an acknowledgement, an
announcement of the answer (naming it, pointing forward, or a bare 「お答えします！」), a question offering
it (「以下はいかがでしょうか？」), a remark on the constraints, or a label naming it (any 【…要約】,
「Summary of the day:」); a tail unit when it is a sign-off, a hope, an offer or a question to the user, a
remark about the answer or the constraints, or a note (counts, keywords) in brackets or after ※.

The rules are per task because the same words mean different things: 「メリット：」 is a label to keep in
pros_and_cons, 「要約：」 is a label to cut in summary, and a 「」 or ** around an ad title stays (Fig. 7).
Ad titles are themselves persuasive, so the tail rules that look like ad copy (「お気軽にご相談ください」,
「…いかがですか？」) need an extra sign that they speak about the answer when the task is ad_text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from lctg_dataset.constants import TASKS

RULE_CLEANER_NAME = "rule"
RULE_CLEANER_VERSION = "1.1"

# ---------------------------------------------------------------------------------------------------
# Words that make a sentence *about the answer* rather than part of it, per task. They come from the
# upstream cleaning prompts (paper Figures 6-8: 「要約」「広告文」「このタイトルは」「メリットとデメリット」
# 「ご質問にお答え」) and from the paper's Figure 5 example.
# ---------------------------------------------------------------------------------------------------

#: The two sides of a pros/cons answer (「メリットとデメリット」「長所・短所」「pros and cons」).
PRO_WORDS = r"メリット|長所|利点|良い点|よい点|いい点|良いところ|良い面|プラス面|pros|advantages?|merits?|benefits?|upsides?"
CON_WORDS = r"デメリット|短所|欠点|悪い点|悪いところ|悪い面|マイナス面|cons|disadvantages?|demerits?|drawbacks?|downsides?"
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

#: Pointing forward to the answer: 「以下が要約です」「次のとおりです」 (Fig. 6 「以下の文章を要約します。」).
FORWARD = r"以下|下記|次の|次に|次のよう|こちら|ここでは"

#: Verbs an assistant uses to announce its own work (「要約します」「作成しました」「ご紹介します」「作ってみました」).
COMPOSE_VERBS = (
    r"要約|まとめ|作成|紹介|解説|説明|お答え|答え|回答|提案|考え|挙げ|列挙|整理|示|記載|生成|出力|お伝え|伝え"
    r"|書き|書い|記し|用意|お届け|見ていき|見て|比較|検討|お話し|話し|考えていき|ご案内|案内|作っ|作り|やっ|やり"
    r"|ピックアップ|リストアップ|並べ|お出し|ご用意|ご提示|提示|お示し|ご説明|ご紹介|ご提案|ご回答|お作り|練っ"
    r"|お送り|送り|お見せ|お渡し|共有|ご共有|シェア|始め"
)
#: Polite endings of such an announcement (します／いたします／しました／してみました／させていただきますね).
ANNOUNCE_ENDING = (
    r"(?:(?:し|いたし|させていただき|して(?:み|いき|おき)|て(?:み|いき|おき)|で(?:み|いき)|み|)(?:ます|ました|ましょう)"
    r"|(?:する|した|したもの)(?:です|になります))(?:ね|よ|よね)?"
)
#: Adverbs that can stand with a bare announcement verb: 「簡潔にまとめますね。」「それぞれ見ていきましょう。」.
BARE_ADVERBS = (
    r"わかりやすく|分かりやすく|簡潔に|簡単に|手短に|端的に|順に|順番に|具体的に|詳しく|丁寧に|ざっくり|それぞれ"
    r"|一緒に|箇条書きで|ポイントを|ポイントごとに|まとめて|一つずつ|ひとつずつ|短く|さっそく|早速|改めて"
)
#: Nouns of a header question offering the answer: 「こんなタイトルはいかがでしょう？」「以下はいかがでしょうか？」.
OFFERED_NOUNS = r"タイトル|タイトル案|案|コピー|キャッチコピー|見出し|広告文|要約|まとめ|回答|内容|感じ"

#: Acknowledgements at the start (「承知しました。」「もちろんです！」「かしこまりました。」, Fig. 5).
ACKNOWLEDGEMENTS = (
    r"(?:はい|はーい|ええ|うん)?[、,]?\s*(?:承知(?:しました|いたしました|です)|かしこまりました|もちろん(?:です)?"
    r"|わかりました|分かりました|了解(?:しました|いたしました|です)?|喜んで|よろこんで|お任せ(?:ください|あれ)"
    r"|任せて(?:ください)?|いいですよ|いいですね|良いですね|お安い御用(?:です)?|承りました|ok|okay|オッケー|オーケー"
    r"|(?:喜んで)?(?:お手伝い|サポート)(?:します|いたします|させていただきます)"
    r"|こんにちは|こんばんは|おはようございます"
    r"|(?:ご質問|ご依頼|ご相談|リクエスト|お問い合わせ)?(?:いただき)?(?:まして)?ありがとうございます"
    r"|(?:良い|いい|よい|素晴らしい|素敵な|面白い|興味深い|大切な|重要な)(?:質問|ご質問|テーマ|お題|ご相談|問い)(?:です)?(?:ね)?"
    r"|なるほど(?:です)?|はい|はーい|ええ)"
)
#: A recap of the request before answering: 「在宅勤務のメリットとデメリットについてですね。」.
RECAP_END = r"(?:です|でございます)ね[。．.！!…]*$"

#: English wrappers around the answer (Fig. 6: "英語でこれらの説明文が与えられることもあります").
EN_ACKNOWLEDGEMENTS = (
    r"(?:sure(?: thing)?|certainly|of course|absolutely|okay|ok|alright|all right|great|no problem|got it|yes"
    r"|sounds good|i'?d be (?:happy|glad) to help|i would be (?:happy|glad) to help|happy to help|here you go"
    r"|here it is|with pleasure|definitely|(?:what an? |a )?(?:great|good) question"
    r"|thank you(?: so much| very much)?(?: for [a-z' ]{1,40})?|thanks(?: for [a-z' ]{1,40})?)"
)
EN_WRAPPERS = (
    r"(?:here(?:'s| is| are| you go| it is)|below is|below are|the following is|the following are|i(?:'ll| will) "
    r"|i(?:'ve| have) |let me |let's |this is (?:a|the|my) |as requested|based on )"
)
EN_CLOSINGS = (
    r"(?:i hope|hope (?:this|that|it|you)|let me know|feel free|if you (?:need|have|would|'d|want|like)"
    r"|please let me know|please note|note:|note that|is there anything|would you like|do you want|shall i|should i"
    r"|enjoy|good luck|have a (?:great|nice|good|wonderful)|thanks|thank you|cheers|happy to help"
    r"|(?:word|character|char) count"
    r"|\(?\d+\s*(?:characters?|chars?|words?)\)?\.?$"
    r"|(?:this|the|my) (?:summary|title|headline|answer|response|version|copy))"
)
#: Words that make an all-English line speak to the user or about the answer (a slogan has none of them).
EN_CUES = (
    r"\b(?:i|i'm|i've|i'd|i'll|me|my|we|we've|hope|please|note|summary|title|headline|answer|response|keyword"
    r"|characters?|words?)\b"
)
#: A section label that is content in pros/cons answers (「Pros:」「Disadvantages:」).
EN_SECTION = (
    r"\b(?:pros?|cons?|advantages?|disadvantages?|merits?|demerits?|benefits?|drawbacks?|downsides?|upsides?)\b"
)

#: Closing remarks after the answer (Fig. 6 「以上が要約結果になります。」, Fig. 8 「以上が〇〇に関する…です。」)
#: and the usual assistant sign-offs, hopes and thanks. These speak about the answer in any task.
CLOSINGS = (
    r"^[\-ー―─=~〜]*以上(?:が|です|で(?:す|した|ございます)|となります|になります|、|[！!。.\-ー―─=~〜]*$)"
    r"|^(?:要約|回答|説明|解説|ご紹介|紹介|提案|ご提案|まとめ)は以上(?:です|となります|になります)"
    r"|(?:ご)?参考(?:になれば|に(?:して)?(?:みて)?ください|にしていただければ|までに|になりましたら"
    r"|になりましたでしょうか|になると|になったら|程度に)"
    r"|お役に立て|幸いです[。．！!♪]*$"
    r"|(?:いただけ|もらえ|立て|なれ|役立て|役立|参考に|お役|気に入).{0,10}(?:嬉しい|うれしい|幸甚|光栄|何より)"
    r"(?:です|でございます|に存じます|に思います)?[。．！!♪]*$"
    r"|(?:お読み|ご覧|ご質問|ご依頼|ご相談|ご利用|最後まで).{0,10}ありがとうございました[。．！!]*$"
    r"|^ありがとうございました[。．！!]*$"
    r"|^(?:以上、?)?(?:どうぞ|何卒|なにとぞ)?よろしくお願い(?:いた)?します[。．！!]*$"
    r"|(?:よろしいでしょうか|よろしいですか|ご希望でしょうか|ご希望ですか)[？?。．！!]*$"
    r"|(?:修正|変更|調整|短く|長く|作成|要約|まとめ|提案|書き直|追加)(?:し|いたし|を)?(?:ましょうか|しましょうか)"
)
#: Sign-offs that an ad title could also end with (「…いかがですか？」「お気軽にご連絡ください」,
#: 「ご要望に応じて…」); in ad_text they count only with an ANSWER_CUE or when short and deictic.
READER_CLOSINGS = (
    r"いかが(?:でしょうか|ですか|でしたでしょうか|でしたか|でしょう[。．！!？?]*$)"
    r"|^どう(?:でしょうか|ですか|でしょう)[？?。．！!]*$"
    r"|(?:ご質問|質問|ご不明|不明な点|不明点|ご要望|要望|ご希望|修正|調整|他の案|別の案|ほかの案|他に|ほかに|他にも|何か"
    r"|ほかにも|知りたいこと).{0,30}(?:あれば|ございましたら|でしたら|必要なら|の際は|場合は)"
    r"|(?:お気軽に|気軽に|いつでも|遠慮なく|ご遠慮なく).{0,12}(?:お尋ね|お聞き|ご質問|ご相談|お申し付け|お知らせ|ご連絡"
    r"|お声がけ|どうぞ|聞いて|言って|教えて)"
    r"|(?:お申し付け|お知らせ)ください[。．！!]*$"
    r"|^(?:ご確認|ご検討|ご活用)(?:ください|いただければ)"
    r"|(?:ご要望|ご希望|必要)に応じて"
    r"|(?:修正|変更|調整|短く|長く|書き直|追加|作成|ご用意).{0,15}(?:可能です|できます|いたします)[。．！!]*$"
)
#: Requests that the user come back (「…があれば教えてくださいね！」); they need a condition or 「お気軽に」.
REQUEST_END = (
    r"(?:教えて|聞いて|お聞かせ|お知らせ|お申し付け|ご連絡|お声がけ|声をかけて|言って|おっしゃって|お尋ね|ご質問"
    r"|質問して|リクエストして)(?:ください|くださいね|下さい|くださいませ|ね)[。．！!♪]*$"
)
REQUEST_CUE = r"あれば|なら|でしたら|ございましたら|場合|際は|ときは|時は|たら|気軽に|遠慮なく|いつでも|何でも|なんでも|また"
#: Offers of another version (「気に入らなければ別の案もお出しします。」「他のパターンも作成しましょうか？」).
OFFER_STEM = (
    r"(?:作成|用意|提案|お作り|お出し|修正|調整|変更|書き直|作り直|短く|長く|詳しく|追加|お手伝い|お伝え|考え|出し"
    r"|作っ|作れ|提示|要約|まとめ|出す|作る|変える|直す|考える).{0,8}"
)
OFFER_VERB = rf"{OFFER_STEM}(?:できます|可能です|いたします|しましょうか|ましょうか|しますか|ますか|ますので|できますよ)"
OFFER_CUE = (
    r"ご希望|ご要望|気に入らなければ|お気に召さなければ|お気軽に|遠慮なく|いつでも|必要でしたら|必要であれば|必要なら"
    r"|必要に応じて|別の|他の|ほかの|他にも|ほかにも|いくつか|違った|違う|別バージョン|別パターン|もう一つ|もうひとつ"
)
#: A plain 「…お出しします。」 is an offer only after a condition about the user's wishes.
OFFER_PLAIN = (
    rf"(?:ご希望|ご要望|気に入らなければ|お気に召さなければ|必要でしたら|必要であれば|必要なら).{{0,30}}{OFFER_STEM}します"
)
#: Questions that offer more work (「より短いバージョンが必要ですか？」「他にお手伝いできることはありますか？」).
QUESTION_END = r"(?:ましょうか|しましょうか|ますか|ですか|でしょうか|ございますか|ましたか|でしたか)[？?]?[。．！!]*$"
#: 案 alone, not inside 提案/答案/案内.
VARIANT = r"(?<![提答図法])案(?!内)|パターン|バージョン|バリエーション|候補|トーン|言い回し"
QUESTION_CUE = (
    rf"気になる点|知りたいこと|聞きたいこと|参考|気に入|お役|ご質問|{VARIANT}|お手伝い|修正|調整|書き直|作り直|ご希望|ご要望"
)
#: Advice to the reader at the end of an answer (「ぜひ検討してみてください。」「参考にしてみてくださいね。」).
ADVICE_END = (
    r"(?:検討|判断|比較|選択|参考に|役立て|活用|考え|選ん|決め|見極め)(?:を)?(?:して|なさって|て|で)?(?:みて)?"
    r"(?:ください|くださいね|下さい)[。．！!♪]*$"
    r"|(?:応援して|願って|祈って|お祈りして)(?:い)?(?:ます|おります)[。．！!♪]*$"
    r"|(?:頑張って|がんばって)(?:ください|くださいね)[。．！!♪]*$"
    r"|てみてください(?:ね)?[。．！!♪]*$"
    r"|ますように[。．！!♪]*$"
    r"|(?:良い|よい|素敵な|すてきな|素晴らしい)[^。]{0,10}を[！!]+$"
    r"|いただければと(?:思います|存じます)[。．！!]*$"
)
#: In ad_text, a reader-facing sign-off is cut only if it speaks about the answer (「ご要望に応じて」 is ad copy).
ANSWER_CUE = rf"気に入|タイトル|コピー|広告文|{VARIANT}|表現|修正|調整|変更|お手伝い|感じ"

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
#: A restatement that refers back to the whole answer (「上記のように、…両方があります。」); last line only.
RESTATEMENT = (
    r"^上記(?:の通り|のとおり|は|に挙げた|で挙げた)"
    r"|^(?:上記の|以上の|この)ように[、,].{0,40}(?:両方|両面)が(?:あります|ある|存在します)[。．！!]?$"
    r"|^(?:上記の|以上の|この)ように[、,].{0,20}(?:記事|要約|本文)(?:では|は|で)"
    r"|^(?:上記の|以上の|この)ように[、,].{0,30}(?:まとめ|整理し|要約し)(?:ました|ています)[。．！!]?$"
)
#: Remarks on how the answer was written (「手軽さを強調したタイトルにしました。」「要点を押さえて簡潔にまとめました。」):
#: a design verb in the polite past or progressive, no subject (は/が), and a word about writing, per task.
DESIGN_VERBS = (
    r"意識|工夫|心がけ|心掛け|重視|強調|盛り込|込め|アピール|訴求|打ち出|焦点を当て|押さえ|おさえ|配慮|選び|選ん"
    r"|取り入れ|言い換え|絞っ|絞り|まとめ|仕上げ|表現し|表し|入れ|含め|使い|使っ|用い|抑え|出し|優先|省略|省き|省い"
    r"|割愛|除い|削っ"
)
DESIGN_END = r"(?:ました|ています|ております|てあります|てみました)[。．！!]*$"
DESIGN_CUES: dict[str, str] = {
    "summary": r"要点|ポイント|簡潔|短く|文字|字数|要約|記事|原文|表現|言葉",
    "ad_text": (
        r"タイトル|コピー|言葉|表現|フレーズ|キーワード|ターゲット|印象|イメージ|訴求|響|伝わ|季節感|親しみ|リズム|語感"
        r"|インパクト|強調|意識|届|向け|ように|よう[、,]|世帯|層|読者|ユーザー|お客様|手軽さ|魅力|特長|特徴|強み|前面"
        r"|親しみやすく|わかりやすく|キャッチー"
    ),
    "pros_and_cons": r"メリット|デメリット|長所|短所|ポイント|まとめ|整理|挙げ|箇条書き|簡潔|わかりやすく|分かりやすく",
}

#: A heading that opens a multi-line footer (「要約のポイント：」「【解説】」「Note:」).
FOOTER_HEADINGS = (
    r"^(?:#{1,6}\s*)?(?:\*\*)?[【\[＜<〈〔■◆●★▼]?\s*(?:(?:要約|タイトル|広告文|キャッチコピー|コピー|回答)の?)?"
    r"(?:ポイント|解説|補足|補足説明|説明|注意点?|備考|工夫した点|工夫点|工夫したポイント|意図|作成意図|狙い|ねらい|注"
    r"|コメント|アピールポイント|訴求ポイント|使用キーワード|note|notes|explanation|comments?|rationale)"
    r"\s*[】\]＞>〉〕]?(?:\*\*)?\s*[:：]?(?:\*\*)?$"
)

#: A remark about meeting the instruction's constraints (「キーワード「保険」を含めました。」「…を使用していません。」).
#: Strong nouns name the constraint itself; weak ones (条件, 指定) also occur in news, so those need no subject.
CONSTRAINT_STRONG = (
    r"キーワード|NGワード|禁止語|禁止ワード|禁止用語|指定語|文字数|字数|\d+\s*(?:文字|字)"
    r"|「[^」\n]{1,20}」(?:という)?(?:言葉|単語|語|ワード|表現|キーワード)"
)
CONSTRAINT_NOUNS = rf"{CONSTRAINT_STRONG}|言葉|単語|ワード|語句|指定|条件|制約|禁止"
#: 「「安い」を使わずに考えてみました。」: a quoted word used or avoided, said without a subject.
QUOTED_WORD_USE = r"「[^」\n]{1,20}」(?:を|は|も)(?:一切|しっかり|きちんと)?(?:使わ|使用|使っ|含め|入れ|避け|用い|盛り込)"
CONSTRAINT_VERBS = (
    r"含め|含ん|入れ|入っ|使用|使っ|使わ|用い|避け|守|満た|収め|おさめ|収ま|おさま|以内|範囲内|超え|クリア|盛り込"
    r"|取り入れ|反映|抑え|不使用|未使用"
)
POLITE_END = r"(?:ます|ました|ません|ませんでした|です|でした)(?:ね|よ)?[。．.！!]?$"

#: Notes after the answer: ※ lines about the text itself (「※文字数：43文字」) and bracketed notes.
#: (「※使用環境によって異なります。」 is content: 使用 alone is not a topic, a constraint remark is.)
NOTE_TOPICS = r"文字|字数|キーワード|言葉|単語|ワード|回答|要約|タイトル|広告文|本文"
CHAR_COUNT_NOTE = (
    r"^[^。、\d]{0,8}\d+\s*(?:文字|字|characters?|chars?|words?)(?:程度|以内|前後|です)?$"
    r"|^[^。.!?！？]{0,10}(?:文字数|字数|character count|word count|char count)"
)
#: A short bracketed note that is a count: 「（全角22文字）」「(Total: 34 characters)」「（約70字、キーワード使用）」;
#: the count comes first (「（1投稿140文字まで）」 is a product detail).
COUNT = r"\d+\s*(?:文字|字|characters?|chars?|words?|letters?)(?![a-z])(?:程度|以内|前後|ちょうど|です|でした)?"
SHORT_COUNT_NOTE = rf"^[^\d。]{{0,12}}{COUNT}(?:[、,/／・\s].{{0,25}})?$"
MAX_SHORT_NOTE_CHARS = 40
#: A sentence that only states the count (「文字数は52字です。」「なお、要約は52字です。」).
COUNT_REMARK = (
    r"^(?:(?:なお|また|ちなみに)[、,]?\s*)?(?:文字数|字数|全体|要約|要約文|タイトル|回答)?(?:は|が|:|：)?\s*"
    r"(?:約|全角|半角|計|合計)?\s*\d+\s*(?:文字|字)(?:程度|以内|前後|ちょうど)?"
    r"(?:です|でした|になります|となります|になりました)?[。．.！!]?$"
)
#: A terse note on a keyword or a banned word: 「キーワード「節約」使用」「「格安」不使用」「使用キーワード：おせち」.
TERSE_CONSTRAINT_NOTE = (
    r"(?:キーワード|NGワード|禁止語|禁止ワード|使用語|指定語)\s*(?:[:：「『]|.{0,6}(?:使用|含|入|なし|あり|OK|クリア))"
    r"|「[^」\n]{1,20}」(?:を|は)?(?:使用|不使用|未使用|使わず|含む|含有|入り|なし|あり|OK|クリア|済み?|○|✓)"
)
NOTE_PREFIX = r"^(?:注|note|nb|補足|備考|キーワード|禁止語|NGワード|使用語|条件)\s*[:：]|^注\b|^注[）)]"
#: A self-reference inside a bracketed note (「（回答は一般論です）」): in brackets it cannot be content.
NOTE_SELF = r"^(?:この|上記の?|本)?(?:回答|要約|要約文|タイトル|広告文|キャッチコピー|コピー)(?:は|では|の|を)"

#: Separator lines (markdown rules, code fences), dropped only next to something already cut.
SEPARATOR = r"^(?:-{3,}|\*{3,}|_{3,}|={3,}|`{3,}\w*|</?[^<>\s]{1,20}>)$"

_SENTENCE = re.compile(r"[^。！？!?\n]*(?:[。！？!?]+[」』）)\"']*|\.(?=\s|$)|$)")
_TERMINATORS = "。！？!?"
_CLOSERS = "」』）)\"'"
_TRAILING_NOTE = re.compile(r"[（(【\[〔＜<][^（）()【】\[\]〔〕＜＞<>\n]*[)）】\]〕＞>]\s*$")
_BRACKETED = re.compile(r"[（(【\[〔＜<]([^（）()【】\[\]〔〕＜＞<>]*)[)）】\]〕＞>]")
#: Emoji, arrows and other symbols at a unit's edges (「まとめました👇」「幸いです😊」), ignored when matching.
_EDGE_SYMBOL = re.compile(r"[\s\U0001F000-\U0001FAFF\u2190-\u21FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})
_QUOTED = re.compile(r"「[^」\n]*」|『[^』\n]*』")
_SUBJECT = re.compile(r"[はが]")
_CONSTRAINT_TOPIC = re.compile(r"(?:「[^」\n]*」|キーワード|NGワード|禁止語|文字数|字数|言葉|単語|表現)(?:は|が)")


def _c(pattern: str) -> re.Pattern[str]:
    """Compile case-insensitively (English wrappers come in any case)."""
    return re.compile(pattern, re.IGNORECASE)


@dataclass(frozen=True)
class _TaskRules:
    """The compiled patterns for one task."""

    task: str
    meta: re.Pattern[str]
    label_line: re.Pattern[str]
    label_prefix: re.Pattern[str]
    heading: re.Pattern[str]
    topic_line: re.Pattern[str] | None
    clause_prefix: re.Pattern[str] | None
    self_reference: re.Pattern[str]
    design_cue: re.Pattern[str]


def _task_rules(task: str) -> _TaskRules:
    """Compile one task's label, heading, meta-noun and self-reference patterns."""
    label = rf"{LABEL_MODIFIER}(?:{LABEL_WORDS[task]})\s*{LABEL_QUALIFIER}"
    any_modifier = r"[^\s【】\[\]＜＞<>〈〉《》〔〕]{0,8}"
    bracket_words = rf"{any_modifier}(?:{BRACKET_LABEL_WORDS[task]})\s*{LABEL_QUALIFIER}"
    bracket_label = rf"{BRACKET_OPEN}\s*(?:{label}|{bracket_words})\s*{BRACKET_CLOSE}"
    en_label = (
        rf"(?:[a-z]+[ \-]){{0,3}}(?:{EN_LABEL_WORDS[task]})s?(?:[ \-](?!and\b)[a-z]+){{0,3}}\s*"
        r"(?:\([^()\n]{0,20}\))?\s*[:：]"
    )
    topic = (
        rf"^(?:#{{1,6}}\s*)?(?:\*\*)?\s*{OPEN}\s*(?:(?:{TOPIC_LABELS})\s*[:：.．]\s*)?[^。！？!?\n]{{0,40}}?{PROS_PAIR}"
        rf"(?:について|に関して|の比較|比較|まとめ|一覧|とは|は)?[？?]?\s*{CLOSE}\s*(?:\*\*)?\s*[:：]?\s*$"
    )
    return _TaskRules(
        task=task,
        meta=_c(META_NOUNS[task]),
        label_line=_c(
            rf"^(?:#{{1,6}}\s*)?(?:\*\*)?\s*{OPEN}\s*(?:{label})\s*{CLOSE}\s*{LABEL_QUALIFIER}\s*(?:\*\*)?\s*[:：]?\s*"
            rf"(?:\*\*)?$|^(?:\*\*)?\s*{bracket_label}\s*{LABEL_QUALIFIER}\s*(?:\*\*)?\s*[:：]?$|^{en_label}$"
        ),
        label_prefix=_c(
            rf"^(?:\*\*\s*(?:{label})\s*[:：]?\s*\*\*\s*[:：]?|{OPEN}\s*(?:{label})\s*{CLOSE}\s*[:：]"
            rf"|{bracket_label}|(?:{label})\s*[:：]|{en_label})[ \t\u3000]*"
        ),
        heading=_c(rf"^#{{1,6}}\s+.*(?:{HEADING_WORDS[task]})"),
        topic_line=_c(topic) if task == "pros_and_cons" else None,
        clause_prefix=re.compile(SUMMARY_CLAUSE_PREFIX) if task == "summary" else None,
        self_reference=_c(SELF_REFERENCE.format(nouns=SELF_NOUNS[task], core=SELF_CORE_NOUNS[task])),
        design_cue=_c(DESIGN_CUES[task]),
    )


_RULES: dict[str, _TaskRules] = {task: _task_rules(task) for task in ("summary", "ad_text", "pros_and_cons")}
assert set(_RULES) == set(TASKS), "rule cleaner tasks out of sync with lctg_dataset.constants.TASKS"

_ACK = _c(rf"^{ACKNOWLEDGEMENTS}[。．！!、,…〜~ー♪]*$")
#: Two or three acknowledgements in one sentence (「もちろんです、お任せください！」); only tried on short sentences.
_ACK_RUN = _c(rf"^(?:{ACKNOWLEDGEMENTS}[。．！!、,…〜~ー♪\s]*){{2,3}}$")
MAX_ACK_RUN_CHARS = 30
_EN_ACK = _c(rf"^{EN_ACKNOWLEDGEMENTS}[!.,:]*$")
_EN_WRAPPER = _c(rf"^(?:{EN_ACKNOWLEDGEMENTS}[,!.]?\s+)?{EN_WRAPPERS}")
_EN_CLOSING = _c(rf"^{EN_CLOSINGS}")
_EN_CUE = _c(EN_CUES)
_EN_SECTION = _c(EN_SECTION)
#: 「Is this what you were looking for?」: a line of four or more words addressing the user (not 「Made for you.」).
_EN_YOU_REMARK = _c(r"^(?=(?:\S+\s+){3,}\S).*\b(?:you|your)\b.*[?!.]$")
_EN_PAIR = _c(rf"(?:{PRO_WORDS}).{{0,40}}(?:{CON_WORDS})")
_RECAP_END = _c(RECAP_END)
_RECAP_TOPIC = _c(r"について|に関して|に関する")
_FORWARD = _c(FORWARD)
_ANNOUNCE_END = _c(rf"(?:{COMPOSE_VERBS})(?:{ANNOUNCE_ENDING})[。．.！!:：…♪~〜ー]*$")
_BARE_ANNOUNCEMENT = _c(
    rf"^(?:(?:{BARE_ADVERBS})[、,]?\s*){{0,2}}(?:{COMPOSE_VERBS})(?:{ANNOUNCE_ENDING})[。．.！!:：…♪~〜ー]*$"
)
_HEADER_QUESTION = _c(
    rf"^(?:(?:{FORWARD}|これ|この|こんな|このような|こういう|こちらの)(?:ような|よう)?\s*(?:{OFFERED_NOUNS}|の)?"
    r"|(?:" + OFFERED_NOUNS + r"))(?:は|で|なんて|など|の)?[、,]?\s*(?:いかが|どう)(?:でしょうか|ですか|でしょう|かな)"
    r"[？?！!。．]*$"
)
#: 「この記事は、商店街の新しい市場について書かれています。」: describing the source instead of summarising it.
_SOURCE_DESCRIPTION = _c(
    r"^(?:この|本|ご提示の|ご提示いただいた|元の|上記の|以下の|与えられた)?(?:記事|文章|ニュース|本文|原文)(?:は|では)[、,]?"
    r".{0,50}(?:について|を|が)(?:書かれ|報じ|伝え|紹介し|述べ|解説し|説明し|取り上げ|扱っ)(?:て|た)"
    r"(?:います|いました|ものです|記事です)?[。．.！!]?$"
)
#: 「一言で表すと、こうなります。」「まとめると次のようになります：」: pointing at the answer that follows.
_POINTING_END = _c(r"(?:こう|このよう|こんな感じ|こんなふう)(?:に)?(?:なります|なりました|です)[。．.！!:：]*$")
_INSTRUCTION_ECHO = _c(rf"(?:{COMPOSE_VERBS})(?:して|て|で)?(?:ください|下さい)[。．.！!]?$")
_FORWARD_END = _c(
    r"(?:です|ます|ました|になります|となります|の?通り|のとおり|通りです|とおりです|でしょうか|でしょう|ですか"
    r"|こちら|以下|下記)[。．.！!?？:：]?$"
)
_COLON_END = _c(r"[:：]$")
_SENTENCE_COLON_END = _c(r"(?:は|が|を|の|と|です|ます|ました)[:：]$")
_NAMING_END = _c(r"(?:案|例)?(?:です|になります|となります)[。．.！!:：]?$")
_TOPIC_ANNOUNCEMENT = _c(
    rf"^[^はが。]{{1,40}}について.{{0,20}}(?:{COMPOSE_VERBS})(?:し|いたし|してみ|てみ|み|)?(?:ます|ましょう)(?:ね|よ)?"
    r"[。．.！!:：…♪~〜ー]*$"
)
_CLOSING = _c(CLOSINGS)
_READER_CLOSING = _c(READER_CLOSINGS)
_REQUEST_END = _c(REQUEST_END)
_REQUEST_CUE = _c(REQUEST_CUE)
_OFFER_VERB = _c(OFFER_VERB)
_OFFER_CUE = _c(OFFER_CUE)
_OFFER_PLAIN = _c(OFFER_PLAIN)
_QUESTION_END = _c(QUESTION_END)
_QUESTION_CUE = _c(QUESTION_CUE)
_ADVICE_END = _c(ADVICE_END)
_ANSWER_CUE = _c(ANSWER_CUE)
_AD_SHORT_QUESTION = _c(r"^(?:こちら|これ|上記|以上|いかが|どう|(?:こんな|この|こういう|このような)感じ)")
_RESTATEMENT = _c(RESTATEMENT)
_DESIGN = _c(rf"(?:{DESIGN_VERBS}).{{0,15}}{DESIGN_END}")
_FOOTER_HEADING = _c(FOOTER_HEADINGS)
_CONSTRAINT_STRONG = _c(rf"(?:{CONSTRAINT_STRONG}).{{0,40}}(?:{CONSTRAINT_VERBS})")
_CONSTRAINT = _c(rf"(?:{CONSTRAINT_NOUNS}).{{0,40}}(?:{CONSTRAINT_VERBS})")
_QUOTED_WORD_USE = _c(QUOTED_WORD_USE)
_POLITE_END = _c(POLITE_END)
_NOTE_TOPIC = _c(NOTE_TOPICS)
_CHAR_COUNT = _c(CHAR_COUNT_NOTE)
_SHORT_COUNT = _c(SHORT_COUNT_NOTE)
_COUNT_REMARK = _c(COUNT_REMARK)
_TERSE_CONSTRAINT = _c(TERSE_CONSTRAINT_NOTE)
_NOTE_PREFIX = _c(NOTE_PREFIX)
#: A whole unbracketed line that is only such a note (「全角22文字」「キーワード「節約」使用」); never content plus a count.
_LINE_NOTE = _c(
    rf"^(?:全角|半角|約|計|合計|total|count|length)?\s*[:：]?\s*{COUNT}[。.]?$"
    rf"|^(?:使用)?(?:{TERSE_CONSTRAINT_NOTE})[^。\n]{{0,30}}$"
)
_NOTE_SELF = _c(NOTE_SELF)
_NOTE_LINE = _c(
    r"^(?:#{1,6}\s*)?(?:\*\*)?[【\[＜<〈■◆●★▼]?\s*[（(]?(?:注|note|nb|補足|備考|ポイント|解説|意図|狙い|キーワード"
    r"|工夫した点|工夫点|使用キーワード)\s*[】\]＞>〉]?(?:\*\*)?\s*[:：)）]"
)
_SEPARATOR = re.compile(SEPARATOR)
_POLITE_PREFIX = _c(
    r"^(?:(?:はい|はーい|ええ|うん|では|それでは|じゃあ|さて|さっそく|早速|まずは|わかりました|分かりました|承知しました"
    r"|承知いたしました|かしこまりました|了解です|了解しました|了解|もちろん|ok|okay|オッケー)[、,]\s*)+"
)
#: Longest sentence treated as an announcement; real preambles are short (a guard against eating content).
MAX_ANNOUNCEMENT_CHARS = 120
#: Longest sentence that can merely name the answer (「広告文のタイトル案です。」).
MAX_NAMING_CHARS = 25
#: Longest recap of the request (「在宅勤務のメリットとデメリットについてですね。」).
MAX_RECAP_CHARS = 50
#: Most lines a multi-line footer block may have (heading + a few bullets); also bounds the work per cut.
MAX_FOOTER_BLOCK_LINES = 8
#: Longest remark on how the answer was written; longer sentences are content.
MAX_DESIGN_CHARS = 60
#: Longest reader-facing sign-off an ad title may end with and still be cut (「こんな感じでいかがでしょうか？」).
MAX_AD_SIGNOFF_CHARS = 20


@dataclass(frozen=True)
class Removal:
    """One cut: which end, which rule, and the exact text removed."""

    side: Literal["head", "tail"]
    rule: str
    text: str


def _norm(unit: str) -> str:
    """The form patterns are matched against: NFKC, straight quotes, no edge blanks or emoji (never cut)."""
    s = unicodedata.normalize("NFKC", unit).translate(_QUOTES)
    start, end = 0, len(s)
    while start < end and _EDGE_SYMBOL.match(s[start]):
        start += 1
    while end > start and _EDGE_SYMBOL.match(s[end - 1]):
        end -= 1
    return s[start:end]


def _sentences(line: str) -> list[str]:
    """Split one line into sentences ending in 。！？!? (closing quotes attached); pieces concatenate to ``line``."""
    return [m.group(0) for m in _SENTENCE.finditer(line) if m.group(0)]


def _first_sentence(line: str) -> str:
    """``_sentences(line)[0]`` without splitting the whole line (cuts repeat, so each must stay cheap)."""
    m = _SENTENCE.match(line)
    return m.group(0) if m else ""


def _last_sentence(line: str) -> str:
    """``_sentences(line)[-1]``, found from the end: after the last 。！？!? run (and its closing quotes) before it."""
    end = len(line)
    while end > 0 and line[end - 1] in _CLOSERS:
        end -= 1
    if end > 0 and line[end - 1] in _TERMINATORS:
        while end > 0 and line[end - 1] in _TERMINATORS:
            end -= 1
    else:
        end = len(line)  # no terminator at the end: trailing quotes belong to the sentence body
    start = max(line.rfind(ch, 0, end) for ch in _TERMINATORS) + 1
    if start == 0:
        return line
    while start < end and line[start] in _CLOSERS:
        start += 1
    return line[start:]


def _has_subject(s: str) -> bool:
    """Whether a sentence names a subject with は/が outside quotes (a remark about the answer has none).

    「文字数は」「キーワードは」 topicalise the constraint itself and do not count."""
    return bool(_SUBJECT.search(_QUOTED.sub("", _CONSTRAINT_TOPIC.sub("", s))))


def _is_english_line(s: str) -> bool:
    """Latin text with at least two words and no Japanese (an English wrapper, not a Japanese answer)."""
    return not _JAPANESE.search(s) and len(re.findall(r"[A-Za-z]+", s)) >= 2


def _is_announcement(sentence: str, rules: _TaskRules, whole_line: bool) -> bool:
    """「以下の文章を要約します。」「以下が広告文のタイトルです。」「メリットとデメリットをご紹介します。」 and English wrappers."""
    s = _POLITE_PREFIX.sub("", _norm(sentence))
    if not s or len(s) > MAX_ANNOUNCEMENT_CHARS:
        return False
    if _EN_WRAPPER.search(s) and not _JAPANESE.search(s):
        return True
    meta, forward = rules.meta.search(s), _FORWARD.search(s)
    if _ANNOUNCE_END.search(s) and (meta or forward):
        return True
    if forward and meta and (_FORWARD_END.search(s) or _COLON_END.search(s)):
        return True
    # 「以下は記事を要約したものです：」-style lead-ins: a sentence (not a bare label) ending in a colon.
    if meta and _SENTENCE_COLON_END.search(s):
        return True
    # 「広告文のタイトル案です。」「こちらが要約です：」: a short sentence that only names the answer.
    if meta and len(s) <= MAX_NAMING_CHARS and _NAMING_END.search(s):
        return True
    # 「以下はいかがでしょうか？」「こんなタイトルはどうでしょう？」: offering the answer as a question.
    if _HEADER_QUESTION.search(s):
        return True
    # 「この記事は、…について書かれています。」: a description of the source, before a summary.
    if rules.task == "summary" and _SOURCE_DESCRIPTION.search(s):
        return True
    # 「一言で表すと、こうなります。」: pointing at the answer below.
    if _POINTING_END.search(s):
        return True
    # 「以下の記事を要約してください。」: the instruction echoed back.
    if (meta or forward) and _INSTRUCTION_ECHO.search(s):
        return True
    # 「「初心者」というキーワードを入れて考えました。」: a remark on the constraints before the answer.
    if _POLITE_END.search(s) and (_CONSTRAINT_STRONG.search(s) or _QUOTED_WORD_USE.search(s)) and not _has_subject(s):
        return True
    # 「お答えします！」「簡潔にまとめますね。」: an announcement with no object, only as a whole line
    # (inline, 「わかりやすく解説します！」 can be the start of an ad title).
    if whole_line and _BARE_ANNOUNCEMENT.search(s):
        return True
    # 「〇〇について考えてみましょう。」: an announcement about a topic, no subject, not in the past tense.
    return bool(_TOPIC_ANNOUNCEMENT.search(s))


def _is_acknowledgement(sentence: str, rules: _TaskRules) -> bool:
    """「承知しました。」「もちろんです、お任せください！」「Sure!」, greetings, a recap (「…についてですね。」)."""
    s = _norm(sentence)
    if not s:
        return False
    if _ACK.match(s) or _EN_ACK.match(s) or (len(s) <= MAX_ACK_RUN_CHARS and _ACK_RUN.match(s)):
        return True
    s = _POLITE_PREFIX.sub("", s)
    return (
        len(s) <= MAX_RECAP_CHARS
        and bool(_RECAP_END.search(s))
        and bool(_RECAP_TOPIC.search(s) or rules.meta.search(s))
    )


def _is_label_line(line: str, rules: _TaskRules) -> bool:
    """A line that is only a label or heading naming the answer: 「【要約】」「## 広告文のタイトル」「回答：」."""
    s = _norm(line)
    if not s:
        return False
    if rules.label_line.match(s) or rules.heading.match(s):
        return True
    return rules.topic_line is not None and bool(rules.topic_line.match(s))


def _is_english_lead_in(line: str) -> bool:
    """An English line ending in a colon before the answer (「Pros and cons of living alone:」, not 「Pros:」)."""
    s = _norm(line)
    if not _is_english_line(s) or not _COLON_END.search(s):
        return False
    return not _EN_SECTION.search(s) or bool(_EN_PAIR.search(s))


def _head_sentence_rule(sentence: str, rules: _TaskRules, whole_line: bool) -> str | None:
    """The rule a sentence before the answer matches (acknowledgement or announcement), if any."""
    if _is_acknowledgement(sentence, rules):
        return "acknowledgement"
    if _is_announcement(sentence, rules, whole_line):
        return "announcement"
    return None


def _is_count_or_keyword_note(s: str) -> bool:
    """A terse note on counts or keywords (「98文字」「キーワード「節約」使用」「(Total: 34 characters)」)."""
    if _CHAR_COUNT.search(s) or _NOTE_PREFIX.search(s):
        return True
    if len(s) <= MAX_SHORT_NOTE_CHARS and "。" not in s.rstrip("。"):
        return bool(_SHORT_COUNT.search(s) or _TERSE_CONSTRAINT.search(s))
    return False


def _is_note(inner: str, rules: _TaskRules) -> bool:
    """The inside of a bracketed note about the answer: counts, keywords, 注：, ※…, a self-reference, a remark."""
    s = _norm(inner)
    if not s:
        return False
    if _is_count_or_keyword_note(s) or _NOTE_SELF.search(s):
        return True
    if s.startswith("※"):
        return bool(_NOTE_TOPIC.search(s)) or _tail_sentence_rule(s[1:], rules) is not None
    return _is_constraint_remark(s)


def _is_constraint_remark(sentence: str) -> bool:
    """「キーワード「保険」を含めました。」「…という言葉は使用していません。」: a remark on meeting the instruction."""
    s = _norm(sentence)
    if not (_POLITE_END.search(s) or re.search(r"(?:作成|要約)$", s)):
        return False
    if (_CONSTRAINT_STRONG.search(s) or _QUOTED_WORD_USE.search(s)) and not _has_subject(s):
        return True
    # Weak nouns (条件, 指定, 言葉) also occur in news: 「市は、指定した条件を満たす世帯に…します。」 stays.
    return bool(_CONSTRAINT.search(s)) and not _has_subject(s)


def _is_reader_signoff(s: str, rules: _TaskRules) -> bool:
    """A sign-off addressed to the user: a question, a request to come back, an offer, advice, a wish.

    Quoted speech is ignored: 「…があれば相談してほしい」と呼びかけた is news, not a sign-off."""
    s = _QUOTED.sub("「」", s)
    if rules.task == "ad_text":
        # Ad copy also asks and invites: count it only if it speaks about the answer, or is a bare 「いかがですか？」.
        short = len(s) <= MAX_AD_SIGNOFF_CHARS and bool(_AD_SHORT_QUESTION.search(s))
        if not (short or _ANSWER_CUE.search(s)):
            return False
    if _READER_CLOSING.search(s):
        return True
    if _REQUEST_END.search(s) and _REQUEST_CUE.search(s):
        return True
    if (_OFFER_VERB.search(s) and _OFFER_CUE.search(s)) or _OFFER_PLAIN.search(s):
        return True
    if _QUESTION_END.search(s) and _QUESTION_CUE.search(s) and not s.rstrip("？?。．！!").endswith("ませんか"):
        return True
    return rules.task != "ad_text" and bool(_ADVICE_END.search(s))


def _is_design_remark(s: str, rules: _TaskRules) -> bool:
    """「手軽さを強調したタイトルにしました。」: how the answer was written, without a subject."""
    return (
        len(s) <= MAX_DESIGN_CHARS
        and bool(_DESIGN.search(s))
        and bool(rules.design_cue.search(s))
        and not _has_subject(s)
    )


def _tail_sentence_rule(sentence: str, rules: _TaskRules) -> str | None:
    """The rule a sentence after the answer matches (closing, self-explanation, constraint remark, note), if any."""
    s = _norm(sentence)
    if not s:
        return None
    if _CLOSING.search(_QUOTED.sub("「」", s)) or _EN_CLOSING.match(s) or _is_reader_signoff(s, rules):
        return "closing"
    if rules.self_reference.search(s) or _RESTATEMENT.search(s) or _is_design_remark(s, rules):
        return "self_explanation"
    if _is_constraint_remark(s):
        return "constraint_remark"
    if (s.startswith("※") and _NOTE_TOPIC.search(s)) or _COUNT_REMARK.search(s):
        return "note"
    return None


def _tail_line_rule(line: str, rules: _TaskRules, rest: str) -> str | None:
    """A whole last line that is a footer: a note, an English remark, or its first sentence is a closing etc."""
    s = _norm(line)
    if not s:
        return None
    if s.startswith("※") and (_NOTE_TOPIC.search(s) or _tail_sentence_rule(s[1:], rules) is not None):
        return "note"
    m = _BRACKETED.fullmatch(s)
    if m and _is_note(m.group(1), rules):
        return "note"
    if _CHAR_COUNT.search(s) or _NOTE_LINE.match(s) or _LINE_NOTE.match(s):
        return "note"
    # An English remark after a Japanese answer (「I kept it under 100 characters.」); a slogan has no cue word.
    if _is_english_line(s) and _JAPANESE.search(rest) and (_EN_CUE.search(s) or _EN_YOU_REMARK.search(s)):
        return "closing"
    first = _first_sentence(line)
    return _tail_sentence_rule(first, rules) if first else None


def _content_left(text: str) -> bool:
    """Whether some answer would remain: a cut never leaves nothing."""
    return bool(text.strip())


def _cut_head(text: str, rules: _TaskRules, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the start of ``text`` (already stripped), or return ``None``."""
    line, sep, rest = text.partition("\n")
    if after_cut and _SEPARATOR.match(line.strip()) and _content_left(rest):
        return rest.strip(), Removal("head", "separator", line)
    if sep and _content_left(rest):
        if _is_label_line(line, rules):
            return rest.strip(), Removal("head", "label", line)
        if _is_english_lead_in(line) and _JAPANESE.search(rest):
            return rest.strip(), Removal("head", "announcement_line", line)
        last = _last_sentence(line)
        if last:
            rule = _head_sentence_rule(last, rules, whole_line=True)
            if rule is None and _COUNT_REMARK.search(_norm(last)) and len(last) < len(line):
                # 「…要約しました。文字数は52字です。」: a count after an announcement on the same line.
                rule = _head_sentence_rule(_last_sentence(line[: len(line) - len(last)]), rules, whole_line=True)
            if rule is not None:
                return rest.strip(), Removal("head", rule + "_line", line)
    m = rules.label_prefix.match(line)
    if m and _content_left(text[m.end():]):
        return text[m.end():].strip(), Removal("head", "label", m.group(0))
    m = rules.clause_prefix.match(line) if rules.clause_prefix is not None else None
    if m and _content_left(text[m.end():]):
        return text[m.end():].strip(), Removal("head", "clause_prefix", m.group(0))
    first = _first_sentence(line)
    if first and len(first) < len(line):
        rule = _head_sentence_rule(first, rules, whole_line=False)
        if rule is not None and _content_left(text[len(first):]):
            return text[len(first):].strip(), Removal("head", rule, first)
    return None


def _cut_tail(text: str, rules: _TaskRules, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the end of ``text`` (already stripped), or return ``None``."""
    lines = text.split("\n")
    # A footer block of several lines: from the first footer heading or self-explanation line that follows
    # some answer, to the end (「要約のポイント：\n・…」「このタイトルは…\nまた、…」). One line is handled below.
    # Only the last few lines can start one: a long run after such a line is content, not a footer.
    for i in range(max(1, len(lines) - MAX_FOOTER_BLOCK_LINES), len(lines) - 1):
        s = _norm(lines[i])
        if s and (_FOOTER_HEADING.match(s) or rules.self_reference.search(s)) and _content_left("\n".join(lines[:i])):
            return "\n".join(lines[:i]).strip(), Removal("tail", "footer_block", "\n".join(lines[i:]))
    head, sep, line = text.rpartition("\n")
    if after_cut and sep and _SEPARATOR.match(line.strip()) and _content_left(head):
        return head.strip(), Removal("tail", "separator", line)
    if sep and _content_left(head):
        rule = _tail_line_rule(line, rules, head)
        if rule is not None:
            return head.strip(), Removal("tail", rule + "_line", line)
    m = _TRAILING_NOTE.search(line)
    if m and _is_note(m.group(0).strip()[1:-1], rules):
        kept = text[: len(text) - len(line) + m.start()]
        if _content_left(kept):
            return kept.strip(), Removal("tail", "note", m.group(0))
    last = _last_sentence(line)
    if last and len(last) < len(line):
        rule = _tail_sentence_rule(last, rules)
        kept = text[: len(text) - len(last)]
        if rule is None and _is_english_line(_norm(last)) and _EN_CUE.search(_norm(last)):
            rule = "closing" if _JAPANESE.search(kept) else None
        if rule is not None and _content_left(kept):
            return kept.strip(), Removal("tail", rule, last)
    return None


def _rules_for(task: str) -> _TaskRules:
    """The rules of a task; an unknown task raises with the valid names."""
    try:
        return _RULES[task]
    except KeyError:
        raise ValueError(f"unknown task {task!r}; valid: {', '.join(_RULES)}") from None


def _run(text: str, task: str) -> tuple[str, tuple[Removal, ...]]:
    """Cut head and tail units until no rule fires; return the input itself if nothing was cut."""
    rules = _rules_for(task)
    current = text.strip()
    removals: list[Removal] = []
    while True:
        cut = _cut_head(current, rules, bool(removals)) or _cut_tail(current, rules, bool(removals))
        if cut is None:
            break
        current, removal = cut
        removals.append(removal)
    if not removals:
        return text, ()
    return current, tuple(removals)


def clean(text: str, task: str) -> str:
    """The answer without the text an assistant added before/after it; ``text`` itself if nothing was added.

    >>> clean("承知しました。以下の文章を要約します。\\n\\n市は新図書館を開館した。", "summary")
    '市は新図書館を開館した。'
    >>> clean("【ニュース要約】\\n市は新図書館を開館した。\\n（キーワード「図書館」使用）", "summary")
    '市は新図書館を開館した。'
    >>> clean("「冬だけの贅沢、カニ食べ放題プラン」", "ad_text")
    '「冬だけの贅沢、カニ食べ放題プラン」'
    """
    return _run(text, task)[0]


def explain(text: str, task: str) -> tuple[Removal, ...]:
    """What ``clean`` cut from ``text``, in order, with the rule that fired (empty if nothing)."""
    return _run(text, task)[1]


__all__ = ["RULE_CLEANER_NAME", "RULE_CLEANER_VERSION", "Removal", "clean", "explain"]
