"""Scoring a capture pile (족보, docs/rules-reference.md §9): pure functions of the cards and the profile.

A pile's score is a list of score lines, each naming the cards that make it. Where a switchable
animal (the sake cup 국진 ``9a``, and ``5a`` in some profiles) counts is a *placement*, given by the
caller: the settlement tries the placements the profile allows and keeps the one each player is
owed (:func:`placements`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet

from .cards import ANIMAL, BONUS_CARDS, BRIGHT, MONTH_CARDS, RIBBON, Kind, card_info, card_order
from .records import frozen
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
_GODORI, _HONGDAN, _CHEONGDAN, _CHODAN = frozenset(GODORI), frozenset(HONGDAN), frozenset(CHEONGDAN), frozenset(CHODAN)
"""The same sets, for the running tally to test its held codes against at once."""


@frozen
class HouseSet:
    """A regional set (지역 족보, docs/rules-reference.md SC-7) that a profile scores when its knob
    gives it points: the score line's rule, the knob, every card it needs (a code twice for both
    junk cards of a month), the switchable animal that must count as junk for it, and whether its
    points count toward the minimum that lets a player call go or stop."""

    rule: str
    knob: str
    cards: tuple[str, ...]
    as_junk: str = ""
    callable: bool = True

    def held_in(self, counts: Mapping[str, int], placement: Placement) -> bool:
        """The pile (its count of each code) holds the set under this placement."""
        if self.as_junk and placement.get(self.as_junk) not in ("pi", "both"):
            return False
        return all(counts.get(code, 0) >= self.cards.count(code) for code in self.cards)


HOUSE_SETS = (
    HouseSet("six-birds", "six_birds_points", ("2a", "4a", "8a", "11g")),
    HouseSet("three-birds", "three_birds_points", ("2a", "4a", "11g")),
    HouseSet("bidori", "bidori_points", ("2a", "4a", "8a", "12a")),
    HouseSet("palssari", "palssari_points", ("4a", "4r", "4p", "4p", "7a", "7r", "7p", "7p"), callable=False),
    HouseSet("teukpi", "teukpi_points", ("9a", "11pp", "12pp"), as_junk="9a", callable=False),
)
"""육도리 and FW's three birds (the phoenix 11g among the birds), 비도리 (godori's birds with the
rain month's swallow 12a, all four: decision R83), 팔싸리 (all of April and July) and 특피 (the three
double junk): FW's list of optional sets and the regional 비도리; the last two not toward the minimum."""

UNCALLABLE = frozenset(house_set.rule for house_set in HOUSE_SETS if not house_set.callable)
"""The score lines that do not count toward the minimum to call (SC-7)."""

Played = tuple[tuple[HouseSet, int], ...]
"""The regional sets a profile plays, each with its points."""


@frozen
class _Known:
    """What the running tally reads of a profile after every turn, found once per profile."""

    switchable: tuple[str, ...]
    """The codes of the switchable animals (``9a`` …)."""
    played: Played
    """The regional sets the profile plays, each with its points."""
    to_call: Played
    """Those of them that count toward the minimum to call."""


_KNOWN: dict[int, tuple[Profile, _Known]] = {}


def _known(profile: Profile) -> _Known:
    """What the tally reads of a profile (a profile is no dictionary key: the cache holds it by
    identity, and the profile itself, so that a new profile at an old address is read afresh)."""
    known = _KNOWN.get(id(profile))
    if known is None or known[0] is not profile:
        if len(_KNOWN) > 64:
            _KNOWN.clear()
        played = tuple((s, points) for s in HOUSE_SETS if (points := getattr(profile.scoring, s.knob)))
        switchable = tuple(sorted(f"{m}a" for m in profile.deck.switchable_animals))
        known = _KNOWN[id(profile)] = (profile, _Known(switchable, played, tuple(p for p in played if p[0].callable)))
    return known[1]


def house_sets(profile: Profile) -> Played:
    """The regional sets the profile plays, each with its points."""
    return _known(profile).played


