"""The table (바닥) of a played hand: each month's face-up cards, and the stacks of three (뻑) with
who made them, on which of their own turns, and the bonus cards flipped into them.

The table owns its invariants: a month is listed only while it holds cards, a stack's owner and
bonus cards go with its month, and the cards leave only through :meth:`Table.take` and
:meth:`Table.clear`.
"""

from __future__ import annotations

from collections.abc import Iterator

NATURAL = ""
"""The owner of a triple dealt to the table (자연뻑): nobody."""


class Cleared:
    """What leaving the table took from one month: its cards (the buried bonus cards after them),
    the stack's owner (None: no stack) and the owner's turn it was made on."""

    __slots__ = ("cards", "made", "owner")

    def __init__(self, cards: list[str], owner: str | None, made: int) -> None:
        self.cards = cards
        self.owner = owner
        self.made = made


class Table:
    """The table's cards by month, and its stacks."""

    __slots__ = ("_buried", "_made", "_months", "_owners")

    def __init__(self) -> None:
        self._months: dict[int, list[str]] = {}
        self._owners: dict[int, str] = {}
        self._made: dict[int, int] = {}
        self._buried: dict[int, list[str]] = {}

    def copy(self) -> Table:
        other = Table.__new__(Table)
        other._months = {m: list(cards) for m, cards in self._months.items()}
        other._owners = dict(self._owners)
        other._made = dict(self._made)
        other._buried = {m: list(cards) for m, cards in self._buried.items()}
        return other

    def _fields(self) -> tuple[object, ...]:
        return self._months, self._owners, self._made, self._buried

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Table) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    # ---- reading --------------------------------------------------------------------------

    def cards(self, month: int) -> list[str]:
        """The month's cards on the table, in the order they came (a copy)."""
        return list(self._months.get(month, ()))

    def count(self, month: int) -> int:
        return len(self._months.get(month, ()))

    def months(self) -> Iterator[tuple[int, list[str]]]:
        """Each month on the table with its cards (copies), in the order the months came."""
        for month, cards in self._months.items():
            yield month, list(cards)

    def layout(self) -> dict[int, list[str]]:
        """Month → cards, a copy a listing may keep."""
        return {m: list(cards) for m, cards in self._months.items()}

    def size(self) -> int:
        """Cards face up on the table."""
        return sum(map(len, self._months.values()))

    def months_held(self) -> int:
        return len(self._months)

    def is_empty(self) -> bool:
        return not self._months

    def owner(self, month: int) -> str | None:
        """Who made the month's stack (:data:`NATURAL` for one dealt), None when it is no stack."""
        return self._owners.get(month)

    def buried(self, month: int) -> list[str]:
        return list(self._buried.get(month, ()))

    def all_buried(self) -> list[str]:
        """Every bonus card buried in a stack."""
        return [code for cards in self._buried.values() for code in cards]

    def holds(self) -> int:
        """Every card the table holds, buried ones too."""
        return self.size() + len(self.all_buried())

    # ---- changing -------------------------------------------------------------------------

    def lay(self, month: int, card: str) -> None:
        """A card laid face up on its month."""
        self._months.setdefault(month, []).append(card)

    def take(self, month: int, card: str) -> None:
        """One card taken from its month (the month leaves the table when it is empty)."""
        cards = self._months[month]
        cards.remove(card)
        if not cards:
            del self._months[month]

    def clear(self, month: int) -> Cleared:
        """Every card of the month taken, the buried bonus cards with them, and the stack undone."""
        cards = self._months.pop(month, []) + self._buried.pop(month, [])
        return Cleared(cards, self._owners.pop(month, None), self._made.pop(month, 0))

    def stack(self, month: int, cards: list[str], owner: str, made: int, buried: list[str]) -> None:
        """A stack of three (뻑) made by ``owner`` on their ``made``-th own turn, with the bonus
        cards flipped into it."""
        self._months[month] = list(cards)
        self._owners[month] = owner
        self._made[month] = made
        self._buried[month] = list(buried)

    def dealt_stack(self, month: int) -> None:
        """The month's three dealt cards are a stack of nobody's (자연뻑)."""
        self._owners[month] = NATURAL
