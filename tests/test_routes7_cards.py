"""The metric cards explain their output keys (the LCTG aspects; strict and loose) and list an option's values as
the module accepts them (``missing``: each value the card names scores, and the card names every one)."""

from __future__ import annotations

import re

import pytest

from lctg_metrics.api import score_predictions
from tests.conftest import PROJECT_ROOT
from tests.references import KW

CTG_CARD = PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "README.md"
IF_CARD = PROJECT_ROOT / "lctg_metrics" / "evaluate_if" / "README.md"


def _missing_values() -> list[str]:
    text = CTG_CARD.read_text(encoding="utf-8")
    item = re.search(r"^- \*\*missing\*\* .*?(?=^- \*\*)", text, re.M | re.S)
    assert item, "the card has no missing option"
    return re.findall(r'`"(\w+)"`', item.group(0))


def test_the_card_lists_every_missing_policy_the_module_accepts() -> None:
    listed = _missing_values()
    assert listed == ["error", "fail", "skip"]
    for value in listed:  # each value the card names is accepted
        out = score_predictions(["抹茶ラテ"], [KW], cleaner="none", missing=value)
        assert out["ad_text/keyword"] == 1.0
    with pytest.raises(ValueError, match="missing"):  # and a value it does not name is refused
        score_predictions(["抹茶ラテ"], [KW], cleaner="none", missing="ignore")


@pytest.mark.parametrize(
    "card, words",
    [
        (CTG_CARD, ["**FORMAT**", "no preamble or closing", "**C-COUNT**", "character range", "**KEYWORD**",
                    "**P-WORD**", "prohibited word"]),
        (IF_CARD, ["**strict**", "as written", "**loose**", "first line", "last line", "markdown emphasis"]),
    ],
)  # fmt: skip
def test_the_cards_say_what_the_output_keys_mean(card, words) -> None:
    text = card.read_text(encoding="utf-8")
    values = text[text.index("### Output Values") : text.index("### Examples")]
    assert all(w in values for w in words), [w for w in words if w not in values]
