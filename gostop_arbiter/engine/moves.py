"""Every statement that may come next on a board (its ``legal_moves``), worked out from the state
and the profile. A property test pushes each of them and finds it accepted, and finds every
statement of a valid transcript among them.

A listing is a :class:`LegalMoves`: each play's turns (one for every flip and ``x`` choice) are
counted when it is made and built when they are asked for, as python-chess's legal moves are
generated as they are read (decision E28)."""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from itertools import accumulate, combinations
from typing import TypeAlias, overload

from ..notation.model import (
    Bonus,
    Call,
    CardRef,
    Chongtong,
    Declare,
    Flip,
    Give,
    Shake,
    Shodang,
    ShodangAnswer,
    SitOut,
    Statement,
    Turn,
)
from ..records import replace
from ..scoring import declaration_problem, junk_value_of, sort_cards
from . import calls, deal
from .state import HandState, is_bonus, month_of
from .turn import shake_problem

UNSEEN_DRAW = CardRef(code="?")


@cache
def _card(code: str) -> CardRef:
    """One card reference per code, shared by every move that names it (a record never changes)."""
    return CardRef(code=code)


@cache
def _flip(code: str, target: str | None) -> Flip:
    return Flip(card=_card(code), target=_target(target))


def _completed(play: Turn, target: CardRef | None, flips: list[Flip]) -> Turn:
    """The play with its ``x`` target and flips, every other field the play's."""
    return replace(play, target=target, flips=flips)


Part: TypeAlias = "Statement | Completions"
"""One entry of a listing: a statement, or one play's turns (:class:`Completions`)."""


def legal_moves(st: HandState, *, complete: bool = True) -> list[Part]:
    """Every statement that may come next, a play's turns as one :class:`Completions`. Without
    ``complete``, each turn is listed as its play alone (the hand card, bomb or pass, without flips
    or ``x``), once: :func:`flips_after` completes it with every flip, giving the turns
    ``complete`` lists in their place."""
    if st.closed or st.outcome.kind != "incomplete":
        return []
    if not st.began:
        return _before_play(st, complete)
    moves: list[Part] = []
    if st.pending is not None:
        moves += _gives(st)
        moves += _declarations(st)
        after = st.copy()
        calls.close_pending(after)
        if after.outcome.kind != "incomplete":
            return moves
        return moves + _calls_or_turn(after, complete)
    return [*_declarations(st), *_calls_or_turn(st, complete)]


def _calls_or_turn(st: HandState, complete: bool) -> list[Part]:
    must = st.calls.due
    if must is not None:
        return [
            Call(player=must.player, call=c) for c in ("go", "stop") if calls.call_problem(st, must.player, c) is None
        ]
    if st.deeds.offer is not None:
        return _answers(st)
    if st.hand_is_over():
        return []
    player = st.expected()
    if player is None:
        return []
    offer: list[Part] = [Shodang(player=player)] if calls.shodang_problem(st, player) is None else []
    return [*offer, *_turns(st, player, complete)]


def _answers(st: HandState) -> list[Part]:
    """Each answer still owed to the shodang awaiting them (쇼당: 수락 or 거절)."""
    return [
        ShodangAnswer(player=p, answer=a)
        for p in st.order
        if calls.answer_problem(st, p) is None
        for a in ("accept", "refuse")
    ]


def _before_play(st: HandState, complete: bool) -> list[Part]:
    """Selling or folding, chongtong and shakes at the deal, then the dealer's first turn."""
    return [*_sit_outs(st), *_chongtongs(st), *_shakes_at_deal(st), *_first_turn(st, complete)]


def _sit_outs(st: HandState) -> list[SitOut]:
    """Each player's selling or folding, at a Go-Stop table of four to seven."""
    if not deal.sitters_needed(st):
        return []
    return [
        SitOut(player=p, how=how)
        for p in st.seats
        for how in ("sell", "fold")
        if deal.sit_out_problem(st, p, how) is None
    ]


def _chongtongs(st: HandState) -> list[Chongtong]:
    """Each chongtong a player who has not declared one, and does not sit out, may show."""
    if st.minhwatu:
        return []
    declared = {s.player for s in st.seating.chongtong_claims}
    return [
        Chongtong(player=p, cards=[_card(c) for c in four])
        for p in st.seats
        if p not in declared and p not in st.seating.sitting_out
        for four in _of_a_month(st, p, 4)
    ]


