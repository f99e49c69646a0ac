"""Phrases an assistant puts after its answer: sign-offs, offers, questions, advice, remarks on the answer.

Matched by :mod:`.tail`; notes on counts, keywords and constraints live in :mod:`.notes`.
"""

from __future__ import annotations

from lctg_metrics.cleaners.rule.guards import guard
from lctg_metrics.cleaners.rule.head_patterns import BARE_ADVERBS
from lctg_metrics.cleaners.rule.text import compile_ci

EN_CLOSINGS = (
    r"(?:i hope|hope (?:this|that|it|you)|let me know|feel free|if you (?:need|have|would|'d|want|like)"
    r"|please let me know|please note|note:|note that|is there anything|would you like|do you want|shall i|should i"
    r"|enjoy|good luck|have a (?:great|nice|good|wonderful)|thanks|thank you|cheers|happy to help"
    r"|(?:word|character|char) count"
    r"|\(?\d+\s*(?:characters?|chars?|words?)\)?\.?$"
    r"|(?:this|the|my) (?:summary|title|headline|answer|response|version|copy)"
    r"|that'?s (?:all|it)[.!]*$|end of (?:the |my )?(?:summary|answer|response|output))"
)
#: Words that make an all-English line speak to the user or about the answer (a slogan has none of them).
EN_CUES = (
    r"\b(?:i|i'm|i've|i'd|i'll|me|my|we|we've|hope|please|note|summary|title|headline|answer|response|keyword"
    r"|characters?|words?)\b"
)

