"""Publish a built dataset folder to the Hugging Face Hub (a supported, documented step).

The folder is checked against its manifest first (every file's sha256), uploaded as one commit, and the
commit is tagged so users can pin ``revision="v1.0.0"``. A build is titled and tagged by the LCTG version its configs
carry (:func:`lctg_dataset.card.release_version`): ``v1.0.0`` for the faithful configs alone, ``v1.1.0`` once a 1.1.0
config (corrected, variants, multi) is in it; the family configs (instructions, story_endings) keep their own version
lines, listed in the commit message. A metric module folder (``lctg_ctg/``, ``lctg_if/``, ``lctg_ifsm/``) can be
published as a Gradio Space (:func:`publish_metric`). A Hub failure is one line saying what was and was not
uploaded. The token comes from ``$HF_TOKEN`` or ``hf auth login``; it is passed through, never printed, logged or
written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lctg_dataset.card_meta import release_version
from lctg_dataset.hub_calls import PublishError, hub_api, hub_step, repo_url
from lctg_dataset.layout import MANIFEST
from lctg_dataset.output import build_manifest, foreign_entries
from lctg_dataset.tags import check_tag

#: What a metric Space folder must hold (the Gradio app and the card with the Space's front matter).
SPACE_FILES = ("app.py", "README.md")
#: Never uploaded to a Space (bytecode left by running the module locally).
SPACE_IGNORE = ["*__pycache__*", "*.pyc"]
#: The command that stores a Hub token (huggingface_hub's ``hf`` CLI; ``huggingface-cli`` is gone from it).
LOGIN_COMMAND = "hf auth login"


@dataclass(frozen=True)
class UploadPlan:
    """What an upload would do: the repo, the tag, the release and each config's version, every file with its size."""

    repo_id: str
    tag: str | None
    files: tuple[tuple[str, int], ...]
    version: str
    configs: tuple[tuple[str, str], ...] = ()

    def title(self, commit: str) -> str:
        """The commit message: the release, the source commit and the configs with their versions."""
        configs = ", ".join(f"{name} {version}" for name, version in self.configs)
        return f"LCTG Bench {self.version} (source commit {commit[:7]}; configs: {configs})"

    def lines(self) -> list[str]:
        total = sum(size for _, size in self.files)
        out = [
            f"repo: {self.repo_id} (dataset)",
            f"tag: {self.tag or '(none)'}",
            f"version: {self.version}",
            "configs: " + ", ".join(f"{name} {version}" for name, version in self.configs),
            f"files: {len(self.files)}, {total:,} bytes",
        ]
        out += [f"  {size:>12,}  {rel}" for rel, size in self.files]
        return out


def verify_folder(folder: Path) -> dict[str, Any]:
    """The manifest, after checking that every file it lists is present and unchanged and nothing else is there."""
    folder = Path(folder)
    manifest = build_manifest(folder)
    if manifest is None:
        raise PublishError(f"{folder} has no lctg {MANIFEST}; publish a folder written by build_dataset.py")
    for rel in manifest["files"]:
        if not (folder / rel).is_file():
            raise PublishError(f"{folder / rel} is listed in {MANIFEST} but missing; rebuild before publishing")
    foreign = foreign_entries(folder, manifest["files"])
    if foreign:
        raise PublishError(
            f"{folder} holds what the build did not write: {', '.join(foreign[:5])}; rebuild into a clean folder"
        )
    return manifest


def plan(folder: Path, repo_id: str, *, tag: str | None = "default") -> UploadPlan:
    """The upload a :func:`publish` call would make (``tag="default"`` means ``v<release>``, the LCTG version the
    build's configs carry)."""
    _check_repo_id(repo_id)
    if tag is not None and tag != "default":
        check_tag(tag)
    manifest = verify_folder(folder)
    if manifest.get("build", {}).get("parameters", {}).get("story_contexts"):
        raise PublishError(
            f"{folder} was built with --include-story-contexts: the ROCStories contexts may not be "
            "redistributed; rebuild without the flag to publish"
        )
    configs = tuple((name, str(c["version"])) for name, c in manifest["configs"].items())
    version = release_version(v for _, v in configs)
    files = tuple(
        (p.relative_to(folder).as_posix(), p.stat().st_size) for p in sorted(folder.rglob("*")) if p.is_file()
    )
    return UploadPlan(repo_id, f"v{version}" if tag == "default" else tag, files, version, configs)


