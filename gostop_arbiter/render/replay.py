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
from ..engine import BoardView, Event, HandBoard
from ..notation import Hand, write_statement
from ..notation.model import Call, Declare, Give, Turn
from ..records import Mutable, mutable
from ..rules import Profile
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
    with ``deal``, first one of the table as dealt (turn 0)."""
    board = HandBoard.of_hand(hand, profile, dealer=dealer)
    last: Turn | None = None
    seen = 0
    statements = list(hand.statements)
    for i, statement in enumerate(statements):
        if deal and isinstance(statement, Turn) and last is None:
            deal = False
            view = board.view()
            yield _snapshot(view, None, [e for e in view.events if e.kind in ("sit-out", "dealer-bonus", "chongtong")])
            seen = len(view.events)
        board.push(statement, strict=False)
        if isinstance(statement, Turn):
            last = statement
        following = statements[i + 1] if i + 1 < len(statements) else None
        if last is not None and not isinstance(following, Give | Declare | Call):
            if following is None:
                board.close()
            view = board.view()
            events = [e for e in view.events[seen:] if e.kind != "deal"]
            seen = len(view.events)
            yield _snapshot(view, last, events)
            last = None


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
