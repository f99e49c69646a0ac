"""The ``instructions`` config's section of the dataset card: how the prompts were made, the instructions per
category, the version's task-compatibility table (read from its data file) and how every instruction is checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_dataset.instructions.declarations import LATEST, VERSIONS, Declarations, load_declarations
from lctg_dataset.markdown import md_table


def instructions_section(rows: Sequence[Mapping[str, Any]], seed: int) -> str:
    """Card section of the ``instructions`` config: how it was made and the instructions per category."""
    per: dict[str, dict[str, int]] = {}
    ids: dict[str, set[str]] = {}
    for row in rows:
        for iid, category in zip(row["instruction_id_list"], row["categories"]):
            per.setdefault(category, {t: 0 for t in TASKS})[row["task"]] += 1
            ids.setdefault(category, set()).add(iid)
    version = rows[0]["dataset_version"] if rows else ""
    line = next((v for v in VERSIONS if version.startswith(f"instructions-{v}+")), LATEST)
    decls = load_declarations(line)
    declared = decls.categories  # the taxonomy's order
    order = [c for c in declared if c in per] + sorted(set(per) - set(declared))
    body: list[list[Any]] = [[c, len(ids[c]), *per[c].values(), sum(per[c].values())] for c in order]
    body.append(
        [
            "**total**",
            len(set().union(*ids.values())) if ids else 0,
            *(sum(r[i] for r in body) for i in range(2, 3 + len(TASKS))),
        ]
    )
    return "\n".join(
        [
            f"## Config `instructions` (version {version})",
            "",
            f"How it was made: for each LCTG base text and its task instruction, prompts whose [条件] block holds 1–3 "
            "verifiable Japanese instructions, one per line, in place of the LCTG conditions. The instructions, their "
            "categories (Horio et al.'s taxonomy), their Japanese sentences and the kwargs to draw are declared once "
            "as data (`lctg_dataset/instructions/declarations.json`); keywords, forbidden words and character ranges "
            "come from the record's scored LCTG values. Only instructions with a deterministic checker are used "
            "(categories judged by an LLM, such as トピック指定, are left out). The instructions of one prompt are of "
            "distinct categories and never a declared conflicting pair; a required word never meets a script or "
            f"punctuation rule or a forbidden word. Drawn with `--seed {seed}` and the row id, so builds are "
            f"reproducible. Rows: {len(rows)}; the id is `instructions/{{task}}/{{prompt_id}}/{{k}}`; "
            "`instruction_id_list`, `kwargs` (one JSON object per instruction) and `categories` are parallel lists. "
            "Score with the instruction checkers of `lctg_metrics.instructions` (strict and loose). This config is "
            "**derived**: it is not part of LCTG Bench as published and its scores are **not comparable** with the "
            "papers' tables or with the LCTG configs; the scorer's signature shows its dataset version.",
            "",
            "Instructions per category (distinct ids, then occurrences per task):",
            "",
            md_table(["category", "ids", *TASKS, "total"], body),
            "",
            _compatibility_text(decls, line),
            "",
            INSTRUCTION_RULES,
        ]
    )


#: How the instructions are checked, as a native reader would judge them (checkers 2.10). Kept beside the card code
#: that prints it; every rule has labeled cases in ``tests/data/instructions/``.
INSTRUCTION_RULES = """### How the instructions are checked

**Strict** runs each checker on the response as it is. **Loose** (as IFEval) also tries the response without its
first line, without its last line, without both, and each of these without markdown emphasis; any passing variant
passes, so loose is never stricter than strict. Judgement calls, settled as a native reader would:

- **What is read** (from checkers 2.0): what a reader sees. Markup is rendered first: HTML comments, hidden
  elements, attributes, link URLs and tags are left out (a link's text stays), `<br>` and block elements are line
  breaks, markdown emphasis and code marks are dropped; compatibility forms read as what a font shows (⽇ is 日, ㈱
  is （株）, ＡＩ is AI); look-alike punctuation is read by its role (‚ ، after Japanese is 、, ⸰ ◦ is 。); lines holding
  only blanks or invisible characters are blank lines. Format checkers read the markup itself (JSON the raw text).
  Decorative symbols (★☆, emoji, arrows) do not count towards a minimum length.
- **Words** (from checkers 2.0): a keyword or forbidden word is the same word in another script or spelling of the
  same token, by the morphological analyser's reading and lemma (べんきょう for 勉強, トテモ for とても, すまほ for
  スマホ, 更に for さらに), while homophones of other words stay apart (化学 is not 科学, 箸 not 橋); Latin words match
  case-insensitively on word boundaries (Excel meets 「excel」, mail holds no 「ai」).
