"""The evaluate metric module's files (package data in ``lctg_metrics/evaluate_module/``) as they go into a built
dataset folder; the repository's ``lctg_ctg`` is a link to the same folder."""

from __future__ import annotations

from importlib import resources

#: Folder name of the metric module inside a built dataset (``evaluate.load("<dataset>/lctg_ctg")``).
METRIC_MODULE_DIR = "lctg_ctg"
METRIC_MODULE_FILES = ("lctg_ctg.py", "README.md")


def module_files() -> dict[str, bytes]:
    """``{"lctg_ctg/lctg_ctg.py": bytes, "lctg_ctg/README.md": bytes}``."""
    root = resources.files("lctg_metrics") / "evaluate_module"
    return {f"{METRIC_MODULE_DIR}/{name}": (root / name).read_bytes() for name in METRIC_MODULE_FILES}
