"""What the table app sends a page: typed views of the recorder's evening.

These are pydantic models (they cross the HTTP boundary). The state is built from the recorder and
the board's public doors only: its view, events, statements and legal moves. Every sentence in
them is said in the page's language: the statements and the moves offered as sentences with the
cards' names (:mod:`.said`), the verdict as ``check`` says it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel

from ..card_names import card_name
from ..cards import UNSEEN, card_info
from ..cards import card_order as cards_order
from ..engine import BoardView, HandBoard
from ..engine.events import Event
from ..messages import Lang, money, pgettext, term
from ..notation import Statement, write_statement
from ..notation.model import CardRef, DealLine, Declare, Give, Hand, StockLine, Turn
from ..records import replace
from ..render.report import rendered_hand
from ..render.words import discrepancy_text, factor_reason, payment_reason, violation_text
from ..rules import PROFILES
from ..settlement.clearing import settle_up
from ..verdict import HandVerdict, Violation
from .guard import Role
from .recorder import Recorder
from .said import hint, said
from .words import profile_label


class ViolationView(BaseModel):
    """A rule broken: its code said in the page's language, and its facts."""

    code: str
    term: str
    line: int
    column: int
    player: str | None
    card: str | None
    message: str
    params: dict[str, str | int]


class EventView(BaseModel):
    """Something that happened (a ppeok, a steal, a go …), said in the page's language."""

    kind: str
    label: str
    line: int
    player: str | None
    cards: list[str]
    other: str | None
    turn: int | None
    note: str


class StatementView(BaseModel):
    """A statement of the hand: its line in the file, its GSN and its sentence, and what no
    longer holds at it."""

    index: int
    line: int
    text: str
    said: str
    kind: str
    player: str | None
    problems: list[ViolationView] = []


class MoveView(BaseModel):
    """A statement the page may record now, named by its place in the board's listing (``id``):
    the page sends the id, and the server writes the statement."""

    id: int
    kind: str
    player: str | None
    play: str | None
    cards: list[str]
    text: str
    said: str
    hint: str
    to: str | None = None
    """Whom the statement is for: the player a ``give`` hands its junk to (the turn's player)."""


class StepView(BaseModel):
    """One choice of a turn after its play: a flip, or the card a play or flip takes (``x``)."""

    kind: Literal["flip", "take"]
    card: str
    target: str | None = None


class OptionView(BaseModel):
    """One complete turn of a play, named by its place among the play's turns (``id``)."""

    id: int
    text: str
    said: str
    steps: list[StepView]


class ScoreItemView(BaseModel):
    rule: str
    term: str
    points: int
    cards: list[str]


class ScoreView(BaseModel):
    player: str
    total: int
    items: list[ScoreItemView]


class FactorView(BaseModel):
    rule: str
    term: str
    factor: int
    reason: str


class PaymentView(BaseModel):
    payer: str
    payee: str
    points: int
    amount: int
    money: str
    """The amount with its unit, as the page's language writes it (``1,100원``)."""
    kind: str
    reason: str | None
    factors: list[FactorView]


class DiscrepancyView(BaseModel):
    kind: str
    line: int
    message: str


class VerdictView(BaseModel):
    """The verdict as ``check`` gives it, each line said in the page's language."""

    valid: bool
    outcome: str
    outcome_term: str
    winner: str | None
    carry_out: int
    violations: list[ViolationView]
    discrepancies: list[DiscrepancyView]
    scores: list[ScoreView]
    payments: list[PaymentView]


class HandView(BaseModel):
    """The hand being recorded, or the evening's last hand when it is a tally."""

    number: int
    kind: Literal["played", "tally"]
    seats: list[str]
    dealer: str
    rules: str
    rules_label: str
    stake: int
    deal_sizes: tuple[int, int]
    table_later: bool = False
    """Seven at the table: the hands are dealt first, and the table (``deal_sizes[1]`` cards) once
    four sit out, from the stock their hands went into (4P-3, decision R80)."""
    deck: list[str]
    """Every card of the deck, a code once for each copy, by month then kind (the deal's grid)."""
    board: BoardView | None
    """The board's view (its events sent apart, as :attr:`events`), each hand and pile in the
    page's order; None for a tally hand."""
    statements: list[StatementView]
    events: list[EventView]
    problems: list[ViolationView]
    over: bool
    verdict: VerdictView | None = None
    verdict_text: str | None = None


