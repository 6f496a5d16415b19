"""The stop payment (docs/rules-reference.md §10–§12): from the standings at a stop to each loser's amount,
every factor with its reason (gos, shakes, bombs, baks, carry, 독박)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import field
from math import prod

from ..cards import BONUS_CARDS
from ..messages import Message, sayings
from ..records import frozen
from ..rules import Profile
from ..rules.knobs import GoRules
from ..scoring import PileScore, placements, score_pile
from ..verdict import Factor, Payment, PlayerScore, ScoreItem, factor, payment
from .baks import Found, bak_points, gwang_bak, meong_tta, pi_bak, tti_bak

_DEEDS = {
    "go": "called go",
    "shake": "shook",
    "bomb": "bombed",
    "joker": "holds a bonus card that doubles, counted",
    "kept-chongtong": "played on a chongtong",
    "kept-triple": "played on a November or December triple",
    "first-four": "captured all four of a month on the first turn",
}
"""What a winner did that multiplies every loser's payment, by the factor's rule."""

_TIMES = {"once": "once", "twice": "twice", "": "{count} times"}
"""How many times, in words: each factor of a deed has a sentence for one, two and more."""

FACTORS = sayings(
    "factor",
    {
        **{
            f"{rule}-{times}" if times else rule: f"{{player}} {deed} {count}"
            for rule, deed in _DEEDS.items()
            for times, count in _TIMES.items()
        },
        "reverse-go": "{player} called go after an opponent had (역고)",
        "nagari-carry": "carried from nagari before this hand (×{carry})",
        "go-bak": "{loser} had called go and lost",
        "dokbak": "{player} pays both shares double",
    },
)
"""Why each factor of a stop payment applies, by the facts that make it (decision P70)."""

REASONS = sayings(
    "payment",
    {
        "capped": "capped at {cap} points (the rules' limit for one payment)",
        "dokbak-exempt": "{player} had called go but holds a bonus card, so {player} pays only their own share "
        "(no 독박 or go-bak: a joker's power)",
        "dokbak-exempt-capped": "{player} had called go but holds a bonus card, so {player} pays only their own "
        "share (no 독박 or go-bak: a joker's power); capped at {cap} points (the rules' limit for one payment)",
        "dokbak": "독박: {player} had called go, so {player} also pays {other}'s share",
        "dokbak-capped": "독박: {player} had called go, so {player} also pays {other}'s share; capped at {cap} points "
        "(the rules' limit for one payment)",
        "shodang": "쇼당: {player} refused the shodang, so {player} also pays {other}'s share",
        "shodang-capped": "쇼당: {player} refused the shodang, so {player} also pays {other}'s share; capped at {cap} "
        "points (the rules' limit for one payment)",
    },
)
"""Why a stop payment is what it is where no factor says it (decision P70)."""


@frozen
class Standing:
    """A player's position at the end of a hand, as far as settlement cares."""

    player: str
    pile: tuple[str, ...] = ()
    gos: int = 0
    go_order: tuple[int, ...] = ()
    """When each go was called, as positions in the hand's sequence of calls (for 독박)."""
    shakes: int = 0
    bombs: int = 0
    declared: Mapping[str, str] = field(default_factory=dict)
    """Switchable animals whose placement was declared (``9a as pi``)."""
    shodang: str = ""
    """The player's part in the hand's answered shodang (쇼당): offered, accept, refuse, or none."""
    kept_chongtong: bool = False
    """The player was dealt four of a month and played on without declaring it (들고치기)."""
    kept_triple: bool = False
    """The player was dealt three of November or of December and played on with them (PC-4)."""
    first_turn_four: bool = False
    """The player captured all four cards of a month on their own first turn (EV-12)."""


def standings(
    players: Sequence[str],
    piles: Mapping[str, Sequence[str]],
    gos: Mapping[str, int],
    go_order: Mapping[str, Sequence[int]],
    shakes: Mapping[str, int],
    bombs: Mapping[str, int],
    declared: Mapping[str, Mapping[str, str]],
    shodang: Mapping[str, str] | None = None,
    kept_chongtong: Collection[str] = (),
    kept_triple: Collection[str] = (),
    first_turn_four: Collection[str] = (),
) -> dict[str, Standing]:
    """Each player's standing, from the tallies a replay or a tally hand keeps."""
    return {
        p: Standing(
            player=p,
            pile=tuple(piles[p]),
            gos=gos.get(p, 0),
            go_order=tuple(go_order.get(p, ())),
            shakes=shakes.get(p, 0),
            bombs=bombs.get(p, 0),
            declared=declared.get(p, {}),
            shodang=(shodang or {}).get(p, ""),
            kept_chongtong=p in kept_chongtong,
            kept_triple=p in kept_triple,
            first_turn_four=p in first_turn_four,
        )
        for p in players
    }