#: Closing remarks after the answer (Fig. 6 「以上が要約結果になります。」, Fig. 8 「以上が〇〇に関する…です。」)
#: and the usual assistant sign-offs, hopes and thanks. These speak about the answer in any task.
CLOSINGS = (
    r"^[\-ー―─=~〜]*以上(?:が|です|で(?:す|した|ございます)|となります|になります|、|[！!。.\-ー―─=~〜]*$)"
    r"|^(?:要約|回答|説明|解説|ご紹介|紹介|提案|ご提案|まとめ)は以上(?:です|となります|になります)"
    # rule@1.2: 「タイトル案は以上です。」「私からは以上です。」「以上で回答を終わります。」「以上のようになります。」
    r"|^[^。、]{1,30}?は以上(?:です|となります|になります|でございます)[。．！!]*$"
    r"|^以上で.{0,20}(?:終わり|終了|完了|おしまい|締め|失礼)"
    r"|^以上の(?:よう|通り|とおり)(?:に|な(?:感じ|形|内容))?(?:なります|なりました|です|でございます)[。．！!]*$"
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
REQUEST_CUE = (
    r"あれば|なら|でしたら|ございましたら|場合|際は|ときは|時は|たら|気軽に|遠慮なく|いつでも|何でも|なんでも|また"
)
#: Offers of another version (「気に入らなければ別の案もお出しします。」「他のパターンも作成しましょうか？」).
OFFER_STEM = (
    r"(?:作成|用意|提案|お作り|お出し|修正|調整|変更|書き直|作り直|短く|長く|詳しく|追加|お手伝い|お伝え|考え|出し"
    r"|作っ|作れ|提示|要約|まとめ|出す|作る|変える|直す|考える).{0,8}"
)
OFFER_VERB = (
    rf"{OFFER_STEM}(?:できます|可能です|いたします|しましょうか|ましょうか|しますか|ますか|ますので|できますよ)"
)
OFFER_CUE = (
    r"ご希望|ご要望|気に入らなければ|お気に召さなければ|お気軽に|遠慮なく|いつでも|必要でしたら|必要であれば|必要なら"
    r"|必要に応じて|別の|他の|ほかの|他にも|ほかにも|いくつか|違った|違う|別バージョン|別パターン|もう一つ|もうひとつ"
)
#: A plain 「…お出しします。」 is an offer only after a condition about the user's wishes.
OFFER_PLAIN = (
    r"(?:ご希望|ご要望|気に入らなければ|お気に召さなければ|必要でしたら|必要であれば|必要なら)"
    rf".{{0,30}}{OFFER_STEM}します"
)
#: Questions that offer more work (「より短いバージョンが必要ですか？」「他にお手伝いできることはありますか？」).
QUESTION_END = r"(?:ましょうか|しましょうか|ますか|ですか|でしょうか|ございますか|ましたか|でしたか)[？?]?[。．！!]*$"
#: 案 alone, not inside 提案/答案/案内.
VARIANT = r"(?<![提答図法])案(?!内)|パターン|バージョン|バリエーション|候補|トーン|言い回し"
QUESTION_CUE = (
    rf"気になる点|知りたいこと|聞きたいこと|参考|気に入|お役|ご質問|{VARIANT}|"
    r"お手伝い|修正|調整|書き直|作り直|ご希望|ご要望"
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
#: A restatement that refers back to the whole answer (「上記のように、…両方があります。」); last line only.
RESTATEMENT = (
    r"^上記(?:の通り|のとおり|は|に挙げた|で挙げた)"
    r"|^(?:上記の|以上の|この)ように[、,].{0,40}(?:両方|両面)が(?:あります|ある|存在します)[。．！!]?$"
    r"|^(?:上記の|以上の|この)ように[、,].{0,20}(?:記事|要約|本文)(?:では|は|で)"
    r"|^(?:上記の|以上の|この)ように[、,].{0,30}(?:まとめ|整理し|要約し)(?:ました|ています)[。．！!]?$"
)
#: Remarks on how the answer was written
#: (「手軽さを強調したタイトルにしました。」「要点を押さえて簡潔にまとめました。」): a design verb in the polite past or
#: progressive, no subject (は/が), and a word about writing, per task.
DESIGN_VERBS = (
    r"意識|工夫|心がけ|心掛け|重視|強調|盛り込|込め|アピール|訴求|打ち出|焦点を当て|押さえ|おさえ|配慮|選び|選ん"
    r"|取り入れ|言い換え|絞っ|絞り|まとめ|仕上げ|表現し|表し|入れ|含め|使い|使っ|用い|抑え|出し|優先|省略|省き|省い"
    r"|割愛|除い|削っ|構成に|構成し|仕立て"
)
DESIGN_END = r"(?:ました|ています|ております|てあります|てみました)[。．！!]*$"

#: A whole last line saying the work is done, with no object (「作成しました。」「以上、まとめました！」); rule@1.2.
#: Past tense only, and no verbs ad copy ends with (用意, お届け, 紹介): 「丹精込めて作りました。」 has an object.
DONE_VERBS = r"作成|要約|まとめ|作っ|作り|書い|書き|考え|お答え|回答|整理|生成|出力|ご?提案"
DONE_LINE = (
    rf"^(?:(?:以上|これで|では|はい)[、,]?\s*)?(?:(?:{BARE_ADVERBS})[、,]?\s*){{0,2}}(?:{DONE_VERBS})"
    r"(?:し|いたし|してみ|てみ|み)?ました[。．.！!♪~〜ー]*$"
)

#: A heading that opens a multi-line footer (「要約のポイント：」「【解説】」「Note:」).
FOOTER_HEADINGS = (
    r"^(?:#{1,6}\s*)?(?:\*\*)?[【\[＜<〈〔■◆●★▼]?\s*(?:(?:要約|タイトル|広告文|キャッチコピー|コピー|回答)の?)?"
    r"(?:ポイント|解説|補足|補足説明|説明|注意点?|備考|工夫した点|工夫点|工夫したポイント|意図|作成意図|狙い|ねらい|注"
    r"|コメント|アピールポイント|訴求ポイント|使用キーワード|note|notes|explanation|comments?|rationale)"
    r"\s*[】\]＞>〉〕]?(?:\*\*)?\s*[:：]?(?:\*\*)?$"
)

EN_CLOSING_RE = compile_ci(rf"^{EN_CLOSINGS}")
EN_CUE_RE = guard(compile_ci(EN_CUES))
#: 「Is this what you were looking for?」: a line of four or more words addressing the user (not 「Made for you.」).
EN_YOU_REMARK_RE = guard(compile_ci(r"^(?=(?:\S+\s+){3,}\S).*\b(?:you|your)\b.*[?!.]$"))
CLOSING_RE = guard(compile_ci(CLOSINGS))
READER_CLOSING_RE = guard(compile_ci(READER_CLOSINGS))
REQUEST_END_RE = compile_ci(REQUEST_END)
REQUEST_CUE_RE = compile_ci(REQUEST_CUE)
OFFER_VERB_RE = compile_ci(OFFER_VERB)
OFFER_CUE_RE = compile_ci(OFFER_CUE)
OFFER_PLAIN_RE = compile_ci(OFFER_PLAIN)
QUESTION_END_RE = compile_ci(QUESTION_END)
QUESTION_CUE_RE = guard(compile_ci(QUESTION_CUE))
ADVICE_END_RE = guard(compile_ci(ADVICE_END))
ANSWER_CUE_RE = guard(compile_ci(ANSWER_CUE))
AD_SHORT_QUESTION_RE = compile_ci(r"^(?:こちら|これ|上記|以上|いかが|どう|(?:こんな|この|こういう|このような)感じ)")
RESTATEMENT_RE = compile_ci(RESTATEMENT)
DESIGN_RE = compile_ci(rf"(?:{DESIGN_VERBS}).{{0,15}}{DESIGN_END}")
FOOTER_HEADING_RE = compile_ci(FOOTER_HEADINGS)
DONE_LINE_RE = compile_ci(DONE_LINE)
#: Most lines a multi-line footer block may have (heading + a few bullets); also bounds the work per cut.
MAX_FOOTER_BLOCK_LINES = 8
#: Longest remark on how the answer was written; longer sentences are content.
MAX_DESIGN_CHARS = 60
#: Longest reader-facing sign-off an ad title may end with and still be cut (「こんな感じでいかがでしょうか？」).
MAX_AD_SIGNOFF_CHARS = 20