class PaymentLine(BaseModel):
    payer: str
    payee: str
    points: int
    amount: int


class HandSummary(BaseModel):
    number: int
    dealer: str | None
    valid: bool
    outcome: str
    winner: str | None
    payments: list[PaymentLine]


class Transfer(BaseModel):
    payer: str
    payee: str
    amount: int


class EveningView(BaseModel):
    hands: list[HandSummary]
    balance: dict[str, int]
    transfers: list[Transfer]


class ProfileView(BaseModel):
    name: str
    label: str
    summary: str


class NextSetup(BaseModel):
    """What the set-up screen proposes: the same table, the dealer the rules choose."""

    seats: list[str]
    dealer: str | None
    stake: int
    rules: str
    sets: dict[str, str]


class UndoneView(BaseModel):
    """What the last undo took back, said, while it may still be put back."""

    kind: Literal["statement", "tally"]
    said: list[str]


class TableState(BaseModel):
    """Everything a page shows: the hand, what may be recorded next, and the evening."""

    revision: str
    role: Role
    file: str
    title: str | None
    """The evening's name (its first hand's ``Event`` tag), if it has one."""
    lang: Lang
    profiles: list[ProfileView]
    next_setup: NextSetup
    hand: HandView | None
    moves: list[MoveView] | None = None
    evening: EveningView
    undone: UndoneView | None = None


# ---- the parts --------------------------------------------------------------------------------


def violation_view(v: Violation, lang: Lang) -> ViolationView:
    return ViolationView(
        code=v.code,
        term=term(v.code, lang),
        line=v.line,
        column=v.column,
        player=v.player,
        card=v.card,
        message=violation_text(v, lang),
        params=dict(v.params),
    )


def _event_view(event: Event, lang: Lang) -> EventView:
    return EventView(
        kind=event.kind,
        label=term(event.kind, lang),
        line=event.line,
        player=event.player,
        cards=list(event.cards),
        other=event.other,
        turn=event.turn,
        note=event.note,
    )


def _board_state(view: BoardView) -> BoardView:
    """The board's view as the page is sent it: its hands and piles in the page's order, its
    events apart (they are the hand's)."""
    return replace(
        view,
        hands={p: sorted(cards, key=card_order) for p, cards in view.hands.items()},
        piles={p: sorted(cards, key=card_order) for p, cards in view.piles.items()},
        events=(),
    )


def move_view(index: int, statement: Statement, lang: Lang, to: str | None = None) -> MoveView:
    player = getattr(statement, "player", None)
    cards = [c.code for c in getattr(statement, "cards", [])]
    for one in ("card", "draw"):
        ref = getattr(statement, one, None)
        if ref is not None:
            cards.append(ref.code)
    return MoveView(
        id=index,
        kind=statement.kind,
        player=player,
        play=statement.play if isinstance(statement, Turn) else None,
        cards=cards,
        text=write_statement(statement),
        said=said(statement, lang),
        hint=hint(statement, lang),
        to=to,
    )


def option_view(index: int, turn: Turn, lang: Lang) -> OptionView:
    """A complete turn as the page's successive choices: every flip first, then which card the play
    takes, then which card each flip takes. What the flip is decides whether the play has a
    choice at all (a ttadak takes all four), so the page asks one kind of question at a time and
    every legal turn is entered in one straight pass (decision T20)."""
    steps = [StepView(kind="flip", card=flip.card.code) for flip in turn.flips]
    if turn.target is not None and turn.cards:
        steps.append(StepView(kind="take", card=turn.cards[0].code, target=turn.target.code))
    steps += [
        StepView(kind="take", card=flip.card.code, target=flip.target.code)
        for flip in turn.flips
        if flip.target is not None
    ]
    return OptionView(id=index, text=write_statement(turn), said=said(turn, lang), steps=steps)


