// Drawing the page from the state: each screen in the page's language, the cards by their names,
// the record as sentences (its GSN one tap away). What a tap does is the controller's (main.js),
// handed in as `act`.
import { forget, keeper, page, timing } from "./state.js";
import { W, cardName, cardsNamed, term, w } from "./words.js";
import { cardNode, el, info, kindOf, picker, sorted } from "./cards.js";

export const $ = (id) => document.getElementById(id);
let act = {};
export function setActions(actions) { act = actions; }

// ---- what the page says back: where the tap was, in view, to screen readers too (T25) ----------
export function blockOf(node) {
  // the element the tap was in that stands directly in a section: the page redraws inside it, never it
  let at = node instanceof Element ? node : null;
  while (at && at.parentElement && at.parentElement.tagName !== "SECTION") at = at.parentElement;
  return at && at.parentElement ? at : null;
}
export function notice(kind, title, message, violations, hint) {
  const box = $("notice");
  box.className = kind;
  box.replaceChildren(el("b", {}, title + ": "), message);
  for (const v of violations || []) if (!message.includes(v.message)) box.append(el("div", {}, "· " + v.term + " — " + v.message));
  if (hint) box.append(el("div", { class: "hint" }, hint));
  box.hidden = false;
  const tapped = page.tapped;
  const shown = tapped && document.contains(tapped) && tapped.offsetParent !== null;
  (shown ? tapped : $("due")).after(box);
  (shown ? box : $("status")).scrollIntoView({ block: "nearest" });
}
export function unsay() { $("notice").hidden = true; $("notice").replaceChildren(); }
export function refused(status, data) {
  const hints = { 403: "hint-link", 409: "hint-stale", 413: "hint-refused", 422: "hint-refused" };
  notice("refused", w("refused"), status === 409 ? w("stale") : (data.message || String(status)), data.violations, hints[status] ? w(hints[status]) : "");
}
export function lost() { notice("offline", w("offline-title"), w("lost"), [], w("hint-offline")); live("offline"); }
export function live(how) {
  // the badge in the header: following the table, reconnecting, or refused a stream (kept, to be
  // said again in the other language when the page switches)
  $("live").dataset.how = how;
  $("live").textContent = w(how === "live" ? "live" : how === "refused" ? "not-following" : "offline");
  $("live").className = "badge " + how;
}
export function adopt(fresh) {
  // a state the page did not ask for (a stream's, a stale write's answer): open questions it left closed
  const old = page.S;
  page.S = fresh;
  if (old && old.revision !== fresh.revision && forget(old)) {
    // the question open here no longer applies: said, with what the other phone recorded
    const now = fresh.hand ? fresh.hand.statements : [], last = now.length ? now[now.length - 1].said : "";
    notice("closed", w("closed-title"), w("closed"), [], last);
  }
}

// ---- the page ---------------------------------------------------------------------------------
export function render() {
  const S = page.S;
  if (!S) return;
  const keep = keeper();
  const title = S.title || w("title");
  $("title").textContent = title;
  document.title = title;
  $("role").textContent = w(S.role);
  const hand = S.hand;
  const board = hand ? hand.board : null;
  const dealt = !!board && (hand.statements.some((s) => s.kind === "table") || sittingOut(hand));
  const wantSetup = keep && (!hand || page.setupOpen);
  $("due").textContent = wantSetup ? w("set-up-due") : dueOf(hand, board, dealt);
  $("setup").hidden = !wantSetup;
  if (wantSetup) renderSetup();
  const waiting = keep && !!board && !dealt && !page.setupOpen;
  if (!waiting) { page.dealing = null; page.tallying = null; }
  $("deal").hidden = !waiting || !!page.tallying;
  if (waiting && !page.tallying) renderDeal();
  $("tally").hidden = !waiting || !page.tallying;
  if (waiting && page.tallying) renderTally();
  const correctingTurn = page.choosing && page.choosing.at !== undefined;
  $("play").hidden = !dealt && !correctingTurn;
  if (dealt) renderPlay(keep);
  renderPlayers();
  renderFeed();
  renderRecord(keep);
  // the next hand's set-up takes the place of the last verdict (still in the evening's replay)
  const over = !!hand && hand.over && !wantSetup;
  $("over").hidden = !over;
  if (over) renderOver(keep);
  renderEvening(keep);
  settle();
}

