"""The generated references in docs/ match the code, and the tutorial's numbers are the arbiter's."""

from __future__ import annotations

import importlib.util
import json
import re
from types import ModuleType

import pytest
from conftest import ROOT

from gostop_arbiter import judge_text, read_text
from gostop_arbiter.notation import GsnSyntaxError


def _docgen() -> ModuleType:
    """docs/docgen.py, the script that writes the generated references (it is not in the package)."""
    spec = importlib.util.spec_from_file_location("docgen", ROOT / "docs" / "docgen.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATED = _docgen().GENERATED


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_docs_are_current(name: str) -> None:
    committed = (ROOT / "docs" / name).read_text(encoding="utf-8")
    assert committed == GENERATED[name](), f"run: python docs/docgen.py docs/ (docs/{name} is stale)"


def test_the_tutorial_is_true() -> None:
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    hand_text = re.findall(r"```gsn\n(.*?)```", text, re.S)[0]  # step 2: last-night.gsn
    verdict = judge_text(hand_text)
    (hand,) = verdict.hands
    assert hand.scores["Minji"].total == 11
    (payment,) = hand.payments
    assert (payment.points, payment.amount, [f.rule for f in payment.factors]) == (22, 2200, ["go-bak"])
    (claim,) = hand.discrepancies
    assert f"line {claim.line}: the table got it wrong: {claim.message}" in text
    assert f"**{payment.points} points, {payment.amount:,} won**" in text


def test_the_python_api_in_three_lines() -> None:
    verdict = judge_text((ROOT / "samples" / "gostop-3p-tally.gsn").read_text(encoding="utf-8"))
    assert verdict.balance == {"Mina": -400, "Joon": -800, "Sora": 1200}
    assert (
        judge_text('[Seats "A, B"]\npile A: 1g\npile B: 2p\nA: stop\n', rules="gamerules").hands[0].rules == "gamerules"
    )
    with pytest.raises(GsnSyntaxError):
        read_text("A: 3q\n")


def test_the_schema_describes_the_verdict() -> None:
    schema = json.loads((ROOT / "docs" / "verdict.schema.json").read_text(encoding="utf-8"))
    payment = schema["$defs"]["Payment"]["properties"]
    assert {"from", "to", "kind", "points", "amount", "factors"} <= set(payment)
    assert schema["x-schema-version"] == 1
