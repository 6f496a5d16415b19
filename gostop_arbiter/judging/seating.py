"""What is said of a hand these rules cannot seat (decision P73): a usage error, made where the
seats are counted."""

from __future__ import annotations

from ..errors import UsageError
from ..messages import Message, sayings
from ..notation import Hand
from ..rules import Profile

SEATING = sayings(
    "seating",
    {
        "minhwatu-seats": "Minhwatu is played by two to four; this hand seats {seats}",
        "no-four-players": "the {rules} rules have no four-player hand (their deal cannot be played); "
        "choose other rules with --rules",
        "seven-without-joker": "seven at a Go-Stop table are dealt {hand} cards each and none to the table, "
        "{dealt} cards, and the {rules} deck holds {deck}: it needs a joker (4P-3; add one with "
        '[Set "bonus_cards=b2"])',
        "go-stop-seats": "Go-Stop seats two to seven (all but three sit out of four to seven); this hand seats {seats}",
        "who-sat-out": "{seats} players are seated and only {count} have a pile line, so who sat out cannot be told: "
        "write an empty pile line (pile NAME:) for a player who captured nothing",
        "go-stop-piles": "Go-Stop is played by two or three (with four to seven at the table the others sit out); "
        "this hand has {count} piles",
    },
)


def deck_seats_problem(profile: Profile, seats: int) -> Message | None:
    """Why the deck cannot hold this many at a Go-Stop table: seven need a joker beside the 48
    (4P-3, decision R80); None when it can."""
    if not profile.table_after_sitting_out(seats) or profile.deal_fits(seats):
        return None
    size = profile.deal_size(seats)[0]
    deck = profile.the_deck().size
    return SEATING("seven-without-joker", hand=size, dealt=seats * size, rules=profile.name, deck=deck)


def check_deck_seats(hand: Hand, profile: Profile) -> None:
    """A hand whose seats the deck cannot deal to is a usage error (exit 2)."""
    said = deck_seats_problem(profile, len(hand.seats))
    if said is not None:
        first = hand.statements[0]
        raise UsageError(first.line, first.column, said)
