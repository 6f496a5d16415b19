"""What each player of a played hand has done that the rules count: the shakes, bombs and dummy
turns (:class:`Deeds`), and the go/stop calls (:class:`Calls`). Each part changes only through its
methods, which say what happened; the counts are read through ``Mapping`` views.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Set

_NONE: Set[int] = frozenset()


class Deeds:
    """Each player's shakes (흔들기), bombs (폭탄), dummy turns, ppeoks (뻑) and own turns, and which
    first-of-the-hand payments (첫쪽, 첫따닥) have been made."""

    __slots__ = (
        "_answers",
        "_bombs",
        "_dummies",
        "_first_paid",
        "_offer",
        "_own_turns",
        "_ppeok_streak",
        "_ppeoks",
        "_shaken",
        "_shakes",
        "_shodang",
    )

    def __init__(self) -> None:
        self._dummies: Counter[str] = Counter()
        self._shakes: Counter[str] = Counter()
        self._bombs: Counter[str] = Counter()
        self._shaken: dict[str, set[int]] = {}
        self._ppeoks: Counter[str] = Counter()
        self._ppeok_streak: Counter[str] = Counter()
        self._own_turns: Counter[str] = Counter()
        self._first_paid: set[str] = set()
        self._offer: tuple[str, int] | None = None
        self._answers: dict[str, str] = {}
        self._shodang: dict[str, str] = {}

    def copy(self) -> Deeds:
        other = Deeds.__new__(Deeds)
        other._dummies = Counter(self._dummies)
        other._shakes = Counter(self._shakes)
        other._bombs = Counter(self._bombs)
        other._shaken = {p: set(months) for p, months in self._shaken.items()}
        other._ppeoks = Counter(self._ppeoks)
        other._ppeok_streak = Counter(self._ppeok_streak)
        other._own_turns = Counter(self._own_turns)
        other._first_paid = set(self._first_paid)
        other._offer = self._offer
        other._answers = dict(self._answers)
        other._shodang = dict(self._shodang)
        return other

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Deeds) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    # ---- reading --------------------------------------------------------------------------

    @property
    def shakes(self) -> Mapping[str, int]:
        return self._shakes

    @property
    def bombs(self) -> Mapping[str, int]:
        """Bombs that count as a multiplier (a two-card bomb only where the rules say so)."""
        return self._bombs

    def dummies(self, player: str) -> int:
        """Dummy turns (a bomb's 헛패) the player has left."""
        return self._dummies.get(player, 0)  # not indexed: a Counter's missing key costs a call in Python (B19)

    def shaken(self, player: str) -> Set[int]:
        """The months the player has shown by a shake."""
        return self._shaken.get(player, _NONE)

    def ppeoks(self, player: str) -> int:
        return self._ppeoks.get(player, 0)

    @property
    def offer(self) -> tuple[str, int] | None:
        """The shodang (쇼당) awaiting its answers: who offered it, on which line."""
        return self._offer

    @property
    def answers(self) -> Mapping[str, str]:
        """The answers given so far to the shodang awaiting them (player → accept or refuse)."""
        return self._answers

    @property
    def shodang(self) -> Mapping[str, str]:
        """Each player's part in the hand's answered shodang: offered, accept or refuse."""
        return self._shodang

    def own_turns(self, player: str) -> int:
        """The player's own turns so far, the one being played among them."""
        return self._own_turns.get(player, 0)

    # ---- what happened --------------------------------------------------------------------

    def turn(self, player: str) -> None:
        """The player begins an own turn."""
        self._own_turns[player] += 1

    def shake(self, player: str, month: int) -> None:
        self._shakes[player] += 1
        self._shaken.setdefault(player, set()).add(month)

    def bomb(self, player: str, dummies: int, *, counts: bool) -> None:
        """A bomb, with the dummy turns it gives; ``counts``: it is a multiplier too."""
        if counts:
            self._bombs[player] += 1
        self._dummies[player] += dummies

    def pass_turn(self, player: str) -> bool:
        """A dummy turn used: False when the player had none left."""
        if self._dummies[player] <= 0:
            return False
        self._dummies[player] -= 1
        return True

    def ppeok(self, player: str, *, streak: bool = True) -> int | None:
        """A ppeok on the player's current own turn: the length of the streak of ppeoks it makes
        from the player's first own turn (1 for 첫뻑, 2 for 연뻑 …), None when it is no such streak.
        ``streak=False``: counted toward the three ppeoks only (a ttadak, where the rules say)."""
        self._ppeoks[player] += 1
        if not streak:
            return None
        turn = self._own_turns[player]
        if self._ppeok_streak[player] != turn - 1:
            return None
        self._ppeok_streak[player] = turn
        return turn

    def offer_shodang(self, player: str, line: int) -> None:
        self._offer, self._answers = (player, line), {}

    def answer_shodang(self, player: str, answer: str) -> None:
        self._answers[player] = answer

    def close_shodang(self, *, answered: bool) -> None:
        """The shodang no longer awaits answers: answered by both (its parts kept), or left
        unanswered (forgotten)."""
        if answered and self._offer is not None:
            self._shodang = {self._offer[0]: "offered", **self._answers}
        self._offer, self._answers = None, {}

    def first(self, what: str) -> bool:
        """The first ``what`` (chok, ttadak) of the hand: True once, then False."""
        if what in self._first_paid:
            return False
        self._first_paid.add(what)
        return True


class MustCall:
    """A player whose score allows a call, which must come before the next turn."""

    __slots__ = ("line", "player", "score")

    def __init__(self, player: str, score: int, line: int) -> None:
        self.player = player
        self.score = score
        self.line = line

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MustCall):
            return NotImplemented
        return (self.player, self.score, self.line) == (other.player, other.score, other.line)

    __hash__ = None  # type: ignore[assignment]


