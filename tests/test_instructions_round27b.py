"""Round 27: value tests of the rules the round's probes asked for, beside the labeled cases in
``data/instructions/round27b.jsonl``. Expected values are a reader's count or reading, never the code's output."""

from __future__ import annotations

import pytest

pytest.importorskip("fugashi")

from lctg_metrics.instructions import check  # noqa: E402
from lctg_metrics.instructions.declined import declined, stated  # noqa: E402
from lctg_metrics.instructions.field_labels import names_own_field  # noqa: E402
from lctg_metrics.instructions.filler import reads_as  # noqa: E402
from lctg_metrics.instructions.layout_marks import without_layout_marks  # noqa: E402
from lctg_metrics.instructions.nothing_more import says_nothing_more  # noqa: E402
from lctg_metrics.instructions.readings import readings_at  # noqa: E402


def test_a_kanji_takes_a_reading_the_analyser_did_not_pick_first() -> None:
    # 山 in 富士山 is read サン by every reader; the analyser's first reading is ヤマ
    assert "サン" in readings_at("富士山です。", 2, 3)


@pytest.mark.parametrize(
    ("written", "spelled"),
    [
        ("標高は3776メートルです。", "Hyoukou wa 3776 meetoru desu."),
        ("標高は3776メートルです。", "Hyōkō wa 3776 mētoru desu."),
        ("一番高い山は富士山です。", "Ichiban takai yama wa Fujisan desu."),
        ("東京に行きます。", "とうきょうにいきます。"),
    ],
)
def test_a_sentence_said_again_in_romaji_or_kana_is_heard(written: str, spelled: str) -> None:
    assert reads_as(written, spelled)


@pytest.mark.parametrize(
    ("written", "spelled"),
    [
        ("標高は3776メートルです。", "Hyoukou wa 3000 meetoru desu."),
        ("一番高い山は富士山です。", "Fujisan ni noborimasu."),
    ],
)
def test_another_sentence_in_romaji_is_not_the_first(written: str, spelled: str) -> None:
    assert not reads_as(written, spelled)


def test_layout_marks_are_out_and_written_marks_stay() -> None:
    shown = without_layout_marks("## 見出し\n- 項目\n> 引用\n1. 番号\n・中黒\n#タグ\n---")
    assert [line.strip() for line in shown.splitlines() if line.strip()] == [
        "見出し",
        "項目",
        "引用",
        "1. 番号",
        "・中黒",
        "#タグ",
    ]


def test_a_numbered_list_counts_its_numbers() -> None:
    # 1.一 2.二: the numbers and their dots are drawn as written, six characters
    assert check("length:chars", "1. 一\n2. 二", {"max": 6}).passed
    assert not check("length:chars", "1. 一\n2. 二", {"max": 5}).passed


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("特に付け足すことはございません。", True),
        ("これで私の説明を終えます。", True),
        ("説明書には書いてありません。", False),
        ("話はこれで終わりではありません。", False),
        ("会議は五時に終わります。", False),
    ],
)
def test_nothing_more_is_read_by_its_words(sentence: str, expected: bool) -> None:
    assert says_nothing_more(sentence) is expected


def test_a_declined_option_and_a_given_one() -> None:
    text = "「はい、そうです。」とは言い切れません。"
    assert declined(text, text.index("」"))
    assert not stated(text, "はい、そうです。")
    text = "「はい、そうです。」としか言えません。"
    assert stated(text, "はい、そうです。")


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("hobby", "趣味", True),
        ("email_address", "メールアドレス", True),
        ("職業", "Occupation", True),
        ("hobby", "読書", False),
        ("label", "趣味", False),
        ("age", 30, False),
    ],
)
def test_a_value_naming_its_own_field(name: str, value: object, expected: bool) -> None:
    assert names_own_field(name, value) is expected


def test_a_letter_before_decorations_is_no_stalling_word() -> None:
    # アーう、あ、あ、あ。 is ten characters; stars after one あ add nothing and take nothing away
    assert check("length:chars", "アーう、あ★★★★★★★★★★、あ、あ。", {"min": 10}).passed
