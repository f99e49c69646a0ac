"""Options are declared once (lctg_metrics.options.OPTIONS): the CLI flags, the API keyword arguments, the
evaluate module's keyword arguments and documentation, and the signature cannot drift from it."""

from __future__ import annotations

import argparse
import importlib.util
import inspect

from lctg_metrics import api, options, signature
from lctg_metrics.cli import build_parser
from lctg_metrics.options import API, CLI, EVALUATE, OPTIONS, SCORING, options_for
from tests.conftest import PROJECT_ROOT

#: Keyword arguments that are data or outputs, not options.
DATA_ARGS = {"self", "predictions", "references", "cleaned", "samples", "return_items", "dataset", "revision", "llm"}


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
    llm = set(inspect.signature(api.llm_config).parameters)
    declared = {o.name.removeprefix("llm_") for o in OPTIONS if o.group == options.LLM}
    assert llm == (declared - {"cache"}) | {"cache_path"}
    timeout = inspect.signature(api.llm_config).parameters["timeout"].default
    assert timeout == options.BY_NAME["llm_timeout"].default


def test_evaluate_module_takes_and_documents_exactly_the_evaluate_options():
    module = _evaluate_module()
    params = inspect.signature(module.LctgCtg._compute).parameters
    assert set(params) - DATA_ARGS == {o.name for o in options_for(EVALUATE)}
    for o in options_for(EVALUATE):
        assert f"    {o.name} (" in module._KWARGS_DESCRIPTION, o.name
        if o.default is not None:
            assert params[o.name].default == o.default, o.name


def test_signature_has_a_key_for_every_scoring_option():
    parsed = signature.parse(signature.build(options.resolve_options(), cleaner="rule@x", dataset_version="1"))
    assert [o.signature for o in OPTIONS if o.group == SCORING] == list(parsed)[: len(options.OPTION_NAMES) + 1]
    assert set(signature.LABELS) >= {o.signature for o in OPTIONS if o.signature}


def test_ifsm_module_takes_exactly_the_declared_llm_options():
    from lctg_metrics.options import LLM, OPTIONS

    path = PROJECT_ROOT / "lctg_metrics" / "evaluate_ifsm" / "lctg_ifsm.py"
    spec = importlib.util.spec_from_file_location("lctg_ifsm_options", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    params = inspect.signature(module.LctgIfsm._compute).parameters
    declared = [o.name for o in OPTIONS if o.group == LLM]
    assert [p for p in params if p.startswith("llm_")] == declared
    assert all(params[o.name].default == o.default for o in OPTIONS if o.group == LLM), {
        o.name: (params[o.name].default, o.default) for o in OPTIONS if o.group == LLM
    }
