"""Orders recited in letters (checkers 2.7): the kana table (あいうえお…, がぎぐげご…, in hiragana or katakana),
the alphabet, いろは, 十二支, 十干, and (round 10) the Roman numerals (Ⅰ…Ⅻ, I II III … XII), kanji numerals
(一二三…, 壱弐参…, ㊀㊁㊂…) and the Greek alphabet, said letter after letter (from round 11 also the alphabet and
the Greek letters said by their names, エー、ビー、シー…, ``SPOKEN``; from round 12 the prefectures in their
official order and the signs of the zodiac) after a short answer, are no text a reader
counts toward a minimum length, unless the answer is about the order and names it (アルファベットは ABC…Z の
26文字です; 十二支は子丑寅…亥です; アルファベットの読み方は エー、ビー…): then the order is what the answer
says, and counts whole.

A recited run is ``_RUN`` letters or more, each the next of one order (blanks, line breaks and the marks 。、・,
between them aside; 十二支 and 十干 go round again); it counts its first ``_RUN`` letters, one row of the table."""

from __future__ import annotations

import re

from lctg_metrics.instructions.counted_aloud import said_counts

_GOJUON = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
_VOICED = "がぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽ"
_IROHA = "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす"


def _katakana(text: str) -> str:
    return "".join(chr(ord(ch) + 0x60) for ch in text)


#: Each order and whether it goes round (the twelve branches after 亥 start again at 子).
ORDERS = (
    (_GOJUON, False),
    (_katakana(_GOJUON), False),
    (_VOICED, False),
    (_katakana(_VOICED), False),
    (_IROHA, False),
    (_katakana(_IROHA), False),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", False),
    ("abcdefghijklmnopqrstuvwxyz", False),
    ("子丑寅卯辰巳午未申酉戌亥", True),
    # numerals in other blocks (round 10): the Roman numerals of Number Forms round a clock face, kanji numerals,
    # their formal 大字 and circled forms, and the Greek alphabet
    ("ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ", True),
    ("ⅰⅱⅲⅳⅴⅵⅶⅷⅸⅹⅺⅻ", True),
    ("一二三四五六七八九十", True),
    ("壱弐参肆伍陸漆捌玖拾", True),
    ("㊀㊁㊂㊃㊄㊅㊆㊇㊈㊉", True),
    ("αβγδεζηθικλμνξοπρστυφχψω", False),
    ("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ", False),
    ("甲乙丙丁戊己庚辛壬癸", True),
    ("月火水木金土日", True),  # round 13: the days of the week, one letter each
    ("水金地火木土天海", False),  # and the planets
)
_RUN = 5
#: What may stand between two letters of a recital: blanks, line breaks and the marks that list or close.
_BETWEEN = frozenset(" \u3000。、，,・･.")
#: Words that name an order: the answer is about it (五十音, あ行, 濁音, アルファベット, 十二支, 干支, いろは, 十干).
#: A bare かな or えと is no name (〜かな, ええと), nor is は行 in 私は行きます.
NAMES = re.compile(
    r"五十音|50音|[あかさたなはまやらわがざだばぱアカサタナハマヤラワガザダバパ]行(?![かきくけこっ])|[あいうえおアイウエオ]段"
    r"|濁音|清音|仮名|ひらがな|平仮名|カタカナ|片仮名|アルファベット|alphabet|英字|ローマ字|十二支|干支|いろは|イロハ|十干"
    r"|ローマ数字|roman numerals?|漢数字|大字|ギリシ[ャア]文字|greek|読み方|呼び方|発音"
    r"|都道府県|県名|地方|十二星座|黄道十二宮"  # round 12: 関東地方は茨城、栃木… says what it lists
    # round 13: the counting words, months and days of the week, named as such
    r"|数え方|数えかた|かぞえ方|かぞえかた|数詞|和語|助数詞|月名|月の名|何月|曜日|[一1１]週間|十二か月|十二ヶ月|十二カ月"
    r"|12か月|12ヶ月|12カ月|[一1１]年間?の?月|暦|こよみ|九九|英語の数|数字の読み|惑星|太陽系|音階|階名|ドレミ|虹|七色"
    r"|英語の月|月の英語|英語で|七曜|営業|定休"
    # round 14: a times table by its 段, reciting named as such
    r"|[一二三四五六七八九1-9１-９]の段|掛け算|かけ算|掛算|乗法|唱え|となえ|暗唱|暗誦|早口言葉|わらべ歌|数え歌|発声|滑舌",
    re.IGNORECASE,
)


