"""Every violation code of GSN §8, each made by one small change to a real hand."""

from __future__ import annotations

import pytest
from conftest import SPEC_EXAMPLES
from replaying import codes, replay

CHANGES = [
    # (base example, text replaced, replacement, the code the replay must report first, at this line and column)
    ("08-3p-bomb-pass", "deal Woo: 2r 5r 5p 6p 9r 11g 12g", "deal Woo: 2r 5r 5p 6p 9r 11g 4g", "unknown-card", 6, 30),
    ("08-3p-bomb-pass", "deal Woo: 2r 5r", "deal Woo: 3p 5r", "extra-card", 9, 11),
    ("08-3p-bomb-pass", "Woo: 6p / 10a", "Woo: 6p", "missing-card", 10, 1),
    ("09-3p-nagari", "21. Hyun: 2r / 7a", "21. Hyun: 2r", "missing-card", 30, 1),
    ("08-3p-bomb-pass", "deal Woo: 2r 5r 5p 6p 9r 11g 12g", "deal Woo: 2r 5r 5p 6p 9r 11g", "deal-size", 6, 1),
    ("08-3p-bomb-pass", "table: 8p 3p 5a 4p 10r 6p", "table: 8p 3p 5a 4p 10r", "deal-size", 9, 1),
    ("08-3p-bomb-pass", "Seo: 12a x12g / 10p", "Seo: 12r x12g / 10p", "not-in-hand", 21, 6),
    ("10-2p-hidden-hand", "Bo: 10p / 6a", "Bo: 10r / 6a", "extra-card", 10, 5),
    ("10-2p-hidden-hand", "Ara: 6p / 2p x2a\nBo: 6r / 7r", "Bo: 6r / 7r\nAra: 6p / 2p x2a", "out-of-turn", 11, 1),
    ("08-3p-bomb-pass", "Seo: 12a x12g / 10p", "Seo: 12a x12r / 10p", "illegal-capture", 21, 11),
    ("08-3p-bomb-pass", "Woo: 6p / 10a", "Woo: 6p x6a / 10a", "illegal-capture", 10, 10),
    ("10-2p-hidden-hand", "Ara: 6p / 12a x12pp", "Ara: 6p / 12a", "ambiguous-capture", 9, 11),
    ("08-3p-bomb-pass", "Seo: bomb 4a 4p 4r / 9p", "Seo: bomb 4a 4p 7p / 9p", "illegal-bomb", 12, 1),
    ("03-ja-ppeok", "B: shake 4r 4p 4p", "B: shake 4r 4p 7a", "illegal-shake", 9, 1),
    ("03-ja-ppeok", "B: shake 4r 4p 4p\nB: 4r / 12a", "B: shake 4r 4p 4p\nB: 10r / 12a", "illegal-shake", 10, 1),
    # a month is shown once; and two 9p shown from a hand not seen while Ara holds the other is a third 9p
    ("03-ja-ppeok", "B: shake 4r 4p 4p\n", "B: shake 4r 4p 4p\nB: shake 4p 4r 4p\n", "illegal-shake", 10, 1),
    ("10-2p-hidden-hand", "Bo: 10p / 6a", "Bo: shake 9r 9p 9p\nBo: 9r / 6a", "extra-card", 10, 17),
    ("01-bomb", "B: 11p / 1p", "B: pass / 1p", "illegal-pass", 9, 1),
    ("01-bomb", "B: 11p / 1p", "B: bonus 11p draw 1p\nB: 11p / 1p", "illegal-bonus", 9, 10),
    ("01-bomb", "B: 9a as animal", "B: 8a as pi", "illegal-declaration", 24, 4),
    ("01-bomb", "B: 9a as animal", "A: 9a as pi", "illegal-declaration", 24, 4),
    ("18-invalid-illegal-call", "", "", "illegal-call", 19, 1),
    ("19-invalid-missing-call", "", "", "missing-call", 28, 1),
    ("22-invalid-after-end", "", "", "after-end", 32, 1),
    ("01-bomb", "[Rules \"standard\"]", "[Rules \"standard\"]\nstock: 1p 5p", "stock-mismatch", 11, 9),
    ("01-bomb", "A: bomb 12g 12r 12pp / 1g", "A: bomb 12g 12r 12pp / 1g\nB: give 4p", "illegal-give", 17, 1),
    ("01-bomb", "A: bomb 12g 12r 12pp / 1g", "A: bomb 12g 12r 12pp / 1g\nA: give 2p", "illegal-give", 17, 1),
    ("09-3p-nagari", "2. Woo: 8g / 12r", "3. Woo: 8g / 12r", "bad-turn-number", 11, 1),
]


