"""The dataset card and the metric cards follow the Hub's conventions: language, licence and size category per the
configs built (story_endings is English and CC BY 4.0), the standard sections; the metric cards carry a licence,
their code and Further References, and the published Space's card names the dataset it scores."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lctg_dataset.card_meta import size_category, yaml_list
from tests.conftest import PROJECT_ROOT
from tests.shared_builds import stories_build

STORIES = PROJECT_ROOT.parent / "shared" / "possible-stories"
SECTIONS = (
    "## Dataset Structure",
    "### Configs",
    "### Fields",
    "## Dataset Creation",
    "### Source data",
    "### Validation findings",
    "## Considerations for Using the Data",
    "## Licence",
    "## Citation",
)


def _front(card: str) -> str:
    return card.split("---\n")[1]


@pytest.mark.parametrize(
    "n, label",
    [
        (0, "n<1K"),
        (999, "n<1K"),
        (1000, "1K<n<10K"),
        (9999, "1K<n<10K"),
        (14_733, "10K<n<100K"),
        (10**6, "1M<n<10M"),
        (10**8, "n>10M"),
    ],
)
def test_size_category(n, label):
    assert size_category(n) == label


def test_yaml_list():
    assert yaml_list("license", ["a", "a"]) == "license: a"
    assert yaml_list("license", ["a", "b", "a"]) == "license:\n- a\n- b"


def test_the_faithful_card(built_dataset, built_rows):
    import json

    card = (built_dataset / "README.md").read_text(encoding="utf-8")
    front = _front(card)
    assert "license: cc-by-nc-sa-4.0\n" in front and "language:\n- ja\n" in front and "- en" not in front
    manifest = json.loads((built_dataset / "manifest.json").read_text(encoding="utf-8"))
    rows = len(built_rows) + manifest["configs"]["templates"]["rows"]  # each data file once: tasks + templates
    assert rows == 2684 and f"size_categories:\n- {size_category(rows)}\n" in front and "1K<n<10K" in front
    for heading in SECTIONS:
        assert re.search(rf"^{re.escape(heading)}\b", card, re.M), heading
    assert "| `summary` | 1.0.0 | 480 | ja | cc-by-nc-sa-4.0 |" in card


@pytest.fixture(scope="module")
def with_stories(source_dir, tmp_path_factory) -> Path:
    if not (STORIES / "dev.jsonl").is_file():
        pytest.fail(f"Possible Stories not found at {STORIES}")
    return stories_build(source_dir, STORIES, tmp_path_factory)  # the same build as test_story_config's


def test_a_card_with_story_endings_is_per_config(with_stories):
    card = (with_stories / "README.md").read_text(encoding="utf-8")
    front = _front(card)
    assert "license:\n- cc-by-nc-sa-4.0\n- cc-by-4.0\n" in front and "language:\n- ja\n- en\n" in front
    line = next(x for x in card.splitlines() if x.startswith("| `story_endings` |"))
    assert "| en | cc-by-4.0 |" in line
    assert "| `all` (default) | 1.0.0 | 1680 | ja | cc-by-nc-sa-4.0 |" in card


def test_distinct_rows_counts_each_file_once(built_dataset_derived):
    import json

    manifest = json.loads((built_dataset_derived / "manifest.json").read_text(encoding="utf-8"))
    per_file: dict[str, int] = {}
    for c in manifest["configs"].values():
        if len(c["files"]) == 1:
            per_file[c["files"][0]] = c["rows"]
    total = sum(per_file.values())
    assert total == 1680 + 1004 + 1680 + 6300 + 420
    assert f"- {size_category(total)}\n" in _front((built_dataset_derived / "README.md").read_text(encoding="utf-8"))
    assert "10K<n<100K" in _front((built_dataset_derived / "README.md").read_text(encoding="utf-8"))


@pytest.mark.parametrize("folder, name", [("evaluate_ctg", "lctg_ctg"), ("evaluate_if", "lctg_if")])
def test_metric_cards(folder, name):
    card = (PROJECT_ROOT / "lctg_metrics" / folder / "README.md").read_text(encoding="utf-8")
    assert "license: apache-2.0\n" in _front(card)
    refs = card[card.index("## Further References") :]
    assert f"`{name}.py` beside this card" in refs and "https://github.com/CyberAgentAILab/LCTG-Bench" in refs


def test_the_published_space_card_names_the_dataset(tmp_path):
    from lctg_dataset.publish import PublishError, publish_metric, with_datasets

    folder = tmp_path / "lctg_ctg"
    folder.mkdir()
    card = (PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "README.md").read_text(encoding="utf-8")
    (folder / "README.md").write_text(card, encoding="utf-8")
    (folder / "app.py").write_text("\n")
    (folder / "lctg_ctg.py").write_text("\n")
    sent = {}

    class Api:
        def create_repo(self, **kw):
            return None

        def upload_folder(self, **kw):
            sent.update((p.name, p.read_text(encoding="utf-8")) for p in Path(kw["folder_path"]).iterdir())

    publish_metric(folder, "me/space", token="t", api=Api(), dataset="me/lctg")
    front = _front(sent["README.md"])
    assert front.endswith("datasets:\n- me/lctg\n") and front.count("datasets:") == 1
    assert sent["README.md"].split("---\n", 2)[2] == card.split("---\n", 2)[2]  # the body as it was
    assert (folder / "README.md").read_text(encoding="utf-8") == card  # the folder is not changed
    twice = _front(with_datasets(with_datasets(card, ["a/b"]), ["c/d"]))  # set again, not added again
    assert twice.endswith("datasets:\n- c/d\n") and twice.count("datasets:") == 1 and "a/b" not in twice
    with pytest.raises(PublishError, match="ORG/NAME"):
        publish_metric(folder, "me/space", token="t", api=Api(), dataset="nope")
