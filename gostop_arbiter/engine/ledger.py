"""Card accounting: where every card is, or that it is not known, at every moment of a replay.

A card is *observed* each time the record shows it somewhere new: dealt face up, on the table, in
the stock line, flipped, or played from a hand nobody saw. A card observed more often than the
deck holds it is an ``extra-card``; a code the deck does not hold is an ``unknown-card``. Cards
moving between known places (hand → table → pile) are not observed again.

Three parts keep it, each changed only through its own methods: the :class:`Ledger` (how often
each card was seen), the :class:`Hands` and the :class:`Stock`. What they hold is read through
``Mapping`` views.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from ..cards import UNSEEN, Deck

_EMPTY: Mapping[str, int] = Counter()

Sighting = tuple[int, str | None, str]
"""Where a card was seen: the line, the player whose hand or turn showed it (None for the table or
the stock line), and how (``dealt to Jae``, ``on the table``, ``flipped``)."""


class Hands:
    """Each player's hand: the cards known to be in it, and how many unseen cards it holds."""

    __slots__ = ("_drawn", "_known", "_sizes", "_unseen")

    def __init__(self) -> None:
        self._known: dict[str, Counter[str]] = {}
        self._unseen: dict[str, int] = {}
        self._sizes: dict[str, int] = {}
        """Cards in each hand, known and unseen, counted as they come and go (asked after every turn)."""
        self._drawn: dict[str, int] = {}
        """Unseen cards each hand drew from the stock (a bonus card's replacement nobody saw): one of
        them may be a card known to lie in the stock (decision E30)."""

    def copy(self) -> Hands:
        other = Hands.__new__(Hands)
        other._known = {p: Counter(cards) for p, cards in self._known.items()}
        other._unseen = dict(self._unseen)
        other._sizes = dict(self._sizes)
        other._drawn = dict(self._drawn)
        return other

    def _fields(self) -> tuple[object, ...]:
        return self._known, self._unseen, self._sizes, self._drawn

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Hands) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    # ---- reading --------------------------------------------------------------------------

    def known(self, player: str) -> Mapping[str, int]:
        """The cards the hand is known to hold, code → copies (a code may show 0 copies)."""
        return self._known.get(player, _EMPTY)

    def unseen(self, player: str) -> int:
        """How many of the hand's cards nobody has seen."""
        return self._unseen.get(player, 0)

    def any_unseen(self) -> bool:
        return any(self._unseen.values())

    def drawn(self, player: str) -> int:
        return self._drawn.get(player, 0)

    def size(self, player: str) -> int:
        return self._sizes.get(player, 0)

    def holds_known(self, player: str, code: str, copies: int = 1) -> bool:
        """The hand is known to hold ``copies`` of the card (at least)."""
        known = self._known.get(player)
        return known is not None and known[code] >= copies

    # ---- changing -------------------------------------------------------------------------

    def deal(self, player: str, cards: list[str]) -> None:
        known = [c for c in cards if c != UNSEEN]
        self._known[player] = Counter(known)
        self._unseen[player] = len(cards) - len(known)
        self._sizes[player] = len(cards)

    def add(self, player: str, code: str | None) -> None:
        """A card joins the hand: a known one, or (``None``) one nobody saw."""
        if code is None:
            self._unseen[player] = self._unseen.get(player, 0) + 1
            self._drawn[player] = self._drawn.get(player, 0) + 1
        else:
            self._known.setdefault(player, Counter())[code] += 1
        self._sizes[player] = self._sizes.get(player, 0) + 1

    def reveal(self, player: str, code: str) -> None:
        """One of the hand's unseen cards turns out to be ``code`` (the hand's size is unchanged)."""
        self._unseen[player] -= 1
        self._known.setdefault(player, Counter())[code] += 1

    def drew_back(self, player: str) -> None:
        """One of the unseen cards the hand drew is a card seen before (decision E30)."""
        self._drawn[player] -= 1

    def remove(self, player: str, code: str) -> None:
        """A known card leaves the hand."""
        self._known[player][code] -= 1
        self._sizes[player] -= 1


