"""The stop payment (docs/rules-reference.md §10–§12): from the standings at a stop to each loser's amount,
every factor with its reason (gos, shakes, bombs, baks, carry, 독박)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from math import prod

from ..records import frozen
from ..rules import Profile
from ..scoring import PileScore, placements, score_pile
from ..verdict import Factor, Payment, PlayerScore, ScoreItem
from .baks import gwang_bak, meong_tta, pi_bak


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


def standings(
    players: Sequence[str],
    piles: Mapping[str, Sequence[str]],
    gos: Mapping[str, int],
    go_order: Mapping[str, Sequence[int]],
    shakes: Mapping[str, int],
    bombs: Mapping[str, int],
    declared: Mapping[str, Mapping[str, str]],
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
        )
        for p in players
    }


@frozen
class Settlement:
    """A hand's scores and who pays whom."""

    scores: dict[str, PlayerScore]
    payments: list[Payment]


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


# ---- go -------------------------------------------------------------------------------------


def go_bonus(gos: int, profile: Profile) -> tuple[int, int]:
    """고 bonus of a winner who called go ``gos`` times: (points added, multiplier) (GS-4)."""
    schedule = profile.go.go_schedule
    if gos == 0:
        return 0, 1
    if schedule == "kr-standard":
        return gos, 2 ** max(0, gos - 2)
    if schedule == "kr-double-only":
        return (gos, 1) if gos <= 2 else (0, 2 ** (gos - 2))
    if schedule == "wikipedia":
        if gos <= 2:
            return gos, 1
        return (2 if profile.go.go_add_keeps_after_3 else 0), gos - 1
    if schedule == "fw-times-n":
        return (1, 1) if gos == 1 else (0, gos)
    return gos, 2 if gos >= 4 else 1  # gamerules: +1 a go, doubled from four gos


# ---- one loser's amount ---------------------------------------------------------------------


@frozen
class _Context:
    """What every loser's payment looks at: the winner, the table, the rules and the nagari carry."""

    winner: Standing
    players: int
    profile: Profile
    carry: int


def _winner_factors(ctx: _Context, gos_multiplier: int) -> list[Factor]:
    """The factors every loser pays alike: go, shakes, bombs, the nagari carry."""
    w = ctx.winner
    events = ctx.profile.events
    counted = (
        ("go", gos_multiplier, w.gos, "called go"),
        ("shake", events.shake_multiplier**w.shakes, w.shakes, "shook"),
        ("bomb", events.bomb_multiplier**w.bombs, w.bombs, "bombed"),
    )
    factors = [
        Factor(
            rule=rule,
            factor=factor,
            reason=f"{w.player} {verb} {_times(count)}",
            params={"player": w.player, "count": count},
        )
        for rule, factor, count, verb in counted
        if count and factor > 1
    ]
    if ctx.carry > 1:
        factors.append(carry_factor(ctx.carry))
    return factors


def carry_factor(carry: int) -> Factor:
    """The nagari carry (GS-8) as a factor of a payment."""
    return Factor(
        rule="nagari-carry",
        factor=carry,
        reason=f"carried from nagari before this hand (×{carry})",
        params={"carry": carry},
    )


def _loser_factors(ctx: _Context, won: PileScore, loser: Standing, lost: PileScore) -> list[Factor]:
    """The factors of one loser: meong-tta, pi-bak, gwang-bak, go-bak."""
    w, profile = ctx.winner.player, ctx.profile
    found = [
        meong_tta(w, won, loser.player, lost, profile),
        pi_bak(w, won, loser.player, lost, profile, ctx.players),
        gwang_bak(w, won, loser.player, lost, profile),
    ]
    went = loser.gos > 0
    if went and ctx.players == 2 and profile.baks.go_bak_2p:
        found.append(
            Factor(
                rule="go-bak", factor=2, reason=f"{loser.player} had called go and lost", params={"loser": loser.player}
            )
        )
    if went and ctx.players >= 3 and profile.baks.dokbak == "double":
        found.append(
            Factor(
                rule="go-bak", factor=2, reason=f"{loser.player} had called go and lost", params={"loser": loser.player}
            )
        )
    return [f for f in found if f is not None]


@frozen
class _Owed:
    """What one loser owes the winner, with the factors that make it."""

    loser: str
    score: PileScore
    points: int
    shared: list[Factor]
    """The factors every loser pays alike (go, shakes, bombs, carry)."""
    own: list[Factor]
    """This loser's own factors (meong-tta, pi-bak, gwang-bak, go-bak)."""
    base: int
    """The points before this loser's own factors (what a 독박 transfer without baks moves)."""

    @property
    def factors(self) -> list[Factor]:
        return self.shared + self.own