- **Characters** (`length:chars`): what a reader counts. The text is NFC-normalised and counted in user-perceived
  characters (a family emoji joined by ZWJ, a flag, a skin-toned or keycap emoji, か+゛ are one each); blanks of every
  width (spaces, U+3000, no-break spaces, tabs, line breaks, U+2028/2029, blank lines), invisible characters
  (zero-width spaces, word joiners, BOMs, soft hyphens, controls, stray combining marks and variation selectors) and
  characters that render blank (Hangul fillers, the Braille blank) are not counted, so padding never meets a minimum;
  punctuation, symbols, emoji and digits count, but a run of one repeated mark (punctuation, symbol, emoji, ー or 〜)
  counts two at most and a run of mixed punctuation three at most (「……」 and 「――」 are two, as in a manuscript;
  。。。。。。, ーーーー, 🎉🎉🎉🎉, a rule line of dashes or ！？！？！？ add nothing more: padding; from checkers 1.3).
- **Sentences** end at 。！？!?．｡ outside brackets that close on the same line, at an ellipsis ending a line and at
  every line break. Heading and label lines (「メリット：」, 「作り方は以下の通り：」, `# …`, 「第1節 …」, a line wholly in
  【】『』＜＞〈〉［］ or bold, a table row) and pieces without a letter or number (`******`, `---`) are no sentences; a line
  starting with a bullet mark (・料金, ■メリット) is a list item and counts as one. A line
  ending in ：/: whose words end in a predicate (「以下にまとめました：」, 「次のようになる：」) is a sentence written with a
  colon for its 。: it counts, and its style is read. Lines and paragraphs count only if they hold a letter or number.
- **Boundaries and padding** (from checkers 2.2): a stand-alone 「…」 (or a chain of them) opening a sentence is
  read as the sentences inside it (「晴れです。」「雨です。」 is two), while a quotation inside narration or bound by と stays in
  its sentence; a 。！？ inside a name (a mark followed by a particle that attaches to a noun, or read inside one word)
  ends no sentence; lengthening marks, small kana and one repeated letter count three at most per run and a short
  unit said again back to back three times at most, so すごーーーい！ meets a length while ｗ×20 does not; kanji drawn
  like katakana (二一卜, 力口リー) read as the katakana word they spell when they spell no kanji word.