export function redraw(part) {
  // a tap that changed only the deal or the tally being tapped: that part drawn again, not the page
  if (part === "deal") renderDeal(); else renderTally();
  settle();
}

function dueOf(hand, board, dealt) {
  if (!hand) return w("set-up-due");
  if (hand.over) return w("over");
  if (!dealt) return page.tallying ? w("tally-due") : w("deal-due");
  if (board.due === "call") return w("call-of", { name: board.who });
  if (board.due === "turn") return w("turn-of", { name: board.who });
  return w("over");
}

export function settle() {
  // a tap is answered once what it changed is drawn: measured to the next frame, as a performance
  // measure named "tap" (what the browser test reads)
  if (timing.tapAt === null) return;
  const at = timing.tapAt, answered = timing.answeredAt;
  timing.tapAt = null; timing.answeredAt = null;
  // the wait for the table's answer is noted beside it (its detail), to tell the table's share
  // from the page's drawing
  const detail = { wait: answered === null ? 0 : answered - at };
  requestAnimationFrame(() => performance.measure("tap", { start: at, end: performance.now(), detail }));
}

// ---- set-up ----------------------------------------------------------------------------------
function renderSetup() {
  const S = page.S, box = $("seats");
  if (!box.dataset.filled) {
    const proposed = S.next_setup.seats.length ? S.next_setup.seats : ["", ""];
    box.replaceChildren(...proposed.map((n, i) => seatRow(n, i)));
    // the dealer proposed is the rules' (the last hand's winner), not the one chosen for the last hand
    $("dealer").replaceChildren();
    $("stake").value = S.next_setup.stake ?? 100;
    $("rules").replaceChildren(...S.profiles.map((p) => el("option", { value: p.name }, p.label)));
    $("rules").value = S.next_setup.rules || "standard";
    box.dataset.filled = "1";
    // the evening's name is asked once, before its first hand
    $("event-box").hidden = S.evening.hands.length > 0 || !!S.hand;
    renderKnobs(S.next_setup.sets || {});
  }
  const profile = S.profiles.find((p) => p.name === $("rules").value);
  $("rules-summary").textContent = profile ? profile.summary : "";
  fillDealer();
}
export function seatRow(name, i) {
  const input = el("input", { type: "text", class: "seat", maxlength: "40", value: name, "aria-label": w("seat") + " " + (i + 1), oninput: fillDealer });
  const remove = el("button", { type: "button", "aria-label": w("remove-seat") + " " + (i + 1),
    onclick: (e) => { e.currentTarget.parentElement.remove(); fillDealer(); } }, "✕");
  return el("div", { class: "row" }, input, remove);
}
export function seatNames() { return [...document.querySelectorAll("#seats input.seat")].map((i) => i.value.trim()).filter(Boolean); }
export const MAX_SEATS = 7;   // five to seven at the table: all but three sit out (광팔기, 죽기); seven need a joker
export function fillDealer() {
  // an eighth seat is not offered: no button that does nothing
  $("add-seat").disabled = document.querySelectorAll("#seats .row").length >= MAX_SEATS;
  const names = seatNames(), select = $("dealer"), was = select.value || page.S.next_setup.dealer;
  select.replaceChildren(...names.map((n) => el("option", { value: n }, n)));
  if (names.includes(was)) select.value = was;
}
export function renderKnobs(sets) {
  // the house rules, each in words with a control of its kind, the profile's value shown (T31)
  const profile = $("rules").value, values = (W.rules[profile] || {});
  const groups = new Map();
  for (const k of W.knobs) {
    if (!groups.has(k.group_label)) groups.set(k.group_label, []);
    const key = k.group ? k.group + "." + k.knob : k.knob;
    const value = key in sets ? sets[key] : values[key];
    const id = "knob-" + key.replace(/\W/g, "-");
    let control;
    if (k.kind === "bool") control = el("input", { type: "checkbox", id, "data-knob": key, checked: value === "true" });
    else if (k.kind === "choice") control = el("select", { id, "data-knob": key }, ...k.choices.map((c) => el("option", { value: c.value, selected: c.value === value }, c.label)));
    else {
      // a knob that may be none (no cap, no points of its own) is an empty field, never the word
      const nullable = Object.values(W.rules).some((r) => r[key] === "none");
      control = el("input", { type: k.kind === "int" && !nullable ? "number" : "text", id, "data-knob": key,
        "data-none": nullable ? "1" : null, value: value === "none" ? "" : (value ?? ""),
        inputmode: k.kind === "int" || nullable ? "numeric" : null });
    }
    groups.get(k.group_label).push(el("div", { class: "knob" }, el("label", { for: id }, k.meaning), control));
  }
  $("knob-list").replaceChildren(...[...groups.entries()].map(([label, rows]) => el("fieldset", {}, el("legend", {}, label), ...rows)));
}
export function knobSets() {
  // only the knobs set to something else than the profile's value are written (as Set tags)
  const values = W.rules[$("rules").value] || {}, sets = {};
  for (const node of document.querySelectorAll("#knob-list [data-knob]")) {
    const key = node.dataset.knob;
    let value = node.type === "checkbox" ? String(node.checked) : node.value.trim();
    if (value === "" && node.dataset.none) value = "none";
    if (value !== (values[key] ?? "")) sets[key] = value;
  }
  return sets;
}

