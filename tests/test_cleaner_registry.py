"""The cleaner registry: names, factories, and errors that name what is wrong."""

from __future__ import annotations

import pytest

from lctg_metrics.cleaners import CLEANERS, CleanBatch, CleanerError, get_cleaner
from lctg_metrics.cleaners.rule import RULE_CLEANER_VERSION

BATCH = CleanBatch(tasks=["summary", "ad_text"], raws=["要約：市は図書館を開館した。", "無洗米の定期便"])


def test_registry_names_in_cli_order() -> None:
    assert list(CLEANERS) == ["provided", "none", "rule", "llm"]


@pytest.mark.parametrize(
    ("name", "described", "cleaned"),
    [
        ("none", "none", ["要約：市は図書館を開館した。", "無洗米の定期便"]),
        ("rule", f"rule@{RULE_CLEANER_VERSION}", ["市は図書館を開館した。", "無洗米の定期便"]),
    ],
)
def test_offline_cleaners(name: str, described: str, cleaned: list[str]) -> None:
    cleaner = get_cleaner(name)
    assert cleaner.name == name
    assert cleaner.describe() == described
    assert cleaner.clean(BATCH) == cleaned


def test_provided_uses_the_given_text_and_names_missing_items() -> None:
    provided = ["y"] + [None] * 6
    batch = CleanBatch(tasks=["summary"] * 7, raws=["x"] * 7, provided=provided, label=lambda i: f"g.jsonl:{i + 1}")
    with pytest.raises(CleanerError, match=r"6 have none: g\.jsonl:2, .*g\.jsonl:6 and 1 more"):
        get_cleaner("provided").clean(batch)
    full = CleanBatch(tasks=["summary"], raws=["x"], provided=["y"])
    assert get_cleaner("provided").clean(full) == ["y"]
    assert get_cleaner("provided").describe() == "provided@user"


def test_unknown_name_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown cleaner 'gpt'; valid: provided, none, rule, llm"):
        get_cleaner("gpt")


@pytest.mark.parametrize("kwargs", [{}, {"config": object()}, {"protocol": {}}])
def test_llm_needs_an_endpoint_and_prompts(kwargs: dict) -> None:
    with pytest.raises(ValueError, match="cleaner 'llm' needs an endpoint"):
        get_cleaner("llm", **kwargs)


def test_llm_cleaner_is_built_lazily_with_its_options() -> None:
    cleaner = get_cleaner("llm", config=object(), protocol={"x": 1}, run_options={"progress": False})
    assert (cleaner.name, cleaner.version) == ("llm", "upstream-prompt")
    assert cleaner.run_options == {"progress": False}  # type: ignore[attr-defined]


# ---------------------------------------------------------------- one registry, declared capabilities


from lctg_metrics.cleaners import CleanerEntry, default_cleaner, entry, per_item_cleaners, register_cleaner  # noqa: E402
from lctg_metrics.options import BY_NAME  # noqa: E402


def test_a_name_is_registered_once_and_the_option_choices_are_the_registry() -> None:
    with pytest.raises(ValueError, match="cleaner 'rule' is already registered"):
        register_cleaner(CleanerEntry("rule", lambda: get_cleaner("none")))
    assert BY_NAME["cleaner"].registry == "cleaners" and BY_NAME["cleaner"].choices is None
    assert [name for name, e in CLEANERS.items() if e.calls_llm] == ["llm"]
    assert [name for name, e in CLEANERS.items() if e.whole_run] == ["llm"]
    assert per_item_cleaners() == ["none", "rule"]  # what lm-eval tasks may use (one doc, raw text only)


def _toy(name: str, **capabilities: bool):
    """Register a cleaner for one test (its name and choice are removed afterwards)."""
    from contextlib import contextmanager

    @contextmanager
    def registered():
        register_cleaner(CleanerEntry(name, lambda **_: get_cleaner("none"), **capabilities))
        try:
            yield
        finally:
            CLEANERS.pop(name)

    return registered()


