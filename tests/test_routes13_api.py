"""``api.run`` as a notebook user meets it: any iterable of generations gives the list's result (read once, nothing
peeked and lost); a details file is refused as every route refuses it; wrong types are one line naming the argument;
the options are a dict, of the family's declared names (IFSM's the same names as its module and command), ``ci``
meaning the same in every family."""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lctg_metrics.api import run, score_predictions
from lctg_metrics.cli import main
from lctg_metrics.family import load, option_values
from lctg_metrics.inputs.generations import read_generations
from lctg_metrics.schema import Generation
from tests.test_family_samples import LINES as IF_LINES
from tests.test_family_samples import ROWS as IF_ROWS
from tests.toyfamily import FAMILY as TOY

TOY_ROWS = [{"id": "t/1", "min_chars": 3}, {"id": "t/2", "min_chars": 5}, {"id": "t/3", "min_chars": 1}]
TOY_GENS = [
    {"id": "t/1", "generation": "abcd"},  # passes
    {"id": "t/2", "generation": "ab"},  # fails
    {"id": "t/3", "generation": "x"},  # passes
]


@pytest.fixture(scope="module")
def files(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("routes13_api")
    g, d = folder / "g.jsonl", folder / "d.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "-o", str(g)]) == 0
    assert main(["score", str(g), "--dataset", str(built_dataset), "--details", str(d)]) == 0
    return {"g": g, "d": d}


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


class OneShot:
    """An iterable that may be iterated once (a second pass raises), counting its passes."""

    def __init__(self, items: list[Any]) -> None:
        self.items, self.passes = items, 0

    def __iter__(self) -> Iterator[Any]:
        self.passes += 1
        if self.passes > 1:
            raise AssertionError("iterated twice")
        return iter(self.items)


ITERABLES = {
    "iter": iter,
    "generator": lambda xs: (x for x in xs),
    "tuple": tuple,
    "map": lambda xs: map(lambda x: x, xs),
    "one-shot": OneShot,
}


@pytest.mark.parametrize("make", list(ITERABLES), ids=list(ITERABLES))
def test_lctg_any_iterable_gives_the_lists_result(built_dataset: Path, files: dict[str, Path], make: str) -> None:
    recs = records(files["g"])
    expected = run("lctg", recs, dataset=str(built_dataset))
    got = run("lctg", ITERABLES[make](recs), dataset=str(built_dataset))
    assert got.flat == expected.flat and got.signature == expected.signature and "cover:" not in got.signature


@pytest.mark.parametrize("make", list(ITERABLES), ids=list(ITERABLES))
def test_instr_any_iterable_gives_the_lists_result(make: str) -> None:
    recs = [{"id": i, "generation": t} for i, t in IF_LINES]  # two samples: counted by hand in test_family_samples
    expected = run("instr", recs, rows=IF_ROWS, options={"ci": False})
    got = run("instr", ITERABLES[make](recs), rows=IF_ROWS, options={"ci": False})
    assert got.flat == expected.flat and got.flat["instruction_level_strict"] == pytest.approx(5 / 6)


@pytest.mark.parametrize("make", list(ITERABLES), ids=list(ITERABLES))
@pytest.mark.parametrize("as_values", [False, True], ids=["dicts", "Generation values"])
def test_a_per_sample_family_reads_any_iterable_once(make: str, as_values: bool) -> None:
    gens: list[Any] = TOY_GENS
    if as_values:
        gens = [Generation(g["id"], g["generation"], 0) for g in TOY_GENS]
    given_in = ITERABLES[make](gens)
    result = run(TOY, given_in, rows=TOY_ROWS)
    assert result.flat["passed"] == pytest.approx(2 / 3)  # t/1 and t/3 are long enough, t/2 is not
    if isinstance(given_in, OneShot):
        assert given_in.passes == 1


def test_an_empty_iterator_is_an_empty_run_not_a_crash() -> None:
    with pytest.raises(ValueError, match="no answer for id 't/1'"):
        run(TOY, iter([]), rows=TOY_ROWS)


# N3: a details file given where generations go


def test_a_details_file_is_refused_as_the_cli_refuses_it(built_dataset: Path, files: dict[str, Path]) -> None:
    with pytest.raises(ValueError, match=r"d\.jsonl is an lctg score details file .*not generations") as e:
        run("lctg", str(files["d"]), dataset=str(built_dataset))
    assert "\n" not in str(e.value)
    assert main(["score", str(files["d"]), "--dataset", str(built_dataset)]) != 0  # the CLI refuses it too
    with pytest.raises(ValueError, match="lctg score details file"):
        run("lctg", files["d"], dataset=str(built_dataset))  # a Path as well as a str
    with pytest.raises(ValueError, match="lctg score details file"):
        run("lctg", records(files["d"]), dataset=str(built_dataset))  # its lines as dicts


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ({"key": 1, "instruction_id": "ja:x", "index": 0, "strict": True, "loose": True}, "if-score details"),
        ({"id": "story_endings/a_0", "hit": 1, "choice": 2, "guard": None}, "ifsm details"),
    ],
)
def test_every_familys_details_lines_are_refused(tmp_path: Path, line: dict[str, Any], what: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    for family in ("lctg", "instr", "ifsm"):
        with pytest.raises(ValueError, match=what):
            run(family, str(path), rows=[{"id": "x"}])
        with pytest.raises(ValueError, match=what):
            run(family, [line], rows=[{"id": "x"}])


def test_a_generations_file_is_not_taken_for_details(built_dataset: Path, files: dict[str, Path]) -> None:
    assert (
        run("lctg", str(files["g"]), dataset=str(built_dataset)).flat
        == run("lctg", records(files["g"]), dataset=str(built_dataset)).flat
    )
    assert len(read_generations(files["g"])) == len(records(files["g"]))


# N5: wrong types


def test_the_reported_wrong_types_are_one_line_naming_the_argument(built_dataset: Path) -> None:
    good = [{"id": "summary/1614/format", "generation": "x"}]
    cases = [
        (dict(family=None, generations=good, dataset=str(built_dataset)), "family"),
        (dict(family="lctg", generations=None, dataset=str(built_dataset)), "generations"),
        (dict(family="lctg", generations=["a", "b"], dataset=str(built_dataset)), r"generations\[0\]: expected an"),
        (dict(family="lctg", generations=good, dataset=3), "dataset"),
        (dict(family="lctg", generations=good, dataset=str(built_dataset), options="ci"), "options must be a dict"),
        (dict(family="lctg", generations=good, rows="abc"), "rows"),
        (dict(family="lctg", generations=good, rows=[1]), r"rows\[0\]"),
        (dict(family="lctg", generations=good, dataset=str(built_dataset), config=3), "config"),
        (dict(family="lctg", generations=good, dataset=str(built_dataset), revision=1), "revision"),
    ]
    for kwargs, named in cases:
        family, generations = kwargs.pop("family"), kwargs.pop("generations")
        with pytest.raises((ValueError, TypeError), match=named) as e:
            run(family, generations, **kwargs)
        assert "\n" not in str(e.value), str(e.value)


NOT_DICTS = st.one_of(st.integers(), st.none(), st.text(alphabet="abcxyz ", max_size=8), st.booleans())
WRONG = st.one_of(st.integers(), st.none(), st.booleans(), st.lists(NOT_DICTS, min_size=1, max_size=3))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    argument=st.sampled_from(["family", "generations", "dataset", "options", "rows", "config", "revision"]),
    value=st.one_of(WRONG, st.text(alphabet="abcxyz", min_size=1, max_size=8)),
)
def test_run_refuses_wrong_types_naming_the_argument(built_dataset: Path, argument: str, value: Any) -> None:
    kwargs: dict[str, Any] = {
        "family": "lctg",
        "generations": [{"id": "summary/1614/format", "generation": "x"}],
        "dataset": str(built_dataset),
    }
    if argument == "rows":
        kwargs.pop("dataset")
    if value is None and argument not in ("family", "generations"):
        return  # None is "not given" for the keyword arguments
    kwargs[argument] = value
    if argument == "config" and isinstance(value, str):
        kwargs["generations"] = []  # a config name that is not there: named before anything is scored
    family, generations = kwargs.pop("family"), kwargs.pop("generations")
    try:
        run(family, generations, **kwargs)
    except (ValueError, TypeError) as e:
        message = str(e)
        assert "\n" not in message
        names = {"generations": "generation", "options": "option", "rows": "row"}.get(argument, argument)
        if argument == "family":
            names = "family"
        assert names in message, (argument, value, message)
    else:  # a string revision/config of a local folder is refused; nothing else of these may pass
        pytest.fail(f"{argument}={value!r} was accepted")


