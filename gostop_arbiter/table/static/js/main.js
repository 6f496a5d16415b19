// The table's page: what each tap does, and the page kept up to date with the table.
import { page, timing } from "./state.js";
import { loadWords, w } from "./words.js";
import { ask, follow, pause, read, write } from "./server.js";
import { cardNode, el, sorted } from "./cards.js";
import {
  $, MAX_SEATS, adopt, blockOf, fillDealer, key, knobSets, live, lost, notice, redraw, refused, remaining, render,
  renderChoose, renderKnobs, seatNames, seatRow, setActions, unsay,
} from "./draw.js";

const params = new URLSearchParams(location.search);
// the link's token leaves the address bar (and the history) once the page has it: the page's own
// requests send it in a header, and its downloads and QR code are opened by the cookie the link left
page.token = params.get("t") || sessionStorage.getItem("gostop-token") || "";
if (params.has("t")) sessionStorage.setItem("gostop-token", page.token);
if (params.has("lang")) localStorage.setItem("gostop-lang", params.get("lang") === "en" ? "en" : "ko");
if (params.has("t") || params.has("lang")) history.replaceState(null, "", location.pathname);
page.lang = localStorage.getItem("gostop-lang") === "en" ? "en" : "ko";

// ---- writing -----------------------------------------------------------------------------------
async function send(path, body) {
  unsay();
  const old = page.S;
  page.writing += 1;
  let answer;
  try { answer = await write(path, body); } finally { page.writing -= 1; }
  if (answer.lost) {
    page.unsure = { state: old };   // it may have reached the table: the page looks when it is back
    gone();
    return false;
  }
  if (answer.status === 409 && answer.data.state) { adopt(answer.data.state); render(); refused(409, answer.data); return false; }
  if (!answer.ok) { refused(answer.status, answer.data); return false; }
  page.S = answer.data;
  page.choosing = null; page.correcting = null; page.unheard = new Set();
  render();
  keepFocus();
  return true;
}
async function refresh() {
  const answer = await read("/api/state");
  if (!answer.ok) { if (answer.lost) live("offline"); return false; }
  adopt(answer.data);
  render();
  return true;
}
function keepFocus() {
  // a control tapped by the keyboard that the redraw took away: the focus goes to what is due
  if (document.activeElement && document.activeElement !== document.body && document.contains(document.activeElement)) return;
  const next = [$("choose-cards"), $("hand"), $("deal-grid"), $("tally-grid"), $("setup")]
    .filter((box) => box.offsetParent !== null)
    .map((box) => box.querySelector("button:not([disabled]), input"))
    .find(Boolean);
  (next || $("due")).focus({ preventScroll: true });
}

// ---- a turn: the play, then its flip and captures, one kind of question at a time (T20) -------------
async function choosePlay(move, at) {
  unsay();
  const answer = await write("/api/flips", at === undefined ? { play: move.id } : { play: move.id, at });
  if (answer.lost) { gone(); return; }
  if (!answer.ok) { if (answer.status === 409 && answer.data.state) adopt(answer.data.state); refused(answer.status, answer.data); render(); return; }
  page.choosing = { play: move, options: answer.data, chosen: [], at };
  advance();
  if (page.choosing) { $("choose").scrollIntoView({ block: "center" }); $("choose-what").focus({ preventScroll: true }); }
}
function advance() {
  const c = page.choosing;
  for (;;) {
    const left = remaining();
    if (!left.length) { page.choosing = null; renderChoose(); return; }
    const at = c.chosen.length;
    const next = [...new Set(left.map((o) => key(o.steps[at])))];
    if (left.length === 1 && left[0].steps.length <= at) { finish(left[0]); return; }
    if (next.length === 1 && next[0] !== "end") { c.chosen.push(next[0]); continue; }
    if (next.length === 1) { finish(left[0]); return; }
    renderChoose();
    return;
  }
}
function step(k) {
  const c = page.choosing;
  c.chosen.push(k);
  if (k !== "end") { advance(); return; }
  const at = c.chosen.length - 1;
  const done = c.options.find((o) => o.steps.length === at && c.chosen.slice(0, at).every((s, i) => key(o.steps[i]) === s));
  if (done) finish(done);
}
function finish(option) {
  const c = page.choosing;
  if (c.at !== undefined) correctTo(c.at, { move: c.play.id, option: option.id });
  else send("/api/play", { move: c.play.id, option: option.id });
}
async function correctTo(index, what) {
  // the corrected line is then shown, with what no longer holds after it
  if (await send("/api/correct", Object.assign({ index }, what))) {
    const li = document.querySelector('#statements li[data-index="' + index + '"]');
    if (li) li.scrollIntoView({ block: "start" });
  }
}
async function startCorrect(s) {
  // a turn is corrected by tapping, as it was recorded (the plays legal where it stands); any
  // statement may also be typed as a line of GSN
  page.correcting = s.index;
  $("correct-input").value = s.text;
  $("correct-what").textContent = w("correct-which", { n: s.index + 1, said: s.said });
  $("correct-plays").replaceChildren();
  $("correct-box").hidden = false;
  $("correct-what").focus();
  if (s.kind !== "turn") return;
  const answer = await read("/api/moves?at=" + s.index);
  if (answer.lost) { gone(); return; }
  if (!answer.ok) { refused(answer.status, answer.data); return; }
  const plays = answer.data.filter((m) => m.kind === "turn" && m.player === s.player);
  const byCard = new Map(plays.filter((m) => m.play === "card").map((m) => [m.cards[0], m]));
  $("correct-plays").replaceChildren(el("div", { class: "cards" }, ...sorted([...byCard.keys()]).map((code) => {
    const node = cardNode(code, { class: "legal", "data-fix": byCard.get(code).text });
    node.addEventListener("click", () => choosePlay(byCard.get(code), s.index));
    return node;
  })));
}

