"""``gostop-arbiter replay``: the table after each turn, as the board shows it.

The hand is pushed statement by statement onto a board, and a snapshot taken from the board's view
when a turn (with its ``give`` lines, declarations and call) is complete.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..cards import Kind, card_info
from ..engine import BoardView, Event, HandBoard, HandVisitor, replay
from ..notation import Hand, write_statement
from ..notation.model import Call, Declare, Give, Statement, Turn
from ..records import Mutable, mutable
from ..rules import Profile
from ..verdict import HandVerdict, Violation
from .transcript import cards_text
from .words import Lang, term


@mutable
class Snapshot(Mutable):
    """The table after one turn."""

    turn: int
    line: int
    text: str
    events: list[Event]
    hands: dict[str, list[str]]
    unseen: dict[str, int]
    dummies: dict[str, int]
    table: list[tuple[int, list[str], str | None]]
    """(month, cards, owner of the stack) for each month on the table."""
    piles: dict[str, list[str]]
    scores: dict[str, int]
    outcome: str = "incomplete"
    winner: str | None = None
    notes: list[str] = field(default_factory=list)


def snapshots(hand: Hand, profile: Profile, dealer: str, *, deal: bool = False) -> Iterator[Snapshot]:
    """One snapshot after each turn of a played hand (with its gives, declarations and call);
    with ``deal``, first one of the table as dealt (turn 0). (The commands take them while the
    hand is judged, with :class:`SnapshotVisitor`.)"""
    visitor = SnapshotVisitor(deal=deal)
    board = replay(hand, profile, dealer=dealer, visitor=visitor)
    visitor.end_hand(board, None)
    yield from visitor.taken.get(hand.index, [])


class SnapshotVisitor(HandVisitor):
    """Takes the snapshots of each played hand as the judge pushes it (``only``: of that hand
    alone), so that a replay or a page needs no second replay of the hand."""

    def __init__(self, *, deal: bool = False, only: int | None = None) -> None:
        self.deal = deal
        self.only = only
        self.taken: dict[int, list[Snapshot]] = {}
        self._hand: Hand | None = None
        self._board: HandBoard | None = None
        self._shots: list[Snapshot] = []
        self._at = self._seen = 0
        self._last: Turn | None = None
        self._dealt = True

    def begin_hand(self, hand: Hand, board: HandBoard) -> None:
        if self.only is not None and hand.index != self.only:
            self._hand = self._board = None
            return
        self._hand, self._board = hand, board
        self._at, self._seen, self._last, self._dealt = 0, 0, None, not self.deal
        self._shots = self.taken[hand.index] = []
        if not self._dealt and hand.statements and isinstance(hand.statements[0], Turn):
            self._deal_shot()

    def visit_statement(self, statement: Statement, events: list[Event], violations: list[Violation]) -> None:
        hand, board = self._hand, self._board
        if hand is None or board is None:
            return
        self._at += 1
        following = hand.statements[self._at] if self._at < len(hand.statements) else None
        if isinstance(statement, Turn):
            self._last = statement
        if not self._dealt and isinstance(following, Turn):
            self._deal_shot()
        if self._last is not None and following is not None and not isinstance(following, Give | Declare | Call):
            self._turn_shot()

    def end_hand(self, board: HandBoard, verdict: HandVerdict | None) -> None:
        if self._hand is not None and self._last is not None:
            self._turn_shot()  # the last turn, with what closing the record decided (a stop, a nagari)
        self._hand = self._board = None

    def _deal_shot(self) -> None:
        assert self._board is not None
        view = self._board.view()
        self._shots.append(_snapshot(view, None, [e for e in view.events if e.kind in OPENING]))
        self._seen = len(view.events)
        self._dealt = True

    def _turn_shot(self) -> None:
        assert self._board is not None
        view = self._board.view()
        self._shots.append(_snapshot(view, self._last, [e for e in view.events[self._seen :] if e.kind != "deal"]))
        self._seen = len(view.events)
        self._last = None


OPENING = ("sit-out", "dealer-bonus", "chongtong")
"""The events the deal's snapshot shows (made as the players are seated)."""


