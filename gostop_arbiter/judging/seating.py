"""What is said of a hand these rules cannot seat (decision P73): a usage error, made where the
seats are counted."""

from __future__ import annotations

from ..messages import sayings

SEATING = sayings(
    "seating",
    {
        "minhwatu-seats": "Minhwatu is played by two to four; this hand seats {seats}",
        "no-four-players": "the {rules} rules have no four-player hand (their deal cannot be played); "
        "choose other rules with --rules",
        "seven": "seven at a Go-Stop table deal 7 cards each and none to the table, which needs a joker and a deal "
        "this notation cannot write (4P-3); the arbiter judges two to six at the table",
        "go-stop-seats": "Go-Stop seats two to six (all but three sit out of four to six); this hand seats {seats}",
        "who-sat-out": "{seats} players are seated and only {count} have a pile line, so who sat out cannot be told: "
        "write an empty pile line (pile NAME:) for a player who captured nothing",
        "go-stop-piles": "Go-Stop is played by two or three (with four to six at the table the others sit out); "
        "this hand has {count} piles",
    },
)