#: Orders said by the names of their letters (round 11): the alphabet in katakana (エー、ビー、シー…) and the Greek
#: letters (アルファ、ベータ、ガンマ…), each name in its common spellings. A run of ``_RUN`` names or more, each the
#: next, counts its first ``_RUN`` names.
SPOKEN: tuple[tuple[str, ...], ...] = (
    tuple(
        "エー|エイ ビー シー|スィー ディー|デー イー エフ ジー|ヂー エイチ|エッチ アイ ジェー|ジェイ ケー|ケイ "
        "エル エム エヌ オー ピー キュー アール エス ティー|テー ユー ブイ|ヴィー|ヴイ ダブリュー|ダブリュ "
        "エックス ワイ ゼット|ズィー|ゼッド".split()
    ),
    tuple(
        "アルファ ベータ ガンマ デルタ イプシロン|エプシロン ゼータ|ツェータ イータ|エータ シータ|テータ "
        "イオタ カッパ ラムダ ミュー ニュー クシー|クサイ|グザイ オミクロン パイ ロー シグマ タウ "
        "ユプシロン|ウプシロン ファイ|フィー カイ プサイ|プシー オメガ".split()
    ),
    # round 12: the prefectures in their official order (JIS X 0401), with or without 県, 都, 府, and the twelve signs
    # of the zodiac in kana or kanji
    tuple(
        f"{name}{suffix}|{name}" if suffix else name
        for name, suffix in (
            (n.rstrip("県都府"), n[-1] if n[-1] in "県都府" else "")
            for n in "北海道 青森県 岩手県 宮城県 秋田県 山形県 福島県 茨城県 栃木県 群馬県 埼玉県 千葉県 "
            "東京都 神奈川県 新潟県 富山県 石川県 福井県 山梨県 長野県 岐阜県 静岡県 愛知県 三重県 "
            "滋賀県 京都府 大阪府 兵庫県 奈良県 和歌山県 鳥取県 島根県 岡山県 広島県 山口県 徳島県 "
            "香川県 愛媛県 高知県 福岡県 佐賀県 長崎県 熊本県 大分県 宮崎県 鹿児島県 沖縄県".split()
        )
    ),
    tuple(
        "おひつじ座|牡羊座 おうし座|牡牛座 ふたご座|双子座 かに座|蟹座 しし座|獅子座 おとめ座|乙女座 てんびん座|天秤座 "
        "さそり座|蠍座 いて座|射手座 やぎ座|山羊座 みずがめ座|水瓶座 うお座|魚座".split()
    ),
)


def _numbered(*spellings: str, last: int) -> tuple[str, ...]:
    """Names 1..``last`` built from each counter spelling (``{k}`` a kanji numeral, ``{d}`` digits, ``{w}`` a
    full-width digit run): 一月|1月|１月, 一つ|1つ."""
    kanji = "一 二 三 四 五 六 七 八 九 十 十一 十二".split()
    wide = str.maketrans("0123456789", "０１２３４５６７８９")
    return tuple(
        "|".join(f.format(k=kanji[n - 1], d=n, w=str(n).translate(wide)) for f in spellings) for n in range(1, last + 1)
    )


