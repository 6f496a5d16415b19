"""Random legal hands, written as GSN: for demonstrations, property tests and benchmarks.

The simulator deals a shuffled deck and plays every turn with a random legal choice, asking the
replay engine itself what the table looks like and who must call. A sensible go/stop policy: stop
when the score allows, unless the player still holds cards and the score is low, then sometimes go.
The same seed gives the same hands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, Literal

from .cards import UNSEEN
from .engine.replay import Replay, is_bonus, month_of
from .notation.model import (
    Bonus,
    Call,
    CardRef,
    Chongtong,
    DealLine,
    Flip,
    Hand,
    Shake,
    SitOut,
    Statement,
    TableLine,
    Tag,
    Transcript,
    Turn,
)
from .records import Mutable, mutable
from .rules import Profile

NAMES = ("Minji", "Jae", "Soo", "Ara")


def _ref(code: str) -> CardRef:
    return CardRef(code=code, column=0)


@mutable
class _Deal(Mutable):
    """A shuffled deal: each hand, the table, the bonus cards turned up with it (the dealer's), and the stock."""

    hands: dict[str, list[str]]
    table: list[str]
    dealer_bonus: list[str]
    stock: list[str]


def _deal(rng: random.Random, profile: Profile, seats: list[str], dealer: str) -> _Deal:
    """Shuffle and deal until the table holds no four of a month (which would be a redeal)."""
    deck = profile.the_deck()
    hand_size, table_size = profile.deal_size(len(seats))
    while True:
        cards = [code for code, n in sorted(deck.counts.items()) for _ in range(n)]
        rng.shuffle(cards)
        hands = {p: sorted(cards[i * hand_size : (i + 1) * hand_size], key=_order) for i, p in enumerate(seats)}
        rest = cards[len(seats) * hand_size :]
        table: list[str] = []
        bonus: list[str] = []
        while len(table) < table_size:
            card = rest.pop(0)
            (bonus if is_bonus(card) else table).append(card)
        months = Counter(month_of(c) for c in table)
        if max(months.values()) < 4:
            return _Deal(hands, table, bonus, rest)


def _order(code: str) -> tuple[int, str]:
    return (month_of(code) or 13, code)


class _Player:
    """The random choices of one hand."""

    def __init__(self, rng: random.Random, go_chance: float) -> None:
        self.rng = rng
        self.go_chance = go_chance

    def call(self, r: Replay, player: str, score: int) -> Literal["go", "stop"]:
        left = r.cards_left(player)
        if left == 0:
            return "stop"
        low = score < r.profile.min_score(len(r.order)) + 3
        return "go" if low and left >= 2 and self.rng.random() < self.go_chance else "stop"

    def target(self, r: Replay, card: str) -> str | None:
        """x: which of two different table cards of the month to take."""
        on_table = r.table.get(month_of(card), [])
        if len(on_table) == 2 and on_table[0] != on_table[1]:
            return self.rng.choice(on_table)
        return None


def _known(r: Replay, player: str) -> list[str]:
    return sorted(r.hands.known.get(player, Counter()).elements(), key=_order)


def _triples(r: Replay, player: str) -> dict[int, list[str]]:
    by_month: dict[int, list[str]] = {}
    for code in _known(r, player):
        if month_of(code):
            by_month.setdefault(month_of(code), []).append(code)
    return {m: cards for m, cards in by_month.items() if len(cards) >= 3}


def simulate_hand(
    rng: random.Random,
    profile: Profile,
    seats: list[str],
    dealer: str,
    *,
    tags: list[Tag],
    index: int = 1,
    hide: str | None = None,
    go_chance: float = 0.3,
    stake: int = 1,
) -> Hand:
    """One random legal hand, as the transcript model a table would write."""
    deal = _deal(rng, profile, seats, dealer)
    stock = list(deal.stock)
    statements: list[Statement] = []
    for p in seats:
        shown = [UNSEEN] * len(deal.hands[p]) if p == hide else deal.hands[p]
        statements.append(DealLine(player=p, cards=[_ref(c) for c in shown]))
    statements.append(TableLine(cards=[_ref(c) for c in deal.table], dealer_bonus=[_ref(c) for c in deal.dealer_bonus]))
    real = [DealLine(player=p, cards=[_ref(c) for c in deal.hands[p]]) for p in seats]
    shadow = _played_hand(index, [], [*real, statements[-1]], seats, profile, stake)
    r = Replay(shadow, profile, dealer=dealer)
    for s in shadow.statements:
        r.statement(s)
    play = _Player(rng, go_chance)

    def feed(s: Statement) -> None:
        statements.append(s)
        shadow.statements.append(s)
        r.statement(s)

    _before_play(r, play, seats, dealer, feed)
    for sitter in r.sitting_out:  # the hand of the player who sits out goes back into the stock
        stock += deal.hands[sitter]
        rng.shuffle(stock)
    r.begin()
    while r.outcome.kind == "incomplete" and not r.hand_is_over():
        r.close_pending()
        if r.must_call is not None:
            m = r.must_call
            feed(Call(player=m.player, call=play.call(r, m.player, m.score)))
            continue
        if r.outcome.kind != "incomplete":
            break
        player = r.expected()
        assert player is not None
        _play_turn(r, play, player, stock, feed, hide)
    r.close_pending()
    if r.must_call is not None and r.outcome.kind == "incomplete":
        feed(Call(player=r.must_call.player, call="stop"))
    return _played_hand(index, tags, statements, seats, profile, stake)


def _played_hand(
    index: int, tags: list[Tag], statements: list[Statement], seats: list[str], profile: Profile, stake: int
) -> Hand:
    return Hand(
        index=index,
        kind="played",
        tags=tags,
        statements=statements,
        seats=seats,
        rules=profile.name,
        stake=stake,
    )


def _before_play(r: Replay, play: _Player, seats: list[str], dealer: str, feed: Callable[[Statement], None]) -> None:
    """Sit one out of four, show chongtongs and (where the rules demand it) triples."""
    order = r.seat_order()
    if len(seats) == 4 and r.profile.game != "minhwatu":
        folder = play.rng.choice(order[1:]) if r.profile.four_players.fold_allowed and play.rng.random() < 0.3 else None
        if r.profile.four_players.mode == "watch":
            folder = folder or order[-1]
        if folder is not None:
            feed(SitOut(player=folder, how="fold"))
        else:
            feed(SitOut(player=order[-1], how="sell"))
    active = [p for p in order if p not in r.sitting_out]
    if r.profile.game == "minhwatu":
        return
    for p in active:
        for cards in _triples(r, p).values():
            if len(cards) == 4 and play.rng.random() < 0.5:
                feed(Chongtong(player=p, cards=[_ref(c) for c in cards]))
                return
    if r.profile.events.shake_timing == "at-deal":
        for p in active:
            for cards in _triples(r, p).values():
                feed(Shake(player=p, cards=[_ref(c) for c in cards[:3]]))


def _play_turn(
    r: Replay, play: _Player, p: str, stock: list[str], feed: Callable[[Statement], None], hide: str | None
) -> None:
    rng, events = play.rng, r.profile.events

    def next_card() -> str | None:
        return stock.pop(0) if stock else None

    known = _known(r, p)
    bonus_cards = [c for c in known if is_bonus(c)]
    if bonus_cards and events.bonus_from_hand == "draw-to-hand" and r.profile.game != "minhwatu":
        drawn = next_card()
        if drawn is not None:
            feed(Bonus(player=p, card=_ref(bonus_cards[0]), draw=_ref(UNSEEN if p == hide else drawn)))
            if p == hide:  # the engine drew an unseen card: tell it what it was, as a table would see it
                r.hands.unseen[p] -= 1
                r.hands.known[p][drawn] += 1
            return
    shaken: int | None = None
    if r.profile.game != "minhwatu" and events.shake_timing != "at-deal":
        for month, cards in _triples(r, p).items():
            if not r.table.get(month) and month not in r.shaken.get(p, set()) and rng.random() < 0.5:
                feed(Shake(player=p, cards=[_ref(c) for c in cards[:3]]))
                shaken = month if events.shake_timing == "on-play" else None
                break
    known = _known(r, p)
    flips: list[Flip] = []
    target: str | None = None
    if r.profile.game != "minhwatu" and shaken is None:
        for month, cards in _triples(r, p).items():
            allowed = events.bomb_after_shake or month not in r.shaken.get(p, set())
            if len(r.table.get(month, [])) == 1 and allowed and rng.random() < 0.7:
                turn = Turn(
                    number=None,
                    player=p,
                    play="bomb",
                    cards=[_ref(c) for c in cards[:3]],
                    target=None,
                    flips=_flips(r, play, stock, None),
                    marks=[],
                )
                feed(turn)
                return
    if r.dummies[p] and shaken is None and (not known or rng.random() < 0.4):
        feed(
            Turn(
                number=None,
                player=p,
                play="pass",
                cards=[],
                target=None,
                flips=_flips(r, play, stock, None),
                marks=[],
            )
        )
        return
    choices = (
        [c for c in known if month_of(c) == shaken]
        if shaken
        else [c for c in known if not is_bonus(c) or events.bonus_from_hand == "flip-as-substitute"]
    )
    if not choices:
        choices = known
    card = rng.choice(choices)
    if is_bonus(card):
        substitute = next_card()
        while substitute is not None and is_bonus(substitute):  # laid too; the next card plays for it
            flips.append(Flip(card=_ref(substitute), target=None))
            substitute = next_card()
        if substitute is not None:
            flips.append(Flip(card=_ref(substitute), target=_opt(play.target(r, substitute))))
            flips += _flips(r, play, stock, month_of(substitute))
    else:
        target = play.target(r, card)
        flips = _flips(r, play, stock, month_of(card))
    feed(Turn(number=None, player=p, play="card", cards=[_ref(card)], target=_opt(target), flips=flips, marks=[]))


def _opt(code: str | None) -> CardRef | None:
    return _ref(code) if code is not None else None


def _flips(r: Replay, play: _Player, stock: list[str], hand_month: int | None) -> list[Flip]:
    """The flips of a turn: bonus cards, then one month card (with x where it has a choice)."""
    flips: list[Flip] = []
    while stock:
        card = stock.pop(0)
        if is_bonus(card):
            flips.append(Flip(card=_ref(card), target=None))
            continue
        target = None if month_of(card) == hand_month else play.target(r, card)
        flips.append(Flip(card=_ref(card), target=_opt(target)))
        break
    return flips


def simulate_session(
    profile: Profile,
    *,
    players: int,
    hands: int,
    seed: int,
    hide: str | None = None,
    go_chance: float = 0.3,
    stake: int = 1,
    tamper: str | None = None,
) -> Iterator[Hand]:
    """The hands of a session, one at a time: the winner deals next, a nagari keeps the dealer (and
    carries). With ``tamper``, each hand carries one deliberate fault (see :mod:`.tamper`) and a
    ``Dealer`` tag, so that one hand's fault does not move the next hand's dealer."""
    from .engine.judge import judge_played
    from .tamper import TAMPERS, CannotTamper

    rng = random.Random(seed)
    seats = list(NAMES[:players])
    dealer = seats[0]
    carry = 1
    for index in range(1, hands + 1):
        tags = [Tag(name="Hand", value=str(index))]
        if index == 1:
            tags = [
                Tag(name="Rules", value=profile.name),
                Tag(name="Seats", value=", ".join(seats)),
                Tag(name="Stake", value=str(stake)),
                *tags,
            ]
        if tamper is not None:
            tags.append(Tag(name="Dealer", value=dealer))
        for attempt in range(50):
            hand = simulate_hand(
                rng,
                profile,
                seats,
                dealer,
                tags=tags,
                index=index,
                hide=hide,
                go_chance=go_chance if attempt == 0 else 0.9,
                stake=stake,
            )
            if tamper is None:
                break
            try:
                faulty = TAMPERS[tamper](hand, rng)
            except CannotTamper:
                continue
            break
        else:
            raise CannotTamper(f"no hand of these rules could take the fault {tamper}")
        verdict, _replay = judge_played(hand, profile, carry_in=carry, dealer=dealer)
        carry = verdict.carry_out
        if verdict.winner is not None:
            dealer = verdict.winner
        yield faulty if tamper is not None else hand


def simulate(profile: Profile, **options: Any) -> Transcript:
    """A whole simulated session as one transcript (see :func:`simulate_session`)."""
    return Transcript(hands=list(simulate_session(profile, **options)))


__all__ = ["simulate", "simulate_hand", "simulate_session"]
