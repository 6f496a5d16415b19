"""Every legal turn can be entered on the page in one straight pass (issue 30): after the card is
played, the page asks one kind of question at a time (which card was flipped; which card a play or
a flip takes), each answer narrows what is left, and no answer leaves a legal turn out of reach.
Checked at every turn of simulated hands, through the API the page asks, until every shape of turn
the board can list has been met: a ttadak, a ppeok, a ja-ppeok, a bomb, a bonus flip and a choice
on the flip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_table_api import Table
from test_table_recorder import DEAL, simulated

from gostop_arbiter import read_text
from gostop_arbiter.cards import card_info
from gostop_arbiter.notation import write_statement
from gostop_arbiter.notation.model import Turn
from gostop_arbiter.records import replace


def _key(step: dict[str, Any] | None) -> str:
    return "end" if step is None else f"{step['kind']}:{step['card']}:{step['target'] or ''}"


def straight_pass(options: list[dict[str, Any]], wanted: str) -> list[set[str]]:
    """The page's questions on the way to the option ``wanted``, answered as it was played: each
    question's answers (one kind of answer a question), and at the end the turn itself."""
    target = next(o for o in options if o["text"] == wanted)
    chosen: list[str] = []
    asked: list[set[str]] = []
    while True:
        left = [o for o in options if [_key(s) for s in o["steps"][: len(chosen)]] == chosen]
        at = len(chosen)
        answers = {_key(o["steps"][at] if len(o["steps"]) > at else None) for o in left}
        if len(left) == 1 and len(left[0]["steps"]) == at:
            assert left[0]["text"] == wanted
            return asked
        assert len({answer.split(":")[0] for answer in answers} - {"end"}) == 1, answers  # one kind at a time
        answer = _key(target["steps"][at] if len(target["steps"]) > at else None)
        assert answer in answers
        if answer == "end":
            (done,) = [o for o in left if len(o["steps"]) == at]
            assert done["text"] == wanted
            return asked
        if len(answers) > 1:
            asked.append(answers)
        chosen.append(answer)


def _is_bonus(code: str) -> bool:
    info = card_info(code)
    return info is not None and info.kind.value == "b"


def _shapes(turn: Turn, line: int, events: list[dict[str, Any]], asked: list[set[str]]) -> set[str]:
    """The shapes of a turn recorded as the file's line ``line``, which made ``events``."""
    shapes = {e["kind"] for e in events if e["line"] == line and e["kind"] in ("ttadak", "ppeok", "ja-ppeok")}
    if turn.play == "bomb":
        shapes.add("bomb")
    if any(_is_bonus(flip.card.code) for flip in turn.flips):
        shapes.add("bonus flip")
    flipped = {flip.card.code for flip in turn.flips}
    if any(answer.startswith("take:") and answer.split(":")[1] in flipped for question in asked for answer in question):
        shapes.add("a choice on the flip")
    return shapes


def test_every_turn_is_entered_in_one_straight_pass(tmp_path: Path) -> None:
    met: set[str] = set()
    wanted = {"ttadak", "ppeok", "ja-ppeok", "bomb", "bonus flip", "a choice on the flip"}
    for seed in range(1, 40):
        rules = "online-matgo" if seed % 2 else "standard"
        text = simulated("--players", "2", "--hands", "3", "--seed", str(seed), "--rules", rules)
        table = Table(tmp_path / f"{seed}.gsn")
        for number, hand in enumerate(read_text(text).hands):
            dealer = hand.tag("Dealer")
            first = None if number else hand.seats[0]  # a later hand's dealer is the rules' choice
            table.setup(list(hand.seats), dealer=dealer.value if dealer else first, rules=rules)
            dealt = sum(1 for s in hand.statements if s.kind in DEAL)
            table.push(*[write_statement(s) for s in hand.statements[:dealt]])
            for statement in hand.statements[dealt:]:
                line = write_statement(statement)
                if isinstance(statement, Turn) and statement.flips:
                    play = write_statement(replace(statement, flips=[], target=None, marks=[]))
                    options = table.flips(play)
                    asked = straight_pass(options, line)
                    option = next(o for o in options if o["text"] == line)
                    hand_now = table.ok("/api/play", {"move": table.move(play)["id"], "option": option["id"]})["hand"]
                    met |= _shapes(statement, hand_now["statements"][-1]["line"], hand_now["events"], asked)
                else:
                    table.push(line)
        if met >= wanted:
            break
    assert met >= wanted, wanted - met
