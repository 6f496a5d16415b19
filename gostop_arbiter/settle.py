"""Settlement (docs/rules-reference.md §10–§14): from the end of a hand to payments, every factor with its reason.

Pure functions: the standings of the players at the end of a hand and the profile in, scores and
payments out. The replay engine and the tally reader both call them; nothing here prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from math import prod

from .cards import card_info
from .records import Record, frozen
from .rules import Profile
from .scoring import PileScore, best_score, placements, score_pile, sort_cards
from .verdict import Factor, Payment, PlayerScore, ScoreItem


@frozen
class Standing(Record):
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
class Settlement(Record):
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


# ---- baks -----------------------------------------------------------------------------------


def _loser_junk(score: PileScore, profile: Profile) -> int:
    return score.junk_value if profile.baks.pi_bak_count == "value" else len(score.junk)


def pi_bak(winner: str, won: PileScore, loser: str, lost: PileScore, profile: Profile, players: int) -> Factor | None:
    """피박: the winner scored junk points and the loser's junk is at most the profile's limit (PA-2)."""
    baks = profile.baks
    junk_points = won.points_from("pi")
    junk = _loser_junk(lost, profile)
    limit = profile.pi_bak_max(players)
    if not baks.pi_bak or not junk_points or junk > limit:
        return None
    if junk == 0 and baks.pi_bak_zero_exempt:
        return None
    unit = "worth" if baks.pi_bak_count == "value" else "counted as"
    return Factor(
        rule="pi-bak",
        factor=2,
        reason=f"{loser}'s junk is {unit} {junk} ({limit} or less) and {winner} scored {junk_points} from junk",
        params={"loser": loser, "junk": junk, "limit": limit, "winner": winner, "points": junk_points},
    )


def gwang_bak(winner: str, won: PileScore, loser: str, lost: PileScore, profile: Profile) -> Factor | None:
    """광박: the winner scored bright points and the loser holds no bright (PA-3)."""
    bright_points = won.points_from("brights")
    if not profile.baks.gwang_bak or not bright_points:
        return None
    protecting = [c for c in lost.brights if profile.baks.gwang_bak_rain_protects or c != "12g"]
    if protecting:
        return None
    held = " (the rain bright does not protect)" if lost.brights else ""
    return Factor(
        rule="gwang-bak",
        factor=2,
        reason=f"{loser} holds no bright{held} and {winner} scored {bright_points} from brights",
        params={"loser": loser, "winner": winner, "points": bright_points, "rain": int(bool(lost.brights))},
    )


def meong_tta(winner: str, won: PileScore, loser: str, lost: PileScore, profile: Profile) -> Factor | None:
    """멍따: the winner holds seven or more animals (PA-4)."""
    mode = profile.baks.meong
    if mode == "off" or len(won.animals) < 7:
        return None
    if mode == "winner-seven-loser-zero" and lost.animals:
        return None
    extra = f" and {loser} holds none" if mode == "winner-seven-loser-zero" else ""
    return Factor(
        rule="meong-tta",
        factor=2,
        reason=f"{winner} holds {len(won.animals)} animals{extra}",
        params={"winner": winner, "animals": len(won.animals), "loser": loser, "loser_none": int(bool(extra))},
    )


# ---- one loser's amount ---------------------------------------------------------------------


@frozen
class _Context(Record):
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
        factors.append(_carry_factor(ctx.carry))
    return factors


def _carry_factor(carry: int) -> Factor:
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
class _Owed(Record):
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
                factors.append(
                    Factor(
                        rule="dokbak",
                        factor=2,
                        reason=f"{liable.player} pays both shares double",
                        params={"player": liable.player},
                    )
                )
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
            factors.append(
                Factor(
                    rule="dokbak",
                    factor=2,
                    reason=f"{liable.player} pays both shares double",
                    params={"player": liable.player},
                )
            )
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


# ---- fixed-score wins, immediate payments, the gwang sale -----------------------------------


def settle_fixed(
    winner: str,
    players: Sequence[str],
    points: int,
    rule: str,
    reason: str,
    *,
    carry: int = 1,
    carry_applies: bool = True,
    stake: int = 1,
) -> list[Payment]:
    """A fixed-score win (chongtong, three ppeoks): each opponent pays ``points``, no in-hand factor (PA-8)."""
    factors: list[Factor] = []
    if carry > 1 and carry_applies:
        factors.append(_carry_factor(carry))
        points *= carry
    return [
        Payment(
            payer=p, payee=winner, points=points, amount=points * stake, factors=factors, reason=f"{rule}: {reason}"
        )
        for p in players
        if p != winner
    ]


def immediate(payer: str, payee: str, points: int, reason: str, stake: int = 1) -> Payment:
    """A payment made during play (first ppeok and the like), never multiplied (EV-3, EV-6)."""
    return Payment(payer=payer, payee=payee, kind="immediate", points=points, amount=points * stake, reason=reason)


def gwang_sale(
    seller: str, cards: Sequence[str], dealer: str, active: Sequence[str], profile: Profile, stake: int = 1
) -> list[Payment]:
    """광팔기: what the player who sat out and sold is paid for the hand dealt to them (4P-1)."""
    rules = profile.four_players
    brights = [c for c in cards if c.endswith("g")]
    if not rules.sale_rain_alone_counts and brights == ["12g"]:
        brights = []
    counted = list(brights)
    if rules.sale_counts in ("brights-and-bonus", "brights-bonus-doubles"):
        counted += [c for c in cards if c.startswith("b")]
    if rules.sale_counts == "brights-bonus-doubles":
        counted += [c for c in cards if c.endswith("pp") or c == "9a"]
    points = len(counted) * rules.sale_price
    months = [info.month for c in cards if (info := card_info(c)) is not None and info.month]
    triple = any(months.count(m) >= 3 for m in set(months))
    if rules.sale_triple_doubles and triple:
        points *= 2
    if not points:
        return []
    payers = [p for p in active if p != seller and (rules.sale_payers == "all-others" or p != dealer)]
    words = ", ".join(sort_cards(counted))
    reason = f"{seller} sat out and sold {len(counted)} card(s): {words}" + (
        " (×2: a triple)" if triple and rules.sale_triple_doubles else ""
    )
    return [
        Payment(payer=p, payee=seller, kind="sale", points=points, amount=points * stake, reason=reason) for p in payers
    ]


# ---- Minhwatu -------------------------------------------------------------------------------

_YAKS: tuple[tuple[str, str, tuple[str, ...] | int], ...] = (
    ("hongdan", "yak_hongdan", ("1r", "2r", "3r")),
    ("cheongdan", "yak_cheongdan", ("6r", "9r", "10r")),
    ("chodan", "yak_chodan", ("4r", "5r", "7r")),
    ("may", "yak_may", 5),
    ("october", "yak_october", 10),
    ("november", "yak_november", 11),
    ("december", "yak_december", 12),
)


def minhwatu_points(card: str, profile: Profile) -> int:
    """A card's points in Minhwatu: bright 20, animal 10, ribbon 5, junk 0 (MH-2)."""
    rules = profile.minhwatu
    kind = card.lstrip("0123456789")
    return {"g": rules.bright_points, "a": rules.animal_points, "r": rules.ribbon_points}.get(kind, rules.junk_points)


