"""What a page may ask the table to write, and the statements the server makes of it.

The page never builds GSN: it names a legal move by its place in the board's listing (the listing
of the revision it names), and the cards of a deal or a tally by their codes; the server makes the
notation's own statements of them and writes them with the writer (:func:`~..notation.write_statement`).
These are pydantic models (they cross the HTTP boundary); a request that is not one is refused
with 422 and the reason.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..cards import UNSEEN
from ..notation import Statement, write_statement
from ..notation.model import Bomb, Call, CardRef, Claim, DealLine, Declare, PileLine, Shake, TableLine
from ..rules import SEVEN
from .recorder import MAX_LINE, MAX_LINES, MAX_SEATS, RecorderError
from .views import card_order

_Times = Annotated[int, Field(ge=0, le=MAX_LINES)]
"""How many goes, shakes or bombs a tally names for one player: each is a line, and a write holds at
most :data:`MAX_LINES` of them (a larger number was made into lines before it was refused)."""

_Card = Field(max_length=8, pattern=r"^(?:[0-9]{1,2}(?:pp|p|g|a|r)|b[0-9])$")
_Name = Field(max_length=80)
_Named = Field(default=None, max_length=80)
_Count = Field(default=0, ge=0, le=20)


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Write(_Request):
    after: str = Field(max_length=64, description="the revision the page saw: a stale write is refused (409)")


class PushRequest(_Write):
    """Statements written as lines of GSN, in order (a program's way, and a statement typed)."""

    lines: list[str] = Field(min_length=1, max_length=MAX_LINES)


class UndoRequest(_Write):
    """Take the hand's last statement back (a tally hand whole)."""


class RedoRequest(_Write):
    """Put back what the last undo took back."""


class PlayRequest(_Write):
    """A legal move of the revision ``after``, by its place in the board's listing (``id`` of the
    state's moves); for a hand play, ``option`` is the place of its complete turn among the
    play's turns (the ``id`` of an option the flips gave)."""

    move: int = Field(ge=0, le=100_000)
    option: int | None = Field(default=None, ge=0, le=100_000)


class FlipsRequest(_Request):
    """A hand play (card, bomb or pass), by its place in the board's listing, whose complete turns
    the page asks for; ``at``: for a correction, where the statement it would replace stands."""

    after: str | None = Field(default=None, max_length=64)
    play: int = Field(ge=0, le=100_000)
    at: int | None = Field(default=None, ge=0, le=10_000)


class CorrectRequest(_Write):
    """Put a statement in place of the hand's statement at ``index`` (0-based): a move of the
    listing where it stands (``move``, ``option``), or a line of GSN typed (``line``)."""

    index: int = Field(ge=0, le=10_000)
    move: int | None = Field(default=None, ge=0, le=100_000)
    option: int | None = Field(default=None, ge=0, le=100_000)
    line: str | None = Field(default=None, max_length=MAX_LINE)


class SetupRequest(_Write):
    """The table's set-up for the next hand."""

    seats: list[str] = Field(min_length=2, max_length=MAX_SEATS)
    """The names, each at most 40 characters (a name, not a sentence)."""
    dealer: str | None = Field(default=None, max_length=80)
    stake: int | None = Field(default=None, ge=0, le=10**9)
    rules: str | None = Field(default=None, max_length=80)
    sets: dict[str, str] = Field(default_factory=dict, max_length=128)
    event: str | None = Field(default=None, max_length=200)


class DealtHand(_Request):
    """One player's hand of the deal: the cards seen, and how many were not."""

    player: str = _Name
    cards: list[str] = Field(default_factory=list, max_length=20)
    unseen: int = _Count


class DealRequest(_Write):
    """The whole deal: each hand, then the table (a bonus card on it is the dealer's at once); seven at
    the table send no table here: it is dealt after four sit out, as a line of its own (decision R80)."""

    hands: list[DealtHand] = Field(min_length=2, max_length=MAX_SEATS)
    table: list[str] = Field(max_length=20)


class ClaimRequest(_Write):
    """What the table actually paid: one payment, in points or in money (``amount``, what a family
    counts: the server makes it points by the hand's stake), or a nagari."""

    payer: str | None = _Named
    payee: str | None = _Named
    points: int | None = Field(default=None, ge=0, le=100_000)
    amount: int | None = Field(default=None, ge=0, le=10**12)


class Cup(_Request):
    """Where a player counts the sake cup (9a) of their pile."""

    player: str = _Name
    category: Literal["pi", "animal"]


class TallyRequest(_Write):
    """A hand recorded by its end alone (GSN §6): each player's captured cards, each player's goes,
    shakes and bombs that count, who stopped (nobody: a nagari), and the sake cup's placement."""

    piles: dict[str, list[str]] = Field(max_length=MAX_SEATS)
    goes: dict[str, _Times] = Field(default_factory=dict, max_length=MAX_SEATS)
    shakes: dict[str, _Times] = Field(default_factory=dict, max_length=MAX_SEATS)
    bombs: dict[str, _Times] = Field(default_factory=dict, max_length=MAX_SEATS)
    stop: str | None = _Named
    cup: Cup | None = None


def _ordered(codes: list[str]) -> list[str]:
    return sorted(codes, key=card_order)


def _refs(codes: list[str]) -> list[CardRef]:
    return [CardRef(code=code) for code in codes]


def deal_statements(request: DealRequest) -> list[Statement]:
    """The deal's lines: each hand (its cards not seen as ``?``), then the table, each line's cards
    in the page's order (by month, then kind), not in the order they were tapped."""
    lines: list[Statement] = [
        DealLine(player=hand.player, cards=_refs([*_ordered(hand.cards), *[UNSEEN] * hand.unseen]))
        for hand in request.hands
    ]
    if len(request.hands) == SEVEN and not request.table:
        return lines  # seven: the table is dealt after four sit out, as a line of its own (decision R80)
    table = _ordered(request.table)
    bonus = [code for code in table if code.startswith("b")]
    laid = [code for code in table if not code.startswith("b")]
    lines.append(TableLine(cards=_refs(laid), dealer_bonus=_refs(bonus)))
    return lines


def claim_statement(request: ClaimRequest, stake: int) -> Claim:
    """The claim line of what the table paid; money is said in points at the hand's ``stake``
    (GSN's claim is in points), refused when it is no whole number of them."""
    if request.payer is None and request.payee is None and request.points is None and request.amount is None:
        return Claim()
    points = request.points
    if request.amount is not None:
        if stake <= 0 or request.amount % stake:
            raise RecorderError(
                "{amount} is not a whole number of points at {stake} a point: write what was paid",
                amount=f"{request.amount:,}",
                stake=f"{stake:,}",
            )
        points = request.amount // stake
    return Claim(payer=request.payer, payee=request.payee, points=points)


def tally_statements(request: TallyRequest, seats: list[str]) -> list[Statement]:
    """A tally hand's lines in the order GSN §6 shows: the piles in the seats' order, the goes
    (the one who stopped last), one line per shake and bomb, the stop, then the sake cup."""
    for_each = [p for p in seats if p != request.stop] + ([request.stop] if request.stop in seats else [])
    lines: list[Statement] = [PileLine(player=p, cards=_refs(request.piles[p])) for p in seats if p in request.piles]
    lines += [Call(player=p, call="go") for p in for_each for _ in range(request.goes.get(p, 0))]
    lines += [Shake(player=p) for p in seats for _ in range(request.shakes.get(p, 0))]
    lines += [Bomb(player=p) for p in seats for _ in range(request.bombs.get(p, 0))]
    if request.stop is not None:
        lines.append(Call(player=request.stop, call="stop"))
    if request.cup is not None:
        lines.append(Declare(player=request.cup.player, card=CardRef(code="9a"), category=request.cup.category))
    return lines


def written(statements: list[Statement]) -> list[str]:
    """The statements as the writer writes them, one line each."""
    return [write_statement(s) for s in statements]
