"""The attack table of every result: each attack class and mix scored on its attack share, with its run's validity.

An attack *gets through* when its attack share scores above chance + ``MAX_ATTACK_EXCESS`` (and its bootstrap CI low
is above chance) while the run holding it is valid: then the reader and guard can be gamed that way, and any IFSM
they give is invalid.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lctg_metrics.ifsm.attacks import ATTACK_CLASSES, HUGGING, MIXES, TUNING_SHARES
from lctg_metrics.ifsm.encoders import one_blas_thread
from lctg_metrics.ifsm.items import Reader, with_ending
from lctg_metrics.ifsm.neighbours import encoded_makers
from lctg_metrics.ifsm.run import ItemRun, guard, run_set, similarities
from lctg_metrics.ifsm.stats import bootstrap_ci
from lctg_metrics.ifsm.validity import Check, RunFeatures, check_run, features, repeated

CHANCE = 0.25  # four candidates
#: An attack share above chance by more than this, in a valid run, gets through.
MAX_ATTACK_EXCESS = 0.05
Row = Mapping[str, Any]


@dataclass(frozen=True)
class AttackScore:
    """One attack: ``share`` of the items attacked (1.0 for a class), IFSM and flagged share on those items, and
    whether the whole run holding it is valid (with the failed checks' reasons)."""

    name: str
    share: float
    n: int
    ifsm: float
    ci: tuple[float, float]
    flagged: float
    valid: bool
    reasons: tuple[str, ...]

    @property
    def gets_through(self) -> bool:
        return self.valid and self.ifsm > CHANCE + MAX_ATTACK_EXCESS and self.ci[0] > CHANCE


@dataclass(frozen=True)
class Basis:
    """The gold endings' run: texts, per item outcomes, features and repetition flags (what every run is compared
    with)."""

    texts: list[str]
    items: ItemRun
    features: RunFeatures
    repeated: list[str | None]


@dataclass(frozen=True)
class _Pure:
    texts: list[str]
    items: ItemRun  # the guard without run-level flags; hits need the run's own repetition flags


def run_checks(
    encoder: Any, rows: Sequence[Row], texts: Sequence[str], sims: Sequence[float | None], basis: Basis
) -> tuple[list[Check], list[str | None]]:
    """The run-level checks of ``texts`` against the gold basis, and the per item repetition flags."""
    flags = repeated(texts, [str(r["passage_id"]) for r in rows])
    return check_run(features(encoder, rows, texts, sims), basis.features, flags, basis.repeated), flags


def _hugging(rows: Sequence[Row], encoder: Any, make: Any) -> list[str]:
    """Per item, the candidate closest to the question that the guard still lets through (else the first). The
    question similarity only adds a reason to flag, so a candidate the guard flags without it is never chosen and is
    not embedded."""
    candidates = [make(row) for row in rows]
    lexical = [[c for c in cs if guard(row, c).passed] for row, cs in zip(rows, candidates)]
    chosen = []
    flat_rows = [row for row, cs in zip(rows, lexical) for _ in cs]
    sims = similarities(encoder, flat_rows, [c for cs in lexical for c in cs])
    start = 0
    for row, all_cs, cs in zip(rows, candidates, lexical):
        scored = [
            (s if s is not None else 0.0, c)
            for c, s in zip(cs, sims[start : start + len(cs)])
            if guard(row, c, s).passed
        ]
        chosen.append(max(scored)[1] if scored else all_cs[0])
        start += len(cs)
    return chosen


def _score(
    name: str,
    share: float,
    attacked: Sequence[int],
    hits: Sequence[bool],
    passed: Sequence[bool],
    checks: Sequence[Check],
    n_boot: int,
    seed: int,
) -> AttackScore:
    values = [float(hits[i]) for i in attacked]
    n = max(len(values), 1)
    reasons = tuple(c.reason for c in checks if not c.passed)
    return AttackScore(
        name,
        share,
        len(values),
        sum(values) / n,
        bootstrap_ci(values, n_boot=n_boot, seed=seed),
        sum(not passed[i] for i in attacked) / n,
        not reasons,
        reasons,
    )


def _order(rows: Sequence[Row], pure: _Pure) -> list[int]:
    """White-box order of items for a mix: those where the attack passes the guard first, each group seeded."""

    def key(i: int) -> tuple[bool, str]:
        return (not pure.items.verdicts[i].passed, hashlib.sha256(f"mix|{rows[i]['id']}".encode()).hexdigest())

    return sorted(range(len(rows)), key=key)


def attack_table(
    reader: Reader, rows: Sequence[Row], basis: Basis, encoder: Any, n_boot: int, seed: int
) -> dict[str, AttackScore]:
    """Every attack class, the white-box class and the mixes, scored on the eval rows ``rows`` (numpy's BLAS on one
    thread: many small products in a row, which two threads on a busy machine only slow down)."""
    with one_blas_thread():
        return _table(reader, rows, basis, encoder, n_boot, seed)


def _table(
    reader: Reader, rows: Sequence[Row], basis: Basis, encoder: Any, n_boot: int, seed: int
) -> dict[str, AttackScore]:
    pure: dict[str, _Pure] = {}
    table: dict[str, AttackScore] = {}
    makers = {name: [make(r) for r in rows] for name, make in ATTACK_CLASSES.items()}
    makers.update({name: _hugging(rows, encoder, make) for name, make in HUGGING.items()})
    makers.update({name: _hugging(rows, encoder, make) for name, make in encoded_makers(rows, encoder).items()})
    for name, texts in makers.items():
        _, items = run_set(
            reader, rows, [with_ending(r, t) for r, t in zip(rows, texts)], name, False, n_boot, seed, encoder
        )
        checks, flags = run_checks(encoder, rows, texts, items.similarities, basis)
        pure[name] = _Pure(texts, items)
        hits = [h and not f for h, f in zip(items.hits, flags)]
        passed = [v.passed and not f for v, f in zip(items.verdicts, flags)]
        table[name] = _score(name, 1.0, range(len(rows)), hits, passed, checks, n_boot, seed)
    pure["gold"] = _Pure(basis.texts, basis.items)
    for name, mix in MIXES.items():
        order = _order(rows, pure[mix.attack])
        shares = (mix.share,) if mix.share is not None else TUNING_SHARES
        for share in shares:
            score = _mix(
                name,
                rows,
                pure[mix.base],
                pure[mix.attack],
                order[: round(share * len(rows))],
                share,
                basis,
                encoder,
                n_boot,
                seed,
            )
            if score.valid:
                break
        table[name] = score
    return table


def _mix(
    name: str,
    rows: Sequence[Row],
    base: _Pure,
    attack: _Pure,
    attacked: Sequence[int],
    share: float,
    basis: Basis,
    encoder: Any,
    n_boot: int,
    seed: int,
) -> AttackScore:
    chosen = set(attacked)
    source = [attack if i in chosen else base for i in range(len(rows))]
    texts = [s.texts[i] for i, s in enumerate(source)]
    sims = [s.items.similarities[i] for i, s in enumerate(source)]
    checks, flags = run_checks(encoder, rows, texts, sims, basis)
    hits = [s.items.hits[i] and not flags[i] for i, s in enumerate(source)]
    passed = [s.items.verdicts[i].passed and not flags[i] for i, s in enumerate(source)]
    return _score(name, share, sorted(chosen), hits, passed, checks, n_boot, seed)
