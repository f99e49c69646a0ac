"""The evaluate metric module's files as they go into a built dataset folder (and make a metric Space): the
script from ``lctg_metrics/evaluate_ctg/`` made self-contained by :mod:`lctg_metrics.standalone`, its card, the
Space's ``app.py`` and ``requirements.txt``. The repository's ``lctg_ctg`` is a link to the package folder, whose
script imports the installed package instead (so a developer's edits take effect without regenerating anything).
"""

from __future__ import annotations

from importlib import metadata, resources

from lctg_metrics.standalone import standalone_module

#: Folder name of the metric module inside a built dataset (``evaluate.load("<dataset>/lctg_ctg")``).
METRIC_MODULE_DIR = "lctg_ctg"
#: The script (generated) and the files copied as they are.
METRIC_SCRIPT = "lctg_ctg.py"
METRIC_MODULE_FILES = ("README.md", "app.py")
#: What the standalone module imports besides the standard library (``evaluate`` brings ``datasets``, ``numpy``
#: and ``pyarrow``); version ranges come from this package's own requirements.
STANDALONE_REQUIREMENTS = ("evaluate", "numpy", "regex", "unicodedata2")


def requirements() -> str:
    """``requirements.txt`` of the standalone module / metric Space, one requirement a line."""
    try:
        declared = [r.split(";")[0].strip() for r in metadata.requires("lctg") or []]
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        declared = []
    lines = []
    for name in STANDALONE_REQUIREMENTS:
        spec = next((r for r in declared if r.partition(">")[0].partition("=")[0].partition("<")[0].strip() == name),
                    name)
        lines.append(spec.replace(" ", ""))
    return "".join(f"{line}\n" for line in lines)


def module_files() -> dict[str, bytes]:
    """``{"lctg_ctg/lctg_ctg.py": bytes, "lctg_ctg/_lctg_….py": bytes, …, "lctg_ctg/README.md": bytes,
    "lctg_ctg/app.py": bytes, "lctg_ctg/requirements.txt": bytes}``."""
    root = resources.files("lctg_metrics") / "evaluate_ctg"
    script = (root / METRIC_SCRIPT).read_text(encoding="utf-8")
    files = {name: text.encode("utf-8") for name, text in standalone_module(script, METRIC_SCRIPT).items()}
    files.update({name: (root / name).read_bytes() for name in METRIC_MODULE_FILES})
    files["requirements.txt"] = requirements().encode("utf-8")
    return {f"{METRIC_MODULE_DIR}/{name}": data for name, data in sorted(files.items())}