@frozen
class Settlement:
    """A hand's scores and who pays whom."""

    scores: dict[str, PlayerScore]
    payments: list[Payment]


def _deed(rule: str, count: int) -> str:
    """The sentence of a deed done ``count`` times: ``go-once``, ``go-twice``, ``go``."""
    return {1: f"{rule}-once", 2: f"{rule}-twice"}.get(count, rule)


# ---- go -------------------------------------------------------------------------------------


def _wikipedia(gos: int, rules: GoRules) -> tuple[int, int]:
    """+1, +2, then (B + 2) × (n − 1), or B × (n − 1) without the +2."""
    return (gos, 1) if gos <= 2 else (2 if rules.go_add_keeps_after_3 else 0, gos - 1)


_GO_SCHEDULES: dict[str, Callable[[int, GoRules], tuple[int, int]]] = {
    "kr-standard": lambda gos, _rules: (gos, 2 ** max(0, gos - 2)),
    "kr-double-only": lambda gos, _rules: (gos, 1) if gos <= 2 else (0, 2 ** (gos - 2)),
    "wikipedia": _wikipedia,
    "fw-times-n": lambda gos, _rules: (1, 1) if gos == 1 else (0, gos),
    "gamerules": lambda gos, _rules: (gos, 2 if gos >= 4 else 1),
    "double-from-first": lambda gos, _rules: (gos, 2**gos),
    "times-n-plus-one": lambda gos, _rules: (0, gos + 1),
}
"""``go_schedule`` → (points added, multiplier) for a winner's n ≥ 1 gos (GS-4)."""


def go_bonus(gos: int, profile: Profile) -> tuple[int, int]:
    """고 bonus of a winner who called go ``gos`` times: (points added, multiplier) (GS-4)."""
    if gos == 0:
        return 0, 1
    return _GO_SCHEDULES[profile.go.go_schedule](gos, profile.go)


# ---- one loser's amount ---------------------------------------------------------------------


@frozen
class _Context:
    """What every loser's payment looks at: the winner, the table, the rules and the nagari carry."""

    winner: Standing
    players: int
    profile: Profile
    carry: int
    reverse_go: bool = False
    """역고: the winner's first go came after an opponent's go."""


def _winner_factors(ctx: _Context, gos_multiplier: int) -> list[Factor]:
    """The factors every loser pays alike: go, shakes, bombs, the winner's bonus cards (a joker's
    power), 역고, the nagari carry."""
    w, profile = ctx.winner, ctx.profile
    events = profile.events
    jokers = sum(1 for code in w.pile if code in BONUS_CARDS) if profile.deck.bonus_doubles else 0
    counted = (
        ("go", gos_multiplier, w.gos),
        ("shake", events.shake_multiplier**w.shakes, w.shakes),
        ("bomb", events.bomb_multiplier**w.bombs, w.bombs),
        ("joker", 2**jokers, jokers),
        ("kept-chongtong", profile.deal.chongtong_kept_multiplier, int(w.kept_chongtong)),
        ("kept-triple", profile.deal.kept_triple_multiplier, int(w.kept_triple)),
        ("first-four", events.first_turn_four_multiplier, int(w.first_turn_four)),
    )
    factors = [
        factor(rule, times, FACTORS(_deed(rule, count), player=w.player, count=count))
        for rule, times, count in counted
        if count and times > 1
    ]
    if ctx.reverse_go and profile.go.reverse_go_multiplier > 1:
        factors.append(factor("reverse-go", profile.go.reverse_go_multiplier, FACTORS("reverse-go", player=w.player)))
    if ctx.carry > 1:
        factors.append(carry_factor(ctx.carry))
    return factors


def in_hand_factors(winner: Standing, profile: Profile) -> list[Factor]:
    """The winner's own multipliers of the hand (go, shakes, bombs, bonus cards), without the carry:
    what a fixed-score win takes where ``fixed_win_multipliers`` says so (PA-8)."""
    _add, multiplier = go_bonus(winner.gos, profile)
    return _winner_factors(_Context(winner, 0, profile, 1), multiplier)


