"""Tally hands (GSN §6): final capture piles and calls, scored and settled without a replay.

The arbiter cannot check the legality of play it did not see, but it checks what it can: every card
of a pile is a card of the deck, no card is in two piles (a Minhwatu round must hold the whole
deck), the calls are in an order that can happen, the winner's score allows the stop after the
gos called, every other go could have been called with the pile that player ends with (decision
R16), and a declared sake cup is where it can be.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import field

from ..cards import Kind, card_info
from ..engine.findings import Findings
from ..errors import UsageError
from ..messages import sayings
from ..notation.model import Bomb, Call, Claim, Declare, Hand, PileLine, Shake, Shodang, ShodangAnswer
from ..records import mutable, replace
from ..rules import SEVEN, Profile
from ..scoring import PileCounts, best_score, best_total, declaration_problem, redeclaration_problem, switchable_in
from ..settlement import minhwatu_points, minhwatu_round, nagari_carry, settle_stop, standings
from ..verdict import Discrepancy, HandVerdict, Payment, PlayerScore, Violation, discrepancy
from .claims import compare_claims
from .seating import SEATING, check_deck_seats

_BY_STEALS = (
    "{player} called go, but {player}'s pile ends at {score} %s and %s needs {needed}: only steals after the "
    "go, of junk worth {taken} or more, can explain it; check that they were made"
)

SAID = sayings(
    "discrepancy",
    {
        "no-pile-line": "{player} is seated but has no pile line: {player} is taken to have played and captured "
        "nothing (write pile {player}: to say so)",
        **{
            f"{go}-by-steals{one}": _BY_STEALS % (unit, nth)
            for go, nth in (("go", "a go"), ("gos", "go number {count}"))
            for one, unit in (("", "points"), ("-one-point", "point"))
        },
    },
)
"""What a tally's piles leave in doubt (decision P70)."""


@mutable
class _Sheet:
    """What the lines of a tally hand add up to."""

    piles: dict[str, list[str]]
    gos: Counter[str] = field(default_factory=Counter)
    go_order: dict[str, list[int]] = field(default_factory=dict)
    last_go: dict[str, Call] = field(default_factory=dict)
    """Each player's last ``go`` line."""
    shakes: Counter[str] = field(default_factory=Counter)
    bombs: Counter[str] = field(default_factory=Counter)
    offer: Shodang | None = None
    """The shodang awaiting its answers."""
    answers: dict[str, str] = field(default_factory=dict)
    shodang: dict[str, str] = field(default_factory=dict)
    """Each player's part in the answered shodang: offered, accept or refuse."""
    agreed: int | None = None
    """The line on which both accepted a shodang: the hand is a nagari."""
    declared: dict[str, dict[str, str]] = field(default_factory=dict)
    winner: str | None = None
    stop: Call | None = None
    claims: list[Claim] = field(default_factory=list)
    findings: Findings = field(default_factory=Findings)
    """The violations found, each code's past the cap counted into one (decision H9), as in a
    played hand: a pile of 300,000 cards makes 20 extra-card violations and one "and more"."""
    doubts: list[Discrepancy] = field(default_factory=list)
    """What the piles make doubtful but cannot disprove: calls (decision R16), a player without a
    pile line (R18)."""

    @property
    def violations(self) -> list[Violation]:
        """Every violation, with one closing "and N more" for a code past the cap (a new list)."""
        return self.findings.all()


def _players(hand: Hand, profile: Profile) -> list[str]:
    """The players of a tally hand: every seat, but those of four to seven at a Go-Stop table without
    a pile line, who sat out (decisions R4, R47, R80); another seat without one played and captured nothing."""
    piled = {s.player for s in hand.statements if isinstance(s, PileLine)}
    players = list(hand.seats)
    first = hand.statements[0]
    if profile.game == "minhwatu":
        if not 2 <= len(players) <= 4:
            raise UsageError(first.line, first.column, SEATING("minhwatu-seats", seats=len(players)))
        return players
    seats = len(players)
    check_deck_seats(hand, profile)
    if 4 <= seats <= SEVEN:
        players = [seat for seat in players if seat in piled]
        if len(players) < 3:
            raise UsageError(first.line, first.column, SEATING("who-sat-out", seats=seats, count=len(players)))
    if len(players) not in (2, 3):
        raise UsageError(first.line, first.column, SEATING("go-stop-piles", count=len(players)))
    return players


