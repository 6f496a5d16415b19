"""The board: push, pop and legal moves, on every example hand and on random legal walks.

Properties (issue 13): every statement of a valid transcript is among ``legal_moves()`` where it
stands; every legal move pushed is accepted; push then pop gives back an equal board; a random
legal walk always ends with the hand over and every card accounted for."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from conftest import ROOT, SAMPLES, spec_examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from replaying import cards_in_play

from gostop_arbiter import board_for
from gostop_arbiter.cards import MONTH_CARDS
from gostop_arbiter.engine import HandBoard, IllegalStatement
from gostop_arbiter.judging.file import judge_file
from gostop_arbiter.notation import Hand, parse_text, write_statement
from gostop_arbiter.notation.model import CardRef, Flip, Give, Shake, Statement, Turn
from gostop_arbiter.records import replace
from gostop_arbiter.rules import profile_named, resolve
from gostop_arbiter.scoring import sort_cards
from gostop_arbiter.tools.simulate import simulate, simulate_session
from gostop_arbiter.tools.tamper import TAMPER_KINDS

SETUP = ("deal", "table", "stock", "claim")


def valid_played_hands() -> Iterator[tuple[str, Hand, str]]:
    """Each played hand of the samples and worked examples that the judge finds valid, with its dealer."""
    for path in [*sorted(SAMPLES.glob("*.gsn")), *spec_examples()]:
        hands = parse_text(path.read_text(encoding="utf-8")).hands
        verdict = judge_file(path.name, hands)
        for hand, judged in zip(hands, verdict.hands, strict=True):
            if hand.kind == "played" and judged.valid:
                yield f"{path.stem}#{hand.index}", hand, judged.dealer or hand.seats[0]


HANDS = list(valid_played_hands())


def spelled(statement: Statement) -> str:
    """A statement as a table may write it, without what changes nothing: marks, comments, the
    turn number, an ``x`` between two identical cards, the order of a bomb's or a shake's cards."""
    if isinstance(statement, Turn):
        statement = replace(statement, marks=[], number=None)
        if statement.play == "bomb":
            statement = replace(statement, cards=_sorted(statement.cards))
    if isinstance(statement, Shake):
        statement = replace(statement, cards=_sorted(statement.cards))
    return write_statement(replace(statement, comment=None, comments=[], line=0, column=0))


def _sorted(cards: list[CardRef]) -> list[CardRef]:
    return [CardRef(code=code) for code in sort_cards(c.code for c in cards)]


def without_targets(statement: Statement) -> Statement:
    if not isinstance(statement, Turn):
        return statement
    return replace(statement, target=None, flips=[Flip(card=f.card) for f in statement.flips])


@pytest.mark.parametrize(("name", "hand", "dealer"), HANDS, ids=[name for name, _h, _d in HANDS])
def test_every_statement_is_a_legal_move_and_pop_restores_the_board(name: str, hand: Hand, dealer: str) -> None:
    board = HandBoard.of_hand(hand, resolve(hand.rules, hand.sets), dealer=dealer)
    for statement in hand.statements:
        if statement.kind not in SETUP:
            legal = {spelled(m) for m in board.legal_moves()}
            assert spelled(statement) in legal or spelled(without_targets(statement)) in legal, (statement.line, name)
        before = board.copy()
        board.push(statement)
        again = board.copy()
        assert board.pop() == statement
        assert board == before, (statement.line, name)
        board.push(statement)
        assert board == again


def test_a_card_drawn_back_is_listed_and_its_moves_accepted() -> None:
    """E30's hand: after Jae, whose hand is not seen, draws a bonus card's replacement unseen while
    Ara's sold hand lies in the stock, Jae may show Ara's 5p as a second one; every statement of
    the hand is among the legal moves where it stands, and every move listed is accepted."""
    text = (ROOT / "tests" / "hands" / "sold-card-drawn-back.gsn").read_text(encoding="utf-8")
    (hand,) = parse_text(text).hands
    board = board_for(hand)
    for statement in hand.statements:
        if statement.kind not in SETUP:
            moves = board.legal_moves()
            assert spelled(statement) in {spelled(m) for m in moves}, statement.line
            for move in moves:
                board.copy().push(move)  # raises IllegalStatement if the board refuses its own move
        board.push(statement)


@pytest.mark.parametrize(("name", "hand", "dealer"), HANDS[::3], ids=[name for name, _h, _d in HANDS[::3]])
def test_every_legal_move_is_accepted(name: str, hand: Hand, dealer: str) -> None:
    board = HandBoard.of_hand(hand, resolve(hand.rules, hand.sets), dealer=dealer)
    rng = random.Random(name)
    for statement in hand.statements:
        moves = board.legal_moves() if statement.kind not in SETUP else []
        for move in rng.sample(moves, min(len(moves), 25)):
            trial = board.copy()
            events = trial.push(move)  # raises IllegalStatement if the board refuses its own move
            assert trial.statements[-1] == move and isinstance(events, list)
        board.push(statement)


def test_a_refused_statement_leaves_the_board_as_it_was() -> None:
    hand = parse_text((SAMPLES / "matgo-korean-names.gsn").read_text(encoding="utf-8")).hands[0]
    board = HandBoard.of_hand(hand, resolve(hand.rules, hand.sets), dealer=hand.seats[0])
    turns = [s for s in hand.statements if isinstance(s, Turn)]
    for statement in hand.statements:
        if statement is turns[1]:
            break
        board.push(statement)
    before = board.copy()
    wrong = replace(turns[1], player=turns[0].player)  # the same player twice in a row
    with pytest.raises(IllegalStatement) as refused:
        board.push(wrong)
    assert [v.code for v in refused.value.violations][:1] == ["out-of-turn"]
    assert board == before
    assert not board.is_legal(wrong) and board.is_legal(turns[1])


TABLES = [
    ("standard", 2), ("standard", 3), ("standard", 4), ("online-matgo", 2), ("online-matgo", 4), ("wikipedia", 3),
    ("gamerules", 2), ("gamerules", 4), ("wikipedia-it", 3), ("minhwatu", 2), ("minhwatu", 4),
]  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TABLES), st.integers(0, 2**32 - 1), st.booleans())
def test_a_random_legal_walk_ends_with_every_card_accounted_for(table: tuple[str, int], seed: int, hide: bool) -> None:
    """From a simulated deal (one hand not seen, or all seen), any legal move at every step: the
    board ends over, the record closes without a violation, and every card has a place."""
    name, players = table
    profile = profile_named(name)
    (hand,) = simulate(profile, players=players, hands=1, seed=seed, hide="Jae" if hide else None).hands
    board = HandBoard.of_hand(hand, profile, dealer=hand.seats[0])
    for statement in hand.statements:
        if statement.kind in SETUP:
            board.push(statement)
    rng = random.Random(seed)
    for _step in range(400):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    assert board.is_over()
    board.close()
    assert board.violations == []
    assert cards_in_play(board.view()) == profile.the_deck().size
    assert board.outcome().kind in ("stop", "nagari", "chongtong", "three-ppeok", "round", "void")


def test_a_third_ppeok_ends_the_hand_while_its_gives_may_still_follow() -> None:
    """The committed sample's last turn is a third ppeok: the board is over at once, before the
    next line closes the turn (a recorder must not ask for another turn)."""
    text = (SAMPLES / "matgo-online-three-ppeok.gsn").read_text(encoding="utf-8")
    hand = parse_text(text).hands[0]
    board = board_for(hand)
    turns = [i for i, s in enumerate(hand.statements) if s.kind == "turn"]
    for statement in hand.statements[: turns[-1] + 1]:
        board.push(statement)
    assert board.is_over()
    assert not [m for m in board.legal_moves() if m.kind == "turn"]
    assert board.outcome().kind == "three-ppeok"


@pytest.mark.parametrize(("rules", "players"), [("standard", 2), ("standard", 3), ("online-matgo", 2), ("gamerules", 3)])
def test_the_gives_listed_are_every_give_push_accepts(rules: str, players: int) -> None:
    """Right after a steal, ``legal_moves()`` asks the steal rules about each choice of junk directly
    (decision E27): the gives it lists are exactly those a push accepts among every choice of as
    many cards of the piles, or one fewer."""
    profile = profile_named(rules)
    steals = 0
    for hand in simulate(profile, players=players, hands=12, seed=31 + players).hands:
        board = board_for(hand)
        for statement in hand.statements:
            board.push(statement, strict=False)
            listed = {spelled(m) for m in board.legal_moves() if m.kind == "give"}
            if not listed:
                continue
            steals += 1
            gives = [m for m in board.legal_moves() if isinstance(m, Give)]
            # The view shows the turn closed, the default gift already handed over, so every pile's
            # cards are tried; as many as a listed give names, and one fewer.
            cards = sorted(code for pile in board.view().piles.values() for code in pile)
            sizes = {len(g.cards) for g in gives} | {len(g.cards) - 1 for g in gives} - {0}
            accepted = set()
            for giver in {g.player for g in gives}:
                for size in sizes:
                    for chosen in set(combinations(cards, size)):
                        give = Give(player=giver, cards=[CardRef(code=c) for c in chosen])
                        if board.is_legal(give):
                            accepted.add(spelled(give))
            assert listed == accepted, (hand.index, statement.line)
    assert steals, "the simulated hands make steals"


def of_month(month: int) -> list[str]:
    """The month's cards, a junk code as many times as the deck holds it."""
    return [code for code, card in MONTH_CARDS.items() if card.month == month for _copy in range(card.copies)]


