"""What a viewer sees of a hand after a statement: the board's snapshot for the terminal and HTML
replays and the table app, which read it instead of the state."""

from __future__ import annotations

from collections import Counter

from ..records import frozen
from ..scoring import sort_cards
from . import calls, deal
from .events import Event
from .state import HandState


@frozen
class Stack:
    """The cards of one month on the table; ``owner`` is who made a stack of three ('' when dealt)."""

    month: int
    cards: tuple[str, ...]
    owner: str | None = None
    buried: tuple[str, ...] = ()
    """Bonus cards flipped into a ppeok, which go to whoever takes the stack."""


@frozen
class BoardView:
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
    seated, on a trial (the state itself waits for the ``give`` lines that may follow)."""
    if st.pending is None and (st.seating.table_line is None or st.began):
        return _seen(st)
    with st.trial():
        calls.close_pending(st)
        deal.begin(st)
        return _seen(st)


def _due(st: HandState) -> tuple[str, str | None]:
    """What comes next and whose it is."""
    if st.outcome.kind != "incomplete" or (st.began and st.hand_is_over()):
        return "over", None
    if st.calls.due is not None:
        return "call", st.calls.due.player
    if st.began:
        return "turn", st.expected()
    return "deal", None


def _seen(st: HandState) -> BoardView:
    players = tuple(st.order or st.seats)
    due, who = _due(st)
    return BoardView(
        players=players,
        dealer=st.dealer,
        turn=st.turn_number,
        table=tuple(
            Stack(m, tuple(cards), st.table.owner(m), tuple(st.table.buried(m)))
            for m, cards in sorted(st.table.months())
        ),
        hands={p: sort_cards(Counter(st.hands.known(p)).elements()) for p in players},
        unseen={p: st.hands.unseen(p) for p in players},
        dummies={p: st.deeds.dummies(p) for p in players},
        piles={p: sort_cards(st.piles.of(p)) for p in players},
        scores={p: st.score(p) if st.piles.holds(p) else 0 for p in players},
        gos={p: st.calls.gos.get(p, 0) for p in players},
        bombs={p: st.deeds.bombs.get(p, 0) for p in players},
        stock=max(st.stock.remaining, 0) if st.began else 0,
        due=due,
        who=who,
        outcome=st.outcome.kind,
        winner=st.outcome.winner,
        events=tuple(st.events),
    )