def _without_piles(hand: Hand, players: list[str]) -> list[Discrepancy]:
    """A player of the hand without a pile line, said: the piles alone would have judged the hand
    as one for fewer players (decision R18)."""
    piled = {s.player for s in hand.statements if isinstance(s, PileLine)}
    seats = hand.tag("Seats")
    line = seats.line if seats is not None else hand.statements[0].line
    return [discrepancy("tag", line, SAID("no-pile-line", player=player)) for player in players if player not in piled]


def _check_cards(hand: Hand, profile: Profile, tally: _Sheet) -> None:
    """unknown-card, extra-card and (Minhwatu, where every card ends in a pile) missing-card."""
    deck = profile.the_deck()
    seen: Counter[str] = Counter()
    last = hand.statements[0]
    for line in hand.statements:
        if not isinstance(line, PileLine):
            continue
        last = line
        for ref in line.cards:
            code = ref.code
            if not deck.holds(code):
                tally.findings.violate(
                    "unknown-card",
                    line.line,
                    ref.column,
                    f"{code} in {line.player}'s pile is not a card of this deck",
                    line.player,
                    code,
                )
                continue
            seen[code] += 1
            if seen[code] > deck.copies(code):
                held = "once" if deck.copies(code) == 1 else f"{deck.copies(code)} times"
                tally.findings.violate(
                    "extra-card",
                    line.line,
                    ref.column,
                    f"{code} appears {seen[code]} times in the piles, but the deck holds it {held}",
                    line.player,
                    code,
                    seen=seen[code],
                    copies=deck.copies(code),
                )
    if profile.game == "minhwatu":
        for code, copies in deck.counts.items():
            if seen[code] < copies:
                missing = copies - seen[code]
                tally.findings.violate(
                    "missing-card",
                    last.line,
                    1,
                    f"{code} is missing from the piles ({missing} of {copies}); "
                    "a Minhwatu round ends with every card in a pile",
                    None,
                    code,
                    missing=missing,
                    copies=copies,
                )


def _read_lines(hand: Hand, profile: Profile, players: list[str], tally: _Sheet) -> None:
    minhwatu = profile.game == "minhwatu"
    calls = 0
    for s in hand.statements:
        if isinstance(s, PileLine):
            continue
        if isinstance(s, Claim):
            tally.claims.append(s)
            continue
        if isinstance(s, Shodang | ShodangAnswer):
            _shodang_line(s, profile, players, tally)
            continue
        if not isinstance(s, Call | Shake | Bomb | Declare):
            continue  # the reader lets no other line into a tally hand
        player = s.player
        if player not in players:
            tally.findings.violate(
                "illegal-call",
                s.line,
                s.column,
                f"{player} has no pile line: {player} did not play this hand",
                player,
                reason="no-pile-line",
            )
            continue
        if isinstance(s, Declare):
            _declare(s, profile, tally)
            continue
        if tally.stop is not None or tally.agreed is not None:
            tally.findings.violate("after-end", s.line, s.column, _ended(tally), player, **_end_facts(tally))
            continue
        if isinstance(s, Call):
            if minhwatu:
                tally.findings.violate(
                    "illegal-call",
                    s.line,
                    s.column,
                    "Minhwatu has no go or stop: the round is played out",
                    player,
                    reason="minhwatu",
                )
            elif s.call == "go":
                tally.gos[player] += 1
                tally.go_order.setdefault(player, []).append(calls)
                tally.last_go[player] = s
            else:
                tally.winner, tally.stop = player, s
            calls += 1
        elif isinstance(s, Shake):
            if minhwatu:
                tally.findings.violate(
                    "illegal-shake", s.line, s.column, "Minhwatu has no shakes", player, reason="minhwatu"
                )
            else:
                tally.shakes[player] += 1
        elif isinstance(s, Bomb):
            if minhwatu:
                tally.findings.violate(
                    "illegal-bomb", s.line, s.column, "Minhwatu has no bombs", player, reason="minhwatu-bomb"
                )
            else:
                tally.bombs[player] += 1


def _ended(tally: _Sheet) -> str:
    """How a tally hand that a later line follows ended, in English."""
    if tally.stop is not None:
        return f"the hand ended when {tally.winner} stopped on line {tally.stop.line}"
    return f"the hand ended as a nagari when the shodang was accepted on line {tally.agreed}"


def _end_facts(tally: _Sheet) -> dict[str, str | int]:
    """The facts of a tally hand's end, as a played hand's ``after-end`` gives them."""
    if tally.stop is not None and tally.winner is not None:
        return {"winner": tally.winner, "ended_line": tally.stop.line, "outcome": "stop"}
    return {"ended_line": tally.agreed or 0, "outcome": "nagari"}


