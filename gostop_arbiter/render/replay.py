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
from ..messages import say_message
from ..notation import Hand, write_statement
from ..notation.model import Call, Declare, Give, Statement, TableLine, Turn
from ..records import mutable
from ..rules import Profile
from ..verdict import HandVerdict, Violation
from .transcript import cards_text
from .words import Lang, cards_words, say, statement_words, term


@mutable
class Snapshot:
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
    statement: Turn | None = None
    """The turn's line itself, for writing it in the reader's spelling (``text`` is its GSN)."""


def snapshots(hand: Hand, profile: Profile, dealer: str, *, deal: bool = False) -> Iterator[Snapshot]:
    """One snapshot after each turn of a played hand (with its gives, declarations and call);
    with ``deal``, first one of the table as dealt (turn 0). (The commands take them while the
    hand is judged, with :class:`SnapshotVisitor`.)"""
    visitor = SnapshotVisitor(deal=deal)
    board = replay(hand, profile, dealer=dealer, visitor=visitor)
    visitor.end_hand(board, None)
    yield from visitor.taken.get(hand.index, [])


MAX_TURNS = 100
"""The most turns of one hand a replay shows. A hand a table plays has about 30 (ten cards a
player in Matgo, seven in Go-Stop, and the bonus cards' draws); a record may hold any number."""


@mutable
class LeftOut:
    """The turns of a hand a replay does not show: after the hand has ended (a stop, the last card,
    a nagari), or past :data:`MAX_TURNS`; how many, and the lines they are on."""

    why: str
    """``after the end`` or ``past the limit``."""
    turns: int = 0
    first_line: int = 0
    last_line: int = 0

    def add(self, turn: Turn) -> None:
        self.turns += 1
        self.first_line = self.first_line or turn.line
        self.last_line = turn.line


class SnapshotVisitor(HandVisitor[None]):
    """Takes the snapshots of each played hand as the judge pushes it (``only``: of that hand
    alone; ``upto``: of the hands up to that one), so that a replay or a page needs no second
    replay of the hand. A hand's turns after
    it has ended, and past :data:`MAX_TURNS`, are counted in :attr:`left_out`, not taken: each
    snapshot holds the whole table, so taking them would make the replay grow with the square of
    a record that goes on and on (decision H19)."""

    def __init__(self, *, deal: bool = False, only: int | None = None, upto: int | None = None) -> None:
        self.deal = deal
        self.only = only
        self.upto = upto
        self.taken: dict[int, list[Snapshot]] = {}
        self.left_out: dict[int, LeftOut] = {}
        self._hand: Hand | None = None
        self._board: HandBoard | None = None
        self._shots: list[Snapshot] = []
        self._at = self._seen = 0
        self._last: Turn | None = None
        self._dealt = True

    def begin_hand(self, hand: Hand, board: HandBoard) -> None:
        if (self.only is not None and hand.index != self.only) or (self.upto is not None and hand.index > self.upto):
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
        if hand.index in self.left_out:
            if isinstance(statement, Turn):
                self.left_out[hand.index].add(statement)
            return
        following = hand.statements[self._at] if self._at < len(hand.statements) else None
        if isinstance(statement, Turn):
            self._last = statement
        if not self._dealt and isinstance(following, Turn):
            self._deal_shot()
        if self._last is not None and following is not None and not isinstance(following, Give | Declare | Call):
            self._turn_shot()
            if board.is_over():
                self.left_out[hand.index] = LeftOut("after the end")
            elif self._shots[-1].turn >= MAX_TURNS:
                self.left_out[hand.index] = LeftOut("past the limit")

    def end_hand(self, board: HandBoard, verdict: HandVerdict | None) -> None:
        if self._hand is not None:
            if not self._dealt and any(isinstance(s, TableLine) for s in self._hand.statements):
                self._deal_shot()  # dealt, no turn played yet (a hand being recorded): the deal is its step
            if self._last is not None and self._hand.index not in self.left_out:
                self._turn_shot()  # the last turn, with what closing the record decided (a stop, a nagari)
            if not self.left_out.get(self._hand.index, LeftOut("")).turns:
                self.left_out.pop(self._hand.index, None)
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
        statement=turn,
    )


EVENT_WORDS: dict[str, str] = {
    "play": "{who} played {cards}",
    "lay": "{cards} stays on the table",
    "flip": "{who} flipped {cards}",
    "capture": "{who} takes {cards}",
    "ppeok": "{name}: {cards} stay stuck together, {who}'s",
    "ja-ppeok": "{name}: {who} takes back {who}'s own ppeok",
    "chok": "{name}: {who} takes {cards}",
    "ttadak": "{name}: {who} takes all four, {cards}",
    "sweep": "{name}: {who} leaves the table empty",
    "steal": "{other} gives {cards} to {who}",
    "bomb": "{name}: {who} takes {cards}",
    "pass": "{who} plays a dummy turn",
    "shake": "{name}: {who} shows {cards}",
    "bonus": "{who} lays the bonus card {cards}",
    "draw": "{who} draws a replacement",
    "declare": "{who} counts {cards} as {note}",
    "go": "{who}: {call} ({note})",
    "stop": "{who}: {call} ({note})",
    "nagari": "{name}: nobody wins the hand",
    "chongtong": "{name}: {who} shows {cards}",
    "three-ppeok": "{name}: {who} wins with a third ppeok",
    "immediate": "{other} pays {who} {points} at once: {note}",
    "dealer-bonus": "{who} takes {cards} from the table",
    "sit-out": "{who} sits out ({note})",
    "redeal": "four of a month on the table: redeal",
    "shodang": "{name}: {who} shows the hand and offers a draw",
    "shodang-answer": "{who} answers the shodang: {note}",
}
"""Each event in words, as the catalogue's English msgids."""