def _snapshot(view: BoardView, turn: Turn | None, events: list[Event]) -> Snapshot:
    return Snapshot(
        turn=view.turn,
        line=turn.line if turn else 0,
        text=write_statement(turn) if turn else "the deal",
        events=events,
        hands=view.hands,
        unseen=view.unseen,
        dummies=view.dummies,
        table=[(stack.month, list(stack.cards), stack.owner) for stack in view.table],
        piles=view.piles,
        scores=view.scores,
        outcome=view.outcome,
        winner=view.winner,
    )


def describe(event: Event, lang: Lang = "en") -> str:
    """One event in words: 'Jae flipped 9p', 'chok: Jae takes 9r 9p'."""
    cards = " ".join(event.cards)
    who = event.player or ""
    name = term(event.kind, lang)
    words = {
        "play": f"{who} played {cards}",
        "lay": f"{cards} stays on the table",
        "flip": f"{who} flipped {cards}",
        "capture": f"{who} takes {cards}",
        "ppeok": f"{name}: {cards} stay stuck together, {who}'s",
        "ja-ppeok": f"{name}: {who} takes back {who}'s own ppeok",
        "stack": f"{name}: {who} takes the stack {cards}"
        + (f" ({event.other}'s ppeok)" if event.other else " (dealt)"),
        "chok": f"{name}: {who} takes {cards}",
        "ttadak": f"{name}: {who} takes all four, {cards}",
        "sweep": f"{name}: {who} leaves the table empty",
        "steal": f"{event.other} gives {cards} to {who}",
        "bomb": f"{name}: {who} takes {cards}",
        "pass": f"{who} plays a dummy turn",
        "shake": f"{name}: {who} shows {cards}",
        "bonus": f"{who} lays the bonus card {cards}",
        "draw": f"{who} draws a replacement",
        "declare": f"{who} counts {cards} as {event.note}",
        "go": f"{who}: {term('go', lang)} ({event.note})",
        "stop": f"{who}: {term('stop', lang)} ({event.note})",
        "nagari": f"{name}: nobody wins the hand",
        "chongtong": f"{name}: {who} shows {cards}",
        "three-ppeok": f"{name}: {who} wins with a third ppeok",
        "immediate": f"{event.other} pays {who} {event.extra.get('points', 0)} at once: {event.note}",
        "dealer-bonus": f"{who} takes {cards} from the table",
        "sit-out": f"{who} sits out ({event.note})",
        "redeal": "four of a month on the table: redeal",
    }
    return words.get(event.kind, f"{event.kind} {who} {cards}".strip())


def _pile(cards: list[str]) -> Text:
    groups: dict[str, list[str]] = {"g": [], "a": [], "r": [], "p": []}
    for code in cards:
        info = card_info(code)
        kind = info.kind if info else Kind.JUNK
        groups[{Kind.BRIGHT: "g", Kind.ANIMAL: "a", Kind.RIBBON: "r"}.get(kind, "p")].append(code)
    text = Text()
    for group in groups.values():
        if group:
            if text:
                text.append(" | ")
            text.append_text(cards_text(group))
    return text


def snapshot_view(snap: Snapshot, lang: Lang = "en") -> Group:
    heading = Text(f"turn {snap.turn} · line {snap.line} · ", style="bold")
    heading.append(snap.text)
    happened = Text("\n".join("  " + describe(e, lang) for e in snap.events if e.kind not in ("play", "flip")))
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column(term("player", lang))
    table.add_column("hand")
    table.add_column(term("pile", lang))
    table.add_column(term("points", lang), justify="right")
    for player, cards in snap.hands.items():
        shown = cards_text(cards)
        if snap.unseen[player]:
            shown.append(f" +{snap.unseen[player]} unseen", style="dim")
        if snap.dummies[player]:
            shown.append(f" +{snap.dummies[player]} dummy", style="dim")
        table.add_row(player, shown, _pile(snap.piles[player]), str(snap.scores[player]))
    on_table = Text(f"{term('table', lang)}: ")
    for i, (_month, cards, owner) in enumerate(snap.table):
        if i:
            on_table.append("  ")
        on_table.append_text(cards_text(cards))
        if owner is not None and len(cards) >= 3:
            on_table.append(f" ({owner}'s ppeok)" if owner else " (dealt stack)", style="dim")
    parts: list[Text | Table] = [heading]
    if happened.plain:
        parts.append(happened)
    parts += [on_table, table]
    if snap.outcome != "incomplete":
        parts.append(Text(f"{snap.outcome}" + (f": {snap.winner}" if snap.winner else ""), style="bold green"))
    return Group(*parts)
