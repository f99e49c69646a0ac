"""One signature kit for every family: declared fields, one builder, parse and diff alike; the version from metadata."""

from __future__ import annotations

import ast
from importlib import metadata

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lctg_metrics
from lctg_metrics import signature as sig
from lctg_metrics.ifsm.score import IFSM
from lctg_metrics.instructions.score import INSTRUCTIONS, result_signature
from lctg_metrics.profiles import ScoringOptions
from tests.conftest import PROJECT_ROOT

IFSM_VALUES = {
    "reader": "embedding-use-m3@v1+use-m3@0.2.1#3bba632454fd",
    "weak": "yes",
    "reader_acc": "0.415",
    "reader_acc_measured": "0.415",
    "split": "eval",
    "templates": "ifsm-instr-v1",
    "guards": "g1",
    "adv": "a1",
    "boot": "2000",
    "seed": "0",
    "dissim": "use-m3",
}


def _lctg(**change: str) -> str:
    return sig.build(
        ScoringOptions(),
        cleaner=change.get("cleaner", "rule@1.2"),
        judge="none",
        dataset_version=change.get("data", "1.0.0"),
        package_version=change.get("version", "0.1.0"),
    )


def _instr(mode: str = "both", data: str = "1.0.0") -> str:
    return result_signature(mode, data)


def _ifsm(**change: str) -> str:
    return IFSM.build({**IFSM_VALUES, **change}, package_version="0.1.0")


FAMILIES = [
    ("lctg", _lctg, "cleaner", {"cleaner": "none"}),
    ("instr", _instr, "data", {"data": "1.1.0"}),
    ("ifsm", _ifsm, "dissim", {"dissim": "none"}),
]


@pytest.mark.parametrize(("name", "make", "key", "change"), FAMILIES, ids=[f[0] for f in FAMILIES])
def test_every_family_builds_parses_and_diffs_alike(name, make, key, change):
    text = make()
    family = sig.FAMILIES[name]
    assert sig.family(text) == name and text.startswith(f"{name}|")
    declared = [k for k, _ in family.fields if k in sig.parse(text)]
    assert list(sig.parse(text)) == [*declared, "version"]  # declared order, the version last
    assert set(family.fields) and set(dict(family.fields)) - set(family.optional) <= set(sig.parse(text))
    assert sig.diff(text, text) == []
    other = make(**change)
    (d,) = sig.diff(text, other)
    assert d.key == key and d.blocking and d.to_dict()["label"] == family.labels[key]
    assert family.labels[key] in d.describe(("a", "b"))


def test_the_lctg_text_is_the_one_every_release_printed():
    # written by hand from the option codes, not by the builder: the LCTG signature must not move
    assert _lctg() == (
        "lctg|profile:upstream|count:cp|norm:none|affix:10/10/10|short:fail|empty:score|think:auto"
        "|cleaner:rule@1.2|judge:none|data:1.0.0|version:0.1.0"
    )


def test_the_package_version_alone_is_a_note_and_families_never_compare():
    (d,) = sig.diff(_lctg(), _lctg(version="0.2.0"))
    assert d.key == "version" and not d.blocking
    (d,) = sig.diff(_lctg(), _ifsm())
    assert d.key == "family" and d.blocking and (d.a, d.b) == ("lctg", "ifsm")
    assert "metric family" in d.describe(("a", "b"))


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({**IFSM_VALUES, "colour": "red"}, "unknown field 'colour'; valid: reader, weak"),
        ({k: v for k, v in IFSM_VALUES.items() if k != "seed"}, "field 'seed' is missing"),
        ({**IFSM_VALUES, "split": "eval|fit"}, "field 'split' holds '|'"),
    ],
)
def test_the_builder_refuses_what_would_make_an_unreadable_signature(values, message):
    with pytest.raises(ValueError, match=message.replace("|", r"\|")):
        IFSM.build(values)


def test_an_optional_field_is_left_out_and_a_family_is_declared_once():
    assert "|loose:" not in _instr("strict") and "|loose:ifeval-variants|" in _instr("both")
    assert INSTRUCTIONS.optional == frozenset({"loose", "samples"})  # samples: only when more than one
    with pytest.raises(ValueError, match="signature family 'ifsm' is already declared"):
        sig.declare(sig.Family("ifsm", (("x", "x"),)))


@given(
    st.dictionaries(
        st.sampled_from([k for k, _ in IFSM.fields]),
        st.text(st.characters(blacklist_characters="|", blacklist_categories=("Cs",)), max_size=12),
    )
)
def test_parse_reads_back_what_the_builder_wrote(change):
    values = {**IFSM_VALUES, **change}
    assert sig.parse(IFSM.build(values, package_version="9.9")) == {**values, "version": "9.9"}


def test_the_version_comes_from_package_metadata_only():
    assert lctg_metrics.__version__ == metadata.version("lctg")
    tree = ast.parse((PROJECT_ROOT / "lctg_metrics" / "__init__.py").read_text(encoding="utf-8"))
    literals = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    assert metadata.version("lctg") not in literals
    assert _instr().endswith(f"|version:{lctg_metrics.__version__}")
