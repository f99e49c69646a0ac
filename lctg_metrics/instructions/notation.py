"""Bracketed spans that are notation a reader reads past, not the content a format asks for (checkers 2.8, round 14),
read by what the brackets do in their sentence rather than by a list of words:

- an aside: text in round brackets （…） is a stage direction or a note on the text (（沈黙）, （笑）, （間）);
  a quotation 「…」 whose only text is asides quotes nothing anyone said (``aside_only``);
- a reading: a 《…》 of kana only, directly after a run of kanji, whose kana are the analyser's reading of that run
  (図書館《としょかん》, 借《か》りる: the reading without its okurigana) is ruby in the Aozora notation, no
  highlight (``ruby_reading``); 大切なのは《やさしさ》 follows kana and stays a highlight, and so does 結論《まとめ》,
  which is no reading of 結論;
- a control: a bracket naming a key, button, tab, menu or field, or one to press or click ([Enter]キー, [保存]ボタン,
  [Esc]で戻る, [OK]をクリック) names a part of a screen, no slot a writer fills (``control_name``); [氏名]様,
  [日付]に, [会社名] on its own line are slots.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

from lctg_metrics.instructions import morph

_ASIDE = re.compile(r"[（(][^（）()]*[）)]|［[^［］]*］|\[[^\[\]]*\]")


def aside_only(text: str) -> bool:
    """Whether ``text`` holds letters only inside round or square brackets (（沈黙）, (笑)（間）): asides, nothing
    said."""
    letters = lambda s: any(unicodedata.category(ch)[0] in "LN" for ch in s)  # noqa: E731
    return letters(text) and not letters(_ASIDE.sub("", text))


#: A hesitation sound: a vowel or ん drawn out (あー, えー, うーん, んー; not うん "yes", いいえ "no", ええ "yes");
#: えーと's と and the lengthened その / あの of a speaker searching for a word (そのー) hesitate too.
_HESITATION = re.compile(r"[あいうえおん][ー〜]+[んっ]?|ん+")
#: A letter of any script (the prolonged-sound mark aside): what the analyser may file as a symbol but a reader reads
#: as a sound or a word.
_LETTER = re.compile(r"(?![ーｰ〜])[^\W\d_]")


def hesitation_only(text: str) -> bool:
    """Whether ``text`` says nothing but fillers and hesitation sounds (round 15: 「あー、えーと、うーん……。」): each of
    its words a 感動詞 the analyser files as a filler or one that is a hesitation sound, a と or ー after one, or a
    demonstrative lengthened (そのー); marks aside. An interjection that says something (はい, わあ) is said."""
    if re.search(r"[！？!?]", text):
        return False  # あー！ おお！: an exclamation, said
    found = morph.analyze(text)
    hesitating = False
    for i, m in enumerate(found):
        before, after = found[i - 1] if i else None, found[i + 1] if i + 1 < len(found) else None
        if m.pos1 in ("補助記号", "記号", "空白"):
            if not _LETTER.search(m.surface):
                continue  # marks aside
            # a kana the analyser files as a symbol is a sound: a hesitation drawn out (あ|ー), else said (あー|い)
            drawn = "".join(itertools.takewhile(lambda ch: ch in "ー〜", "".join(n.surface for n in found[i + 1 :])))
            if not _HESITATION.fullmatch(m.surface + drawn):
                return False
            hesitating = True
            continue
        cut = re.fullmatch("[あいうえお]っ", m.surface) and after is not None and after.surface == "と"  # えっ|と
        if m.pos1 == "感動詞" and (m.pos2 == "フィラー" or _HESITATION.fullmatch(m.surface) or cut):
            hesitating = True
        elif m.pos1 == "連体詞" and (after is None or after.pos1 in ("補助記号", "感動詞")):
            continue  # そのー, あの|う: a demonstrative with no noun after it
        elif not (before is not None and before.pos1 == "感動詞" and m.surface == "と"):  # えー|と
            return False
    return hesitating


_KANJI_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff々〆ヶ]+$")
_KANA = re.compile(r"[ぁ-ゖァ-ヺー]+")


def _hiragana(text: str) -> str:
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text)


def ruby_reading(text: str, start: int, end: int) -> bool:
    """Whether the bracket ``text[start:end]`` (its marks included) is a reading of the kanji run just before it (see
    the module docstring): the run, read in its sentence without any such brackets, sounds as the kana."""
    inner = text[start + 1 : end - 1].strip()
    run = _KANJI_RUN.search(text[:start])
    if not inner or not run or not _KANA.fullmatch(inner):
        return False
    kanji = run.group()
    plain = re.sub(r"《[ぁ-ゖァ-ヺー]*》", "", text[run.start() : start] + text[end : end + 12])  # what follows
    heard, at = "", 0
    for m in morph.analyze(plain):
        if at >= len(kanji):
            break
        surface = m.surface
        reading = m.reading
        if at + len(surface) > len(kanji):  # okurigana after the run: its kana read off the end
            tail = surface[len(kanji) - at :]
            if not _KANA.fullmatch(tail) or not _hiragana(reading).endswith(_hiragana(tail)):
                return False
            reading = reading[: len(reading) - len(tail)]
        heard += reading
        at += len(surface)
    return bool(heard) and _hiragana(heard) == _hiragana(inner)


#: Nouns for a part of a screen or keyboard a bracket may name (キー, ボタン, タブ, メニュー, アイコン, 欄).
_CONTROL_NOUN = re.compile(
    r"[\s\u3000]*(?:キー|ボタン|タブ|メニュー|アイコン|リンク|チェックボックス|スイッチ|欄|画面|key|button)"
)
#: Acts on a control: press, click, tap, choose (を押す, をクリック, で決定, で戻る).
_CONTROL_ACT = re.compile(
    r"[\s\u3000]*(?:を|で)?[\s\u3000]*(?:押|おし|お押|クリック|タップ|選択|選ん|えらん|長押し|ダブルクリック|決定|戻|閉じ|確定|入力|実行)"
)
#: Pressing, which only a control takes (を押す, をクリック, をタップ); [氏名]を入力 names a slot to fill.
_PRESS = re.compile(r"[\s\u3000]*を?[\s\u3000]*(?:押|おし|お押|クリック|タップ|長押し|ダブルクリック)")
#: Names of keyboard keys (a key to press, whatever follows): Enter, Esc, Tab, Shift, Ctrl, F1 … F12, 矢印.
_KEY = re.compile(
    r"enter|return|esc|escape|tab|shift|ctrl|control|alt|option|cmd|command|space|spacebar|backspace|delete|del|insert"
    r"|home|end|pageup|pagedown|pgup|pgdn|capslock|fn|win|windows|f[0-9]{1,2}|[↑↓←→]"
    # the buttons of a dialog (round 14: [OK]で閉じる, [キャンセル]で戻る)
    r"|ok|cancel|yes|no|apply|next|back|キャンセル|次へ|戻る|閉じる|保存|送信|決定|適用|はい|いいえ"
    r"|(?:ctrl|control|alt|shift|cmd|command|option)\+.+",
    re.IGNORECASE,
)


def control_name(text: str, start: int, end: int) -> bool:
    """Whether the bracket ``text[start:end]`` names a control (see the module docstring): a key name, or a word
    followed by a noun for a control or an act on one."""
    inner = unicodedata.normalize("NFKC", text[start + 1 : end - 1]).strip().replace(" ", "")
    after = text[end : end + 12]
    if _CONTROL_NOUN.match(after) or _PRESS.match(after):
        return True  # [保存]ボタン, [閉じる]をクリック
    combined = re.match(r"\s*[+＋]", after) or re.search(r"[+＋]\s*$", text[:start])
    if combined and (_KEY.fullmatch(inner) or re.fullmatch(r"[A-Za-z0-9]", inner)):
        return True  # [Ctrl]+[C]: keys pressed together; [日付]+[時刻] joins two slots
    return _KEY.fullmatch(inner) is not None and (_CONTROL_ACT.match(after) is not None or not after.strip())


__all__ = ["aside_only", "control_name", "hesitation_only", "ruby_reading"]
