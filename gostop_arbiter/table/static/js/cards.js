// The cards as the page shows them: sorted by month then kind everywhere, each copy its own tile,
// a face and the name players write (8광, 국진), and a picker that reaches any of many cards in
// at most two taps: the month, then the card (decision T30).
import { page } from "./state.js";
import { W, cardName, face, longName, w } from "./words.js";

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== "") node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

export function info(code) { return W.cards[code] || { month: 0, kind: "b", order: 9999 }; }
export function kindOf(code) { return info(code).kind; }
export function monthOf(code) { return info(code).month; }
export function sorted(codes) { return [...codes].sort((a, b) => info(a).order - info(b).order); }

const pictures = new Map();   // each face's address, made once (the page draws a deck at a time)
function picture(code) {
  if (!pictures.has(code) && face(code)) pictures.set(code, "data:image/svg+xml;charset=utf-8," + encodeURIComponent(face(code)));
  return pictures.get(code);
}

// a card's tile: a button to tap, or (still) a picture of it
export function cardNode(code, attrs, still) {
  const kind = kindOf(code);
  const base = { class: "card k-" + kind + (still ? " still" : ""), "data-card": code, title: longName(code) };
  const src = picture(code);
  const image = src ? el("img", { src, alt: "", width: "40", height: "60" }) : null;
  const name = el("span", { class: "name" }, cardName(code));
  if (still) return el("span", Object.assign(base, { role: "img", "aria-label": cardName(code) }, attrs || {}), image, name);
  const extra = Object.assign({}, attrs || {});
  if (extra.class) { base.class += " " + extra.class; delete extra.class; }
  return el("button", Object.assign(base, { type: "button" }, extra), image, name);
}

const FEW = 16;   // up to this many cards are shown at once; more are reached by their month first

// items: [{code, attrs, tap}] in the order shown; key names the picker (the month picked is kept
// while the page redraws). Returns the nodes to put in a box.
export function picker(key, items, redraw) {
  const tiles = (list) => list.map((it) => {
    const node = cardNode(it.code, it.attrs);
    node.addEventListener("click", it.tap);
    return node;
  });
  if (items.length <= FEW) return [el("div", { class: "cards" }, ...tiles(items))];
  const months = new Map();
  for (const it of items) {
    const m = monthOf(it.code);
    if (!months.has(m)) months.set(m, []);
    months.get(m).push(it);
  }
  const chosen = months.has(page.months[key]) ? page.months[key] : null;
  const buttons = [...months.entries()].map(([m, list]) => {
    const label = m ? W.months[m].name : w("bonus-cards");
    if (list.length === 1) {
      // one card of that month: its button is the card itself
      const it = list[0];
      const node = el("button", Object.assign({ type: "button", "data-month": String(m) }, it.attrs, { class: "month-card" }),
        el("span", {}, cardName(it.code)), el("small", {}, label));
      node.addEventListener("click", it.tap);
      return node;
    }
    return el("button", { type: "button", "data-month": String(m), "aria-pressed": String(chosen === m),
      onclick: () => { page.months[key] = chosen === m ? null : m; redraw(); } },
      el("span", {}, label), el("small", {}, w("cards-n", { n: list.length })));
  });
  const nodes = [el("div", { class: "months", role: "group", "aria-label": w("pick-month") }, ...buttons)];
  if (chosen !== null) nodes.push(el("div", { class: "cards", "data-month-cards": String(chosen) }, ...tiles(months.get(chosen))));
  return nodes;
}
