"""``gostop-arbiter render FILE -o replay.html``: one self-contained page that replays each hand.

Everything is inline (CSS, JS, SVG); nothing is loaded from the network. The states after each
turn come from the engine (:func:`.replay.snapshots`) and travel as JSON inside the page; the
cards are drawn as SVG by a small script, step by step, with buttons and the arrow keys. Every
text from the transcript (names, tags, comments) reaches the page as data or escaped HTML, never
as markup.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..notation import Hand
from ..verdict import FileVerdict, HandVerdict
from .replay import Snapshot, describe

PALETTE = ["#3b82f6", "#ef4444", "#10b981", "#f59e0b", "#8b5cf6", "#ec4899", "#14b8a6"]


def _snapshot_data(snap: Snapshot) -> dict[str, Any]:
    return {
        "turn": snap.turn,
        "line": snap.line,
        "text": snap.text,
        "events": [describe(e) for e in snap.events if e.kind not in ("play", "flip")],
        "hands": snap.hands,
        "unseen": snap.unseen,
        "dummies": snap.dummies,
        "table": [cards for _month, cards, _owner in snap.table],
        "piles": snap.piles,
        "scores": snap.scores,
        "outcome": snap.outcome,
        "winner": snap.winner,
    }


def _verdict_html(verdict: HandVerdict) -> str:
    e = html.escape
    rows = []
    for p in verdict.payments:
        why = "; ".join(f"{f.rule} ×{f.factor}: {f.reason}" for f in p.factors)
        if p.reason:
            why = f"{why}; {p.reason}" if why else p.reason
        rows.append(
            f"<tr><td>{e(p.payer)}</td><td>{e(p.payee)}</td><td class='num'>{p.points}</td>"
            f"<td class='num'>{p.amount:,}</td><td>{e(why)}</td></tr>"
        )
    result = f"{e(verdict.outcome)}" + (f": {e(verdict.winner)} wins" if verdict.winner else "")
    problems = "".join(
        f"<li class='violation'>line {v.line}: {e(v.code)}: {e(v.message)}</li>" for v in verdict.violations
    )
    problems += "".join(f"<li class='discrepancy'>line {d.line}: {e(d.message)}</li>" for d in verdict.discrepancies)
    table = (
        "<table class='payments'><thead><tr><th>from</th><th>to</th><th>points</th><th>money</th><th>why</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
        if rows
        else "<p>nobody pays for this hand</p>"
    )
    valid = "" if verdict.valid else " <span class='invalid'>not valid: the payments are not binding</span>"
    return f"<div class='verdict'><h3>verdict: {result}{valid}</h3><ul>{problems}</ul>{table}</div>"


def _balance_chart(verdicts: Sequence[HandVerdict], players: list[str]) -> str:
    """Each player's running balance over the hands, as an inline SVG line chart."""
    running = {p: [0] for p in players}
    for verdict in verdicts:
        moved = {p: 0 for p in players}
        if verdict.valid:
            for payment in verdict.payments:
                moved[payment.payer] = moved.get(payment.payer, 0) - payment.amount
                moved[payment.payee] = moved.get(payment.payee, 0) + payment.amount
        for p in players:
            running[p].append(running[p][-1] + moved.get(p, 0))
    values = [v for series in running.values() for v in series]
    low, high = min([*values, 0]), max([*values, 0])
    span = (high - low) or 1
    width, height, pad = 640, 240, 40
    steps = max(1, len(verdicts))

    def x(i: int) -> float:  # room on the right for the names and final balances
        return pad + i * (width - 2 * pad - 120) / steps

    def y(v: int) -> float:
        return height - pad - (v - low) * (height - 2 * pad) / span

    parts: list[str] = [
        f"<svg class='balance-chart' viewBox='0 0 {width} {height}' width='{width}' height='{height}' role='img' "
        "aria-label='running balance per player'>",
        f"<line x1='{pad}' x2='{width - pad}' y1='{y(0):.1f}' y2='{y(0):.1f}' class='axis'/>",
    ]
    for i in range(steps + 1):
        parts.append(f"<text x='{x(i):.1f}' y='{height - 12}' class='tick'>{i}</text>")
    for n, (player, series) in enumerate(running.items()):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        parts.append(f"<polyline points='{points}' fill='none' stroke='{colour}' stroke-width='2' class='series'/>")
        parts.append(
            f"<text x='{x(steps) + 4:.1f}' y='{y(series[-1]):.1f}' fill='{colour}' class='label'>"
            f"{html.escape(player)} {series[-1]:+,}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def render_html(path: str, hands: Sequence[Hand], verdict: FileVerdict, steps: Mapping[int, Sequence[Snapshot]]) -> str:
    """The page for one file: a replay per played hand (its snapshots, taken while it was judged:
    :class:`.replay.SnapshotVisitor`), the verdicts, and the balance chart."""
    e = html.escape
    data: list[dict[str, Any]] = []
    sections: list[str] = []
    by_index = {v.index: v for v in verdict.hands}
    for hand in hands:
        judged = by_index.get(hand.index)
        if judged is None:
            continue
        shown = [_snapshot_data(s) for s in steps.get(hand.index, [])] if hand.kind == "played" else []
        data.append({"index": hand.index, "seats": hand.seats, "steps": shown})
        tags = " · ".join(e(f"{t.name}: {t.value}") for t in hand.tags if t.name in ("Event", "Date", "Site", "Note"))
        controls = (
            "<div class='controls'><button class='first' title='the deal'>|◀</button>"
            "<button class='prev' title='previous turn (←)'>◀</button>"
            "<span class='turn-label'></span>"
            "<button class='next' title='next turn (→)'>▶</button>"
            "<button class='last' title='the end'>▶|</button></div>"
            "<div class='turn-text'></div><ul class='events'></ul><div class='board'></div>"
            if steps
            else "<p>a tally hand: only the final piles are known</p>"
        )
        sections.append(
            f"<section class='hand' id='hand-{hand.index}' data-index='{hand.index}'>"
            f"<h2>hand {hand.index} · {e(judged.rules)} · {e(', '.join(hand.seats))}</h2>"
            f"<p class='tags'>{tags}</p>{controls}{_verdict_html(judged)}</section>"
        )
    players = list(dict.fromkeys(p for v in verdict.hands for p in v.seats))
    chart = (
        f"<section class='balance'><h2>balance over the hands</h2>{_balance_chart(verdict.hands, players)}</section>"
        if len(verdict.hands) > 1
        else ""
    )
    payload = (
        json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    )
    return PAGE.format(
        title=e(path), heading=e(path), sections="".join(sections), chart=chart, data=payload, css=CSS, js=JS
    )


CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; background: #faf7f2; color: #222; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.1rem; margin-top: 2rem; } h3 { font-size: 1rem; }
.controls button { font-size: 1.1rem; margin-right: .3rem; }
.turn-label { display: inline-block; min-width: 9rem; text-align: center; }
.turn-text { font-family: monospace; margin: .4rem 0; }
.player { margin: .4rem 0; padding: .3rem; border-radius: 6px; background: #fff; }
.player .name { font-weight: bold; display: inline-block; min-width: 6rem; }
.row { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; margin: 2px 0; }
.tablecards { background: #2f6b3a; padding: .5rem; border-radius: 8px; min-height: 62px; }
.events { color: #555; margin: .2rem 0; }
.payments td, .payments th { padding: .2rem .5rem; border-bottom: 1px solid #ddd; text-align: left; }
.num { text-align: right; }
.invalid, .violation { color: #b91c1c; } .discrepancy { color: #b45309; }
.balance-chart .axis { stroke: #999; } .balance-chart .tick { font-size: 10px; fill: #666; }
.balance-chart .label { font-size: 11px; }
"""

JS = r"""
const DATA = JSON.parse(document.getElementById('gsn-data').textContent);
const SVG = 'http://www.w3.org/2000/svg';
const MONTH_COLOURS = ['#000', '#7c2d12', '#be185d', '#db2777', '#4c1d95', '#1d4ed8', '#b91c1c',
                       '#9a3412', '#4d7c0f', '#a16207', '#c2410c', '#374151', '#1e3a8a'];
// The letter on the card (any font has it) and, in its tooltip, the Korean name of the kind.
const KINDS = {g: ['G', '#eab308', '광'], a: ['A', '#16a34a', '열끗'], r: ['R', '#dc2626', '띠'],
               p: ['P', '#9ca3af', '피'], pp: ['PP', '#6b7280', '쌍피'], b: ['B', '#a855f7', '보너스'],
               '?': ['?', '#d1d5db', '']};
function parse(code) {
  if (code === '?') return {month: '', kind: '?'};
  if (code[0] === 'b') return {month: code.slice(1), kind: 'b'};
  const m = code.match(/^(\d+)(pp|p|g|a|r)$/);
  return m ? {month: m[1], kind: m[2]} : {month: '', kind: '?'};
}
function card(code) {
  const {month, kind} = parse(code);
  const [label, colour, korean] = KINDS[kind] || KINDS['?'];
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('width', '40'); svg.setAttribute('height', '58'); svg.setAttribute('viewBox', '0 0 40 58');
  svg.setAttribute('class', 'card'); svg.setAttribute('data-card', code);
  const rect = document.createElementNS(SVG, 'rect');
  rect.setAttribute('x', '1'); rect.setAttribute('y', '1');
  rect.setAttribute('width', '38'); rect.setAttribute('height', '56');
  rect.setAttribute('rx', '4'); rect.setAttribute('fill', kind === '?' ? '#e5e7eb' : (MONTH_COLOURS[+month] || '#444'));
  rect.setAttribute('stroke', colour); rect.setAttribute('stroke-width', '3');
  svg.appendChild(rect);
  const top = document.createElementNS(SVG, 'text');
  top.setAttribute('x', '20'); top.setAttribute('y', '24'); top.setAttribute('text-anchor', 'middle');
  top.setAttribute('fill', '#fff'); top.setAttribute('font-size', '16'); top.setAttribute('font-weight', 'bold');
  top.textContent = month || '?';
  const bottom = document.createElementNS(SVG, 'text');
  bottom.setAttribute('x', '20'); bottom.setAttribute('y', '46'); bottom.setAttribute('text-anchor', 'middle');
  bottom.setAttribute('fill', colour); bottom.setAttribute('font-size', '11');
  bottom.textContent = label;
  svg.appendChild(top); svg.appendChild(bottom);
  const title = document.createElementNS(SVG, 'title');
  title.textContent = korean ? `${code} (${korean})` : code; svg.appendChild(title);
  return svg;
}
function row(codes, extra) {
  const div = document.createElement('div'); div.className = 'row';
  codes.forEach(c => div.appendChild(card(c)));
  if (extra) { const span = document.createElement('span'); span.textContent = extra; div.appendChild(span); }
  return div;
}
function show(section, hand, step) {
  const s = hand.steps[step];
  section.dataset.step = step;
  section.querySelector('.turn-label').textContent =
    step === 0 ? 'the deal' : `turn ${s.turn} of ${hand.steps[hand.steps.length - 1].turn}`;
  section.querySelector('.turn-text').textContent = step === 0 ? '' : `line ${s.line}: ${s.text}`;
  const events = section.querySelector('.events'); events.replaceChildren();
  s.events.forEach(t => { const li = document.createElement('li'); li.textContent = t; events.appendChild(li); });
  if (s.outcome !== 'incomplete') {
    const li = document.createElement('li'); li.className = 'outcome';
    li.textContent = s.outcome + (s.winner ? `: ${s.winner} wins` : ''); events.appendChild(li);
  }
  const board = section.querySelector('.board'); board.replaceChildren();
  const table = row(s.table.flat()); table.classList.add('tablecards'); board.appendChild(table);
  Object.keys(s.hands).forEach(p => {
    const div = document.createElement('div'); div.className = 'player'; div.dataset.player = p;
    const name = document.createElement('span'); name.className = 'name'; name.textContent = `${p} · ${s.scores[p]} pt`;
    div.appendChild(name);
    const hidden = s.unseen[p] ? ` + ${s.unseen[p]} unseen` : '';
    const dummies = s.dummies[p] ? ` + ${s.dummies[p]} dummy` : '';
    const handRow = row(s.hands[p], hidden + dummies); handRow.classList.add('hand-cards'); div.appendChild(handRow);
    const pile = row(s.piles[p]); pile.classList.add('pile'); div.appendChild(pile);
    board.appendChild(div);
  });
  section.querySelector('.prev').disabled = step === 0;
  section.querySelector('.first').disabled = step === 0;
  section.querySelector('.next').disabled = step === hand.steps.length - 1;
  section.querySelector('.last').disabled = step === hand.steps.length - 1;
}
let active = null;
DATA.forEach(hand => {
  const section = document.getElementById(`hand-${hand.index}`);
  if (!hand.steps.length) return;
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
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>{css}</style></head>
<body><h1>{heading}</h1>
{sections}
{chart}
<script id="gsn-data" type="application/json">{data}</script>
<script>{js}</script>
</body></html>
"""
