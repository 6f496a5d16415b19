"""What the table app sends a page: the requests it takes and the state it answers with.

These are pydantic models (they cross the HTTP boundary). The state is built from the recorder
and the board's public doors only: its view, events, statements and legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..cards import UNSEEN, card_info
from ..engine import BoardView
from ..engine.events import Event
from ..messages import Lang, term
from ..notation import Statement, write_statement
from ..notation.model import CardRef, DealLine, StockLine, Turn
from ..records import dump, field_names, replace
from ..render.report import rendered_hand
from ..render.words import discrepancy_text, factor_reason, payment_reason, violation_text
from ..rules import PROFILES
from ..settlement.clearing import settle_up
from ..verdict import HandVerdict, Violation
from .guard import Role
from .recorder import MAX_LINE, MAX_LINES, Recorder

_Line = Field(max_length=MAX_LINE)


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")

    after: str = Field(max_length=64, description="the revision the page saw: a stale write is refused (409)")


class PushRequest(_Request):
    """Statements to record, in order (a deal's lines together)."""

    lines: list[str] = Field(min_length=1, max_length=MAX_LINES)


class UndoRequest(_Request):
    """Take the hand's last statement back."""


class CorrectRequest(_Request):
    """Put one statement in place of the hand's statement at ``index`` (0-based)."""

    index: int = Field(ge=0, le=10_000)
    line: str = Field(max_length=MAX_LINE)


class SetupRequest(_Request):
    """The table's set-up for the next hand."""

    seats: list[str] = Field(min_length=2, max_length=4)
    """The names, each at most 40 characters (a name, not a sentence)."""
    dealer: str | None = Field(default=None, max_length=80)
    stake: int | None = Field(default=None, ge=0, le=10**9)
    rules: str | None = Field(default=None, max_length=80)
    sets: dict[str, str] = Field(default_factory=dict, max_length=64)
    event: str | None = Field(default=None, max_length=200)


class FlipsRequest(BaseModel):
    """A hand play (card, bomb or pass) whose possible flips the page asks for."""

    model_config = ConfigDict(extra="forbid")
    play: str = Field(max_length=MAX_LINE)
    at: int | None = Field(default=None, ge=0, le=10_000)
    """For a correction: the index of the statement the turn would replace."""


class Step(BaseModel):
    """One choice of a turn after its play: a flip, or the card a play or flip takes (``x``)."""

    kind: Literal["flip", "take"]
    card: str
    target: str | None = None


class Option(BaseModel):
    """One complete turn the page may record, and the choices that make it."""

    text: str
    steps: list[Step]


class Move(BaseModel):
    """A statement legal now: its GSN text, its kind, who, and its cards."""

    text: str
    kind: str
    player: str | None = None
    play: str | None = None
    cards: list[str] = []


class StatementView(BaseModel):
    index: int
    line: int
    text: str
    kind: str
    player: str | None = None
    problems: list[dict[str, Any]] = []


class HandView(BaseModel):
    number: int
    seats: list[str]
    dealer: str
    rules: str
    stake: int
    deal_sizes: tuple[int, int]
    deck: list[str]
    """Every card of the deck, a code once for each copy (the deal's grid)."""
    board: dict[str, Any]
    statements: list[StatementView]
    events: list[dict[str, Any]]
    problems: list[dict[str, Any]]
    over: bool
    verdict: dict[str, Any] | None = None
    verdict_text: str | None = None


class EveningView(BaseModel):
    hands: list[dict[str, Any]]
    balance: dict[str, int]
    transfers: list[tuple[str, str, int]]


class TableState(BaseModel):
    """Everything a page shows: the hand, what may be recorded next, and the evening."""

    revision: str
    role: Role
    file: str
    lang: Lang
    profiles: list[dict[str, str]]
    next_setup: dict[str, Any]
    hand: HandView | None
    moves: list[Move] | None = None
    evening: EveningView


def violation_view(v: Violation, lang: Lang) -> dict[str, Any]:
    """A violation as a page shows it: its code said in the page's language, and its facts."""
    return {
        "code": v.code,
        "term": term(v.code, lang),
        "line": v.line,
        "column": v.column,
        "player": v.player,
        "card": v.card,
        "message": violation_text(v, lang),
        "params": dict(v.params),
    }


def _event_view(event: Event, lang: Lang) -> dict[str, Any]:
    return {
        "kind": event.kind,
        "label": term(event.kind, lang),
        "line": event.line,
        "player": event.player,
        "cards": list(event.cards),
        "other": event.other,
        "turn": event.turn,
        "note": event.note,
    }


def _board_view(view: BoardView) -> dict[str, Any]:
    shown = {name for name in field_names(BoardView) if name != "events"}  # sent once, as the hand's
    data: dict[str, Any] = dump(view, mode="json", include=shown)
    return data


def move_of(statement: Statement) -> Move:
    player = getattr(statement, "player", None)
    cards = [c.code for c in getattr(statement, "cards", [])]
    for one in ("card", "draw"):
        ref = getattr(statement, one, None)
        if ref is not None:
            cards.append(ref.code)
    return Move(
        text=write_statement(statement),
        kind=statement.kind,
        player=player,
        play=statement.play if isinstance(statement, Turn) else None,
        cards=cards,
    )


def option_of(turn: Turn) -> Option:
    """A complete turn as the page's successive choices: every flip first, then which card the play
    takes, then which card each flip takes. What the flip is decides whether the play has a
    choice at all (a ttadak takes all four), so the page asks one kind of question at a time and
    every legal turn is entered in one straight pass (decision T20)."""
    steps = [Step(kind="flip", card=flip.card.code) for flip in turn.flips]
    if turn.target is not None and turn.cards:
        steps.append(Step(kind="take", card=turn.cards[0].code, target=turn.target.code))
    steps += [
        Step(kind="take", card=flip.card.code, target=flip.target.code)
        for flip in turn.flips
        if flip.target is not None
    ]
    return Option(text=write_statement(turn), steps=steps)


def verdict_view(verdict: HandVerdict, lang: Lang) -> dict[str, Any]:
    """The verdict as the page lays it out: each score line and factor in the page's language."""
    return {
        "valid": verdict.valid,
        "outcome": verdict.outcome,
        "outcome_term": term(verdict.outcome, lang),
        "winner": verdict.winner,
        "carry_out": verdict.carry_out,
        "violations": [violation_view(v, lang) for v in verdict.violations],
        "discrepancies": [
            {"kind": d.kind, "line": d.line, "message": discrepancy_text(d, lang)} for d in verdict.discrepancies
        ],
        "scores": [
            {
                "player": player,
                "total": score.total,
                "items": [
                    {"rule": i.rule, "term": term(i.rule, lang), "points": i.points, "cards": i.cards}
                    for i in score.items
                ],
            }
            for player, score in verdict.scores.items()
        ],
        "payments": [
            {
                "payer": p.payer,
                "payee": p.payee,
                "points": p.points,
                "amount": p.amount,
                "kind": p.kind,
                "reason": payment_reason(p, lang) if p.reason else None,
                "factors": [
                    {
                        "rule": f.rule,
                        "term": term(f.rule, lang),
                        "factor": f.factor,
                        "reason": factor_reason(f, lang),
                    }
                    for f in p.factors
                ],
            }
            for p in verdict.payments
        ],
    }


def _verdict_text(evening: Recorder, verdict: HandVerdict, lang: Lang) -> str:
    from rich.console import Console

    console = Console(width=52, color_system=None, force_terminal=False, highlight=False, emoji=False)
    lines = {number: text for number, text in enumerate(evening.lines, start=1)}
    return rendered_hand(console, evening.path.name, verdict, lines, lang).rstrip()


def _hand_summary(verdict: HandVerdict) -> dict[str, Any]:
    return {
        "number": verdict.index,
        "dealer": verdict.dealer,
        "valid": verdict.valid,
        "outcome": verdict.outcome,
        "winner": verdict.winner,
        "payments": [
            {"payer": p.payer, "payee": p.payee, "points": p.points, "amount": p.amount} for p in verdict.payments
        ],
    }


def hand_view(evening: Recorder, lang: Lang) -> HandView | None:
    board = evening.board
    if board is None:
        return None
    view = board.view()
    problems: dict[int, list[dict[str, Any]]] = {}
    for problem in evening.problems():
        problems.setdefault(problem.index, []).append(violation_view(problem.violation, lang))
    statements = [
        StatementView(
            index=i,
            line=s.line,
            text=write_statement(s),
            kind=s.kind,
            player=getattr(s, "player", None),
            problems=problems.get(i, []),
        )
        for i, s in enumerate(evening.statements)
    ]
    verdict = evening.hand_verdict()
    profile = board.profile
    deck = [code for code, copies in profile.the_deck().counts.items() for _ in range(copies)]
    return HandView(
        number=len(evening.finished) + 1,
        seats=list(view.players),
        dealer=view.dealer,
        rules=profile.name,
        stake=evening.stake(),
        deal_sizes=profile.deal_size(len(view.players)),
        deck=sorted(deck, key=_card_order),
        board=_board_view(view),
        statements=statements,
        events=[_event_view(e, lang) for e in view.events],
        problems=[violation_view(v, lang) for v in board.violations],
        over=evening.is_over(),
        verdict=verdict_view(verdict, lang) if verdict is not None else None,
        verdict_text=_verdict_text(evening, verdict, lang) if verdict is not None else None,
    )


_KIND_ORDER = ["g", "a", "r", "p", "pp", "b"]


def _card_order(code: str) -> tuple[int, int, str]:
    """The grid's order: by month, then bright, animal, ribbon, junk, double junk; bonus cards last."""
    info = card_info(code)
    if info is None:
        return (99, 0, code)
    return (info.month or 13, _KIND_ORDER.index(info.kind.value), code)


def evening_view(evening: Recorder) -> EveningView:
    balance = evening.balance()
    return EveningView(
        hands=[_hand_summary(v) for v in evening.verdicts()],
        balance=balance,
        transfers=settle_up(balance),
    )


def moves_now(evening: Recorder) -> list[Move]:
    board = evening.board
    if board is None or (evening.hand is None and not evening.pending):
        return []
    return [move_of(m) for m in board.legal_plays()]


def state_of(evening: Recorder, role: Role, lang: Lang) -> TableState:
    """The state a page of this role and language is sent; its parts are made once a revision."""
    return TableState(
        revision=evening.revision,
        role=role,
        file=evening.path.name,
        lang=lang,
        profiles=[{"name": p.name, "summary": p.summary} for p in PROFILES.values()],
        next_setup=evening.remember("next-setup", evening.next_setup),
        hand=evening.remember(
            f"hand-{role}-{lang}",
            lambda: _seen_by(
                role, evening.remember(f"hand-{lang}", lambda: hand_view(evening, lang)), evening.statements
            ),
        ),
        moves=evening.remember("moves", lambda: moves_now(evening)) if role == "scorekeeper" else None,
        evening=evening.remember("evening", lambda: evening_view(evening)),
    )


def _seen_by(role: Role, hand: HandView | None, recorded: Sequence[Statement]) -> HandView | None:
    """A watcher's phone may be a player's: until the hand is over it shows how many cards each
    hand holds, never which (the cards played, the table and the piles are open to all)."""
    if role == "scorekeeper" or hand is None or hand.over:
        return hand
    board = dict(hand.board)
    held = {p: len(cards) for p, cards in board["hands"].items()}
    board["hands"] = {p: [] for p in held}
    board["unseen"] = {p: board["unseen"].get(p, 0) + n for p, n in held.items()}
    statements = [
        s.model_copy(update={"text": write_statement(_unseen(dealt))}) if isinstance(dealt, DealLine | StockLine) else s
        for s, dealt in zip(hand.statements, recorded, strict=True)
    ]
    events = [{**e, "cards": []} if e["kind"] == "deal" else e for e in hand.events]
    return hand.model_copy(update={"board": board, "statements": statements, "events": events})


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


def options_of(turns: Sequence[Turn]) -> list[Option]:
    return [option_of(t) for t in turns]