@frozen
class ScoreLine:
    """One scoring category of a pile: a stable rule code, its points, and the cards that make it."""

    rule: str
    points: int
    cards: tuple[str, ...]


@frozen
class PileScore:
    """The score of one capture pile under one placement, with the facts the baks look at."""

    lines: tuple[ScoreLine, ...]
    placement: Placement
    brights: tuple[str, ...]
    animals: tuple[str, ...]
    junk: tuple[str, ...]
    junk_value: int
    ribbons: tuple[str, ...] = ()
    """The ribbons that count (the rain ribbon only where it counts toward the ribbons)."""

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    @property
    def callable_total(self) -> int:
        """The points that let a player call go or stop: the total without the sets that do not
        count toward the minimum (SC-7)."""
        return sum(line.points for line in self.lines if line.rule not in UNCALLABLE)

    def points_from(self, rule: str) -> int:
        return sum(line.points for line in self.lines if line.rule == rule)


def switchable_in(pile: Collection[str], profile: Profile) -> list[str]:
    """The switchable animals in a pile (``9a``, and ``5a`` where the profile allows it): a list of
    its cards, or the running tally's counts by code."""
    return [code for code in switchable_codes(profile) if code in pile]


def switchable_codes(profile: Profile) -> tuple[str, ...]:
    """The codes of the profile's switchable animals (``9a`` …), found once per profile."""
    return _known(profile).switchable


def declaration_problem(player: str, code: str, pile: Iterable[str], profile: Profile) -> str | None:
    """Why ``PLAYER: CODE as …`` cannot stand (GSN §5), or None: the card must be a switchable
    animal of the profile, in the player's pile."""
    info = card_info(code)
    switchable = (
        profile.game != "minhwatu"
        and info is not None
        and info.kind is Kind.ANIMAL
        and info.month in profile.deck.switchable_animals
    )
    if not switchable:
        return f"{code} cannot change category under these rules"
    if code not in pile:
        return f"{player}'s pile holds no {code}"
    return None


_FIXED: dict[str, tuple[str, Callable[[bool, bool], bool]]] = {
    "at-capture": ("as soon as it is declared", lambda _called, _ended: True),
    "at-first-call": ("at its owner's first call", lambda called, _ended: called),
    "at-stop": ("once the hand is stopped", lambda _called, ended: ended),
}
"""``gukjin_fixed`` → when a declared placement is fixed, in words, and whether it is fixed by
now, given whether its owner has called go or stop and whether the hand has ended."""


def redeclaration_problem(
    player: str, code: str, category: str, earlier: str | None, profile: Profile, *, called: bool, ended: bool
) -> tuple[str, dict[str, str]] | None:
    """Why ``PLAYER: CODE as CATEGORY`` cannot change the player's ``earlier`` declaration of the
    card (DK-3), as (the sentence, its facts with the reason); None when it may. A card declared as double junk
    never goes back to an animal; any other change is refused once the rules have fixed the choice
    (``gukjin_fixed``). Saying the same again changes nothing and is no problem."""
    if earlier is None or earlier == category:
        return None
    facts = {"category": category, "earlier": earlier}
    if earlier == "pi":
        message = f"{player} declared {code} as double junk, and it cannot go back to an animal"
        return message, {**facts, "reason": "junk-for-good"}
    fixed = profile.deck.gukjin_fixed
    when, fixed_by_now = _FIXED[fixed]
    if fixed_by_now(called, ended):
        return f"{player}'s {code} counts as {earlier} for good: the rules fix it {when}", {
            **facts,
            "reason": f"fixed-{fixed}",
        }
    return None


def placements(
    pile: Collection[str], profile: Profile, declared: Mapping[str, str], *, loser: bool = False
) -> Iterator[dict[str, str]]:
    """Every placement of the pile's switchable animals that the profile and the declarations allow.

    A declared card stays where it was declared; an undeclared one is tried both ways under
    ``gukjin_mode=optimal``, kept an animal under ``animal``, and counted both ways under ``both``;
    under ``winner-animal`` it is an animal, but in a ``loser``'s pile tried both ways.
    """
    return _placements_of(switchable_in(pile, profile), profile, declared, loser=loser)


