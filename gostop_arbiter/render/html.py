"""``gostop-arbiter render FILE -o replay.html``: one self-contained page that replays each hand.

Everything is inline (CSS, JS, SVG); nothing is loaded from the network. The states after each
turn come from the engine (:func:`.replay.snapshots`) and travel as JSON inside the page, each with
every player's piles grouped by kind and the score they make; the cards are hwatu faces drawn once
as SVG (:mod:`.cards_svg`) and copied by a small script, step by step, with buttons and the arrow
keys. The verdict shows at the last step. Every text from the transcript (names, tags, comments)
reaches the page as data or escaped HTML, never as markup.
"""

from __future__ import annotations

import html
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import PurePath
from typing import Any

from ..card_names import card_vocabulary
from ..cards import Kind, card_info
from ..engine import Event
from ..judging.file import RulesChoice
from ..messages import fill, money, pgettext
from ..notation import Hand
from ..notation.model import PileLine
from ..rules import Profile
from ..scoring import best_score, sort_cards
from ..settlement.minhwatu import minhwatu_points
from ..verdict import FileVerdict, HandVerdict, ScoreItem
from .cards_svg import all_faces
from .replay import MAX_TURNS, LeftOut, Snapshot, describe, turn_words
from .report import rules_label
from .words import Lang, cards_words, discrepancy_text, factor_reason, payment_reason, term, violation_text

PALETTE = ["#2563eb", "#dc2626", "#059669", "#b45309", "#7c3aed", "#db2777", "#0f766e"]

# ---- the page's own sentences ----------------------------------------------------------------
# Every sentence this page writes, by a key, in English: the msgids of the message catalogue's
# context "replay" (decision P60), whose Korean is in the .po. The words of the game come from
# term(); the verdict's sentences from render/words.py.
REPLAY = "replay"
"""The catalogue's context of the page's own sentences."""

SENTENCES: Mapping[str, str] = {
    "page": "GSN replay",
    "hand": "hand {index}",
    "the deal": "the deal",
    "turn of": "turn {turn} of {last}",
    "line text": "line {line}: {text}",
    "first": "back to the deal",
    "previous": "previous turn (←)",
    "next": "next turn (→)",
    "last": "the end",
    "in hand": "in hand",
    "captured": "captured",
    "on the table": "on the table",
    "nothing yet": "nothing yet",
    "empty": "none",
    "ppeok of": "{who}'s ppeok",
    "dealt stack": "dealt stack",
    "cards": "{n} cards",
    "one card": "1 card",
    "unseen": "+{n} unseen",
    "dummies": "+{n} dummy",
    "points": "{n} pt",
    "wins": "{winner} wins",
    "verdict": "verdict",
    "verdict later": "the verdict shows at the last turn",
    "not valid": "not valid: the payments are not binding",
    "nobody pays": "nobody pays for this hand",
    "at line": "line {line}",
    "tally": "a tally hand: only the final piles are known",
    "balance": "balance over the hands",
    "axis hands": "after hand",
    "axis money": "money",
    "chart": "running balance per player",
    "outcome stop": "stop",
    "outcome chongtong": "chongtong",
    "outcome three-ppeok": "three ppeok",
    "outcome nagari": "nagari: nobody wins",
    "outcome redeal": "redeal",
    "outcome void": "void",
    "outcome tally": "tally",
    "outcome round": "the round is played out",
    "outcome incomplete": "not finished",
    "junk": "junk",
    # what happened in a turn (the English as the text replay says it: describe())
    "event lay": "{cards} stays on the table",
    "event capture": "{who} takes {cards}",
    "event ppeok": "ppeok: {cards} stay stuck together, {who}'s",
    "event ja-ppeok": "ja-ppeok: {who} takes back {who}'s own ppeok",
    "event stack": "stack: {who} takes the stack {cards}",
    "event chok": "chok: {who} takes {cards}",
    "event ttadak": "ttadak: {who} takes all four, {cards}",
    "event sweep": "sweep: {who} leaves the table empty",
    "event steal": "{other} gives {cards} to {who}",
    "event bomb": "bomb: {who} takes {cards}",
    "event pass": "{who} plays a dummy turn",
    "event shake": "shake: {who} shows {cards}",
    "event bonus": "{who} lays the bonus card {cards}",
    "event draw": "{who} draws a replacement",
    "event declare": "{who} counts {cards} as {as}",
    "event go": "{who}: go (at {score})",
    "event stop": "{who}: stop (at {score})",
    "event nagari": "nagari: nobody wins the hand",
    "event chongtong": "chongtong: {who} shows {cards}",
    "event three-ppeok": "three-ppeok: {who} wins with a third ppeok",
    "event immediate": "{other} pays {who} {points} at once",
    "event dealer-bonus": "{who} takes {cards} from the table",
    "event sit-out": "{who} sits out",
    "event redeal": "four of a month on the table: redeal",
    "event shodang": "shodang: {who} shows the hand and offers a draw",
    "event shodang-answer": "{who} answers the shodang: {as}",
    # what the page leaves out (render/replay.py's LeftOut, and MAX_HANDS)
    "left out after the end": "{count} turns after the end of the hand, on lines {first}–{last}, are not replayed",
    "left out past the limit": "{count} turns past the {limit}th, on lines {first}–{last}, are not replayed",
    "capped": "this page replays the first {shown} hands of {judged}; gostop-arbiter check judges every one",
}


