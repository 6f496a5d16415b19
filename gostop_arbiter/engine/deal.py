"""The deal and what comes before the first turn (docs/rules-reference.md DL-1..DL-4, PC-1..PC-4, 4P-1): the deal
lines, selling or folding at four, chongtong, and the checks made once every player is seated."""

from __future__ import annotations

from collections import Counter

from ..cards import UNSEEN
from ..notation.model import CardRef, Chongtong, DealLine, Shake, SitOut, StockLine, TableLine
from .events import NOTES
from .state import HandState, Problem, is_bonus, month_of, problem
from .turn import shake


def setup_line(st: HandState, s: DealLine | TableLine | StockLine) -> None:
    """A ``deal``, ``table`` or ``stock`` line: every card it names is seen (but in a line longer
    than the deck: see :func:`_longer_than_the_deck`)."""
    if isinstance(s, DealLine):
        cards = [c.code for c in s.cards]
        st.seating.dealt[s.player] = cards
        st.hands.deal(s.player, cards)
        where = f"dealt to {s.player}"
        if _longer_than_the_deck(st, s, where):
            return
        for ref in s.cards:
            if ref.code != UNSEEN:
                st.observe(ref, s.line, s.player, where)
    elif isinstance(s, TableLine):
        if table_after_sitting_out(st):
            st.seating.table_line = s  # dealt from the stock once four sit out: laid at the seating
        else:
            _table_line(st, s)
    else:
        st.stock.list_cards([c.code for c in s.cards])
        if _longer_than_the_deck(st, s, "in the stock line"):
            return
        for ref in s.cards:
            if ref.code != UNSEEN:
                st.observe(ref, s.line, None, "in the stock line")


def _longer_than_the_deck(st: HandState, s: DealLine | TableLine | StockLine, where: str) -> bool:
    """extra-card, once, for a line that names more cards than the whole deck holds: which of its
    cards are the extra ones cannot be told, so none of them is counted as seen (decision H10)."""
    named = len(s.cards) + (len(s.dealer_bonus) if isinstance(s, TableLine) else 0)
    if named <= st.deck.size:
        return False
    player = s.player if isinstance(s, DealLine) else None
    st.violate(
        "extra-card",
        s.line,
        s.column,
        f"{named} cards {where}: the whole deck holds {st.deck.size}, so their cards are not counted",
        player,
        where=where,
        cards=named,
        deck=st.deck.size,
    )
    return True


def table_after_sitting_out(st: HandState) -> bool:
    """Seven at a Go-Stop table: the table is dealt after the drop-out (4P-3, decision R80)."""
    return st.profile.table_after_sitting_out(len(st.seats))


def _sat_out_cards(st: HandState) -> Counter[str]:
    """The known cards of the hands that sit the hand out."""
    return Counter(c for p in st.seating.sitting_out for c in st.seating.dealt.get(p, []) if c != UNSEEN)


def _back_in_stock(st: HandState) -> Counter[str]:
    """The known cards of the hands that sat out, shuffled back into the stock; with seven, less
    those the table was then dealt (each such card is that one, not one more: decision R80)."""
    back = _sat_out_cards(st)
    table_line = st.seating.table_line
    if table_line is not None and table_after_sitting_out(st):
        back -= Counter(ref.code for ref in [*table_line.dealer_bonus, *table_line.cards])
    return back


def _table_line(st: HandState, s: TableLine, from_stock: Counter[str] | None = None) -> None:
    """The table's cards laid; ``from_stock``: the cards of the sitters' hands the stock held when
    the table was dealt from it (seven at the table), each seen already and not observed again."""
    st.seating.table_line = s
    if _longer_than_the_deck(st, s, "on the table"):
        for ref in s.cards:  # laid out all the same, so that the deal-size check counts them
            if not is_bonus(ref.code):
                st.table.lay(month_of(ref.code), ref.code)
        return
    back = Counter(from_stock)

    def observe(ref: CardRef) -> None:
        if back[ref.code] > 0:
            back[ref.code] -= 1
        else:
            st.observe(ref, s.line, None, "on the table")

    for ref in s.dealer_bonus:
        observe(ref)
        if not is_bonus(ref.code):
            st.violate(
                "illegal-bonus",
                s.line,
                ref.column,
                f"+{ref.code}: only a bonus card is taken by the dealer",
                None,
                ref.code,
                reason="not-bonus",
            )
    for ref in s.cards:
        observe(ref)
        if is_bonus(ref.code):
            st.violate(
                "illegal-bonus",
                s.line,
                ref.column,
                f"{ref.code} on the table is taken by the dealer at once: write it +{ref.code}",
                None,
                ref.code,
                reason="bonus-on-table",
            )
            continue
        st.table.lay(month_of(ref.code), ref.code)