def _shakes_at_deal(st: HandState) -> list[Shake]:
    """Each shake a player may show at the deal, under a profile that shakes then."""
    if st.profile.events.shake_timing != "at-deal":
        return []
    return [Shake(player=p, cards=[_card(c) for c in three]) for p in st.seats for three in _shakes(st, p)]


def _first_turn(st: HandState, complete: bool) -> list[Part]:
    """The dealer's first turns, once the table is laid and the deal is sound."""
    if st.seating.table_line is None:
        return []
    seated = deal.seated(st)
    if seated.outcome.kind != "incomplete" or seated.findings.violated != st.findings.violated:
        return []  # a misdealt or finished hand: no turn may be played
    player = seated.expected()
    return list(_turns(seated, player, complete)) if player is not None else []


def _holdable(st: HandState, player: str, never: Counter[str] | None = None) -> Counter[str]:
    """The cards the player's hand may hold: the known ones, and if it has unseen cards, every
    card not yet seen, and a card known to lie in the stock only as one the hand drew unseen
    (decision E30)."""
    held = Counter({c: n for c, n in st.hands.known(player).items() if n > 0})
    unseen = st.hands.unseen(player)
    if unseen > 0:
        pool = _never_seen(st) if never is None else never
        drawn = min(st.hands.drawn(player), unseen)
        if drawn:
            pool = pool + Counter({code: min(n, drawn) for code, n in st.stock.returned.items() if n > 0})
        for code, n in pool.items():
            held[code] += min(n, unseen)
    return held


def _from_unseen(
    st: HandState, player: str, codes: list[str], never: Counter[str]
) -> tuple[dict[str, int], dict[str, int]]:
    """The cards a play shows beyond those the hand is known to hold, as the board takes them:
    first from the cards never seen, then from those known to lie in the stock (a card the hand
    drew back unseen, decision E30). Either kind can then no longer be flipped. (Plain dicts: a
    listing asks this for every play.)"""
    known = st.hands.known(player)
    first: dict[str, int] = {}
    back: dict[str, int] = {}
    for code in set(codes):
        beyond = codes.count(code) - known.get(code, 0)
        if beyond > 0:
            taken = first[code] = min(beyond, never.get(code, 0))
            if beyond > taken:
                back[code] = beyond - taken
    return first, back


def _left_after(st: HandState, player: str, codes: list[str], never: Counter[str]) -> _Unseen:
    """Where the cards without a known place may be once the player has shown these: a card shown
    from the unseen hand is among them no more (:func:`_from_unseen`)."""
    first, back = _from_unseen(st, player, codes, never)
    return _Unseen(never - Counter(first), Counter(st.stock.returned) - Counter(back))


def _never_seen(st: HandState) -> Counter[str]:
    """The cards of the deck that have not shown up yet, with how many copies each."""
    seen = st.ledger.seen
    return Counter(
        {code: copies - seen.get(code, 0) for code, copies in st.deck.counts.items() if copies > seen.get(code, 0)}
    )


class _Unseen:
    """Where the cards without a known place may be: never seen (in a hand not seen, or in the
    stock), or known to lie in the stock (a hand that sat out went back into it)."""

    def __init__(self, never: Counter[str], returned: Mapping[str, int]) -> None:
        self.never = +never
        self.returned = Counter({code: n for code, n in returned.items() if n > 0})

    def flips(self, stock: int) -> list[str]:
        """What the next flip may be with ``stock`` cards left: a card known to be in the stock, or
        a card never seen while the stock has room beyond those (the rest are in unseen hands)."""
        options = set(self.returned)
        if stock > sum(self.returned.values()):
            options |= set(self.never)
        return sorted(options)

    def without(self, codes: list[str]) -> _Unseen:
        """The same after these cards were flipped (a known stock card is the one that comes out)."""
        never, returned = self.never.copy(), self.returned.copy()
        for code in codes:
            if returned[code] > 0:
                returned[code] -= 1
            else:
                never[code] -= 1
        return _Unseen(never, returned)