# N2 and N4: options


def test_ifsm_takes_the_names_of_its_module_and_command_and_refuses_the_old_ones() -> None:
    ifsm = load("ifsm")
    values = option_values(ifsm, {"stories_source": "/somewhere", "ci_resamples": 200})
    assert values["stories_source"] == "/somewhere" and values["ci_resamples"] == 200
    from lctg_metrics.evaluate_ifsm.lctg_ifsm import LctgIfsm

    module = LctgIfsm()
    for old, new in (("n_boot", "ci_resamples"), ("stories", "stories_source"), ("source", "stories_source")):
        with pytest.raises(ValueError, match=rf"option '{old}' is '{new}' \(") as e:
            option_values(ifsm, {old: 1})
        with pytest.raises(TypeError, match=rf"{old}= is {new}= \(") as m:
            module.compute(predictions=[], references=[], **{old: 1})
        assert str(e.value).rpartition(" (")[2] == str(m.value).rpartition(" (")[2]  # one declaration of the reason


def test_the_ifsm_module_keywords_are_the_familys_options_with_its_defaults() -> None:
    from lctg_metrics.evaluate_ifsm.lctg_ifsm import LctgIfsm

    declared = {o.name: o.default for o in load("ifsm").options}
    keywords = inspect.signature(LctgIfsm._compute).parameters
    shared = [k for k in keywords if k in declared]
    assert {"stories_source", "split", "seed", "adversarial", "dissimilarity", "ci_resamples"} <= set(shared)
    for k in shared:
        if k != "reader":  # the module makes the user choose a reader; the family's default is the offline one
            assert keywords[k].default == declared[k], k