// ---- the deal and the tally -------------------------------------------------------------------------
function dealTap(id, bonus) {
  const d = page.dealing, t = d.targets[d.at];
  const k = t.who === null ? "" : t.who;
  const mine = d.picks[k];
  const at = mine.indexOf(id);
  // a bonus card turned up on the table is the dealer's and replaced: it does not fill the table
  const filled = () => (t.who === null ? mine.filter((c) => !c.startsWith("b")).length : mine.length);
  if (at >= 0) mine.splice(at, 1);
  else if (filled() < t.count || (t.who === null && bonus)) mine.push(id);
  const full = filled() >= t.count;
  if (at < 0 && full && d.at < d.targets.length - 1) d.at += 1;   // the next hand, by itself
  redraw("deal");   // the deal alone changed: the rest of the page stays as it is (T65)
}
async function recordDeal() {
  const d = page.dealing;
  const codes = (k) => (d.picks[k] || []).map((id) => id.split("#")[0]);
  const hands = d.targets.filter((t) => t.who !== null).map((t) => {
    const cards = codes(t.who);
    return { player: t.who, cards, unseen: d.unseen[t.who] ? Math.max(0, t.count - cards.length) : 0 };
  });
  if (!hands.length) {
    // seven at the table: the table alone, dealt once four sat out (a bonus card turned up is the dealer's)
    const table = codes(""), bonus = table.filter((c) => c.startsWith("b")).map((c) => "+" + c);
    const line = ["table:", ...bonus, ...table.filter((c) => !c.startsWith("b"))].join(" ");
    if (await send("/api/push", { lines: [line] })) page.dealing = null;
    return;
  }
  if (await send("/api/deal", { hands, table: codes("") })) page.dealing = null;
}
function tallyTap(id) {
  const t = page.tallying, mine = t.piles[t.at] || (t.piles[t.at] = []);
  const at = mine.indexOf(id);
  if (at >= 0) mine.splice(at, 1); else mine.push(id);
  redraw("tally");
}
async function recordTally() {
  const t = page.tallying, piles = {};
  for (const [p, ids] of Object.entries(t.piles)) piles[p] = ids.map((id) => id.split("#")[0]);
  const holder = Object.entries(piles).find(([, codes]) => codes.includes("9a"));
  const body = { piles, goes: t.goes, shakes: t.shakes, bombs: t.bombs, stop: t.stop,
    cup: holder && t.cup ? { player: holder[0], category: t.cup } : null };
  if (await send("/api/tally", body)) page.tallying = null;
}

setActions({
  choosePlay, step, startCorrect, dealTap, tallyTap,
  record: (m) => send("/api/play", { move: m.id }),
  redo: () => send("/api/redo", {}),
});