def _can_hold(st: HandState, player: str, cards: tuple[str, ...]) -> bool:
    """The hand may hold all these cards at once: those beyond its known ones are among its unseen,
    and of those, no more cards known to lie in the stock than the hand drew unseen (E30)."""
    known = st.hands.known(player)
    beyond = sum(max(0, n - known.get(c, 0)) for c, n in Counter(cards).items())
    if beyond > st.hands.unseen(player):
        return False
    drawn = st.hands.drawn(player)
    if not drawn:
        return True  # each card is among the hand's holdable ones, as many times as it may be
    _first, back = _from_unseen(st, player, list(cards), _never_seen(st))
    return sum(back.values()) <= drawn


def _of_a_month(st: HandState, player: str, size: int) -> Iterator[tuple[str, ...]]:
    """Each set of ``size`` cards of one month the player's hand may hold (distinct as multisets)."""
    held = _holdable(st, player)
    by_month: dict[int, list[str]] = {}
    for code, n in sorted(held.items()):
        if month_of(code):
            by_month.setdefault(month_of(code), []).extend([code] * n)
    for cards in by_month.values():
        yield from (c for c in sorted(set(combinations(sort_cards(cards), size))) if _can_hold(st, player, c))


def _shakes(st: HandState, player: str) -> list[tuple[str, ...]]:
    return [three for three in _of_a_month(st, player, 3) if shake_problem(st, player, list(three)) is None]


def _turns(st: HandState, player: str, complete: bool) -> Iterator[Part]:
    """The turns the player may play now, with the shakes and bonus cards that may open them
    (each turn completed with its flips, or its play alone: see :func:`legal_moves`)."""
    never = _never_seen(st)
    listing = _Listing(st, never) if complete else None
    held = _holdable(st, player, never)
    due = st.shake_due
    must_month = due[1] if due is not None and due[0] == player else 0
    if not st.minhwatu and not must_month:
        yield from (Shake(player=player, cards=[_card(c) for c in three]) for three in _shakes(st, player))
        if st.profile.events.bonus_from_hand != "flip-as-substitute":
            yield from _bonus_lays(st, player, held, never)
    for code in sorted(held):
        if must_month and month_of(code) != must_month:
            continue
        if is_bonus(code) and (st.minhwatu or st.profile.events.bonus_from_hand != "flip-as-substitute"):
            continue
        yield _completions(Turn(player=player, play="card", cards=[_card(code)]), listing)
    if st.minhwatu or must_month:
        return
    for cards in _bombs(st, player, held):
        yield _completions(Turn(player=player, play="bomb", cards=[_card(c) for c in cards]), listing)
    if st.deeds.dummies(player) > 0:
        yield _completions(Turn(player=player, play="pass", cards=[]), listing)


def _completions(play: Turn, listing: _Listing | None) -> Part:
    return listing.completions(play) if listing is not None else play


class Completions:
    """One play's turns, one for each flip the stock may turn up and each ``x`` choice: counted
    when the listing is made, built the first time one of them is asked for. A hand not seen may
    play any of some thirty cards and the stock turn up any of as many, and building each turn is
    most of a listing's cost when only one will be pushed."""

    __slots__ = ("_make", "_turns", "count", "play")

    def __init__(self, play: Turn, count: int, make: Callable[[], list[Turn]]) -> None:
        self.play = play
        self.count = count
        self._make = make
        self._turns: list[Turn] | None = None

    @classmethod
    def made(cls, play: Turn, turns: list[Turn]) -> Completions:
        done = cls(play, len(turns), list)
        done._turns = turns
        return done

    def turns(self) -> list[Turn]:
        if self._turns is None:
            self._turns = self._make()
            assert len(self._turns) == self.count, (self.play, self.count, len(self._turns))
        return self._turns

    def holds(self, turn: Turn) -> bool:
        """The turn is one of these (only a turn of the same play is looked for among them)."""
        play = self.play
        return (
            turn.player == play.player and turn.play == play.play and turn.cards == play.cards and turn in self.turns()
        )