def say(key: str, lang: Lang, **params: object) -> str:
    """One of the page's sentences in the reader's language (the catalogue's), its blanks filled."""
    template = pgettext(REPLAY, SENTENCES[key], lang)
    return fill(template, params) if params else template


# ---- piles by kind, and what they score --------------------------------------------------------

GROUPS = ("g", "a", "r", "p")
"""Brights, animals, ribbons, junk (gwang, yeolkkeut, tti, pi): the order a pile is laid out in at the table."""
_GROUP_WORDS = {"g": "brights", "a": "animals", "r": "ribbons", "p": "pi"}
_RULE_GROUP = {
    "brights": "g",
    "godori": "a",
    "animals": "a",
    "hongdan": "r",
    "cheongdan": "r",
    "chodan": "r",
    "ribbons": "r",
    "pi": "p",
}
"""Which group of the pile each score line is made from (the rest, such as go, stand apart)."""


def group_word(group: str, lang: Lang) -> str:
    """The kind a group holds, as people say it (the terms brights, animals, ribbons, pi)."""
    if group == "p" and lang == "en":
        return say("junk", lang)
    return term(_GROUP_WORDS[group], lang)


def _group_of(code: str, placement: Mapping[str, str]) -> str:
    info = card_info(code)
    if info is None:
        return "p"
    if info.kind is Kind.ANIMAL and placement.get(code) == "pi":
        return "p"  # a sake cup counted as double junk lies with the junk
    return {Kind.BRIGHT: "g", Kind.ANIMAL: "a", Kind.RIBBON: "r"}.get(info.kind, "p")


def _groups(
    pile: Iterable[str], placement: Mapping[str, str], points: Mapping[str, int], lang: Lang
) -> list[dict[str, Any]]:
    laid: dict[str, list[str]] = {g: [] for g in GROUPS}
    for code in sort_cards(pile):
        laid[_group_of(code, placement)].append(code)
    return [
        {"kind": g, "label": group_word(g, lang), "cards": laid[g], "points": points.get(g, 0)}
        for g in GROUPS
        if laid[g]
    ]


def _item_words(items: Iterable[ScoreItem], lang: Lang) -> list[list[Any]]:
    return [[term(item.rule, lang), item.points] for item in items if item.points]


def pile_view(pile: Sequence[str], profile: Profile, declared: Mapping[str, str], lang: Lang) -> dict[str, Any]:
    """A pile as the page lays it out: its groups with their points, the score lines, the total."""
    if profile.game == "minhwatu":
        return _minhwatu_pile_view(pile, profile, lang)
    score = best_score(pile, profile, declared)
    by_group: dict[str, int] = {}
    for line in score.lines:
        group = _RULE_GROUP.get(line.rule)
        if group:
            by_group[group] = by_group.get(group, 0) + line.points
    items = [[term(line.rule, lang), line.points] for line in score.lines]
    return {"groups": _groups(pile, score.placement, by_group, lang), "items": items, "total": score.total}


def _minhwatu_pile_view(pile: Sequence[str], profile: Profile, lang: Lang) -> dict[str, Any]:
    """Minhwatu counts each card's points (20, 10, 5, 0); the yaks are settled at the end of the round."""
    by_group: dict[str, int] = {}
    for code in pile:
        group = _group_of(code, {})
        by_group[group] = by_group.get(group, 0) + minhwatu_points(code, profile)
    total = sum(by_group.values())
    items = [[term("card-points", lang), total]] if total else []
    return {"groups": _groups(pile, {}, by_group, lang), "items": items, "total": total}