def offered(board: HandBoard, moves: Sequence[Statement]) -> list[int]:
    """The places in the board's listing of the statements worth offering now (decisions T29,
    T62): a sake cup's placement only to the player whose turn or call it is (it may decide their
    score then); a giver's junk only when what they give may change a pile's count, since left
    alone the arbiter gives the junk worth least (GSN §5); everything else the board lists."""
    who = board.view().who
    worths: dict[str, set[tuple[str, ...]]] = {}
    for move in moves:
        if isinstance(move, Give):
            worths.setdefault(move.player, set()).add(gift_worth(move))
    return [
        i
        for i, move in enumerate(moves)
        if not (isinstance(move, Declare) and move.player != who)
        and not (isinstance(move, Give) and len(worths[move.player]) < 2)
    ]


def gift_worth(gift: Give) -> tuple[str, ...]:
    """What a gift of junk counts for in a pile: each card's junk value, the sake cup by its code
    (what it is worth is where it counts). Two gifts of one worth are the same to every score."""
    return tuple(sorted(_junk_worth(c.code) for c in gift.cards))


def _junk_worth(code: str) -> str:
    """One card's worth as junk (``1``, ``2``, ``3``); the sake cup as itself."""
    info = card_info(code)
    return code if code == "9a" or info is None else str(info.junk_value)


def receiver(board: HandBoard) -> str | None:
    """The player whose turn a ``give`` pays for: the last turn's."""
    turns = [s for s in board.statements if isinstance(s, Turn)]
    return turns[-1].player if turns else None


def verdict_view(verdict: HandVerdict, lang: Lang, currency: str | None = None) -> VerdictView:
    """The verdict as the page lays it out: each score line and factor in the page's language."""
    return VerdictView(
        valid=verdict.valid,
        outcome=verdict.outcome,
        outcome_term=term(verdict.outcome, lang),
        winner=verdict.winner,
        carry_out=verdict.carry_out,
        violations=[violation_view(v, lang) for v in verdict.violations],
        discrepancies=[
            DiscrepancyView(kind=d.kind, line=d.line, message=discrepancy_text(d, lang)) for d in verdict.discrepancies
        ],
        scores=[
            ScoreView(
                player=player,
                total=score.total,
                items=[
                    ScoreItemView(rule=i.rule, term=term(i.rule, lang), points=i.points, cards=list(i.cards))
                    for i in score.items
                ],
            )
            for player, score in verdict.scores.items()
        ],
        payments=[
            PaymentView(
                payer=p.payer,
                payee=p.payee,
                points=p.points,
                amount=p.amount,
                money=money(p.amount, lang, currency),
                kind=p.kind,
                reason=payment_reason(p, lang) if p.reason else None,
                factors=[
                    FactorView(rule=f.rule, term=term(f.rule, lang), factor=f.factor, reason=factor_reason(f, lang))
                    for f in p.factors
                ],
            )
            for p in verdict.payments
        ],
    )


def _verdict_text(evening: Recorder, verdict: HandVerdict, lang: Lang) -> str:
    from rich.console import Console

    console = Console(width=52, color_system=None, force_terminal=False, highlight=False, emoji=False)
    lines = {number: text for number, text in enumerate(evening.lines, start=1)}
    return rendered_hand(console, evening.path.name, named_cards(verdict, lang), lines, lang).rstrip()


def named_cards(verdict: HandVerdict, lang: Lang) -> HandVerdict:
    """The verdict with each score line's cards by the names players write (``8 bright, 11 bright``,
    not ``8g 11g``): the check's text on the page is read at the table, not beside the file
    (decision T66); in Korean the report names them so already."""
    if lang == "ko":
        return verdict  # the report writes Korean cards by their names itself (decision P85)
    scores = {
        player: replace(score, items=[replace(item, cards=_names(item.cards, lang)) for item in score.items])
        for player, score in verdict.scores.items()
    }
    return replace(verdict, scores=scores)


def _names(codes: Sequence[str], lang: Lang) -> list[str]:
    """Cards' names as a list: an English name (``8 bright``) has a space of its own, so each is
    followed by a comma."""
    names = [card_name(code, lang) for code in codes]
    return [f"{name}," for name in names[:-1]] + names[-1:]


def _hand_summary(verdict: HandVerdict) -> HandSummary:
    return HandSummary(
        number=verdict.index,
        dealer=verdict.dealer,
        valid=verdict.valid,
        outcome=verdict.outcome,
        winner=verdict.winner,
        payments=[
            PaymentLine(payer=p.payer, payee=p.payee, points=p.points, amount=p.amount) for p in verdict.payments
        ],
    )


