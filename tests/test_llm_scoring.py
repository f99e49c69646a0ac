"""End to end with the LLM cleaner and quality judge against a loopback OpenAI-compatible server.

The fake model recognises the protocol prompt it was sent (read at test time from the built dataset's
protocol_prompts.json — never pasted here), extracts the generation and answers by simple rules, so the
expected cleaned texts and Qual scores can be computed independently in the test.
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.fake_openai_server import FakeOpenAIServer

SECRET = "sk-test-never-print-me"
PREAMBLE = "はい、喜んで作ります！"


def _split(template: str) -> tuple[str, str]:
    head, _, tail = template.partition("{generated_result}")
    return head, tail


class FakeModel:
    """Cleaner: drops PREAMBLE. Judge: 適切 / 不適切 / a non-conforming answer then True / unparseable."""

    def __init__(self, protocol: dict):
        self.cleaner = {t: _split(p) for t, p in protocol["header_footer_removal"].items()}
        self.judge = {t: p.split("{", 1)[0] for t, p in protocol["quality_check"].items()}
        self.fallback = {t: p.split("{", 1)[0] for t, p in protocol["quality_check_bool_fallback"].items()}

    @staticmethod
    def generated(content: str, marker: str) -> str:
        return content.rsplit(marker, 1)[1].strip() if marker in content else content

    def __call__(self, body: dict) -> str:
        content = body["messages"][-1]["content"]
        for _task, (head, tail) in self.cleaner.items():
            if content.startswith(head) and content.endswith(tail):
                text = content[len(head) : len(content) - len(tail)]
                return text[len(PREAMBLE) :] if text.startswith(PREAMBLE) else text
        for _task, head in self.judge.items():
            if content.startswith(head):
                return primary_answer(content)
        for _task, head in self.fallback.items():
            if content.startswith(head):
                return fallback_answer(content)
        return "??"


def primary_answer(content: str) -> str:
    n = len(content)
    return ["適切", "不適切", "どちらかといえば適切"][n % 3]


def fallback_answer(content: str) -> str:
    return "True" if len(content) % 2 == 0 else "判断できません"


@pytest.fixture(scope="module")
def protocol(built_dataset) -> dict:
    return json.loads((built_dataset / "protocol_prompts.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def generations(built_dataset, tmp_path_factory) -> Path:
    """Toy ad_text generations, every other one with the PREAMBLE the fake cleaner removes."""
    path = tmp_path_factory.mktemp("llm") / "g.jsonl"
    assert (
        main(["sample", "--dataset", str(built_dataset), "--task", "ad_text", "--samples", "2", "-o", str(path)]) == 0
    )
    gens = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for i, g in enumerate(gens):
        if i % 2:
            g["generation"] = PREAMBLE + g["generation"]
    path.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in gens), encoding="utf-8")
    return path


def _expected_quality(gens: list[dict], protocol: dict, built_rows: dict) -> dict[str, float]:
    """Qual per aspect computed here: format the judge prompt, apply the fake judge's rules, upstream aggregation."""
    per: dict[str, dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for g in gens:
        row = built_rows[g["id"]]
        text = g["generation"]
        cleaned = text[len(PREAMBLE) :] if text.startswith(PREAMBLE) else text
        prompt = protocol["quality_check"]["ad_text"].format(base_text=row["base_text"], generated_result=cleaned)
        answer = primary_answer(prompt)
        if answer in ("適切", "不適切"):
            label = answer == "適切"
        else:
            fb = protocol["quality_check_bool_fallback"]["ad_text"].format(
                base_text=row["base_text"], generated_result=cleaned
            )
            if fallback_answer(fb) != "True":
                per[row["aspect"]].setdefault(g["sample"], [])
                continue
            label = True
        per[row["aspect"]][g["sample"]].append(label)
    return {a: statistics.fmean(sum(v) / len(v) for v in s.values() if v) for a, s in per.items()}


@pytest.mark.slow
def test_llm_cleaner_and_judge_end_to_end(
    built_dataset, built_rows, protocol, generations, tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    cache = tmp_path / "cache.sqlite"
    gens = [json.loads(line) for line in generations.read_text(encoding="utf-8").splitlines()]
    with FakeOpenAIServer(answer=FakeModel(protocol)) as server:
        args = [
            "score",
            str(generations),
            "--dataset",
            str(built_dataset),
            "--task",
            "ad_text",
            "--cleaner",
            "llm",
            "--judge",
            "--llm-base-url",
            server.base_url,
            "--llm-model",
            "fake-judge",
            "--llm-cache",
            str(cache),
            "--no-progress",
        ]
        out, details = tmp_path / "r.json", tmp_path / "d.jsonl"
        assert main(args + ["--json", str(out), "--details", str(details)]) == 0
        printed = capsys.readouterr().out
        first_total = server.total
        result = json.loads(out.read_text(encoding="utf-8"))
        # every distinct generation was cleaned once, then judged; the fallback only for non-conforming answers
        assert first_total > len(gens)
        assert "  qual" in printed and "llm cleaner:" in printed and "llm judge:" in printed
        host = server.base_url.split("//", 1)[1].split("/", 1)[0]
        assert (
            f"cleaner:llm:fake-judge@{host}#" in result["signature"]
            and f"judge:fake-judge@{host}#" in result["signature"]
        )
        # the cleaner's output fed format and the other aspects: preambles were detected as added text
        items = [json.loads(line) for line in details.read_text(encoding="utf-8").splitlines()]
        wrapped = [it for it in items if it["generation"].startswith(PREAMBLE) and it["aspect"] == "format"]
        assert wrapped and all(not it["passed"] and not it["cleaned"].startswith(PREAMBLE) for it in wrapped)
        # Qual equals the independent computation, unparseable answers excluded and counted
        expected = _expected_quality(gens, protocol, built_rows)
        for aspect, value in expected.items():
            assert result["quality"]["ad_text"][aspect] == pytest.approx(value, abs=1e-12)
        counts = result["quality_counts"]["ad_text"]
        assert sum(c["unparseable"] for c in counts.values()) > 0
        assert all(c["failed"] == 0 and c["judged"] == 300 for c in counts.values())  # 150 prompts × 2 samples
        assert all(c["parsed"] + c["unparseable"] == c["judged"] for c in counts.values())
        assert result["llm_usage"]["cleaner"]["calls_made"] > 0 and result["llm_usage"]["judge"]["prompt_tokens"] >= 0

        # re-run: everything comes from the cache, no new calls
        assert main(args + ["--json", str(tmp_path / "r2.json")]) == 0
        assert server.total == first_total
        again = json.loads((tmp_path / "r2.json").read_text(encoding="utf-8"))
        assert again["quality"] == result["quality"] and again["scores"] == result["scores"]
        assert again["llm_usage"]["cleaner"]["calls_made"] == 0 and again["llm_usage"]["cleaner"]["cache_hits"] > 0

        # dry run with the warm cache: zero calls; with a cold cache: one per distinct generation
        capsys.readouterr()
        assert main(args + ["--dry-run"]) == 0
        warm = capsys.readouterr().out
        assert "would make 0 calls" in warm and "no calls were made" in warm
        cold = [a if a != str(cache) else str(tmp_path / "cold.sqlite") for a in args]
        assert main(cold + ["--dry-run"]) == 0
        cold_out = capsys.readouterr().out
        distinct = len({g["generation"] for g in gens})
        assert f"would make {distinct} calls" in cold_out and "at most 1200 primary calls" in cold_out
        assert server.total == first_total and not (tmp_path / "cold.sqlite").exists()

    # the key went to the server but never to any output or the cache
    for path in (out, details, cache):
        assert SECRET.encode() not in path.read_bytes()
    assert SECRET not in printed + warm + cold_out


def test_evaluate_module_with_judge(built_dataset, built_rows, protocol, generations, tmp_path, monkeypatch):
    import importlib.util

    from tests.conftest import PROJECT_ROOT

    spec = importlib.util.spec_from_file_location("lctg_ctg_mod", PROJECT_ROOT / "lctg_ctg" / "lctg_ctg.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    gens = [json.loads(line) for line in generations.read_text(encoding="utf-8").splitlines()][:40]
    with FakeOpenAIServer(answer=FakeModel(protocol)) as server:
        metric = module.LctgCtg()
        out = metric.compute(
            predictions=[g["generation"] for g in gens],
            references=[built_rows[g["id"]]["constraint"] for g in gens],
            samples=[g["sample"] for g in gens],
            cleaner="llm",
            judge=True,
            dataset=str(built_dataset),
            llm_base_url=server.base_url,
            llm_model="fake",
            llm_cache=str(tmp_path / "c.sqlite"),
        )
    assert any(k.endswith("/quality") for k in out) and "judge:fake@" in out["signature"]
    with pytest.raises(ValueError, match="needs llm=llm_config"):
        module.LctgCtg().compute(
            predictions=["x"], references=[built_rows["ad_text/100289/format"]["constraint"]], judge=True
        )


def test_dry_run_needs_an_llm_step(built_dataset, generations, capsys):
    assert main(["score", str(generations), "--dataset", str(built_dataset), "--task", "ad_text", "--dry-run"]) == 2
    assert "--dry-run counts LLM calls" in capsys.readouterr().err


def test_llm_steps_need_an_endpoint(built_dataset, generations, capsys):
    assert main(["score", str(generations), "--dataset", str(built_dataset), "--task", "ad_text", "--judge"]) == 2
    assert "needs a base URL and a model" in capsys.readouterr().err


@pytest.mark.slow
def test_dry_run_plans_the_judge_on_the_texts_the_run_sends(built_dataset, generations, tmp_path, monkeypatch, capsys):
    """A dry run prepares the texts as the run does (reasoning blocks stripped from the given cleaned texts too): after
    a real run, a dry run of the same command needs no judge call; judging the unstripped texts would need one each."""
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    gens = [json.loads(line) for line in generations.read_text(encoding="utf-8").splitlines()][:30]
    path = tmp_path / "g.jsonl"
    path.write_text(
        "".join(
            json.dumps({**g, "cleaned": "<think>考え中</think>" + g["generation"]}, ensure_ascii=False) + "\n"
            for g in gens
        ),
        encoding="utf-8",
    )
    cache = tmp_path / "cache.sqlite"
    with FakeOpenAIServer(answer=lambda body: "適切") as server:
        args = [
            "score",
            str(path),
            "--dataset",
            str(built_dataset),
            "--task",
            "ad_text",
            "--judge",
            "--missing",
            "skip",
        ]
        args += ["--llm-base-url", server.base_url, "--llm-model", "fake", "--llm-cache", str(cache), "--no-progress"]
        assert main(args) == 0
        sent = [body["messages"][-1]["content"] for _, body in server.received]
        assert sent and not any("<think>" in text for text in sent)  # the run judged the stripped texts
        made = server.total
        capsys.readouterr()
        assert main([*args, "--dry-run"]) == 0
        out = capsys.readouterr().out
        assert server.total == made
    assert f"llm judge: {len(gens)} requests, would make 0 calls (" in out, out
