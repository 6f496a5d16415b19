"""The capture piles (먹은 패) of a played hand: each player's cards in the order they came, their
running counts for the go/stop check, and where each player has declared a sake cup to count.

The piles own their invariants: a pile and its running counts change together (:meth:`Piles.add`,
:meth:`Piles.remove`), and a score worked out once holds until the pile or a declaration changes.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from ..rules import Profile
from ..scoring import PileCounts

_NOTHING: Mapping[str, str] = MappingProxyType({})


class Piles:
    """Every player's capture pile, its running counts and its declarations (9a as pi)."""

    __slots__ = ("_cards", "_declared", "_scored", "_tallies")

    def __init__(self, players: Iterable[str]) -> None:
        self._cards: dict[str, list[str]] = {p: [] for p in players}
        self._tallies: dict[str, PileCounts] = {p: PileCounts() for p in self._cards}
        self._scored: dict[str, tuple[int, int]] = {}
        """Player → (the tally's count of changes, the best total then): see :meth:`score`."""
        self._declared: dict[str, dict[str, str]] = {}

    def copy(self) -> Piles:
        other = Piles.__new__(Piles)
        other._cards = {p: list(cards) for p, cards in self._cards.items()}
        other._tallies = {}
        for player, tally in self._tallies.items():
            other._tallies[player] = copied = copy.copy(tally)
            copied.held = dict(tally.held)  # a tally's one field that changes in place
        other._scored = dict(self._scored)
        other._declared = {p: dict(placed) for p, placed in self._declared.items()}
        return other

    def __eq__(self, other: object) -> bool:
        # the running counts and the cached scores follow from the cards: not compared
        if not isinstance(other, Piles):
            return NotImplemented
        return self._cards == other._cards and self._declared == other._declared

    __hash__ = None  # type: ignore[assignment]

    # ---- reading --------------------------------------------------------------------------

    def of(self, player: str) -> list[str]:
        """The player's pile in the order its cards came (a copy; empty for a player not seated)."""
        return list(self._cards.get(player, ()))

    def size(self, player: str) -> int:
        return len(self._cards.get(player, ()))

    def holds(self, player: str) -> bool:
        """The player has a pile (is seated at the hand)."""
        return player in self._cards

    def all_cards(self) -> list[str]:
        return [code for cards in self._cards.values() for code in cards]

    def declared(self, player: str) -> Mapping[str, str]:
        """Where the player's sake cups count (code → ``pi`` or ``animal``), as declared so far."""
        return self._declared.get(player, _NOTHING)

    def score(self, player: str, profile: Profile) -> int:
        """The player's best total now; worked out again only when the pile or a declaration changed."""
        tally = self._tallies[player]
        known = self._scored.get(player)
        if known is not None and known[0] == tally.changes:
            return known[1]
        score = tally.best(profile, self._declared.get(player, _NOTHING))
        self._scored[player] = (tally.changes, score)
        return score

    # ---- changing -------------------------------------------------------------------------

    def add(self, player: str, cards: list[str]) -> None:
        """Cards join the player's pile (a dealer not seated starts one with a bonus card)."""
        if player not in self._cards:
            self._cards[player], self._tallies[player] = [], PileCounts()
        self._cards[player].extend(cards)
        self._tallies[player].add_all(cards)

    def remove(self, player: str, code: str) -> None:
        """A card leaves the player's pile (a steal)."""
        self._cards[player].remove(code)
        self._tallies[player].remove(code)

    def declare(self, player: str, code: str, category: str) -> None:
        """Where the player's sake cup counts from now on."""
        self._declared.setdefault(player, {})[code] = category
        self._scored.pop(player, None)
