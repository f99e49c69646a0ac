"""Parity with upstream's own pipeline: its unchanged scripts and ``lctg score`` on the same seeded generations.

Both run against loopback fake LLM servers whose answers are a pure function of the prompt
(tests/upstream_pipeline.py): the cleaner and judge answers are the same wherever the prompts are.
Expected values are upstream's outputs (per-item verdicts and all_scores.csv), never lctg's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared_builds import shared_value

_INSTALL = "pip install 'pandas<2.3' 'openai>=1.30,<2' tqdm python-dotenv"
for _module in ("pandas", "openai", "tqdm", "dotenv"):
    pytest.importorskip(_module, reason=f"upstream's scripts need {_module} ({_INSTALL})")

from tests.upstream_pipeline import (  # noqa: E402
    ASPECTS,
    MODEL_NAME,
    REQUIRED_BRANCHES,
    SAMPLES,
    TASKS,
    SideBySide,
    side_by_side,
)

PROMPTS = {"summary": 120, "ad_text": 150, "pros_and_cons": 150}
CSV_COLUMNS = (
    "Format-ctg",
    "Format-qual",
    "C-count-ctg",
    "C-count-qual",
    "Keyword-ctg",
    "Keyword-qual",
    "P-word-ctg",
    "P-word-qual",
    "Avg-ctg",
    "Avg-qual",
)


@pytest.fixture(scope="module")
def run(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> SideBySide:
    # once per test run: with xdist the module's tests are spread over the workers, and each would run it again
    result = shared_value(
        tmp_path_factory,
        "upstream_side_by_side",
        [source_dir],
        lambda work: side_by_side(source_dir, work, seed=0, timeout=900),
    )
    print("\n" + result.agreement.table())
    return result


# -- the harness: both pipelines ran on the same inputs, every branch was taken -------------------------


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_both_pipelines_judged_every_item(run: SideBySide) -> None:
    expected = sum(PROMPTS.values()) * len(ASPECTS) * SAMPLES
    assert len(run.items) == expected == 5040
    assert len({(it.id, it.sample) for it in run.items}) == expected
    for side in (run.upstream, run.lctg):
        assert set(side.ctg) == set(side.quality) == set(side.cleaned) == {(it.id, it.sample) for it in run.items}
        assert set(side.ctg.values()) == {True, False}
        assert set(side.quality.values()) == {True, False, None}


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_both_pipelines_wrote_every_cell(run: SideBySide) -> None:
    expected = {(task, MODEL_NAME, column) for task in TASKS for column in CSV_COLUMNS}
    assert set(run.upstream.cells) == set(run.lctg.cells) == expected
    for side in (run.upstream, run.lctg):
        assert all(len(v.split(".")[1]) == 3 for v in side.cells.values()), side.cells


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_both_pipelines_sent_the_same_cleaner_prompts(run: SideBySide) -> None:
    upstream, lctg = run.cleaner_prompts
    assert len(upstream) > 1000
    assert upstream == lctg


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
@pytest.mark.parametrize("branch", REQUIRED_BRANCHES)
def test_branch_exercised(run: SideBySide, branch: str) -> None:
    assert run.branches[branch] >= 1, dict(run.branches)


@pytest.mark.slow  # 2.3 s: every upstream record's generations made three times
def test_generations_are_seeded(source_dir: Path) -> None:
    from tests.upstream_pipeline import load_records, make_generations

    records = load_records(source_dir)
    assert make_generations(records, seed=0) == make_generations(records, seed=0)
    assert make_generations(records, seed=0) != make_generations(records, seed=1)


# -- parity: every request, item verdict and all_scores.csv cell equal upstream's ------------------------


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_same_judge_prompts_as_upstream(run: SideBySide) -> None:
    upstream, lctg = run.judge_prompts
    assert upstream == lctg, (
        f"{len(upstream - lctg)} judge prompts only upstream sent, {len(lctg - upstream)} only lctg sent"
    )


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_same_request_parameters_as_upstream(run: SideBySide) -> None:
    upstream, lctg = run.request_params
    assert upstream == lctg == {'model="gpt-4-1106-preview"'}


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_same_cleaned_texts_as_upstream(run: SideBySide) -> None:
    diffs = run.agreement.cleaned_diffs
    assert not diffs, f"{len(diffs)} of {run.agreement.cleaned_total} cleaned texts differ, e.g. {diffs[:5]}"


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_ctg_verdicts_equal_upstream(run: SideBySide) -> None:
    diffs = run.agreement.ctg_diffs
    assert not diffs, f"{len(diffs)} of {run.agreement.ctg_total} CTG verdicts differ, e.g. {diffs[:5]}"


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_quality_verdicts_equal_upstream(run: SideBySide) -> None:
    diffs = run.agreement.quality_diffs
    assert not diffs, f"{len(diffs)} of {run.agreement.quality_total} quality verdicts differ, e.g. {diffs[:5]}"


@pytest.mark.slow  # the side-by-side run of both pipelines (about 80 s)
def test_all_scores_cells_equal_upstream(run: SideBySide) -> None:
    diffs = run.agreement.cell_diffs
    assert not diffs, run.agreement.table()