def event_words(event: Event, lang: Lang) -> str:
    """One event in the reader's language; in English, the text replay's own sentence."""
    key = f"event {event.kind}"
    if lang == "en" or key not in SENTENCES:
        return describe(event, lang)
    blanks = {
        "who": event.player or "",
        "other": event.other or "",
        "cards": cards_words(event.cards, lang),
        "as": term({"pi": "pi", "animal": "animals"}.get(event.note, event.note), lang),
        "score": event.extra.get("score", "?"),
        "points": event.extra.get("points", 0),
    }
    return say(key, lang, **blanks)


def _outcome_words(outcome: str, winner: str | None, lang: Lang) -> str:
    said = say(f"outcome {outcome}", lang) if f"outcome {outcome}" in SENTENCES else outcome
    return f"{said} · {say('wins', lang, winner=winner)}" if winner else said


def _snapshot_data(snap: Snapshot, profile: Profile, declared: dict[str, dict[str, str]], lang: Lang) -> dict[str, Any]:
    for event in snap.events:  # a '9a as pi' line changes how the pile scores from here on
        if event.kind == "declare" and event.player and event.note:
            for code in event.cards:
                declared.setdefault(event.player, {})[code] = event.note
    return {
        "turn": snap.turn,
        "line": snap.line,
        "text": turn_words(snap, lang),
        "events": [event_words(e, lang) for e in snap.events if e.kind not in ("play", "flip")],
        "hands": snap.hands,
        "unseen": snap.unseen,
        "dummies": snap.dummies,
        "table": [_stack(cards, owner, lang) for _month, cards, owner in snap.table],
        "piles": {p: pile_view(cards, profile, declared.get(p, {}), lang) for p, cards in snap.piles.items()},
        "outcome": _outcome_words(snap.outcome, snap.winner, lang) if snap.outcome != "incomplete" else "",
    }


def _stack(cards: list[str], owner: str | None, lang: Lang) -> dict[str, Any]:
    """One month's cards on the table, and whose ppeok holds them together (three or more)."""
    stuck = ""
    if owner is not None and len(cards) >= 3:
        stuck = say("ppeok of", lang, who=owner) if owner else say("dealt stack", lang)
    return {"cards": cards, "stuck": stuck}


def _with_verdict_scores(last: dict[str, Any], verdict: HandVerdict, lang: Lang) -> None:
    """The hand's last step shows the winner's score as the verdict counts it: the pile's points,
    then what the pile alone does not show (a go's points), up to the number that is paid
    (brights 3 + ribbons 3 + pi 4 + go 1 = 11, not the pile's 10 beside a payment of 11). The others' piles keep
    their own points: the verdict scores only what the winner is paid for."""
    judged = verdict.scores.get(verdict.winner) if verdict.winner else None
    view = last["piles"].get(verdict.winner) if verdict.winner else None
    if judged is not None and view is not None:
        view["items"], view["total"] = _item_words(judged.items, lang), judged.total


def _tally_data(hand: Hand, verdict: HandVerdict, profile: Profile, lang: Lang) -> dict[str, Any]:
    """A tally hand's one step: the final piles, with the verdict's scores (gos and all)."""
    piles: dict[str, list[str]] = {p: [] for p in hand.seats}
    for statement in hand.statements:
        if isinstance(statement, PileLine):
            piles.setdefault(statement.player, []).extend(ref.code for ref in statement.cards)
    shown: dict[str, Any] = {}
    for player, cards in piles.items():
        view = pile_view(cards, profile, {}, lang)
        judged = verdict.scores.get(player)
        if judged is not None:
            view["items"], view["total"] = _item_words(judged.items, lang), judged.total
        shown[player] = view
    return {
        "turn": 0,
        "line": 0,
        "text": "",
        "events": [],
        "hands": {},
        "unseen": {},
        "dummies": {},
        "table": [],
        "piles": shown,
        "outcome": _outcome_words(verdict.outcome, verdict.winner, lang),
    }


# ---- the verdict ---------------------------------------------------------------------------------