def _check_repo_id(repo_id: str) -> None:
    if "/" not in repo_id or repo_id.startswith("/") or repo_id.endswith("/"):
        raise PublishError(f"repo id {repo_id!r} must look like ORG/NAME")


def hub_token(env: str = "HF_TOKEN") -> str:
    """The Hub token from ``$HF_TOKEN`` (or the named variable), else the one ``hf auth login`` stored."""
    token = os.environ.get(env)
    if not token:
        try:
            from huggingface_hub import get_token

            token = get_token()
        except Exception:  # an unreadable token file is the same as none
            token = None
    if not token:
        raise PublishError(f"no Hugging Face token: set ${env} or run `{LOGIN_COMMAND}` (nothing was uploaded)")
    return token


def publish(
    folder: Path, repo_id: str, *, token: str, private: bool = False, tag: str | None = "default", api: Any = None
) -> str:
    """Upload ``folder`` to the dataset repo ``repo_id`` and tag it; returns the repo URL.

    A Hub failure is a one-line :class:`PublishError` saying what was (not) uploaded."""
    folder = Path(folder)
    the_plan = plan(folder, repo_id, tag=tag)
    api = hub_api(api)
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    with hub_step(api, token, f"creating dataset repo {repo_id}", "nothing was uploaded"):
        repo = api.create_repo(repo_id=repo_id, repo_type="dataset", private=private, exist_ok=True, token=token)
    with hub_step(api, token, f"uploading {folder} to {repo_id}", "no commit was made, nothing was published"):
        commit = api.upload_folder(
            folder_path=str(folder),
            repo_id=repo_id,
            repo_type="dataset",
            commit_message=the_plan.title(manifest["source"]["commit"]),
            token=token,
        )
    if the_plan.tag:
        oid = getattr(commit, "oid", None)
        where = f"commit {oid[:12]}" if isinstance(oid, str) else "a commit"
        with hub_step(
            api,
            token,
            f"tagging {repo_id} {the_plan.tag}",
            f"the files were uploaded as {where} but not tagged; run again to add the tag",
        ):
            api.create_tag(
                repo_id=repo_id,
                repo_type="dataset",
                tag=the_plan.tag,
                token=token,
                exist_ok=True,
                **({"revision": oid} if isinstance(oid, str) else {}),
            )
    return repo_url(repo, f"https://huggingface.co/datasets/{repo_id}")


@dataclass(frozen=True)
class MetricPlan:
    """What a metric Space upload would do: the Space, the module it serves, the commit message, the ``datasets:`` of
    the card uploaded, every file with its size (what :func:`publish_metric` uploads and a dry run prints)."""

    repo_id: str
    module: str
    datasets: tuple[str, ...]
    files: tuple[tuple[str, int], ...]

    @property
    def commit_message(self) -> str:
        return f"LCTG Bench metric ({self.module})"

    def lines(self) -> list[str]:
        total = sum(size for _, size in self.files)
        out = [
            f"metric Space: {self.repo_id} (gradio)",
            f"module: {self.module}",
            f"commit message: {self.commit_message}",
            "card datasets: " + (", ".join(self.datasets) or "(none: give --repo-id or --dataset-repo to name one)"),
            f"files: {len(self.files)}, {total:,} bytes",
        ]
        out += [f"  {rel}  {size:,} bytes" for rel, size in self.files]
        return out


def metric_plan(folder: Path, repo_id: str, *, dataset: str | None = None) -> MetricPlan:
    """The plan of uploading a metric module folder (checked as :func:`publish_metric` checks it) to ``repo_id``;
    ``dataset``: the Hub dataset repo written into the uploaded card's ``datasets:`` (else the card's own)."""
    folder = Path(folder)
    _check_repo_id(repo_id)
    if dataset is not None:
        _check_repo_id(dataset)
    if not folder.is_dir():
        raise PublishError(f"metric folder {folder} does not exist; build the dataset first (it writes lctg_ctg/)")
    missing = [name for name in SPACE_FILES if not (folder / name).is_file()]
    if missing:
        raise PublishError(
            f"metric folder {folder} has no {', '.join(missing)}; a Space needs "
            f"{', '.join(SPACE_FILES)} (rebuild the dataset to regenerate lctg_ctg/)"
        )
    if build_manifest(folder.parent) is not None:
        verify_folder(folder.parent)  # the module inside a build: unchanged since the build wrote it
    card = (folder / "README.md").read_text(encoding="utf-8")
    files = sorted(
        (p.relative_to(folder).as_posix(), p.stat().st_size)
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )
    datasets = (dataset,) if dataset is not None else tuple(card_datasets(card))
    return MetricPlan(repo_id, module_name(folder), datasets, tuple(files))


