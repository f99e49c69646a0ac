"""The metric Space's app: a Gradio page and API over the evaluate metric module beside this file.

The module is found by name (the one ``<name>.py`` here besides this app and the ``_*.py`` helpers it imports), so
the same app serves any of the project's metric modules; what the page says about each (legends, worked examples, how
its row ids look) is ``_space_content.py`` beside it, and what an upload it cannot score is, ``_space_uploads.py``.
Two ways in, one endpoint each:

- ``/score_file``: an uploaded generations file (JSONL, CSV or parquet with ``id``, ``generation`` and optionally
  ``sample``, read by the reader ``lctg score`` uses) scored by row id against a dataset: a Hub repo id (at a
  revision) or a local build folder; a build's own module folder defaults to the build around it, else
  ``$LCTG_DATASET``. A module that takes no ``dataset`` (``lctg_ifsm``: its stories come from ``stories_source`` in the
  options) shows neither box, and a dataset or revision given to its endpoint is refused (scored without them, the
  run would differ from ``lctg ifsm --dataset`` with nothing in its signature saying so).
- ``/compute``: JSON, as ``metric.compute`` takes it: predictions (a list of strings), references (constraints, or
  row ids with ``{"dataset": ...}`` in the options) and keyword options.

The answer is ``compute``'s dict, the ``signature`` included; every error is one line. ``python app.py`` serves it
(``GRADIO_SERVER_NAME`` / ``GRADIO_SERVER_PORT`` choose where, as in every Gradio app).
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
from pathlib import Path
from typing import Any

import evaluate
import gradio as gr

try:  # beside this app, as every build's module folder (a Space) ships it
    from _space_content import (  # type: ignore[import-not-found]
        EXAMPLES,
        ID_MODULES,
        LEGENDS,
        NO_EXAMPLE_OPTIONS,
    )
except ModuleNotFoundError:  # the package's own app, or this app copied alone beside a script, with lctg installed
    from lctg_metrics.evaluate_ctg._space_content import (
        EXAMPLES,
        ID_MODULES,
        LEGENDS,
        NO_EXAMPLE_OPTIONS,
    )
try:  # the upload checks, beside this app as well
    from _space_uploads import batch_hint, refuse_details  # type: ignore[import-not-found]
except ModuleNotFoundError:
    from lctg_metrics.evaluate_ctg._space_uploads import batch_hint, refuse_details

HERE = Path(__file__).resolve().parent
#: The metric module's script: the one ``<name>.py`` here that is neither this app nor a helper (``_*.py``).
SCRIPTS = sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name and not p.name.startswith("_"))
if len(SCRIPTS) != 1:
    raise RuntimeError(f"{HERE}: expected one metric module script beside app.py, found {[p.name for p in SCRIPTS]}")
NAME = SCRIPTS[0].stem
metric = evaluate.load(str(SCRIPTS[0]))
#: The generations-file reader the module carries (``inputs.generations.read_generations``; None if it has none).
read_generations = getattr(importlib.import_module(type(metric).__module__), "read_generations", None)
#: Option names of earlier versions the module names with the current one (old -> (current, what it is)).
RENAMED: dict[str, tuple[str, str]] = getattr(importlib.import_module(type(metric).__module__), "RENAMED", {})
#: Keyword options the module's ``_compute`` takes (the file route passes samples, dataset, revision only if taken).
OPTIONS = set(inspect.signature(metric._compute).parameters)
#: Generations file types the reader takes.
FILE_TYPES = [".jsonl", ".json", ".ndjson", ".csv", ".parquet"]
#: The file tab's example options: only what this module's ``_compute`` takes.
FILE_OPTIONS_EXAMPLE = (
    '{"cleaner": "rule"}; a part of a run: {"missing": "skip"}; multi generations: {"config": "multi"}'
    if {"cleaner", "missing", "config"} <= OPTIONS
    else '{"cleaner": "rule"}; a part of a run: {"missing": "skip"}'
    if {"cleaner", "missing"} <= OPTIONS
    else '{"mode": "strict"}'
    if "mode" in OPTIONS
    else '{"reader": "embedding"}'
    if "reader" in OPTIONS
    else "{}"
)

#: Whether the file route takes a dataset (``lctg_ifsm`` reads its stories from the ``stories_source`` option instead).
TAKES_DATASET = "dataset" in OPTIONS
#: What the page and a refused dataset say of a module without one (its halves come from the stories copy).
NO_DATASET = (
    f"{NAME} takes no dataset: it draws its eval/fit halves from the Possible Stories copy named by stories_source "
    "(with seed), not from a build's; to score against a build's halves and templates, run "
    "`lctg ifsm FILE --dataset DIR_OR_REPO [--revision R]`"
)


def ifsm_examples() -> list[tuple[list[str], list[Any], dict[str, Any]]]:
    """``lctg_ifsm``'s worked input, the module's own ``worked_example()``: the gold ending of every story of the eval
    split of the Possible Stories copy the module finds (``$POSSIBLE_STORIES``, or the installed lctg package's), a
    whole run; none without a copy (a Space has none: the stories are never shipped, so its page asks for
    ``stories_source``)."""
    module = importlib.import_module(type(metric).__module__)
    try:
        return [module.worked_example()]
    except (OSError, ValueError):
        return []


def _front_matter() -> str:
    """The front matter of the card beside this app ("" without one)."""
    card = HERE / "README.md"
    text = card.read_text(encoding="utf-8") if card.is_file() else ""
    return text.split("---\n")[1] if text.startswith("---\n") and text.count("---\n") >= 2 else ""


def _card_front(field: str) -> str | None:
    """One ``field: value`` of the card's front matter beside this app (None if absent)."""
    found = re.search(rf"^{field}:[ \t]*(\S.*)$", _front_matter(), re.M)
    return found.group(1).strip().strip("\"'") if found else None


def card_datasets() -> list[str]:
    """The ``datasets:`` list of the card's front matter (a published Space's card names the repo it scores)."""
    found = re.search(r"^datasets:[ \t]*\n((?:- .*(?:\n|$))*)", _front_matter(), re.M)
    return [line[2:].strip().strip("\"'") for line in found.group(1).splitlines()] if found else []


def title() -> str:
    """The page title: the card's ``title`` and the module's name, e.g. ``LCTG Bench CTG (lctg_ctg)``."""
    name = _card_front("title")
    return f"{name} ({NAME})" if name and name != NAME else NAME


def summary() -> str:
    """The module's description up to its first full stop, whole (never cut inside a sentence)."""
    text = " ".join((metric.info.description or "").split())
    end = re.search(r"[.。](\s|$)", text)
    return text[: end.end()].strip() if end else text


def default_dataset() -> str:
    """The build around a build's module folder, else ``$LCTG_DATASET``, else the first dataset the card names (a
    published Space), else empty (type a Hub repo id)."""
    if (HERE.parent / "manifest.json").is_file():
        return str(HERE.parent)
    return os.environ.get("LCTG_DATASET", "").strip() or next(iter(card_datasets()), "")


def _json(text: str, what: str, kind: type) -> Any:
    """One input parsed, or a one-line error naming it."""
    try:
        value = json.loads(text) if text.strip() else kind()
    except json.JSONDecodeError as e:
        raise gr.Error(f"{what}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    if not isinstance(value, kind):
        raise gr.Error(f"{what}: expected a JSON {'list' if kind is list else 'object'}, got {type(value).__name__}")
    return value


#: Keyword options a caller may give (the module's ``_compute`` parameters but the inputs themselves).
ACCEPTED = sorted(OPTIONS - {"self", "predictions", "references"})


def _options(text: str) -> dict[str, Any]:
    """The options JSON, its keys checked against what the module takes (one line naming the unknown one)."""
    kwargs = _json(text, "options", dict)
    unknown = [k for k in kwargs if k not in ACCEPTED]
    old = next((k for k in unknown if k in RENAMED), None)
    if old is not None:
        raise gr.Error(f"options: {old!r} is {RENAMED[old][0]!r} ({RENAMED[old][1]}); accepted: {', '.join(ACCEPTED)}")
    if unknown:
        raise gr.Error(f"options: unknown option {unknown[0]!r} for {NAME}; accepted: {', '.join(ACCEPTED)}")
    return kwargs


def _refuse_other_module(references: list[Any]) -> None:
    """Row ids that all belong to another metric module's data: one line naming what they are and that module."""
    ids = [r for r in references[:50] if isinstance(r, str)]
    if not ids or len(ids) != len(references[:50]):
        return
    for other, (pattern, holds) in ID_MODULES.items():
        if other != NAME and all(re.match(pattern, r) for r in ids):
            raise gr.Error(
                f"references hold {holds} (ids like {ids[0]!r}), which {NAME} does not score: score them with the "
                f"{other} metric module (its Space, or evaluate.load of its folder)"
            )


def _run(**kwargs: Any) -> dict[str, Any]:
    try:
        return metric.compute(**kwargs)
    except Exception as e:  # the metric's own errors say what is wrong and where; show them as one line
        raise gr.Error(page_words(e)) from None


#: The one route a Space has to a Possible Stories copy, where the library's message lists every route.
STORIES_ROUTES = re.compile(r"as --stories-source \(lctg\), stories_source= .*$")


def page_words(e: BaseException) -> str:
    """An error as the page says it: one line, no Python class name, an option in the options box's words
    (``config='multi'``: ``"config": "multi"``) and the page's one way to the stories (``stories_source``)."""
    said = " ".join(str(e).split()) or type(e).__name__
    if isinstance(e, KeyError) and len(said) > 1 and said[0] == said[-1] == "'":
        said = said[1:-1]
    two = r"pass (\w+)=('[^']*'|\S+) with (\w+)=('[^']*'|\S+)"  # two keywords given together: both, one step
    said = re.sub(two, lambda m: f"add {_two_options(m)} to the options", said)
    said = re.sub(r"pass (\w+)=('[^']*'|\S+)", lambda m: f"add {_option_json(m)} to the options", said)
    said = re.sub(r"(?<![\w\"-])(missing)=('[^']*')", lambda m: f"{_option_json(m)} in the options", said)
    said = re.sub(r"\(with (\w+)=('[^']*')\)", lambda m: f"(add {_option_json(m)} to its options)", said)
    return STORIES_ROUTES.sub('as "stories_source": "DIR" in the options', said)


def _two_options(m: re.Match[str]) -> str:
    """``a='x' with b='y'`` as the options box takes them: ``"a": "x", "b": "y"``."""
    return f"{_as_json(m.group(1), m.group(2))}, {_as_json(m.group(3), m.group(4))}"


def _option_json(m: re.Match[str]) -> str:
    """``config='multi'`` as the options box takes it: ``"config": "multi"`` (``ci=True``: ``"ci": true``)."""
    return _as_json(m.group(1), m.group(2))


def _as_json(name: str, raw: str) -> str:
    import ast

    try:
        value = json.dumps(ast.literal_eval(raw))
    except (ValueError, SyntaxError):
        value = raw
    return f'"{name}": {value}'


def compute(predictions: str, references: str, options: str) -> dict[str, Any]:
    """``metric.compute(predictions=..., references=..., **options)`` from three JSON texts."""
    preds = _json(predictions, "predictions", list)
    refs = _json(references, "references", list)
    kwargs = _options(options)
    _refuse_other_module(refs)
    return _run(predictions=preds, references=refs, **kwargs)


def score_file(generations: str | None, dataset: str, revision: str, options: str) -> dict[str, Any]:
    """Score an uploaded generations file by row id against ``dataset`` (a Hub repo id at ``revision``, or a local
    build folder), with keyword options as JSON."""
    if read_generations is None:
        raise gr.Error(f"{NAME} reads no generations file; use the JSON tab")
    if not generations:
        raise gr.Error(f"generations: upload a file ({', '.join(FILE_TYPES)}) with an id and a generation per row")
    kwargs = _options(options)
    for name, box in (("dataset", dataset), ("revision", revision)):
        if name in kwargs and box.strip() and str(kwargs[name]) != box.strip():
            raise gr.Error(
                f"options: {{{name!r}: {kwargs[name]!r}}} and the {name} box ({box.strip()!r}) differ; give the "
                f"{name} once (the box)"
            )
    where = Path(generations).name
    refuse_details(generations, where)
    try:
        rows = read_generations(generations)
    except Exception as e:  # the reader names file, line and field
        message = " ".join(f"{type(e).__name__}: {e}".replace(str(generations), where).split())
        raise gr.Error(message + batch_hint(generations)) from None
    _refuse_dataset(Path(generations).name, dataset.strip(), revision.strip())
    if "dataset" in OPTIONS:  # a module that reads its references from a dataset (lctg_ifsm reads the stories)
        if not dataset.strip() and "dataset" in kwargs:  # given in the options alone: that one
            dataset = str(kwargs["dataset"])
        if not dataset.strip():
            raise gr.Error("dataset: give the Hub dataset repo id (ORG/NAME) or the build folder the row ids come from")
        kwargs.update(dataset=dataset.strip(), **({"revision": revision.strip()} if revision.strip() else {}))
    if "samples" in OPTIONS and any(g.sample for g in rows):
        kwargs["samples"] = [g.sample for g in rows]
    if "cleaned" in OPTIONS and any(g.cleaned is not None for g in rows):
        kwargs["cleaned"] = [g.text if g.cleaned is None else g.cleaned for g in rows]
    _refuse_other_module([g.id for g in rows])
    return _run(predictions=[g.text for g in rows], references=[g.id for g in rows], **kwargs)


def _refuse_dataset(name: str, dataset: str, revision: str) -> None:
    """A dataset or revision given to a module that takes none (its boxes are hidden; an API call can still fill
    them): one line saying where its data comes from, and the command that scores against a build's halves."""
    if TAKES_DATASET or not (dataset or revision):
        return
    flags = f" --dataset {dataset or 'DIR_OR_REPO'}" + (f" --revision {revision}" if revision else "")
    raise gr.Error(
        f"{'dataset' if dataset else 'revision'}: {NO_DATASET.split('; to score')[0]}; leave it empty, or score "
        f"against a build's halves with `lctg ifsm {name}{flags}`"
    )


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def build() -> gr.Blocks:
    """The page: a tab per way in, each with its own API endpoint."""
    worked = EXAMPLES.get(NAME) or (ifsm_examples() if NAME == "lctg_ifsm" else [])
    examples = [[_dumps(p), _dumps(r), _dumps(o)] for p, r, o in worked]
    first = examples[0] if examples else ["[]", "[]", _dumps(NO_EXAMPLE_OPTIONS.get(NAME, {}))]
    with gr.Blocks(title=title()) as demo:
        gr.Markdown(
            f"# {title()}\n\n{summary()}\n\n`evaluate.load(...)` of the `{NAME}` metric module; every score "
            "comes with its signature, one line listing every setting that can change it."
        )
        with gr.Tab("Generations file"):
            upload = gr.File(
                label="generations (JSONL, CSV or parquet: id, generation, optional sample)",
                file_types=FILE_TYPES,
                type="filepath",
            )
            # only the inputs the module takes: a module without a dataset option shows neither box
            dataset = gr.Textbox(
                label="dataset: Hub repo id (ORG/NAME) or build folder",
                value=default_dataset() if TAKES_DATASET else "",
                visible=TAKES_DATASET,
            )
            revision = gr.Textbox(
                label="revision of a Hub repo id (tag, branch or commit; empty: main)", value="", visible=TAKES_DATASET
            )
            if not TAKES_DATASET:
                gr.Markdown(f"*{NO_DATASET}.*", elem_id="no-dataset")
            file_options = gr.Textbox(
                label=f"options (JSON object, e.g. {FILE_OPTIONS_EXAMPLE})",
                value="{}",
                elem_id="file-options",
            )
            file_button = gr.Button("Score the file", variant="primary")
            file_out = gr.JSON(label="scores and signature", elem_id="file-scores")
            if NAME in LEGENDS:
                gr.Markdown(LEGENDS[NAME], elem_id="file-legend")
            file_button.click(score_file, [upload, dataset, revision, file_options], file_out, api_name="score_file")
        with gr.Tab("JSON"):
            preds = gr.Textbox(label="predictions (JSON list of strings)", lines=4, value=first[0])
            refs = gr.Textbox(
                label=(
                    "references (JSON list: the dataset's constraint column, or row ids with a dataset option)"
                    if TAKES_DATASET
                    else "references (JSON list of story_endings row ids; the stories come from stories_source)"
                ),
                lines=6,
                value=first[1],
            )
            json_options = gr.Textbox(
                label=f"options (JSON object, e.g. {FILE_OPTIONS_EXAMPLE.split(';')[0]})", value=first[2]
            )
            json_button = gr.Button("Submit", variant="primary")
            json_out = gr.JSON(label="scores and signature", elem_id="json-scores")
            if NAME in LEGENDS:
                gr.Markdown(LEGENDS[NAME], elem_id="json-legend")
            json_button.click(compute, [preds, refs, json_options], json_out, api_name="compute")
            if examples:
                gr.Examples(examples=examples, inputs=[preds, refs, json_options])
    return demo


demo = build()

if __name__ == "__main__":
    demo.launch()
