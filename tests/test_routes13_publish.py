"""A metric Space's dry run says what the upload would do (the Space, the module, the commit message, the card's
``datasets:``, the files), from the one plan the upload itself follows."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.publish import PublishError, card_datasets, metric_plan, publish_metric
from tests.test_publish import RecordingApi, space_folder


@pytest.mark.parametrize("name", ["lctg_ctg", "lctg_if", "lctg_ifsm"])
@pytest.mark.parametrize("dataset", [None, "me/lctg"])
def test_the_plan_is_what_the_upload_does(tmp_path: Path, name: str, dataset: str | None) -> None:
    folder = space_folder(tmp_path, name)
    lines = metric_plan(folder, "me/space", dataset=dataset).lines()
    api = RecordingApi()
    publish_metric(folder, "me/space", token="t", api=api, dataset=dataset)
    sent = api.calls[1][1]
    assert f"commit message: {sent['commit_message']}" in lines and sent["commit_message"].endswith(f"({name})")
    assert lines[:2] == ["metric Space: me/space (gradio)", f"module: {name}"]
    uploaded_card = (Path(sent["folder_path"]) / "README.md") if dataset is None else None
    expected = "me/lctg" if dataset else "(none: give --repo-id or --dataset-repo to name one)"
    assert f"card datasets: {expected}" in lines
    if uploaded_card is not None:
        assert card_datasets(uploaded_card.read_text(encoding="utf-8")) == []
    # the files, counted here: everything but bytecode, each with its size
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".pyc")
    assert f"files: {len(files)}, {sum(p.stat().st_size for p in files):,} bytes" in lines
    for p in files:
        assert f"  {p.relative_to(folder).as_posix()}  {p.stat().st_size:,} bytes" in lines
    assert not any(".pyc" in line for line in lines)


def test_the_plan_reads_the_cards_own_datasets(tmp_path: Path) -> None:
    folder = space_folder(tmp_path)
    (folder / "README.md").write_text("---\nsdk: gradio\ndatasets:\n- org/a\n- org/b\n---\n# x\n", encoding="utf-8")
    assert "card datasets: org/a, org/b" in metric_plan(folder, "me/s").lines()
    assert "card datasets: me/c" in metric_plan(folder, "me/s", dataset="me/c").lines()


def test_the_plan_refuses_what_the_upload_refuses(tmp_path: Path) -> None:
    folder = space_folder(tmp_path)
    (folder / "other.py").write_text("\n")
    with pytest.raises(PublishError, match="expected one metric script beside app.py"):
        metric_plan(folder, "me/s")
    with pytest.raises(PublishError, match="does not exist"):
        metric_plan(tmp_path / "nope", "me/s")


def test_a_builds_module_plans_with_the_dataset(built_dataset: Path) -> None:
    lines = metric_plan(built_dataset / "lctg_ctg", "me/lctg_ctg", dataset="me/lctg").lines()
    assert "module: lctg_ctg" in lines and "commit message: LCTG Bench metric (lctg_ctg)" in lines
    assert "card datasets: me/lctg" in lines
    assert any(line.startswith("  lctg_ctg.py  ") for line in lines)