def publish_metric(
    folder: Path, repo_id: str, *, token: str, private: bool = False, api: Any = None, dataset: str | None = None
) -> str:
    """Upload a metric module folder (a build's ``lctg_ctg/``, ``lctg_if/`` or ``lctg_ifsm/``: app.py, README with
    Space front matter…) to the Gradio Space ``repo_id``; returns the Space URL. The commit message names the module
    (its script beside app.py). ``dataset``: the Hub dataset repo the Space scores (``ORG/NAME``), written into the
    uploaded card's ``datasets:`` (the folder itself is not changed). What it does is :func:`metric_plan`. A Hub
    failure is a one-line :class:`PublishError`."""
    folder = Path(folder)
    the_plan = metric_plan(folder, repo_id, dataset=dataset)
    api = hub_api(api)
    with hub_step(api, token, f"creating Space {repo_id}", "nothing was uploaded"):
        repo = api.create_repo(
            repo_id=repo_id, repo_type="space", space_sdk="gradio", private=private, exist_ok=True, token=token
        )
    with tempfile.TemporaryDirectory(prefix="lctg-space-") as tmp:
        upload = folder
        if dataset is not None:  # a copy whose card names the dataset
            upload = Path(tmp) / folder.name
            shutil.copytree(folder, upload, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            card = upload / "README.md"
            card.write_text(with_datasets(card.read_text(encoding="utf-8"), [dataset]), encoding="utf-8")
        with hub_step(
            api, token, f"uploading {folder} to Space {repo_id}", "no commit was made, nothing was published"
        ):
            api.upload_folder(
                folder_path=str(upload),
                repo_id=repo_id,
                repo_type="space",
                token=token,
                commit_message=the_plan.commit_message,
                ignore_patterns=SPACE_IGNORE,
            )
    return repo_url(repo, f"https://huggingface.co/spaces/{repo_id}")


def card_datasets(card: str) -> list[str]:
    """The ``datasets:`` list of a card's front matter (empty when it has none)."""
    if not card.startswith("---\n") or "\n---\n" not in card[3:]:
        return []
    head = card[4:].partition("\n---\n")[0]
    found = re.search(r"^datasets:\n((?:- .*\n?)*)", head + "\n", flags=re.M)
    return [line[2:].strip() for line in found.group(1).splitlines()] if found else []


def with_datasets(card: str, datasets: list[str]) -> str:
    """The card with its front matter's ``datasets:`` list set to ``datasets`` (added before the closing ``---``)."""
    if not card.startswith("---\n") or "\n---\n" not in card[3:]:
        raise PublishError("the metric card has no front matter (--- … ---) to name the dataset in")
    head, _, body = card[4:].partition("\n---\n")
    head = re.sub(r"^datasets:\n(?:- .*\n?)*", "", head + "\n", flags=re.M).rstrip("\n")
    block = "datasets:\n" + "".join(f"- {d}\n" for d in datasets)
    return f"---\n{head}\n{block}---\n{body}"


def module_name(folder: Path) -> str:
    """The metric module a Space folder serves: its one ``<name>.py`` besides ``app.py`` and the ``_*.py`` helpers
    (the app finds it the same way)."""
    scripts = sorted(p.stem for p in Path(folder).glob("*.py") if p.name != "app.py" and not p.name.startswith("_"))
    if len(scripts) != 1:
        raise PublishError(
            f"metric folder {folder}: expected one metric script beside app.py, found "
            f"{', '.join(scripts) or 'none'}; rebuild the dataset to regenerate it"
        )
    return scripts[0]
