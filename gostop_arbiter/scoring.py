"""Scoring a capture pile (족보, RULES.md §9): pure functions of the cards and the profile.

A pile's score is a list of score lines, each naming the cards that make it. Where a switchable
animal (the sake cup 국진 ``9a``, and ``5a`` in some profiles) counts is a *placement*, given by the
caller: the settlement tries the placements the profile allows and keeps the one each player is
owed (:func:`placements`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from .cards import Kind, card_info
from .rules import Profile

Placement = Mapping[str, str]
"""Switchable animal code → ``animal``, ``pi`` or ``both`` (counts as both, a house rule)."""

GODORI = ("2a", "4a", "8a")
"""고도리: the three birds."""
HONGDAN = ("1r", "2r", "3r")
"""홍단: the red poem ribbons."""
CHEONGDAN = ("6r", "9r", "10r")
"""청단: the blue ribbons."""
CHODAN = ("4r", "5r", "7r")
"""초단: the plain red ribbons."""
RAIN_BRIGHT = "12g"
RAIN_RIBBON = "12r"


@dataclass(frozen=True)
class ScoreLine:
    """One scoring category of a pile: a stable rule code, its points, and the cards that make it."""

    rule: str
    points: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PileScore:
    """The score of one capture pile under one placement, with the facts the baks look at."""

    lines: tuple[ScoreLine, ...]
    placement: Placement
    brights: tuple[str, ...]
    animals: tuple[str, ...]
    junk: tuple[str, ...]
    junk_value: int

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def points_from(self, rule: str) -> int:
        return sum(line.points for line in self.lines if line.rule == rule)


def switchable_in(pile: Iterable[str], profile: Profile) -> list[str]:
    """The switchable animals in a pile (``9a``, and ``5a`` where the profile allows it)."""
    months = set(profile.deck.switchable_animals)
    return sorted({code for code in pile if code.endswith("a") and int(code[:-1]) in months})


def placements(pile: Iterable[str], profile: Profile, declared: Mapping[str, str]) -> Iterator[dict[str, str]]:
    """Every placement of the pile's switchable animals that the profile and the declarations allow.

    A declared card stays where it was declared; an undeclared one is tried both ways under
    ``gukjin_mode=optimal``, kept an animal under ``animal``, and counted both ways under ``both``.
    """
    choices: list[list[tuple[str, str]]] = []
    for code in switchable_in(pile, profile):
        if code in declared:
            options = [declared[code]]
        elif profile.deck.gukjin_mode == "optimal":
            options = ["animal", "pi"]
        else:
            options = [profile.deck.gukjin_mode]
        choices.append([(code, option) for option in options])
    for combination in itertools.product(*choices):
        yield dict(combination)


def _kind(code: str, placement: Placement) -> Kind | None:
    info = card_info(code)
    return info.kind if info else None


def junk_value_of(code: str, placement: Placement) -> int:
    """How much junk a card is worth: 1, 2 for doubles and a switchable animal placed as junk, 2 or
    3 for bonus cards, 0 otherwise."""
    if placement.get(code) in ("pi", "both"):
        return 2
    info = card_info(code)
    return info.junk_value if info else 0


def score_pile(pile: Iterable[str], profile: Profile, placement: Placement | None = None) -> PileScore:
    """The score lines of a capture pile (brights, animals, godori, ribbons, dans, junk)."""
    placement = placement or {}
    cards = sorted(pile, key=_card_order)
    scoring = profile.scoring
    brights = tuple(c for c in cards if _kind(c, placement) is Kind.BRIGHT)
    animals = tuple(c for c in cards if _kind(c, placement) is Kind.ANIMAL and placement.get(c) != "pi")
    ribbons = tuple(
        c for c in cards if _kind(c, placement) is Kind.RIBBON and (c != RAIN_RIBBON or scoring.rain_ribbon_counts)
    )
    junk = tuple(c for c in cards if junk_value_of(c, placement) > 0)
    junk_value = sum(junk_value_of(c, placement) for c in junk)

    lines: list[ScoreLine] = []
    bright_points = _bright_points(brights, profile)
    if bright_points:
        lines.append(ScoreLine("brights", bright_points, brights))
    if all(c in animals for c in GODORI):
        lines.append(ScoreLine("godori", scoring.godori_points, GODORI))
    if len(animals) >= 5:
        lines.append(ScoreLine("animals", len(animals) - 4, animals))
    for rule, dan in (("hongdan", HONGDAN), ("cheongdan", CHEONGDAN)):
        if all(c in cards for c in dan):
            lines.append(ScoreLine(rule, 3, dan))
    chodan = _chodan(cards, profile)
    if chodan:
        lines.append(ScoreLine("chodan", 3, chodan))
    if scoring.ten_ribbons_points and len(ribbons) == 10:
        lines.append(ScoreLine("ribbons", scoring.ten_ribbons_points, ribbons))
    elif len(ribbons) >= 5:
        lines.append(ScoreLine("ribbons", len(ribbons) - 4, ribbons))
    if junk_value >= 10:
        lines.append(ScoreLine("pi", junk_value - 9, junk))
    return PileScore(tuple(lines), dict(placement), brights, animals, junk, junk_value)


def _bright_points(brights: tuple[str, ...], profile: Profile) -> int:
    scoring = profile.scoring
    count = len(brights)
    if count == 5:
        return scoring.five_brights
    if count == 4:
        return scoring.four_brights
    if count == 3:
        return scoring.three_brights_with_rain if RAIN_BRIGHT in brights else scoring.three_brights
    return 0


def _chodan(cards: list[str], profile: Profile) -> tuple[str, ...]:
    if all(c in cards for c in CHODAN):
        return CHODAN
    if profile.scoring.rain_chodan and RAIN_RIBBON in cards:
        held = tuple(c for c in CHODAN if c in cards)
        if len(held) == 2:
            return (*held, RAIN_RIBBON)
    return ()


def best_score(pile: Iterable[str], profile: Profile, declared: Mapping[str, str]) -> PileScore:
    """The highest score any allowed placement gives (what a player may call go or stop with)."""
    cards = list(pile)
    return max(
        (score_pile(cards, profile, p) for p in placements(cards, profile, declared)),
        key=lambda s: s.total,
    )


_KIND_ORDER = {Kind.BRIGHT: 0, Kind.ANIMAL: 1, Kind.RIBBON: 2, Kind.JUNK: 3, Kind.DOUBLE: 4, Kind.BONUS: 5}


def _card_order(code: str) -> tuple[int, int, str]:
    info = card_info(code)
    if info is None:
        return (99, 99, code)
    return (info.month or 13, _KIND_ORDER[info.kind], code)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in month order, then bright, animal, ribbon, junk (a stable order for reports)."""
    return sorted(cards, key=_card_order)