def _placements_of(
    codes: list[str], profile: Profile, declared: Mapping[str, str], *, loser: bool = False
) -> Iterator[dict[str, str]]:
    """The placements of these switchable animals (see :func:`placements`)."""
    mode = profile.deck.gukjin_mode
    if mode == "winner-animal":
        mode = "optimal" if loser else "animal"
    choices: list[list[tuple[str, str]]] = []
    for code in codes:
        if code in declared:
            options = [declared[code]]
        elif mode == "optimal":
            options = ["animal", "pi"]
        else:
            options = [mode]
        choices.append([(code, option) for option in options])
    for combination in itertools.product(*choices):
        yield dict(combination)


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
    cards = sort_cards(pile)
    scoring = profile.scoring
    brights: list[str] = []
    animals: list[str] = []
    ribbons: list[str] = []
    junk: list[str] = []
    junk_value = 0
    for c in cards:  # one pass: this runs after every turn of a replay
        kind = _KINDS.get(c)
        if kind is BRIGHT:
            brights.append(c)
        elif kind is ANIMAL:
            place = placement.get(c)
            if place != "pi":
                animals.append(c)
            if place in ("pi", "both"):
                junk.append(c)
                junk_value += 2
        elif kind is RIBBON:
            if c != RAIN_RIBBON or scoring.rain_ribbon_counts:
                ribbons.append(c)
        elif kind is not None:
            junk.append(c)
            junk_value += _JUNK[c]
    return _lines(cards, profile, placement, tuple(brights), tuple(animals), tuple(ribbons), tuple(junk), junk_value)


def _lines(
    cards: list[str],
    profile: Profile,
    placement: Placement,
    brights: tuple[str, ...],
    animals: tuple[str, ...],
    ribbons: tuple[str, ...],
    junk: tuple[str, ...],
    junk_value: int,
) -> PileScore:
    scoring = profile.scoring
    lines: list[ScoreLine] = []
    joker = bool(scoring.six_brights_points) and any(c in BONUS_CARDS for c in cards)
    bright_points = bright_total(len(brights), RAIN_BRIGHT in brights, profile, joker=joker)
    if bright_points:
        lines.append(ScoreLine("brights", bright_points, brights))
    if len(animals) >= 3 and _GODORI.issubset(animals):
        lines.append(ScoreLine("godori", scoring.godori_points, GODORI))
    if len(animals) >= 5:
        lines.append(ScoreLine("animals", len(animals) - 4, animals))
    lines += _ribbon_lines(cards, ribbons, profile)
    if junk_value >= 10:
        lines.append(ScoreLine("pi", junk_value - 9, junk))
    played = house_sets(profile)
    if played:
        counts = Counter(cards)
        lines += [ScoreLine(s.rule, points, s.cards) for s, points in played if s.held_in(counts, placement)]
    return PileScore(tuple(lines), dict(placement), brights, animals, junk, junk_value, ribbons)


def _ribbon_lines(cards: list[str], ribbons: tuple[str, ...], profile: Profile) -> list[ScoreLine]:
    """The dans and the ribbon count."""
    scoring = profile.scoring
    codes = set(cards)  # the dans asked of a set, not by scanning the pile's list for each card
    lines: list[ScoreLine] = []
    if len(ribbons) >= 3:  # a dan is three ribbons
        for rule, dan, dan_set in (("hongdan", HONGDAN, _HONGDAN), ("cheongdan", CHEONGDAN, _CHEONGDAN)):
            if codes >= dan_set:
                lines.append(ScoreLine(rule, 3, dan))
    chodan = _chodan(codes, profile)
    if chodan:
        lines.append(ScoreLine("chodan", 3, chodan))
    if scoring.ten_ribbons_points and len(ribbons) == 10:
        lines.append(ScoreLine("ribbons", scoring.ten_ribbons_points, ribbons))
    elif len(ribbons) >= 5:
        lines.append(ScoreLine("ribbons", len(ribbons) - 4, ribbons))
    return lines