def before_play(st: HandState, s: SitOut | Chongtong | Shake) -> None:
    """A statement that belongs before the first turn (a shake too, where triples are shown at the deal)."""
    if isinstance(s, SitOut):
        sit_out(st, s)
    elif isinstance(s, Chongtong):
        st.seating.chongtong_claims.append(s)
    else:
        shake(st, s)


def sit_out(st: HandState, s: SitOut) -> None:
    """광팔기 or 죽기: one of four sits the hand out (4P-1)."""
    refused = sit_out_problem(st, s.player, s.how)
    if refused is not None:
        st.violate("illegal-declaration", s.line, s.column, refused[0], s.player, how=s.how, **refused[1])
        return
    st.seating.sitting_out[s.player] = s.how
    st.emit("sit-out", s.line, s.player, st.seating.dealt.get(s.player, []), note=s.how)


def sitters_needed(st: HandState) -> int:
    """How many sit a Go-Stop hand out: all but three of four to seven at the table (4P-1, 4P-3)."""
    return 0 if st.minhwatu else max(0, len(st.seats) - 3)


def next_sellers(st: HandState) -> list[str]:
    """Who must still sell when nobody more folds: the last in turn order who play so far, as many
    as are still to sit out (the last sells first, then the one before: 4P-1, 4P-3)."""
    free = sitters_needed(st) - len(st.seating.sitting_out)
    if free <= 0:
        return []
    playing = [p for p in st.seat_order() if p != st.dealer and p not in st.seating.sitting_out]
    return playing[-free:]


def sit_out_problem(st: HandState, player: str, how: str) -> Problem | None:
    """Why ``player: sell`` or ``player: fold`` is not allowed now (None when it is)."""
    rules = st.profile.four_players
    needed = sitters_needed(st)
    if not needed:
        return problem(f"{player}: only four to seven at the table sit out", "too-few")
    why: Problem | None = None
    out = st.seating.sitting_out
    if player in out or (out and needed == 1):
        sitter = player if player in out else next(iter(out))
        why = problem(f"{sitter} already sits this hand out", "one-already", sitter=sitter)
    elif len(out) >= needed:
        sitters = ", ".join(out)
        why = problem(f"{sitters} already sit this hand out", "enough-out", sitters=sitters)
    elif player == st.dealer:
        why = problem("the dealer always plays", "dealer")
    elif how == "fold" and not rules.fold_allowed:
        why = problem("folding is not allowed under these rules", "no-fold")
    elif how == "sell" and rules.mode != "sell-last":
        why = problem("selling brights is not part of these rules", "no-sale")
    elif how == "sell" and player not in next_sellers(st):
        last = " ".join(next_sellers(st))
        why = problem(f"only the last in turn order ({last}) sells when nobody folds", "not-last", last=last)
    return (f"{player} cannot {how}: {why[0]}", why[1]) if why is not None else None


def begin(st: HandState) -> None:
    """Everything before the first turn is known: seat the players, check the deal."""
    seating = st.seating
    if seating.began:
        return
    seating.began = True
    order = st.seat_order()
    for seller in reversed(next_sellers(st)):
        seating.sitting_out[seller] = "sell"
        said = NOTES("sell-nobody-folded")
        st.emit("sit-out", 0, seller, seating.dealt.get(seller, []), note=said.english(), said=said)
    seating.order = [p for p in order if p not in seating.sitting_out]
    if seating.table_line is not None and table_after_sitting_out(st):
        _table_line(st, seating.table_line, _sat_out_cards(st))
    seating.minimum = st.profile.min_score(len(seating.order))
    _check_deal(st)
    _take_dealer_bonus(st)
    _check_floor(st)
    if st.outcome.kind == "incomplete":
        _settle_chongtong(st)
    if st.outcome.kind == "incomplete" and st.profile.events.shake_timing == "at-deal":
        _check_triples_shown(st)


def seated(st: HandState) -> HandState:
    """The state as play sees it: before the first turn, once the table is dealt, a copy with the
    players seated (the deal checked, the stock counted, a chongtong or a redeal decided); the
    state itself otherwise."""
    if st.began or st.seating.table_line is None:
        return st
    copy = st.copy()
    begin(copy)
    return copy


