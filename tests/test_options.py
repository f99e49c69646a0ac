"""Options are declared once (lctg_metrics.options.OPTIONS): the CLI flags, the API keyword arguments, the
evaluate module's keyword arguments and documentation, and the signature cannot drift from it."""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import inspect

import pytest

from lctg_metrics import api, options, profiles, signature
from lctg_metrics.cli import build_parser
from lctg_metrics.options import API, CLI, EVALUATE, OPTIONS, SCORING, options_for
from lctg_metrics.schema import ScoringError
from tests.conftest import PROJECT_ROOT

#: Keyword arguments that are data or outputs, not options.
DATA_ARGS = {
    *("self", "predictions", "references", "cleaned", "samples", "return_items", "dataset", "revision", "config", "llm")
}


def _evaluate_module():
    path = PROJECT_ROOT / "lctg_metrics" / "evaluate_ctg" / "lctg_ctg.py"
    spec = importlib.util.spec_from_file_location("lctg_ctg_options", path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_cli_score_has_a_flag_for_every_cli_option():
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    dests = {a.dest for a in sub.choices["score"]._actions}
    assert {o.name for o in options_for(CLI)} <= dests


def test_api_takes_exactly_the_api_options():
    params = set(inspect.signature(api.score_predictions_result).parameters) | {"ci", "ci_resamples", "seed"}
    assert params - DATA_ARGS == {o.name for o in options_for(API)}


def test_llm_config_fields_and_defaults_are_the_declared_llm_options():
    from lctg_metrics.llm.config import LLMConfig

    fields = {f.name: f for f in dataclasses.fields(LLMConfig)}
    declared = [o for o in OPTIONS if o.group == options.LLM]
    assert len(declared) == 11
    for o in declared:
        assert o.config_field in fields, o.name
        if o.config_field not in ("base_url", "model"):  # required: no default
            assert fields[o.config_field].default == o.default, o.name
    # the one irregular name, spelled out here independently of the declaration
    assert options.BY_NAME["llm_cache"].config_field == "cache_path"


def test_the_one_constructor_reads_every_declared_llm_option_by_name():
    from lctg_metrics.llm.config import config_from_options

    values = {o.name: None for o in OPTIONS if o.group == options.LLM}
    values.update(
        llm_base_url="http://127.0.0.1:9/v1",
        llm_model="m",
        llm_api_key_env="MY_KEY",
        llm_concurrency=3,
        llm_cache="/tmp/c.sqlite",
        llm_timeout=7.5,
        llm_max_retries=2,
        llm_temperature=0.5,
        llm_max_tokens=64,
        llm_seed=11,
        llm_top_p=0.9,
        unrelated="ignored",
    )
    config = config_from_options(values)
    assert (config.base_url, config.model, config.api_key_env, config.concurrency, config.cache_path) == (
        "http://127.0.0.1:9/v1",
        "m",
        "MY_KEY",
        3,
        "/tmp/c.sqlite",
    )
    assert (config.timeout, config.max_retries, config.temperature, config.max_tokens, config.seed, config.top_p) == (
        7.5,
        2,
        0.5,
        64,
        11,
        0.9,
    )
    assert api.llm_config("http://127.0.0.1:9/v1", "m", cache_path="/tmp/c.sqlite").cache_path == "/tmp/c.sqlite"


def test_the_one_constructor_refuses_unknown_settings_and_a_missing_endpoint():
    with pytest.raises(ValueError, match=r"unknown setting\(s\) \['cache'\]; valid: .*cache_path"):
        api.llm_config("http://127.0.0.1:9/v1", "m", cache="/tmp/c.sqlite")
    with pytest.raises(ScoringError, match="needs a base URL and a model"):
        api.llm_config("http://127.0.0.1:9/v1", None)


@pytest.mark.parametrize(
    ("path", "cls"), [("evaluate_ctg/lctg_ctg.py", "LctgCtg"), ("evaluate_ifsm/lctg_ifsm.py", "LctgIfsm")]
)
def test_evaluate_modules_take_the_declared_llm_options_with_their_defaults(path, cls):
    spec = importlib.util.spec_from_file_location(f"llm_kwargs_{cls}", PROJECT_ROOT / "lctg_metrics" / path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    params = inspect.signature(getattr(module, cls)._compute).parameters
    declared = [o for o in OPTIONS if o.group == options.LLM]
    assert [p for p in params if p.startswith("llm_")] == [o.name for o in declared]
    assert {o.name: params[o.name].default for o in declared} == {o.name: o.default for o in declared}
    for o in declared:  # documented, each
        assert f"{o.name} (`" in module._KWARGS_DESCRIPTION, o.name


def test_evaluate_module_takes_and_documents_exactly_the_evaluate_options():
    module = _evaluate_module()
    params = inspect.signature(module.LctgCtg._compute).parameters
    assert set(params) - DATA_ARGS == {o.name for o in options_for(EVALUATE)}
    for o in options_for(EVALUATE):
        assert f"    {o.name} (" in module._KWARGS_DESCRIPTION, o.name
        if o.default is not None:
            assert params[o.name].default == o.default, o.name


def test_signature_has_a_key_for_every_scoring_option():
    parsed = signature.parse(signature.build(profiles.resolve_options(), cleaner="rule@x", dataset_version="1"))
    assert [o.signature for o in OPTIONS if o.group == SCORING] == list(parsed)[: len(profiles.OPTION_NAMES) + 1]
    assert set(signature.LABELS) >= {o.signature for o in OPTIONS if o.signature}


def test_api_defaults_are_the_declared_defaults():
    params = {
        **inspect.signature(api.score_predictions_result).parameters,
        **inspect.signature(api.score_predictions).parameters,
    }
    declared = {o.name: o.default for o in options_for(API) if o.default is not None}
    assert declared  # profile, judge, missing, ci, ci_resamples, seed, empty_cleaner_answer
    assert {name: params[name].default for name in declared} == declared


def test_every_family_bootstraps_with_the_one_declared_default() -> None:
    import inspect

    from lctg_metrics.api import score_predictions
    from lctg_metrics.ifsm import score_ifsm
    from lctg_metrics.ifsm.stats import N_BOOT
    from lctg_metrics.instructions.score import score_instructions
    from lctg_metrics.options import BY_NAME

    declared = BY_NAME["ci_resamples"].default
    assert declared == 1000 and N_BOOT == declared
    assert inspect.signature(score_ifsm).parameters["n_boot"].default == declared
    assert inspect.signature(score_predictions).parameters["ci_resamples"].default == declared
    assert inspect.signature(score_instructions).parameters["n_resamples"].default == declared
