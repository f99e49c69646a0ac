"""Phrases an assistant puts before its answer: announcements, acknowledgements, questions offering it.

Matched by :mod:`.head`; the per-task words (labels, what names the answer) live in :mod:`.vocabulary`.
"""

from __future__ import annotations

from lctg_metrics.cleaners.rule.guards import guard
from lctg_metrics.cleaners.rule.text import compile_ci
from lctg_metrics.cleaners.rule.vocabulary import CON_WORDS, PRO_WORDS

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
#: A section label that is content in pros/cons answers (「Pros:」「Disadvantages:」).
EN_SECTION = (
    r"\b(?:pros?|cons?|advantages?|disadvantages?|merits?|demerits?|benefits?|drawbacks?|downsides?|upsides?)\b"
)

ACK_RE = compile_ci(rf"^{ACKNOWLEDGEMENTS}[。．！!、,…〜~ー♪]*$")
#: Two or three acknowledgements in one sentence (「もちろんです、お任せください！」); only tried on short sentences.
ACK_RUN_RE = compile_ci(rf"^(?:{ACKNOWLEDGEMENTS}[。．！!、,…〜~ー♪\s]*){{2,3}}$")
MAX_ACK_RUN_CHARS = 30
EN_ACK_RE = compile_ci(rf"^{EN_ACKNOWLEDGEMENTS}[!.,:]*$")
EN_WRAPPER_RE = compile_ci(rf"^(?:{EN_ACKNOWLEDGEMENTS}[,!.]?\s+)?{EN_WRAPPERS}")
EN_SECTION_RE = guard(compile_ci(EN_SECTION))
EN_PAIR_RE = guard(compile_ci(rf"(?:{PRO_WORDS}).{{0,40}}(?:{CON_WORDS})"))
RECAP_END_RE = compile_ci(RECAP_END)
RECAP_TOPIC_RE = compile_ci(r"について|に関して|に関する")
FORWARD_RE = compile_ci(FORWARD)
ANNOUNCE_END_RE = compile_ci(rf"(?:{COMPOSE_VERBS})(?:{ANNOUNCE_ENDING})[。．.！!:：…♪~〜ー]*$")
BARE_ANNOUNCEMENT_RE = compile_ci(
    rf"^(?:(?:{BARE_ADVERBS})[、,]?\s*){{0,2}}(?:{COMPOSE_VERBS})(?:{ANNOUNCE_ENDING})[。．.！!:：…♪~〜ー]*$"
)
HEADER_QUESTION_RE = compile_ci(
    rf"^(?:(?:{FORWARD}|これ|この|こんな|このような|こういう|こちらの)(?:ような|よう)?\s*(?:{OFFERED_NOUNS}|の)?"
    r"|(?:" + OFFERED_NOUNS + r"))(?:は|で|なんて|など|の)?[、,]?\s*(?:いかが|どう)(?:でしょうか|ですか|でしょう|かな)"
    r"[？?！!。．]*$"
)
#: 「この記事は、商店街の新しい市場について書かれています。」: describing the source instead of summarising it.
SOURCE_DESCRIPTION_RE = compile_ci(
    r"^(?:この|本|ご提示の|ご提示いただいた|元の|上記の|以下の|与えられた)?(?:記事|文章|ニュース|本文|原文)(?:は|では)[、,]?"
    r".{0,50}(?:について|を|が)(?:書かれ|報じ|伝え|紹介し|述べ|解説し|説明し|取り上げ|扱っ)(?:て|た)"
    r"(?:います|いました|ものです|記事です)?[。．.！!]?$"
)
#: 「一言で表すと、こうなります。」「まとめると次のようになります：」: pointing at the answer that follows.
POINTING_END_RE = compile_ci(
    r"(?:こう|このよう|こんな感じ|こんなふう)(?:に)?(?:なります|なりました|です)[。．.！!:：]*$"
)
INSTRUCTION_ECHO_RE = compile_ci(rf"(?:{COMPOSE_VERBS})(?:して|て|で)?(?:ください|下さい)[。．.！!]?$")
FORWARD_END_RE = guard(
    compile_ci(
        r"(?:です|ます|ました|になります|となります|の?通り|のとおり|通りです|とおりです|でしょうか|でしょう|ですか"
        r"|こちら|以下|下記)[。．.！!?？:：]?$"
    )
)
COLON_END_RE = compile_ci(r"[:：]$")
SENTENCE_COLON_END_RE = compile_ci(r"(?:は|が|を|の|と|です|ます|ました)[:：]$")
NAMING_END_RE = guard(compile_ci(r"(?:案|例)?(?:です|になります|となります)[。．.！!:：]?$"))
TOPIC_ANNOUNCEMENT_RE = compile_ci(
    rf"^[^はが。]{{1,40}}について.{{0,20}}(?:{COMPOSE_VERBS})(?:し|いたし|してみ|てみ|み|)?(?:ます|ましょう)(?:ね|よ)?"
    r"[。．.！!:：…♪~〜ー]*$"
)
POLITE_PREFIX_RE = compile_ci(
    r"^(?:(?:はい|はーい|ええ|うん|では|それでは|じゃあ|さて|さっそく|早速|まずは|わかりました|分かりました|承知しました"
    r"|承知いたしました|かしこまりました|了解です|了解しました|了解|もちろん|ok|okay|オッケー)[、,]\s*)+"
)
#: Longest sentence treated as an announcement; real preambles are short (a guard against eating content).
MAX_ANNOUNCEMENT_CHARS = 120
#: Longest sentence that can merely name the answer (「広告文のタイトル案です。」).
MAX_NAMING_CHARS = 25
#: Longest recap of the request (「在宅勤務のメリットとデメリットについてですね。」).
MAX_RECAP_CHARS = 50
