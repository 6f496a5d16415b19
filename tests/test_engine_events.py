"""Every event of a turn, found by the replay in hands played by an independent engine (spec
examples 01–05) and in the samples."""

from __future__ import annotations

import pytest
from conftest import SAMPLES, SPEC_EXAMPLES
from replaying import codes, kinds_on, replay, replay_file

EVENTS = [
    # (file, line, events the replay must find on that line)
    ("01-bomb.gsn", 16, ["bomb", "flip", "lay", "capture", "steal"]),  # bomb 12g 12r 12pp onto 12a
    ("01-bomb.gsn", 25, ["pass", "flip", "capture"]),  # a bomb's dummy turn
    ("02-go-bak.gsn", 13, ["play", "lay", "flip", "chok", "capture"]),  # 11p laid, 11g flipped
    ("02-go-bak.gsn", 28, ["go"]),
    ("03-ja-ppeok.gsn", 9, ["shake"]),
    ("03-ja-ppeok.gsn", 19, ["play", "flip", "ppeok"]),  # 6r onto 6p, 6a flipped: stuck
    ("03-ja-ppeok.gsn", 27, ["play", "flip", "ja-ppeok", "capture"]),  # A takes its own ppeok back
    ("03-ja-ppeok.gsn", 30, ["play", "flip", "capture", "sweep"]),
    ("04-nagari.gsn", 21, ["play", "flip", "stack", "capture"]),  # A takes B's ppeok
    ("04-nagari.gsn", 31, ["play", "flip", "capture", "sweep", "nagari"]),
    ("05-sweep.gsn", 28, ["play", "flip", "capture", "sweep"]),
    ("05-sweep.gsn", 31, ["play", "lay", "flip", "chok", "capture"]),  # own last card: no steal
    ("09-3p-nagari.gsn", 30, ["play", "flip", "capture", "sweep", "nagari"]),
]


@pytest.mark.parametrize(("name", "line", "kinds"), EVENTS, ids=[f"{n}:{line}" for n, line, _ in EVENTS])
def test_event(name: str, line: int, kinds: list[str]) -> None:
    r = replay_file(SPEC_EXAMPLES / name)
    found = kinds_on(r, line)
    assert sorted(set(kinds)) == sorted(set(found) & set(kinds)), found
    assert codes(r) == []


def steals_on(r, line: int) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    return [(e.other or "", e.player or "", e.cards[0]) for e in r.events if e.line == line and e.kind == "steal"]


def test_ja_ppeok_takes_junk_worth_two() -> None:
    r = replay_file(SPEC_EXAMPLES / "03-ja-ppeok.gsn")
    stolen = steals_on(r, 27)
    assert [(giver, taker) for giver, taker, _card in stolen] == [("B", "A")] * len(stolen)
    assert sum(2 if card.endswith("pp") else 1 for _g, _t, card in stolen) >= 2


def test_a_bomb_takes_one_junk_from_each_opponent() -> None:
    r = replay_file(SPEC_EXAMPLES / "08-3p-bomb-pass.gsn")
    assert sorted(giver for giver, _taker, _card in steals_on(r, 12)) == ["Hyun", "Woo"]
    view = r.view()
    assert view.bombs["Seo"] == 1 and view.dummies["Seo"] == 0  # both dummies were played


def test_no_steal_on_the_own_last_card() -> None:
    r = replay_file(SPEC_EXAMPLES / "05-sweep.gsn")
    assert steals_on(r, 31) == []  # chok with A's last card
    r = replay_file(SPEC_EXAMPLES / "09-3p-nagari.gsn")
    assert steals_on(r, 30) == []  # sweep with Hyun's last card


def test_a_natural_triple_is_taken_with_a_junk_from_each() -> None:
    r = replay_file(SAMPLES / "matgo-nagari-then-carry.gsn", 2)
    assert "stack" in kinds_on(r, 54)
    assert [giver for giver, _t, _c in steals_on(r, 54)] == ["Jae"]


def test_an_undeclared_sake_cup_is_never_given() -> None:
    text = (SPEC_EXAMPLES / "03-ja-ppeok.gsn").read_text(encoding="utf-8")
    r = replay(text)
    assert all(card != "9a" for _g, _t, card in steals_on(r, 27))


def test_every_card_of_a_played_out_hand_is_accounted_for() -> None:
    r = replay_file(SPEC_EXAMPLES / "09-3p-nagari.gsn")
    view = r.view()
    assert view.stock == 0
    assert codes(r) == []  # no missing-card: every card of the deck showed up
    assert sum(len(p) for p in view.piles.values()) + sum(len(s.cards) for s in view.table) == 48
