"""Inputs of the API and the evaluate module have exactly their documented types: anything else is a one-line error
naming the index, the field, the expected and the actual type; nothing is coerced."""

from __future__ import annotations

import pytest

from lctg_metrics.api import score_predictions
from lctg_metrics.schema import ScoringError
from tests.conftest import PROJECT_ROOT
from tests.references import KW

CC = {**KW, "id": "ad_text/1/char_count", "aspects": ["char_count"], "keyword": None, "min_chars": 10, "max_chars": 20}
TEXT = "京都の抹茶スイーツ専門店が新登場"

#: (keyword arguments of compute / score_predictions, the error it must raise)
CASES = [
    # predictions: a list of str
    ({"predictions": TEXT, "references": [KW]}, r"^predictions: expected a list of str, one per reference, got str$"),
    ({"predictions": 5, "references": [KW]}, r"^predictions: expected a list of str, .* got int$"),
    ({"predictions": {"a": TEXT}, "references": [KW]}, r"^predictions: expected a list of str, .* got dict$"),
    (
        {"predictions": [5], "references": [KW]},
        r"^predictions\[0\] \(id 'ad_text/1/keyword'\): generation must be a string, got int 5$",
    ),
    ({"predictions": [1.5], "references": [KW]}, r"^predictions\[0\] .*must be a string, got float 1\.5$"),
    ({"predictions": [[TEXT]], "references": [KW]}, r"^predictions\[0\] .*must be a string, got list \['京都"),
    ({"predictions": [None], "references": [KW]}, r"^predictions\[0\] .*must be a string, got null$"),
    ({"predictions": [b"x"], "references": [KW]}, r"^predictions\[0\] .*must be a string, got bytes b'x'$"),
    (
        {"predictions": [TEXT, 3], "references": [KW, CC]},
        r"^predictions\[1\] \(id 'ad_text/1/char_count'\): generation must be a string, got int 3$",
    ),
    # references: constraint dicts with their schema types, or row ids
    (
        {"predictions": [TEXT], "references": [{**CC, "max_chars": "80"}]},
        r"^references\[0\] \(id 'ad_text/1/char_count'\): constraint field 'max_chars' must be an integer or null, "
        r"got str '80'$",
    ),
    (
        {"predictions": [TEXT], "references": [{**CC, "min_chars": 10.0}]},
        r"^references\[0\] .*field 'min_chars' must be an integer or null, got float 10\.0$",
    ),
    (
        {"predictions": [TEXT], "references": [{**CC, "min_chars": True}]},
        r"^references\[0\] .*field 'min_chars' must be an integer or null, got bool True$",
    ),
    (
        {"predictions": [TEXT], "references": [{**KW, "aspects": "keyword"}]},
        r"^references\[0\] .*field 'aspects' must be a non-empty list of strings, got str 'keyword'$",
    ),
    (
        {"predictions": [TEXT], "references": [{**KW, "aspects": [1]}]},
        r"^references\[0\] .*field 'aspects' must be a non-empty list of strings, got list \[1\]$",
    ),
    (
        {"predictions": [TEXT], "references": [{**KW, "prompt_id": "1"}]},
        r"^references\[0\] .*field 'prompt_id' must be an integer, got str '1'$",
    ),
    (
        {"predictions": [TEXT], "references": [{**KW, "keyword": 5}]},
        r"^references\[0\] .*field 'keyword' must be a string or null, got int 5$",
    ),
    (
        {"predictions": [TEXT], "references": [{**CC, "prohibited_word": ["x"]}]},
        r"^references\[0\] .*field 'prohibited_word' must be a string or null, got list \['x'\]$",
    ),
    (
        {"predictions": [TEXT], "references": [{**KW, "variant": "0"}]},
        r"^references\[0\] .*field 'variant' must be an integer or null, got str '0'$",
    ),
    (
        {"predictions": [TEXT], "references": [{**KW, "dataset_version": 1.0}]},
        r"^references\[0\] .*field 'dataset_version' must be a string or null, got float 1\.0$",
    ),
    (
        {"predictions": [TEXT], "references": [{**KW, "task": None}]},
        r"^references\[0\] .*field 'task' must be a string, got null$",
    ),
    (
        {"predictions": [TEXT] * 3, "references": [KW, KW, {**CC, "max_chars": "20"}]},
        r"^references\[2\] \(id 'ad_text/1/char_count'\): constraint field 'max_chars'",
    ),
    (
        {"predictions": [TEXT], "references": "ad_text/1/keyword"},
        r"^references: expected a list of constraint dicts or of row ids, one per prediction, got str$",
    ),
    ({"predictions": [TEXT], "references": KW}, r"^references: expected a list .* got dict$"),
    ({"predictions": [TEXT], "references": [5]}, r"^references\[0\]: expected a constraint dict .* got int$"),
    (
        {"predictions": [TEXT, TEXT], "references": ["ad_text/1/keyword", KW]},
        r"^references\[1\]: a row id \(as references\[0\] is\) must be a string, got dict \{'id'",
    ),
    (
        {"predictions": [TEXT], "references": ["ad_text/1/keyword"]},
        r"^references\[0\]: expected a constraint dict .* got row id 'ad_text/1/keyword' without dataset$",
    ),
    (
        {"predictions": [TEXT], "references": ["ad_text/1/keyword"], "dataset": 5},
        r"^dataset: expected a dataset folder or a Hub dataset repo id \(str\), got int 5$",
    ),
    # cleaned, samples and the switches
    ({"predictions": [TEXT], "references": [KW], "cleaned": TEXT}, r"^cleaned: expected a list of str, .* got str$"),
    (
        {"predictions": [TEXT], "references": [KW], "cleaned": [5]},
        r"^cleaned\[0\] \(id 'ad_text/1/keyword'\): cleaned text must be a string or null, got int 5$",
    ),
    (
        {"predictions": [TEXT], "references": [KW], "samples": [0.0]},
        r"^samples\[0\]: expected a non-negative int below 2\*\*63, got float 0\.0$",
    ),
    ({"predictions": [TEXT], "references": [KW], "samples": ["0"]}, r"^samples\[0\]: .* got str '0'$"),
    ({"predictions": [TEXT], "references": [KW], "samples": [True]}, r"^samples\[0\]: .* got bool True$"),
    ({"predictions": [TEXT], "references": [KW], "samples": [-1]}, r"^samples\[0\]: .* got int -1$"),
    ({"predictions": [TEXT], "references": [KW], "samples": 0}, r"^samples: expected a list of int, .* got int$"),
    (
        {"predictions": [TEXT], "references": [KW], "return_items": "yes"},
        r"^return_items: expected a bool, got str 'yes'$",
    ),
    ({"predictions": [TEXT], "references": [KW], "ci": 1}, r"^ci: expected a bool, got int 1$"),
]


