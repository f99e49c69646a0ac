"""The cleaner registry: names, factories, and errors that name what is wrong."""

from __future__ import annotations

import pytest

from lctg_metrics.cleaners import CLEANERS, CleanBatch, CleanerError, get_cleaner
from lctg_metrics.cleaners.rule import RULE_CLEANER_VERSION

BATCH = CleanBatch(tasks=["summary", "ad_text"], raws=["要約：市は図書館を開館した。", "無洗米の定期便"])


def test_registry_names_in_cli_order() -> None:
    assert list(CLEANERS) == ["provided", "none", "rule", "llm"]


@pytest.mark.parametrize(
    ("name", "described", "cleaned"),
    [
        ("none", "none", ["要約：市は図書館を開館した。", "無洗米の定期便"]),
        ("rule", f"rule@{RULE_CLEANER_VERSION}", ["市は図書館を開館した。", "無洗米の定期便"]),
    ],
)
def test_offline_cleaners(name: str, described: str, cleaned: list[str]) -> None:
    cleaner = get_cleaner(name)
    assert cleaner.name == name
    assert cleaner.describe() == described
    assert cleaner.clean(BATCH) == cleaned


def test_provided_uses_the_given_text_and_names_missing_items() -> None:
    provided = ["y"] + [None] * 6
    batch = CleanBatch(tasks=["summary"] * 7, raws=["x"] * 7, provided=provided, label=lambda i: f"g.jsonl:{i + 1}")
    with pytest.raises(CleanerError, match=r"6 have none: g\.jsonl:2, .*g\.jsonl:6 and 1 more"):
        get_cleaner("provided").clean(batch)
    full = CleanBatch(tasks=["summary"], raws=["x"], provided=["y"])
    assert get_cleaner("provided").clean(full) == ["y"]
    assert get_cleaner("provided").describe() == "provided@user"


def test_unknown_name_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown cleaner 'gpt'; valid: provided, none, rule, llm"):
        get_cleaner("gpt")


@pytest.mark.parametrize("kwargs", [{}, {"config": object()}, {"protocol": {}}])
def test_llm_needs_an_endpoint_and_prompts(kwargs: dict) -> None:
    with pytest.raises(ValueError, match="cleaner 'llm' needs an endpoint"):
        get_cleaner("llm", **kwargs)


def test_llm_cleaner_is_built_lazily_with_its_options() -> None:
    cleaner = get_cleaner("llm", config=object(), protocol={"x": 1}, run_options={"progress": False})
    assert (cleaner.name, cleaner.version) == ("llm", "upstream-prompt")
    assert cleaner.run_options == {"progress": False}  # type: ignore[attr-defined]