def bright_total(count: int, rain: bool, profile: Profile, *, joker: bool = False) -> int:
    """What ``count`` brights score (more than five only with a duplicated card: as five); five
    with a bonus card held (``joker``) are six brights where the rules score them (6광)."""
    scoring = profile.scoring
    if count >= 5:
        return scoring.six_brights_points if joker and scoring.six_brights_points else scoring.five_brights
    if count == 4:
        with_rain = scoring.four_brights_with_rain
        return with_rain if rain and with_rain is not None else scoring.four_brights
    if count == 3:
        return scoring.three_brights_with_rain if rain else scoring.three_brights
    return 0


def _chodan(cards: AbstractSet[str], profile: Profile) -> tuple[str, ...]:
    if cards >= _CHODAN:
        return CHODAN
    if profile.scoring.rain_chodan and RAIN_RIBBON in cards:
        held = tuple(c for c in CHODAN if c in cards)
        if len(held) == 2:
            return (*held, RAIN_RIBBON)
    return ()


_NO_PLACEMENT: Placement = {}
_NONE_AS_PI: AbstractSet[str] = frozenset()


class PileCounts:
    """A capture pile's running counts, kept card by card as the pile changes: the replay checks
    whether a player may call go or stop after every turn from these, without rescanning the pile.
    :meth:`total` equals the total of :func:`score_pile` for the same cards (a property test checks it)."""

    __slots__ = ("animals", "brights", "changes", "held", "junk_value", "ribbons")

    def __init__(self, cards: Iterable[str] = ()) -> None:
        self.held: dict[str, int] = {}
        """Card code → copies in the pile (a code leaves when its last copy does)."""
        self.brights = self.animals = self.ribbons = self.junk_value = 0
        self.changes = 0
        """How many cards have come and gone: a total worked out at one count holds until it moves."""
        self.add_all(list(cards))

    def add(self, code: str) -> None:
        self.add_all((code,))

    def add_all(self, codes: Collection[str]) -> None:
        """Cards join the pile: the counting of :meth:`_count` in one loop over a turn's captures,
        without two calls a card (this runs after every turn of a replay)."""
        held = self.held
        self.changes += len(codes)
        for code in codes:
            held[code] = held.get(code, 0) + 1
            kind = _KINDS.get(code)
            if kind is BRIGHT:
                self.brights += 1
            elif kind is ANIMAL:
                self.animals += 1
            elif kind is RIBBON:
                self.ribbons += 1
            elif kind is not None:
                self.junk_value += _JUNK[code]

    def remove(self, code: str) -> None:
        held = self.held
        left = held[code] - 1
        if left:
            held[code] = left
        else:
            del held[code]
        self._count(code, -1)

    def _count(self, code: str, step: int) -> None:  # a card that leaves (a steal); one that comes: add_all
        self.changes += 1
        kind = _KINDS.get(code)
        if kind is BRIGHT:
            self.brights += step
        elif kind is ANIMAL:
            self.animals += step
        elif kind is RIBBON:
            self.ribbons += step
        elif kind is not None:
            self.junk_value += _JUNK[code] * step

    def total(self, profile: Profile, placement: Placement) -> int:
        """The pile's total toward the minimum to call, under a placement of its switchable animals."""
        return self._total(profile, placement, _known(profile).to_call)

    def _total(self, profile: Profile, placement: Placement, to_call: Played) -> int:
        scoring = profile.scoring
        held = self.held
        # each category asked only when its count can score: most piles checked hold little (B28)
        if placement:
            animals, junk_value, as_pi = self._placed(placement)
        else:
            animals, junk_value, as_pi = self.animals, self.junk_value, _NONE_AS_PI
        total = 0
        if self.brights >= 3:
            joker = bool(scoring.six_brights_points) and any(code in BONUS_CARDS for code in held)
            total += bright_total(self.brights, RAIN_BRIGHT in held, profile, joker=joker)
        codes = held.keys()
        if animals >= 3 and codes >= _GODORI and as_pi.isdisjoint(_GODORI):
            total += scoring.godori_points
        if animals >= 5:
            total += animals - 4
        if self.ribbons >= 3:  # fewer make no dan and no count
            total += self._ribbon_points(profile)
        if junk_value >= 10:
            total += junk_value - 9
        if to_call:  # a regional set that counts toward the minimum, where the profile plays one
            total += self._house_points(to_call, placement)
        return total

    def _placed(self, placement: Placement) -> tuple[int, int, AbstractSet[str]]:
        """The animals and the junk value once the switchable animals are placed, and those placed
        as junk (they no longer make godori)."""
        animals, junk_value = self.animals, self.junk_value
        as_pi: set[str] = set()
        for code, place in placement.items():
            copies = self.held.get(code, 0)
            if copies and _KINDS.get(code) is ANIMAL:
                if place == "pi":
                    animals -= copies
                    as_pi.add(code)
                if place in ("pi", "both"):
                    junk_value += 2 * copies
        return animals, junk_value, as_pi

    def _ribbon_points(self, profile: Profile) -> int:
        """The dans and the ribbons' count (the rain ribbon counted where the rules count it)."""
        scoring, held = profile.scoring, self.held
        codes = held.keys()
        points = 0
        if self.ribbons >= 3:  # a dan is three ribbon cards, the rain ribbon too where it makes a chodan
            points += 3 * ((codes >= _HONGDAN) + (codes >= _CHEONGDAN))
            if codes >= _CHODAN or (scoring.rain_chodan and _chodan(codes, profile)):
                points += 3
        ribbons = self.ribbons if scoring.rain_ribbon_counts else self.ribbons - held.get(RAIN_RIBBON, 0)
        if scoring.ten_ribbons_points and ribbons == 10:
            return points + scoring.ten_ribbons_points
        if ribbons >= 5:
            points += ribbons - 4
        return points

    def _house_points(self, played: Played, placement: Placement) -> int:
        return sum(points for house_set, points in played if house_set.held_in(self.held, placement))

    def best(self, profile: Profile, declared: Mapping[str, str]) -> int:
        """The highest total any allowed placement gives (as :func:`best_total`)."""
        known = _known(profile)
        few = self.brights < 3 and self.animals < 3 and self.ribbons < 3 and not known.to_call
        if few and self.junk_value + 2 * self.animals < 10:
            return 0  # as below, without counting the switchable animals, which are animals too: early turns
        held = self.held
        switchable = [code for code in known.switchable if code in held]
        if few and self.junk_value + 2 * sum(held[code] for code in switchable) < 10:
            return 0  # no category can score, wherever a switchable animal counts: most turns of a hand
        if not switchable:
            return self._total(profile, _NO_PLACEMENT, known.to_call)
        return max(self._total(profile, p, known.to_call) for p in _placements_of(switchable, profile, declared))