def describe(event: Event, lang: Lang = "en") -> str:
    """One event in words: 'Jae flipped 9p', 'chok: Jae takes 9r 9p'."""
    cards = cards_words(event.cards, lang)
    msgid = EVENT_WORDS.get(event.kind)
    if event.kind == "stack":
        msgid = (
            "{name}: {who} takes the stack {cards} ({other}'s ppeok)"
            if event.other
            else ("{name}: {who} takes the stack {cards} (dealt)")
        )
    if msgid is None:
        return f"{term(event.kind, lang)} {event.player or ''} {cards}".strip()
    # without a message, the note is a code: the category declared, how a player sat out, a redeal's rule
    note = say_message(event.said, lang) if event.said is not None else term(event.note, lang)
    return say(
        msgid,
        lang,
        who=event.player or "",
        cards=cards,
        name=term(event.kind, lang),
        other=event.other or "",
        call=term(event.kind, lang),
        note=note,
        points=event.extra.get("points", 0),
    )


LEFT_OUT = {
    "after the end": "lines {first}–{last}: {count} turns after the end of the hand are not shown",
    "past the limit": "lines {first}–{last}: {count} turns past the {limit}th are not shown",
}
"""What a replay says of the turns it does not show (:class:`LeftOut`), as the catalogue's msgids."""


def left_out_text(left_out: LeftOut, lang: Lang = "en") -> str:
    """The turns of a hand a replay does not show, and where they are."""
    return say(
        LEFT_OUT[left_out.why],
        lang,
        first=left_out.first_line,
        last=left_out.last_line,
        count=f"{left_out.turns:,}",
        limit=MAX_TURNS,
    )


def _pile(cards: list[str], lang: Lang) -> Text:
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
            text.append_text(cards_text(group, lang))
    return text


def turn_words(snap: Snapshot, lang: Lang = "en") -> str:
    """The line a snapshot follows, as the reader writes it (``Yuna: 비광 / 12띠 !쪽``), or the deal."""
    if snap.statement is not None:
        return statement_words(snap.statement, lang)
    return say("the deal", lang) if snap.line == 0 and snap.text == "the deal" else snap.text


def snapshot_view(snap: Snapshot, lang: Lang = "en") -> Group:
    """The table after one turn: what happened, the table, and each player's hand, pile and points."""
    if snap.statement is None and snap.line == 0:
        heading = Text(say("turn 0 · the deal", lang), style="bold")  # no line was played yet
    else:
        heading = Text(say("turn {turn} · line {line} · ", lang, turn=snap.turn, line=snap.line), style="bold")
        heading.append(turn_words(snap, lang))
    happened = Text("\n".join("  " + describe(e, lang) for e in snap.events if e.kind not in ("play", "flip")))
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column(term("player", lang), overflow="fold")
    table.add_column(term("hand cards", lang) if lang != "en" else "hand", overflow="fold")
    table.add_column(term("pile", lang), overflow="fold")
    table.add_column(term("points", lang), justify="right", overflow="fold")
    for player, cards in snap.hands.items():
        shown = cards_text(cards, lang)
        if snap.unseen[player]:
            shown.append(say(" +{count} unseen", lang, count=snap.unseen[player]), style="dim")
        if snap.dummies[player]:
            shown.append(say(" +{count} dummy", lang, count=snap.dummies[player]), style="dim")
        table.add_row(player, shown, _pile(snap.piles[player], lang), str(snap.scores[player]))
    on_table = Text(f"{term('table', lang)}: ")
    for i, (_month, cards, owner) in enumerate(snap.table):
        if i:
            on_table.append("  ")
        on_table.append_text(cards_text(cards, lang))
        if owner is not None and len(cards) >= 3:
            stack = say(" ({owner}'s ppeok)", lang, owner=owner) if owner else say(" (dealt stack)", lang)
            on_table.append(stack, style="dim")
    parts: list[Text | Table] = [heading]
    if happened.plain:
        parts.append(happened)
    parts += [on_table, table]
    if snap.outcome != "incomplete":
        ended = say("{outcome}: {winner}", lang, outcome=term(snap.outcome, lang), winner=snap.winner)
        parts.append(Text(ended if snap.winner else term(snap.outcome, lang), style="bold green"))
    return Group(*parts)
