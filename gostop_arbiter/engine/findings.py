"""What the replay of a hand finds wrong: the violations of the rules, and the discrepancies between
what the table wrote (a mark, a claim) and what the rules say happened.

The findings own their cap: at most :data:`SHOWN_PER_CODE` violations of a code are listed one by
one, and the rest are counted into one closing violation (decision H9), so that a hostile record
cannot make the verdict grow without bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..verdict import Discrepancy, Violation, violation

SHOWN_PER_CODE = 20
"""Violations of one code a hand records one by one; the rest are counted into one closing
violation, "and N more" (decision H9)."""

CARD_FAULTS = frozenset({"extra-card", "unknown-card", "not-in-hand"})
"""The faults after which the cards no longer add up: a later call judged on the piles is judged on
points that may not exist (decision H33)."""

Folded = dict[str, tuple[int, int, int, int]]
"""Code → (line, column, count, last line) of the violations past :data:`SHOWN_PER_CODE`."""


class Mark:
    """Where the findings stood at one moment, for :meth:`Findings.back_to`."""

    __slots__ = ("cards_broken", "discrepancies", "folded", "per_code", "violated", "violations")

    def __init__(self, findings: Findings) -> None:
        self.cards_broken = findings.cards_broken
        self.violations = len(findings._violations)
        self.discrepancies = len(findings._discrepancies)
        self.violated = findings.violated
        self.per_code = Counter(findings._per_code)
        self.folded = dict(findings._folded)


class Findings:
    """The violations and discrepancies of one hand, in the order they were found."""

    __slots__ = ("_discrepancies", "_folded", "_per_code", "_violations", "cards_broken", "violated")

    def __init__(self) -> None:
        self._violations: list[Violation] = []
        self._discrepancies: list[Discrepancy] = []
        self._per_code: Counter[str] = Counter()
        self._folded: Folded = {}
        self.violated = 0
        """How many violations were found, listed or folded (a strict push compares it)."""
        self.cards_broken: int | None = None
        """The line of the first of the :data:`CARD_FAULTS`, from which the cards no longer add up."""

    def copy(self) -> Findings:
        other = Findings.__new__(Findings)
        other._violations = list(self._violations)
        other._discrepancies = list(self._discrepancies)
        other._per_code = Counter(self._per_code)
        other._folded = dict(self._folded)
        other.violated = self.violated
        other.cards_broken = self.cards_broken
        return other

    def _fields(self) -> tuple[object, ...]:
        return self._violations, self._discrepancies, self._per_code, self._folded, self.violated, self.cards_broken

    def __eq__(self, other: object) -> bool:
        return self._fields() == other._fields() if isinstance(other, Findings) else NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def mark(self) -> Mark:
        return Mark(self)

    def back_to(self, mark: Mark) -> None:
        """Forget what was found since the mark."""
        del self._violations[mark.violations :]
        del self._discrepancies[mark.discrepancies :]
        self._per_code = Counter(mark.per_code)
        self._folded = dict(mark.folded)
        self.violated = mark.violated
        self.cards_broken = mark.cards_broken

    # ---- recording ------------------------------------------------------------------------

    def violate(
        self,
        code: str,
        line: int,
        column: int,
        message: str,
        player: str | None = None,
        card: str | None = None,
        /,
        **params: str | int,
    ) -> None:
        """Record a violation; past :data:`SHOWN_PER_CODE` of its code only count it."""
        self.violated += 1
        self._per_code[code] += 1
        if self.cards_broken is None and code in CARD_FAULTS:
            self.cards_broken = line
        if self._per_code[code] <= SHOWN_PER_CODE:
            self._violations.append(violation(code, line, column, message, player, card, **params))
            return
        first = self._folded.get(code)
        if first is None:
            self._folded[code] = (line, column, 1, line)
        else:
            self._folded[code] = (first[0], first[1], first[2] + 1, line)

    def discrepancy(self, found: Discrepancy) -> None:
        self._discrepancies.append(found)

    # ---- reading --------------------------------------------------------------------------

    @property
    def listed(self) -> Sequence[Violation]:
        """The violations recorded one by one (a view: it grows as the hand is replayed)."""
        return self._violations

    @property
    def discrepancies(self) -> Sequence[Discrepancy]:
        return self._discrepancies

    def since(self, mark: Mark) -> list[Violation]:
        """The violations found since the mark: those listed, or the closing ones past the cap."""
        if self.violated == mark.violated:
            return []
        return self._violations[mark.violations :] or self.closing()

    def closing(self) -> list[Violation]:
        """One violation for each code past :data:`SHOWN_PER_CODE`: where the first one not listed
        is, and how many more there are."""
        return [
            violation(
                code,
                line,
                column,
                f"and {more} more {code} violations up to line {last}, not listed one by one",
                more=more,
                shown=SHOWN_PER_CODE,
                last_line=last,
            )
            for code, (line, column, more, last) in self._folded.items()
        ]

    def all(self) -> list[Violation]:
        """The violations recorded, and the closing ones of the codes past the cap."""
        return self._violations + self.closing() if self._folded else list(self._violations)