def best_total(pile: Iterable[str], profile: Profile, declared: Mapping[str, str]) -> int:
    """The highest total any allowed placement gives (what a player may call go or stop with)."""
    return PileCounts(pile).best(profile, declared)


def best_score(pile: Iterable[str], profile: Profile, declared: Mapping[str, str]) -> PileScore:
    """The highest score any allowed placement gives (what a player may call go or stop with)."""
    cards = list(pile)
    return max(
        (score_pile(cards, profile, p) for p in placements(cards, profile, declared)),
        key=lambda s: s.total,
    )


_ALL_CARDS = {**MONTH_CARDS, **BONUS_CARDS}
_KINDS = {code: card.kind for code, card in _ALL_CARDS.items()}
_JUNK = {code: card.junk_value for code, card in _ALL_CARDS.items()}


_RANK = {code: rank for rank, code in enumerate(sorted(_ALL_CARDS, key=card_order))}
"""Each card's place in that order, as one number: a pile is sorted after every hand, and numbers
compare faster than the tuples."""


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards in month order, then bright, animal, ribbon, junk (a stable order for reports)."""
    cards = list(cards)
    try:
        return sorted(cards, key=_RANK.__getitem__)
    except KeyError:  # a code no deck holds: the order worked out for every card
        return sorted(cards, key=card_order)