def test_ci_means_the_same_in_every_family(built_dataset: Path, files: dict[str, Path]) -> None:
    for name in ("lctg", "instr", "ifsm"):
        assert {"ci", "ci_resamples", "seed"} <= {o.name for o in load(name).options}, name
    recs = records(files["g"])
    got = run("lctg", recs, dataset=str(built_dataset), options={"ci": True, "ci_resamples": 200, "seed": 3})
    same = score_predictions(
        [r["generation"] for r in recs], [r["id"] for r in recs], dataset=str(built_dataset), ci=True,
        ci_resamples=200, seed=3,
    )  # fmt: skip
    bounds = {k: v for k, v in got.flat.items() if k.endswith(("/ci_low", "/ci_high"))}
    assert bounds and bounds == {k: v for k, v in same.items() if k.endswith(("/ci_low", "/ci_high"))}
    for key, low in bounds.items():
        if key.endswith("/ci_low"):
            point = got.flat[key.removesuffix("/ci_low")]
            assert low <= point <= got.flat[key.replace("/ci_low", "/ci_high")]
    assert got.signature == run("lctg", recs, dataset=str(built_dataset)).signature  # CIs change no score
    assert not any(k.endswith("/ci_low") for k in run("lctg", recs, dataset=str(built_dataset)).flat)
    instr = [{"id": i, "generation": t} for i, t in IF_LINES[:2]]
    assert any(k.endswith("_low") for k in run("instr", instr, rows=IF_ROWS, options={"ci": True}).flat)
    with pytest.raises(ValueError, match="ifsm: ci=False: IFSM always computes its 95% intervals"):
        run("ifsm", [{"id": "story_endings/a_0", "generation": "x"}], rows=[{"id": "x"}], options={"ci": False})


def test_an_unknown_option_names_the_family_and_the_valid_ones(built_dataset: Path) -> None:
    for name in ("lctg", "instr", "ifsm"):
        with pytest.raises(ValueError) as e:
            run(name, [], dataset=str(built_dataset), options={"bogus": 1})
        valid = ", ".join(o.name for o in load(name).options)
        assert f"{name}: unknown option(s) ['bogus']; valid: {valid} (the {name} family's options)" == str(e.value)
    for bad in ("ci", ["ci"], 1):
        with pytest.raises(TypeError, match="options must be a dict"):
            run("lctg", [], dataset=str(built_dataset), options=bad)


def test_the_docs_list_each_familys_options_as_declared() -> None:
    text = (Path(__file__).parent.parent / "docs" / "scoring.md").read_text(encoding="utf-8")
    for name in ("lctg", "instr", "ifsm"):
        line = next(x for x in text.splitlines() if x.startswith(f"| `{name}` |"))
        documented = [w.strip("` ") for w in line.split("|")[2].split(",")]
        assert documented == [o.name for o in load(name).options], name


def test_lctg_ci_in_python_is_lctg_score_ci(built_dataset: Path, files: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    assert main(["score", str(files["g"]), "--dataset", str(built_dataset), "--ci", "--json", str(out)]) == 0
    cli = json.loads(out.read_text(encoding="utf-8"))
    got = run("lctg", records(files["g"]), dataset=str(built_dataset), options={"ci": True})
    assert got.json["ci"] == cli["ci"] and got.json["scores"] == cli["scores"]
    low, high = cli["ci"]["intervals"]["summary"]["format"]
    assert (got.flat["summary/format/ci_low"], got.flat["summary/format/ci_high"]) == (low, high)


def test_a_generation_of_a_copied_schema_is_read_as_one_of_ours() -> None:
    """An evaluate module flattens its own copy of ``Generation``; the installed package's ``run`` takes its values."""
    from typing import NamedTuple

    from lctg_metrics.family_protocol import family_generations
    from lctg_metrics.schema import Generation

    class Copied(NamedTuple):  # the same fields, another class (as a flattened module defines it)
        id: str
        text: str
        sample: int = 0
        cleaned: str | None = None
        where: str = ""
        failure: str | None = None

    got = family_generations("lctg", [Copied("a", "x"), Copied("b", "y", 1)])
    assert got == [Generation("a", "x"), Generation("b", "y", 1)] and all(type(g) is Generation for g in got)

    class Other(NamedTuple):  # a tuple of other fields is no generation
        id: str
        generation: str

    with pytest.raises(TypeError, match=r"generations\[0\]"):
        family_generations("lctg", [Other("a", "x")])
