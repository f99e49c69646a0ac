"""What a rebuild keeps of the build it replaces: its opt-in configs (the flags that made them, with their recorded K,
seed and stories folder), refusing, with the flag to add, what cannot be kept as it was."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from lctg_dataset.constants import DEFAULT_SEED, DEFAULT_VARIANTS
from lctg_dataset.errors import BuildError

#: Opt-in configs a rebuild keeps (the flag that adds each, its build parameter in the manifest), in flag order.
KEPT_FLAGS: tuple[tuple[str, str], ...] = (
    ("corrected", "--corrected"),
    ("variants", "--variants"),
    ("multi", "--multi"),
    ("instructions", "--instructions"),
    ("stories", "--stories"),
)
#: Build parameters that take the seed.
SEEDED = ("variants", "instructions", "stories")


def keep_configs(args: argparse.Namespace, old: Mapping[str, Any] | None) -> list[str]:
    """A rebuild into a folder holding an earlier build keeps that build's opt-in configs: the flags that made them
    are added to ``args`` (with their recorded K, seed and stories folder), so ``--derived`` after
    ``--instructions`` keeps ``instructions``. What cannot be kept as it was is refused, naming the flag. Returns
    the configs kept that this call did not ask for."""
    params = dict((old or {}).get("build", {}).get("parameters") or {})
    if args.derived:
        args.corrected, args.multi = True, True
        args.variants = args.variants if args.variants is not None else DEFAULT_VARIANTS
        args.derived = False
    asked = {name for name, _ in KEPT_FLAGS if getattr(args, name) not in (None, False)}
    kept = [name for name, _ in KEPT_FLAGS if params.get(name) and name not in asked]
    if params.get("story_contexts") and not args.include_story_contexts:
        raise BuildError(
            f"--output {args.out} holds the ROCStories contexts (--include-story-contexts); add the flag to "
            "keep them, or remove the folder to build without them"
        )
    old_seed = params.get("seed")
    if args.seed is None:
        args.seed = old_seed if old_seed is not None and (kept or asked & set(SEEDED)) else DEFAULT_SEED
    elif old_seed is not None and args.seed != old_seed and any(k in SEEDED for k in kept):
        shown = ", ".join(f"{flag}" for name, flag in KEPT_FLAGS if name in kept and name in SEEDED)
        raise BuildError(
            f"--seed {args.seed} would rebuild the kept config(s) made with seed {old_seed}; pass "
            f"{shown} too to rebuild them with the new seed, or remove {args.out} first"
        )
    for name in kept:
        setattr(args, name, params[name])  # True, or K for variants
    if "stories" in kept and args.stories_source is None:
        where = (params.get("stories_source") or {}).get("location")
        args.stories_source = where
    return [_config_name(name) for name in kept]


def _config_name(parameter: str) -> str:
    return {"stories": "story_endings"}.get(parameter, parameter)