def minhwatu_round(
    piles: Mapping[str, Sequence[str]], profile: Profile, full_deck_points: int
) -> dict[str, PlayerScore]:
    """민화투: card points, yaks paid by each other player, and the balance against 240 ÷ players (MH-6, MH-7)."""
    players = list(piles)
    n = len(players)
    target = full_deck_points // n
    items: dict[str, list[ScoreItem]] = {}
    for p in players:
        cards = sort_cards(piles[p])
        points = sum(minhwatu_points(c, profile) for c in cards)
        items[p] = [
            ScoreItem(rule="card-points", points=points, cards=[c for c in cards if minhwatu_points(c, profile)])
        ]
    for p in players:
        cards = list(piles[p])
        for name, knob_name, needs in _YAKS:
            value = getattr(profile.minhwatu, knob_name)
            made = _month_cards(cards, needs) if isinstance(needs, int) else [c for c in needs if c in cards]
            if not value or len(made) < (4 if isinstance(needs, int) else len(needs)):
                continue
            items[p].append(ScoreItem(rule=name, points=value * (n - 1), cards=made))
            for other in players:
                if other != p:
                    items[other].append(ScoreItem(rule=f"{name}-paid", points=-value, cards=[]))
    scores: dict[str, PlayerScore] = {}
    for p in players:
        items[p].append(ScoreItem(rule="target", points=-target, cards=[]))
        scores[p] = PlayerScore(total=sum(i.points for i in items[p]), items=items[p])
    return scores


def _month_cards(cards: Sequence[str], month: int) -> list[str]:
    return sort_cards(c for c in cards if (info := card_info(c)) is not None and info.month == month)


# ---- settling up ----------------------------------------------------------------------------


def settle_up(balance: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """The fewest transfers (payer, payee, amount) that clear a zero-sum balance.

    The fewest is the number of players with a non-zero balance minus the largest number of
    disjoint groups whose balances sum to zero; each group is cleared with one transfer fewer than
    its size. Exact for the handful of players at a table (it looks at every subset).
    """
    people = [p for p, v in balance.items() if v]
    values = [balance[p] for p in people]
    n = len(people)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + values[low]
    groups = [0] * (1 << n)
    for mask in range(1, 1 << n):
        best = 0
        for i in range(n):
            if mask >> i & 1:
                best = max(best, groups[mask ^ (1 << i)])
        groups[mask] = best + (1 if total[mask] == 0 else 0)
    transfers: list[tuple[str, str, int]] = []
    mask = full
    while mask:
        group = _zero_group(mask, total, groups)
        transfers.extend(_clear([people[i] for i in range(n) if group >> i & 1], balance))
        mask ^= group
    return transfers


def _zero_group(mask: int, total: list[int], groups: list[int]) -> int:
    """The smallest zero-sum subgroup of ``mask`` that keeps the optimum for the rest."""
    sub = mask
    best = mask
    while sub:
        keeps_optimum = mask ^ sub == 0 or groups[mask ^ sub] == groups[mask] - 1
        if total[sub] == 0 and keeps_optimum and bin(sub).count("1") < bin(best).count("1"):
            best = sub
        sub = (sub - 1) & mask
    return best


def _clear(group: list[str], balance: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Clear one zero-sum group: the largest debtor pays the largest creditor, until all are even."""
    debts = sorted(((-balance[p], p) for p in group if balance[p] < 0), reverse=True)
    credits = sorted(((balance[p], p) for p in group if balance[p] > 0), reverse=True)
    transfers: list[tuple[str, str, int]] = []
    while debts and credits:
        (owed, payer), (due, payee) = debts.pop(0), credits.pop(0)
        amount = min(owed, due)
        transfers.append((payer, payee, amount))
        if owed > amount:
            debts.insert(0, (owed - amount, payer))
        if due > amount:
            credits.insert(0, (due - amount, payee))
    return transfers


__all__ = [
    "Settlement",
    "Standing",
    "best_score",
    "go_bonus",
    "gwang_sale",
    "immediate",
    "minhwatu_round",
    "settle_fixed",
    "settle_stop",
    "settle_up",
]