// ---- the deal: one target after the other (each seat's hand, then the table) ----------------------
function handsDealt(hand) { return hand.statements.some((s) => s.kind === "deal"); }
function sittingOut(hand) {
  // seven at the table (R80): the hands are dealt, and the table waits until four sit out
  if (!hand.table_later || !handsDealt(hand)) return false;
  return hand.statements.filter((s) => s.kind === "sit-out").length < hand.seats.length - 3;
}
function renderDeal() {
  const hand = page.S.hand;
  if (!page.dealing) {
    // seven: the hands first, the table on its own once four sit out (from the stock their hands went into)
    const tableOnly = hand.table_later && handsDealt(hand);
    const targets = tableOnly ? [] : hand.seats.map((n) => ({ who: n, count: hand.deal_sizes[0] }));
    if (!hand.table_later || tableOnly) targets.push({ who: null, count: hand.deal_sizes[1] });
    page.dealing = { targets, at: 0, picks: {}, unseen: {} };
  }
  const d = page.dealing, t = d.targets[d.at];
  const key = t.who === null ? "" : t.who;
  const mine = d.picks[key] || (d.picks[key] = []);
  const elsewhere = new Set();
  for (const [k, ids] of Object.entries(d.picks)) if (k !== key) ids.forEach((id) => elsewhere.add(id));
  $("deal-what").textContent = t.who === null ? w("deal-table", { count: t.count }) : w("deal-hand", { name: t.who, count: t.count });
  const unseen = !!d.unseen[key];
  $("deal-count").textContent = (unseen ? w("unseen") + " · " : "") + w("chosen", { n: mine.length, count: t.count });
  $("deal-unseen").hidden = t.who === null;
  $("deal-unseen").setAttribute("aria-pressed", String(unseen));
  const grid = $("deal-grid");
  const deck = page.lang + " " + hand.deck.join(" ");   // the tiles' names are in the page's language
  if (grid.dataset.deck === deck) {
    // the same deck's grid: each card's state set where it is, the tiles kept (a tap on a slow
    // phone is answered in a frame: T65)
    for (const node of grid.children) {
      const id = node.dataset.id;
      node.disabled = elsewhere.has(id);
      node.setAttribute("aria-pressed", String(mine.includes(id)));
      node.classList.toggle("on", mine.includes(id));
    }
  } else {
    const copies = {};
    grid.replaceChildren(...hand.deck.map((code) => {
      copies[code] = (copies[code] || 0) + 1;
      const id = code + "#" + copies[code];
      const node = cardNode(code, { "data-id": id, disabled: elsewhere.has(id), "aria-pressed": String(mine.includes(id)) });
      if (mine.includes(id)) node.classList.add("on");
      node.addEventListener("click", () => act.dealTap(id, kindOf(code) === "b"));
      return node;
    }));
    grid.dataset.deck = deck;
  }
  $("deal-back").disabled = d.at === 0;
  $("deal-next").textContent = d.at === d.targets.length - 1 ? w("record-deal") : w("next");
  $("tally-offer").hidden = hand.statements.length > 0 || d.at > 0 || Object.values(d.picks).some((p) => p.length);
}