def _shodang_line(s: Shodang | ShodangAnswer, profile: Profile, players: list[str], tally: _Sheet) -> None:
    """쇼당 and its answers in a tally hand: as in a played one, without the turns (PA-7)."""
    player = s.player
    if profile.baks.shodang == "off" or profile.game == "minhwatu" or len(players) != 3:
        tally.findings.violate(
            "illegal-declaration",
            s.line,
            s.column,
            "a shodang needs three playing, under rules that have it",
            player,
            reason="tally-shodang",
        )
        return
    if tally.stop is not None or tally.agreed is not None:
        tally.findings.violate("after-end", s.line, s.column, "the hand is over", player, **_end_facts(tally))
        return
    if isinstance(s, Shodang):
        tally.offer, tally.answers = s, {}
        return
    offer = tally.offer
    if offer is None or player == offer.player or player in tally.answers or player not in players:
        tally.findings.violate(
            "illegal-declaration",
            s.line,
            s.column,
            f"{player} cannot {s.answer}: no shodang awaits {player}'s answer",
            player,
            reason="no-offer",
        )
        return
    tally.answers[player] = s.answer
    if len(tally.answers) == 2:
        tally.shodang = {offer.player: "offered", **tally.answers}
        tally.offer = None
        if all(a == "accept" for a in tally.answers.values()):
            tally.agreed = s.line


def _declare(s: Declare, profile: Profile, tally: _Sheet) -> None:
    """A sake cup's place, unless the card cannot change or its earlier place is fixed (DK-3)."""
    code, player = s.card.code, s.player
    problem = declaration_problem(player, code, tally.piles[player], profile)
    if problem:
        tally.findings.violate("illegal-declaration", s.line, s.card.column, problem, player, code)
        return
    earlier = tally.declared.get(player, {}).get(code)
    called = tally.gos[player] > 0 or tally.winner == player
    fixed = redeclaration_problem(
        player, code, s.category, earlier, profile, called=called, ended=tally.stop is not None
    )
    if fixed is not None:
        tally.findings.violate("illegal-declaration", s.line, s.card.column, fixed[0], player, code, **fixed[1])
        return
    tally.declared.setdefault(player, {})[code] = s.category


def _check_stop(profile: Profile, players: list[str], tally: _Sheet) -> None:
    """A winner who called go n times must stop with at least the minimum + n (GSN §6)."""
    winner, stop = tally.winner, tally.stop
    if winner is None or stop is None:
        return
    score = best_total(tally.piles[winner], profile, tally.declared.get(winner, {}))
    needed = profile.min_score(len(players)) + tally.gos[winner]
    if score < needed:
        gos = tally.gos[winner]
        after = f" after {gos} go{'s' if gos != 1 else ''}" if gos else ""
        tally.findings.violate(
            "illegal-call",
            stop.line,
            stop.column,
            f"{winner} stopped with {score} points, but a stop{after} needs {needed}",
            winner,
            score=score,
            needed=needed,
            reason="stop-below-minimum",
        )


def _check_gos(profile: Profile, players: list[str], tally: _Sheet) -> None:
    """Every go of a player who did not stop must have been callable (GS-1, GS-3; decision R16).

    A player's n-th go needs the minimum + n − 1 when it is called (the score must rise between
    gos), and only the final pile is known. Later captures only add to a pile; later steals take
    junk from it, and each junk card taken lies in another player's pile at the end. So the go was
    callable only if the final pile with at most all of the other piles' stealable junk reaches
    what it needed: otherwise ``illegal-call``. When the final pile alone falls short but that
    junk would make up for it, only steals after the go can explain the pile, and the table is
    asked to check them (a discrepancy).
    """
    minimum = profile.min_score(len(players))
    for player, line in tally.last_go.items():
        if player == tally.winner:
            continue  # the stop is checked against the minimum + every go (_check_stop)
        gos = tally.gos[player]
        needed = minimum + gos - 1
        declared = tally.declared.get(player, {})
        pile = PileCounts(tally.piles[player])
        score = pile.best(profile, declared)
        if score >= needed:
            continue
        nth = f"go number {gos}" if gos > 1 else "a go"
        ends = f"{player}'s pile ends at {score} point{'' if score == 1 else 's'} and {nth} needs {needed}"
        taken = _junk_to_make_up(pile, needed, _stealable(players, player, profile, tally), profile, declared)
        if taken is None:
            tally.findings.violate(
                "illegal-call",
                line.line,
                line.column,
                f"{player} called go, but {ends}; steals take only junk, and all the junk of the other piles "
                "would not make it up",
                player,
                reason="go-short",
                score=score,
                needed=needed,
            )
        else:
            facts: dict[str, str | int] = {"player": player, "score": score, "needed": needed, "taken": taken}
            said = SAID(
                f"{'go' if gos == 1 else 'gos'}-by-steals{'-one-point' if score == 1 else ''}",
                **facts,
                **({"count": gos} if gos > 1 else {}),
            )
            tally.doubts.append(discrepancy("claim", line.line, said))


