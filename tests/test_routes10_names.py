"""One name per setting across the modules, the Python API and the command line: resamples are ``ci_resamples``
(``--ci-resamples``) in every metric module, the stories folder ``stories_source`` (``--stories-source``) in the
lctg_ifsm module and ``story_prompt_records``; the names of earlier versions are refused naming the new one."""

from __future__ import annotations

import argparse
import inspect

import pytest

from lctg_metrics.cli import build_parser
from lctg_metrics.ifsm.prompts import story_prompt_records
from lctg_metrics.metric_module import METRICS
from tests.test_ifsm_cli import FIXTURE, expected_ci, expected_hits, register_stand_in, write_head
from tests.test_ifsm_evaluate import _load_module


def _module(name: str):
    import importlib.util

    from tests.conftest import PROJECT_ROOT

    folder = PROJECT_ROOT / "lctg_metrics" / METRICS[name].folder
    spec = importlib.util.spec_from_file_location(f"{name}_names", folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def _flag_of(command: str, dest: str) -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    return [s for a in sub._actions if a.dest == dest for s in a.option_strings]


@pytest.mark.parametrize("name", list(METRICS))
def test_every_metric_module_names_its_resamples_ci_resamples(name):
    """Every module's compute takes ``ci_resamples`` (the CLI's ``--ci-resamples``) and no ``n_boot``."""
    module = _module(name)
    metric_class = next(
        v
        for v in vars(module).values()
        if inspect.isclass(v) and v.__module__ == module.__name__ and hasattr(v, "_compute")
    )
    parameters = inspect.signature(metric_class._compute).parameters
    assert "ci_resamples" in parameters and "n_boot" not in parameters


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"n_boot": 200}, "n_boot= is ci_resamples="),
        ({"stories": "x"}, "stories= is stories_source="),
        ({"source": "x"}, "source= is stories_source="),
    ],
)
def test_the_ifsm_module_refuses_earlier_names_naming_the_one_name(given, named):
    metric = _load_module().LctgIfsm(keep_in_memory=True)
    with pytest.raises(TypeError) as refused:
        metric.compute(predictions=["a"], references=["story_endings/x"], reader="embedding", **given)
    assert str(refused.value).startswith(f"lctg_ifsm.compute(): {named}"), refused.value
    assert "\n" not in str(refused.value)


def test_the_ifsm_module_resamples_ci_resamples_times(tmp_path_factory):
    """``ci_resamples=N`` gives the percentile bootstrap of N resamples over the items' hits (computed here); 0 is
    refused as in lctg_ctg and lctg_if."""
    from lctg_dataset.stories import load_story_rows

    register_stand_in()
    head = write_head(tmp_path_factory.mktemp("names_head") / "head.json")
    rows = load_story_rows(FIXTURE, split="eval", include_contexts=True)
    metric = _load_module().LctgIfsm(keep_in_memory=True)
    common = {
        "predictions": [r["gold_ending"] for r in rows],
        "references": [r["id"] for r in rows],
        "reader": "embedding",
        "head": str(head),
        "stories_source": str(FIXTURE),
        "dissimilarity": "none",
        "adversarial": False,
    }
    out = metric.compute(**common, ci_resamples=250)
    hits = [float(h) for h in expected_hits(rows).values()]
    assert [out["ifsm_ci_low"], out["ifsm_ci_high"]] == pytest.approx(expected_ci(hits, 250))
    with pytest.raises(ValueError, match="ci_resamples must be a positive int"):
        metric.compute(**common, ci_resamples=0)


def test_story_prompt_records_takes_stories_source_and_refuses_source():
    from lctg_dataset.stories import load_story_rows

    bare = [{k: v for k, v in r.items() if k != "document"} for r in load_story_rows(FIXTURE, include_contexts=True)]
    records = story_prompt_records(bare[:2], stories_source=FIXTURE)
    assert [r["id"] for r in records] == [r["id"] for r in bare[:2]]
    with pytest.raises(TypeError, match=r"^story_prompt_records\(\): source= is stories_source="):
        story_prompt_records(bare[:2], source=FIXTURE)


@pytest.mark.parametrize("command", ["ifsm", "prompts"])
def test_the_command_line_spells_the_same_names(command):
    """The CLI's flags for these settings are the Python names with dashes."""
    assert _flag_of(command, "stories")[0] == "--stories-source"  # the renamed spellings follow, refused
    if command == "ifsm":
        assert "--ci-resamples" in _flag_of(command, "n_boot")