// ---- the quick tally: each pile tapped on the deck, then the calls (T32) ------------------------------
function renderTally() {
  const hand = page.S.hand, t = page.tallying;
  const owner = {};
  for (const [p, ids] of Object.entries(t.piles)) for (const id of ids) owner[id] = p;
  $("tally-players").replaceChildren(...hand.seats.map((p) => el("button", { type: "button", "aria-pressed": String(t.at === p),
    "data-pile": p, onclick: () => { t.at = p; render(); } }, w("pile-of", { name: p }) + " · " + (t.piles[p] || []).length)));
  $("tally-what").textContent = w("tally-tap", { name: t.at });
  const copies = {};
  $("tally-grid").replaceChildren(...hand.deck.map((code) => {
    copies[code] = (copies[code] || 0) + 1;
    const id = code + "#" + copies[code];
    const theirs = owner[id] && owner[id] !== t.at;
    const node = cardNode(code, { "data-id": id, disabled: !!theirs, "aria-pressed": String(owner[id] === t.at),
      title: theirs ? w("pile-of", { name: owner[id] }) : null });
    if (owner[id] === t.at) node.classList.add("on");
    node.addEventListener("click", () => act.tallyTap(id));
    return node;
  }));
  const rows = [];
  for (const what of ["goes", "shakes", "bombs"]) {
    rows.push(el("h3", {}, w("tally-" + what)));
    rows.push(el("div", { class: "row wrap" }, ...hand.seats.map((p) => stepper(p, what))));
  }
  rows.push(el("h3", { id: "tally-stop-title" }, w("tally-stop")));
  rows.push(el("div", { class: "row wrap", role: "group", "aria-labelledby": "tally-stop-title" },
    ...[...hand.seats, null].map((p) => el("button", { type: "button", "aria-pressed": String(t.stop === p), "data-stop": p === null ? "" : p,
      onclick: () => { t.stop = p; render(); } }, p === null ? w("tally-nobody") : p))));
  const cupHolder = Object.entries(t.piles).find(([, ids]) => ids.some((id) => id.startsWith("9a#")));
  if (cupHolder) {
    rows.push(el("h3", { id: "tally-cup-title" }, w("tally-cup", { name: cupHolder[0] })));
    rows.push(el("div", { class: "row wrap", role: "group", "aria-labelledby": "tally-cup-title" },
      ...[["", "tally-cup-free"], ["pi", "tally-cup-pi"], ["animal", "tally-cup-animal"]].map(([how, key]) =>
        el("button", { type: "button", "aria-pressed": String((t.cup || "") === how), "data-cup": how,
          onclick: () => { t.cup = how || null; render(); } }, w(key)))));
  }
  $("tally-calls").replaceChildren(...rows);
}
function stepper(player, what) {
  const t = page.tallying, n = t[what][player] || 0;
  const set = (v) => { t[what][player] = Math.max(0, Math.min(20, v)); render(); };
  return el("div", { class: "stepper", "data-tally": what + ":" + player },
    el("span", {}, player),
    el("button", { type: "button", "aria-label": w("less", { name: player }), disabled: n === 0, onclick: () => set(n - 1) }, "−"),
    el("output", { "aria-live": "polite" }, String(n)),
    el("button", { type: "button", "aria-label": w("more", { name: player }), onclick: () => set(n + 1) }, "+"));
}

