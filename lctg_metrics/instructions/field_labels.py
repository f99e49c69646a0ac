"""The names of a form's fields in English and Japanese (round 27), so that a JSON value that only names its own key
in the other language ({"name": "名前", "age": "年齢"}, {"氏名": "full name"}) is read as a label left in a blank
form, not as a value. A value that fills the field ({"name": "田中花子"}, {"age": "三十歳"}) names no field, and a
value naming another field than its key's ({"category": "趣味"}) is a value.

Each row is one field: its English names (``key`` form: case folded, separators out: first_name is firstname) and
its Japanese names (``key`` form: katakana as hiragana). A key and a value name the same field when both are names of
one row, in either language or both (氏名 and 名前).
"""

from __future__ import annotations

from lctg_metrics.instructions.contents import key

_ROWS = (
    (
        "name fullname firstname lastname username nickname",
        "名前 なまえ 氏名 名 姓 苗字 名字 名称 ねーむ 呼び名 ゆーざー名",
    ),
    ("age", "年齢 ねんれい 歳"),
    ("hobby hobbies interest interests", "趣味 しゅみ 興味"),
    ("address", "住所 じゅうしょ 所在地 あどれす"),
    ("email mail emailaddress", "めーる めーるあどれす 電子めーる めあど"),
    ("phone tel telephone phonenumber mobile", "電話 電話番号 携帯 携帯番号 連絡先"),
    ("birthday birthdate dateofbirth dob", "誕生日 生年月日"),
    ("gender sex", "性別"),
    ("job occupation profession", "職業 仕事 職種"),
    ("company organization organisation employer", "会社 会社名 所属 勤務先 組織"),
    ("title", "題名 たいとる 表題 件名 題"),
    ("author writer", "著者 作者 筆者"),
    ("publisher", "出版社 発行元"),
    ("year", "年 年度 出版年 発行年"),
    ("date", "日付 年月日 日時"),
    ("time", "時間 時刻"),
    ("place location venue", "場所 位置 会場"),
    ("city town", "都市 市 町 市区町村"),
    ("country nation", "国 国名"),
    ("nationality", "国籍"),
    ("price cost fee", "価格 値段 料金 費用"),
    ("description summary details detail", "説明 概要 詳細 まとめ"),
    ("comment comments note notes remarks memo", "こめんと 備考 めも 注記"),
    ("color colour", "色 いろ からー"),
    ("size", "大きさ さいず"),
    ("weight", "重さ 重量 体重"),
    ("height", "高さ 身長"),
    ("category type kind", "種類 分類 かてごりー 種別 たいぷ"),
    ("quantity amount count number", "数量 量 数 個数"),
    ("language", "言語"),
    ("school", "学校 学校名"),
    ("grade", "学年"),
    ("skill skills", "特技 技能 すきる"),
    ("website url homepage", "うぇぶさいと ほーむぺーじ"),
    ("region area", "地域 地方"),
    ("population", "人口"),
    ("capital", "首都"),
)
_FIELDS = tuple(frozenset(english.split()) | frozenset(japanese.split()) for english, japanese in _ROWS)


def names_own_field(name: str, value: object) -> bool:
    """Whether a JSON string ``value`` only names the field its key ``name`` names (see the module docstring)."""
    if not isinstance(value, str):
        return False
    field, said = key(name), key(value)
    return bool(said) and any(field in names and said in names for names in _FIELDS)


__all__ = ["names_own_field"]