- **One sentence model** (from checkers 2.3): every checker that counts or reads sentences (the sentence count,
  体言止め, unified endings, です・ます / だ・である, a postscript written after a 。) cuts them the same way, asides
  included; a quotation before a word for a person or a person's name is speech (「おはよう」先生が笑った。 is two),
  before any other noun a label (「いいね」ボタン); the lengthening of the first run between two marks counts
  whole beside two letters or more (すごーーーい！やばーーーい！ is fourteen characters, あーーー！ a drawn-out
  sound), and a cry said four times adds nothing past its third. From 2.4 `rule:no_period` reads the same model: a
  。 inside a name (モーニング娘。のライブ) is the name's, not a 句点. From 2.5 a quotation is also speech before the
  subject of a predicate only a person performs (「がんばって」コーチが声をかけた。, 「ありがとう」さくらが微笑んだ。 are two:
  saying, reacting, a gesture), while a label stays (「おかえり」セールが始まった。 is one); a few established names
  with a mark followed by more of the name (ハロー！プロジェクト) are listed, any other such mark is a cry; a
  heading's or a title's line asks the same model whether it holds a sentence (第1章 モーニング娘。 holds none, and
  its 。 opens no body). Also from 2.5: text counts as seen when a browser would draw it readably (thresholds from
  2.8: 8px, alpha 0.1, contrast 1.5 unless the hue sets the text apart, a placed box moved out by its font size), CSS-generated content and right-to-left overrides included; toward a minimum length a
  block said again back to back counts three times and a run of symbols nothing; 〜, … and （笑） after a predicate end a clause the style checks judge; template words and fill marks
  (項目1, （略）, 『〇〇』) are no content; an acronym said in kana (エーアイ) is the acronym; a hiragana keyword matches
  on word edges. From 2.6: ／ → ⇒ ♪ ☆ between finite predicates join sentences the counts and style checks cut; a
  quotation over several lines is someone's words; plain list items in a polite answer are the list's form; a
  number list standing after a short answer, near repeats of one claim, and lorem ipsum do not meet a minimum; a
  closed <details>, a box of line-height 0 and white text on no background are unseen; Wi-Fi is the word wifi;
  『Untitled』, 『（仮）』 and a postscript saying 特になし are no content. From 2.7: a run of marks (＞＞, ※※, 〻)
  between finite predicates splices sentences; a circle or an Arabic separator in the place of 。 or 、 is read as
  one; a title saying there is none, a postscript repeating the main text and a second answer with the same claims
  in another order are no content; a verb or adjective in katakana in any inflection is the word; a one-kanji
  keyword inside a word the dictionary files without it (海老) is not there; a sentence saying it fills the length,
  a claim said a third time in other words or another script, and an order recited in letters (the kana table, the
  alphabet, 十二支) do not meet a minimum unless the answer is about that order.
  From 2.8: any symbol standing where 。 or 、 stands is read by its role, Latin look-alikes through Unicode's
  confusables data; a word spelled out with one mark between its letters, written in mixed kana, or an acronym said
  by its letters' names is the word; a start or end phrase must be the same word in context (お楽しみです does not
  end with 楽しみです, はいいろ does not start with はい, 「こんにちは」と… quotes and greets nobody); work in progress
  (調査中, あとで決めます), a catch-all item alone (その他) and a layout formula (ここに…が入ります) are no content; a
  bracket closing a finished sentence ([笑]) is no placeholder, and a highlight of particles only emphasises
  nothing; sentences about the text's own length, a Chinese restatement and recited counting words or months do
  not meet a minimum; でござる is no です・ます調, and a unified ending ます must be the auxiliary.
  Later in 2.8: a one-kanji word is not inside a native compound read as a whole (今日 holds no 今, 今週 does); a
  kana homophone is another word only where its sentence names a cue of that word (はしを渡る is a bridge); a
  katakana keyword is met by its dictionary origin in Latin letters (computer), T-shirt by Tシャツ, a negated verb in
  any inflection (つまらなかった), historical kana (ありがたう) and the dialect progressive (見とる) by the word; Kansai
  や is the plain copula and Kyoto どす polite. In prose a line or paragraph ending in a particle, an adnominal or
  で goes on in the next (poems keep their lines); a name called after a finished predicate is no 体言止め; a
  finished sentence before a label colon is read. Toward a minimum: a sentence of words all said already counts
  once, one number or quantity in other notations, recited runs (twenty kanji without kana, five bare nouns after
  an unrelated answer, numbered sayings) and a hashtag repeating a word count nothing, and a letter's set phrases,
  lead-ins and business closings, notes on the text's structure and reports of what was asked count only as far as
  the answer's other text. Ditto cells (同上, 同左, 〃) copy the cell they point at; items naming only parts of an
  answer, spans talking about the text itself (以上、追伸でした), laughter marks, a title naming only a kind of text
  (『作文』), a JSON answer repeating the question and a second answer restating the first or only asking back hold
  nothing. A start phrase said with a casual particle (ところでさ、) is said, one taken up by となると or offered as
  a choice with か is not; 平均以上です does not end with 以上です. Colour alpha, opacity and filters are blended
  before the contrast threshold, and the response's own attribute and :not() selectors apply; a zero digit of
  another script after a sentence is read as 。. Also: stalling words (えーと, まあ) and hiragana drawn out mora by mora
  (しーなーのー) add nothing toward a minimum, a date or time restated in another notation (令和8年, 午後3時) is said
  once, a seasonal letter opener (〜の候) is a formula; 丶 named as a radical is no 読点; ざます, おす and まっせ are
  polite and 〜たまえ plain; a JSON value naming only its key in other words, a withheld table value (秘密) and
  highlights of demonstratives alone (《ここ》) hold nothing; 『無題』 titles verse only. Last in 2.8: a bare stroke
  (ӏ, ı) is the l or i a Latin keyword needs, small extension kana (ㇿ) their kana, invisible code points and a
  progress bar's fallback text unseen; a casual polite form (っす) is no だ・である; a sentence said again, a phrase
  one kana a line and a keyword listed bare count once toward a minimum; items of a label and a serial mark alone
  (ポイントA, ポイントB) are empty; a start phrase cut out of a longer word (私立 for 私) is not said. Bootstrap and
  Tailwind classes are read as their stylesheets declare them; ♪, ｗ or an emoji after a plain predicate ends a
  sentence; でせう, ざんす and the emphatic とも are read; emoji bullets, keycap numbers and 一、二、 in sequence are list
  items; filler text (Lorem ipsum), a form's blank (（記入）) and a value naming only its label's slot hold nothing; a
  start phrase written in kana for its kanji (結論からいうと) or drawn out (おはようございますー！) is said. A letter
  typed over and over (るるるるる) counts once toward a minimum, and a value repeating its label holds nothing.
  Markup shown inside code is text and a ruby reads as its base; a reading in brackets, a kana verb form or kana
  inside a longer word meet no kanji keyword of their sound; 0ffice is Office; ♪ or 笑 after a predicate ends a
  sentence toward a maximum too; a note of omission ((略)), an empty heading, a note on the answer's own length and a
  sentence said again behind serial numbers add nothing toward a minimum; a one-line title marked # or 『』 is
  neutral in either style.
  From 2.9: a kanji keyword that begins inside a word and runs into the next (京都 in 東京都心) is in neither; a tag
  named as a tag (<title>タグ) is a word that hides nothing; a Latin start phrase running into a name (Hello Kittyの)
  is not said; Roman numerals numbering list lines are numbers and a full-width dot inside Ｎｏ．１ is no 句点; 一 for
  ー in a hiragana loanword is ー. A JSON value only naming its key's field is a blank; a quoted option declined is
  not given; a postscript marker may stand in brackets (【追伸】); toward a minimum the answer again in romaji,
  sentences saying nothing more is added and lines only numbering themselves add nothing, and one thanks opening
  the answer counts within the formulas' share; markdown layout marks (#, bullets, >, pipes) are no characters.
  Later in 2.9: かも clipped from かもしれない is plain; a reply before a one-kanji noun (はい派) names a side; text
  struck through at an edge is withdrawn and Latin start and end phrases match in any case; an item that only puts
  off its content (後述します) holds none; a postscript marker a particle follows is named; two answers that only say
  yes are one; a restatement behind つまり adding no word, a stalling word said over and the request copied back
  in a bare quotation add nothing toward a minimum. Two answers under labels that only count them (A案： / B案：) are compared
  without the labels; an option taken back at once, quoted or not (……と言いたいところですが), is not given; a
  sentence's reading in kana or romaji after it counts once and a piece only labelling a part of the text (（以下、
  第2段落）) counts as none toward a minimum; a vowel starting the next kana word is no drawn-out keyword. A
  katakana compound whose words' origins spell a Latin keyword is that word (ユーチューブ is YouTube); a sentence
  around a しりとり chain is no word of it; a piece only naming its own place (第三段落です。, ・二つ目の理由), a
  running tally of the answer's length and a postscript only saying it is left out count as none.
  From 2.10: a line holding only a list's number, a list item that only names a thing (・りんご) and a table cell of a
  bare value (安い) are no sentences, toward a minimum or a maximum; list items that are the whole text are read in
  their own style. A Latin keyword is met by its katakana transcription (インスタグラム is Instagram); a kanji keyword
  a reader reads across two words is in neither (今日|本屋 holds no 日本); under word matching a word before 好き is
  that word (猫好き holds 猫). A line said again counts twice at most toward a line minimum; a paragraph's first word
  is a whole word (私立 is no 私); a kanji keyword written in kana under another reading of its word is that word
  (わたし is 私), an auxiliary in kana after て no verb keyword (やってみる holds no 見る); a look-alike kanji (末定
  for 未定), a kanji drawn as a katakana letter (朩テル) and one letter drawn as two (ツーノレ) read as the keyword;
  so do a symbol drawn as a letter (カ×ラ), a ring for the handakuten (ヘルフ°) and a letter for a digit (2O24). A list
  item of one predicate word alone (・安い) is no sentence, a refrain between new lines counts each time, and a
  sentence of stalling words alone (えーと。) past the text's first counts nothing toward a sentence minimum. A JSON
  answer left as a form's blank answers nothing; a kaomoji alone holds no content; an answer and its reading in
  romaji or kana are one answer; つづく or THE END alone is no paragraph toward a minimum; ２〇２４ and 二〇二四 are 2024.
  A keyword starting with a one-letter prefix is read with the prefix's word (大|人気 holds no 大人); an end phrase's
  closing 。 may be left off at the very end or written ！.