def _owed(ctx: _Context, won: PileScore, loser: Standing, scored: Sequence[PileScore]) -> _Owed:
    """What one loser owes, with the loser's placement of a switchable animal chosen in the loser's
    favour; ``scored`` is the loser's pile scored under each placement allowed."""
    add, multiplier = go_bonus(ctx.winner.gos, ctx.profile)
    shared = _winner_factors(ctx, multiplier)
    base = (won.total + add) * prod(f.factor for f in shared)
    best: _Owed | None = None
    for lost in scored:
        own = _loser_factors(ctx, won, loser, lost)
        points = base * prod(f.factor for f in own)
        if ctx.profile.settlement.empty_pile_exemption and not loser.pile:
            points = 0
        if best is None or points < best.points:
            best = _Owed(loser.player, lost, points, shared, own, base)
    assert best is not None
    return best


def _capped(points: int, profile: Profile) -> tuple[int, str | None]:
    cap = profile.settlement.payment_cap
    if cap is not None and points > cap:
        return cap, f"capped at {cap} points (the rules' limit for one payment)"
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
    ctx = _Context(standings[winner], len(players), profile, carry)
    losers = [standings[p] for p in players if p != winner]
    # A loser's pile scores the same whichever way the winner's cards are placed: scored once.
    scored = {
        loser.player: [score_pile(loser.pile, profile, p) for p in placements(loser.pile, profile, loser.declared)]
        for loser in losers
    }
    chosen: tuple[tuple[int, int, int], PileScore, list[_Owed]] | None = None
    for placement in placements(ctx.winner.pile, profile, ctx.winner.declared):
        won = score_pile(ctx.winner.pile, profile, placement)
        owed = [_owed(ctx, won, loser, scored[loser.player]) for loser in losers]
        key = _winner_preference(won, owed)
        if chosen is None or key > chosen[0]:
            chosen = (key, won, owed)
    assert chosen is not None
    _key, won, owed = chosen

    add, _multiplier = go_bonus(ctx.winner.gos, profile)
    scores = {winner: PlayerScore(total=won.total + add, items=_winner_items(won, add))}
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


def _winner_items(won: PileScore, go_points: int) -> list[ScoreItem]:
    items = _score_items(won)
    if go_points:
        items.append(ScoreItem(rule="go", points=go_points, cards=[]))
    return items


def _liable(losers: Sequence[Standing], profile: Profile) -> Standing | None:
    """독박: the loser who pays for both, when one had called go (PA-7)."""
    went = [loser for loser in losers if loser.gos]
    if not went or profile.baks.dokbak != "transfer" or len(losers) < 2:
        return None
    if len(went) == 1:
        return went[0]
    if profile.baks.dokbak_when_both_went == "last-caller":
        return max(went, key=lambda s: max(s.go_order, default=-1))
    return min(went, key=lambda s: min(s.go_order, default=1 << 30))


def _dokbak_double(liable: Standing) -> Factor:
    """독박 paid double, where the profile says so (PA-7)."""
    return Factor(
        rule="dokbak", factor=2, reason=f"{liable.player} pays both shares double", params={"player": liable.player}
    )


def _payments(ctx: _Context, owed: list[_Owed], losers: Sequence[Standing], stake: int) -> list[Payment]:
    winner = ctx.winner.player
    liable = _liable(losers, ctx.profile)
    payments: list[Payment] = []
    transfers: list[Payment] = []
    for o in owed:
        points, reason = _capped(o.points, ctx.profile)
        if liable is None or o.loser == liable.player:
            factors = list(o.factors)
            if liable is not None and ctx.profile.baks.dokbak_extra_double:
                factors.append(_dokbak_double(liable))
                points *= 2
            payments.append(
                Payment(
                    payer=o.loser, payee=winner, points=points, amount=points * stake, factors=factors, reason=reason
                )
            )
            continue
        transferred = o if ctx.profile.baks.dokbak_transfers_baks else None
        share = transferred.points if transferred else o.base
        factors = list(transferred.factors if transferred else o.shared)
        if ctx.profile.baks.dokbak_extra_double:
            factors.append(_dokbak_double(liable))
            share *= 2
        share, cap_reason = _capped(share, ctx.profile)
        transfers.append(
            Payment(
                payer=liable.player,
                payee=winner,
                points=share,
                amount=share * stake,
                factors=factors,
                reason=f"독박: {liable.player} had called go, so {liable.player} also pays {o.loser}'s share"
                + (f"; {cap_reason}" if cap_reason else ""),
            )
        )
    return payments + transfers