class LegalMoves(Sequence[Statement]):
    """Every statement legal at one point of a hand (:meth:`HandBoard.legal_moves`), a sequence
    whose turns are built as they are read (python-chess's ``LegalMoveGenerator`` is the model):
    ``len``, indexing and ``random.choice`` build only the play whose turn is asked for, ``in``
    only the plays of the turn looked for, and iterating builds them all, in the listing's order.
    It equals any sequence of the same statements in the same order."""

    __slots__ = ("_ends", "_parts")

    def __init__(self, parts: list[Part]) -> None:
        self._parts = parts
        self._ends = list(accumulate(p.count if type(p) is Completions else 1 for p in parts))

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> Statement: ...
    @overload
    def __getitem__(self, index: slice) -> list[Statement]: ...
    def __getitem__(self, index: int | slice) -> Statement | list[Statement]:
        if isinstance(index, slice):
            return list(self)[index]
        index = operator.index(index)  # as a list: a float or a string is no index
        size = len(self)
        at = index + size if index < 0 else index
        if not 0 <= at < size:
            raise IndexError("legal move index out of range")
        k = bisect_right(self._ends, at)  # an empty play's end equals the one before: passed over
        part = self._parts[k]
        if type(part) is Completions:
            return part.turns()[at - (self._ends[k] - part.count)]
        return part  # type: ignore[return-value]

    def __iter__(self) -> Iterator[Statement]:
        for part in self._parts:
            if type(part) is Completions:
                yield from part.turns()
            else:
                yield part  # type: ignore[misc]

    def __contains__(self, value: object) -> bool:
        if isinstance(value, Turn):
            return any(p.holds(value) if type(p) is Completions else p == value for p in self._parts)
        return any(type(p) is not Completions and p == value for p in self._parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[LegalMoves], tuple[list[Part]]]:
        """Pickled with every move made (a play's maker is a closure over the listing)."""
        return LegalMoves, (list(self),)

    def __repr__(self) -> str:
        return f"<LegalMoves: {len(self)} moves>"


class _Listing:
    """What the turns of one listing share, worked out once rather than once per play (decision
    E24): the table, the cards never seen, the flips the stock may turn up, and each flipped card's
    ``x`` choices. A play from a hand not seen only takes its own card out of the flips."""

    def __init__(self, st: HandState, never: Counter[str]) -> None:
        self.st = st
        self.never = never
        self.table = st.table.layout()
        self.sequences = _flip_sequences(st, _Unseen(never, st.stock.returned), 0)
        # One month card flipped a turn, not named by a stock line: the common case, which a play's
        # own card can only remove from. A bonus card flipped (another flip after it, or the stock's
        # last card) takes the long way.
        self.single = all(len(s) == 1 and not is_bonus(s[0]) for s in self.sequences) and st.stock.listed_next() is None
        # (an empty stock with cards still in hands, on a record gone wrong, flips nothing: [[]])
        self.cards = [(s[0], month_of(s[0])) for s in self.sequences] if self.single else []
        self.flips: dict[tuple[str, str | None], list[Flip]] = {}
        self.by_bomb: dict[int, dict[str, list[list[Flip]]]] = {}
        self.tallies: dict[int, _Tally] = {}

    def completions(self, play: Turn) -> Completions:
        """:func:`flips_after` of the play, the same turns in the same order, counted now and built
        when asked for where each turn is one flip (the rest, rare, built now)."""
        if not self.single or (play.play == "card" and is_bonus(play.cards[0].code)):
            return Completions.made(play, flips_after(self.st, play, self.never))
        gone = self._from_the_pool(play)
        return Completions(play, self._count(play, gone), lambda: _with_single_flips(play, self, gone))

    def _count(self, play: Turn, gone: set[str]) -> int:
        """How many turns :func:`_with_single_flips` makes of the play, without making them: a flip
        of the hand card's month takes it with no ``x``, any other flip with each choice of both."""
        _hand, hand_month, options, bombed = _facing(play, self.table)
        targets = len(options)
        tally = self.tally(bombed)
        count = tally.of_month[hand_month] + targets * (tally.choices - tally.by_month[hand_month])
        for code in gone:
            if code in tally.by_card:
                count -= 1 if month_of(code) == hand_month else targets * tally.by_card[code]
        return count

    def tally(self, bombed: int) -> _Tally:
        found = self.tallies.get(bombed)
        if found is None:
            found = self.tallies[bombed] = _Tally(self.cards, self.flip_choices(bombed))
        return found

    def _from_the_pool(self, play: Turn) -> set[str]:
        """The flips the play rules out: a card it shows from a hand not seen, when that was the
        card's last copy never seen and no other copy is known to lie in the stock."""
        never, returned = self.never, self.st.stock.returned
        first, back = _from_unseen(self.st, play.player, [c.code for c in play.cards], never)
        return {c for c, n in first.items() if never.get(c, 0) <= n and returned.get(c, 0) <= back.get(c, 0)}

    def flipped(self, code: str, target: str | None) -> list[Flip]:
        """One list of flips per flip and target, which the turns that flip it share as they share
        their play's cards (a record's lists are never changed in place): half the objects to make."""
        flips = self.flips.get((code, target))
        if flips is None:
            flips = self.flips[code, target] = [_flip(code, target)]
        return flips

    def flip_choices(self, bombed: int) -> dict[str, list[list[Flip]]]:
        """Each month card's flips, one for each of its ``x`` choices, with the table as a bomb of
        month ``bombed`` leaves it (0: no bomb)."""
        found = self.by_bomb.get(bombed)
        if found is None:
            after = self.table if not bombed else {m: c for m, c in self.table.items() if m != bombed}
            found = self.by_bomb[bombed] = {
                code: [self.flipped(code, f) for f in _options(after, code)] for code, _m in self.cards
            }
        return found