// ---- a turn being played ------------------------------------------------------------------------
function renderPlay(keep) {
  const S = page.S, board = S.hand.board;
  $("table").replaceChildren(...board.table.map((st) => el("span", { class: "stack", "data-month": st.month },
    ...st.cards.map((c) => cardNode(c, {}, true)), st.owner ? el("small", {}, st.owner) : "")));
  $("stock").textContent = w("stock", { n: board.stock });
  const who = board.who;
  const plays = keep && S.moves ? S.moves.filter((m) => m.kind === "turn" && m.player === who) : [];
  const known = who && board.hands[who] ? board.hands[who] : [];
  const unseen = who ? (board.unseen[who] || 0) : 0;
  $("hand-what").textContent = who
    ? (unseen && keep ? w("unseen-hand", { name: who }) : w("hand-of", { name: who })) + (unseen ? " · " + w("unseen-count", { n: unseen }) : "")
    : "";
  const byCard = new Map(plays.filter((m) => m.play === "card").map((m) => [m.cards[0], m]));
  // each card of the hand known, each copy its own tile; one of them played is the same move
  const nodes = [el("div", { class: "cards" }, ...known.map((code) => byCard.has(code)
    ? tapTile(code, byCard.get(code)) : cardNode(code, {}, true)))];
  // a hand not seen may hold any copy of a card the table has not seen: each copy is offered, as
  // each is a card someone may be holding (tapping either is the same play)
  const left = unaccounted();
  const candidates = sorted([...byCard.keys()].filter((code) => !known.includes(code))
    .flatMap((code) => Array(Math.max(1, left[code] || 0)).fill(code)));
  if (candidates.length) nodes.push(...picker("hand", candidates.map((code) => ({ code,
    attrs: { class: "legal", "data-play": byCard.get(code).text }, tap: () => act.choosePlay(byCard.get(code)) })), () => renderPlay(keep)));
  const others = plays.filter((m) => m.play !== "card");
  if (others.length) nodes.push(el("div", { class: "row wrap" }, ...others.map((m) =>
    el("button", { type: "button", class: "legal", "data-play": m.text, onclick: () => act.choosePlay(m) }, playLabel(m)))));
  $("hand").replaceChildren(...nodes);
  renderChoose();
  const moves = keep && S.moves ? S.moves.filter((m) => m.kind !== "turn") : [];
  $("moves-title").hidden = !moves.length;
  $("moves").replaceChildren(...movesByKind(moves));
}
function unaccounted() {
  // how many copies of each card the table has not seen yet: the deck less the table, the piles
  // and every hand known
  const hand = page.S.hand, b = hand.board, left = {};
  for (const code of hand.deck) left[code] = (left[code] || 0) + 1;
  const seen = [...b.table.flatMap((st) => st.cards), ...Object.values(b.piles).flat(), ...Object.values(b.hands).flat()];
  for (const code of seen) left[code] = (left[code] || 0) - 1;
  return left;
}
function tapTile(code, move) {
  const node = cardNode(code, { class: "legal", "data-play": move.text });
  node.addEventListener("click", () => act.choosePlay(move));
  return node;
}
function playLabel(m) {
  return (W.moves[m.play] || m.play) + (m.cards.length ? ": " + cardsNamed(m.cards) : "");
}

function movesByKind(moves) {
  // one block a kind of statement and player, with one line on what it does; a kind with several
  // choices opens them (T29)
  const groups = new Map();
  for (const m of moves) {
    // sitting out and answering a shodang are two different statements, each its own button
    const each = m.kind === "sit-out" || m.kind === "shodang-answer";
    const k = m.kind + "|" + (m.player || "") + (each ? "|" + m.text : "");
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(m);
  }
  const blocks = [];
  for (const [k, list] of groups) {
    const first = list[0];
    // a gift of junk says to whom: it pays for the last turn, whoever's call is due now
    const who = (first.player ? " · " + first.player : "") + (first.to ? " → " + first.to : "");
    if (first.kind === "call") {
      for (const m of list) blocks.push(moveBlock(el("button", { type: "button", "data-move": m.text, onclick: () => act.record(m) },
        term(callOf(m)) + who), m.hint));
      continue;
    }
    if (list.length === 1) {
      blocks.push(moveBlock(el("button", { type: "button", "data-move": first.text, onclick: () => act.record(first) },
        moveName(first) + who + (first.cards.length ? ": " + cardsNamed(first.cards) : "")), first.hint));
      continue;
    }
    const open = page.openKind === k;
    const head = el("button", { type: "button", "data-kind": k, "aria-expanded": String(open),
      onclick: () => { page.openKind = open ? null : k; render(); } }, moveName(first) + who + " · " + w("ways", { n: list.length }));
    const choices = open ? el("div", { class: "choices" }, ...list.map((m) => el("button", { type: "button", class: "legal", "data-move": m.text,
      onclick: () => act.record(m) }, m.cards.length ? cardsNamed(m.cards) : m.said))) : null;
    blocks.push(moveBlock(head, first.hint, choices));
  }
  return [el("div", { class: "moves" }, ...blocks)];
}
function callOf(m) { return m.text.endsWith(": go") ? "go" : "stop"; }
function moveName(m) {
  if (m.kind === "sit-out") return W.moves[m.text.endsWith("sell") ? "sell" : "fold"];
  if (m.kind === "declare") return W.moves[m.text.endsWith("animal") ? "declare-animal" : "declare-pi"];
  if (m.kind === "shodang-answer") return W.moves[m.text.endsWith("accept") ? "accept" : "refuse"];
  return W.moves[m.kind] || m.kind;
}
function moveBlock(button, hint, more) {
  return el("div", { class: "move" }, button, hint ? el("span", { class: "hint" }, hint) : null, more || null);
}