def _reverse_go(winner: Standing, losers: Sequence[Standing]) -> bool:
    """역고 (GS-9): the winner's first go came after a loser's go."""
    if not winner.go_order:
        return False
    first = min(winner.go_order)
    return any(order < first for loser in losers for order in loser.go_order)


def winner_points(winner: Standing, profile: Profile) -> list[ScoreItem]:
    """The points a winner adds to the pile's score: the go bonus (GS-4) and the bomb points (EV-8)."""
    add, _multiplier = go_bonus(winner.gos, profile)
    bombs = profile.events.bomb_points * winner.bombs
    return [ScoreItem(rule=rule, points=points, cards=[]) for rule, points in (("go", add), ("bomb", bombs)) if points]


def nagari_carry(carry_in: int, profile: Profile, void: Sequence[Standing] = ()) -> int:
    """The carry after a void hand (나가리, GS-8): multiplied by the nagari factor, compounding, up to
    the profile's cap; where the rules carry the void hand's deeds, by each player's shakes, bombs
    and go multiplier in it too (``void``: the void hand's standings)."""
    settlement, events = profile.settlement, profile.events
    carried = carry_in * settlement.nagari_factor
    if settlement.nagari_carries_deeds:
        for standing in void:
            deeds = events.shake_multiplier**standing.shakes * events.bomb_multiplier**standing.bombs
            carried *= deeds * go_bonus(standing.gos, profile)[1]
    cap = settlement.nagari_cap
    return min(carried, cap) if cap is not None else carried


def carry_factor(carry: int) -> Factor:
    """The nagari carry (GS-8) as a factor of a payment."""
    return factor("nagari-carry", carry, FACTORS("nagari-carry", carry=carry))


def _joker_answers_for_go(loser: Standing, profile: Profile) -> bool:
    """A loser who had called go holds a bonus card that frees them from the go-caller's liability
    (독박 and go-bak), where the rules give a joker that power (DK-6, decision R84)."""
    return loser.gos > 0 and profile.deck.bonus_exempts_dokbak and _holds_bonus(loser)


def _holds_bonus(loser: Standing) -> bool:
    """The loser's pile holds a bonus card (a joker), whose powers the rules may give (DK-6)."""
    return any(code in BONUS_CARDS for code in loser.pile)


def _go_bak(players: int, profile: Profile) -> bool:
    """A go-calling loser pays their own share double: go-bak with two, 독박 as a double with three."""
    return profile.baks.go_bak_2p if players == 2 else profile.baks.dokbak == "double"


def _loser_factors(ctx: _Context, won: PileScore, loser: Standing, lost: PileScore) -> list[Found]:
    """The factors of one loser: the baks (meong-tta, pi-bak, gwang-bak, tti-bak; none for a loser
    a bonus card exempts, where the rules say so), then go-bak (none for a go-caller a bonus card
    frees, where the rules say so)."""
    w, profile = ctx.winner.player, ctx.profile
    found: list[Found | None] = []
    if not (profile.deck.bonus_exempts_baks and _holds_bonus(loser)):
        found += [
            meong_tta(w, won, loser.player, lost, profile),
            pi_bak(w, won, loser.player, lost, profile, ctx.players),
            gwang_bak(w, won, loser.player, lost, profile),
            tti_bak(w, won, loser.player, lost, profile),
        ]
    if loser.gos > 0 and _go_bak(ctx.players, profile) and not _joker_answers_for_go(loser, profile):
        found.append(Found("go-bak", 2, FACTORS("go-bak", loser=loser.player)))
    return [f for f in found if f is not None]


@frozen
class _Owed:
    """What one loser owes the winner, with the factors that make it."""

    loser: str
    score: PileScore
    points: int
    shared: list[Factor]
    """The factors every loser pays alike (go, shakes, bombs, carry)."""
    own: list[Found]
    """This loser's own factors (meong-tta, pi-bak, gwang-bak, go-bak), written out only for the
    placement the winner keeps (decision B30)."""
    base: int
    """The points before this loser's own factors (what a 독박 transfer without baks moves)."""

    @property
    def factors(self) -> list[Factor]:
        return self.shared + [found.written() for found in self.own]


