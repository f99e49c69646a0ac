"""The part of an IFSM run that does not depend on the generated endings: the reader on the gold endings (oracle and
the run-level tests' basis), the probe sets and the attack table, read from the attack cache when it holds them for the
same reader (keyed by its answers on a canary), guard, versions, rows and bootstrap, else computed and kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from typing import Any

from lctg_metrics.ifsm.adversarial import ADVERSARIAL_SETS
from lctg_metrics.ifsm.attack_cache import (
    behaviour_digest,
    cache_key,
    claimed,
    data_digest,
    kept_encodings,
    load_table,
    save_table,
)
from lctg_metrics.ifsm.attack_table import AttackScore, Basis, attack_table
from lctg_metrics.ifsm.attacks import ATTACKS_VERSION
from lctg_metrics.ifsm.items import MCItem, Reader, gold_item
from lctg_metrics.ifsm.run import SetScore, run_set, similarities
from lctg_metrics.ifsm.validity import VALIDITY_VERSION, features, repeated

ADVERSARIAL_VERSION = "a3"  # a3: the reader reads a flagged ending's first MAX_WORDS + READ_MARGIN words (run.py)
#: The signature's ``adv``: probes, attack classes and run-level validity versions.
ADV = f"{ADVERSARIAL_VERSION}+{ATTACKS_VERSION}+{VALIDITY_VERSION}"
#: Gold and probe items per set the reader answers to key the cache by its behaviour (see ``canary``).
CANARY = 8
Row = Mapping[str, Any]


def fixed_runs(
    reader: Reader,
    chosen: Sequence[Row],
    genc: Any,
    guards: str,
    n_boot: int,
    seed: int,
    adversarial: bool,
    use_cache: bool,
    keep_encodings: bool,
) -> tuple[SetScore, Basis, dict[str, SetScore], dict[str, AttackScore], bool]:
    """What does not depend on the generated endings: the gold run (oracle and basis), the probes and the attack
    table, from the cache when ``use_cache`` finds them (the last value says so), else computed (and kept)."""
    info = reader.info
    rid = f"{info.name}@{info.version}#{info.digest}"
    gold_texts = [str(r["options"][r["gold_label"]]) for r in chosen]
    passages = [str(r["passage_id"]) for r in chosen]
    key = ""
    with kept_encodings([genc, getattr(reader, "encoder", None)], f"{data_digest(chosen)}|{rid}", keep_encodings):
        if use_cache:
            sample = [gold_item(r) for r in chosen[:CANARY]]
            seen = reader.choose([*sample, *canary(chosen)])
            sims = similarities(genc, chosen[:CANARY], [i.options[i.target] for i in sample])
            key = cache_key(
                rid,
                guards,
                ADV,
                f"{genc.name}@{genc.version}" if genc else "",
                data_digest(chosen),
                str(n_boot),
                str(seed),
                behaviour_digest(seen, sims),
            )
        with claimed(key) if use_cache else nullcontext():
            cached = load_table(key) if use_cache else None
            if cached is not None:
                return (*cached, True)
            oracle, gold_items = run_set(
                reader, chosen, [gold_item(r) for r in chosen], "gold", False, n_boot, seed, genc
            )
            basis = Basis(
                gold_texts,
                gold_items,
                features(genc, chosen, gold_texts, gold_items.similarities),
                repeated(gold_texts, passages),
            )
            table: dict[str, SetScore] = {}
            attacks: dict[str, AttackScore] = {}
            if adversarial:
                for name, build in ADVERSARIAL_SETS.items():
                    table[name] = run_set(reader, chosen, [build(r) for r in chosen], name, True, n_boot, seed, genc)[0]
                attacks = attack_table(reader, chosen, basis, genc, n_boot, seed)
            if use_cache:
                save_table(key, oracle, basis, table, attacks)
    return oracle, basis, table, attacks, False


def canary(rows: Sequence[Row]) -> list[MCItem]:
    """The first ``CANARY`` items of each probe set: read with the first gold items, the reader's choices on them key
    the cache by its behaviour (one that picks whatever is in the target slot reads gold as well as a perfect one,
    but not the probes)."""
    return [build(r) for build in ADVERSARIAL_SETS.values() for r in rows[:CANARY]]