class _Tally:
    """The flips of a listing counted for :meth:`_Listing._count`: each card's ``x`` choices (with
    the table a bomb of one month leaves), by card and summed by month, and the cards of each month."""

    def __init__(self, cards: list[tuple[str, int]], choices: dict[str, list[list[Flip]]]) -> None:
        self.by_card = {code: len(choices[code]) for code, _m in cards}
        self.of_month = Counter(m for _code, m in cards)
        self.by_month: Counter[int] = Counter()
        for code, month in cards:
            self.by_month[month] += self.by_card[code]
        self.choices = sum(self.by_card.values())


def _with_single_flips(play: Turn, listing: _Listing, gone: set[str]) -> list[Turn]:
    """:func:`_with_targets` when every sequence is one month card (the listing's cards but ``gone``).
    It reads only what the listing copied from the state, never the state, so that a listing read
    after a push still gives what was legal where it was made."""
    _hand, hand_month, options, bombed = _facing(play, listing.table)
    hand_targets = [_target(h) for h in options]
    alone = hand_targets[0] if len(hand_targets) == 1 else None
    by_flip = listing.flip_choices(bombed)
    turns: list[Turn] = []
    for code, month in listing.cards:
        if code in gone:
            continue
        if month == hand_month:
            turns.append(_completed(play, None, listing.flipped(code, None)))
        else:
            choices = by_flip[code]
            if len(hand_targets) == 1 and len(choices) == 1:  # no x at all: most turns
                turns.append(_completed(play, alone, choices[0]))
            else:
                turns += [_completed(play, h, flips) for h in hand_targets for flips in choices]
    return turns


def _bonus_lays(st: HandState, player: str, held: Counter[str], never: Counter[str]) -> Iterator[Bonus]:
    """Each bonus card the hand may lay, with each replacement the stock may give: the card a
    ``stock:`` line names, or one nobody sees, or any card that may lie in the stock (not the
    bonus card itself when it was its last copy not yet seen)."""
    if st.stock.remaining <= 0:
        return
    listed = st.stock.listed_next()
    for code in sorted(held):
        if not is_bonus(code):
            continue
        if listed is not None:
            draws = [_card(listed)]
        else:
            pool = _left_after(st, player, [code], never)
            draws = [UNSEEN_DRAW, *map(_card, pool.flips(st.stock.remaining))]
        yield from (Bonus(player=player, card=_card(code), draw=d) for d in draws)


