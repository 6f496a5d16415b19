"""What a viewer sees of a hand after a statement: the board's snapshot for the terminal and HTML
replays and the table app, which read it instead of the state."""

from __future__ import annotations

from collections import Counter

from ..records import Record, frozen
from ..scoring import sort_cards
from . import calls, deal
from .events import Event
from .state import HandState


@frozen
class Stack(Record):
    """The cards of one month on the table; ``owner`` is who made a stack of three ('' when dealt)."""

    month: int
    cards: tuple[str, ...]
    owner: str | None = None
    buried: tuple[str, ...] = ()
    """Bonus cards flipped into a ppeok, which go to whoever takes the stack."""


@frozen
class BoardView(Record):
    """The table, hands, piles, running scores and what is due, as a viewer sees them."""

    players: tuple[str, ...]
    dealer: str
    turn: int
    """Turns played so far."""
    table: tuple[Stack, ...]
    hands: dict[str, list[str]]
    """Each player's cards known to be in hand, sorted."""
    unseen: dict[str, int]
    dummies: dict[str, int]
    piles: dict[str, list[str]]
    scores: dict[str, int]
    gos: dict[str, int]
    bombs: dict[str, int]
    """Each player's bombs that count as a multiplier (a two-card bomb only where the rules say so)."""
    stock: int
    """Cards left in the stock (0 until the deal is complete)."""
    due: str
    """What comes next: ``deal``, ``turn``, ``call`` (go or stop), or ``over``."""
    who: str | None
    """Whose turn or call is due."""
    outcome: str
    winner: str | None
    events: tuple[Event, ...]
    """Every event of the hand so far, with the steals of the last turn paid."""


def view_of(st: HandState) -> BoardView:
    """The view of a state: the last turn's steals paid and, once the table is dealt, the players
    seated, on a copy (the state itself waits for the ``give`` lines that may follow)."""
    seen = st
    if st.pending is not None or (st.table_line is not None and not st.began):
        seen = st.copy()
        calls.close_pending(seen)
        deal.begin(seen)
    players = tuple(seen.order or seen.seats)
    if seen.outcome.kind != "incomplete" or (seen.began and seen.hand_is_over()):
        due, who = "over", None
    elif seen.must_call is not None:
        due, who = "call", seen.must_call.player
    elif seen.began:
        due, who = "turn", seen.expected()
    else:
        due, who = "deal", None
    return BoardView(
        players=players,
        dealer=seen.dealer,
        turn=seen.turn_number,
        table=tuple(
            Stack(m, tuple(cards), seen.stack_owner.get(m), tuple(seen.buried.get(m, ())))
            for m, cards in sorted(seen.table.items())
            if cards
        ),
        hands={p: sort_cards(seen.hands.known.get(p, Counter()).elements()) for p in players},
        unseen={p: seen.hands.unseen.get(p, 0) for p in players},
        dummies={p: seen.dummies[p] for p in players},
        piles={p: sort_cards(seen.piles.get(p, [])) for p in players},
        scores={p: seen.score(p) if p in seen.tallies else 0 for p in players},
        gos={p: seen.gos[p] for p in players},
        bombs={p: seen.bombs[p] for p in players},
        stock=max(seen.stock.remaining, 0) if seen.began else 0,
        due=due,
        who=who,
        outcome=seen.outcome.kind,
        winner=seen.outcome.winner,
        events=tuple(seen.events),
    )