def _with_katakana(order: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("|".join(_spellings(name)) for name in order)


def _spellings(name: str) -> list[str]:
    """A name's spellings and the katakana of each one in hiragana (し|よん: シ and ヨン too; checkers 2.10)."""
    alts = name.split("|")
    return list(dict.fromkeys(alts + [_katakana(a) for a in alts if all("ぁ" <= ch <= "ゖ" for ch in a)]))


#: Round 13: sequences recited as words (generated, each in its usual spellings): the native counting words
#: (ひとつ…とお, 一つ…十), the counting words read as kanji (いち、に、さん…), the old counting (ひい、ふう、みい…;
#: round 21), the months (一月…十二月, 睦月…師走),
#: the days of the week and the twelve branches in kana (ね、うし、とら…).
SPOKEN = SPOKEN + (
    tuple(
        f"{native}|{_katakana(native)}|{counted}"
        for native, counted in zip(
            "ひとつ ふたつ みっつ よっつ いつつ むっつ ななつ やっつ ここのつ とお".split(),
            _numbered("{k}つ", "{d}つ", "{w}つ", last=10)[:9] + ("十",),
        )
    ),
    _with_katakana(tuple("いち に さん し|よん ご ろく しち|なな はち く|きゅう じゅう".split())),
    # the old counting ひい、ふう、みい… (round 21), its long vowels written in any way
    _with_katakana(
        tuple(
            "ひい|ひー|ひぃ ふう|ふー|ふぅ みい|みー|みぃ よう|よー|よぉ いつ むう|むー|むぅ なな やあ|やー|やぁ "
            "ここの とお|とー|とぉ".split()
        )
    ),
    _numbered("{k}月", "{d}月", "{w}月", last=12),
    tuple("睦月 如月 弥生 卯月 皐月 水無月 文月 葉月 長月 神無月 霜月 師走".split()),
    tuple(f"{day}曜日|{day}曜|{day}よう日" for day in "月火水木金土日"),
    _with_katakana(tuple("ね うし とら う たつ み うま ひつじ さる とり いぬ い".split())),
    tuple("one two three four five six seven eight nine ten eleven twelve".split()),
    tuple(
        "january|jan february|feb march|mar april|apr may june|jun july|jul august|aug september|sep|sept "
        "october|oct november|nov december|dec".split()
    ),
    tuple("水星 金星 地球 火星 木星 土星 天王星 海王星".split()),
    tuple("ド レ ミ ファ ソ ラ シ".split()),
    tuple("赤 橙|だいだい|オレンジ 黄|黄色 緑 青 藍 紫".split()),
)
_SPOKEN_NAMES = [
    (
        re.compile("|".join(sorted((n for name in order for n in name.split("|")), key=len, reverse=True)), re.I),
        order,
    )
    for order in SPOKEN
]


def _name_runs(clusters: list[str]) -> list[tuple[list[int], int]]:
    """The clusters of each run of ``_RUN`` letter names or more (``SPOKEN``), with how many of them the first
    ``_RUN`` names take."""
    text = "".join(c if len(c) == 1 else "\x00" for c in clusters)  # one character per cluster
    found = []
    for pattern, order in _SPOKEN_NAMES:
        index = {n.casefold(): i for i, name in enumerate(order) for n in name.split("|")}
        names: list[re.Match[str]] = []
        for m in [*pattern.finditer(text), None]:
            gap = text[names[-1].end() : m.start()] if names and m else ""
            if (
                m
                and names
                and all(ch in _BETWEEN for ch in gap)
                and index[m.group().casefold()] == index[names[-1].group().casefold()] + 1
            ):
                names.append(m)
                continue
            if len(names) >= _RUN:
                spans = [range(n.start(), n.end()) for n in names]
                found.append(([i for span in spans for i in span], sum(len(span) for span in spans[:_RUN])))
            names = [m] if m else []
    return found


def _runs(clusters: list[str]) -> list[list[int]]:
    """Indices of the letters of each recited run (see the module docstring), longest first per start."""
    found = []
    for order, round_again in ORDERS:
        following = {a: b for a, b in zip(order, order[1:] + (order[0] if round_again else ""))}
        run: list[int] = []
        for i, cluster in enumerate(clusters):
            if cluster in _BETWEEN:
                continue
            if run and following.get(clusters[run[-1]]) == cluster:
                run.append(i)
                continue
            if len(run) >= _RUN:
                found.append(run)
            run = [i] if cluster in following else []
        if len(run) >= _RUN:
            found.append(run)
    return found


#: Roman numerals in Latin capitals, one to twelve (I II III … XII; round 10): recited as an order when written one
#: after another, spaced or glued (the reader's clusters hold no blanks: I II III reads IIIIII, and only the order
#: itself says where each numeral ends).
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


def _roman_runs(clusters: list[str]) -> list[list[list[int]]]:
    """The Latin Roman numerals of each recited run, as the cluster indices of each numeral: ``_RUN`` or more from I,
    each the next (XII goes round to I), listing marks between them aside; a run starts after no Latin letter."""
    found: list[list[list[int]]] = []
    i = 0
    while i < len(clusters):
        if clusters[i] != "I" or (i > 0 and clusters[i - 1].isascii() and clusters[i - 1].isalpha()):
            i += 1
            continue
        run: list[list[int]] = []
        at, value = i, 0
        while True:
            while at < len(clusters) and clusters[at] in _BETWEEN and run:
                at += 1
            numeral = _ROMAN[value % len(_ROMAN)]
            if "".join(clusters[at : at + len(numeral)]) != numeral:
                break
            run.append(list(range(at, at + len(numeral))))
            at, value = at + len(numeral), value + 1
        if len(run) >= _RUN:
            found.append(run)
        i = max(at, i + 1)
    return found


def named(clusters: list[str]) -> set[int]:
    """Letters of the recited runs of a text that names an order outside them: they count whole."""
    runs = (
        _runs(clusters)
        + [run for run, _ in _name_runs(clusters)]
        + [[i for numeral in run for i in numeral] for run in _roman_runs(clusters)]
    )
    inside = {i for run in runs for i in run}
    rest = "".join(c if i not in inside else "\x00" for i, c in enumerate(clusters))
    return inside if NAMES.search(rest) else set()


def only_recited(text: str) -> bool:
    """Whether every letter of ``text`` stands in a recited run (round 15: a JSON value or a list item holding
    あいうえお or かきくけこさしすせそ): a row of an order, nothing said."""
    clusters = list(text)
    runs = _runs(clusters) + [run for run, _ in _name_runs(clusters)]
    inside = {i for run in runs for i in run} | {i for run in _roman_runs(clusters) for n in run for i in n}
    letters = [i for i, c in enumerate(clusters) if c not in _BETWEEN and not c.isspace()]
    return bool(letters) and all(i in inside for i in letters)


#: What ends a line of a verse: a sentence mark, a line break (or the text's end).
_LINE_END = frozenset("。．.！!？?\n")
#: Kana a drill line may hold before its row (the verse's words), blanks and 、 aside: at least this many.
_DRILL_WORDS = 3


def _kana(cluster: str) -> bool:
    return all("ぁ" <= ch <= "ゖ" or "ァ" <= ch <= "ヺ" or ch == "ー" for ch in cluster)


def drill_lines(clusters: list[str], breaks: frozenset[int] = frozenset()) -> set[int]:
    """Clusters of each line of a recitation drill (round 13: あめんぼあかいなあいうえお。): a line of kana only
    whose last letters are a recited run of the kana table (a row: あいうえお, かきくけこ), after words of its own.
    The line is said for its sounds, not its meaning, and counts nothing; the shape, not the verse's words, tells
    it (かきのきくりのきかきくけこ too). ``breaks`` are the clusters that start a line (round 14: a verse in lines
    without 。 ends its line at the break)."""
    out: set[int] = set()
    for run in _runs(clusters):
        if not all(_kana(clusters[i]) for i in run):
            continue
        after = None
        for j in range(run[-1] + 1, len(clusters)):
            if j in breaks:
                break
            if clusters[j] not in _BETWEEN or clusters[j] in _LINE_END:
                after = clusters[j]
                break
        if after is not None and after not in _LINE_END:
            continue
        start = run[0]
        while start > 0 and clusters[start - 1] not in _LINE_END and start not in breaks:
            start -= 1
        words = [c for c in clusters[start : run[0]] if c not in _BETWEEN]
        if len(words) >= _DRILL_WORDS and all(_kana(c) for c in words):
            out.update(range(start, run[-1] + 1))
    return out


def recited(clusters: list[str], breaks: frozenset[int] = frozenset()) -> set[int]:
    """Letters of the recited runs of a text that names no order, past the first ``_RUN`` of each run, and the lines
    of a recitation drill (``drill_lines``; ``breaks``: the clusters that start a line)."""
    if named(clusters):
        return set()
    latin = {i for run in _roman_runs(clusters) for numeral in run[_RUN:] for i in numeral}
    return (
        latin
        | {i for run in _runs(clusters) for i in run[_RUN:]}
        | {i for run, head in _name_runs(clusters) for i in run[head:]}
        | drill_lines(clusters, breaks)
    ) - said_counts(clusters)  # 「いち、に、…、はち」と八つ数えて (round 19)


__all__ = ["NAMES", "ORDERS", "SPOKEN", "drill_lines", "named", "only_recited", "recited"]