def _verdict_html(verdict: HandVerdict, lang: Lang, hidden: bool) -> str:
    e = html.escape
    currency = verdict.tags.get("Currency")  # the money as the report shows it (decision P22)
    rows = []
    for p in verdict.payments:
        why = "; ".join(f"{term(f.rule, lang)} ×{f.factor}: {factor_reason(f, lang)}" for f in p.factors)
        if p.reason:
            said = payment_reason(p, lang)
            why = f"{why}; {said}" if why else said
        rows.append(
            f"<tr><td>{e(p.payer)}</td><td>{e(p.payee)}</td><td class='num'>{p.points}</td>"
            f"<td class='num'>{e(money(p.amount, lang, currency))}</td><td>{e(why)}</td></tr>"
        )
    result = e(_outcome_words(verdict.outcome, verdict.winner, lang))
    problems = "".join(
        f"<li class='violation'>{e(say('at line', lang, line=v.line))}: {e(term(v.code, lang))}: "
        f"{e(violation_text(v, lang))}</li>"
        for v in verdict.violations
    )
    problems += "".join(
        f"<li class='discrepancy'>{e(say('at line', lang, line=d.line))}: {e(discrepancy_text(d, lang))}</li>"
        for d in verdict.discrepancies
    )
    heads = "".join(f"<th>{e(term(h, lang))}</th>" for h in ("from", "to", "points", "money", "why"))
    table = (
        f"<table class='payments'><thead><tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        if rows
        else f"<p>{e(say('nobody pays', lang))}</p>"
    )
    valid = "" if verdict.valid else f" <span class='invalid'>{e(say('not valid', lang))}</span>"
    later = f"<p class='verdict-later'>{e(say('verdict later', lang))}</p>" if hidden else ""
    shut = " hidden" if hidden else ""
    return (
        f"{later}<div class='verdict'{shut}><h3>{e(say('verdict', lang))}: {result}{valid}</h3>"
        f"<ul>{problems}</ul>{table}</div>"
    )


# ---- the balance chart ---------------------------------------------------------------------------


def running_balances(verdicts: Sequence[HandVerdict], players: Sequence[str]) -> dict[str, list[int]]:
    """Each player's balance before the first hand and after each one (valid hands' payments only)."""
    running = {p: [0] for p in players}
    for verdict in verdicts:
        moved = dict.fromkeys(players, 0)
        if verdict.valid:
            for payment in verdict.payments:
                moved[payment.payer] = moved.get(payment.payer, 0) - payment.amount
                moved[payment.payee] = moved.get(payment.payee, 0) + payment.amount
        for p in players:
            running[p].append(running[p][-1] + moved.get(p, 0))
    return running


def _ticks(low: int, high: int) -> list[int]:
    """Round values for the money axis (1, 2, 5, 10, 20, 50 … apart) from below ``low`` to above
    ``high``, zero among them."""
    span = max(high - low, 1)
    step, grow = 1, itertools.cycle((2, 5, 10))
    base = 1
    while span / step > 5:
        factor = next(grow)
        step = base * factor
        if factor == 10:
            base = step
    first = (low // step) * step
    last = -(-high // step) * step
    return list(range(first, last + 1, step))


def _balance_chart(verdicts: Sequence[HandVerdict], players: list[str], lang: Lang) -> str:
    """Each player's running balance over the hands, as an inline SVG line chart with axes and a legend."""
    e = html.escape
    running = running_balances(verdicts, players)
    values = [v for series in running.values() for v in series]
    ticks = _ticks(min([*values, 0]), max([*values, 0]))
    low, high = min([*ticks, *values]), max([*ticks, *values])
    span = (high - low) or 1
    width, height, left, right, top, bottom = 480, 270, 70, 14, 14, 50
    steps = max(1, len(verdicts))

    def x(i: int) -> float:
        return left + i * (width - left - right) / steps

    def y(v: int) -> float:
        return top + (high - v) * (height - top - bottom) / span

    parts: list[str] = [
        f"<svg class='balance-chart' viewBox='0 0 {width} {height}' role='img' aria-label='{e(say('chart', lang))}'>",
        f"<line x1='{left}' x2='{left}' y1='{top}' y2='{height - bottom}' class='axis'/>",
        f"<line x1='{left}' x2='{width - right}' y1='{height - bottom}' y2='{height - bottom}' class='axis'/>",
    ]
    for t in ticks:
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y(t):.1f}' y2='{y(t):.1f}' "
            f"class='grid{' zero' if t == 0 else ''}'/>"
        )
        parts.append(f"<text x='{left - 6}' y='{y(t) + 4:.1f}' text-anchor='end' class='tick'>{t:,}</text>")
    for i in range(steps + 1):
        parts.append(f"<text x='{x(i):.1f}' y='{height - bottom + 16}' text-anchor='middle' class='tick'>{i}</text>")
    parts.append(
        f"<text x='{(left + width - right) / 2:.0f}' y='{height - 6}' text-anchor='middle' class='axis-label'>"
        f"{e(say('axis hands', lang))}</text>"
        f"<text x='14' y='{(top + height - bottom) / 2:.0f}' text-anchor='middle' class='axis-label' "
        f"transform='rotate(-90 14 {(top + height - bottom) / 2:.0f})'>{e(say('axis money', lang))}</text>"
    )
    for n, (player, series) in enumerate(running.items()):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        parts.append(f"<polyline points='{points}' fill='none' stroke='{colour}' stroke-width='2.5' class='series'/>")
        for i, v in enumerate(series[1:], start=1):
            parts.append(
                f"<circle cx='{x(i):.1f}' cy='{y(v):.1f}' r='3.5' fill='{colour}'>"
                f"<title>{e(player)}: {v:+,}</title></circle>"
            )
    parts.append("</svg>")
    legend = "".join(
        f"<li><span class='swatch' style='background:{PALETTE[n % len(PALETTE)]}'></span>"
        f"<span class='legend-name'>{e(player)}</span> <span class='num'>{series[-1]:+,}</span></li>"
        for n, (player, series) in enumerate(running.items())
    )
    values_table = _balance_table(running, lang)
    return f"<figure>{''.join(parts)}<ul class='legend'>{legend}</ul>{values_table}</figure>"