def _go_multiplier(ctx: _Context) -> int:
    """The winner's go multiplier (GS-4); none where 역고's factor stands instead of it (GS-9)."""
    _add, multiplier = go_bonus(ctx.winner.gos, ctx.profile)
    go = ctx.profile.go
    if ctx.reverse_go and go.reverse_go_instead and go.reverse_go_multiplier > 1:
        return 1
    return multiplier


@frozen
class _Shared:
    """What every loser pays alike, whichever placement the winner's score is under: the winner's
    factors and the points the winner adds to the pile's score (worked out once a hand, B30)."""

    factors: list[Factor]
    added: list[ScoreItem]

    @property
    def multiplier(self) -> int:
        return prod(f.factor for f in self.factors)

    @property
    def points(self) -> int:
        return sum(item.points for item in self.added)


def _shared(ctx: _Context) -> _Shared:
    return _Shared(_winner_factors(ctx, _go_multiplier(ctx)), winner_points(ctx.winner, ctx.profile))


def _owed(ctx: _Context, shared: _Shared, won: PileScore, loser: Standing, scored: Sequence[PileScore]) -> _Owed:
    """What one loser owes, with the loser's placement of a switchable animal chosen in the loser's
    favour; ``scored`` is the loser's pile scored under each placement allowed."""
    base = (won.total + shared.points) * shared.multiplier
    best: _Owed | None = None
    for lost in scored:
        own = _loser_factors(ctx, won, loser, lost)
        points = base * prod(f.times for f in own)
        if ctx.profile.baks.gwang_bak_points:
            points += bak_points(own)
        if ctx.profile.settlement.empty_pile_exemption and not loser.pile:
            points = 0
        if best is None or points < best.points:
            best = _Owed(loser.player, lost, points, shared.factors, own, base)
    assert best is not None
    return best


def _capped(points: int, profile: Profile) -> tuple[int, int | None]:
    """The points up to the rules' limit for one payment, and that limit where it was reached."""
    cap = profile.settlement.payment_cap
    if cap is not None and points > cap:
        return cap, cap
    return points, None


def _score_items(score: PileScore) -> list[ScoreItem]:
    return [ScoreItem(rule=line.rule, points=line.points, cards=list(line.cards)) for line in score.lines]


def settle_stop(
    winner: str,
    standings: Mapping[str, Standing],
    players: Sequence[str],
    profile: Profile,
    *,
    carry: int = 1,
    stake: int = 1,
) -> Settlement:
    """Payments of a hand won by a stop (PA-1): each loser's amount with its own factors, then 독박."""
    losers = [standings[p] for p in players if p != winner]
    ctx = _Context(standings[winner], len(players), profile, carry, _reverse_go(standings[winner], losers))
    # A loser's pile scores the same whichever way the winner's cards are placed: scored once.
    scored = {
        loser.player: [
            score_pile(loser.pile, profile, p) for p in placements(loser.pile, profile, loser.declared, loser=True)
        ]
        for loser in losers
    }
    shared = _shared(ctx)
    chosen: tuple[tuple[int, int, int], PileScore, list[_Owed]] | None = None
    for placement in placements(ctx.winner.pile, profile, ctx.winner.declared):
        won = score_pile(ctx.winner.pile, profile, placement)
        owed = [_owed(ctx, shared, won, loser, scored[loser.player]) for loser in losers]
        key = _winner_preference(won, owed)
        if chosen is None or key > chosen[0]:
            chosen = (key, won, owed)
    assert chosen is not None
    _key, won, owed = chosen

    scores = {winner: PlayerScore(total=won.total + shared.points, items=_score_items(won) + shared.added)}
    for o in owed:
        scores[o.loser] = PlayerScore(total=o.score.total, items=_score_items(o.score))
    return Settlement(scores, _payments(ctx, owed, losers, stake))


def _winner_preference(won: PileScore, owed: Sequence[_Owed]) -> tuple[int, int, int]:
    """How the winner's placements of a sake cup rank (docs/rules-reference.md, decision R5): the most the
    losers pay in total; on a tie, the higher score (the one the winner announces); then the most
    cards counted as printed (an animal). A placement that ties on all three with an earlier one is
    not taken, so the order of :func:`placements` (animal first) settles the rest."""
    printed = sum(1 for place in won.placement.values() if place == "animal")
    return sum(o.points for o in owed), won.total, printed