def _junk_to_make_up(
    pile: PileCounts, needed: int, stealable: int, profile: Profile, declared: Mapping[str, str]
) -> int | None:
    """The least junk value that, given back to the pile, makes ``needed``; None when ``stealable``
    is not enough. A steal changes nothing but the junk, so only the junk value matters."""
    for value in range(1, stealable + 1):
        pile.add("1p")  # one more junk's worth (the card does not matter, only the count)
        if pile.best(profile, declared) >= needed:
            return value
    return None


def _stealable(players: list[str], caller: str, profile: Profile, tally: _Sheet) -> int:
    """The junk value in the other piles that steals could have taken from ``caller``: junk,
    doubles, bonus cards, and a switchable animal its holder declared as junk (an undeclared one is
    never handed over)."""
    total = 0
    for other in players:
        if other == caller:
            continue
        declared = tally.declared.get(other, {})
        for code in tally.piles[other]:
            info = card_info(code)
            if info is None:
                continue
            if info.kind is Kind.ANIMAL:
                if declared.get(code) == "pi" and switchable_in([code], profile):
                    total += 2
            else:
                total += info.junk_value
    return total


def judge_tally(
    hand: Hand, profile: Profile, *, carry_in: int = 1, dealer: str | None = None, tags: dict[str, str] | None = None
) -> HandVerdict:
    """The verdict on a tally hand."""
    players = _players(hand, profile)
    piles: dict[str, list[str]] = {p: [] for p in players} | {
        s.player: [c.code for c in s.cards] for s in hand.statements if isinstance(s, PileLine) and s.player in players
    }
    tally = _Sheet(piles=piles, doubts=_without_piles(hand, players))
    _check_cards(hand, profile, tally)
    _read_lines(hand, profile, players, tally)
    common = HandVerdict(
        index=hand.index,
        rules=profile.name,
        seats=hand.seats,
        dealer=dealer,
        valid=True,
        outcome="tally",
        carry_in=carry_in,
        stake=hand.stake,
        tags=tags or {},
    )
    if profile.game == "minhwatu":
        return _minhwatu(profile, tally, common)
    _check_stop(profile, players, tally)
    _check_gos(profile, players, tally)
    scores: dict[str, PlayerScore] = {}
    payments: list[Payment] = []
    standing = standings(
        players, tally.piles, tally.gos, tally.go_order, tally.shakes, tally.bombs, tally.declared, tally.shodang
    )
    if tally.winner is not None:
        settled = settle_stop(tally.winner, standing, players, profile, carry=carry_in, stake=hand.stake)
        scores, payments = settled.scores, settled.payments
        outcome, carry_out = "tally", 1
    else:
        scores = {
            p: PlayerScore(total=best_score(tally.piles[p], profile, tally.declared.get(p, {})).total) for p in players
        }
        outcome, carry_out = "nagari", nagari_carry(carry_in, profile, list(standing.values()))
    violations = tally.violations
    return replace(
        common,
        valid=not violations,
        outcome=outcome,
        winner=tally.winner,
        violations=violations,
        discrepancies=sorted(
            tally.doubts + compare_claims(tally.claims, payments, outcome, tally.winner), key=lambda d: d.line
        ),
        scores=scores,
        payments=payments,
        carry_out=carry_out,
    )


def _minhwatu(profile: Profile, tally: _Sheet, common: HandVerdict) -> HandVerdict:
    """A Minhwatu round: balances against the target; a missing or extra card voids it (MH-9)."""
    violations = tally.violations
    void = any(v.code in ("missing-card", "extra-card", "unknown-card") for v in violations)
    deck = profile.the_deck()
    full = sum(minhwatu_points(code, profile) * copies for code, copies in deck.counts.items())
    scores = minhwatu_round(tally.piles, profile, full)
    return replace(
        common,
        valid=not violations,
        outcome="void" if void else "tally",
        violations=violations,
        discrepancies=tally.doubts + compare_claims(tally.claims, [], "void" if void else "tally", None),
        scores=scores,
        payments=[],
        carry_out=1,
    )


__all__ = ["UsageError", "judge_tally", "switchable_in"]