class Stock:
    """The stock: its size, how many cards have left it, and what the ``stock:`` line said."""

    __slots__ = ("_listed", "_returned", "size", "used")

    def __init__(self) -> None:
        self.size = 0
        """Cards in the stock once the deal is complete (0 before)."""
        self.used = 0
        """Cards that have left it."""
        self._listed: list[str] = []
        """The ``stock:`` line from the top (``?`` where not known)."""
        self._returned: Counter[str] = Counter()
        """Cards known to be somewhere in the stock, such as the hand of a player who sat out."""

    def copy(self) -> Stock:
        other = Stock.__new__(Stock)
        other.size, other.used = self.size, self.used
        other._listed = self._listed  # written once, by the stock line, and never changed
        other._returned = Counter(self._returned)
        return other

    def _fields(self) -> tuple[object, ...]:
        return self.size, self.used, self._listed, self._returned

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Stock) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    @property
    def remaining(self) -> int:
        return self.size - self.used

    @property
    def returned(self) -> Mapping[str, int]:
        return self._returned

    def listed_at(self, at: int) -> str | None:
        """The card the stock line names ``at`` cards from the top, None when it does not say."""
        listed = self._listed
        return listed[at] if at < len(listed) and listed[at] != UNSEEN else None

    def listed_next(self) -> str | None:
        """The card the stock line says comes next, or None when it does not say."""
        return self.listed_at(self.used)

    def list_cards(self, cards: list[str]) -> None:
        """What the ``stock:`` line says, from the top."""
        self._listed = list(cards)

    def fill(self, size: int, returned: Iterable[str]) -> None:
        """The deal is complete: ``size`` cards are in the stock, among them ``returned`` (the hands
        of the players who sat out)."""
        self.size = size
        self._returned.update(returned)

    def take(self) -> None:
        """One card leaves the top of the stock."""
        self.used += 1

    def take_returned(self, code: str) -> bool:
        """The card leaving the stock is one known to lie in it: True (and counted) when it may be."""
        if self._returned.get(code, 0) > 0:  # most flips: no card returned, and no Counter.__missing__ call
            self._returned[code] -= 1
            return True
        return False


class Ledger:
    """How often each card has been observed, against what the deck holds."""

    __slots__ = ("_first", "_seen", "deck")

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self._seen: Counter[str] = Counter()
        self._first: dict[str, Sighting] = {}

    def copy(self) -> Ledger:
        other = Ledger.__new__(Ledger)
        other.deck = self.deck
        other._seen = Counter(self._seen)
        other._first = dict(self._first)
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ledger):
            return NotImplemented
        return self.deck == other.deck and self._seen == other._seen and self._first == other._first

    __hash__ = None  # type: ignore[assignment]

    @property
    def seen(self) -> Mapping[str, int]:
        """Card → how often it has been seen."""
        return self._seen

    def observe(self, code: str, sighting: Sighting) -> str | None:
        """Count one more sighting of a card; the violation code it makes, if any."""
        copies = self.deck.counts.get(code)
        if copies is None:
            return "unknown-card"
        seen = self._seen[code] = self._seen.get(code, 0) + 1
        if seen == 1:
            self._first[code] = sighting
        return "extra-card" if seen > copies else None

    def first(self, code: str) -> Sighting | None:
        """Where the card was first seen, so that one seen too often can point to its twin."""
        return self._first.get(code)

    def count_once_more(self, code: str) -> None:
        """A card of the deck that the record used without a place for it (a card played from a hand
        that cannot hold it, a flip from an empty stock) is counted as seen, so that it is not also
        reported missing, unless every copy of it has been seen already."""
        if self.deck.holds(code) and not self.fully_seen(code):
            self._seen[code] += 1

    def fully_seen(self, code: str) -> bool:
        return self._seen[code] >= self.deck.copies(code)

    def never_seen(self) -> list[tuple[str, int]]:
        """Deck cards seen fewer times than the deck holds them, with how many are missing."""
        return [
            (code, copies - self._seen[code]) for code, copies in self.deck.counts.items() if self._seen[code] < copies
        ]