class Calls:
    """The go/stop calls (고, 스톱): each player's gos and in which order they came among all calls,
    the score of each player's last go, and the call that is due."""

    __slots__ = ("_go_order", "_gos", "_last_go", "calls", "due")

    def __init__(self) -> None:
        self._gos: Counter[str] = Counter()
        self._go_order: dict[str, list[int]] = {}
        self._last_go: dict[str, int] = {}
        self.calls = 0
        """Calls made so far, by anyone."""
        self.due: MustCall | None = None
        """The call that must come before the next turn (written by :meth:`owe` and :meth:`clear`)."""

    def copy(self) -> Calls:
        other = Calls.__new__(Calls)
        other._gos = Counter(self._gos)
        other._go_order = {p: list(order) for p, order in self._go_order.items()}
        other._last_go = dict(self._last_go)
        other.calls = self.calls
        other.due = self.due  # never changed in place: replaced
        return other

    def _fields(self) -> tuple[object, ...]:
        return self._gos, self._go_order, self._last_go, self.calls, self.due

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Calls) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    @property
    def gos(self) -> Mapping[str, int]:
        return self._gos

    @property
    def go_order(self) -> Mapping[str, list[int]]:
        """Player → the place of each of their gos among all the hand's calls (0-based)."""
        return self._go_order

    def last_go(self, player: str) -> int | None:
        """The score at which the player last called go, None when they have not."""
        return self._last_go.get(player)

    def owe(self, player: str, score: int, line: int) -> None:
        """The player's score allows a call after the turn on ``line``."""
        self.due = MustCall(player, score, line)

    def clear(self) -> None:
        """The due call is no longer owed (made, or reported missing)."""
        self.due = None

    def go(self, player: str, score: int) -> None:
        self._gos[player] += 1
        self._go_order.setdefault(player, []).append(self.calls)
        self._last_go[player] = score
        self.calls += 1

    def stop(self) -> None:
        self.calls += 1