def _bombs(st: HandState, player: str, held: Counter[str]) -> Iterator[tuple[str, ...]]:
    events = st.profile.events
    for month, on_table in st.table.months():
        if not month or not on_table or (not events.bomb_after_shake and month in st.deeds.shaken(player)):
            continue
        size = 3 if len(on_table) == 1 else 2 if len(on_table) == 2 and events.two_card_bomb != "off" else 0
        if size:
            yield from _bombs_of(st, player, held, month, size)
    if events.four_card_bomb:
        laid = {month for month, cards in st.table.months() if cards}
        for month in sorted({month_of(c) for c in held} - laid - {0}):
            if events.bomb_after_shake or month not in st.deeds.shaken(player):
                yield from _bombs_of(st, player, held, month, 4)


def _bombs_of(st: HandState, player: str, held: Counter[str], month: int, size: int) -> Iterator[tuple[str, ...]]:
    """Each choice of ``size`` held cards of the month that the player may bomb with."""
    cards = [c for c, n in held.items() for _ in range(n) if month_of(c) == month]
    yield from (c for c in sorted(set(combinations(sort_cards(cards), size))) if _can_hold(st, player, c))


def legal_flips(st: HandState, play: Turn) -> list[Turn]:
    """:func:`flips_after` on the state as play sees it: before the first turn, with the players
    seated (the table's cards and the dealer's bonus cards laid out), as :func:`legal_moves` has it."""
    return flips_after(deal.seated(st), play)


def flips_after(st: HandState, play: Turn, never: Counter[str] | None = None) -> list[Turn]:
    """The turn completed with every flip the stock may turn up, and ``x`` wherever a card has a
    choice of two different table cards. ``never`` is :func:`_never_seen`, when the caller has it."""
    table = st.table.layout()
    played = [c.code for c in play.cards]
    never = _never_seen(st) if never is None else never
    pool = _left_after(st, play.player, played, never)
    if play.play == "bomb" and st.profile.events.bomb_flips > 1:
        bombed = _facing(play, table)[3]
        after = {m: list(c) for m, c in table.items() if m != bombed}
        return [_completed(play, None, f) for f in _bomb_flips(st, pool, after, 0, st.profile.events.bomb_flips)]
    flips = _flip_sequences(st, pool, 0)
    if play.play == "card" and is_bonus(played[0]):
        return [turn for sequence in flips for turn in _joker_turns(st, play, table, sequence, pool)]
    return _with_targets(play, table, flips)


def _bomb_flips(st: HandState, pool: _Unseen, table: dict[int, list[str]], k: int, left: int) -> list[list[Flip]]:
    """Every run of flips of a bomb's turn that flips ``left`` month cards more (FW: three), each
    with its ``x`` where it has a choice on the table as the flips before it left it (EV-8)."""
    if left == 0:
        return [[]]
    runs: list[list[Flip]] = []
    for sequence in _flip_sequences(st, pool, k):
        month_card = next((c for c in sequence if not is_bonus(c)), None)
        if month_card is None:  # the stock ran out
            runs.append(_flips(sequence, None))
            continue
        for target in _options(table, month_card):
            rest = _bomb_flips(
                st, pool.without(sequence), _flipped_onto(table, month_card, target), k + len(sequence), left - 1
            )
            runs += [_flips(sequence, target) + more for more in rest]
    return runs


def _flipped_onto(table: dict[int, list[str]], card: str, target: str | None) -> dict[int, list[str]]:
    """The table's cards after a flipped card met them: laid, or taking one, the chosen, or all."""
    month = month_of(card)
    after = {m: list(c) for m, c in table.items()}
    cards = after.get(month, [])
    if not cards:
        after[month] = [card]
    elif len(cards) == 2:
        cards.remove(target if target is not None else cards[0])
    else:
        del after[month]
    return after


def _flip_sequences(st: HandState, pool: _Unseen, k: int) -> list[list[str]]:
    """Each sequence of flips a turn may make from the ``k``-th card of the stock on: a bonus card
    flips again, a month card ends it. A ``stock:`` line decides the cards it names."""
    if st.stock.remaining - k <= 0:
        return [[]]
    listed = st.stock.listed_at(st.stock.used + k)
    options = [listed] if listed is not None else pool.flips(st.stock.remaining - k)
    sequences: list[list[str]] = []
    for code in options:
        if is_bonus(code) and st.stock.remaining - k > 1:
            sequences += [[code, *more] for more in _flip_sequences(st, pool.without([code]), k + 1)]
        else:
            sequences.append([code])
    return sequences