// ---- the buttons that are always there ------------------------------------------------------------
document.addEventListener("click", (e) => { page.tapped = blockOf(e.target); timing.tapAt = performance.now(); }, true);
$("lang").addEventListener("click", async () => {
  page.lang = page.lang === "ko" ? "en" : "ko";
  localStorage.setItem("gostop-lang", page.lang);
  await loadWords(ask);
  if ($("live").dataset.how) live($("live").dataset.how);   // the badge, in the language chosen
  $("seats").dataset.filled = "";
  await refresh();
});
$("add-seat").addEventListener("click", () => {
  const rows = document.querySelectorAll("#seats .row").length;
  if (rows < MAX_SEATS) { const row = seatRow("", rows); $("seats").append(row); row.querySelector("input").focus(); }
  fillDealer();
});
$("rules").addEventListener("change", () => { renderKnobs({}); render(); });
$("start").addEventListener("click", async () => {
  const body = { seats: seatNames(), dealer: $("dealer").value || null, stake: Number($("stake").value || 0),
    rules: $("rules").value, sets: knobSets(), event: (!$("event-box").hidden && $("event").value) || null };
  if (await send("/api/setup", body)) { page.setupOpen = false; $("seats").dataset.filled = ""; render(); }
});
$("deal-unseen").addEventListener("click", () => {
  const d = page.dealing, t = d.targets[d.at], k = t.who === null ? "" : t.who;
  d.unseen[k] = !d.unseen[k];
  if (d.unseen[k] && d.at < d.targets.length - 1) d.at += 1;   // the rest of that hand is not seen: the next
  render();
});
$("deal-back").addEventListener("click", () => { if (page.dealing.at > 0) { page.dealing.at -= 1; render(); } });
$("deal-next").addEventListener("click", () => {
  const d = page.dealing;
  if (d.at < d.targets.length - 1) { d.at += 1; render(); return; }
  recordDeal();
});
$("tally-open").addEventListener("click", () => {
  const seats = page.S.hand.seats;
  page.tallying = { at: seats[0], piles: {}, goes: {}, shakes: {}, bombs: {}, stop: null, cup: null };
  render();
  $("tally-players").querySelector("button").focus();
});
$("tally-cancel").addEventListener("click", () => { page.tallying = null; render(); });
$("tally-record").addEventListener("click", recordTally);
$("choose-cancel").addEventListener("click", () => { page.choosing = null; renderChoose(); render(); });
$("undo").addEventListener("click", () => send("/api/undo", {}));
$("show-gsn").addEventListener("click", () => { page.showGsn = !page.showGsn; render(); });
$("correct-save").addEventListener("click", () => correctTo(page.correcting, { line: $("correct-input").value }));
$("correct-cancel").addEventListener("click", () => { page.correcting = null; page.choosing = null; render(); });
$("claim-add").addEventListener("click", () => {
  const n = Number($("claim-points").value || 0), paid = page.S.hand.stake > 0 ? { amount: n } : { points: n };
  send("/api/claim", Object.assign({ payer: $("claim-payer").value, payee: $("claim-payee").value }, paid));
});
$("claim-nagari").addEventListener("click", () => send("/api/claim", {}));
$("next-hand").addEventListener("click", () => { page.setupOpen = true; $("seats").dataset.filled = ""; render(); $("seats").querySelector("input").focus(); });

// ---- live ----------------------------------------------------------------------------------
let recovering = false;
async function gone() {
  // a tap the table did not answer: said where it was, then the page asks until the table answers
  // (its stream may never have dropped, when the table's computer only hung) and looks at what
  // was recorded meanwhile
  lost();
  if (recovering) return;
  recovering = true;
  for (;;) {
    await pause(1000);
    const answer = await read("/api/state");
    if (answer.ok) break;
  }
  recovering = false;
  live("live");
  await reconnected();
}
async function listen() {
  // the table's stream of states; when it drops (or falls silent), the page says so at once, keeps
  // the last state in view, reconnects by itself and looks at what it did not hear about (T23, T34)
  let away = false;
  for (;;) {
    const ended = await follow(heard, async () => {
      live("live");
      if (away || page.unsure) await reconnected();
      away = false;
    });
    if (ended.status) {   // refused: too many pages follow the table; said, and tried again later
      live("refused");
      notice("refused", w("not-following"), ended.data.message || String(ended.status), [], "");
      await pause(30000);
      continue;
    }
    if (!away) live("offline");
    away = true;
    await pause(1000);
  }
}
function heard(fresh) {
  const S = page.S;
  if (S && fresh.revision === S.revision) return;
  // this page's own write, heard before its answer: the answer brings the state, drawn once (T65)
  if (page.writing) return;
  if (S && S.role === "scorekeeper") { refresh(); return; }   // the watchers' state has no moves
  fresh.role = S ? S.role : fresh.role;
  adopt(fresh);
  render();
}
async function reconnected() {
  // back after the connection dropped: the statements recorded meanwhile are shown, as is a tap
  // whose answer never came (it may have been recorded, or not)
  const before = page.unsure ? page.unsure.state : page.S;
  const asked = !!page.unsure;
  page.unsure = null;
  if (!(await refresh())) return;
  const S = page.S;
  const was = before && before.hand ? before.hand.statements : [];
  const now = S.hand ? S.hand.statements : [];
  const same = before && before.hand && S.hand && before.hand.number === S.hand.number;
  let from = 0;
  while (same && from < was.length && from < now.length && was[from].text === now[from].text) from += 1;
  const fresh = same ? now.slice(from) : now;
  // a second reconnection (the stream and the poll both notice) finds nothing new: what the first
  // marked stays marked until the scorekeeper's next write
  if (fresh.length) page.unheard = new Set(fresh.map((s) => s.index));
  render();
  page.tapped = null;
  if (fresh.length) notice("unheard", w("unheard"), fresh.map((s) => s.said).join(" · "), [], w("hint-unheard"));
  else if (asked) notice("back", w("back-title"), w("not-recorded"), [], "");
  else if ($("notice").className === "offline") unsay();   // connected again: "not connected" no longer holds
}

(async () => {
  // the words and the state asked at once, the page drawn once both are here
  const [, answer] = await Promise.all([loadWords(ask), read("/api/state")]);
  if (answer.ok) adopt(answer.data);
  else if (answer.lost) live("offline");
  render();
  performance.mark("drawn");
  listen();
})();