def changed(base: str, old: str, new: str) -> str:
    text = (SPEC_EXAMPLES / f"{base}.gsn").read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {base}"
    return text.replace(old, new, 1)


@pytest.mark.parametrize(("base", "old", "new", "code", "line", "column"), CHANGES, ids=[f"{c[3]}-{i}" for i, c in enumerate(CHANGES)])
def test_violation(base: str, old: str, new: str, code: str, line: int, column: int) -> None:
    r = replay(changed(base, old, new))
    first = r.violations[0] if r.violations else None
    assert first is not None and (first.code, first.line, first.column) == (code, line, column), r.violations


def test_the_unchanged_hands_are_valid() -> None:
    for base in sorted({c[0] for c in CHANGES if c[0][:2] not in ("18", "19", "22")}):
        r = replay(changed(base, "", ""))
        assert codes(r) == [], (base, r.violations)


def test_redeal_required_after_four_of_a_month_on_the_table() -> None:
    text = changed("01-bomb", "table: 2a 2p 5a 6r", "table: 2a 2p 2p 2r")
    text = text.replace("deal A: 2p 3p", "deal A: 5a 3p").replace("deal B: 1r 2r", "deal B: 1r 6r")
    r = replay(text)
    assert r.outcome().kind == "redeal"
    assert codes(r).count("redeal-required") == 1
    assert "redeal-required" not in codes(replay(text.split("B: 11p")[0]))


def test_a_message_a_player_understands() -> None:
    r = replay(changed("08-3p-bomb-pass", "Seo: 12a x12g / 10p", "Seo: 12r x12g / 10p"))
    violation = next(v for v in r.violations if v.code == "not-in-hand")
    assert violation.message == "Seo played 12r on line 21, but Seo's hand holds no 12r"
    assert (violation.line, violation.column, violation.player, violation.card) == (21, 6, "Seo", "12r")


def test_the_replay_goes_on_after_a_violation() -> None:
    # Two separate faults, far apart: both are reported, and the hand still reaches its stop.
    text = changed("08-3p-bomb-pass", "Woo: 6p / 10a", "Woo: 6p x6a / 10a").replace("Seo: pass / 11p", "Seo: pass / 11p !chok")
    text = text.replace("Seo: 12a x12g / 10p", "Seo: 12a x12r / 10p")
    r = replay(text)
    assert codes(r) == ["illegal-capture", "illegal-capture"]
    outcome = r.outcome()
    assert outcome.kind == "stop" and outcome.winner == "Seo"
    assert [d.kind for d in r.discrepancies] == ["mark"]


def test_a_flip_after_a_month_card_is_one_too_many_on_its_own_line() -> None:
    # A turn flips again only after a bonus card; the card accounting would notice the extra flip
    # only at the end of the hand, so the turn itself is flagged, at the extra card.
    text = changed("08-3p-bomb-pass", "Woo: 6p / 10a", "Woo: 6p / 10a / 3r")
    line = text.splitlines().index("Woo: 6p / 10a / 3r") + 1
    first = replay(text).violations[0]
    assert (first.code, first.line, first.column, first.card) == ("extra-card", line, 17, "3r")
    assert "flips again only after a bonus card" in first.message