def _balance_table(running: Mapping[str, list[int]], lang: Lang) -> str:
    """The chart's values, hand by hand, for those who read numbers rather than lines."""
    e = html.escape
    hands = len(next(iter(running.values()), [0])) - 1
    head = "".join(f"<th class='num'>{i}</th>" for i in range(1, hands + 1))
    rows = "".join(
        f"<tr><th>{e(player)}</th>" + "".join(f"<td class='num'>{v:+,}</td>" for v in series[1:]) + "</tr>"
        for player, series in running.items()
    )
    return (
        f"<table class='balance-values'><thead><tr><th>{e(say('axis hands', lang))}</th>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


# ---- the page ------------------------------------------------------------------------------------


def page_title(hands: Sequence[Hand], lang: Lang) -> str:
    """The page's title: the file's event (its first ``[Event]`` tag), else a plain name for the page."""
    for hand in hands:
        event = hand.tag("Event")
        if event is not None and event.value.strip():
            return event.value.strip()
    return say("page", lang)


def _controls(lang: Lang) -> str:
    e = html.escape
    return (
        f"<div class='controls'><button class='first' title='{e(say('first', lang))}'>|◀</button>"
        f"<button class='prev' title='{e(say('previous', lang))}'>◀</button>"
        "<span class='turn-label'></span>"
        f"<button class='next' title='{e(say('next', lang))}'>▶</button>"
        f"<button class='last' title='{e(say('last', lang))}'>▶|</button></div>"
        "<div class='turn-text'></div><ul class='events'></ul>"
    )


def _script_words(lang: Lang) -> dict[str, str]:
    keys = (
        "the deal",
        "turn of",
        "line text",
        "in hand",
        "captured",
        "on the table",
        "nothing yet",
        "empty",
        "cards",
        "one card",
        "unseen",
        "dummies",
        "points",
    )
    return {key: say(key, lang, **_BLANKS) for key in keys}


_BLANKS = {name: "{" + name + "}" for name in ("turn", "last", "line", "text", "n")}
"""The script fills these blanks itself."""


def _json(value: object) -> str:
    """JSON that is safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


MAX_HANDS = 200
"""The most hands a page replays (decision H19): an evening is a few dozen, and each hand's steps
are about 20 KB of the page; past this the page says how many hands it leaves to ``check``."""


def _hand_section(
    hand: Hand,
    judged: HandVerdict,
    steps: Sequence[Snapshot],
    choice: RulesChoice,
    lang: Lang,
    left_out: LeftOut | None,
) -> tuple[dict[str, Any], str]:
    """One hand's data for the script and its section of the page."""
    e = html.escape
    profile = choice.profile_for(hand)
    declared: dict[str, dict[str, str]] = {}
    played = hand.kind == "played" and bool(steps)
    if played:
        shown = [_snapshot_data(s, profile, declared, lang) for s in steps]
        if shown[-1]["outcome"]:
            _with_verdict_scores(shown[-1], judged, lang)
    else:
        shown = [_tally_data(hand, judged, profile, lang)]
    data = {"index": hand.index, "seats": hand.seats, "played": played, "steps": shown}
    tags = " · ".join(e(t.value) for t in hand.tags if t.name in ("Event", "Date", "Site", "Note"))
    controls = _controls(lang) if played else f"<p class='tally-note'>{e(say('tally', lang))}</p>"
    rules = rules_label(choice.name_for(hand), choice.sets_for(hand), lang)
    heading = " · ".join((say("hand", lang, index=hand.index), rules, ", ".join(hand.seats)))
    note = ""
    if left_out is not None:
        said = say(
            f"left out {left_out.why}",
            lang,
            count=f"{left_out.turns:,}",
            first=left_out.first_line,
            last=left_out.last_line,
            limit=MAX_TURNS,
        )
        note = f"<p class='left-out'>{e(said)}</p>"
    section = (
        f"<section class='hand' id='hand-{hand.index}' data-index='{hand.index}'>"
        f"<h2>{e(heading)}</h2><p class='tags'>{tags}</p>{controls}<div class='board'></div>{note}"
        f"{_verdict_html(judged, lang, hidden=played)}</section>"
    )
    return data, section


def render_html(
    path: str,
    hands: Sequence[Hand],
    verdict: FileVerdict,
    steps: Mapping[int, Sequence[Snapshot]],
    *,
    lang: Lang = "en",
    choice: RulesChoice | None = None,
    left_out: Mapping[int, LeftOut] | None = None,
    judged: int | None = None,
) -> str:
    """The page for one file: a replay per played hand (its snapshots, taken while it was judged:
    :class:`.replay.SnapshotVisitor`, and what they leave out, ``left_out``), the final piles of
    each tally hand, the verdicts, and the balance chart. ``choice`` is the rules the hands were
    judged under (it scores each step); ``judged``, how many hands the file has, when the page
    shows fewer (:data:`MAX_HANDS`)."""
    e = html.escape
    choice = choice or RulesChoice()
    data: list[dict[str, Any]] = []
    sections: list[str] = []
    by_index = {v.index: v for v in verdict.hands}
    for hand in hands:
        verdict_of_hand = by_index.get(hand.index)
        if verdict_of_hand is not None:
            left = (left_out or {}).get(hand.index)
            hand_data, section = _hand_section(hand, verdict_of_hand, steps.get(hand.index, ()), choice, lang, left)
            data.append(hand_data)
            sections.append(section)
    if judged is not None and judged > len(verdict.hands):
        capped = say("capped", lang, shown=f"{len(verdict.hands):,}", judged=f"{judged:,}")
        sections.insert(0, f"<p class='capped'>{e(capped)}</p>")
    players = list(dict.fromkeys(p for v in verdict.hands for p in v.seats))
    chart = (
        f"<section class='balance'><h2>{e(say('balance', lang))}</h2>"
        f"{_balance_chart(verdict.hands, players, lang)}</section>"
        if len(verdict.hands) > 1
        else ""
    )
    faces = "".join(all_faces(lang).values())
    title = e(page_title(hands, lang))
    return PAGE.format(
        lang=lang,
        title=title,
        heading=title,
        source=e(PurePath(path).name),
        sections="".join(sections),
        chart=chart,
        faces=faces,
        data=_json(data),
        words=_json(_script_words(lang)),
        cards=_json(card_vocabulary(lang)),
        css=CSS,
        js=JS,
    )


CSS = """
body { font-family: 'NanumGothic', 'Noto Sans KR', 'Apple SD Gothic Neo', 'Malgun Gothic', system-ui, sans-serif;
       margin: 1.5rem; background: #faf7f2; color: #222; line-height: 1.35; }
h1 { font-size: 1.4rem; margin: 0 0 .2rem; } h2 { font-size: 1.15rem; margin: 1.6rem 0 .3rem; }
h3 { font-size: 1rem; } .source, .tags { color: #555; margin: .1rem 0; }
.controls { display: flex; align-items: center; gap: .3rem; flex-wrap: wrap; }
.controls button { font-size: 1.1rem; min-width: 2.75rem; min-height: 2.75rem; }
.turn-label { display: inline-block; min-width: 9rem; text-align: center; font-weight: bold; }
.turn-text { font-family: monospace; margin: .4rem 0; min-height: 1.2em; }
.events { color: #444; margin: .2rem 0; padding-left: 1.2rem; }
.events .outcome { font-weight: bold; color: #065f46; }
.table-area { background: #2f6b3a; color: #fff; padding: .4rem .5rem; border-radius: 8px; margin: .4rem 0; }
.table-area .row-label, .table-area .row .more { color: #fff; }
.player { margin: .5rem 0; padding: .4rem .5rem; border-radius: 8px; background: #fff; border: 1px solid #e7e0d4; }
.who { display: flex; gap: .6rem; align-items: baseline; flex-wrap: wrap; }
.who .name { font-weight: bold; font-size: 1.05rem; } .who .total { font-weight: bold; color: #7c2d12; }
.breakdown { color: #444; font-size: .9rem; }
.labelled { display: flex; align-items: flex-start; gap: .4rem; margin: .25rem 0; }
.row-label { flex: 0 0 5.2rem; font-size: .8rem; color: #555; padding-top: .2rem; }
.row { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; }
.more { font-size: .8rem; color: #555; margin-left: .3rem; }
.stack { display: flex; gap: 1px; align-items: center; margin-right: 5px; }
.stack.stuck { outline: 2px dashed #fca5a5; outline-offset: 1px; border-radius: 3px; }
.stuck-label { font-size: .7rem; color: #fff; margin-left: 3px; }
.groups { display: flex; flex-wrap: wrap; gap: .3rem .7rem; }
.group { border-left: 3px solid #d6cfc2; padding-left: .3rem; }
.group-label { font-size: .8rem; color: #333; display: block; }
.card, .card-back { width: 40px; height: 60px; flex: 0 0 auto; }
.payments { border-collapse: collapse; }
.payments td, .payments th, .balance-values td, .balance-values th { padding: .2rem .5rem;
  border-bottom: 1px solid #ddd; text-align: left; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.invalid, .violation { color: #b91c1c; } .discrepancy { color: #92400e; }
.verdict-later, .left-out, .capped { color: #555; font-style: italic; }
.balance figure { margin: 0; }
.balance-chart { width: 100%; max-width: 560px; height: auto; background: #fff; border-radius: 8px; }
.balance-chart .axis { stroke: #444; } .balance-chart .grid { stroke: #e5e7eb; }
.balance-chart .grid.zero { stroke: #9ca3af; stroke-dasharray: 4 3; }
.balance-chart .tick { font-size: 13px; fill: #333; } .balance-chart .axis-label { font-size: 14px; fill: #222; }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; }
.legend .swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 2px; margin-right: .3rem;
  vertical-align: -2px; }
.balance-values { border-collapse: collapse; font-size: .9rem; }
@media (max-width: 520px) {
  body { margin: .6rem; }
  .card, .card-back { width: 30px; height: 45px; }
  .labelled { flex-direction: column; gap: 0; }
  .row-label { flex-basis: auto; padding-top: 0; }
  .payments { font-size: .85rem; }
}
"""

JS = r"""
const DATA = JSON.parse(document.getElementById('gsn-data').textContent);
const WORDS = JSON.parse(document.getElementById('gsn-words').textContent);
const CARDS = JSON.parse(document.getElementById('gsn-cards').textContent);  // card_names.card_vocabulary
const FACES = {};
document.getElementById('card-faces').content.querySelectorAll('svg.card')
  .forEach(svg => { FACES[svg.dataset.card] = svg; });
function words(key, blanks) {
  return WORDS[key].replace(/\{(\w+)\}/g, (all, name) => (name in (blanks || {}) ? blanks[name] : all));
}
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
function card(code) {
  const svg = (FACES[code] || FACES['?']).cloneNode(true);
  const known = CARDS[code];
  if (known) svg.querySelector('title').textContent = known.title;
  else if (code !== '?') {  // a code the deck does not know: the back, named by its code
    svg.dataset.card = code; svg.querySelector('title').textContent = code;
  }
  return svg;
}
function row(codes, more) {
  const div = el('div', 'row');
  codes.forEach(c => div.appendChild(card(c)));
  if (!codes.length && !more) div.appendChild(el('span', 'more', WORDS['empty']));
  if (more) div.appendChild(el('span', 'more', more));
  return div;
}
function labelled(label, content) {
  const div = el('div', 'labelled');
  div.appendChild(el('span', 'row-label', label)); div.appendChild(content);
  return div;
}
function pile(view) {
  const groups = el('div', 'groups');
  view.groups.forEach(g => {
    const group = el('div', `group kind-${g.kind}`);
    const count = `${g.label} ${g.cards.length === 1 ? WORDS['one card'] : words('cards', {n: g.cards.length})}`;
    group.appendChild(el('span', 'group-label', g.points ? `${count} · ${words('points', {n: g.points})}` : count));
    group.appendChild(row(g.cards)); groups.appendChild(group);
  });
  if (!view.groups.length) groups.appendChild(el('span', 'more', WORDS['nothing yet']));
  return groups;
}
function player(name, s, played) {
  const view = s.piles[name];
  const div = el('div', 'player'); div.dataset.player = name;
  const who = el('div', 'who');
  who.appendChild(el('span', 'name', name));
  who.appendChild(el('span', 'total', words('points', {n: view.total})));
  const items = view.items.map(([rule, points]) => `${rule} ${points}`).join(' + ');
  if (items) who.appendChild(el('span', 'breakdown', `${items} = ${view.total}`));
  div.appendChild(who);
  if (played) {
    const more = [s.unseen[name] ? words('unseen', {n: s.unseen[name]}) : '',
                  s.dummies[name] ? words('dummies', {n: s.dummies[name]}) : ''].filter(Boolean).join(' ');
    const hand = row(s.hands[name] || [], more); hand.classList.add('hand-cards');
    for (let i = 0; i < (s.unseen[name] || 0); i++) {  // the cards nobody saw, face down
      const back = FACES['?'].cloneNode(true); back.setAttribute('class', 'card-back');
      hand.insertBefore(back, hand.querySelector('.more'));
    }
    div.appendChild(labelled(WORDS['in hand'], hand));
  }
  const captured = pile(view); captured.classList.add('pile');
  div.appendChild(labelled(WORDS['captured'], captured));
  return div;
}
function show(section, hand, step) {
  const s = hand.steps[step];
  const last = hand.steps.length - 1;
  section.dataset.step = step;
  const board = section.querySelector('.board'); board.replaceChildren();
  if (hand.played) {
    section.querySelector('.turn-label').textContent =
      step === 0 ? WORDS['the deal'] : words('turn of', {turn: s.turn, last: hand.steps[last].turn});
    section.querySelector('.turn-text').textContent =
      step === 0 ? '' : words('line text', {line: s.line, text: s.text});
    const events = section.querySelector('.events'); events.replaceChildren();
    s.events.forEach(t => events.appendChild(el('li', '', t)));
    if (s.outcome && step === last) events.appendChild(el('li', 'outcome', s.outcome));
    const table = el('div', 'row tablecards');
    s.table.forEach(stack => {
      const month = el('div', 'stack');
      stack.cards.forEach(c => month.appendChild(card(c)));
      if (stack.stuck) { month.classList.add('stuck'); month.appendChild(el('span', 'stuck-label', stack.stuck)); }
      table.appendChild(month);
    });
    if (!s.table.length) table.appendChild(el('span', 'more', WORDS['empty']));
    const area = labelled(WORDS['on the table'], table); area.classList.add('table-area');
    board.appendChild(area);
    ['first', 'prev'].forEach(b => { section.querySelector(`.${b}`).disabled = step === 0; });
    ['next', 'last'].forEach(b => { section.querySelector(`.${b}`).disabled = step === last; });
    section.querySelector('.verdict').hidden = step !== last;
    section.querySelector('.verdict-later').hidden = step === last;
  }
  Object.keys(s.piles).forEach(name => board.appendChild(player(name, s, hand.played)));
}
let active = null;
DATA.forEach(hand => {
  const section = document.getElementById(`hand-${hand.index}`);
  if (!hand.played) { show(section, hand, 0); return; }
  const go = step => {
    active = [section, hand];
    show(section, hand, Math.max(0, Math.min(step, hand.steps.length - 1)));
  };
  section.querySelector('.first').onclick = () => go(0);
  section.querySelector('.prev').onclick = () => go(+section.dataset.step - 1);
  section.querySelector('.next').onclick = () => go(+section.dataset.step + 1);
  section.querySelector('.last').onclick = () => go(hand.steps.length - 1);
  show(section, hand, 0);
  if (!active) active = [section, hand];
});
document.addEventListener('keydown', event => {
  if (!active) return;
  const [section, hand] = active;
  const step = +section.dataset.step;
  if (event.key === 'ArrowRight') show(section, hand, Math.min(step + 1, hand.steps.length - 1));
  if (event.key === 'ArrowLeft') show(section, hand, Math.max(step - 1, 0));
});
"""

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>{css}</style></head>
<body><h1>{heading}</h1>
<p class='source'>{source}</p>
{sections}
{chart}
<template id="card-faces">{faces}</template>
<script id="gsn-data" type="application/json">{data}</script>
<script id="gsn-words" type="application/json">{words}</script>
<script id="gsn-cards" type="application/json">{cards}</script>
<script>{js}</script>
</body></html>
"""
