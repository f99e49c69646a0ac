"""score_ifsm: generated endings → guard → reader → IFSM with CI, oracle, attacks, validity, signature."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from lctg_metrics.ifsm.dissimilarity import to_gold, within_passage
from lctg_metrics.ifsm.encoders import get_encoder, one_blas_thread
from lctg_metrics.ifsm.fixed import ADV, fixed_runs
from lctg_metrics.ifsm.guards import GUARD_VERSION
from lctg_metrics.ifsm.items import Reader, ReaderInfo, with_ending
from lctg_metrics.ifsm.readers import get_reader
from lctg_metrics.ifsm.result import IFSMResult, invalid_reasons, limits
from lctg_metrics.ifsm.run import SetScore, capped, run_set
from lctg_metrics.ifsm.stats import N_BOOT
from lctg_metrics.ifsm.validity import check_run, features, repeated, subset
from lctg_metrics.options import MISSING_POLICIES
from lctg_metrics.schema import ScoringError
from lctg_metrics.signature import Family, declare
from lctg_metrics.verdict import Verdict

#: A reader below this accuracy on gold endings is weak (humans: 0.925): its IFSM is bounded by its own misreadings.
WEAK_BELOW = 0.75
DEFAULT_DISSIMILARITY = "use-m3"  # offline stand-in for the paper's LaBSE (``labse`` needs sentence-transformers)
Row = Mapping[str, Any]


def _generations(generations: Mapping[str, str] | Sequence[Mapping[str, Any]]) -> dict[str, str]:
    if isinstance(generations, Mapping):
        return {str(k): str(v) for k, v in generations.items()}
    out = {}
    for number, record in enumerate(generations, 1):
        if "id" not in record or "generation" not in record:
            raise ValueError(f"generation {number}: needs keys 'id' and 'generation', got {sorted(record)}")
        out[str(record["id"])] = str(record["generation"])
    return out


def _auto_encoder() -> str | None:
    """``use-m3`` when its package is installed, else no dissimilarity (the signature then says ``dissim:none``)."""
    try:
        get_encoder(DEFAULT_DISSIMILARITY)
    except ImportError:
        return None
    return DEFAULT_DISSIMILARITY


#: The IFSM family's signature: the reader and how good it is, the half scored, the templates, guard and attack
#: versions, the bootstrap and the dissimilarity encoder.
IFSM = declare(
    Family(
        "ifsm",
        (
            ("reader", "multiple-choice reader (name@version#digest)"),
            ("weak", "weak reader"),
            ("reader_acc", "reader accuracy on gold endings (this run)"),
            ("reader_acc_measured", "reader accuracy on gold endings (measured in advance)"),
            ("split", "split scored"),
            ("templates", "instruction template sets"),
            ("guards", "degenerate-ending guard version"),
            ("adv", "adversarial probes + attack classes + run validity versions"),
            ("boot", "bootstrap resamples"),
            ("seed", "seed"),
            ("dissim", "dissimilarity encoder"),
            ("data", "dataset the rows came from (Hub repo@revision#digest)"),
            ("samples", "samples per prompt (the mean over them)"),
            ("cover", "coverage of a partial run, endings scored/expected"),
        ),
        optional=frozenset({"data", "samples", "cover"}),
    )
)


def _signature(
    info: ReaderInfo,
    oracle: SetScore,
    split: str | None,
    templates: str,
    n_boot: int,
    seed: int,
    dissimilarity: str | None,
    guards: str = GUARD_VERSION,
    cover: str | None = None,
) -> str:
    measured = f"{info.measured_accuracy:.3f}" if info.measured_accuracy is not None else "na"
    return IFSM.build(
        {
            "reader": f"{info.name}@{info.version}#{info.digest}",
            "weak": "yes" if info.weak else "no",
            "reader_acc": f"{oracle.guarded:.3f}",
            "reader_acc_measured": measured,
            "split": split or "all",
            "templates": templates,
            "guards": guards,
            "adv": ADV,
            "boot": str(n_boot),
            "seed": str(seed),
            "dissim": dissimilarity or "none",
            "cover": cover,
        }
    )


def _check_missing(absent: Sequence[str], expected: int, split: str | None, missing: str) -> None:
    """Raise naming the missing endings unless ``missing`` is ``fail`` (scored as failures) or ``skip`` (the endings
    present are scored, the coverage signed); an ending given empty is an empty ending, never a missing one."""
    if missing not in MISSING_POLICIES:
        raise ValueError(f"unknown missing policy {missing!r}; valid: {', '.join(MISSING_POLICIES)}")
    if missing == "skip" and len(absent) == expected:
        raise ScoringError(
            f"no endings to score: all {expected} story endings of the {split or 'all'} split are missing"
        )
    if not absent or missing in ("fail", "skip"):
        return
    raise ScoringError(
        f"{len(absent)} of {expected} story endings of the {split or 'all'} split are missing, e.g. {absent[0]!r}: "
        "score the endings present with --missing skip / missing='skip' (the coverage goes into the signature; "
        "the result is then not valid), or count missing endings as failures with --missing fail / missing='fail'"
    )


def _refuse_other_split(
    texts: Mapping[str, str], rows: Sequence[Mapping[str, Any]], chosen: Sequence[Any], split: Any
) -> None:
    """Endings given, none of them of ``split`` (the other half's, scored as empty: a silent 0): one error naming
    how many were given and the split that holds them."""
    if not texts or split is None or any(str(r["id"]) in texts for r in chosen):
        return
    held = Counter(str(r["split"]) for r in rows if str(r["id"]) in texts)
    where = ", ".join(f"{n} in {name}" for name, n in sorted(held.items()))
    other = held.most_common(1)[0][0]
    raise ScoringError(
        f"none of the {len(texts)} endings given is in the {split} split ({where}): score them with "
        f"--split {other} / split={other!r}"
    )


def score_ifsm(
    generations: Mapping[str, str] | Sequence[Mapping[str, Any]],
    rows: Sequence[Row],
    *,
    reader: str | Reader = "llm",
    reader_options: Mapping[str, Any] | None = None,
    split: str | None = "eval",
    adversarial: bool = True,
    dissimilarity_encoder: str | None = "auto",
    guard_encoder: str | None = "auto",
    n_boot: int = N_BOOT,
    seed: int = 0,
    return_items: bool = False,
    attack_cache: bool = True,
    missing: str = "error",
) -> IFSMResult:
    """IFSM of ``generations`` (id → ending) on ``rows`` (with contexts) of ``split``; a missing ending fails.

    ``guard_encoder``: the encoder whose question similarity lets the guard catch restated questions (``"auto"``:
    use-m3 if installed; None: lexical checks only; the signature's ``guards`` names it).
    ``reader``: a name in ``READERS`` (built with ``reader_options``) or a Reader. ``dissimilarity_encoder``:
    an encoder name, ``"auto"`` (use-m3 if installed) or None. ``adversarial=False`` skips the attack sets
    and marks the result invalid. ``attack_cache`` (default on): reuse the gold run, probes and attack table
    computed before for the same reader (given by name), guard, code, rows and bootstrap, and the encodings of the
    texts they read, from the cache folder of :mod:`lctg_metrics.ifsm.attack_cache` (False: compute everything
    afresh and leave the cache alone); the result's ``attacks_reused`` says which.
    ``missing``: an item of the split without an ending is refused (``"error"``), scored as a failure (``"fail"``,
    guard reason ``missing``) or left out (``"skip"``: IFSM over the endings present, ``cover:SCORED/EXPECTED`` in
    the signature, and the result is not valid, since a run's validity is read from every item of the split).
    """
    chosen = [r for r in rows if split is None or r["split"] == split]
    if not chosen:
        raise ValueError(f"no rows in split {split!r}; rows carry 'split' fit/eval (split=None scores all)")
    texts = _generations(generations)
    unknown = sorted(set(texts) - {str(r["id"]) for r in rows})
    if unknown:
        raise ScoringError(f"{len(unknown)} generation id(s) not in rows, e.g. {unknown[0]!r}")
    _refuse_other_split(texts, rows, chosen, split)
    the_reader = get_reader(reader, **(reader_options or {})) if isinstance(reader, str) else reader
    whole = chosen  # the gold run, probes and attacks read the whole split
    absent = [str(r["id"]) for r in whole if str(r["id"]) not in texts]
    _check_missing(absent, len(whole), split, missing)
    keep = [i for i, r in enumerate(whole) if str(r["id"]) in texts] if missing == "skip" else list(range(len(whole)))
    chosen = [whole[i] for i in keep]
    endings = [texts.get(str(r["id"]), "").strip() for r in chosen]

    guard_name = _auto_encoder() if guard_encoder == "auto" else guard_encoder
    genc = get_encoder(guard_name) if guard_name else None
    passages = [str(r["passage_id"]) for r in chosen]
    use_cache = adversarial and attack_cache and isinstance(reader, str)  # a Reader object may have no stable id
    guards = f"{GUARD_VERSION}+{guard_name}" if guard_name else GUARD_VERSION
    # numpy's BLAS on one thread: the features' and the dissimilarities' products are small, and two threads on a
    # busy 2-core machine only slow them down (as in the attack table; the numbers are the same)
    with one_blas_thread():
        oracle, basis, table, attacks, reused = fixed_runs(
            the_reader, whole, genc, guards, n_boot, seed, adversarial, use_cache, attack_cache
        )
        if len(keep) < len(whole):  # missing="skip": the run-level tests compare the same items
            basis = replace(basis, features=subset(basis.features, keep), repeated=[basis.repeated[i] for i in keep])
        flags = repeated(endings, passages)
        main, run = run_set(
            the_reader,
            chosen,
            [with_ending(r, e) for r, e in zip(chosen, endings)],
            "generated",
            False,
            n_boot,
            seed,
            genc,
            flags,
        )
        verdicts, choices = run.verdicts, run.choices
        if missing == "fail" and absent:  # scored as the empty ending they are read as, named for what they are
            gone = set(absent)
            verdicts = [
                Verdict(False, "missing: no ending given (missing='fail')") if str(r["id"]) in gone else v
                for r, v in zip(chosen, verdicts)
            ]
        run_features = features(genc, chosen, endings, run.similarities)
        checks = check_run(run_features, basis.features, flags, basis.repeated)

        dissim = dissim_pairs = None
        per_item_dissim: list[float | None] = [None] * len(chosen)
        if dissimilarity_encoder == "auto":
            dissimilarity_encoder = _auto_encoder()
        if dissimilarity_encoder:
            encoder = get_encoder(dissimilarity_encoder)
            endings = [capped(e) for e in endings]
            gold_dissim = to_gold(encoder, endings, [str(r["gold_ending"]) for r in chosen])
            per_item_dissim = list(gold_dissim)
            dissim = sum(gold_dissim) / len(gold_dissim)
            dissim_pairs = within_passage(encoder, endings, [str(r["passage_id"]) for r in chosen])
    why = invalid_reasons(oracle, table, main, checks, attacks) if adversarial else ["adversarial sets not run"]
    skipped = len(whole) - len(chosen)
    if skipped:
        why.append(
            f"partial run: {skipped} of {len(whole)} story endings missing and skipped (missing='skip'); a run's "
            "validity is read from every item of the split"
        )
    templates = ",".join(sorted({str(r.get("template_set", "unknown")) for r in chosen}))
    items = None
    if return_items:
        items = [
            {
                "id": r["id"],
                "hit": bool(v.passed and c == r["gold_label"]),
                "choice": c,
                "guard": v.reason,
                "dissimilarity": d,
                "passage_dissimilarity": run_features.passages.get(str(r["passage_id"])),
                "passage_dissimilarity_gold": basis.features.passages.get(str(r["passage_id"])),
            }
            for r, v, c, d in zip(chosen, verdicts, choices, per_item_dissim)
        ]
    info = replace(the_reader.info, weak=the_reader.info.weak or oracle.guarded < WEAK_BELOW)  # measured, not assumed
    return IFSMResult(
        ifsm=main.guarded,
        ci=main.guarded_ci,
        n=main.n,
        flagged=main.flagged,
        guard_reasons=dict(Counter(v.reason.split(":")[0] for v in verdicts if not v.passed)),
        unparseable=main.unparseable,
        oracle=oracle,
        adversarial=table,
        dissimilarity_to_gold=dissim,
        dissimilarity_within_passage=dissim_pairs,
        valid=not why,
        invalid_reasons=tuple(why),
        reader=info,
        signature=_signature(
            info,
            oracle,
            split,
            templates,
            n_boot,
            seed,
            dissimilarity_encoder,
            guards,
            f"{len(chosen)}/{len(whole)}" if skipped else None,
        ),  # fmt: skip
        items=items,
        reasked=int(getattr(the_reader, "stats", {}).get("fallback", 0)),
        checks=tuple(checks),
        attacks=attacks,
        attacks_reused=reused,
        limits=tuple(limits(attacks, oracle)) if adversarial else (),
        coverage={
            "expected": len(whole),
            "scored": len(whole) - len(absent),
            "missing": len(absent),
            "missing_policy": missing,
        },  # fmt: skip
    )
