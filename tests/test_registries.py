"""Every registry behaves alike: a name is registered once; a second registration under it is refused, naming it."""

from __future__ import annotations

import pytest

from lctg_metrics import aspects, signature
from lctg_metrics.cleaners import CleanerEntry, get_cleaner, register_cleaner
from lctg_metrics.ifsm.encoders import ENCODERS, register_encoder
from lctg_metrics.ifsm.readers import READERS, register_reader
from lctg_metrics.instructions.registry import instruction

REGISTRATIONS = [
    ("aspect", lambda: aspects.register(aspects.REGISTRY["format"]), "aspect 'format' is already registered"),
    (
        "cleaner",
        lambda: register_cleaner(CleanerEntry("rule", lambda: get_cleaner("none"))),
        "cleaner 'rule' is already registered",
    ),
    (
        "instruction",
        lambda: instruction("length:chars", "長さ指定", "again")(lambda text, kwargs: None),
        "instruction id 'length:chars' registered twice",
    ),
    (
        "IFSM reader",
        lambda: register_reader("embedding", READERS["llm"]),
        "IFSM reader 'embedding' is already registered",
    ),
    ("encoder", lambda: register_encoder("use-m3", ENCODERS["use-m3"]), "encoder 'use-m3' is already registered"),
    (
        "signature family",
        lambda: signature.declare(signature.Family("lctg", ())),
        "signature family 'lctg' is already declared",
    ),
]


@pytest.mark.parametrize(("kind", "register", "message"), REGISTRATIONS, ids=[r[0] for r in REGISTRATIONS])
def test_a_second_registration_of_a_name_is_refused(kind, register, message):
    with pytest.raises(ValueError, match=message):
        register()


def test_replacing_a_reader_or_an_encoder_is_said_out_loud():
    before = READERS["embedding"]
    register_reader("embedding", before, replace=True)
    assert READERS["embedding"] is before


def _unknown_instruction():
    from lctg_metrics.instructions.registry import get

    get("keywords:nope")


def _unknown_reader():
    from lctg_metrics.ifsm.readers import get_reader

    get_reader("nope")


def _unknown_encoder():
    from lctg_metrics.ifsm.encoders import get_encoder

    get_encoder("nope")


UNKNOWN = [
    ("instruction", _unknown_instruction, r"unknown instruction id 'keywords:nope'; valid: .*keywords:existence"),
    ("IFSM reader", _unknown_reader, r"unknown IFSM reader 'nope'; valid: embedding, embedding-e5, llm"),
    ("encoder", _unknown_encoder, r"unknown encoder 'nope'; valid: .*use-m3"),
    ("cleaner", lambda: get_cleaner("nope"), r"unknown cleaner 'nope'; valid: provided, none, rule, llm"),
]


@pytest.mark.parametrize(("kind", "lookup", "message"), UNKNOWN, ids=[u[0] for u in UNKNOWN])
def test_an_unknown_name_is_the_one_input_error_with_the_valid_names(kind, lookup, message):
    from lctg_metrics.schema import ScoringError

    with pytest.raises(ScoringError, match=message):
        lookup()