// the questions of a turn after its play: the flip, then what the play and each flip take (T20)
export function key(step) { return step ? step.kind + ":" + step.card + ":" + (step.target || "") : "end"; }
export function remaining() {
  const c = page.choosing;
  return c.options.filter((o) => c.chosen.every((k, i) => key(o.steps[i]) === k));
}
export function renderChoose() {
  const box = $("choose"), c = page.choosing;
  if (!c) { box.hidden = true; return; }
  const options = remaining(), at = c.chosen.length;
  const steps = new Map();
  for (const o of options) steps.set(key(o.steps[at]), o.steps[at] || null);
  const left = unaccounted();
  const first = [...steps.values()].find((s) => s);
  const previous = at ? c.chosen[at - 1].split(":") : null;
  const played = c.play.play === "card" ? cardName(c.play.cards[0]) : playLabel(c.play);
  if (first && first.kind === "take") $("choose-what").textContent = w("takes", { card: cardName(first.card) });
  else if (previous && previous[0] === "flip") $("choose-what").textContent = w("flipped", { card: cardName(previous[1]) });
  else $("choose-what").textContent = w("played", { card: played });
  const items = [], ends = [];
  for (const [k, s] of steps) {
    if (!s) { ends.push(el("button", { type: "button", "data-step": "end", onclick: () => act.step("end") }, w("no-more-flip"))); continue; }
    const code = s.kind === "take" ? s.target : s.card;
    // a flip may be any copy the table has not seen: each is offered (the same answer)
    const played = c.play.cards[0] === code ? 1 : 0;
    const copies = s.kind === "flip" && c.at === undefined ? Math.max(1, (left[code] || 0) - played) : 1;
    for (let i = 0; i < copies; i += 1) items.push({ code, attrs: { class: "legal", "data-step": k }, tap: () => act.step(k) });
  }
  items.sort((a, b) => info(a.code).order - info(b.code).order);
  $("choose-cards").replaceChildren(...picker("choose-" + at, items, renderChoose), ...ends);
  box.hidden = false;
  settle();
}

