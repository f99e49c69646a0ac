"""examples/quickstart.ipynb runs top to bottom offline: build, load, stand-in generations, scores with CIs,
table, figure."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path

import pytest

from tests.conftest import ASPECTS, PROJECT_ROOT, TASKS

NOTEBOOK = PROJECT_ROOT / "examples" / "quickstart.ipynb"
#: A cell that prints the notebook's scores as one JSON line, appended to the executed copy only.
SCORES_CELL = """
import json, sys
print("EXECUTABLE " + sys.executable)
print("SCORES " + json.dumps({k: v for k, v in result.items() if k not in ("items", "coverage")}))
"""
OFFLINE = {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "HF_EVALUATE_OFFLINE": "1"}


def _code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def _texts(cell) -> list[str]:
    out = []
    for o in cell.get("outputs", []):
        if o.output_type == "stream":
            out.append(o.text)
        elif o.output_type in ("execute_result", "display_data"):
            out.append(o.get("data", {}).get("text/plain", ""))
    return out


def test_committed_notebook_has_no_outputs():
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed (pip install nbformat)")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    for cell in _code_cells(nb):
        assert cell.outputs == [] and cell.execution_count is None, f"cell {cell.get('id')} has stored outputs"
    assert any("parameters" in c.metadata.get("tags", []) for c in nb.cells)


@pytest.fixture(scope="module")
def executed(source_dir: Path, tmp_path_factory: pytest.TempPathFactory):
    """The notebook executed by a ``python3`` kernel of this interpreter, in a temporary folder, offline."""
    nbformat = pytest.importorskip("nbformat", reason="nbformat is not installed (pip install nbformat)")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is not installed (pip install nbclient ipykernel)")
    pytest.importorskip("ipykernel", reason="ipykernel is not installed (pip install ipykernel)")
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (pip install -e '.[plot]')")

    work = tmp_path_factory.mktemp("notebook")
    tmp = work / "tmp"
    tmp.mkdir()
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(SCORES_CELL))
    # the kernel inherits this environment: the upstream files of the tests (never a download), offline hubs,
    # caches and the default temporary dataset folder inside the test's folder
    env = {
        **OFFLINE,
        "LCTG_SOURCE": str(source_dir),
        "HF_HOME": str(work / "hf"),
        "TMPDIR": str(tmp),
        "MPLCONFIGDIR": str(work / "mpl"),
    }
    with pytest.MonkeyPatch.context() as mp:
        for key, value in env.items():
            mp.setenv(key, value)
        client = nbclient.NotebookClient(
            nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(work)}}
        )
        client.execute()
    return nb, tmp


@pytest.mark.slow
def test_notebook_runs_without_errors(executed):
    nb, _ = executed
    errors = [o for c in _code_cells(nb) for o in c.outputs if o.output_type == "error"]
    assert errors == [], errors[0].get("traceback") if errors else None
    assert all(c.execution_count is not None for c in _code_cells(nb))


@pytest.mark.slow
def test_notebook_builds_into_a_temporary_folder(executed):
    _, tmp = executed
    built = list(tmp.glob("lctg-*/lctg/manifest.json"))
    assert len(built) == 1
    folder = built[0].parent
    assert (folder / "lctg_ctg" / "lctg_ctg.py").is_file()
    assert json.loads(built[0].read_text(encoding="utf-8"))["configs"]


@pytest.mark.slow
def test_notebook_prints_the_signature_and_the_table(executed):
    nb, _ = executed
    by_id = {c.get("id"): c for c in _code_cells(nb)}
    for cid in ("evaluate", "api", "table"):
        assert cid in by_id, cid
    for cid in ("evaluate", "table"):
        lines = [line for t in _texts(by_id[cid]) for line in t.splitlines()]
        signatures = [line for line in lines if line.startswith("lctg|profile:upstream|")]
        assert signatures, f"no signature line in the output of cell {cid!r}"
        assert "|cleaner:rule@" in signatures[0] and "|data:1.0.0|" in signatures[0]
    table = "\n".join(_texts(by_id["table"]))
    for task in TASKS:
        assert task in table
    html = [o for o in by_id["table"].outputs if "text/html" in o.get("data", {})]
    assert html and "C-COUNT" in html[0]["data"]["text/html"]


@pytest.mark.slow
def test_notebook_draws_a_png_figure(executed):
    nb, _ = executed
    plot = next(c for c in _code_cells(nb) if c.get("id") == "plot")
    images = [o for o in plot.outputs if "image/png" in o.get("data", {})]
    assert len(images) == 1
    assert base64.b64decode(images[0]["data"]["image/png"])[:8] == b"\x89PNG\r\n\x1a\n"


def _printed(cell, prefix: str) -> str:
    return next(line[len(prefix) :] for t in _texts(cell) for line in t.splitlines() if line.startswith(prefix))


@pytest.mark.slow
def test_notebook_ran_in_this_interpreter(executed):
    nb, _ = executed
    assert Path(_printed(nb.cells[-1], "EXECUTABLE ")).resolve() == Path(sys.executable).resolve()


@pytest.mark.slow
def test_stand_in_scores_are_plausible(executed):
    nb, _ = executed
    line = "SCORES " + _printed(nb.cells[-1], "SCORES ")
    scores = json.loads(line[len("SCORES ") :])
    for task in TASKS:
        for key in (*ASPECTS, "average"):
            value, low, high = (
                scores[f"{task}/{key}"],
                scores[f"{task}/{key}/ci_low"],
                scores[f"{task}/{key}/ci_high"],
            )
            assert 0.0 <= low <= value <= high <= 1.0, (task, key, low, value, high)
        # a sloppy stand-in: neither always right nor always wrong
        assert 0.2 < scores[f"{task}/average"] < 0.95, task
        assert scores[f"{task}/average"] == pytest.approx(sum(scores[f"{task}/{a}"] for a in ASPECTS) / 4)
    assert 0.0 <= scores["overall/average"] <= 1.0
    assert scores["signature"].startswith("lctg|profile:upstream|")
