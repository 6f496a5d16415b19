"""Settlement pieces the replay engine will call too: fixed wins, immediate payments, the gwang
sale (WE-11), and settling up a balance with the fewest transfers."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gostop_arbiter.engine.turn import AT_ONCE
from gostop_arbiter.rules import resolve
from gostop_arbiter.settlement import go_bonus, gwang_sale, immediate, settle_fixed, settle_up
from gostop_arbiter.settlement.fixed import FIXED_WINS

# WE-11: P4 sat out with 01-G, 12-G, 11-D, 06-A, 06-R, 06-P1, 10-P1 (a June triple).
P4_HAND = ["1g", "12g", "11pp", "6a", "6r", "6p", "10p"]
SEATS = ["D", "P2", "P3", "P4"]


@pytest.mark.parametrize(
    ("sets", "expected"),
    [
        pytest.param({}, {"P2": 2, "P3": 2}, id="standard-1-per-bright"),
        pytest.param({"sale_triple_doubles": "true"}, {"P2": 4, "P3": 4}, id="IM-civilian7"),
        pytest.param(
            {"sale_price": "2", "sale_counts": "brights-bonus-doubles", "sale_triple_doubles": "true"},
            {"P2": 12, "P3": 12},
            id="FW",
        ),
        pytest.param({"sale_payers": "all-others"}, {"D": 2, "P2": 2, "P3": 2}, id="calculator-app"),
    ],
)
def test_we11_gwang_sale(sets: dict[str, str], expected: dict[str, int]) -> None:
    payments = gwang_sale("P4", P4_HAND, "D", ["D", "P2", "P3"], resolve("standard", sets))
    assert {p.payer: p.points for p in payments} == expected
    assert all(p.payee == "P4" and p.kind == "sale" and not p.factors for p in payments)


def test_the_rain_bright_alone_may_not_count() -> None:
    profile = resolve("standard", {"sale_rain_alone_counts": "false"})
    assert gwang_sale("P4", ["12g", "3p", "4p"], "D", ["D", "P2", "P3"], profile) == []
    assert len(gwang_sale("P4", ["12g", "3p", "4p"], "D", ["D", "P2", "P3"], resolve("standard", {}))) == 2


def test_a_fixed_win_takes_only_the_carry() -> None:
    payments = settle_fixed("A", ["A", "B", "C"], 3, FIXED_WINS("chongtong", player="A"), carry=2, stake=100)
    assert [(p.payer, p.points, p.amount) for p in payments] == [("B", 6, 600), ("C", 6, 600)]
    assert [f.rule for f in payments[0].factors] == ["nagari-carry"]
    assert payments[0].reason == "chongtong: A holds four of a month (총통)"
    assert (payments[0].reason_code, payments[0].reason_params) == ("chongtong", {"player": "A"})
    no_carry = settle_fixed("A", ["A", "B"], 10, FIXED_WINS("chongtong", player="A"), carry=2, carry_applies=False)
    assert no_carry[0].points == 10


def test_an_immediate_payment_is_never_multiplied() -> None:
    payment = immediate("B", "A", 7, AT_ONCE("first-ppeok"), stake=100)
    assert (payment.kind, payment.points, payment.amount, payment.factors) == ("immediate", 7, 700, [])


@pytest.mark.parametrize(
    ("schedule", "expected"),
    [
        ("kr-standard", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 4), (5, 8)]),
        ("kr-double-only", [(0, 1), (1, 1), (2, 1), (0, 2), (0, 4), (0, 8)]),
        ("wikipedia", [(0, 1), (1, 1), (2, 1), (2, 2), (2, 3), (2, 4)]),
        ("fw-times-n", [(0, 1), (1, 1), (0, 2), (0, 3), (0, 4), (0, 5)]),
        ("gamerules", [(0, 1), (1, 1), (2, 1), (3, 1), (4, 2), (5, 2)]),
        # Pmang's 대박 rooms for three (Namu via RC): the doubling from the first go
        ("double-from-first", [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 32)]),
        # sotjun: "multiply by (Go count + 1)", no points added
        ("times-n-plus-one", [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)]),
    ],
)
def test_go_schedules(schedule: str, expected: list[tuple[int, int]]) -> None:
    profile = resolve("standard", {"go_schedule": schedule})
    assert [go_bonus(n, profile) for n in range(6)] == expected


def test_wikipedia_schedule_without_the_plus_two() -> None:
    profile = resolve("wikipedia", {"go_add_keeps_after_3": "false"})
    assert go_bonus(3, profile) == (0, 2)


def test_settle_up_needs_one_transfer_for_a_pair_that_cancels() -> None:
    # A greedy largest-first match makes 3 transfers here; two zero-sum pairs need only 2.
    balance = {"A": 5, "B": -5, "C": 7, "D": -7}
    transfers = settle_up(balance)
    assert len(transfers) == 2
    assert sorted(transfers) == [("B", "A", 5), ("D", "C", 7)]


def test_settle_up_when_everyone_is_even() -> None:
    assert settle_up({"A": 0, "B": 0}) == []


def _fewest_by_brute_force(values: list[int]) -> int:
    """n − (most disjoint zero-sum groups), by trying every way to split the players."""
    n = len(values)
    best = 0

    def groups(rest: tuple[int, ...], count: int) -> None:
        nonlocal best
        best = max(best, count + (1 if rest and sum(values[i] for i in rest) == 0 else 0))
        for size in range(1, len(rest)):
            for part in itertools.combinations(rest, size):
                if sum(values[i] for i in part) == 0:
                    groups(tuple(i for i in rest if i not in part), count + 1)

    groups(tuple(range(n)), 0)
    return n - best


def _settled_up(values: list[int]) -> list[tuple[str, str, int]]:
    """The settle-up of players P0, P1, … holding ``values`` and one more who evens the sum; checks
    that each transfer moves a positive amount and that together they clear every balance."""
    values.append(-sum(values))
    balance = {f"P{i}": v for i, v in enumerate(values)}
    transfers = settle_up(balance)
    after = dict(balance)
    for payer, payee, amount in transfers:
        assert amount > 0
        after[payer] += amount
        after[payee] -= amount
    assert all(v == 0 for v in after.values())
    return transfers


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-50, 50).filter(bool), min_size=1, max_size=6))
def test_settle_up_clears_every_balance_with_the_fewest_transfers(values: list[int]) -> None:
    transfers = _settled_up(values)
    assert len(transfers) == _fewest_by_brute_force([v for v in values if v])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-50, 50).filter(bool), min_size=13, max_size=60))
def test_settle_up_of_many_players_clears_every_balance_in_fewer_transfers_than_players(values: list[int]) -> None:
    """Beyond twelve players with a balance the transfers are found greedily (R85), exact pairs first."""
    transfers = _settled_up(values)
    assert len(transfers) < sum(1 for v in values if v)


def test_settle_up_of_thousands_of_players_pairs_equal_amounts() -> None:
    balance = {f"W{i}": i + 1 for i in range(5000)} | {f"L{i}": -(i + 1) for i in range(5000)}
    transfers = settle_up(balance)
    assert sorted(transfers)[:2] == [("L0", "W0", 1), ("L1", "W1", 2)]
    assert len(transfers) == 5000


def test_fws_delayed_sale_is_paid_by_the_hands_losers_or_by_nobody_after_a_nagari() -> None:
    """FW: "Compensation ... is paid at the end of the round, by the two losers"; a draw pays none."""
    profile = resolve("standard", {"sale_payers": "losers-at-end"})
    paid = gwang_sale("P4", P4_HAND, "D", ["D", "P2", "P3"], profile, winner="P2")
    assert {p.payer: p.points for p in paid} == {"D": 2, "P3": 2}
    assert gwang_sale("P4", P4_HAND, "D", ["D", "P2", "P3"], profile, winner=None) == []
    usual = gwang_sale("P4", P4_HAND, "D", ["D", "P2", "P3"], resolve("standard", {}), winner="P2")
    assert {p.payer for p in usual} == {"P2", "P3"}