def _liable(losers: Sequence[Standing], profile: Profile) -> Standing | None:
    """독박: the loser who pays for both, when one had called go (PA-7); a go-caller a bonus card frees
    is not among them, so the other's go, if any, still answers (R84)."""
    went = [loser for loser in losers if loser.gos and not _joker_answers_for_go(loser, profile)]
    if not went or profile.baks.dokbak != "transfer" or len(losers) < 2:
        return None
    if len(went) == 1:
        return went[0]
    if profile.baks.dokbak_when_both_went == "last-caller":
        return max(went, key=lambda s: max(s.go_order, default=-1))
    return min(went, key=lambda s: min(s.go_order, default=1 << 30))


def _shodang_liable(winner: Standing, losers: Sequence[Standing], profile: Profile) -> Standing | None:
    """쇼당: the loser who refused the draw pays both losers' shares, where the rules say, or only
    when the one who accepted it wins; two losers who both refused pay their own (PA-7)."""
    refusers = [loser for loser in losers if loser.shodang == "refuse"]
    mode = profile.baks.shodang
    if len(refusers) != 1 or len(losers) != 2 or mode == "off":
        return None
    if mode == "refuser-pays-if-accepter-wins" and winner.shodang != "accept":
        return None
    return refusers[0]


def _dokbak_double(liable: Standing) -> Factor:
    """독박 paid double, where the profile says so (PA-7)."""
    return factor("dokbak", 2, FACTORS("dokbak", player=liable.player))


def _payments(ctx: _Context, owed: list[_Owed], losers: Sequence[Standing], stake: int) -> list[Payment]:
    winner = ctx.winner.player
    liable = _liable(losers, ctx.profile)
    if liable is None:  # the go's 독박 comes first, as for 밀어주기 (NW)
        refuser = _shodang_liable(ctx.winner, losers, ctx.profile)
        if refuser is not None:
            return _shodang_payments(ctx, owed, refuser, stake)
    payments: list[Payment] = []
    transfers: list[Payment] = []
    for o in owed:
        points, cap = _capped(o.points, ctx.profile)
        if liable is None or o.loser == liable.player:
            factors = list(o.factors)
            if liable is not None and ctx.profile.baks.dokbak_extra_double:
                factors.append(_dokbak_double(liable))
                points *= 2
            said = _own_reason(ctx, losers, o.loser, cap)
            payments.append(payment(o.loser, winner, "hand", points, stake, said, factors))
            continue
        transferred = o if ctx.profile.baks.dokbak_transfers_baks else None
        share = transferred.points if transferred else o.base
        factors = list(transferred.factors if transferred else o.shared)
        if ctx.profile.baks.dokbak_extra_double:
            factors.append(_dokbak_double(liable))
            share *= 2
        share, cap = _capped(share, ctx.profile)
        facts: dict[str, str | int] = {"player": liable.player, "other": o.loser}
        said = REASONS("dokbak", **facts) if cap is None else REASONS("dokbak-capped", **facts, cap=cap)
        transfers.append(payment(liable.player, winner, "hand", share, stake, said, factors))
    return payments + transfers


def _own_reason(ctx: _Context, losers: Sequence[Standing], loser: str, cap: int | None) -> Message | None:
    """Why a loser pays their own amount where the factors do not say it: the cap, and a go-caller's
    bonus card that took away a 독박 or go-bak the rules would have put on them (R84)."""
    standing = next(s for s in losers if s.player == loser)
    freed = _joker_answers_for_go(standing, ctx.profile) and (
        _go_bak(ctx.players, ctx.profile) or (ctx.profile.baks.dokbak == "transfer" and len(losers) > 1)
    )
    if freed:
        return (
            REASONS("dokbak-exempt", player=loser)
            if cap is None
            else REASONS("dokbak-exempt-capped", player=loser, cap=cap)
        )
    return REASONS("capped", cap=cap) if cap is not None else None


def _shodang_payments(ctx: _Context, owed: list[_Owed], refuser: Standing, stake: int) -> list[Payment]:
    """The refuser of a shodang pays their own amount and the other loser's, its baks kept."""
    payments: list[Payment] = []
    for o in owed:
        points, cap = _capped(o.points, ctx.profile)
        said = REASONS("capped", cap=cap) if cap is not None else None
        if o.loser != refuser.player:
            facts = {"player": refuser.player, "other": o.loser}
            said = REASONS("shodang", **facts) if cap is None else REASONS("shodang-capped", **facts, cap=cap)
        payments.append(payment(refuser.player, ctx.winner.player, "hand", points, stake, said, list(o.factors)))
    return payments