- **箇条書き**: items start with ・ • ∙ ● ○ ◯ 〇 ◎ ■ □ ◆ ◇ ★ ☆ ▪ ▶ ▲ △ ✓ ➤ … (with or without a space, after any
  blank; 〇 not before another 〇: 「〇〇駅」 is a placeholder), with - － + before text (not before a digit: 「-5度」 is a
  number) or with * ＊ and a space; arrows (→ ⇒) mark notes, not items; only top-level items count. 「「・」で始まる
  箇条書き」 admits ・ items only; a request that names no marker (「…項目の箇条書きにしてください」, from 1.1.0) admits
  any enumeration too: numbers (1. １． 1) （１） ① ❶ ⑴ ㈠ Ⅲ. 一、 （二）; 「1.5倍」, 「一方、」 and 「第一に」 are no items; a bare
  「1 」 without a mark is none) and letters in order (a) (a) A. ア． （イ）; 「A社は」 is none). 番号付きリスト
  (「1.」「2.」のような) counts numbered items only, not lettered ones.
- **Formats** (from checkers 2.0) are judged by what fills them. List items, 第N章 sections (a body of text under a
  heading of its own number; 「第1章では、…」 is a sentence, not a heading), 《》 highlights, [placeholders] and table
  rows count towards a minimum only if they hold a letter or number and read differently from the others (markup,
  blanks, punctuation and case aside: 《AI》《ＡＩ》 is one highlight); a placeholder counts wherever it is used, since
  a template names one slot wherever it is needed ([名前] twice counts twice, [ ] not at all); a maximum counts
  every one a reader sees. JSON is one object or array with some text or number in it (a bare string, `{}`, `[]`,
  only empty values or NaN fail; a ```json fence is allowed). A table is a GFM table with or without outer pipes
  (a delimiter row with as many cells as the header; not inside a code fence). 「」 around the whole answer must
  hold text. A title is a line wholly 『…』 (a heading mark, タイトル：, a subtitle after 〜 or ： aside) in the first
  line or after a preamble of at most two lines, with text after it; 『』 inside a sentence names a work. A
  postscript starts a line or sentence and holds text; when the request says 最後に (from 1.2.0) it follows the main
  text and only further postscripts (P.P.S.) follow it. A repeated request must be followed by an answer.
- **Fixed answers** (`format:constrained_response`): when the request says 回答の最後に / 広告文の後に / 最後に (from
  1.1.0), the response must end with one option (trailing blanks, invisible characters, closing 」』, emphasis and
  。.!！ aside), the option must not be glued to a word before it (「私の答えは、賛成です」 and 「回答：賛成です」 pass,
  「絶対に賛成です」 does not give the option as written) and it must be the only option on its last line. An answer given
  first, or followed by a closing remark, a note or an emoji, fails; the same option given earlier too, or another
  option quoted in the discussion, does not matter when the last line answers.
- **です・ます調 / だ・である調** read every predicate of the one sentence model (from checkers 2.0): each sentence, each
  blank-separated clause of a line without 句点, each clause spliced with 、 after だ/です/ます, table cells, a one-line
  answer wholly in 「」 as the writer's own, and the sentences inside an aside as sentences of their own. Polite: です, ます, ください, ございます among the
  final auxiliaries (でしょうか, ありません, なのです, ですね, ました！, ませんか？). Plain: a verb, adjective or auxiliary
  without them (なのか, だろうか, のだ, である, ことだ, じゃん, かな, だよね), a noun with a final particle (本当か), and the
  casual でしょ, っしょ and っす (「知ってるでしょ。」 is speech, not です・ます調, and passes だ・である調). Neutral: 体言止め and
  elliptical phrases (以下の通り, 〜について, 〜として). A sentence cut off after a conjunctive particle is read from the
  predicate before it (「試してみてね！」 and 「降ったけど。」 are plain, 「雨ですけど。」 polite). Trailing symbols, ♪ ♡, ！？ and emoji are not read; an aside in （）【】［］
  (「安いです（月三千円だ）。」, 「安い【税別】。」) and a laughter mark (笑, （笑）, ｗ) are not the sentence's predicate. Quotations 「…」『…』 are removed first (quoted speech is not the writer's
  style), headings and labels are skipped. A response of one line without a predicate, holding one sentence or no 句点
  (an ad title or slogan such as 「月三千円で学び放題のパソコン教室」, 「学び放題！月三千円のパソコン教室」, 「始めるなら、今。」)
  passes either style; a title hiding a
  predicate (「今すぐ始めよう！パソコン教室」) is judged by it; anything longer, or noun phrases closed by 。
  (「美しい景色。静かな湖。」), needs one sentence in the asked style.
- **句点 / 読点**: 。．｡﹒︒ and 、，､﹑﹐︑︐ (full-width, half-width, small and vertical forms) always count (「。。。」 too: it is made of 句点); an ASCII `.` right after a Japanese
  character, or after a number that follows one (「今年は2024. 」), and not before a digit or another `.`, is a 句点; an
  ASCII `,` after a Japanese character (blanks between allowed: 「東京 , 大阪」), or after a number that follows one and
  not before a digit (「東京は1,大阪は2」), is a 読点. 3.14, 1,000, １,０００, 2024.10.1, list numbers (「1. 」), P.S., `...` `..` `…` and text after English words
  (「Love. 」, 「A,B,C」) are not; ・ and ！？ are neither.
- **Scripts** are judged on letters. Digits, 〇 and emoji are no letters of a script: allowed under ひらがなだけ and
  カタカナだけ (漢数字 are kanji). ー and its half-width ｰ belong to the word they lengthen, and ゟ is hiragana; under
  カタカナを使わずに, ー ｰ, ・ ･ and the counter ヶ/ヵ (3ヶ月, 一ヶ所, 霞ヶ関) are no katakana, a full-size ケ (3ケ月), circled
  ㋐ and squared ㌔ are;
  under カタカナだけ ヶ is katakana; under ひらがなだけ it is not hiragana.
- **Furigana**: every run of kanji (々 〆 〇 and ヶ included: 二〇二四年 is one run) is followed by its reading in
  hiragana in full-width （）, at least one kana per kanji. A katakana reading, half-width (), a reading before the
  kanji or ruby markup (｜漢字《かんじ》) is no furigana in （）. Whether the reading is the right one is not checked
  (readings depend on context).
- **漢数字**: no digit (ASCII, full-width, superscript), no ① ⑴ style and no Roman (Ⅲ) number anywhere.
- **Keywords and forbidden words** are found as a reader sees them (from checkers 1.3, words from 2.0): as written, in NFKC
  (full-width/half-width) and in the visible form, with invisible characters (zero-width spaces, soft hyphens, word
  joiners, variation selectors) and markup (HTML tags, `**`, `__`, `~~`, backticks) removed. A forbidden word is
  also found split by blanks, line breaks, ・ or fillers between its letters (「ス マ ホ」, 「ス・マ・ホ」, 「スマ」 and 「ホ」 on
  two lines); a two-letter word split so must stand alone (「大会 社長」 does not hold 「会社」).
- **Quoted speech** in 「」『』 is the speaker's, not the writer's: it is left out of the style and unified-ending
  rules (a dialogue line 「いらっしゃいませ。」 in plain narration passes だ・である調), but its characters, 句点 and words
  still count for the length, punctuation, script and keyword rules."""  # noqa: E501 (the card's text, line for line)


def _compatibility_text(decls: Declarations, line: str) -> str:
    """The task-compatibility table of the version, from its data file (1.0.0 had none)."""
    if decls.compatibility is None:
        return (
            f"Version {line} combines every declared variant with its task; it has no task-compatibility table "
            "(1.1.0 adds one). Rebuild it with `--instructions-version " + line + "`."
        )
    table = decls.compatibility
    body = [[task, ", ".join(f"`{i}`" for i in sorted(table.excluded.get(task, {}))) or "—"] for task in TASKS]
    needs = "; ".join(
        f"`{i}` only on base texts matching `{pattern.pattern}` ({why})"
        for i, (pattern, why) in table.needs_in_base_text.items()
    )
    return "\n".join(
        [
            f"Compatibility (version {line}, `lctg_dataset/instructions/compatibility.json`): an instruction is drawn "
            "only if its task admits it and the base text gives it something to act on; pairs in the conflict table "
            "(`declarations.json`) never meet in one prompt. Older versions stay buildable with "
            "`--instructions-version`.",
            "",
            md_table(["task", "instructions it does not admit"], body),
            "",
            f"Vacuous combinations left out: {needs}." if needs else "",
            "",
            "Never drawn: "
            + "; ".join(f"`{i}` ({why})" for i, why in sorted(decls.excluded.items()) if why != "LLM judge only")
            + "."
            if any(why != "LLM judge only" for why in decls.excluded.values())
            else "",
        ]
    )