@pytest.mark.parametrize(
    ("rules", "players"), [("standard", 2), ("standard", 3), ("gamerules", 2), ("wikipedia-it", 3), ("online-matgo", 4)]
)
def test_the_shakes_listed_are_every_shake_push_accepts(rules: str, players: int) -> None:
    """Once play has begun, ``legal_moves()`` takes the shakes it lists as they are (decision E28):
    on hands with one not seen, they are exactly the triples of a month a push accepts, for every
    player, whatever the rules' timing of shakes. A month is shown once: a second shake of it is
    refused (``already-shown``), and a hand not seen shows each copy of a junk card as a card of
    its own (two ``1p`` while the other is known elsewhere is one too many)."""
    profile = profile_named(rules)
    triples = [
        Shake(player=player, cards=[CardRef(code=c) for c in three])
        for player in ("Minji", "Jae", "Soo", "Ara")[:players]
        for month in range(1, 13)
        for three in sorted(set(combinations(sort_cards(of_month(month)), 3)))
    ]
    shown = 0
    for hand in simulate(profile, players=players, hands=3, seed=5 + players, hide="Jae").hands:
        board = board_for(hand)
        for statement in hand.statements:
            board.push(statement, strict=False)
            if statement.kind != "turn" or board.is_over():
                continue
            listed = {spelled(m) for m in board.legal_moves() if isinstance(m, Shake)}
            assert listed == {spelled(s) for s in triples if board.is_legal(s)}, (hand.index, statement.line)
            shown += bool(listed)
    # under wikipedia-it triples are shown before the first turn: none is listed, none accepted
    assert bool(shown) == (profile.events.shake_timing != "at-deal"), shown


@pytest.mark.parametrize("tamper", sorted(TAMPER_KINDS))
def test_a_record_gone_wrong_still_lists_its_moves(tamper: str) -> None:
    """On hands with a deliberate fault (a card duplicated, removed, foreign …), pushed as the judge
    pushes them, ``legal_moves()`` answers at every point and reads as the list of its moves: a
    Minhwatu hand with a card too many ran its stock dry while hands still held cards, and the
    listing failed on the flip that cannot come (``[[]]``)."""
    listed = 0
    for rules, players, seed in (("minhwatu", 2, 12), ("standard", 3, 4), ("online-matgo", 4, 9)):
        if rules == "minhwatu" and tamper.endswith("-call"):
            continue  # Minhwatu has no go or stop to get wrong
        for hand in simulate_session(profile_named(rules), players=players, hands=3, seed=seed, tamper=tamper):
            board = board_for(hand)
            for statement in [*hand.statements, None]:
                moves = board.legal_moves()
                assert len(moves) == len(list(moves)), (rules, hand.index, statement)
                listed += len(moves)
                if statement is not None:
                    board.push(statement, strict=False)
    assert listed
