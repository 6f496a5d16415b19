"""The comparer of tests/verdicts.py finds every kind of disagreement, so that an agreement means something."""

from __future__ import annotations

import pytest
from verdicts import Json, disagreements, net_points, stake_of

HAND: Json = {
    "index": 1,
    "valid": True,
    "outcome": "stop",
    "winner": "A",
    "violations": [],
    "payments": [{"from": "B", "to": "A", "points": 8}, {"from": "B", "to": "A", "points": 4}],
}


def document(*hands: Json, balance: dict[str, int] | None = None) -> Json:
    return {"schema_version": 1, "files": [{"path": "x.gsn", "hands": list(hands), "balance": balance or {}}]}


def test_payments_are_compared_as_net_points_between_pairs() -> None:
    assert net_points(HAND["payments"]) == {"B->A": 12}
    assert net_points([{"from": "A", "to": "B", "points": 3}, {"from": "B", "to": "A", "points": 3}]) == {}
    expected = {"hands": [{"index": 1, "valid": True, "payments": [{"from": "B", "to": "A", "points": 12}]}]}
    assert disagreements(expected, document(HAND)) == []


@pytest.mark.parametrize(
    ("want", "problem"),
    [
        pytest.param({"valid": False}, "hand 1: valid True != False", id="valid"),
        pytest.param({"outcome": "nagari"}, "hand 1: outcome 'stop' != 'nagari'", id="outcome"),
        pytest.param({"winner": "B"}, "hand 1: winner 'A' != 'B'", id="winner"),
        pytest.param(
            {"violations": ["after-end"]}, "hand 1: violation after-end not reported (got [])", id="violation"
        ),
        pytest.param({"payments": []}, "hand 1: payments {'B->A': 12} != {}", id="payments"),
        pytest.param({"index": 2}, "hand 2: missing from the verdict", id="missing-hand"),
    ],
)
def test_each_disagreement_is_named(want: Json, problem: str) -> None:
    assert disagreements({"hands": [{"index": 1, **want}]}, document(HAND)) == [problem]


def test_an_invalid_hands_payments_are_not_compared() -> None:
    invalid = {**HAND, "valid": False, "violations": [{"code": "extra-card"}]}
    assert (
        disagreements({"hands": [{"valid": False, "violations": ["extra-card"], "payments": []}]}, document(invalid))
        == []
    )


def test_balance_points_are_multiplied_by_the_stake() -> None:
    expected = {"hands": [], "balance_points": {"A": 32, "B": -32, "C": 0}}
    assert disagreements(expected, document(balance={"A": 3200, "B": -3200}), stake_of('[Stake "100"]\n')) == []
    assert disagreements(expected, document(balance={"A": 32, "B": -32})) == []
    assert disagreements(expected, document(balance={"A": 32, "B": -32}), 100) == [
        "balance {'A': 32, 'B': -32} != {'A': 3200, 'B': -3200}"
    ]


def test_a_document_without_a_file_disagrees() -> None:
    assert disagreements({"hands": []}, {"schema_version": 1, "files": []}) == ["the document holds no file"]
    assert stake_of('[Seats "A, B"]\n') == 1