def _options(table: dict[int, list[str]], code: str) -> list[str | None]:
    """The ``x`` choices of a card laid against the table: None when there is no choice."""
    cards = table.get(month_of(code), [])
    if len(cards) == 2 and cards[0] != cards[1]:
        return list(cards)
    return [None]


def _facing(play: Turn, table: dict[int, list[str]]) -> tuple[str | None, int, list[str | None], int]:
    """What a play's own card meets: the hand card (None for a bomb or a pass) and its month (0,
    which no month card has), its ``x`` choices on the table ([None] when it has none), and the
    month a bomb takes off the table before the flip (0 for any other play)."""
    if play.play == "card":
        hand = play.cards[0].code
        return hand, month_of(hand), _options(table, hand), 0
    return None, 0, [None], month_of(play.cards[0].code) if play.play == "bomb" else 0


def _with_targets(play: Turn, table: dict[int, list[str]], sequences: list[list[str]]) -> list[Turn]:
    """The play completed with each sequence of flips and each ``x`` choice it leaves: the hand
    card's when the flip does not take its month, the flip's when it does not fall on the hand card."""
    hand, hand_month, hand_options, bombed = _facing(play, table)
    after = table if not bombed else {m: c for m, c in table.items() if m != bombed}
    flip_options: dict[str, list[str | None]] = {}
    turns: list[Turn] = []
    for flips in sequences:
        month_card = next((c for c in flips if not is_bonus(c)), None)
        same = month_card is not None and hand is not None and month_of(month_card) == hand_month
        hand_choices = [None] if same else hand_options
        flip_choices: list[str | None] = [None]
        if month_card is not None and not same:
            if month_card not in flip_options:
                flip_options[month_card] = _options(after, month_card)
            flip_choices = flip_options[month_card]
        turns += [_completed(play, _target(h), _flips(flips, f)) for h in hand_choices for f in flip_choices]
    return turns


def _joker_turns(st: HandState, play: Turn, table: dict[int, list[str]], flips: list[str], pool: _Unseen) -> list[Turn]:
    """gamerules: the first month card flipped plays for the joker, and the next flip is the turn's."""
    at = next((i for i, c in enumerate(flips) if not is_bonus(c)), None)
    if at is None:
        return [_completed(play, play.target, _flips(flips, None))]
    substitute = flips[at]
    rest = _flip_sequences(st, pool.without(flips[: at + 1]), at + 1)
    turns: list[Turn] = []
    for more in rest:
        month_card = next((c for c in more if not is_bonus(c)), None)
        same = month_card is not None and month_of(month_card) == month_of(substitute)
        for h in [None] if same else _options(table, substitute):
            for f in [None] if month_card is None or same else _options(table, month_card):
                cards = [_flip(c, None) for c in flips[:at]]
                cards.append(_flip(substitute, h))
                cards += _flips(more, f)
                turns.append(_completed(play, play.target, cards))
    return turns


def _target(code: str | None) -> CardRef | None:
    return _card(code) if code is not None else None


def _flips(codes: list[str], target: str | None) -> list[Flip]:
    return [_flip(c, target if not is_bonus(c) else None) for c in codes]


def _gives(st: HandState) -> list[Give]:
    """Each other choice of junk a giver may hand over for the pending turn's steals."""
    pending = st.pending
    assert pending is not None
    moves: list[Give] = []
    for giver, count in calls.owed(st).items():
        if giver in pending.give_lines:
            continue
        declared = st.piles.declared(giver)
        junk = [c for c in st.piles.of(giver) if junk_value_of(c, declared)]
        for cards in sorted(set(combinations(sorted(junk), count))):
            moves.append(Give(player=giver, cards=[_card(c) for c in cards]))
    return moves


def _declarations(st: HandState) -> list[Declare]:
    """Where a sake cup counts from now on, for each player whose pile holds one."""
    moves: list[Declare] = []
    for player in st.order:
        declared = st.piles.declared(player)
        pile = st.piles.of(player)
        for code in sorted(set(pile)):
            if declaration_problem(player, code, pile, st.profile) is None:
                moves += [
                    Declare(player=player, card=_card(code), category=category)
                    for category in ("pi", "animal")
                    if declared.get(code) != category
                ]
    return moves