def _statement_view(
    index: int, s: Statement, lang: Lang, problems: list[ViolationView], taken: Sequence[str] = ()
) -> StatementView:
    return StatementView(
        index=index,
        line=s.line,
        text=write_statement(s),
        said=said(s, lang, taken),
        kind=s.kind,
        player=getattr(s, "player", None),
        problems=problems,
    )


def hand_view(evening: Recorder, lang: Lang) -> HandView | None:
    """The hand being recorded (or set up), else the evening's last hand if it is a tally."""
    board = evening.board
    if board is None:
        return _tally_view(evening, lang)
    view = board.view()
    problems: dict[int, list[ViolationView]] = {}
    for problem in evening.problems():
        problems.setdefault(problem.index, []).append(violation_view(problem.violation, lang))
    verdict = evening.hand_verdict()
    profile = board.profile
    taken = taken_by_line(view.events)
    hand = evening.hand or (evening.pending.hand if evening.pending else None)
    return HandView(
        number=len(evening.finished) + 1,
        kind="played",
        seats=list(view.players),
        dealer=view.dealer,
        rules=profile.name,
        rules_label=profile_label(profile.name, lang),
        stake=evening.stake(),
        deal_sizes=profile.deal_size(len(view.players)),
        table_later=profile.table_after_sitting_out(len(hand.seats if hand is not None else view.players)),
        deck=deck_of(board),
        board=_board_state(view),
        statements=[
            _statement_view(i, s, lang, problems.get(i, []), taken.get(s.line, ()))
            for i, s in enumerate(evening.statements)
        ],
        events=[_event_view(e, lang) for e in view.events],
        problems=[violation_view(v, lang) for v in board.violations],
        over=evening.is_over(),
        verdict=verdict_view(verdict, lang, _currency(hand)) if verdict is not None else None,
        verdict_text=_verdict_text(evening, verdict, lang) if verdict is not None else None,
    )


def _tally_view(evening: Recorder, lang: Lang) -> HandView | None:
    tally = evening.last_tally()
    if tally is None:
        return None
    judged = evening.finished[-1][1]
    verdict = judged if isinstance(judged, HandVerdict) else None
    profile = evening.profile_of(tally)
    return HandView(
        number=len(evening.finished),
        kind="tally",
        seats=list(tally.seats),
        dealer=evening.dealer_of(tally),
        rules=profile.name,
        rules_label=profile_label(profile.name, lang),
        stake=tally.stake,
        deal_sizes=profile.deal_size(len(tally.seats)),
        deck=sorted(_deck_codes(profile.the_deck().counts), key=card_order),
        board=None,
        statements=[_statement_view(i, s, lang, []) for i, s in enumerate(tally.statements)],
        events=[],
        problems=[],
        over=True,
        verdict=verdict_view(verdict, lang, _currency(tally)) if verdict is not None else None,
        verdict_text=_verdict_text(evening, verdict, lang) if verdict is not None else None,
    )


def taken_by_line(events: Sequence[Event]) -> dict[int, list[str]]:
    """The cards each turn took from the table, by its line: what its captures moved into the
    pile, less the cards it played and flipped, in the page's order."""
    moved: dict[int, Counter[str]] = {}
    own: dict[int, Counter[str]] = {}
    for event in events:
        if event.kind == "capture":
            moved.setdefault(event.line, Counter()).update(event.cards)
        elif event.kind in ("play", "flip"):
            own.setdefault(event.line, Counter()).update(event.cards)
    return {
        line: sorted((cards - own.get(line, Counter())).elements(), key=card_order) for line, cards in moved.items()
    }


def _currency(hand: Hand | None) -> str:
    """The hand's ``Currency``; a table's stake is in won unless it says otherwise (decision T56),
    so the English page says *1,100 won* where ``check`` says *1,100*."""
    tag = hand.tag("Currency") if hand is not None else None
    return tag.value if tag is not None else "won"


def _deck_codes(counts: Mapping[str, int]) -> list[str]:
    return [code for code, copies in counts.items() for _ in range(copies)]


def deck_of(board: HandBoard) -> list[str]:
    """Every card of the hand's deck, once for each copy, in the page's order."""
    return sorted(_deck_codes(board.profile.the_deck().counts), key=card_order)