// ---- scores, events, the record ---------------------------------------------------------------------
function renderPlayers() {
  const hand = page.S.hand, box = $("players");
  if (hand && !hand.board && hand.verdict) {
    // a hand recorded by its end alone (a tally) has no board: its scores are the verdict's
    box.replaceChildren(...hand.verdict.scores.map((s) => el("div", { class: "player", "data-player": s.player },
      el("div", { class: "row wrap" }, el("b", {}, s.player), el("span", { class: "score" }, scoreSteps(s))))));
    return;
  }
  if (!hand || !hand.board) { box.replaceChildren(el("p", { class: "muted" }, w("nothing-yet"))); return; }
  const b = hand.board;
  box.replaceChildren(...b.players.map((p) => {
    const pile = b.piles[p] || [];
    // once judged, the score is the verdict's, each of its steps shown (the go's points too)
    const scored = hand.verdict ? hand.verdict.scores.find((s) => s.player === p) : null;
    const bits = [scored && scored.items.length ? scoreSteps(scored) : w("points", { n: b.scores[p] || 0 })];
    if (b.gos[p]) bits.push(w("gos", { n: b.gos[p] }));
    if (b.dummies[p]) bits.push(w("dummy", { n: b.dummies[p] }));
    return el("div", { class: "player" + (b.who === p ? " now" : ""), "data-player": p },
      el("div", { class: "row wrap" }, el("b", {}, p + (p === b.dealer ? " (" + w("dealer-short") + ")" : "")), el("span", { class: "score" }, bits.join(" · "))),
      el("div", { class: "pile" }, w("pile") + ": " + (pile.length ? cardsNamed(pile) : "–")));
  }));
}
function scoreSteps(scored) {
  // a verdict's score with every step that makes it (광 3 + 띠 3 + 피 4 + 고 1 = 11점)
  if (!scored.items.length) return w("points", { n: scored.total });
  return scored.items.map((i) => i.term + " " + i.points).join(" + ") + " = " + w("points", { n: scored.total });
}
function renderFeed() {
  const hand = page.S.hand;
  const shown = new Set(["ppeok", "ja-ppeok", "chok", "ttadak", "sweep", "stack", "steal", "go", "stop", "bomb", "shake", "bonus", "nagari", "chongtong", "three-ppeok", "immediate", "sit-out", "redeal"]);
  const events = hand ? hand.events.filter((e) => shown.has(e.kind)) : [];
  $("feed").replaceChildren(...events.slice(-30).reverse().map((e) => el("div", { class: "ev", "data-event": e.kind },
    el("b", {}, e.label), " ", e.player || "", e.other ? " ← " + e.other : "", e.cards.length ? " " + cardsNamed(e.cards) : "")));
  $("feed-box").hidden = !events.length;
}
function renderRecord(keep) {
  const S = page.S, hand = S.hand, list = $("statements");
  const statements = hand ? hand.statements : [];
  const played = hand && hand.kind === "played";
  // each statement's line kept while it reads the same: a tap redraws the lines it changed (most
  // often one more), not the 70 of a hand's end (T69)
  const correctable = keep && played;
  const lines = statements.map((s) => {
    const sig = JSON.stringify([page.lang, correctable, page.unheard.has(s.index), s.line, s.text, s.said, s.kind, s.player, s.problems]);
    const was = list.children[s.index];
    if (was && was.dataset.sig === sig) { was.querySelector("code").hidden = !page.showGsn; return was; }
    const li = el("li", { "data-index": s.index, "data-line": s.line, "data-sig": sig, class: page.unheard.has(s.index) ? "unheard" : "" },
      el("span", { class: "n" }, s.index + 1), el("span", { class: "said" }, s.said));
    if (correctable) li.append(el("button", { type: "button", "data-correct": s.index, "aria-label": w("correct") + " " + (s.index + 1),
      onclick: () => act.startCorrect(s) }, w("correct")));
    li.append(el("code", { hidden: !page.showGsn }, s.text));
    for (const p of s.problems) li.append(el("span", { class: "problem" }, w("problems") + ": " + p.term + " — " + p.message));
    return li;
  });
  const kept = lines.length === list.children.length && lines.every((li, i) => li === list.children[i]);
  if (!kept) {
    lines.forEach((li, i) => { if (list.children[i] !== li) list.insertBefore(li, list.children[i] || null); });
    while (list.children.length > lines.length) list.lastElementChild.remove();
  }
  $("undo").hidden = !keep;
  $("undo").disabled = !hand;   // a statement, a tally hand or a set-up not dealt may be taken back
  $("show-gsn").setAttribute("aria-pressed", String(page.showGsn));
  const undone = keep ? S.undone : null;
  $("undone").hidden = !undone;
  if (undone) $("undone").replaceChildren(el("span", {}, w("undone") + ": " + undone.said.join(" · ") + " "),
    el("button", { type: "button", id: "redo", onclick: () => act.redo() }, w("redo")));
  $("correct-box").hidden = page.correcting === null;
  $("record-box").hidden = !hand;
}