def test_the_cli_reads_capabilities_not_names(built_dataset, tmp_path, capsys) -> None:
    """A cleaner that calls an LLM under another name is never streamed, and it is the one the LLM flags apply to."""
    import argparse
    import json

    from lctg_metrics.cli import build_parser, main
    from lctg_metrics.cli.stream import streams
    from lctg_metrics.inputs.folder import read_rows

    sample_file = tmp_path / "g.jsonl"
    row = read_rows(built_dataset, tasks=["summary"])[0]
    sample_file.write_text(json.dumps({"id": row["id"], "generation": "x"}) + "\n", encoding="utf-8")

    with _toy("remote", calls_llm=True, whole_run=True):
        parsed = build_parser().parse_args(["score", "g.jsonl", "--dataset", "d", "--cleaner", "remote"])
        assert parsed.cleaner == "remote" and entry("remote").calls_llm  # a choice of --cleaner, from the registry
        args = argparse.Namespace(
            from_format="lctg", id_field=None, text_field=None, cleaner="remote", judge=False, dry_run=False
        )
        assert not streams(args, entry("remote")) and streams(args, entry("rule"))
        # an LLM flag is accepted with it (refused with an offline cleaner), and it needs the endpoint
        argv = ["score", str(sample_file), "--dataset", str(built_dataset), "--llm-concurrency", "2"]
        assert main([*argv, "--cleaner", "remote"]) == 2
        assert "needs a base URL and a model" in capsys.readouterr().err
        assert main([*argv, "--cleaner", "none"]) == 2
        assert "--llm-concurrency configures the LLM cleaner and judge, but neither runs" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("cleaned", "expected"),
    [
        (None, "rule"),
        ([], "rule"),
        (["a"], "provided"),
        (["a", ""], "provided"),
        (["a", None, "b"], "rule"),
    ],
)
def test_the_default_cleaner(cleaned, expected) -> None:
    assert default_cleaner(cleaned) == expected


def test_the_default_cleaner_reads_only_until_a_generation_without_cleaned() -> None:
    def texts():
        yield "a"
        yield None
        raise AssertionError("read past the first generation without 'cleaned'")

    assert default_cleaner(texts()) == "rule"


def test_whether_the_given_cleaned_text_is_read_is_declared_by_the_entry_not_the_name() -> None:
    from dataclasses import dataclass

    from lctg_metrics.scoring.join import GenerationColumns
    from lctg_metrics.scoring.part import ignored_cleaned

    @dataclass(frozen=True)
    class Given:
        name: str = "given"
        version: str = "1"

        def clean(self, batch: CleanBatch) -> list[str]:
            return list(batch.provided or [])

        def describe(self) -> str:
            return "given@1"

    cols = GenerationColumns(["a", "b", "c"], ["x", "y", "z"], [0, 0, 0], ["x1", None, "z1"])
    with _toy("given", needs_cleaned=True):
        assert ignored_cleaned(cols, Given()) == 0  # it reads them, under a name that is not 'provided'
    assert ignored_cleaned(cols, Given()) == 2  # unregistered: it declares nothing, so the given texts are unread
    assert ignored_cleaned(cols, get_cleaner("rule")) == 2
    assert ignored_cleaned(cols, get_cleaner("provided")) == 0


def _score_cleaner_choices() -> list[str]:
    import argparse

    from lctg_metrics.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(next(a for a in sub.choices["score"]._actions if a.dest == "cleaner").choices)


def test_the_cleaner_choices_are_the_registry_wherever_they_are_read_whatever_was_imported_first() -> None:
    """The options layer holds no copy of the names to be filled by an import: a surface gives the registry's names,
    and one that does not is refused (never an empty list of choices)."""
    import argparse

    from lctg_metrics.option_surfaces import add_cli_options, kwargs_description
    from lctg_metrics.options import RUN

    assert _score_cleaner_choices() == ["provided", "none", "rule", "llm"]
    with _toy("later"):
        assert _score_cleaner_choices() == list(CLEANERS) == ["provided", "none", "rule", "llm", "later"]
        assert "One of 'provided', 'none', 'rule', 'llm', 'later'." in kwargs_description(values={"cleaner": CLEANERS})
    with pytest.raises(ValueError, match="option 'cleaner': its values are the cleaners registry's names"):
        add_cli_options(argparse.ArgumentParser(), RUN)
    with pytest.raises(ValueError, match="option 'cleaner': its values are the cleaners registry's names"):
        kwargs_description()