@pytest.fixture(scope="module")
def metric():
    import evaluate

    return evaluate.load(str(PROJECT_ROOT / "lctg_ctg"))


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    for name in ("HF_HUB_OFFLINE", "HF_EVALUATE_OFFLINE", "HF_DATASETS_OFFLINE"):
        monkeypatch.setenv(name, "1")


@pytest.mark.parametrize("surface", ["api", "evaluate"])
@pytest.mark.parametrize("kwargs,message", CASES)
def test_bad_input_is_one_line_naming_what_and_where(surface, kwargs, message, metric):
    call = (
        (lambda: score_predictions(**kwargs, cleaner="none"))
        if surface == "api"
        else (lambda: metric.compute(**kwargs, cleaner="none"))
    )
    with pytest.raises(ScoringError, match=message) as err:
        call()
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"predictions": [5], "references": [KW]}, r"^predictions\[0\] .*got int 5$"),
        ({"predictions": [TEXT], "references": [{**CC, "max_chars": "80"}]}, r"^references\[0\] .*got str '80'$"),
        ({"predictions": TEXT, "references": [KW]}, r"^predictions: expected a list of str"),
    ],
)
def test_evaluate_add_batch_checks_before_arrow_encodes(kwargs, message, metric):
    with pytest.raises(ScoringError, match=message):
        metric.add_batch(**kwargs)


def test_the_documented_types_pass_in_every_surface(metric):
    expected = {"ad_text/keyword": 1.0, "ad_text/char_count": 0.5, "ad_text/average": 0.75}
    preds = (TEXT, "京都の抹茶スイーツ", TEXT, TEXT)  # a tuple is a sequence of str too
    refs = [KW, CC, KW, CC]
    for out in (
        score_predictions(preds, refs, cleaner="none"),
        metric.compute(predictions=preds, references=refs, cleaner="none"),
        score_predictions(list(preds), refs, cleaned=list(preds), samples=[0, 0, 1, 1]),
    ):
        assert {k: v for k, v in out.items() if k != "signature"} == expected


def test_the_schema_declaration_matches_the_dataset_features(metric):
    from lctg_dataset.rows import CONSTRAINT_FEATURES
    from lctg_metrics.schema import CONSTRAINT_SCHEMA

    assert list(CONSTRAINT_SCHEMA) == list(CONSTRAINT_FEATURES)
    assert metric.features[0]["references"] == dict(CONSTRAINT_FEATURES)


def test_an_unknown_row_id_names_only_the_configs_the_build_has(built_dataset):
    # the faithful build has no variants or multi config: the message must not offer them
    with pytest.raises(ScoringError) as err:
        score_predictions([TEXT], ["summary/0/format"], dataset=str(built_dataset), cleaner="none")
    message = str(err.value)
    assert "(configs all)" in message
    assert "variants" not in message and "multi" not in message


def test_row_ids_are_read_from_the_dataset_folder(built_dataset_derived):
    import pyarrow.parquet as pq

    ds = str(built_dataset_derived)
    with pytest.raises(
        ScoringError,
        match=r"^references\[1\]: 'summary/0/format' is not a row id of dataset .*"
        r"\(configs all, variants, multi\)",
    ):
        score_predictions([TEXT, TEXT], ["summary/1614/format", "summary/0/format"], dataset=ds, cleaner="none")
    # a faithful id, a variant id and a multi id, against their constraints read here with pyarrow
    ids = ["summary/1614/keyword", "summary/1614/char_count/v2", "summary/1614/multi"]
    rows = {}
    for config in ("summary", "variants", "multi"):
        for row in pq.read_table(
            built_dataset_derived / "data" / config / "test-00000-of-00001.parquet", columns=["id", "constraint"]
        ).to_pylist():
            rows.setdefault(row["id"], row["constraint"])
    for rid in ids:  # one row of its config: a partial run, signed with its coverage as lctg score signs it
        by_id = score_predictions([TEXT], [rid], dataset=ds, cleaner="none", return_items=True, missing="skip")
        by_dict = score_predictions([TEXT], [rows[rid]], cleaner="none", return_items=True)
        assert {k: v for k, v in by_id.items() if k not in ("signature", "coverage")} == {
            k: v for k, v in by_dict.items() if k not in ("signature", "coverage")
        }, rid
        assert "|cover:1/" in by_id["signature"] and "|cover:" not in by_dict["signature"], rid