def card_order(code: str) -> tuple[int, int, str]:
    """The order the page shows cards in, everywhere: the report's (:func:`..cards.card_order`),
    with a card not seen after every card."""
    return (100, 0, code) if code == UNSEEN else cards_order(code)


def evening_view(evening: Recorder) -> EveningView:
    balance = evening.balance()
    return EveningView(
        hands=[_hand_summary(v) for v in evening.verdicts()],
        balance=balance,
        transfers=[Transfer(payer=a, payee=b, amount=n) for a, b, n in settle_up(balance)],
    )


def legal_now(evening: Recorder) -> list[Statement]:
    """Every statement the board lists as legal now (its place in this list is a move's id)."""
    board = evening.board
    if board is None or (evening.hand is None and not evening.pending):
        return []
    return list(board.legal_plays())


def moves_now(evening: Recorder, lang: Lang) -> list[MoveView]:
    board = evening.board
    listed = evening.remember("legal", lambda: legal_now(evening))
    if board is None:
        return []
    to = receiver(board)
    return [move_view(i, listed[i], lang, to if isinstance(listed[i], Give) else None) for i in offered(board, listed)]


def _undone_view(evening: Recorder, lang: Lang) -> UndoneView | None:
    undone = evening.undone()
    if undone is None:
        return None
    return UndoneView(kind=undone.kind, said=[said(s, lang) for s in undone.statements])


def state_of(evening: Recorder, role: Role, lang: Lang) -> TableState:
    """The state a page of this role and language is sent; its parts are made once a revision."""
    keeper = role == "scorekeeper"
    return TableState(
        revision=evening.revision,
        role=role,
        file=evening.path.name,
        title=evening.title(),
        lang=lang,
        profiles=[
            ProfileView(name=p.name, label=profile_label(p.name, lang), summary=pgettext("profile", p.summary, lang))
            for p in PROFILES.values()
        ],
        next_setup=evening.remember("next-setup", lambda: NextSetup.model_validate(evening.next_setup())),
        hand=evening.remember(
            f"hand-{role}-{lang}",
            lambda: _seen_by(
                role, evening.remember(f"hand-{lang}", lambda: hand_view(evening, lang)), evening.statements, lang
            ),
        ),
        moves=evening.remember(f"moves-{lang}", lambda: moves_now(evening, lang)) if keeper else None,
        evening=evening.remember("evening", lambda: evening_view(evening)),
        undone=evening.remember(f"undone-{lang}", lambda: _undone_view(evening, lang))
        if role == "scorekeeper"
        else None,
    )


def _seen_by(role: Role, hand: HandView | None, recorded: Sequence[Statement], lang: Lang) -> HandView | None:
    """A watcher's phone may be a player's: until the hand is over it shows how many cards each
    hand holds, never which (the cards played, the table and the piles are open to all)."""
    if role == "scorekeeper" or hand is None or hand.over or hand.board is None:
        return hand
    board = hand.board
    held = {p: len(cards) for p, cards in board.hands.items()}
    hidden = replace(
        board, hands={p: [] for p in held}, unseen={p: board.unseen.get(p, 0) + n for p, n in held.items()}
    )
    statements = [
        s.model_copy(update={"text": write_statement(_unseen(dealt)), "said": said(_unseen(dealt), lang)})
        if isinstance(dealt, DealLine | StockLine)
        else s
        for s, dealt in zip(hand.statements, recorded, strict=True)
    ]
    events = [e.model_copy(update={"cards": []}) if e.kind == "deal" else e for e in hand.events]
    return hand.model_copy(update={"board": hidden, "statements": statements, "events": events})


def _unseen(dealt: DealLine | StockLine) -> DealLine | StockLine:
    """A deal or stock line as a watcher may read it: as many cards, none of them named (``?*10``)."""
    return replace(dealt, cards=[CardRef(code=UNSEEN)] * len(dealt.cards))


def watcher_lines(evening: Recorder) -> list[str]:
    """The file as a watcher may read it (its download and its replay): the hand being played,
    until it is over, with its deal and stock lines naming no card (decision T11)."""
    lines = list(evening.lines)
    if evening.is_over():
        return lines
    for dealt in evening.statements:
        if isinstance(dealt, DealLine | StockLine):
            lines[dealt.line - 1] = write_statement(_unseen(dealt))
    return lines