def _check_deal(st: HandState) -> None:
    seating, table_line = st.seating, st.seating.table_line
    players = len(st.seats) if not st.minhwatu else len(st.order)
    hand_size, table_size = st.profile.deal_size(players)
    line = table_line.line if table_line else st.first_line()
    for p in st.seats:
        got = len(seating.dealt.get(p, []))
        if p in seating.dealt and got != hand_size:
            deal = st.deal_line_of(p)
            st.violate(
                "deal-size",
                deal.line,
                deal.column,
                f"{p} was dealt {got} cards; the deal is {hand_size}",
                p,
                got=got,
                size=hand_size,
            )
        elif p not in seating.dealt and p in st.order:
            st.violate(
                "deal-size", line, 1, f"{p} has no deal line; the deal is {hand_size} cards", p, got=0, size=hand_size
            )
    on_table = len(table_line.cards) if table_line else 0
    if on_table != table_size:
        column = table_line.column if table_line else 1
        st.violate(
            "deal-size",
            line,
            column,
            f"the table holds {on_table} cards after the deal; the deal is {table_size}",
            got=on_table,
            size=table_size,
            where="table",
        )
    dealt = sum(len(seating.dealt.get(p, [])) for p in st.order)
    bonus = len(table_line.dealer_bonus) if table_line else 0
    out = seating.sitting_out
    st.stock.fill(st.deck.size - dealt - on_table - bonus, _back_in_stock(st).elements())
    for p in out:
        st.hands.deal(p, [])


def _take_dealer_bonus(st: HandState) -> None:
    table_line = st.seating.table_line
    if not table_line:
        return
    for ref in table_line.dealer_bonus:
        if is_bonus(ref.code):
            st.piles.add(st.dealer, [ref.code])
            st.emit("dealer-bonus", table_line.line, st.dealer, [ref.code])


def _check_floor(st: HandState) -> None:
    line = st.seating.table_line.line if st.seating.table_line else 0
    for month, cards in st.table.months():
        if len(cards) == 4 and month:
            rule = st.profile.deal.floor_quad
            st.emit("redeal", line, None, cards, note=rule)
            if rule in ("redeal", "nagari"):
                st.end(rule, None, line)
            else:
                st.end("chongtong", st.dealer, line)
            return
        if len(cards) == 3 and month and not st.minhwatu:
            st.table.dealt_stack(month)


def chongtong_problem(st: HandState, s: Chongtong) -> Problem | None:
    """Why a chongtong declaration is void (None when its cards are four of a month)."""
    if st.minhwatu:
        return problem("Minhwatu has no chongtong", "minhwatu")
    months = {month_of(c.code) for c in s.cards}
    if len(s.cards) != 4 or len(months) != 1 or 0 in months:
        return problem(f"{s.player}: a chongtong is four cards of one month", "not-four")
    return None


def _settle_chongtong(st: HandState) -> None:
    """총통: the first declaration in turn order wins; all void, or a nagari when several hold one,
    under some rules (PC-4)."""
    valid: list[Chongtong] = []
    for s in st.seating.chongtong_claims:
        refused = chongtong_problem(st, s)
        if refused is not None:
            st.violate("illegal-declaration", s.line, s.column, refused[0], s.player, **refused[1])
            continue
        if not st.show(s.player, s.cards, s.line):
            continue
        valid.append(s)
        st.emit("chongtong", s.line, s.player, [c.code for c in s.cards])
    if not valid:
        return
    holders = {s.player for s in valid}
    if st.profile.deal.chongtong_all_void and holders == set(st.order) and len(valid) > 1:
        st.end("void", None, valid[0].line)
        return
    if len(holders) > 1 and st.profile.deal.chongtong_several == "nagari":
        st.end("nagari", None, valid[0].line)
        st.emit("nagari", valid[0].line)
        return
    first = min(valid, key=lambda s: st.order.index(s.player) if s.player in st.order else 99)
    st.end("chongtong", first.player, first.line)


def _check_triples_shown(st: HandState) -> None:
    """wikipedia-it: every known dealt triple must be shown before the first turn."""
    for p in st.order:
        months: Counter[int] = Counter()
        for code, copies in st.hands.known(p).items():
            months[month_of(code)] += copies
        for month, count in months.items():
            if count >= 3 and month and month not in st.deeds.shaken(p):
                deal = st.deal_line_of(p)
                st.violate(
                    "illegal-shake",
                    deal.line,
                    deal.column,
                    f"{p} was dealt three of month {month} and did not show them before the first turn",
                    p,
                    month=month,
                    reason="not-shown",
                )