// ---- the end of the hand ------------------------------------------------------------------------
function renderOver(keep) {
  const hand = page.S.hand;
  renderVerdict(hand.verdict);
  $("verdict-text").textContent = hand.verdict_text || "";
  $("claim-form").hidden = !keep || hand.kind !== "played";
  $("next-box").hidden = !keep;
  const v = hand.verdict;
  // a won hand is no nagari: the table can only have paid the wrong amount, or the wrong person
  $("claim-nagari").hidden = !!(v && v.winner);
  // what was paid is asked in money, as the table counts it (points at a stake of 0)
  $("claim-amount-label").textContent = hand.stake > 0 ? w("claim-money") : w("claim-points");
  if ($("claim-form").dataset.hand !== String(hand.number)) {
    // proposed as the verdict has it: the one who paid first, to the winner
    $("claim-form").dataset.hand = String(hand.number);
    const opts = () => hand.seats.map((n) => el("option", { value: n }, n));
    $("claim-payer").replaceChildren(...opts()); $("claim-payee").replaceChildren(...opts());
    const first = v && v.payments.length ? v.payments[0] : null;
    if (first) $("claim-payer").value = first.payer;
    if (v && v.winner) $("claim-payee").value = v.winner;
    else if (first) $("claim-payee").value = first.payee;
    $("claim-points").value = "";
  }
}
function renderVerdict(v) {
  const box = $("verdict");
  if (!v) { box.replaceChildren(); return; }
  const parts = [el("p", {}, el("b", {}, v.outcome_term + (v.winner ? " · " + v.winner : "")), v.valid ? "" : " · " + w("not-valid"))];
  if (v.carry_out > 1) parts.push(el("p", { class: "muted", id: "carry" }, w("carry", { n: v.carry_out })));
  for (const x of v.violations) parts.push(el("p", { class: "problem" }, x.term + " — " + x.message));
  for (const d of v.discrepancies) parts.push(el("p", { class: "muted" }, w("table-wrong") + ": " + d.message));
  if (v.scores.length) parts.push(el("h3", {}, w("scores")), el("div", { id: "verdict-scores" }, ...v.scores.map((s) =>
    el("div", { class: "verdict-line", "data-player": s.player },
      el("div", { class: "head" }, el("span", {}, s.player), el("span", { class: "n" }, w("points", { n: s.total }))),
      ...s.items.map((i) => el("span", { class: "factor" }, i.term + " " + w("points", { n: i.points }) + (i.cards.length ? " · " + cardsNamed(i.cards) : "")))))));
  if (v.payments.length) parts.push(el("h3", {}, w("pays")), el("div", { id: "verdict-payments" }, ...v.payments.map((p) =>
    el("div", { class: "verdict-line" },
      el("div", { class: "head" }, el("span", {}, p.payer + " → " + p.payee), el("span", { class: "n" }, w("points", { n: p.points }) + " · " + p.money)),
      p.reason ? el("span", { class: "factor" }, p.reason) : null,
      ...p.factors.map((f) => el("span", { class: "factor" }, f.term + " ×" + f.factor + " — " + f.reason))))));
  box.replaceChildren(...parts);
}
function grouped(n) {
  // 4800 → "4,800": by hand, as the first toLocaleString on a page builds the browser's number
  // formats (about 70 ms on a slow phone, all of it in the tap that brings the first verdict: T67)
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return (n < 0 ? "-" : "") + digits;
}
function renderEvening(keep) {
  const ev = page.S.evening, money = (n, sign) => (sign && n > 0 ? "+" : "") + grouped(n) + (page.lang === "ko" ? "원" : " won");
  $("balance").replaceChildren(...Object.entries(ev.balance).map(([p, v]) =>
    el("tr", {}, el("td", {}, p), el("td", { class: "n " + (v > 0 ? "plus" : v < 0 ? "minus" : "") }, money(v, true)))));
  $("transfers").replaceChildren(...(ev.transfers.length
    ? ev.transfers.map((t) => el("div", {}, w("hands-to", { payer: t.payer, payee: t.payee, amount: money(t.amount) })))
    : [el("div", {}, Object.keys(ev.balance).length ? w("even") : "")]));
  $("share").hidden = !keep;
  if (keep && !$("share-code").getAttribute("src")) { $("share-code").src = "/api/watchers.svg"; $("share-code").alt = w("share"); }
  $("download-html").href = "/evening.html?lang=" + page.lang;
}
