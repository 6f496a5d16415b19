"""Card accounting: where every card is, or that it is not known, at every moment of a replay.

A card is *observed* each time the record shows it somewhere new: dealt face up, on the table, in
the stock line, flipped, or played from a hand nobody saw. A card observed more often than the
deck holds it is an ``extra-card``; a code the deck does not hold is an ``unknown-card``. Cards
moving between known places (hand → table → pile) are not observed again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field

from ..cards import UNSEEN, Deck
from ..records import Mutable, mutable


@mutable
class Hands(Mutable):
    """Each player's hand: the cards known to be in it, and how many unseen cards it holds."""

    known: dict[str, Counter[str]] = field(default_factory=dict)
    unseen: dict[str, int] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    """Cards in each hand, known and unseen, counted as they come and go (asked after every turn)."""
    drawn: dict[str, int] = field(default_factory=dict)
    """Unseen cards each hand drew from the stock (a bonus card's replacement nobody saw): one of
    them may be a card known to lie in the stock (decision E30)."""

    def deal(self, player: str, cards: list[str]) -> None:
        self.known[player] = Counter(c for c in cards if c != UNSEEN)
        self.unseen[player] = sum(1 for c in cards if c == UNSEEN)
        self.sizes[player] = len(cards)

    def size(self, player: str) -> int:
        return self.sizes.get(player, 0)

    def add(self, player: str, code: str | None) -> None:
        """A card joins the hand: a known one, or (``None``) one nobody saw."""
        if code is None:
            self.unseen[player] = self.unseen.get(player, 0) + 1
            self.drawn[player] = self.drawn.get(player, 0) + 1
        else:
            self.known.setdefault(player, Counter())[code] += 1
        self.sizes[player] = self.sizes.get(player, 0) + 1

    def reveal(self, player: str, code: str) -> None:
        """One of the hand's unseen cards turns out to be ``code`` (the hand's size is unchanged)."""
        self.unseen[player] -= 1
        self.known.setdefault(player, Counter())[code] += 1

    def remove(self, player: str, code: str) -> None:
        """A known card leaves the hand."""
        self.known[player][code] -= 1
        self.sizes[player] -= 1

    def holds_known(self, player: str, code: str, copies: int = 1) -> bool:
        """The hand is known to hold ``copies`` of the card (at least)."""
        known = self.known.get(player)
        return known is not None and known[code] >= copies


@mutable
class Stock(Mutable):
    """The stock: its size, how many cards have left it, and what the ``stock:`` line said."""

    size: int = 0
    used: int = 0
    listed: list[str] = field(default_factory=list)
    """The ``stock:`` line from the top (``?`` where not known)."""
    returned: Counter[str] = field(default_factory=Counter)
    """Cards known to be somewhere in the stock, such as the hand of a player who sat out."""

    @property
    def remaining(self) -> int:
        return self.size - self.used

    def listed_next(self) -> str | None:
        """The card the stock line says comes next, or None when it does not say."""
        if self.used < len(self.listed) and self.listed[self.used] != UNSEEN:
            return self.listed[self.used]
        return None


@mutable
class Ledger(Mutable):
    """How often each card has been observed, against what the deck holds."""

    deck: Deck
    seen: Counter[str] = field(default_factory=Counter)

    def observe(self, code: str) -> str | None:
        """Count one more sighting of a card; the violation code it makes, if any."""
        copies = self.deck.counts.get(code)
        if copies is None:
            return "unknown-card"
        seen = self.seen[code] = self.seen.get(code, 0) + 1
        return "extra-card" if seen > copies else None

    def fully_seen(self, code: str) -> bool:
        return self.seen[code] >= self.deck.copies(code)

    def never_seen(self) -> list[tuple[str, int]]:
        """Deck cards seen fewer times than the deck holds them, with how many are missing."""
        return [
            (code, copies - self.seen[code]) for code, copies in self.deck.counts.items() if self.seen[code] < copies
        ]
